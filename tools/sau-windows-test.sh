#!/usr/bin/env bash
# The championship build checked on Linux (ctest label `windows`; docs/fronts.md, "The
# championship build"):
#   tools/sau-windows-test.sh BUILD [GAME_SECONDS]
# 1. installs what is missing (Debian's g++-mingw-w64-x86-64-posix and wine64), as tools/builds.sh
#    installs packages; without root or sudo it skips (exit 77) with a message;
# 2. cross-compiles hippolyta-sau.exe and its folder into build-windows (cmake/mingw-w64.cmake);
# 3. checks that the executable needs system DLLs only (objdump -p);
# 4. plays a whole game through the headless referee of the Linux build BUILD: the executable
#    under wine64, started with no arguments in a copy of its folder (its settings from
#    hippolyta-sau.conf there, the game time set to GAME_SECONDS, default 20), against
#    BUILD/bin/hippolyta-sau on Linux, with the same game time. Wine's own messages are off
#    (WINEDEBUG=-all); its prefix lives in build-windows/wine-prefix.
set -euo pipefail
cd "$(dirname "$0")/.."
build=$(realpath "$1")
seconds=${2:-20}
source tools/builds.sh

wine=/usr/lib/wine/wine64
if ! command -v x86_64-w64-mingw32-g++-posix >/dev/null || [ ! -x "$wine" ]; then
    if [ "$(id -u)" -ne 0 ] && ! sudo -n true 2>/dev/null; then
        echo "sau-windows-test: needs g++-mingw-w64-x86-64-posix and wine64 (not root: skipped)"
        exit 77
    fi
    start=$SECONDS
    install_missing g++-mingw-w64-x86-64-posix wine64 binutils-mingw-w64-x86-64
    echo "installed the cross-compiler and wine in $((SECONDS - start)) s"
fi

start=$SECONDS
cmake -S . -B build-windows -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64.cmake -DCMAKE_UNITY_BUILD=ON \
    >/dev/null
cmake --build build-windows -j "$(nproc)" --target championship >/dev/null
echo "built build-windows/hippolyta-sau in $((SECONDS - start)) s"
exe=build-windows/hippolyta-sau/hippolyta-sau.exe
echo "$exe: $(stat -c %s "$exe") bytes"

# System DLLs only: nothing of MinGW's (libstdc++-6, libgcc_s_seh-1, libwinpthread-1).
dlls=$(x86_64-w64-mingw32-objdump -p "$exe" | sed -n 's/^\s*DLL Name: //p' | sort -f)
echo "DLLs: $(echo $dlls)"
while read -r dll; do
    case "${dll,,}" in
        kernel32.dll | msvcrt.dll | advapi32.dll | user32.dll | ws2_32.dll | api-ms-win-*) ;;
        *) echo "FAIL: $exe needs $dll"; exit 1 ;;
    esac
done <<<"$dlls"

export WINEPREFIX=$PWD/build-windows/wine-prefix WINEDEBUG=-all
if [ ! -f "$WINEPREFIX/system.reg" ]; then
    start=$SECONDS
    "$wine" wineboot -i >/dev/null 2>&1  # its messages now, not in the engine's output later
    echo "made the wine prefix in $((SECONDS - start)) s"
fi
"$wine" "$exe" --version | head -1

# The folder as a user copies it, the game time set in its settings file.
play=build-windows/sau-windows-test
rm -rf "$play"
cp -r build-windows/hippolyta-sau "$play"
sed -i "s/^game-time = .*/game-time = $seconds/" "$play/hippolyta-sau.conf"
start=$SECONDS
BLACK_DIR=$PWD/$play bash tests/sau/referee-game-test.sh "$build/bin" "$play/game" $((seconds * 11 / 10)) \
    "$wine $PWD/$play/hippolyta-sau.exe" "$build/bin/hippolyta-sau --game-time $seconds"
echo "played the game in $((SECONDS - start)) s"
grep -q "settings from .*hippolyta-sau.conf" "$play/hippolyta-sau.log" ||
    { echo "FAIL: the executable did not read its settings file"; exit 1; }
grep -q "sau: end of the game" "$play/hippolyta-sau.log" ||
    { echo "FAIL: the executable's log does not show the game's end"; exit 1; }
echo "PASS"
