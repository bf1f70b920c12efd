# The championship build (docs/fronts.md, "The championship build"): hippolyta-sau.exe, the
# engine for the SAU Game Platform, which runs on Windows. Included by the top CMakeLists.txt
# instead of the rest of the project when cross-compiling with cmake/mingw-w64.cmake:
#   cmake -S . -B build-windows -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64.cmake
#   cmake --build build-windows
# It builds that one program and a folder to copy to the platform's machine,
# build-windows/hippolyta-sau/ (the executable, its settings file, the 10x10 book and the
# weights), zipped as build-windows/hippolyta-sau-VERSION-windows.zip.
#
# Exceptions to the project's fixed stack, for this target alone: Debian has no MinGW builds of
# Boost or spdlog, and the program needs neither (its settings parser is its own,
# adapters/sau/sau_settings.h, and it logs to a stream). Only the engine's player (the Botzone
# single file's sources), the book's reader, the SAU front and two files of protocol/ (the data
# directories, the weights file) go in.
if(NOT CMAKE_BUILD_TYPE)
  set(CMAKE_BUILD_TYPE Release)
endif()
set(CMAKE_RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/bin)
find_package(Threads REQUIRED)
add_compile_options(-Wall -Wextra -march=x86-64-v2
  # GCC bug 54412: on 64-bit Windows GCC may spill AVX registers to stack slots that are only
  # 16-byte aligned with aligned moves, which fault. The assembler's unaligned moves are as fast
  # on aligned data and never fault (the network's AVX2 kernels, should they be built).
  -Wa,-muse-unaligned-vector-move)
# No MinGW DLLs beside the executable: libstdc++, libgcc and winpthread linked in, so that
# `objdump -p` lists system DLLs only.
add_link_options(-static $<$<CONFIG:Release>:-s>)

add_subdirectory(engine)
add_library(hippolyta_book_reader STATIC opening-book/book.cpp opening-book/book_file.cpp
  opening-book/symmetry.cpp)
target_include_directories(hippolyta_book_reader PUBLIC ${PROJECT_SOURCE_DIR})
target_link_libraries(hippolyta_book_reader PUBLIC hippolyta_core)

file(GLOB SAU_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/adapters/sau/*.cpp)
add_library(hippolyta_sau STATIC ${SAU_SOURCES} protocol/data_files.cpp
  protocol/weights_source.cpp)
target_include_directories(hippolyta_sau PUBLIC ${PROJECT_SOURCE_DIR})
target_link_libraries(hippolyta_sau PUBLIC hippolyta_book_reader hippolyta_player)

# --version's commit, as in tools/common (whose command-line half needs Boost).
set(GIT_HEADER ${CMAKE_BINARY_DIR}/generated/hippolyta_git.h)
add_custom_target(hippolyta_git_commit
  COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${PROJECT_SOURCE_DIR} -DOUTPUT=${GIT_HEADER}
    -P ${PROJECT_SOURCE_DIR}/cmake/git_commit.cmake
  BYPRODUCTS ${GIT_HEADER})
add_executable(hippolyta-sau tools/hippolyta-sau.cpp tools/common/build_info.cpp
  tools/common/cpu_check.cpp)
add_dependencies(hippolyta-sau hippolyta_git_commit)
target_include_directories(hippolyta-sau PRIVATE ${CMAKE_BINARY_DIR}/generated)
target_compile_definitions(hippolyta-sau PRIVATE HIPPOLYTA_VERSION_TEXT="${PROJECT_VERSION}"
  HIPPOLYTA_BUILD_KIND="portable" HIPPOLYTA_COPYRIGHT="${HIPPOLYTA_COPYRIGHT}")
set_source_files_properties(tools/common/build_info.cpp tools/common/cpu_check.cpp
  PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
target_link_libraries(hippolyta-sau PRIVATE hippolyta_sau)

# The folder for the platform's machine, and its zip.
set(folder ${CMAKE_BINARY_DIR}/hippolyta-sau)
set(zip ${CMAKE_BINARY_DIR}/hippolyta-sau-${PROJECT_VERSION}-windows.zip)
set(folder_files ${PROJECT_SOURCE_DIR}/adapters/sau/hippolyta-sau.conf
  ${PROJECT_SOURCE_DIR}/opening-book/books/10x10.book
  ${PROJECT_SOURCE_DIR}/engine/weights/hippolyta.weights ${PROJECT_SOURCE_DIR}/COPYING)
add_custom_command(OUTPUT ${zip}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${folder}
  COMMAND ${CMAKE_COMMAND} -E copy $<TARGET_FILE:hippolyta-sau> ${folder_files} ${folder}
  COMMAND ${CMAKE_COMMAND} -E tar cf ${zip} --format=zip hippolyta-sau
  WORKING_DIRECTORY ${CMAKE_BINARY_DIR}
  DEPENDS hippolyta-sau ${folder_files}
  COMMENT "Writing the championship folder ${folder} and ${zip}")
add_custom_target(championship ALL DEPENDS ${zip})
