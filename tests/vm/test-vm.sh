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
# check_afalg LABEL ARCH CPU MODULES BIN DRIVER — verify and run the afalg backend in a VM.
# DRIVER is the CPU's cbc(aes) driver, which the kernel must also choose for `kernel`.
check_afalg() {
    local label="$1" arch="$2" cpu="$3" modules="$4" bin="$5" driver="$6" out f0 t0
    local drivers="kernel|$driver|cbc\\(aes-generic\\)"
    # the templates over the generic AES: ctr(aes-generic), ecb(aes-generic), and XTS built
    # over ECB, xts(ecb(aes-generic)) (--filter takes at most 256 bytes)
    local tmpl="(ctr|ecb|xts\\(ecb)\\(aes-generic\\)\\)?/aes-128-(ctr|xts|ecb)"
    # .s[-a-z]*: .splice or .splice-copy
    local vf="afalg:(($drivers)(\\.s[-a-z]*)?/aes-128-cbc|kernel(\\.s[-a-z]*)?/(sha256|aes-128-gcm)|kernel/(random|aes-128-(ctr|xts|ecb))|$tmpl)|openssl:afalg-engine/aes-128-cbc"
    local rf="(afalg:($drivers)(\\.splice(-copy)?)?|openssl:(evp|afalg-engine))/aes-128-cbc/encrypt"
    out="$OUTDIR/$label"
    t0=$SECONDS
    "$VM_DIR/run-in-vm.sh" --arch "$arch" --cpu "$cpu" --timeout 400 --modules "$modules" \
        --file "$bin:/cryptometer" -- sh -c "/cryptometer verify --quiet --backends afalg,ref,openssl \
            --filter '$vf' --json /tmp/v.json >&2; echo verify-exit=\$? >&2;
            /cryptometer run --filter '$rf' --sizes 16,65536 --time 0.1 --json /tmp/r.json >&2;
            echo run-exit=\$? >&2;
            /cryptometer files --impl afalg:kernel --sizes 32k,256k --repeat 1 --quiet --json /tmp/f.json >&2;
            echo files-exit=\$? >&2; cat /tmp/v.json; echo '@@@@'; cat /tmp/r.json; echo '@@@@';
            cat /tmp/f.json; echo; echo '@@@@'; /cryptometer detect --json --no-clock" \
        >"$out.out" 2>"$out.err" || true
    echo "  ($label: VM finished in $((SECONDS - t0)) s)"
    local part n=0
    for part in v r f k; do  # the four documents, in that order, between @@@@ lines
        awk -v n="$n" '/^@@@@$/{k++; next} k == n {print}' "$out.out" >"$out.$part.json"
        n=$((n + 1))
    done
    if ! jq -e . "$out.v.json" >/dev/null 2>&1 || ! jq -e . "$out.r.json" >/dev/null 2>&1 ||
        ! jq -e . "$out.f.json" >/dev/null 2>&1 || ! jq -e . "$out.k.json" >/dev/null 2>&1; then
        bad "$label: the VM did not give the verify, run, files and detect documents"
        tail -n 30 "$out.err" | sed 's/^/  | /'
        return 0
    fi
    f0=$FAILED
    local v p sp=.splice
    # the cipher's splice path is labelled by what the kernel does (detect tests it): Debian's
    # 6.1 since 6.1.180 and Linux 7.2 copy ("crypto: af_alg - Remove zero-copy support ...")
    if jq -e '.kernel_crypto.af_alg.splice == "copies"' "$out.k.json" >/dev/null; then sp=.splice-copy; fi
    expect "$out.k.json" "$label: detect tested splice by behaviour (afalg's $sp rows follow it)" \
        'any(.kernel_crypto.af_alg.evidence[]; startswith("splice into an skcipher socket"))'
    for v in kernel "$driver" "cbc(aes-generic)"; do
        for p in "" "$sp"; do
            expect "$out.v.json" "$label: afalg:$v$p/aes-128-cbc passed vectors and cross-check" \
                '[.implementations[] | select(.implementation == $i)] | length == 1 and
                 (.[0] | .status == "passed" and .kat.vectors.passed > 0 and .kat.cross_check.status == "passed")' \
                --arg i "afalg:$v$p/aes-128-cbc"
        done
    done
    for v in kernel/sha256 kernel.splice/sha256 kernel/aes-128-gcm "kernel$sp/aes-128-gcm" kernel/random \
        kernel/aes-128-ctr "ctr(aes-generic)/aes-128-ctr" kernel/aes-128-xts "xts(ecb(aes-generic))/aes-128-xts" \
        kernel/aes-128-ecb "ecb(aes-generic)/aes-128-ecb"; do
        expect "$out.v.json" "$label: afalg:$v passed" \
            'any(.implementations[]; .implementation == $i and .status == "passed")' --arg i "afalg:$v"
    done
    for v in kernel "kernel$sp" "$driver" "$driver$sp" "cbc(aes-generic)" "cbc(aes-generic)$sp"; do
        local served="${v%"$sp"}"
        case "$v" in kernel*) served="$driver" ;; esac
        expect "$out.r.json" "$label: run afalg:$v at 16 B and 64 KiB: ok, served by $served, CPU user and system time" \
            '[.results[] | select(.backend == "afalg" and .variant == $v)] as $r
             | ($r | length == 2) and all($r[]; .status == "ok" and .served_by == $s
                 and .kat.status == "passed" and (.throughput_mb_s | type == "number")
                 and (.cpu_time_ns_per_op.total | type == "number")
                 and (.cpu_time_ns_per_op | has("user") and has("system")))
             and any($r[]; .size == 65536 and (.cpu_time_ns_per_op.system | type == "number"))' \
            --arg v "$v" --arg s "$served"
    done
    expect "$out.v.json" "$label: openssl:afalg-engine/aes-128-cbc (OpenSSL's afalg engine) passed" \
        'any(.implementations[]; .implementation == "openssl:afalg-engine/aes-128-cbc" and .status == "passed")'
    expect "$out.r.json" "$label: run openssl:afalg-engine: ok at 16 B and 64 KiB, served by the afalg engine" \
        '[.results[] | select(.backend == "openssl" and .variant == "afalg-engine")] as $r
         | ($r | length == 2) and all($r[]; .status == "ok" and (.served_by | startswith("OpenSSL'"'"'s afalg engine")))'
    # the file workloads through the kernel's drivers: busybox's sha1sum and sha256sum
    # must agree (it has no b2sum and no openssl: those steps fail, not asserted); AF_ALG's
    # AEAD takes at most 64 KiB a call, so GCM runs at 32 KiB and is unavailable at 256 KiB
    expect "$out.f.json" "$label: files --impl afalg:kernel: digests, CBC and GCM round trips through the kernel" \
        '.records as $all | [$all[] | select(.path == "afalg:kernel")] as $r
         | all("sha1", "sha256"; . as $a | any($r[]; .algorithm == $a and .status == "ok"))
         and all("sha1sum", "sha256sum"; . as $t | any($all[]; .path == $t and .verified == true))
         and all("aes-128-cbc", "aes-256-cbc", "aes-256-gcm"; . as $a
                 | any($r[]; .algorithm == $a and .operation == "decrypt" and .status == "ok"
                       and .verified == true))
         and any($r[]; .algorithm == "aes-256-gcm" and .file_bytes == 262144 and .status == "unavailable"
                 and (.reason | contains("in one call")))
         and any(.records[]; .path == "afalg:kernel" and .algorithm == "blake2b-512" and .status == "unavailable")
         and all(.records[] | select(.status == "ok" and has("verified")); .verified == true)
         and .temporary_directory_removed == true'
    if [ "$FAILED" != "$f0" ]; then tail -n 30 "$out.err" | sed 's/^/  | /'; fi
    # The figures, for the log (TCG-emulated: not the speed of any real machine).
    jq -r '.results[] | select(.status == "ok") | "  figure: \(.backend):\(.variant) served_by=\(.served_by // "-") \(.size) B: \(.throughput_mb_s | . * 100 | round / 100) MB/s, CPU ns/op user \(.cpu_time_ns_per_op.user // "?" ) system \(.cpu_time_ns_per_op.system // "?")"' "$out.r.json"
}

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
# check_sweep LABEL ARCH CPU MODULES BIN DRIVER — `sweep --quick` through AF_ALG in a VM.
check_sweep() {
    local label="$1" arch="$2" cpu="$3" modules="$4" bin="$5" driver="$6" out t0 path
    local paths="afalg:kernel,afalg:cbc(aes-generic),openssl:evp,openssl:afalg-engine,ref:portable"
    out="$OUTDIR/$label"
    t0=$SECONDS
    "$VM_DIR/run-in-vm.sh" --arch "$arch" --cpu "$cpu" --timeout 600 --modules "$modules" \
        --file "$bin:/cryptometer" -- sh -c "/cryptometer sweep --quick --chunks 16,256,4k,64k \
            --totals 256k --backends '$paths' --json /tmp/s.json >&2; echo sweep-exit=\$? >&2;
            cat /tmp/s.json" >"$out.json" 2>"$out.err" || true
    echo "  ($label: VM finished in $((SECONDS - t0)) s)"
    if ! jq -e . "$out.json" >/dev/null 2>&1; then
        bad "$label: the VM did not give the sweep document"
        tail -n 30 "$out.err" | sed 's/^/  | /'
        return 0
    fi
    f0=$FAILED
    expect "$out.json" "$label: sweep exited 0 and the document is complete" \
        '.schema == "cryptometer-sweep" and .complete == true'
    grep -q '^sweep-exit=0' "$out.err" || bad "$label: sweep exit code $(grep -o 'sweep-exit=.*' "$out.err")"
    for path in afalg:kernel "afalg:cbc(aes-generic)" openssl:evp openssl:afalg-engine ref:portable; do
        expect "$out.json" "$label: $path: ok at 16 B, 256 B, 4 KiB and 64 KiB, 3 repetitions, CPU user and system time, CPU s/GB" \
            '[.records[] | select(.path == $p)] as $r
             | ($r | map(.chunk) | sort) == [16, 256, 4096, 65536]
             and all($r[]; .status == "ok" and .kat == "passed" and .total == 262144
                 and .repetitions == 3 and (.samples.rusage_system_s | length == 3)
                 and (.cpu_user_s | type == "number") and (.cpu_system_s | type == "number")
                 and (.cpu_s_per_gb | type == "number") and (.throughput_mb_s | type == "number"))' \
            --arg p "$path"
    done
    expect "$out.json" "$label: afalg:kernel served by $driver" \
        'all(.records[] | select(.path == "afalg:kernel"); .served_by == $d)' --arg d "$driver"
    for path in afalg:kernel "afalg:cbc(aes-generic)"; do
        expect "$out.json" "$label: $path against openssl:evp: a crossover entry, all 4 chunks compared, with its sentence" \
            '[.crossovers[] | select(.engine_path == $p and .cpu_path == "openssl:evp")] as $x
             | ($x | length) == 1 and $x[0].total == 262144 and $x[0].chunks_compared == 4
             and ($x[0].throughput_chunk | type == "number" or . == null)
             and ($x[0].cpu_time_chunk | type == "number" or . == null)
             and ($x[0].message | startswith($p))' --arg p "$path"
    done
    if [ "$FAILED" != "$f0" ]; then tail -n 30 "$out.err" | sed 's/^/  | /'; fi
    # The figures, for the log (TCG-emulated: not the speed of any real machine).
    jq -r '.records[] | select(.status == "ok") | "  figure: \(.path) \(.chunk) B of \(.total) B: \(.throughput_mb_s * 100 | round / 100) MB/s (spread \(.spread * 100 | round) %), CPU s/GB \(.cpu_s_per_gb * 100 | round / 100) = user \(.cpu_user_s_per_gb * 100 | round / 100) + system \(.cpu_system_s_per_gb * 100 | round / 100) \(.flags | join(","))"' "$out.json"
    jq -r '.crossovers[] | "  crossover: \(.message) [throughput_chunk \(.throughput_chunk), cpu_time_chunk \(.cpu_time_chunk), flags \(.flags | join(","))]"' "$out.json"
}

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
# check_sid LABEL ARCH CPU MODULES BIN DRIVER QEMU-PKG QEMU — Debian sid's kernel (7.2 or later): detect says
# AF_ALG is restricted (CPU-only, splice copies, by behaviour and version) and states the
# deprecation; the afalg backend labels its cipher splice rows .splice-copy, which pass vectors.
check_sid() {
    local label="$1" arch="$2" cpu="$3" modules="$4" bin="$5" driver="$6" out t0 part n=0
    if ! qemu_system_usable "$7" "$8"; then
        skip "$label" "$8 is not installed and apt-get could not install it"
        return 0
    fi
    out="$OUTDIR/$label"
    t0=$SECONDS
    "$VM_DIR/run-in-vm.sh" --kernel sid --arch "$arch" --cpu "$cpu" --timeout 400 --modules "$modules" \
        --file "$bin:/cryptometer" -- sh -c "/cryptometer detect --json --no-clock; echo '@@@@';
            /cryptometer list --backends afalg --json; echo '@@@@';
            /cryptometer verify --quiet --backends afalg,ref --filter 'afalg:(kernel|$driver)\\.splice-copy/aes-128-cbc' \
                --json /tmp/v.json >&2; cat /tmp/v.json" >"$out.out" 2>"$out.err" || true
    echo "  ($label: VM finished in $((SECONDS - t0)) s)"
    for part in k l v; do
        awk -v n="$n" '/^@@@@$/{k++; next} k == n {print}' "$out.out" >"$out.$part.json"
        n=$((n + 1))
    done
    if ! jq -e . "$out.k.json" >/dev/null 2>&1 || ! jq -e . "$out.l.json" >/dev/null 2>&1 ||
        ! jq -e . "$out.v.json" >/dev/null 2>&1; then
        bad "$label: the VM did not give the detect, list and verify documents"
        tail -n 30 "$out.err" | sed 's/^/  | /'
        return 0
    fi
    local f0=$FAILED
    expect "$out.k.json" "$label: a 7.2 or later kernel" \
        '.kernel_crypto.af_alg.kernel_release | capture("^(?<a>[0-9]+)\\.(?<b>[0-9]+)") | (.a | tonumber) * 100 + (.b | tonumber) >= 702'
    expect "$out.k.json" "$label: AF_ALG restricted: CPU-only, splice copies (tested), deprecation stated" \
        '.kernel_crypto.af_alg | .available == true and .state == "restricted" and .cpu_only == true
         and .splice == "copies" and any(.evidence[]; startswith("splice into an skcipher socket copies"))
         and (.deprecation | test("iwd") and test("cryptsetup"))'
    expect "$out.k.json" "$label: every synchronous CPU driver of cbc(aes) reachable through AF_ALG" \
        '[.kernel_crypto.algorithms[] | select(.name == "cbc(aes)") | .drivers[] | select(.driver == $d)]
         | length == 1 and .[0].af_alg_reachable == true' --arg d "$driver"
    expect "$out.l.json" "$label: afalg's cipher splice rows are .splice-copy, none .splice" \
        '[.benchmarks[] | select(.class == "cipher" or .class == "aead") | .variant] as $v
         | any($v[]; . == ($d + ".splice-copy")) and all($v[]; endswith(".splice") | not)' --arg d "$driver"
    for v in kernel "$driver"; do
        expect "$out.v.json" "$label: afalg:$v.splice-copy/aes-128-cbc passed vectors and cross-check" \
            'any(.implementations[]; .implementation == $i and .status == "passed")' --arg i "afalg:$v.splice-copy/aes-128-cbc"
    done
    if [ "$FAILED" != "$f0" ]; then tail -n 30 "$out.err" | sed 's/^/  | /'; fi
    jq -r '.kernel_crypto.af_alg | "  AF_ALG: \(.state), kernel \(.kernel_release): \(.evidence | join("; "))"' "$out.k.json"
}

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
