#!/bin/bash
# tests/vm/cross-build-aarch64.sh — cross-build cryptometer for aarch64 as one static binary.
#
# Usage: tests/vm/cross-build-aarch64.sh [--selftest-only] [--no-selftest] [--clean]
#                                        [-- EXTRA-CMAKE-ARGS...]
#
# 1. Installs what it needs, idempotently: gcc-aarch64-linux-gnu, cmake, pkg-config,
#    qemu-user-static, and (multiarch arm64) libjansson-dev:arm64 libssl-dev:arm64
#    libkcapi-dev:arm64 (the afalg backend; its libkcapi.a links statically).
#    Note: Multi-Arch: same packages must have one version for every architecture, so
#    installing libssl-dev:arm64 may upgrade the host's libssl-dev/libssl3/openssl to the
#    archive's current version.
# 2. Self-test of the toolchain (unless --no-selftest): a hello-world that links jansson
#    and libcrypto statically, configured with cmake/toolchain-aarch64.cmake, run under
#    qemu-aarch64 user mode; it must print SHA-256("abc") through jansson.
# 3. Configures and builds the project (unless --selftest-only):
#      PKG_CONFIG_LIBDIR=/usr/lib/aarch64-linux-gnu/pkgconfig \
#      cmake -S . -B build-aarch64 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-aarch64.cmake \
#            -DCRYPTOMETER_STATIC=ON && cmake --build build-aarch64
#    checks that build-aarch64/cryptometer is a static aarch64 ELF, and runs
#    `cryptometer --version` under qemu-aarch64.
# Prints the path of the binary on stdout on success.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

SELFTEST=1
PROJECT=1
CLEAN=0
while [ $# -gt 0 ]; do
    case "$1" in
        --selftest-only) PROJECT=0; shift ;;
        --no-selftest) SELFTEST=0; shift ;;
        --clean) CLEAN=1; shift ;;
        -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
        --) shift; break ;;
        *) die "unknown argument: $1" ;;
    esac
done
EXTRA=("$@")

TOOLCHAIN="$REPO_ROOT/cmake/toolchain-aarch64.cmake"
BUILD="$REPO_ROOT/build-aarch64"
export PKG_CONFIG_LIBDIR=/usr/lib/aarch64-linux-gnu/pkgconfig

ensure_pkgs gcc-aarch64-linux-gnu libc6-dev-arm64-cross cmake make pkg-config qemu-user-static file
ensure_arm64_arch
ensure_pkgs libjansson-dev:arm64 libssl-dev:arm64 libkcapi-dev:arm64
QEMU_USER="$(qemu_user_aarch64)"
[ -n "$QEMU_USER" ] || die "no qemu-aarch64 user-mode emulator after installing qemu-user-static"

# is_static_aarch64 FILE — true when FILE is a statically linked aarch64 ELF.
is_static_aarch64() {
    local f
    f="$(file -bL "$1")"
    case "$f" in *"ARM aarch64"*) ;; *) log "$1 is not aarch64: $f"; return 1 ;; esac
    case "$f" in *"statically linked"*|*"static-pie linked"*) ;; *) log "$1 is not static: $f"; return 1 ;; esac
}

# ------------------------------------------------------------------ self-test
if [ "$SELFTEST" = 1 ]; then
    T="$(mktemp -d "${TMPDIR:-/tmp}/cm-cross-selftest.XXXXXX")"
    trap 'rm -rf "$T"' EXIT
    cat >"$T/CMakeLists.txt" <<'EOF'
cmake_minimum_required(VERSION 3.16)
project(cross_selftest LANGUAGES C)
find_package(PkgConfig REQUIRED)
set(PKG_CONFIG_USE_STATIC_LIBS ON)
set(CMAKE_FIND_LIBRARY_SUFFIXES .a)
pkg_check_modules(JANSSON REQUIRED IMPORTED_TARGET jansson)
pkg_check_modules(CRYPTO REQUIRED IMPORTED_TARGET libcrypto)
add_executable(hello hello.c)
target_link_libraries(hello PRIVATE PkgConfig::JANSSON PkgConfig::CRYPTO ${CRYPTO_STATIC_LIBRARIES})
target_link_options(hello PRIVATE -static)
EOF
    cat >"$T/hello.c" <<'EOF'
/* Toolchain self-test: jansson + libcrypto linked statically, hwcaps from the kernel. */
#include <stdio.h>
#include <sys/auxv.h>
#include <jansson.h>
#include <openssl/evp.h>

int main(void)
{
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    char hex[2 * EVP_MAX_MD_SIZE + 1];
    if (!EVP_Digest("abc", 3, md, &len, EVP_sha256(), NULL))
        return 1;
    for (unsigned int i = 0; i < len; i++)
        snprintf(hex + 2 * i, 3, "%02x", md[i]);
    json_t *o = json_pack("{s:s, s:I}", "sha256_abc", hex,
                          "hwcap", (json_int_t)getauxval(AT_HWCAP));
    char *s = json_dumps(o, JSON_SORT_KEYS | JSON_COMPACT);
    if (!s)
        return 1;
    puts(s);
    free(s);
    json_decref(o);
    return 0;
}
EOF
    log "self-test: static hello-world with jansson + libcrypto"
    cmake -S "$T" -B "$T/build" -DCMAKE_TOOLCHAIN_FILE="$TOOLCHAIN" >"$T/configure.log" 2>&1 ||
        { cat "$T/configure.log" >&2; die "self-test: cmake configure failed"; }
    cmake --build "$T/build" >"$T/build.log" 2>&1 ||
        { cat "$T/build.log" >&2; die "self-test: build failed"; }
    is_static_aarch64 "$T/build/hello" || die "self-test: hello is not a static aarch64 binary"
    out="$("$QEMU_USER" "$T/build/hello")" || die "self-test: hello failed under $QEMU_USER"
    grep -q '"sha256_abc":"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"' <<<"$out" ||
        die "self-test: unexpected output: $out"
    log "self-test ok: $out"
    rm -rf "$T"
    trap - EXIT
fi
[ "$PROJECT" = 1 ] || exit 0

# ------------------------------------------------------------------ the project
[ "$CLEAN" = 1 ] && rm -rf "$BUILD"
log "configuring $BUILD"
# The backends whose arm64 libraries this script installs, and none other: a
# library installed only for the build machine must not be taken (find_library
# and the config tools can see the host's).
cmake -S "$REPO_ROOT" -B "$BUILD" -DCMAKE_TOOLCHAIN_FILE="$TOOLCHAIN" \
    -DCRYPTOMETER_STATIC=ON -DCRYPTOMETER_BACKEND_DEFAULT=OFF -DCRYPTOMETER_REF=AUTO \
    -DCRYPTOMETER_SYSTEM=AUTO -DCRYPTOMETER_OPENSSL=AUTO -DCRYPTOMETER_AFALG=AUTO \
    "${EXTRA[@]}" >&2 || die "cmake configure failed (see above)"
log "building"
cmake --build "$BUILD" -j "$(nproc)" >&2 || die "build failed (see above)"
BIN="$BUILD/cryptometer"
[ -x "$BIN" ] || die "no $BIN after the build"
is_static_aarch64 "$BIN" || die "$BIN is not one static aarch64 binary"
"$QEMU_USER" "$BIN" --version >&2 || log "warning: '$BIN --version' failed under $QEMU_USER"
echo "$BIN"
