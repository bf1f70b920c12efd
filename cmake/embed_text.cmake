# Text files compiled into a library as C++ functions: hippolyta_embed_text(TARGET FILE FUNCTION)
# gives TARGET `const char* hippolyta::FUNCTION()`, which returns FILE's bytes as they are at
# build time (the file is read again whenever it changes). For assets that an output must carry
# inline, such as the HTML report's script, yet that are best kept and edited as files.
#
# Included, it defines the function; run as a script (cmake -DINPUT=... -DOUTPUT=...
# -DFUNCTION=... -P embed_text.cmake), it writes the source.
if(CMAKE_SCRIPT_MODE_FILE)
  file(READ "${INPUT}" hex HEX)
  string(LENGTH "${hex}" length)
  set(body "")
  # Every byte as a \x escape (any content is safe), 32 bytes a line.
  foreach(start RANGE 0 ${length} 64)
    string(SUBSTRING "${hex}" ${start} 64 chunk)
    if(chunk)
      string(REGEX REPLACE "([0-9a-f][0-9a-f])" "\\\\x\\1" chunk "${chunk}")
      string(APPEND body "        \"${chunk}\"\n")
    endif()
  endforeach()
  get_filename_component(name "${INPUT}" NAME)
  file(WRITE "${OUTPUT}" "// Generated from ${name} by cmake/embed_text.cmake: edit that file.
namespace hippolyta {

const char* ${FUNCTION}() {
    return \"\"
${body}        ;
}

}  // namespace hippolyta
")
  return()
endif()

set(HIPPOLYTA_EMBED_TEXT_SCRIPT ${CMAKE_CURRENT_LIST_FILE})
function(hippolyta_embed_text target file function)
  set(output ${CMAKE_CURRENT_BINARY_DIR}/embedded/${function}.cpp)
  add_custom_command(OUTPUT ${output}
    COMMAND ${CMAKE_COMMAND} -DINPUT=${file} -DOUTPUT=${output} -DFUNCTION=${function}
      -P ${HIPPOLYTA_EMBED_TEXT_SCRIPT}
    DEPENDS ${file} ${HIPPOLYTA_EMBED_TEXT_SCRIPT}
    COMMENT "Embedding ${file}" VERBATIM)
  target_sources(${target} PRIVATE ${output})
endfunction()
