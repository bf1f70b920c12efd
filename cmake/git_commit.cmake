# The commit a build comes from, for --version. One place decides it, for the build (cmake -P,
# at build time) and for the source tarball (included by cmake/cpack_project.cmake at cpack time):
#   1. a git checkout: `git describe --tags --always --abbrev=12`, e.g. 4af22d222cec,
#      v0.2.0-3-g4af22d222cec (3 commits after the tag v0.2.0) or either with "-dirty" when
#      tracked files have uncommitted changes (such a binary is not that commit);
#   2. else the file COMMIT at the top of the tree, which the source tarball carries;
#   3. else "unknown". A tree without git still builds.
#
# As a script it writes OUTPUT, rewriting it only when it changed, so that a new commit
# recompiles one file:
#   cmake -DSOURCE_DIR=... -DOUTPUT=... -P git_commit.cmake

function(hippolyta_source_commit source_dir out_var)
  set(commit "")
  find_program(GIT_EXECUTABLE git)
  if(GIT_EXECUTABLE AND EXISTS "${source_dir}/.git")
    execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${source_dir}" describe --tags --always
        --abbrev=12 --match "v[0-9]*"
      OUTPUT_VARIABLE commit RESULT_VARIABLE failed OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(failed)
      set(commit "")
    else()
      # Not describe --dirty: it rewrites the index, which a git command running beside the
      # build may hold locked.
      execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${source_dir}" diff --quiet HEAD --
        RESULT_VARIABLE dirty ERROR_QUIET)
      if(dirty)
        set(commit "${commit}-dirty")
      endif()
    endif()
  endif()
  if(NOT commit AND EXISTS "${source_dir}/COMMIT")
    file(STRINGS "${source_dir}/COMMIT" commit LIMIT_COUNT 1)
  endif()
  # Only what a describe can print: it ends up in a C string and in a file name's neighbourhood.
  if(NOT commit MATCHES "^[A-Za-z0-9._-]+$")
    set(commit "unknown")
  endif()
  set(${out_var} "${commit}" PARENT_SCOPE)
endfunction()

if(CMAKE_SCRIPT_MODE_FILE STREQUAL CMAKE_CURRENT_LIST_FILE AND OUTPUT)
  hippolyta_source_commit("${SOURCE_DIR}" commit)
  set(text "#define HIPPOLYTA_GIT_COMMIT \"${commit}\"\n")
  if(EXISTS "${OUTPUT}")
    file(READ "${OUTPUT}" old)
  endif()
  if(NOT old STREQUAL text)
    file(WRITE "${OUTPUT}" "${text}")
  endif()
endif()
