# The `layering` test: tools/check-layers.py checks every #include and every library's links
# against the table in cmake/layers.txt. Included last, when every target exists: writes
# build/layer-links.txt, one line per project target: its name, its folder (the HIPPOLYTA_LAYER
# property, else where it is defined) and the project libraries it links.
set(HIPPOLYTA_LAYER_LINKS "")
foreach(dir engine opening-book protocol adapters tools/common tools tests)
  get_property(targets DIRECTORY ${PROJECT_SOURCE_DIR}/${dir} PROPERTY BUILDSYSTEM_TARGETS)
  foreach(target ${targets})
    get_target_property(layer ${target} HIPPOLYTA_LAYER)
    if(NOT layer)
      set(layer ${dir})
    endif()
    set(links "")
    foreach(property LINK_LIBRARIES INTERFACE_LINK_LIBRARIES)
      get_target_property(linked ${target} ${property})
      if(linked)
        # Private links of static libraries appear as $<LINK_ONLY:name>.
        string(REGEX REPLACE "\\$<LINK_ONLY:([^>]*)>" "\\1" linked "${linked}")
        list(APPEND links ${linked})
      endif()
    endforeach()
    list(FILTER links INCLUDE REGEX "^hippolyta_")
    list(REMOVE_DUPLICATES links)
    list(JOIN links " " links)
    string(APPEND HIPPOLYTA_LAYER_LINKS "${target} ${layer} ${links}\n")
  endforeach()
endforeach()
file(WRITE ${CMAKE_BINARY_DIR}/layer-links.txt "${HIPPOLYTA_LAYER_LINKS}")
add_test(NAME layering COMMAND /usr/bin/python3 ${PROJECT_SOURCE_DIR}/tools/check-layers.py
  --root ${PROJECT_SOURCE_DIR} --links ${CMAKE_BINARY_DIR}/layer-links.txt)
add_test(NAME layering.self_test COMMAND /usr/bin/python3
  ${PROJECT_SOURCE_DIR}/tools/check-layers.py --root ${PROJECT_SOURCE_DIR} --self-test)
