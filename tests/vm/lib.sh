# tests/vm/lib.sh — helpers shared by the VM scripts in tests/vm/ (sourced, not run).
#
# Provides: the cache directory, logging, idempotent apt-get installs (native and
# arm64 multiarch), and the name of the qemu user-mode binary for aarch64.
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
# apt_update_once — apt-get update at most once per script run.
apt_update_once() {
    if [ "$_APT_UPDATED" = 0 ]; then
        log "apt-get update"
        apt-get update -qq >&2 || die "apt-get update failed"
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

# ensure_arm64_arch — enable the arm64 dpkg architecture (multiarch) once.
ensure_arm64_arch() {
    if ! dpkg --print-foreign-architectures | grep -qx arm64; then
        log "dpkg --add-architecture arm64"
        as_root dpkg --add-architecture arm64
        _APT_UPDATED=0
        apt_update_once
    fi
}

# qemu_user_aarch64 — print the path of qemu's aarch64 user-mode emulator, or nothing.
qemu_user_aarch64() {
    command -v qemu-aarch64 2>/dev/null || command -v qemu-aarch64-static 2>/dev/null || true
}
