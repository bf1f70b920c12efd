# A man page for every executable (section 6, games), made by help2man at build time into
# build/share/man/man6 and installed to share/man/man6. help2man reads each tool's --help;
# cmake/man/NAME.h2m adds its EXAMPLES (FILES, ENVIRONMENT), every page gets a SEE ALSO of the
# others and the COPYRIGHT, and hippolyta(6) lists its GTP commands from the engine's own
# list_commands (cmake/man_gtp_commands.cmake). The version is the project's (--version-string),
# not --version's output, whose commit and build lines do not belong in a page.
find_program(HELP2MAN help2man)
find_program(GZIP gzip)
set(man_summary_hippolyta "a Game of the Amazons engine speaking GTP")
set(man_summary_hippolyta-match "play and referee matches between GTP Amazons engines")
set(man_summary_hippolyta-book "build, show, merge and convert Hippolyta's opening books")
set(man_summary_hippolyta-arena "play two Hippolyta settings against each other in one process")
set(man_summary_hippolyta-soak "self-play soak test of a GTP Amazons engine")
set(man_summary_hippolyta-studio "play and analyse Amazons in the browser against GTP engines")
set(man_summary_hippolyta-board "draw a Game of the Amazons board as SVG")
set(man_summary_hippolyta-report "write the HTML report of a match or tournament")
set(man_summary_hippolyta-tournament "play tournaments between GTP Amazons engines")
set(man_summary_hippolyta-selfplay "record self-play training data of Hippolyta")
set(man_summary_hippolyta-train "fit and tune Hippolyta's weights from self-play data")
set(man_summary_hippolyta-solve "prove small Amazons positions and check the proofs")
set(man_summary_hippolyta-botzone-judge "play a Botzone Amazons bot against itself as Botzone does")
set(man_summary_hippolyta-sau "play Amazons on the SAU Game Platform, with a game clock of its own")
set(man_summary_hippolyta-sau-referee "referee a game between two SAU Game Platform engines")
if(NOT HELP2MAN OR NOT GZIP)
  message(WARNING "help2man or gzip not found: no man pages (apt-get install help2man)")
  return()
endif()

set(man_dir ${CMAKE_BINARY_DIR}/share/man/man6)
set(man_work ${CMAKE_BINARY_DIR}/man)
set(HIPPOLYTA_MAN_PAGES)
list(SORT HIPPOLYTA_EXECUTABLES)
foreach(exe ${HIPPOLYTA_EXECUTABLES})
  set(summary "${man_summary_${exe}}")
  if(NOT summary)
    set(summary "a tool of Hippolyta, a Game of the Amazons engine")
  endif()
  # help2man runs the tool through a link of its name to cmake/man/help-for-man.sh, which
  # turns a second usage line into one help2man puts in the SYNOPSIS.
  file(MAKE_DIRECTORY ${man_work}/wrap)
  file(CREATE_LINK ${PROJECT_SOURCE_DIR}/cmake/man/help-for-man.sh ${man_work}/wrap/${exe}
    SYMBOLIC)
  set(see_also "")
  foreach(other ${HIPPOLYTA_EXECUTABLES})
    if(NOT other STREQUAL exe)
      string(REPLACE "-" "\\-" other "${other}")
      string(APPEND see_also ".BR ${other} (6),\n")
    endif()
  endforeach()
  string(REGEX REPLACE ",\n$" "\n" see_also "${see_also}")
  file(WRITE ${man_work}/${exe}-common.h2m "[SEE ALSO]
${see_also}.PP
The full documentation, README.md and docs/*.md (for this tool among them the one its
\\fB\\-\\-help\\fR names), is in \\fI/usr/share/doc/hippolyta\\fR when installed from the Debian
package, in \\fIPREFIX/share/doc/hippolyta\\fR after \\fBcmake \\-\\-install\\fR, and in the source
tree.

[COPYRIGHT]
Copyright \\(co ${HIPPOLYTA_COPYRIGHT}.
.br
License GPL\\-3.0\\-or\\-later: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.
.br
This is free software: you are free to change and redistribute it.
There is NO WARRANTY, to the extent permitted by law.
")
  set(includes --include ${man_work}/${exe}-common.h2m)
  set(depends ${exe} ${man_work}/${exe}-common.h2m)
  set(own ${PROJECT_SOURCE_DIR}/cmake/man/${exe}.h2m)
  if(EXISTS ${own})
    list(APPEND includes --include ${own})
    list(APPEND depends ${own})
  endif()
  if(exe STREQUAL "hippolyta")
    set(gtp ${man_work}/hippolyta-gtp.h2m)
    add_custom_command(OUTPUT ${gtp}
      COMMAND ${CMAKE_COMMAND} -DENGINE=$<TARGET_FILE:hippolyta> -DOUTPUT=${gtp}
        -P ${PROJECT_SOURCE_DIR}/cmake/man_gtp_commands.cmake
      DEPENDS hippolyta ${PROJECT_SOURCE_DIR}/cmake/man_gtp_commands.cmake VERBATIM)
    list(APPEND includes --include ${gtp})
    list(APPEND depends ${gtp})
  endif()
  add_custom_command(OUTPUT ${man_dir}/${exe}.6.gz
    COMMAND ${CMAKE_COMMAND} -E make_directory ${man_dir}
    COMMAND ${CMAKE_COMMAND} -E env HIPPOLYTA_MAN_BIN=$<TARGET_FILE_DIR:${exe}>
      ${HELP2MAN} --no-info --section 6 --name ${summary}
      --version-string "${exe} ${PROJECT_VERSION}" --source "Hippolyta ${PROJECT_VERSION}"
      ${includes} --output ${man_dir}/${exe}.6 ${man_work}/wrap/${exe}
    COMMAND ${GZIP} -9nf ${man_dir}/${exe}.6
    DEPENDS ${depends} ${PROJECT_SOURCE_DIR}/cmake/man/help-for-man.sh VERBATIM)
  list(APPEND HIPPOLYTA_MAN_PAGES ${man_dir}/${exe}.6.gz)
endforeach()
add_custom_target(hippolyta_man ALL DEPENDS ${HIPPOLYTA_MAN_PAGES})
install(FILES ${HIPPOLYTA_MAN_PAGES} DESTINATION ${CMAKE_INSTALL_MANDIR}/man6)
