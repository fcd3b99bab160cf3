#!/bin/bash
# tests/vm/run-in-vm.sh — run one command inside a real Debian kernel under qemu-system.
#
# Usage:
#   tests/vm/run-in-vm.sh --arch x86_64|arm64|armhf [--cpu max|cortex-a53|cortex-a72|...]
#       [--smp N] [--mem MiB] [--modules "af_alg algif_hash ..."]... [--rng]
#       [--file SRC[:DEST]]... [--record DIR] [--timeout SECONDS] [--append KARGS]
#       [--accel tcg|kvm] [--kernel bookworm|sid] [--verbose] [--keep] -- COMMAND [ARG...]
#
# What it does:
#   1. Gets the kernel, its modules and a static busybox of the right architecture
#      (tests/vm/fetch-kernels.sh, cached under ${CRYPTOMETER_VM_CACHE:-~/.cache/cryptometer-vm}).
#      --kernel sid boots Debian sid's kernel instead (Linux 7.2 and later;
#      fetch-kernels.sh --kernel sid;
#      the x86_64 one as its bzImage), with the same busybox.
#   2. Builds a small gzip'ed cpio initramfs: busybox, the --modules named (spelled with
#      '-' or '_') and their dependencies from modules.dep in load order (.ko.xz/.zst/.gz
#      are decompressed on the host, so busybox insmod only sees plain .ko), the --file
#      copies (e.g. a static cryptometer binary; DEST defaults to /basename), and an /init.
#   3. /init mounts proc, sysfs, devtmpfs and tmpfs(/tmp), insmods the modules (a module
#      that fails to load, e.g. sha3-ce on a CPU without SHA3, is reported and skipped),
#      records the /proc+/sys subset if --record, runs COMMAND with stdin </dev/null,
#      prints its stdout, stderr (base64, byte-exact) and exit code between markers that
#      carry a random nonce, and powers off.
#   4. Boots it: x86_64 with qemu-system-x86_64 -M pc -cpu max (TCG by default),
#      console=ttyS0; arm64 with qemu-system-aarch64 -M virt -cpu CPU -smp 4,
#      console=ttyAMA0; armhf (Debian's armmp kernel) with qemu-system-arm -M virt -cpu CPU
#      (cortex-a15, cortex-a7, or max: ARMv8 in AArch32 with the AES/SHA instructions) -smp 2,
#      console=ttyAMA0. No display, serial console on a pipe, -no-reboot, panic=-1,
#      killed after --timeout seconds (default 180, or $CRYPTOMETER_VM_TIMEOUT).
#   5. Prints COMMAND's stdout on stdout and its stderr on stderr, and exits with its
#      exit code. Module-load lines ("cm-vm: insmod ...") go to stderr.
#   A kernel that dies before it runs /init (no /init marker on the console: COMMAND never
#   ran) is booted once more, with a line saying so on stderr.
#
# Speed (2-core x86_64 host, TCG): x86_64 ~3.5 s to boot and power off (the ELF vmlinux
# is booted through PVH; the xz bzImage takes ~8 s); arm64 cortex-a53/a72 ~3 s;
# arm64 -cpu max ~17 s because the architected pointer-authentication algorithm (QARMA)
# is slow to emulate: `--cpu max,pauth-impdef=on` boots in ~5 s with the same MIDR and
# the same /proc/cpuinfo Features.
#
# --rng adds a virtio-rng-pci device and loads virtio_pci + virtio_rng, so hw_random has a
# real source (rng_current = virtio_rng.0) as on a board with a hardware RNG.
# --record DIR writes into DIR (replacing DIR/proc, DIR/sys and DIR/dev.txt only):
#   proc/{cpuinfo,crypto,loadavg,stat,meminfo,swaps,version}
#   sys/devices/system/cpu/{online,possible,present}
#   sys/devices/system/cpu/cpuN/regs/identification/{midr_el1,revidr_el1}
#   sys/devices/system/cpu/cpuN/topology/{cluster_id,core_id,physical_package_id,
#                                         cluster_cpus_list,core_cpus_list}
#   sys/devices/system/cpu/cpuN/cpufreq/* and .../cpufreq/policy*/*   (when present)
#   sys/class/thermal/thermal_zone*/{type,temp}                        (when present)
#   sys/devices/virtual/misc/hw_random/{rng_current,rng_available,rng_selected,rng_quality}
#   dev.txt  (ls -1A /dev)
# Every file is read with cat (symlinks followed) into a real file; sysfs files cannot
# be copied with cp -r or tar directly (they report a size of 4096).
#
# Exit codes: COMMAND's, or 125 when the VM itself failed (no markers: boot failure,
# timeout, kernel panic); the console log is then shown on stderr.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage() { sed -n '2,53p' "$0" >&2; exit 2; }

ARCH=""
CPU=max
SMP=""
MEM=""
MODULES=()
FILES=()
RECORD=""
TIMEOUT="${CRYPTOMETER_VM_TIMEOUT:-180}"
APPEND=""
ACCEL=tcg
VERBOSE=0
KEEP=0
RNG=0
KSET=bookworm
while [ $# -gt 0 ]; do
    case "$1" in
        --arch) ARCH="$2"; shift 2 ;;
        --cpu) CPU="$2"; shift 2 ;;
        --smp) SMP="$2"; shift 2 ;;
        --mem) MEM="$2"; shift 2 ;;
        --modules) read -r -a _m <<<"$2"; MODULES+=("${_m[@]}"); shift 2 ;;
        --file) FILES+=("$2"); shift 2 ;;
        --record) RECORD="$2"; shift 2 ;;
        --timeout) TIMEOUT="$2"; shift 2 ;;
        --append) APPEND="$2"; shift 2 ;;
        --accel) ACCEL="$2"; shift 2 ;;
        --rng) RNG=1; shift ;;
        --kernel) KSET="$2"; shift 2 ;;
        --verbose) VERBOSE=1; shift ;;
        --keep) KEEP=1; shift ;;
        -h|--help) usage ;;
        --) shift; break ;;
        *) log "unknown argument: $1"; usage ;;
    esac
done
CMD=("$@")
[ -n "$ARCH" ] || { log "--arch is required"; usage; }
if [ ${#CMD[@]} -eq 0 ]; then
    [ -n "$RECORD" ] || { log "no COMMAND given (after --)"; usage; }
    CMD=(true)
fi

# ------------------------------------------------------------------ per-arch settings
case "$ARCH" in
    x86_64)
        ensure_pkgs qemu-system-x86
        QEMU=qemu-system-x86_64
        CONSOLE=ttyS0
        SMP="${SMP:-2}"; MEM="${MEM:-512}"
        MACHINE=(-M pc -cpu "$CPU")
        PFX=X86_64 ;;
    arm64|aarch64)
        ARCH=arm64
        ensure_pkgs qemu-system-arm
        QEMU=qemu-system-aarch64
        CONSOLE=ttyAMA0
        SMP="${SMP:-4}"; MEM="${MEM:-1024}"
        MACHINE=(-M virt -cpu "$CPU")
        PFX=ARM64 ;;
    armhf)
        ensure_pkgs qemu-system-arm
        QEMU=qemu-system-arm
        CONSOLE=ttyAMA0
        SMP="${SMP:-2}"; MEM="${MEM:-512}"
        MACHINE=(-M virt -cpu "$CPU")
        PFX=ARMHF ;;
    *) die "--arch must be x86_64, arm64 or armhf" ;;
esac
ensure_pkgs cpio gzip

case "$KSET" in bookworm) KPFX="$PFX" ;; sid) KPFX="${PFX}_SID" ;; *) die "--kernel must be bookworm or sid" ;; esac
ENV_FILE="$VM_CACHE/kernels.env"
_need_fetch=1
if [ -r "$ENV_FILE" ]; then
    # shellcheck disable=SC1090
    . "$ENV_FILE"
    _k="${KPFX}_KERNEL"; _d="${KPFX}_MODDIR"; _b="${PFX}_BUSYBOX"
    [ -r "${!_k:-/nonexistent}" ] && [ -r "${!_d:-/nonexistent}/modules.dep" ] &&
        [ -x "${!_b:-/nonexistent}" ] && _need_fetch=0
fi
if [ "$_need_fetch" = 1 ]; then
    "$VM_DIR/fetch-kernels.sh" --arch "$ARCH" >/dev/null
    [ "$KSET" = bookworm ] || "$VM_DIR/fetch-kernels.sh" --arch "$ARCH" --kernel "$KSET" >/dev/null
    # shellcheck disable=SC1090
    . "$ENV_FILE"
fi
_k="${KPFX}_KERNEL"; _d="${KPFX}_MODDIR"; _b="${PFX}_BUSYBOX"
KERNEL="${!_k}"; MODDIR="${!_d}"; BUSYBOX="${!_b}"
# x86_64: boot the extracted ELF vmlinux through PVH when there is one (no xz
# decompression under TCG: ~3.5 s instead of ~8 s).
if [ "$ARCH" = x86_64 ] && [ "$KSET" = bookworm ] && [ -s "${X86_64_VMLINUX:-}" ]; then KERNEL="$X86_64_VMLINUX"; fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/cm-vm.XXXXXX")"
cleanup() { if [ "$KEEP" = 1 ]; then log "kept $WORK"; else rm -rf "$WORK"; fi; }
trap cleanup EXIT
ROOT="$WORK/root"
mkdir -p "$ROOT"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,tmp,etc,lib/modules}
install -m 0755 "$BUSYBOX" "$ROOT/bin/busybox"

# ------------------------------------------------------------------ modules
[ "$RNG" = 1 ] && MODULES+=(virtio_pci virtio_rng)

declare -A MOD_PATH=() MOD_DEPS=() MOD_ADDED=() BUILTIN=()
ORDER=()
norm() { local n="${1##*/}"; n="${n%%.ko*}"; echo "${n//-/_}"; }
if [ ${#MODULES[@]} -gt 0 ]; then
    # One awk pass (not a fork per line): "name<TAB>path<TAB>deps".
    while IFS=$'\t' read -r n p d; do
        MOD_PATH[$n]="$p"
        MOD_DEPS[$n]="$d"
    done < <(awk -F': *' '{n=$1; sub(/.*\//, "", n); sub(/\.ko.*/, "", n); gsub(/-/, "_", n);
                           print n "\t" $1 "\t" $2}' "$MODDIR/modules.dep")
    if [ -r "$MODDIR/modules.builtin" ]; then
        while read -r n; do BUILTIN[$n]=1; done < <(awk '{sub(/.*\//, ""); sub(/\.ko.*/, "");
                                                         gsub(/-/, "_"); print}' "$MODDIR/modules.builtin")
    fi
fi

# add_module NAME — add NAME after all of its dependencies (depth first).
add_module() {
    local n d
    n="$(norm "$1")"
    [ -n "${MOD_ADDED[$n]:-}" ] && return 0
    if [ -z "${MOD_PATH[$n]:-}" ]; then
        if [ -n "${BUILTIN[$n]:-}" ]; then
            log "module $n is built into the kernel; nothing to load"
            MOD_ADDED[$n]=builtin
            return 0
        fi
        die "module $1 not found in $MODDIR/modules.dep"
    fi
    MOD_ADDED[$n]=1
    for d in ${MOD_DEPS[$n]}; do add_module "$d"; done
    ORDER+=("$n")
}
for m in "${MODULES[@]}"; do add_module "$m"; done

: >"$ROOT/etc/modules.list"
for n in "${ORDER[@]}"; do
    src="$MODDIR/${MOD_PATH[$n]}"
    dst="$ROOT/lib/modules/$n.ko"
    case "$src" in
        *.ko) cp "$src" "$dst" ;;
        *.ko.xz) ensure_pkgs xz-utils; xz -dc "$src" >"$dst" ;;
        *.ko.zst) ensure_pkgs zstd; zstd -qdc "$src" >"$dst" ;;
        *.ko.gz) gzip -dc "$src" >"$dst" ;;
        *) die "unknown module format: $src" ;;
    esac
    echo "$n" >>"$ROOT/etc/modules.list"
done

# ------------------------------------------------------------------ files
for spec in "${FILES[@]}"; do
    src="${spec%%:*}"
    if [ "$src" = "$spec" ]; then dest="/$(basename "$src")"; else dest="${spec#*:}"; fi
    case "$dest" in /*) ;; *) dest="/$dest" ;; esac
    [ -e "$src" ] || die "--file: $src does not exist"
    mkdir -p "$ROOT$(dirname "$dest")"
    cp -L -p "$src" "$ROOT$dest"
done

# ------------------------------------------------------------------ /init
NONCE="$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
M="CMVM-$NONCE"

# quote ARG — one single-quoted shell word.
quote() { printf "'%s'" "${1//\'/\'\\\'\'}"; }
{
    printf 'exec'
    for a in "${CMD[@]}"; do printf ' %s' "$(quote "$a")"; done
    printf '\n'
} >"$ROOT/etc/cmd.sh"
[ -n "$RECORD" ] && touch "$ROOT/etc/record"

cat >"$ROOT/init" <<EOF
#!/bin/busybox sh
# /init of a cryptometer test VM, written by tests/vm/run-in-vm.sh.
/bin/busybox --install -s
export PATH=/usr/local/sbin:/usr/local/bin:/sbin:/bin:/usr/sbin:/usr/bin HOME=/ TERM=dumb
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t tmpfs tmpfs /tmp
echo "$M-INIT"
while read -r m; do
    if insmod /lib/modules/\$m.ko 2>/tmp/insmod.err; then
        echo "cm-vm: insmod \$m ok"
    else
        echo "cm-vm: insmod \$m FAILED: \$(cat /tmp/insmod.err)"
    fi
done </etc/modules.list

# rec FILE — copy FILE (symlinks followed) to /rec/FILE when it is readable.
rec() {
    [ -f "\$1" ] || return 0
    mkdir -p "/rec\$(dirname "\$1")"
    if cat "\$1" >"/rec\$1.tmp" 2>/dev/null; then
        mv "/rec\$1.tmp" "/rec\$1"
    else
        rm -f "/rec\$1.tmp"
    fi
}
if [ -e /etc/record ]; then
    mkdir -p /rec
    for f in cpuinfo crypto loadavg stat meminfo swaps version; do rec /proc/\$f; done
    for f in online possible present; do rec /sys/devices/system/cpu/\$f; done
    for c in /sys/devices/system/cpu/cpu[0-9]*; do
        for f in regs/identification/midr_el1 regs/identification/revidr_el1 \\
                 topology/cluster_id topology/core_id topology/physical_package_id \\
                 topology/cluster_cpus_list topology/core_cpus_list; do
            rec \$c/\$f
        done
        for f in \$c/cpufreq/* \$c/cpufreq/stats/*; do rec \$f; done
    done
    for f in /sys/devices/system/cpu/cpufreq/policy*/* \\
             /sys/devices/system/cpu/cpufreq/policy*/stats/*; do
        rec \$f
    done
    for z in /sys/class/thermal/thermal_zone*; do rec \$z/type; rec \$z/temp; done
    h=\$(readlink -f /sys/class/misc/hw_random 2>/dev/null || true)
    [ -n "\$h" ] || h=/sys/devices/virtual/misc/hw_random
    for f in rng_current rng_available rng_selected rng_quality; do rec \$h/\$f; done
    ls -1A /dev >/rec/dev.txt
    echo "$M-RECORD-BEGIN"
    tar -C /rec -czf - . | base64
    echo "$M-RECORD-END"
fi

cd /
sh /etc/cmd.sh >/tmp/cmd.out 2>/tmp/cmd.err </dev/null
rc=\$?
echo "$M-STDOUT-BEGIN"
base64 </tmp/cmd.out
echo "$M-STDOUT-END"
echo "$M-STDERR-BEGIN"
base64 </tmp/cmd.err
echo "$M-STDERR-END"
echo "$M-EXIT \$rc"
sync
poweroff -f
EOF
chmod 0755 "$ROOT/init"

(cd "$ROOT" && find . -print0 | LC_ALL=C sort -z |
    cpio --null -o -H newc -R 0:0 --quiet | gzip -1 >"$WORK/initrd.gz")

# ------------------------------------------------------------------ boot
KARGS="console=$CONSOLE rdinit=/init panic=-1 oops=panic"
# x86: the kernel's IO-APIC timer check fails ("IO-APIC + timer doesn't work!", a panic)
# when TCG runs slowly on a loaded host; the emulated timer is right, so skip the check
[ "$ARCH" = x86_64 ] && KARGS="$KARGS no_timer_check"
[ "$VERBOSE" = 1 ] || KARGS="$KARGS quiet loglevel=1"
[ -n "$APPEND" ] && KARGS="$KARGS $APPEND"
QARGS=("${MACHINE[@]}" -accel "$ACCEL" -smp "$SMP" -m "$MEM"
    -nodefaults -no-user-config -display none -no-reboot
    -kernel "$KERNEL" -initrd "$WORK/initrd.gz" -append "$KARGS"
    -serial stdio)
[ "$RNG" = 1 ] && QARGS+=(-device virtio-rng-pci)
command -v "$QEMU" >/dev/null || die "$QEMU not found"

CONLOG="$WORK/console.log"
# boot — one boot of the VM: the console in $CONLOG (and $CONLOG.unix), qemu's exit in qrc.
boot() {
    log "booting $ARCH ($QEMU ${MACHINE[*]} -smp $SMP, $(basename "$KERNEL"), ${#ORDER[@]} modules)"
    start=$(date +%s.%N)
    set +e
    if [ "$VERBOSE" = 1 ]; then
        timeout -k 5 "$TIMEOUT" "$QEMU" "${QARGS[@]}" </dev/null 2>&1 | tee "$CONLOG" >&2
        qrc=${PIPESTATUS[0]}
    else
        timeout -k 5 "$TIMEOUT" "$QEMU" "${QARGS[@]}" </dev/null >"$CONLOG" 2>&1
        qrc=$?
    fi
    set -e
    end=$(date +%s.%N)
    log "VM ran for $(awk -v a="$start" -v b="$end" 'BEGIN{printf "%.1f", b-a}') s (qemu exit $qrc)"
    tr -d '\r' <"$CONLOG" >"$CONLOG.unix"
}
boot
# A kernel that dies before it runs /init (an oops in early boot under TCG, seen once in a
# sid kernel's sched_clock) ran nothing of ours: boot once more, and say so.
if ! grep -q "^$M-INIT\$" "$CONLOG.unix"; then
    log "the kernel did not reach /init (last console line: $(grep -v '^\s*$' "$CONLOG.unix" | tail -n1 | cut -c1-120)); booting once more"
    boot
fi
# section NAME — print the lines between the NAME markers.
section() {
    awk -v b="$M-$1-BEGIN" -v e="$M-$1-END" '$0==e{p=0} p{print} $0==b{p=1}' "$CONLOG.unix"
}
fail_vm() {
    log "error: $*"
    log "----- console log (last 60 lines) -----"
    tail -n 60 "$CONLOG.unix" >&2
    exit 125
}
if { [ "$qrc" = 124 ] || [ "$qrc" = 137 ]; } && ! grep -q "^$M-EXIT " "$CONLOG.unix"; then
    fail_vm "the VM did not finish within $TIMEOUT s (--timeout)"
fi
grep "^cm-vm: " "$CONLOG.unix" >&2 || true
rcline="$(grep -a "^$M-EXIT " "$CONLOG.unix" | tail -n1 || true)"
[ -n "$rcline" ] || fail_vm "no exit marker in the console output (boot failed or /init died; qemu exit $qrc)"
rc="${rcline##* }"

if [ -n "$RECORD" ]; then
    mkdir -p "$WORK/rec"
    section RECORD | base64 -d | tar -xzf - -C "$WORK/rec" ||
        fail_vm "could not decode the recorded tree"
    mkdir -p "$RECORD"
    rm -rf "$RECORD/proc" "$RECORD/sys" "$RECORD/dev.txt"
    cp -a "$WORK/rec/." "$RECORD/"
    log "recorded $(find "$WORK/rec" -type f | wc -l) files into $RECORD"
fi

section STDOUT | base64 -d || fail_vm "could not decode COMMAND's stdout"
section STDERR | base64 -d >&2 || fail_vm "could not decode COMMAND's stderr"
exit "$rc"
