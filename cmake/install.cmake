# The data files the engine ships, found at run time by protocol/data_files.h. One list: each
# file is installed to share/hippolyta and copied at build time to build/share/hippolyta, where
# the build tree's executables (build/bin) find it the same way. Add a new data file here.
include(GNUInstallDirs)
set(HIPPOLYTA_DOC_DIR ${CMAKE_INSTALL_DATADIR}/doc/hippolyta)
set(HIPPOLYTA_DATA_FILES
  ${PROJECT_SOURCE_DIR}/opening-book/books/8x8.book
  ${PROJECT_SOURCE_DIR}/opening-book/books/10x10.book
  ${PROJECT_SOURCE_DIR}/engine/weights/hippolyta.weights)

set(data_build_dir ${CMAKE_BINARY_DIR}/share/hippolyta)
set(data_copies)
foreach(file ${HIPPOLYTA_DATA_FILES})
  get_filename_component(name ${file} NAME)
  add_custom_command(OUTPUT ${data_build_dir}/${name}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${data_build_dir}
    COMMAND ${CMAKE_COMMAND} -E copy ${file} ${data_build_dir}/${name}
    DEPENDS ${file} VERBATIM)
  list(APPEND data_copies ${data_build_dir}/${name})
endforeach()
add_custom_target(hippolyta_data ALL DEPENDS ${data_copies})

install(TARGETS ${HIPPOLYTA_EXECUTABLES} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${HIPPOLYTA_DATA_FILES} DESTINATION ${CMAKE_INSTALL_DATADIR}/hippolyta)
install(FILES README.md DESTINATION ${HIPPOLYTA_DOC_DIR})
install(DIRECTORY docs/ DESTINATION ${HIPPOLYTA_DOC_DIR})
install(FILES opening-book/books/README.md DESTINATION ${HIPPOLYTA_DOC_DIR} RENAME books.md)

# A man page for every executable (section 6, games), made from its --help and --version by
# help2man at build time, into build/share/man/man6 and installed to share/man/man6.
find_program(HELP2MAN help2man)
find_program(GZIP gzip)
set(man_summary_hippolyta "a Game of the Amazons engine speaking GTP")
set(man_summary_hippolyta-match "play and referee matches between GTP Amazons engines")
set(man_summary_hippolyta-book "build, show, merge and convert Hippolyta's opening books")
set(man_summary_hippolyta-arena "play two Hippolyta settings against each other in one process")
set(man_summary_hippolyta-soak "self-play soak test of a GTP Amazons engine")
if(HELP2MAN AND GZIP)
  set(man_dir ${CMAKE_BINARY_DIR}/share/man/man6)
  set(man_pages)
  foreach(exe ${HIPPOLYTA_EXECUTABLES})
    set(summary "${man_summary_${exe}}")
    if(NOT summary)
      set(summary "a tool of Hippolyta, a Game of the Amazons engine")
    endif()
    add_custom_command(OUTPUT ${man_dir}/${exe}.6.gz
      COMMAND ${CMAKE_COMMAND} -E make_directory ${man_dir}
      COMMAND ${HELP2MAN} --no-info --section 6 --name ${summary}
        --output ${man_dir}/${exe}.6 $<TARGET_FILE:${exe}>
      COMMAND ${GZIP} -9nf ${man_dir}/${exe}.6
      DEPENDS ${exe} VERBATIM)
    list(APPEND man_pages ${man_dir}/${exe}.6.gz)
  endforeach()
  add_custom_target(hippolyta_man ALL DEPENDS ${man_pages})
  install(FILES ${man_pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man6)
else()
  message(WARNING "help2man or gzip not found: no man pages (apt-get install help2man)")
endif()

# The Debian package: cmake --build build --target package writes
# build/hippolyta_VERSION_amd64.deb (dependencies computed by dpkg-shlibdeps).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME hippolyta)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Game of the Amazons engine (GTP) with match and book tools")
set(CPACK_PACKAGE_DESCRIPTION "Hippolyta plays the Game of the Amazons on boards from 4x4 to \
11x11. GUIs such as Quarry drive it over a GTP-style protocol; it has strength levels 1 to 10, \
opening books, a match runner and a book builder.")
set(CPACK_PACKAGE_CONTACT "Hippolyta developers <hippolyta@localhost>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
set(CPACK_OUTPUT_FILE_PREFIX ${CMAKE_BINARY_DIR})
include(CPack)
