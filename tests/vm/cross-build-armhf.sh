#!/bin/bash
# tests/vm/cross-build-armhf.sh — cross-build cryptometer for 32-bit ARM (armhf) as one
# static binary: the one `cryptometer fleet` copies to an armv7l host (docs/fleet.md).
#
# Usage: tests/vm/cross-build-armhf.sh [--clean] [-- EXTRA-CMAKE-ARGS...]
#
# Installs what it needs (tests/vm/armhf-deps.sh: gcc-arm-linux-gnueabihf, qemu-user-static,
# libjansson-dev:armhf, libssl-dev:armhf unpacked under the cache), then
#   cmake -S . -B build-armhf -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-armhf.cmake \
#         -DCRYPTOMETER_STATIC=ON && cmake --build build-armhf
# with the ref, system, openssl and afalg backends, checks that build-armhf/cryptometer is a static
# 32-bit ARM ELF and runs `cryptometer --version` under qemu-arm -cpu cortex-a8.
# Prints the path of the binary on stdout on success.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

CLEAN=0
while [ $# -gt 0 ]; do
    case "$1" in
        --clean) CLEAN=1; shift ;;
        -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
        --) shift; break ;;
        *) die "unknown argument: $1" ;;
    esac
done
EXTRA=("$@")
BUILD="$REPO_ROOT/build-armhf"

. "$VM_DIR/armhf-deps.sh"

[ "$CLEAN" = 1 ] && rm -rf "$BUILD"
log "configuring $BUILD"
cmake -S "$REPO_ROOT" -B "$BUILD" -DCMAKE_TOOLCHAIN_FILE="$REPO_ROOT/cmake/toolchain-armhf.cmake" \
    -DCRYPTOMETER_STATIC=ON -DCRYPTOMETER_BACKEND_DEFAULT=OFF -DCRYPTOMETER_REF=AUTO \
    -DCRYPTOMETER_SYSTEM=AUTO -DCRYPTOMETER_OPENSSL=AUTO -DCRYPTOMETER_AFALG=AUTO \
    "${EXTRA[@]}" >&2 || die "cmake configure failed (see above)"
log "building"
cmake --build "$BUILD" -j "$(nproc)" >&2 || die "build failed (see above)"
BIN="$BUILD/cryptometer"
[ -x "$BIN" ] || die "no $BIN after the build"
f="$(file -bL "$BIN")"
case "$f" in *"32-bit LSB"*", ARM, EABI5"*) ;; *) die "$BIN is not a 32-bit ARM binary: $f" ;; esac
case "$f" in *"statically linked"*|*"static-pie linked"*) ;; *) die "$BIN is not static: $f" ;; esac
QEMU_CPU=cortex-a8 "$QEMU_USER" "$BIN" --version >&2 || die "'$BIN --version' failed under $QEMU_USER -cpu cortex-a8"
echo "$BIN"
