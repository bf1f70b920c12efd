# Included by cpack (cmake/cpack_project.cmake.in) when it makes the source tarball: stages the
# files to pack in STAGE and points CPack at them. The files are those git tracks (as they are in
# the working tree), or, in a tree without git (an unpacked tarball), every file but build trees,
# run outputs and editor leftovers. STAGE also gets the file COMMIT (cmake/git_commit.cmake), so
# that a build from the tarball names its commit without git.
#   In: SOURCE_DIR, BINARY_DIR, STAGE.   Out: CPACK_INSTALLED_DIRECTORIES, CPACK_IGNORE_FILES.
include(${CMAKE_CURRENT_LIST_DIR}/git_commit.cmake)

set(files "")
find_program(GIT_EXECUTABLE git)
if(GIT_EXECUTABLE AND EXISTS "${SOURCE_DIR}/.git")
  execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE_DIR}" ls-files
    OUTPUT_VARIABLE files RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "git ls-files failed in ${SOURCE_DIR}")
  endif()
  string(REGEX REPLACE "\n$" "" files "${files}")
  string(REPLACE "\n" ";" files "${files}")
else()
  file(GLOB_RECURSE files LIST_DIRECTORIES false RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/*")
  file(RELATIVE_PATH build_rel "${SOURCE_DIR}" "${BINARY_DIR}")
  foreach(junk "^(build|out)[^/]*/" "^runs/" "^COMMIT$" "(^|/)\\.git(/|$)" "(^|/)\\.cache/"
      "(^|/)__pycache__/" "\\.pyc$" "\\.swp$" "~$" "(^|/)\\.#" "\\.orig$" "\\.rej$")
    list(FILTER files EXCLUDE REGEX "${junk}")
  endforeach()
  if(NOT build_rel MATCHES "^\\.\\./")
    list(FILTER files EXCLUDE REGEX "^${build_rel}/")
  endif()
endif()

file(REMOVE_RECURSE "${STAGE}")
foreach(f ${files})
  if(EXISTS "${SOURCE_DIR}/${f}" AND NOT IS_DIRECTORY "${SOURCE_DIR}/${f}")
    get_filename_component(dir "${f}" DIRECTORY)
    file(COPY "${SOURCE_DIR}/${f}" DESTINATION "${STAGE}/${dir}")
  endif()
endforeach()
hippolyta_source_commit("${SOURCE_DIR}" commit)
file(WRITE "${STAGE}/COMMIT" "${commit}\n")

set(CPACK_INSTALLED_DIRECTORIES "${STAGE};/")
set(CPACK_IGNORE_FILES "")
