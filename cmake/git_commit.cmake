# Run at build time (cmake -P): writes OUTPUT with the source tree's git commit, rewriting it only
# when it changed, so that a new commit recompiles one file. A tree without git or .git (a
# tarball) gets "unknown" and still builds.
#   cmake -DSOURCE_DIR=... -DOUTPUT=... -P git_commit.cmake
set(commit "unknown")
find_program(GIT_EXECUTABLE git)
if(GIT_EXECUTABLE AND EXISTS "${SOURCE_DIR}/.git")
  execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE_DIR}" rev-parse --short=12 HEAD
    OUTPUT_VARIABLE head RESULT_VARIABLE failed OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(NOT failed AND head)
    set(commit "${head}")
    # Uncommitted changes to tracked files are marked: such a binary is not that commit.
    execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE_DIR}" diff --quiet HEAD --
      RESULT_VARIABLE dirty ERROR_QUIET)
    if(dirty)
      set(commit "${commit}-dirty")
    endif()
  endif()
endif()
set(text "#define HIPPOLYTA_GIT_COMMIT \"${commit}\"\n")
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUTPUT}" "${text}")
endif()
