# The data files the engine ships, found at run time by protocol/data_files.h. One list: each
# file is installed to share/hippolyta and copied at build time to build/share/hippolyta, where
# the build tree's executables (build/bin) find it the same way. Add a new data file here.
include(GNUInstallDirs)
set(HIPPOLYTA_DOC_DIR ${CMAKE_INSTALL_DATADIR}/doc/hippolyta)
set(HIPPOLYTA_DATA_FILES
  ${PROJECT_SOURCE_DIR}/opening-book/books/8x8.book
  ${PROJECT_SOURCE_DIR}/opening-book/books/10x10.book
  ${PROJECT_SOURCE_DIR}/engine/weights/hippolyta.weights
  ${PROJECT_SOURCE_DIR}/engine/weights/10x10.hpn)

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
# The Studio's page (adapters/studio/page: HTML, CSS, JavaScript, SVG), copied to and installed
# as share/hippolyta/studio whole; the glob is checked again at every build, so files added
# later are picked up.
set(studio_page_dir ${PROJECT_SOURCE_DIR}/adapters/studio/page)
file(GLOB_RECURSE studio_files CONFIGURE_DEPENDS ${studio_page_dir}/*)
foreach(file ${studio_files})
  file(RELATIVE_PATH rel ${studio_page_dir} ${file})
  set(name studio/${rel})
  get_filename_component(folder ${data_build_dir}/${name} DIRECTORY)
  add_custom_command(OUTPUT ${data_build_dir}/${name}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${folder}
    COMMAND ${CMAKE_COMMAND} -E copy ${file} ${data_build_dir}/${name}
    DEPENDS ${file} VERBATIM)
  list(APPEND data_copies ${data_build_dir}/${name})
endforeach()
add_custom_target(hippolyta_data ALL DEPENDS ${data_copies})

install(TARGETS ${HIPPOLYTA_EXECUTABLES} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${HIPPOLYTA_DATA_FILES} DESTINATION ${CMAKE_INSTALL_DATADIR}/hippolyta)
if(studio_files)
  install(DIRECTORY ${studio_page_dir}/ DESTINATION ${CMAKE_INSTALL_DATADIR}/hippolyta/studio)
endif()
# The docs keep the source tree's layout (README.md beside docs/), so that their links and the
# tools' "see docs/NAME.md" resolve in share/doc/hippolyta as in the repository
# (tests/install/doc_links.py checks both).
# Hippolyta Studio in the desktop's Games menu: the launcher (`hippolyta-studio --open`) and its
# icon in the hicolor theme, as an SVG and as PNGs of 48x48 (the size the icon theme
# specification asks every application for) and 256x256. The PNGs are made from the SVG and
# committed, since librsvg2-bin is no build dependency; after a change to the SVG, run
#   for n in 48 256; do rsvg-convert -w $n -h $n cmake/desktop/hippolyta-studio.svg \
#       -o cmake/desktop/hippolyta-studio-$n.png; done
set(desktop_dir ${PROJECT_SOURCE_DIR}/cmake/desktop)
set(icon_dir ${CMAKE_INSTALL_DATADIR}/icons/hicolor)
install(FILES ${desktop_dir}/hippolyta-studio.desktop
  DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${desktop_dir}/hippolyta-studio.svg DESTINATION ${icon_dir}/scalable/apps)
foreach(size 48 256)
  install(FILES ${desktop_dir}/hippolyta-studio-${size}.png
    DESTINATION ${icon_dir}/${size}x${size}/apps RENAME hippolyta-studio.png)
endforeach()
install(FILES README.md DESTINATION ${HIPPOLYTA_DOC_DIR})
install(DIRECTORY docs DESTINATION ${HIPPOLYTA_DOC_DIR})
install(FILES opening-book/books/README.md DESTINATION ${HIPPOLYTA_DOC_DIR} RENAME books.md)

include(${CMAKE_CURRENT_LIST_DIR}/man.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/package.cmake)
