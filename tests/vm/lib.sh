# tests/vm/lib.sh — helpers shared by the VM scripts in tests/vm/ (sourced, not run).
#
# Provides: the cache directory, logging, idempotent apt-get installs (native and
# arm64 and armhf multiarch), the qemu user-mode binaries for aarch64 and arm, and
# the unpacked libssl-dev:armhf.
# Every download lives under ${CRYPTOMETER_VM_CACHE:-$HOME/.cache/cryptometer-vm},
# never in the repository.

VM_CACHE="${CRYPTOMETER_VM_CACHE:-$HOME/.cache/cryptometer-vm}"
VM_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$VM_DIR/../.." && pwd)"

# log MSG... — one line on stderr, prefixed with the calling script's name.
log() { printf '%s: %s\n' "$(basename "$0")" "$*" >&2; }

# die MSG... — log and exit 1.
die() { log "error: $*"; exit 1; }

# pkg_installed PKG — true when dpkg says PKG (may carry :arch) is installed.
pkg_installed() {
    [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null || true)" = installed ]
}

_APT_UPDATED=0
# apt_update_once — apt-get update at most once per script run. One index that fails to
# download (a mirror in mid-sync) leaves the others usable: said, and ensure_pkgs says
# what it then cannot install.
apt_update_once() {
    if [ "$_APT_UPDATED" = 0 ]; then
        log "apt-get update"
        apt-get update -qq >&2 || log "warning: apt-get update reported errors (above); going on"
        _APT_UPDATED=1
    fi
}

# as_root CMD... — run CMD as root (directly when we are root, else through sudo).
as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# ensure_pkgs PKG... — install the packages that are not installed yet.
ensure_pkgs() {
    local missing=() p
    for p in "$@"; do pkg_installed "$p" || missing+=("$p"); done
    [ ${#missing[@]} -eq 0 ] && return 0
    log "installing: ${missing[*]}"
    apt_update_once
    as_root env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2 ||
        die "apt-get install ${missing[*]} failed"
}

# ensure_foreign_arch ARCH — enable the dpkg architecture ARCH (multiarch) once.
ensure_foreign_arch() {
    if ! grep -qx "$1" < <(dpkg --print-foreign-architectures); then
        log "dpkg --add-architecture $1"
        as_root dpkg --add-architecture "$1"
        _APT_UPDATED=0   # the new architecture's lists
        apt_update_once
    fi
}

# ensure_arm64_arch — enable the arm64 dpkg architecture (multiarch) once.
ensure_arm64_arch() { ensure_foreign_arch arm64; }

# qemu_user_aarch64 — print the path of qemu's aarch64 user-mode emulator, or nothing.
qemu_user_aarch64() {
    command -v qemu-aarch64 2>/dev/null || command -v qemu-aarch64-static 2>/dev/null || true
}

# qemu_user_arm — print the path of qemu's 32-bit ARM user-mode emulator, or nothing.
qemu_user_arm() {
    command -v qemu-arm 2>/dev/null || command -v qemu-arm-static 2>/dev/null || true
}

# armhf_openssl_candidate — the version of libssl-dev:armhf apt would install, or nothing.
armhf_openssl_candidate() {
    apt-cache policy libssl-dev:armhf 2>/dev/null | sed -n 's/^ *Candidate: //p' | grep -v '^(none)$' || true
}

# armhf_openssl_tree — unpack Debian's libssl-dev:armhf under the cache (once per
# version) and print the tree's root. Unpacked, not installed: Multi-Arch: same
# makes libssl-dev:armhf need libssl3:armhf at the host libssl3's exact version,
# which an archive in mid-sync (or a host upgraded from -security) cannot give.
# The .pc files' prefix is rewritten to the tree, so pkg-config points there.
armhf_openssl_tree() {
    local ver tree deb
    ver="$(armhf_openssl_candidate)"
    if [ -z "$ver" ]; then
        # apt's lists being rewritten (another apt-get update) or not fetched yet: a tree
        # unpacked before serves; else update and ask again
        tree="$(ls -d "$VM_CACHE"/armhf-openssl/*/.done 2>/dev/null | sort -V | tail -n 1)"
        [ -z "$tree" ] || { dirname "$tree"; return 0; }
        apt_update_once
        ver="$(armhf_openssl_candidate)"
    fi
    [ -n "$ver" ] || die "apt knows no libssl-dev:armhf"
    tree="$VM_CACHE/armhf-openssl/$ver"
    if [ ! -f "$tree/.done" ]; then
        log "unpacking libssl-dev:armhf $ver into $tree"
        rm -rf "$tree" && mkdir -p "$tree/deb"
        (cd "$tree/deb" && apt-get download -qq "libssl-dev:armhf=$ver" >&2) ||
            die "apt-get download libssl-dev:armhf=$ver failed"
        deb="$(ls "$tree"/deb/*.deb)"
        dpkg-deb -x "$deb" "$tree" || die "dpkg-deb -x $deb failed"
        sed -i "s|^prefix=.*|prefix=$tree/usr|" "$tree"/usr/lib/arm-linux-gnueabihf/pkgconfig/*.pc
        rm -rf "$tree/deb" && touch "$tree/.done"
    fi
    echo "$tree"
}

# build_cross_test BUILD TOOLCHAIN — configure BUILD once (the directory is the cache) as
# a static test build of the ref and openssl backends with TOOLCHAIN, then build it
# incrementally; the logs are BUILD.configure.log and BUILD.build.log.
build_cross_test() {
    if [ ! -f "$1/CMakeCache.txt" ]; then
        log "configuring $1"
        cmake -S "$REPO_ROOT" -B "$1" -DCMAKE_TOOLCHAIN_FILE="$2" \
            -DCRYPTOMETER_STATIC=ON -DCRYPTOMETER_TEST_BACKENDS=ON -DCRYPTOMETER_WERROR=ON \
            -DCRYPTOMETER_BACKEND_DEFAULT=OFF -DCRYPTOMETER_REF=ON -DCRYPTOMETER_OPENSSL=ON \
            >"$1.configure.log" 2>&1 || { cat "$1.configure.log" >&2; die "configure failed"; }
    fi
    log "building $1"
    cmake --build "$1" -j "$(nproc)" >"$1.build.log" 2>&1 ||
        { tail -40 "$1.build.log" >&2; die "build failed ($1.build.log)"; }
}
