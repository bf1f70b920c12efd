# The Debian package and the source release (docs/packaging.md):
#   cmake --build build --target package          build/hippolyta_VERSION-1_amd64.deb
#   cmake --build build --target package_source   build/hippolyta-VERSION.tar.gz
# The version is the project's; the Debian revision (-1) counts packagings of one release.

# ---- Debian documentation: copyright (machine-readable) and the two changelogs ---------------
set(HIPPOLYTA_DEB_REVISION 1)
set(HIPPOLYTA_DEB_VERSION ${PROJECT_VERSION}-${HIPPOLYTA_DEB_REVISION})

# The Debian changelog's date is the release's in CHANGELOG.md (a heading ## [X.Y.Z] - DATE), so
# that the package does not change with the day it is built. A version without its section
# (a development build) is UNRELEASED, dated by the newest release.
file(READ ${PROJECT_SOURCE_DIR}/CHANGELOG.md changelog)
string(REPLACE "." "\\." version_re "${PROJECT_VERSION}")
set(HIPPOLYTA_DEB_DISTRIBUTION unstable)
string(REGEX MATCH "\n## \\[${version_re}\\] - ([0-9]+)-([0-9]+)-([0-9]+)" found "${changelog}")
if(NOT found)
  set(HIPPOLYTA_DEB_DISTRIBUTION UNRELEASED)
  string(REGEX MATCH "\n## \\[[0-9.]+\\] - ([0-9]+)-([0-9]+)-([0-9]+)" found "${changelog}")
endif()
if(NOT found)
  message(FATAL_ERROR "CHANGELOG.md has no release section '## [X.Y.Z] - YYYY-MM-DD'")
endif()
# RFC 2822 needs the weekday: from the days since 1970-01-01 (Howard Hinnant's days_from_civil).
set(year ${CMAKE_MATCH_1})
set(day_text ${CMAKE_MATCH_3})  # two digits, as RFC 2822 writes it
math(EXPR month "${CMAKE_MATCH_2}")  # without a leading zero
math(EXPR day "${CMAKE_MATCH_3}")
set(y ${year})
if(month LESS_EQUAL 2)
  math(EXPR y "${year} - 1")
endif()
math(EXPR era "${y} / 400")
math(EXPR yoe "${y} - ${era} * 400")
math(EXPR doy "(153 * ((${month} + 9) % 12) + 2) / 5 + ${day} - 1")
math(EXPR doe "${yoe} * 365 + ${yoe} / 4 - ${yoe} / 100 + ${doy}")
math(EXPR weekday "(${era} * 146097 + ${doe} - 719468 + 4) % 7")
set(names Sun Mon Tue Wed Thu Fri Sat)
list(GET names ${weekday} weekday)
math(EXPR month "${month} - 1")
set(names Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec)
list(GET names ${month} month)
set(HIPPOLYTA_DEB_DATE "${weekday}, ${day_text} ${month} ${year} 12:00:00 +0000")

set(deb_doc ${CMAKE_BINARY_DIR}/share/doc/hippolyta)
configure_file(${PROJECT_SOURCE_DIR}/cmake/debian/copyright.in ${deb_doc}/copyright @ONLY)
configure_file(${PROJECT_SOURCE_DIR}/cmake/debian/changelog.Debian.in ${deb_doc}/changelog.Debian
  @ONLY)
# Compressed as Debian wants them (gzip -9n: no name, no time stamp).
find_program(GZIP gzip REQUIRED)
add_custom_command(OUTPUT ${deb_doc}/changelog.Debian.gz ${deb_doc}/changelog.gz
  COMMAND ${GZIP} -9nc ${deb_doc}/changelog.Debian > ${deb_doc}/changelog.Debian.gz
  COMMAND ${GZIP} -9nc ${PROJECT_SOURCE_DIR}/CHANGELOG.md > ${deb_doc}/changelog.gz
  DEPENDS ${deb_doc}/changelog.Debian ${PROJECT_SOURCE_DIR}/CHANGELOG.md)
add_custom_target(hippolyta_changelogs ALL
  DEPENDS ${deb_doc}/changelog.Debian.gz ${deb_doc}/changelog.gz)
install(FILES ${deb_doc}/copyright ${deb_doc}/changelog.Debian.gz ${deb_doc}/changelog.gz
  DESTINATION ${HIPPOLYTA_DOC_DIR})

# ---- The Debian package ---------------------------------------------------------------------
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME hippolyta)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_DEBIAN_PACKAGE_RELEASE ${HIPPOLYTA_DEB_REVISION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Game of the Amazons engine (GTP), browser studio and tools")
# One line of the Control file's description a line here (lintian wants them under 80 columns).
set(CPACK_PACKAGE_DESCRIPTION "Hippolyta plays the Game of the Amazons on the standard 10x10 board
and on any board from 4x4 to 11x11. GUIs such as Quarry, match runners
and tournament software drive it over GTP (the Go Text Protocol with
Amazons moves); it also speaks a university assignment's text interface
and plays as a Botzone bot.
.
The engine is a Monte Carlo tree search with an endgame solver, a learned
move prior and evaluation weights fitted to its own games, opening books
for 8x8 and 10x10, time management for every GTP clock, pondering,
analysis output and strength levels 1 to 10.
.
Hippolyta Studio (hippolyta-studio, in the desktop's Games menu) plays
and analyses in the web browser: games against the engine at any level,
live analysis, whole-game review with the mistakes explained, hints and
a teaching mode, and games saved and loaded as SGF.
.
The package also holds the tools: hippolyta-match (a refereeing match
runner with Elo, SPRT and resumable results), hippolyta-tournament,
hippolyta-book (the opening book builder), hippolyta-board and
hippolyta-report (SVG boards and HTML reports), hippolyta-selfplay and
hippolyta-train (training data and weight fitting), and more.")
set(CPACK_PACKAGE_CONTACT "${HIPPOLYTA_AUTHORS} <${HIPPOLYTA_EMAIL}>")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${CPACK_PACKAGE_CONTACT}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
set(CPACK_OUTPUT_FILE_PREFIX ${CMAKE_BINARY_DIR})
# Executables to /usr/games, unneeded sections stripped (cmake/deb_staging.cmake).
set(CPACK_PRE_BUILD_SCRIPTS ${PROJECT_SOURCE_DIR}/cmake/deb_staging.cmake)
set(CPACK_HIPPOLYTA_STRIP ${CMAKE_STRIP})
set(CPACK_HIPPOLYTA_PACKAGE_README ${PROJECT_SOURCE_DIR}/cmake/debian/README.md)

# ---- The source release ---------------------------------------------------------------------
# The tree as git tracks it, plus the file COMMIT, staged by cmake/source_release.cmake when cpack
# runs (no .git, build trees or worktree leftovers): a build from the tarball needs no git.
set(CPACK_SOURCE_GENERATOR TGZ)
set(CPACK_SOURCE_PACKAGE_FILE_NAME hippolyta-${PROJECT_VERSION})
configure_file(${PROJECT_SOURCE_DIR}/cmake/cpack_project.cmake.in
  ${CMAKE_BINARY_DIR}/cpack_project.cmake @ONLY)
set(CPACK_PROJECT_CONFIG_FILE ${CMAKE_BINARY_DIR}/cpack_project.cmake)
include(CPack)
