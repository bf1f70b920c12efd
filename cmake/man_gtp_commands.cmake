# Run at build time (cmake -P): writes the [GTP COMMANDS] section of hippolyta(6) for help2man
# from the engine's own answer to list_commands, so that the man page cannot drift from it.
#   cmake -DENGINE=build/bin/hippolyta -DOUTPUT=.../hippolyta-gtp.h2m -P man_gtp_commands.cmake
set(input "${OUTPUT}.in")
file(WRITE "${input}" "list_commands\nquit\n")
execute_process(COMMAND "${ENGINE}" --no-book INPUT_FILE "${input}"
  OUTPUT_VARIABLE answer ERROR_QUIET RESULT_VARIABLE failed)
file(REMOVE "${input}")
# The answer: "= first" and one command a line, then an empty line (and quit's "=").
string(REGEX MATCH "^= ([^\n]+)\n(([^\n]+\n)*)" reply "${answer}")
if(failed OR NOT reply)
  message(FATAL_ERROR "${ENGINE} did not answer list_commands: ${answer}")
endif()
string(REGEX REPLACE "^= " "" reply "${reply}")
string(STRIP "${reply}" reply)
string(REPLACE "\n" ";" commands "${reply}")
list(LENGTH commands count)
set(names "")
foreach(command ${commands})
  string(REPLACE "-" "\\-" command "${command}")
  string(APPEND names "\\fB${command}\\fR,\n")
endforeach()
string(REGEX REPLACE ",\n$" ".\n" names "${names}")
file(WRITE "${OUTPUT}" "[GTP COMMANDS]
Without \\fB\\-\\-text\\fR or \\fB\\-\\-botzone\\fR, hippolyta reads GTP version 2 commands on
standard input and answers each on standard output (\\fB=\\fR and the answer, or \\fB?\\fR and an
error, then an empty line). Moves are written d1\\-d7/g7 (from, to, arrow) and read in every common
form. It knows these ${count} commands, its answer to \\fBlist_commands\\fR; docs/protocol.md shows
each with an example:
.PP
${names}")
