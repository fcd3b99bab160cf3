#!/bin/sh
# check-mbedtls3.sh — builds the Mbed TLS backend against an Mbed TLS 3.x
# source tree and checks it, so that the 3.x side of every `#if MBED_HAVE_3`
# is proven to compile without a warning and to give the right answers.
# (The 2.28 side is what the normal build covers on Debian 12, whose
# libmbedtls-dev is 2.28 and which packages no 3.x.)
#
# Usage:
#   MBEDTLS3_SRC=DIR src/backends/mbedtls/check-mbedtls3.sh [WORKDIR]
#
#   MBEDTLS3_SRC  an Mbed TLS 3.x source tree (a release archive or a git
#                 checkout of a v3.* tag: DIR/include, DIR/library with its
#                 generated files, as releases ship them).
#   WORKDIR       where the library, the build and the logs go (default: a
#                 new mktemp -d directory, removed at the end unless KEEP=1).
#   CC=...        compiler (default cc).
#
# What it does: compiles DIR/library's crypto sources into one
# libmbedcrypto.so (the TLS and X.509 sources are left out: the backend uses
# none); configures cryptometer with -DCRYPTOMETER_WERROR=ON and the backend
# pointed at that library (CM_MBEDTLS_INCLUDE_DIR, CM_MBEDCRYPTO_LIBRARY);
# builds it; runs tests/e2e/test_library_backends.py against it: every
# algorithm passes its vectors and cross-check, apart from exactly the
# findings of data/library_findings.json (docs/backends.md).
# Exit status: 0 passed; 1 a build or check failed; 77 not run (no
# MBEDTLS3_SRC, or it is not a 3.x tree).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
CC=${CC:-cc}
die() { printf 'check-mbedtls3: %s\n' "$*" >&2; exit 1; }
unavailable() { printf 'check-mbedtls3: NOT RUN: %s\n' "$*" >&2; exit 77; }

src=${MBEDTLS3_SRC:-}
[ -n "$src" ] || unavailable "MBEDTLS3_SRC is not set (an Mbed TLS 3.x source tree)"
[ -f "$src/include/mbedtls/build_info.h" ] && [ -d "$src/library" ] \
    || unavailable "$src is not an Mbed TLS 3.x source tree (no include/mbedtls/build_info.h)"
if [ $# -ge 1 ]; then
    work=$1
    mkdir -p "$work"
else
    work=$(mktemp -d)
    [ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$work"' EXIT
fi
work=$(cd "$work" && pwd)

mkdir -p "$work/obj"
for f in "$src"/library/*.c; do
    case $(basename "$f") in
        ssl_*|x509*|debug.c|net_sockets.c|mps_*|pkcs7.c|timing.c) continue ;;
    esac
    "$CC" -O2 -fPIC -I"$src/include" -I"$src/library" -c "$f" \
        -o "$work/obj/$(basename "$f" .c).o" || die "compiling $f failed"
done
"$CC" -shared -o "$work/libmbedcrypto.so" "$work"/obj/*.o || die "linking libmbedcrypto.so failed"

cmake -S "$repo" -B "$work/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCRYPTOMETER_WERROR=ON \
    -DCRYPTOMETER_MBEDTLS=ON -DCRYPTOMETER_LIBSODIUM=OFF -DCRYPTOMETER_WOLFSSL=OFF \
    -DCM_MBEDTLS_INCLUDE_DIR="$src/include" -DCM_MBEDCRYPTO_LIBRARY="$work/libmbedcrypto.so" \
    >"$work/cmake.log" 2>&1 || die "cmake failed (see $work/cmake.log)"
cmake --build "$work/build" -j2 >"$work/build.log" 2>&1 || die "build failed (see $work/build.log)"
"$work/build/cryptometer" detect --json 2>/dev/null | grep -q '"mbedtls"' \
    || die "the build has no mbedtls backend"
CRYPTOMETER_BIN="$work/build/cryptometer" "$repo/.venv/bin/python" -m pytest -q \
    "$repo/tests/e2e/test_library_backends.py" -k mbedtls || die "the mbedtls checks failed"
echo "check-mbedtls3: passed ($("$work/build/cryptometer" detect --json 2>/dev/null \
    | "$repo/.venv/bin/python" -c 'import json,sys; print("Mbed TLS", json.load(sys.stdin)["backends"]["mbedtls"]["version"])'))"
