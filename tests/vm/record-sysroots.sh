#!/bin/bash
# tests/vm/record-sysroots.sh — (re)record the /proc + /sys trees in tests/data/sysroots/.
#
# Usage: tests/vm/record-sysroots.sh [NAME...]
#   NAME is one of arm64-max arm64-cortex-a53 arm64-cortex-a72 x86_64-aesni (default: all).
#
# Each tree is recorded by tests/vm/run-in-vm.sh --record inside a Debian kernel under
# qemu-system (see that script for the list of files), after the listed modules are loaded.
# tests/data/sysroots/README.md is rewritten with, for each tree, the exact command,
# the kernel package and version, the qemu version and the date. Platform-detection code
# reads these trees as a fake root (e.g. <tree>/proc/cpuinfo) in unit tests.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

OUT="$REPO_ROOT/tests/data/sysroots"
ARM64_MODULES="aes-ce-cipher aes-ce-blk sha1-ce sha2-ce sha3-ce sha512-ce ghash-ce af_alg algif_hash algif_skcipher"
X86_MODULES="aesni_intel sha256_ssse3 af_alg algif_hash algif_skcipher"

# args_for NAME — print run-in-vm.sh's arguments for tree NAME, one per line.
args_for() {
    case "$1" in
        arm64-max) printf '%s\n' --arch arm64 --cpu max --smp 4 --rng --modules "$ARM64_MODULES" ;;
        arm64-cortex-a53) printf '%s\n' --arch arm64 --cpu cortex-a53 --smp 4 --rng --modules "$ARM64_MODULES" ;;
        arm64-cortex-a72) printf '%s\n' --arch arm64 --cpu cortex-a72 --smp 4 --rng --modules "$ARM64_MODULES" ;;
        x86_64-aesni) printf '%s\n' --arch x86_64 --cpu max --smp 2 --rng --modules "$X86_MODULES" ;;
        *) die "unknown tree: $1" ;;
    esac
}

NAMES=("$@")
[ ${#NAMES[@]} -gt 0 ] || NAMES=(arm64-max arm64-cortex-a53 arm64-cortex-a72 x86_64-aesni)
"$VM_DIR/fetch-kernels.sh" >/dev/null
# shellcheck disable=SC1090
. "$VM_CACHE/kernels.env"
mkdir -p "$OUT"
META="$OUT/.meta"
mkdir -p "$META"

for name in "${NAMES[@]}"; do
    mapfile -t args < <(args_for "$name")
    log "recording $name"
    "$VM_DIR/run-in-vm.sh" "${args[@]}" --record "$OUT/$name" -- true 2>"$META/$name.log" ||
        { cat "$META/$name.log" >&2; die "recording $name failed"; }
    arch="${args[1]}"
    if [ "$arch" = arm64 ]; then
        kpkg="$ARM64_KPKG"; qemu="$(qemu-system-aarch64 --version | head -n1)"
    else
        kpkg="$X86_64_KPKG"; qemu="$(qemu-system-x86_64 --version | head -n1)"
    fi
    cmd="tests/vm/run-in-vm.sh"
    for a in "${args[@]}"; do
        case "$a" in *' '*) cmd="$cmd \"$a\"" ;; *) cmd="$cmd $a" ;; esac
    done
    cmd="$cmd --record tests/data/sysroots/$name -- true"
    {
        echo "command: $cmd"
        echo "kernel: $(cat "$OUT/$name/proc/version")"
        echo "kernel package: $kpkg"
        echo "qemu: $qemu"
        echo "date: $(date -u +%Y-%m-%d)"
        echo "modules:"
        grep '^cm-vm: insmod' "$META/$name.log" | sed 's/^cm-vm: insmod /  /'
    } >"$META/$name.txt"
    rm -f "$META/$name.log"
done

# ------------------------------------------------------------------ README.md
{
    cat <<'EOF'
# Recorded /proc and /sys trees

Real Linux kernels (Debian's) under qemu-system, recorded by `tests/vm/run-in-vm.sh --record`
after the listed modules were loaded; regenerate with `tests/vm/record-sysroots.sh [NAME...]`,
which also rewrites this file. Platform-detection tests read each directory as a fake root:
`<tree>/proc/cpuinfo`, `<tree>/sys/devices/system/cpu/cpu0/regs/identification/midr_el1`, …

Each tree holds only these files (when the kernel has them; every file was read with `cat`,
symlinks followed, so `sys/devices/system/cpu/cpuN/cpufreq/` would be real files):

- `proc/{cpuinfo,crypto,loadavg,stat,meminfo,swaps,version}`
- `sys/devices/system/cpu/{online,possible,present}`
- `sys/devices/system/cpu/cpuN/regs/identification/{midr_el1,revidr_el1}` (arm64)
- `sys/devices/system/cpu/cpuN/topology/{cluster_id,core_id,physical_package_id,cluster_cpus_list,core_cpus_list}`
- `sys/devices/system/cpu/cpuN/cpufreq/*`, `sys/devices/system/cpu/cpufreq/policy*/*` —
  absent here: qemu's `virt` and `pc` machines have no cpufreq driver
- `sys/class/thermal/thermal_zone*/{type,temp}` — absent here: no thermal zones under qemu
- `sys/devices/virtual/misc/hw_random/{rng_current,rng_available,rng_selected,rng_quality}`
  (`--rng` gives the VM a virtio-rng-pci device, so `rng_current` is `virtio_rng.0`)
- `dev.txt`: `ls -1A /dev` inside the VM (device nodes cannot live in git)

What to expect from qemu's CPU models: `-cpu max` has every ARMv8 crypto extension (`aes pmull
sha1 sha2 sha3 sha512`, also sm3 sm4 sve2...) and MIDR 0x000f0510 (implementer 0x00, part
0x051: QEMU's own, not a real core); `cortex-a53` (MIDR 0x410fd034) and `cortex-a72`
(0x410fd083) have `aes pmull sha1 sha2` but not sha3/sha512, so `sha3-ce` and `sha512-ce`
fail to load there (listed below as FAILED). x86_64 `-cpu max` under TCG is an
`AuthenticAMD` "QEMU TCG CPU version 2.5+" with `aes pclmulqdq ssse3 sse4_1 avx avx2 vaes
rdrand` but without `sha_ni`, `vpclmulqdq`, `rdseed` or AVX-512 (qemu 7.2), so the best
kernel drivers are `cbc-aes-aesni` (400) and `sha256-avx2` (170). No tree has cpufreq,
so nothing here says what clock the cores ran at.

EOF
    for name in arm64-max arm64-cortex-a53 arm64-cortex-a72 x86_64-aesni; do
        [ -r "$META/$name.txt" ] || continue
        echo "## $name"
        echo
        sed -n 's/^command: \(.*\)/```sh\n\1\n```\n/p' "$META/$name.txt"
        sed -n 's/^kernel: \(.*\)/- kernel: `\1`/p; s/^kernel package: \(.*\)/- kernel package: `\1`/p;
                s/^qemu: \(.*\)/- qemu: `\1`/p; s/^date: \(.*\)/- recorded: \1/p' "$META/$name.txt"
        echo "- modules loaded (with dependencies, in order):"
        sed -n 's/^  \([^ ]*\) \(.*\)/  - `\1`: \2/p' "$META/$name.txt"
        echo
    done
} >"$OUT/README.md"
log "wrote $OUT/README.md"
