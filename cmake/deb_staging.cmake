# Run by cpack on the Debian package's staged tree, just before it is packed
# (CPACK_PRE_BUILD_SCRIPTS; cmake/package.cmake), for what Debian does and `cmake --install`
# need not:
# - the executables go to /usr/games, where Debian puts games and their tools (Section games;
#   lintian: package-section-games-but-contains-no-game); they find their data in
#   ../share/hippolyta from there as from bin;
# - the executables lose their .comment and .note sections (compiler version strings), as
#   dh_strip does (lintian: binary-has-unneeded-section);
# - the docs open with a page for the package's users (cmake/debian/README.md: the programs
#   as installed, where the data is, Quarry); the source tree's README, which speaks of
#   building, stays beside it as README.source.md.
if(NOT CPACK_GENERATOR STREQUAL "DEB")
  return()
endif()
set(usr "${CPACK_TEMPORARY_DIRECTORY}${CPACK_PACKAGING_INSTALL_PREFIX}")
file(GLOB executables "${usr}/bin/*")
if(NOT executables)
  message(FATAL_ERROR "no executables in ${usr}/bin")
endif()
file(MAKE_DIRECTORY "${usr}/games")
foreach(exe ${executables})
  get_filename_component(name "${exe}" NAME)
  execute_process(COMMAND "${CPACK_HIPPOLYTA_STRIP}" --remove-section=.comment
      --remove-section=.note "${exe}" RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "${CPACK_HIPPOLYTA_STRIP} failed on ${exe}")
  endif()
  file(RENAME "${exe}" "${usr}/games/${name}")
endforeach()
file(REMOVE_RECURSE "${usr}/bin")  # empty by now

set(doc "${usr}/share/doc/hippolyta")
file(RENAME "${doc}/README.md" "${doc}/README.source.md")
configure_file("${CPACK_HIPPOLYTA_PACKAGE_README}" "${doc}/README.md" COPYONLY)
