#!/bin/sh
# SPDX-License-Identifier: MIT
# backends/detect.sh - can this compiler use this library?  Used by every
# backends/*/backend.mk:
#
#   sh backends/detect.sh 'CC' PKG HEADER... -- LIB...
#
# Prints "yes" when CC preprocesses every HEADER and finds every library
# (libLIB.so, .a, .dylib or .tbd) in its library path or in the -L dirs
# that pkg-config gives for PKG ("-" for a library without a .pc file);
# prints nothing otherwise, so a missing library is listed as skipped
# instead of failing the build.
#
# Why not pkg-config alone: it describes the build machine, and with a
# cross compiler it would claim libraries the target lacks (Debian's cross
# gcc even finds the build machine's headers in /usr/include, so the header
# test alone is not enough either).  Why not a link test: it costs ~40 ms a
# library on every make, and these two questions catch the same cases.
cc=$1
pkg=$2
shift 2
headers=
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    headers="$headers $1"
    shift
done
[ $# -gt 0 ] && shift

cflags=
ldirs=
if [ "$pkg" != "-" ] && pkg-config --exists "$pkg" 2>/dev/null; then
    cflags=$(pkg-config --cflags "$pkg")
    for f in $(pkg-config --libs-only-L "$pkg"); do ldirs="$ldirs ${f#-L}"; done
fi

# $cc and $cflags unquoted on purpose: "ccache gcc", "-I/a -I/b".
for h in $headers; do printf '#include <%s>\n' "$h"; done |
    $cc $cflags -E - >/dev/null 2>&1 || exit 0

for lib in "$@"; do
    found=
    for f in "lib$lib.so" "lib$lib.a" "lib$lib.dylib" "lib$lib.tbd"; do
        for d in $ldirs; do
            [ -e "$d/$f" ] && found=1
        done
        case $($cc -print-file-name="$f" 2>/dev/null) in
            /*) found=1 ;;
        esac
        [ -n "$found" ] && break
    done
    [ -n "$found" ] || exit 0
done
echo yes
