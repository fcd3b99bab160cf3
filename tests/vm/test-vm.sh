#!/bin/bash
# tests/vm/test-vm.sh — the VM checks CI runs: cryptometer `detect` on real kernels and
# CPUs we do not have, under qemu. A few minutes in total (mostly the two builds).
#
# Usage: tests/vm/test-vm.sh [--only a,b,c] [--no-build]
#   --only      run only these checks (a, b, c; default all)
#   --no-build  use the binaries already built (or given below) instead of (re)building
# Environment:
#   CRYPTOMETER_X86_64_BIN   static x86_64 binary (default build-static/cryptometer, built by
#                            cmake -S . -B build-static -DCRYPTOMETER_STATIC=ON && cmake --build build-static)
#   CRYPTOMETER_AARCH64_BIN  static aarch64 binary (default build-aarch64/cryptometer, built by
#                            tests/vm/cross-build-aarch64.sh)
#   CRYPTOMETER_VM_REQUIRE=1 turn every SKIP into a failure (for CI that must run them)
#   CRYPTOMETER_VM_KEEP=1    keep the directory of the VMs' outputs (its path is in the log)
#
# Checks:
#   (a) x86_64 VM (-cpu max, TCG) with af_alg algif_hash algif_skcipher aesni_intel
#       sha256_ssse3: `detect --json` says AF_ALG is available, lists a driver for sha256,
#       and the kernel selects cbc-aes-aesni for cbc(aes).
#   (a2) the same VM with af_alg algif_skcipher aesni_intel only: AF_ALG available (not
#       "blocked"), the hash interface refused with its reason, skcipher bound.
#   In every check: the "cpu" verdict is "emulated-cpu" and nothing concludes that crypto
#   extensions are "absent or unused" (the timings are the emulator's).
#   (b) arm64 VM -cpu max with aes-ce-blk (+ sha1/sha2/sha3/sha512/ghash -ce, af_alg...):
#       features aes pmull sha1 sha2 sha3 sha512 present, MIDR 0x000f0510 and the core
#       name data/cpu_cores.json gives for it (or none, if the table has no entry),
#       cbc-aes-ce selected for cbc(aes).
#   (b2) arm64 VM -cpu cortex-a72, same modules: core name "Cortex-A72" from MIDR
#       0x410fd083 (looked up in data/cpu_cores.json), aes pmull sha1 sha2 present,
#       sha3 sha512 absent, cbc-aes-ce selected.
#   (c) qemu-aarch64 user mode (default CPU = max): `detect --json` reports arch aarch64
#       and the hwcaps aes pmull sha1 sha2 sha3 sha512 present;
#   (c2) qemu-aarch64 -cpu cortex-a53: aes pmull sha1 sha2 present, sha3 sha512 absent.
#   (d) x86_64 VM with crypto_user af_alg algif_hash algif_skcipher algif_aead algif_rng drbg
#       ecb ctr xts aesni_intel: `verify --backends afalg` passes vectors and cross-check for cbc(aes)
#       through the kernel's choice, cbc-aes-aesni and cbc(aes-generic), each on both data
#       paths (copy and .splice: same vectors, same reference, so the same bytes), for sha256,
#       gcm(aes), ctr(aes), xts(aes) and ecb(aes) (kernel's choice; ctr(aes-generic),
#       ecb(aes-generic) and xts(ecb(aes-generic)), the name the kernel gives XTS over the
#       generic AES; modules ecb ctr xts loaded), and the self-check of stdrng (the kernel's DRBG); `run` (tiny --time) gives ok records of cbc(aes) at 16 B and 64 KiB whose
#       served_by names the driver (the kernel's choice: cbc-aes-aesni) with CPU user and
#       system time; OpenSSL's afalg engine variant (openssl:afalg-engine) passes and runs,
#       served_by naming the engine.
#   (e) arm64 VM (-cpu max,pauth-impdef=on) the same with cbc-aes-ce (aes-ce-blk).
#   (f) x86_64 VM, modules of (d): `sweep --quick` of aes-128-cbc encryption (chunks 16 B,
#       256 B, 4 KiB, 64 KiB; total 256 KiB) through afalg:kernel, afalg:cbc(aes-generic),
#       OpenSSL's evp and afalg-engine, and ref:portable gives one ok record per (path, chunk,
#       total) with 3 repetitions, CPU user and system time and CPU time per GB; the kernel
#       path is served by cbc-aes-aesni; the document has a crossover entry for each afalg
#       path against openssl:evp, compared at every chunk. The figures and the crossover
#       sentences are printed (TCG: not a real machine's).
#   (g) Debian sid's kernels (7.2 or later; fetch-kernels.sh --kernel sid), x86_64 and arm64:
#       detect says AF_ALG is restricted (CPU-only, splice copies: tested, not only the version),
#       states the deprecation, and calls the CPU driver reachable; afalg lists its cipher splice
#       rows as .splice-copy (none as .splice), which pass vectors. (a) and (b) also check that
#       bookworm's 6.1 is not CPU-only (an asynchronous driver binds on x86_64).
# The arm64 "max" VM runs as -cpu max,pauth-impdef=on: the same MIDR, ID registers
# for crypto and /proc/cpuinfo Features, but 3.5x faster under TCG (the architected
# QARMA pointer-authentication algorithm is slow to emulate: 17 s vs 5 s to boot).
#
# Exit status: 0 all passed (or skipped, loudly), 1 a check failed, 2 bad usage.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# =============================================================================
# ASSUMPTIONS about the output of `cryptometer detect --json` — adjust HERE only.
# From src/platform/platform.h and docs/result-format.md at the time of writing:
#   .cpu.arch                      "x86_64" | "aarch64"
#   .cpu.features[]                {name, present, source, ...}; name in /proc/cpuinfo
#                                  spelling ("aes", "pmull", "sha512", "pclmulqdq")
#   .cpu.clusters[]                {core_name, midr, ...}; midr a number or a hex string,
#                                  core_name "" or null when the table has no name
#   .kernel_crypto.af_alg          {available: true|false, reason}
#   .verdicts[]                    {id: "cpu"|"aes-score"|..., code, message} (docs/detect.md,
#                                  Verdicts); under TCG the "cpu" one is "emulated-cpu"
#   .kernel_crypto ... drivers     somewhere below .kernel_crypto (today:
#                                  .kernel_crypto.algorithms[]), objects with name = the
#                                  algorithm ("sha256", "cbc(aes)") and the kernel's choice
#                                  as selected: "driver" (today), or drivers[] {driver,
#                                  selected: true}, or driver + selected: true (a flat
#                                  list), or selected_driver.
# =============================================================================
JQ_DEFS='
def af_alg_available: .kernel_crypto.af_alg.available == true;
def alg_entries($a): [.kernel_crypto | .. | objects | select(.name? == $a)];
def drivers_for($a):
    [alg_entries($a)[] | (.driver? // empty), (.drivers[]? | if type == "object" then .driver else . end)]
    | map(select(type == "string")) | unique;
def selected_driver_for($a):
    [alg_entries($a)[] | (.selected_driver? // empty),
                         (.selected? | strings),
                         (select(.selected? == true) | .driver),
                         (.drivers[]? | objects | select(.selected? == true) | .driver)]
    | map(select(type == "string")) | first;
def feature_present($f): any(.cpu.features[]?; .name == $f and .present == true);
def arch: .cpu.arch;
def hex2num: ascii_downcase | ltrimstr("0x")
    | explode | reduce .[] as $c (0; . * 16 + (if $c >= 97 then $c - 87 else $c - 48 end));
def midrs: [.cpu.clusters[]?.midr | if type == "string" then hex2num else . end];
def core_names: [.cpu.clusters[]?.core_name | select(. != null and . != "")];
def verdict_codes($id): [.verdicts[]? | select(.id == $id) | .code];
def says_absent_or_unused: any(.verdicts[]?, .aes_score.scores[]?;
    ((.code // .verdict // "") | test("absent-or-unused")) or ((.message // "") | test("absent or unused")));
'
# The command run in every VM and under qemu-aarch64.
DETECT_ARGS=(detect --json)
# =============================================================================

ONLY="a,b,c,d,e,f,g"
BUILD=1
while [ $# -gt 0 ]; do
    case "$1" in
        --only) ONLY="$2"; shift 2 ;;
        --no-build) BUILD=0; shift ;;
        -h|--help) sed -n '2,58p' "$0"; exit 0 ;;
        *) log "unknown argument: $1"; exit 2 ;;
    esac
done
want() { case ",$ONLY," in *",$1,"*) return 0 ;; *) return 1 ;; esac; }

X86_BIN="${CRYPTOMETER_X86_64_BIN:-$REPO_ROOT/build-static/cryptometer}"
A64_BIN="${CRYPTOMETER_AARCH64_BIN:-$REPO_ROOT/build-aarch64/cryptometer}"
OUTDIR="$(mktemp -d "${TMPDIR:-/tmp}/cm-test-vm.XXXXXX")"
trap '[ -n "${CRYPTOMETER_VM_KEEP:-}" ] || rm -rf "$OUTDIR"' EXIT
[ -z "${CRYPTOMETER_VM_KEEP:-}" ] || echo "(CRYPTOMETER_VM_KEEP: the outputs stay in $OUTDIR)"

PASSED=0; FAILED=0; SKIPPED=0
FAILS=(); SKIPS=()
ok() { PASSED=$((PASSED + 1)); echo "  ok    $*"; }
bad() { FAILED=$((FAILED + 1)); FAILS+=("$CHECK: $*"); echo "  FAIL  $*"; }
skip() {
    SKIPPED=$((SKIPPED + 1)); SKIPS+=("$1: $2")
    echo
    echo "############################################################################"
    echo "## SKIPPED check ($1): $2"
    echo "############################################################################"
}

# expect JSON DESCRIPTION JQ-EXPR [jq args...] — one assertion on a detect document.
expect() {
    local json="$1" what="$2" expr="$3"
    shift 3
    # -s: jq 1.6 -e exits 0 on an empty input; insist on exactly one document.
    if jq -s -e "$@" "$JQ_DEFS length == 1 and (.[0] | $expr)" "$json" >/dev/null 2>"$OUTDIR/jq.err"; then
        ok "$what"
    else
        bad "$what   [jq: $expr$([ -s "$OUTDIR/jq.err" ] && echo "; $(head -c 300 "$OUTDIR/jq.err")")]"
    fi
}

# show JSON — print what the assertions look at, after a failure.
show() {
    echo "  ---- relevant parts of $(basename "$1") ----"
    jq "$JQ_DEFS"' {arch: arch, midrs: midrs, core_names: core_names,
        features: [.cpu.features[]? | select(.present == true) | .name],
        af_alg: .kernel_crypto.af_alg,
        sha256: drivers_for("sha256"), cbc_aes: drivers_for("cbc(aes)"),
        cbc_aes_selected: selected_driver_for("cbc(aes)"),
        verdicts: [.verdicts[]? | {id, code, message}]}' "$1" 2>&1 | sed 's/^/  /' | sed -n 1,60p
}

# valid_json FILE LABEL — the command printed one JSON document.
valid_json() {
    if jq -s -e 'length == 1 and (.[0] | type == "object")' "$1" >/dev/null 2>&1; then
        ok "$2: detect --json printed a JSON object"
    else
        bad "$2: detect --json did not print a JSON object"
        head -c 2000 "$1" | sed 's/^/  | /'
        return 1
    fi
}

# core_name_of MIDR — what data/cpu_cores.json names the core (empty when it has none).
core_name_of() {
    local midr=$(( $1 ))
    jq -r --arg imp "$(printf '0x%02x' $(((midr >> 24) & 0xff)))" \
          --arg part "$(printf '0x%03x' $(((midr >> 4) & 0xfff)))" \
        '.implementers[$imp].parts[$part] // empty | if type == "object" then .name else . end' \
        "$REPO_ROOT/data/cpu_cores.json"
}

# ----------------------------------------------------------------- prerequisites
echo "== prerequisites"
if ! (ensure_pkgs jq) >"$OUTDIR/jq-install.log" 2>&1; then
    cat "$OUTDIR/jq-install.log"
    echo "FATAL: jq is missing and could not be installed; no check can run" >&2
    exit 1
fi

build_x86() {
    if [ "$BUILD" = 0 ] || [ -n "${CRYPTOMETER_X86_64_BIN:-}" ]; then return 0; fi
    echo "-- building the static x86_64 binary (build-static/)"
    if ! { cmake -S "$REPO_ROOT" -B "$REPO_ROOT/build-static" -DCRYPTOMETER_STATIC=ON &&
        cmake --build "$REPO_ROOT/build-static" -j "$(nproc)"; } >"$OUTDIR/x86-build.log" 2>&1; then
        tail -n 40 "$OUTDIR/x86-build.log"
        return 1
    fi
}
build_a64() {
    if [ "$BUILD" = 0 ] || [ -n "${CRYPTOMETER_AARCH64_BIN:-}" ]; then return 0; fi
    echo "-- cross-building the static aarch64 binary (build-aarch64/)"
    if ! "$VM_DIR/cross-build-aarch64.sh" >"$OUTDIR/a64-build.log" 2>&1; then
        tail -n 40 "$OUTDIR/a64-build.log"
        return 1
    fi
}

X86_OK=0; A64_OK=0
if want a; then
    if build_x86 && [ -x "$X86_BIN" ]; then X86_OK=1; else CHECK=build; bad "no static x86_64 binary at $X86_BIN (build failed?)"; fi
fi
if { want d || want f || want g; } && ! want a; then
    if build_x86 && [ -x "$X86_BIN" ]; then X86_OK=1; else CHECK=build; bad "no static x86_64 binary at $X86_BIN (build failed?)"; fi
fi
if want b || want c || want e || want g; then
    if build_a64 && [ -x "$A64_BIN" ]; then A64_OK=1; else CHECK=build; bad "no static aarch64 binary at $A64_BIN (cross-build failed?)"; fi
fi

# run_vm LABEL OUT -- run-in-vm.sh args... — run detect in a VM, stdout to OUT.
# Returns 0 when the VM ran (whatever detect's exit code), 1 when it could not boot.
run_vm() {
    local label="$1" out="$2" rc=0
    shift 3
    local t0=$SECONDS
    "$VM_DIR/run-in-vm.sh" "$@" >"$out" 2>"$out.err" || rc=$?
    echo "  ($label: VM finished in $((SECONDS - t0)) s, detect exit code $rc)"
    if [ "$rc" = 125 ]; then
        bad "$label: the VM did not run"
        sed 's/^/  | /' "$out.err" | tail -n 40
        return 1
    fi
    [ "$rc" = 0 ] || { bad "$label: detect exited with $rc"; sed 's/^/  | /' "$out.err" | tail -n 20; }
    return 0
}

# qemu_system_usable ARCH-PKG BINARY — qemu-system is there, or installable.
qemu_system_usable() {
    command -v "$2" >/dev/null 2>&1 && return 0
    (ensure_pkgs "$1") >"$OUTDIR/qemu-install.log" 2>&1 && command -v "$2" >/dev/null 2>&1
}

X86_MODULES="af_alg algif_hash algif_skcipher aesni_intel sha256_ssse3"
A64_MODULES="aes-ce-cipher aes-ce-blk sha1-ce sha2-ce sha3-ce sha512-ce ghash-ce af_alg algif_hash algif_skcipher"

# ----------------------------------------------------------------- (a) x86_64 VM
if want a; then
    CHECK=a
    echo
    echo "== (a) x86_64 VM, -cpu max, AF_ALG modules"
    if ! qemu_system_usable qemu-system-x86 qemu-system-x86_64; then
        skip a "qemu-system-x86_64 is not installed and apt-get could not install it ($(tail -n1 "$OUTDIR/qemu-install.log"))"
    elif [ "$X86_OK" = 1 ]; then
        J="$OUTDIR/a.json"
        if run_vm a "$J" -- --arch x86_64 --cpu max --modules "$X86_MODULES" \
            --file "$X86_BIN:/cryptometer" -- /cryptometer "${DETECT_ARGS[@]}" &&
            valid_json "$J" a; then
            f0=$FAILED
            expect "$J" "a: arch is x86_64" 'arch == "x86_64"'
            expect "$J" "a: AF_ALG available" 'af_alg_available'
            expect "$J" "a: AF_ALG not CPU-only on 6.1: an asynchronous driver binds, by behaviour" \
                '.kernel_crypto.af_alg | .cpu_only == false and (.state == "present" or .state == "restricted")
                 and any(.evidence[]; test("^the asynchronous driver .* binds"))'
            expect "$J" "a: a kernel driver listed for sha256" 'drivers_for("sha256") | length > 0'
            expect "$J" "a: cbc-aes-aesni selected for cbc(aes)" 'selected_driver_for("cbc(aes)") == "cbc-aes-aesni"'
            expect "$J" "a: feature aes (AES-NI) present" 'feature_present("aes")'
            expect "$J" "a: the CPU is emulated (TCG)" 'verdict_codes("cpu") == ["emulated-cpu"]'
            expect "$J" "a: no absent-or-unused conclusion from the timing" 'says_absent_or_unused | not'
            [ "$FAILED" = "$f0" ] || show "$J"
        fi
        J="$OUTDIR/a2.json"
        if run_vm a2 "$J" -- --arch x86_64 --cpu max --modules "af_alg algif_skcipher aesni_intel" \
            --file "$X86_BIN:/cryptometer" -- /cryptometer "${DETECT_ARGS[@]}" &&
            valid_json "$J" a2; then
            f0=$FAILED
            expect "$J" "a2: AF_ALG available with algif_skcipher alone, not blocked" \
                'af_alg_available and (.kernel_crypto.af_alg.state | . == "present" or . == "restricted")'
            expect "$J" "a2: the hash interface refused with its reason, skcipher binds" \
                '.kernel_crypto.af_alg.types | .hash.available == false and (.hash.reason | length > 0)
                 and .skcipher.available == true'
            [ "$FAILED" = "$f0" ] || show "$J"
        fi
    fi
fi

# ----------------------------------------------------------------- (b) arm64 VMs
# check_arm64_vm LABEL CPU MIDR PRESENT ABSENT
check_arm64_vm() {
    local label="$1" cpu="$2" midr="$3" present="$4" absent="$5" J f0 name
    J="$OUTDIR/$label.json"
    run_vm "$label" "$J" -- --arch arm64 --cpu "$cpu" --smp 4 --modules "$A64_MODULES" \
        --file "$A64_BIN:/cryptometer" -- /cryptometer "${DETECT_ARGS[@]}" || return 0
    valid_json "$J" "$label" || return 0
    f0=$FAILED
    expect "$J" "$label: arch is aarch64" 'arch == "aarch64"'
    for f in $present; do
        expect "$J" "$label: feature $f present" 'feature_present($f)' --arg f "$f"
    done
    for f in $absent; do
        expect "$J" "$label: feature $f absent" 'feature_present($f) | not' --arg f "$f"
    done
    expect "$J" "$label: MIDR $midr on every cluster" \
        'midrs | length > 0 and all(. == $m)' --argjson m "$((midr))"
    name="$(core_name_of "$midr")"
    if [ -n "$name" ]; then
        expect "$J" "$label: core name \"$name\" (data/cpu_cores.json for MIDR $midr)" \
            'core_names | length > 0 and all(. == $n)' --arg n "$name"
    else
        expect "$J" "$label: no core name (data/cpu_cores.json has none for MIDR $midr)" \
            'core_names | length == 0'
    fi
    expect "$J" "$label: AF_ALG available" 'af_alg_available'
    expect "$J" "$label: AF_ALG on 6.1 is not CPU-only" '.kernel_crypto.af_alg.cpu_only == false'
    expect "$J" "$label: cbc-aes-ce selected for cbc(aes)" 'selected_driver_for("cbc(aes)") == "cbc-aes-ce"'
    expect "$J" "$label: the CPU is emulated (TCG)" 'verdict_codes("cpu") == ["emulated-cpu"]'
    expect "$J" "$label: no absent-or-unused conclusion from the timing" 'says_absent_or_unused | not'
    [ "$FAILED" = "$f0" ] || show "$J"
}

if want b; then
    CHECK=b
    echo
    echo "== (b) arm64 VMs (qemu-system-aarch64 -M virt), aes-ce-blk and friends loaded"
    if ! qemu_system_usable qemu-system-arm qemu-system-aarch64; then
        skip b "qemu-system-aarch64 is not installed and apt-get could not install it ($(tail -n1 "$OUTDIR/qemu-install.log"))"
    elif [ "$A64_OK" = 1 ]; then
        check_arm64_vm b-max max,pauth-impdef=on 0x000f0510 "aes pmull sha1 sha2 sha3 sha512" ""
        check_arm64_vm b2-cortex-a72 cortex-a72 0x410fd083 "aes pmull sha1 sha2" "sha3 sha512"
    fi
fi

# ----------------------------------------------------------------- (c) qemu-aarch64
if want c; then
    CHECK=c
    echo
    echo "== (c) qemu-aarch64 user mode"
    QU="$(qemu_user_aarch64)"
    if [ -z "$QU" ]; then
        (ensure_pkgs qemu-user-static) >"$OUTDIR/qemu-install.log" 2>&1 || true
        QU="$(qemu_user_aarch64)"
    fi
    if [ -z "$QU" ]; then
        skip c "qemu-aarch64 (qemu-user-static) is not installed and could not be installed"
    elif [ "$A64_OK" = 1 ]; then
        for variant in "c-max::aes pmull sha1 sha2 sha3 sha512:" "c2-cortex-a53:cortex-a53:aes pmull sha1 sha2:sha3 sha512"; do
            IFS=: read -r label cpu present absent <<<"$variant"
            J="$OUTDIR/$label.json"
            rc=0
            $QU ${cpu:+-cpu "$cpu"} "$A64_BIN" "${DETECT_ARGS[@]}" >"$J" 2>"$J.err" </dev/null || rc=$?
            [ "$rc" = 0 ] || { bad "$label: detect exited with $rc under $QU"; sed 's/^/  | /' "$J.err" | tail -n 20; }
            valid_json "$J" "$label" || continue
            f0=$FAILED
            expect "$J" "$label: arch is aarch64" 'arch == "aarch64"'
            for f in $present; do
                expect "$J" "$label: hwcap $f present" 'feature_present($f)' --arg f "$f"
            done
            for f in $absent; do
                expect "$J" "$label: hwcap $f absent" 'feature_present($f) | not' --arg f "$f"
            done
            expect "$J" "$label: the CPU is emulated (user mode)" 'verdict_codes("cpu") == ["emulated-cpu"]'
            expect "$J" "$label: no absent-or-unused conclusion from the timing" 'says_absent_or_unused | not'
            [ "$FAILED" = "$f0" ] || show "$J"
        done
    fi
fi

# ----------------------------------------------------------------- (d, e) AF_ALG
# check_afalg, check_sweep (f) and check_sid (g) are in checks-afalg.sh.
. "$VM_DIR/checks-afalg.sh"

if want d; then
    CHECK=d
    echo
    echo "== (d) AF_ALG in an x86_64 VM: afalg backend, drivers and data paths"
    if ! qemu_system_usable qemu-system-x86 qemu-system-x86_64; then
        skip d "qemu-system-x86_64 is not installed and apt-get could not install it"
    elif [ "$X86_OK" = 1 ]; then
        check_afalg d x86_64 max "crypto_user af_alg algif_hash algif_skcipher algif_aead algif_rng drbg ecb ctr xts aesni_intel" \
            "$X86_BIN" cbc-aes-aesni
    fi
fi
if want e; then
    CHECK=e
    echo
    echo "== (e) AF_ALG in an arm64 VM: afalg backend with the aes-ce drivers"
    if ! qemu_system_usable qemu-system-arm qemu-system-aarch64; then
        skip e "qemu-system-aarch64 is not installed and apt-get could not install it"
    elif [ "$A64_OK" = 1 ]; then
        check_afalg e arm64 max,pauth-impdef=on \
            "crypto_user af_alg algif_hash algif_skcipher algif_aead algif_rng drbg ecb ctr xts aes-ce-cipher aes-ce-blk sha2-ce ghash-ce" \
            "$A64_BIN" cbc-aes-ce
    fi
fi

# ----------------------------------------------------------------- (f) sweep
if want f; then
    CHECK=f
    echo
    echo "== (f) sweep in an x86_64 VM: AF_ALG, OpenSSL and ref, chunk x total with CPU time"
    if ! qemu_system_usable qemu-system-x86 qemu-system-x86_64; then
        skip f "qemu-system-x86_64 is not installed and apt-get could not install it"
    elif [ "$X86_OK" = 1 ]; then
        check_sweep f x86_64 max "crypto_user af_alg algif_hash algif_skcipher algif_aead algif_rng drbg aesni_intel" \
            "$X86_BIN" cbc-aes-aesni
    fi
fi

# ----------------------------------------------------------------- (g) sid's Linux 7.2
if want g; then
    CHECK=g
    echo
    echo "== (g) Debian sid's kernels (Linux 7.2): AF_ALG restricted, x86_64 and arm64"
    [ "$X86_OK" = 1 ] && check_sid g-x86_64 x86_64 max "crypto_user af_alg algif_hash algif_skcipher algif_aead aesni_intel" \
        "$X86_BIN" cbc-aes-aesni qemu-system-x86 qemu-system-x86_64
    [ "$A64_OK" = 1 ] && check_sid g-arm64 arm64 max,pauth-impdef=on \
        "crypto_user af_alg algif_hash algif_skcipher algif_aead aes-ce-blk" "$A64_BIN" cbc-aes-ce qemu-system-arm qemu-system-aarch64
fi

# ----------------------------------------------------------------- summary
echo
echo "== summary: $PASSED passed, $FAILED failed, $SKIPPED skipped"
for s in "${SKIPS[@]}"; do echo "  SKIPPED $s"; done
for f in "${FAILS[@]}"; do echo "  FAILED  $f"; done
if [ "$FAILED" -gt 0 ]; then exit 1; fi
if [ "$SKIPPED" -gt 0 ] && [ "${CRYPTOMETER_VM_REQUIRE:-0}" = 1 ]; then
    echo "CRYPTOMETER_VM_REQUIRE=1: skipped checks count as failures"
    exit 1
fi
exit 0
