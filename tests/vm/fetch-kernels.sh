#!/bin/bash
# tests/vm/fetch-kernels.sh — get the Debian kernels and busybox binaries the VM tests boot.
#
# Usage: tests/vm/fetch-kernels.sh [--arch x86_64|arm64|armhf|all] [--kernel bookworm|sid] [--force]
#
# x86_64: Debian's kernel from the installed linux-image-amd64 (/boot/vmlinuz-<kver> and
#         /lib/modules/<kver>); when it is not installed, the same package is downloaded
#         and extracted into the cache instead (the host's kernel is never changed).
#         busybox: /bin/busybox from busybox-static (installed if missing).
# arm64:  linux-image-<abi>-arm64:arm64 — the same ABI as the amd64 kernel when the
#         archive has it, else what linux-image-arm64:arm64 depends on — downloaded with
#         `apt-get download` (multiarch arm64 is enabled if needed) and extracted with
#         dpkg-deb -x; busybox-static:arm64 is downloaded and extracted, not installed.
#         The deb ships no modules.dep, so depmod -b builds it in the extracted tree.
# armhf:  the same for linux-image-<abi>-armmp:armhf and busybox-static:armhf (qemu's virt
#         board boots Debian's multi-platform kernel; the DTB is qemu's own).
#
# Everything goes under ${CRYPTOMETER_VM_CACHE:-$HOME/.cache/cryptometer-vm}; the result is
# described by $CACHE/kernels.env (sourced by run-in-vm.sh):
#   <ARCH>_KERNEL  <ARCH>_MODDIR  <ARCH>_KVER  <ARCH>_KPKG  <ARCH>_BUSYBOX
# with ARCH = X86_64, ARM64 or ARMHF, and X86_64_VMLINUX: the ELF vmlinux extracted from the
# bzImage (qemu boots it through its PVH entry, ~4 s faster under TCG than the bzImage). Idempotent: a second run downloads nothing.
#
# --kernel sid: Debian sid's current kernels instead (Linux 7.2 and later, where AF_ALG is CPU-only
# and splice copies), beside bookworm's. Sid's kernel packages are split:
# linux-image-<ver>-<flavour> depends on linux-binary-<ver>-<flavour> (usr/lib/modules/<ver>/vmlinuz)
# and linux-modules-<ver>-<flavour>. Both are fetched with `apt-get download` through a private apt
# configuration under $CACHE/sid/apt that lists only sid (its own sources.list, lists and archives):
# the host's sources and packages are never changed. dpkg-deb -x extracts them and `depmod -b`
# builds modules.dep (they ship none, nor modules.builtin). The version is what sid's
# linux-image-amd64 / linux-image-arm64 depend on; the lists are refreshed once a day. Writes
# <ARCH>_SID_KERNEL <ARCH>_SID_MODDIR <ARCH>_SID_KVER <ARCH>_SID_KPKG (busybox stays bookworm's).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

ARCH=all
FORCE=0
KSET=bookworm
while [ $# -gt 0 ]; do
    case "$1" in
        --arch) ARCH="$2"; shift 2 ;;
        --kernel) KSET="$2"; shift 2 ;;
        --force) FORCE=1; shift ;;
        -h|--help) sed -n '2,32p' "$0"; exit 0 ;;
        *) die "unknown argument: $1" ;;
    esac
done
case "$ARCH" in x86_64|arm64|armhf|all) ;; *) die "--arch must be x86_64, arm64, armhf or all" ;; esac
[ "$KSET" = bookworm ] || [ "$ARCH" != armhf ] || die "--kernel sid: no armhf kernel is fetched (bookworm's armmp only)"
case "$KSET" in bookworm|sid) ;; *) die "--kernel must be bookworm or sid" ;; esac

mkdir -p "$VM_CACHE/debs"
ENV_FILE="$VM_CACHE/kernels.env"
touch "$ENV_FILE"

ensure_pkgs kmod cpio dpkg-dev

# set_env KEY VALUE — replace KEY's line in kernels.env.
set_env() {
    local tmp
    tmp="$(mktemp "$ENV_FILE.XXXXXX")"
    grep -v "^$1=" "$ENV_FILE" >"$tmp" || true
    printf '%s=%q\n' "$1" "$2" >>"$tmp"
    mv "$tmp" "$ENV_FILE"
}

# download_deb PKG[:ARCH] — print the path of PKG's .deb in the cache, downloading it once.
download_deb() {
    local pkg="$1" name ver arch deb
    ver="$(apt-cache policy "$pkg" | sed -n 's/^ *Candidate: //p')"
    if [ -z "$ver" ] || [ "$ver" = "(none)" ]; then
        apt_update_once
        ver="$(apt-cache policy "$pkg" | sed -n 's/^ *Candidate: //p')"
    fi
    { [ -n "$ver" ] && [ "$ver" != "(none)" ]; } || die "no candidate version for $pkg"
    name="${pkg%%:*}"
    arch="${pkg#*:}"; [ "$arch" = "$pkg" ] && arch="$(dpkg --print-architecture)"
    deb="$VM_CACHE/debs/${name}_${ver//:/%3a}_${arch}.deb"
    if [ ! -s "$deb" ] || [ "$FORCE" = 1 ]; then
        log "downloading $pkg=$ver"
        (cd "$VM_CACHE/debs" &&
            apt-get download -q -o APT::Sandbox::User=root "$pkg=$ver" >&2) ||
            die "apt-get download $pkg=$ver failed"
    fi
    [ -s "$deb" ] || deb="$(ls -t "$VM_CACHE/debs/${name}_"*"_${arch}.deb" | head -n1)"
    echo "$deb"
}

# extract_deb DEB DIR — dpkg-deb -x DEB into DIR once (a stamp file names the deb).
extract_deb() {
    local deb="$1" dir="$2" stamp
    stamp="$dir/.extracted-$(basename "$deb")"
    if [ ! -e "$stamp" ] || [ "$FORCE" = 1 ]; then
        log "extracting $(basename "$deb")"
        mkdir -p "$dir"
        dpkg-deb -x "$deb" "$dir"
        touch "$stamp"
    fi
}

# kernel_pkg_abi ARCH-SUFFIX DPKG-ARCH — print the linux-image-<abi>-<suffix> package
# that Debian's meta-package linux-image-<suffix> depends on.
kernel_pkg_of_meta() {
    apt-cache depends "linux-image-$1:$2" 2>/dev/null |
        sed -n "s/^ *Depends: \(linux-image-[0-9][^:]*-$1\)\(:$2\)\?\$/\1/p" | head -n1
}

# amd64_abi — the ABI (e.g. 6.1.0-56) of the installed amd64 kernel, or of the archive's.
amd64_abi() {
    local pkg
    pkg="$(dpkg-query -W -f='${Depends}' linux-image-amd64 2>/dev/null |
        grep -o 'linux-image-[0-9][^ ,]*-amd64' | head -n1 || true)"
    [ -n "$pkg" ] || pkg="$(kernel_pkg_of_meta amd64 amd64 || true)"
    pkg="${pkg#linux-image-}"
    echo "${pkg%-amd64}"
}

# extract_vmlinux BZIMAGE OUT — write the ELF vmlinux inside BZIMAGE to OUT when it has a
# PVH entry note (XEN_ELFNOTE_PHYS32_ENTRY). qemu boots that ELF directly (PVH), which
# skips the xz decompression that takes ~4 s under TCG. Returns 1 when not possible.
extract_vmlinux() {
    local img="$1" out="$2" magic cmd off
    for magic in 'xz:\xfd7zXZ\x00' 'zstd:\x28\xb5\x2f\xfd' 'gzip:\x1f\x8b\x08'; do
        cmd="${magic%%:*}"
        for off in $(LC_ALL=C grep -obUaP "${magic#*:}" "$img" | cut -d: -f1); do
            tail -c +$((off + 1)) "$img" | "$cmd" -dc >"$out.tmp" 2>/dev/null || true
            if [ "$(head -c 4 "$out.tmp" | od -An -tx1 | tr -d ' ')" = 7f454c46 ] &&
                grep -q 'Xen.*0x00000012\|Unknown note type: (0x00000012)' < <(readelf -n "$out.tmp" 2>/dev/null); then
                mv "$out.tmp" "$out"
                return 0
            fi
        done
    done
    rm -f "$out.tmp"
    return 1
}

# ---------------------------------------------------------------------------- x86_64
fetch_x86_64() {
    local abi kver pkg dir deb img
    abi="$(amd64_abi)"
    [ -n "$abi" ] || { apt_update_once; abi="$(amd64_abi)"; }
    [ -n "$abi" ] || die "cannot find Debian's amd64 kernel package"
    kver="$abi-amd64"
    pkg="linux-image-$kver"
    if [ "$(dpkg --print-architecture)" = amd64 ] && pkg_installed "$pkg" &&
        [ -r "/boot/vmlinuz-$kver" ] && [ -e "/lib/modules/$kver/modules.dep" ]; then
        log "x86_64: using the installed $pkg"
        img="/boot/vmlinuz-$kver"
        set_env X86_64_MODDIR "/lib/modules/$kver"
    else
        dir="$VM_CACHE/x86_64/root"
        deb="$(download_deb "$pkg:amd64")"
        extract_deb "$deb" "$dir"
        [ -e "$dir/lib/modules/$kver/modules.dep" ] ||
            depmod -b "$dir" -F "$dir/boot/System.map-$kver" "$kver"
        img="$dir/boot/vmlinuz-$kver"
        set_env X86_64_MODDIR "$dir/lib/modules/$kver"
    fi
    set_env X86_64_KERNEL "$img"
    set_env X86_64_KVER "$kver"
    local vmlinux="$VM_CACHE/x86_64/vmlinux-$kver"
    if [ ! -s "$vmlinux" ] || [ "$FORCE" = 1 ]; then
        ensure_pkgs binutils xz-utils zstd
        mkdir -p "$VM_CACHE/x86_64"
        log "extracting the ELF vmlinux from $img (PVH boot)"
        extract_vmlinux "$img" "$vmlinux" || log "no PVH vmlinux in $img; qemu will boot the bzImage"
    fi
    if [ -s "$vmlinux" ]; then set_env X86_64_VMLINUX "$vmlinux"; else set_env X86_64_VMLINUX ""; fi
    set_env X86_64_KPKG "$pkg=$(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null ||
        apt-cache policy "$pkg:amd64" | sed -n 's/^ *Candidate: //p')"
    if [ "$(dpkg --print-architecture)" = amd64 ]; then
        ensure_pkgs busybox-static
        set_env X86_64_BUSYBOX /bin/busybox
    else
        deb="$(download_deb busybox-static:amd64)"
        extract_deb "$deb" "$VM_CACHE/x86_64/busybox"
        set_env X86_64_BUSYBOX "$VM_CACHE/x86_64/busybox/bin/busybox"
    fi
}

# ---------------------------------------------------------------------------- arm64, armhf
# fetch_arm DPKG-ARCH FLAVOUR PREFIX — Debian's linux-image-<abi>-FLAVOUR:DPKG-ARCH (the amd64
# kernel's ABI when the archive has it, else what the meta-package depends on) and
# busybox-static:DPKG-ARCH, downloaded and extracted under $VM_CACHE/DPKG-ARCH; depmod -b.
# arm64: flavour arm64; armhf: armmp (the multi-platform kernel that boots on qemu's virt).
fetch_arm() {
    local darch="$1" flavour="$2" pfx="$3" abi pkg kver dir deb ver
    ensure_foreign_arch "$darch"
    abi="$(amd64_abi || true)"
    pkg=""
    if [ -n "$abi" ] && apt-cache show "linux-image-$abi-$flavour:$darch" >/dev/null 2>&1; then
        pkg="linux-image-$abi-$flavour"
    else
        pkg="$(kernel_pkg_of_meta "$flavour" "$darch")"
        [ -n "$pkg" ] || { apt_update_once; pkg="$(kernel_pkg_of_meta "$flavour" "$darch")"; }
    fi
    [ -n "$pkg" ] || die "cannot find Debian's $darch kernel package (apt-cache depends linux-image-$flavour:$darch)"
    kver="${pkg#linux-image-}"
    dir="$VM_CACHE/$darch/root"
    deb="$(download_deb "$pkg:$darch")"
    extract_deb "$deb" "$dir"
    if [ ! -e "$dir/lib/modules/$kver/modules.dep" ] || [ "$FORCE" = 1 ]; then
        log "depmod for $kver"
        depmod -b "$dir" -F "$dir/boot/System.map-$kver" "$kver"
    fi
    ver="$(apt-cache policy "$pkg:$darch" | sed -n 's/^ *Candidate: //p')"
    set_env "${pfx}_KERNEL" "$dir/boot/vmlinuz-$kver"
    set_env "${pfx}_MODDIR" "$dir/lib/modules/$kver"
    set_env "${pfx}_KVER" "$kver"
    set_env "${pfx}_KPKG" "$pkg:$darch=$ver"

    deb="$(download_deb "busybox-static:$darch")"
    extract_deb "$deb" "$VM_CACHE/$darch/busybox"
    set_env "${pfx}_BUSYBOX" "$VM_CACHE/$darch/busybox/bin/busybox"
}

# ---------------------------------------------------------------------------- sid
SID="$VM_CACHE/sid"
APT_OPTS=(-o Dir::Etc::sourcelist="$SID/apt/sources.list" -o Dir::Etc::sourceparts=/nonexistent
    -o Dir::State::Lists="$SID/apt/lists" -o Dir::Cache="$SID/apt/cache"
    -o APT::Architectures::=amd64 -o APT::Architectures::=arm64 -o APT::Sandbox::User=root)

# sid_lists — sid's package lists in the private configuration, refreshed when older than a day.
sid_lists() {
    ensure_pkgs xz-utils
    mkdir -p "$SID/apt/lists/partial" "$SID/apt/cache/archives/partial" "$SID/debs"
    echo "deb http://deb.debian.org/debian sid main" >"$SID/apt/sources.list"
    if [ "$FORCE" = 1 ] || [ -z "$(find "$SID/apt/lists" -maxdepth 1 -name '*_Packages*' -mtime -1 2>/dev/null)" ]; then
        log "apt-get update (sid only, private lists under $SID/apt)"
        apt-get "${APT_OPTS[@]}" update -qq >&2 || die "apt-get update of sid's lists failed"
    fi
}

# fetch_sid FLAVOUR DPKG-ARCH PREFIX — download, extract and depmod sid's kernel of that flavour.
fetch_sid() {
    local flavour="$1" darch="$2" pfx="$3" image kver ver dir deb p
    image="$(apt-cache "${APT_OPTS[@]}" depends "linux-image-$flavour:$darch" 2>/dev/null |
        sed -n "s/^ *Depends: \(linux-image-[0-9][^:]*-$flavour\)\(:$darch\)\?\$/\1/p" | head -n1)"
    [ -n "$image" ] || die "sid has no linux-image-$flavour:$darch"
    kver="${image#linux-image-}"
    ver="$(apt-cache "${APT_OPTS[@]}" policy "$image:$darch" | sed -n 's/^ *Candidate: //p')"
    dir="$SID/$darch"
    for p in "linux-binary-$kver" "linux-modules-$kver"; do
        deb="$SID/debs/${p}_${ver//:/%3a}_$darch.deb"
        if [ ! -s "$deb" ] || [ "$FORCE" = 1 ]; then
            log "downloading $p:$darch=$ver"
            (cd "$SID/debs" && apt-get "${APT_OPTS[@]}" download -q "$p:$darch=$ver" >&2) ||
                die "apt-get download $p:$darch=$ver failed"
        fi
        if [ ! -e "$dir/.extracted-$(basename "$deb")" ]; then
            log "extracting $(basename "$deb")"
            mkdir -p "$dir"
            dpkg-deb -x "$deb" "$dir"
            touch "$dir/.extracted-$(basename "$deb")"
        fi
    done
    # depmod -b wants DIR/lib/modules; the packages use usr/lib/modules.
    [ -e "$dir/lib" ] || ln -s usr/lib "$dir/lib"
    [ -s "$dir/usr/lib/modules/$kver/modules.dep" ] || depmod -b "$dir" "$kver" 2>/dev/null
    set_env "${pfx}_SID_KERNEL" "$dir/usr/lib/modules/$kver/vmlinuz"
    set_env "${pfx}_SID_MODDIR" "$dir/usr/lib/modules/$kver"
    set_env "${pfx}_SID_KVER" "$kver"
    set_env "${pfx}_SID_KPKG" "$image:$darch=$ver"
}

if [ "$KSET" = sid ]; then
    sid_lists
    case "$ARCH" in
        x86_64) fetch_sid amd64 amd64 X86_64 ;;
        arm64) fetch_sid arm64 arm64 ARM64 ;;
        all) fetch_sid amd64 amd64 X86_64; fetch_sid arm64 arm64 ARM64 ;;
    esac
else
    case "$ARCH" in
        x86_64) fetch_x86_64 ;;
        arm64) fetch_arm arm64 arm64 ARM64 ;;
        armhf) fetch_arm armhf armmp ARMHF ;;
        all) fetch_x86_64; fetch_arm arm64 arm64 ARM64; fetch_arm armhf armmp ARMHF ;;
    esac
fi

log "wrote $ENV_FILE"
cat "$ENV_FILE"
