#!/bin/bash
# tests/vm/test-armhf-vm.sh — the 32-bit ARM system VM checks (issue 26): Debian bookworm's armmp
# kernel under qemu-system-arm -M virt with a small initramfs (run-in-vm.sh --arch armhf), and
# the static armhf binary (cross-build-armhf.sh) inside it:
#   (h)  -cpu cortex-a15 (ARMv7 with NEON, no crypto instructions), modules aes-arm aes-arm-bs
#        sha256-arm af_alg algif_hash algif_skcipher crypto_user: `detect --json` says arch
#        armv7l, neon vfpv4 idiva present and aes pmull sha1 sha2 absent, MIDR 0x414fc0f0 (qemu's
#        Cortex-A15), AF_ALG available, the kernel serves cbc(aes) and sha256 with its
#        32-bit drivers (cbc-aes-neonbs, sha256-neon); `list` names afalg's rows; `verify
#        --backends afalg` passes cbc(aes) and sha256 through the kernel's choice; a short `run`
#        gives ok records whose served_by names those drivers.
#   (h2) -cpu max (ARMv8 in AArch32, qemu's Cortex-A57 identity, MIDR 0x411fd070): aes pmull
#        sha1 sha2 present, aes-arm-ce and sha2-arm-ce loaded, cbc-aes-ce and sha256-ce serve
#        cbc(aes) and sha256, and the same list, verify and run checks pass through them.
# Both name the QEMU machine (a hint: the device tree of qemu's virt board, KVM or TCG), and
# run's Answers say "perhaps emulated" with it (docs/output.md; the run measures no AES
# through OpenSSL, so no AES score weighs in there). Under
# max the AES score far below every family with AES instructions present and used makes the
# CPU verdict emulated-cpu; under cortex-a15 there is no positive evidence of TCG (its MIDR is a
# real core's): the AES score says the instructions are absent, and the QEMU machine with AES
# in table code far below the Cortex-A15 table-code family makes the CPU verdict emulated-cpu,
# inferred (docs/detect.md).
#
# Usage: tests/vm/test-armhf-vm.sh [--no-build]
# Environment: CRYPTOMETER_ARMHF_BIN (default build-armhf/cryptometer, built here unless
# --no-build), CRYPTOMETER_VM_KEEP=1 keeps the outputs. About 1.5 min warm (two boots of ~30 s
# under TCG on a 2-core host, plus the binary's checks); the first run downloads the armmp
# kernel and busybox-static:armhf (~40 MB) into ${CRYPTOMETER_VM_CACHE:-~/.cache/cryptometer-vm}.
# Exit status: 0 all passed, 1 a check failed, 2 bad usage. The last line is
# "== summary: N passed, N failed, N skipped".
set -euo pipefail
. "$(dirname "$0")/lib.sh"

BUILD=1
while [ $# -gt 0 ]; do
    case "$1" in
        --no-build) BUILD=0; shift ;;
        -h|--help) sed -n '2,30p' "$0"; exit 0 ;;
        *) log "unknown argument: $1"; exit 2 ;;
    esac
done
BIN="${CRYPTOMETER_ARMHF_BIN:-$REPO_ROOT/build-armhf/cryptometer}"
OUTDIR="$(mktemp -d "${TMPDIR:-/tmp}/cm-test-armhf-vm.XXXXXX")"
trap '[ -n "${CRYPTOMETER_VM_KEEP:-}" ] || rm -rf "$OUTDIR"' EXIT
ensure_pkgs jq

PASSED=0; FAILED=0; SKIPPED=0
ok() { PASSED=$((PASSED + 1)); echo "  ok    $*"; }
bad() { FAILED=$((FAILED + 1)); echo "  FAIL  $*"; }

# expect FILE DESCRIPTION JQ-EXPR [jq args...] — one assertion on a detect document.
expect() {
    local json="$1" what="$2" expr="$3"
    shift 3
    if jq -e "$@" "$JQ_DEFS $expr" "$json" >/dev/null 2>&1; then ok "$what"; else bad "$what"; fi
}
# contains FILE DESCRIPTION REGEX — one assertion on a text output.
contains() {
    if grep -Eq "$3" "$1"; then ok "$2"; else bad "$2"; sed 's/^/  | /' "$1" | tail -n 15; fi
}
JQ_DEFS='
def feature_present($f): any(.cpu.features[]?; .name == $f and .present == true);
def selected($a): [.kernel_crypto.algorithms[]? | select(.name == $a) | .selected] | first;
def served($a): [.results[] | select(.algorithm == $a and .status == "ok") | .served_by] | unique;
'

if [ "$BUILD" = 1 ]; then
    echo "== building the static armhf binary (tests/vm/cross-build-armhf.sh)"
    "$VM_DIR/cross-build-armhf.sh" >/dev/null || { echo "== summary: 0 passed, 1 failed, 0 skipped"; exit 1; }
fi
[ -x "$BIN" ] || die "no armhf binary at $BIN (tests/vm/cross-build-armhf.sh)"

# The commands run inside the VM, their outputs between lines "@@ NAME rc=N".
INNER='
for step in detect list verify run; do
  case $step in
    detect) /cryptometer detect --json >/tmp/out 2>&1 ;;
    list) /cryptometer list --backends afalg --algorithms aes-128-cbc,sha256 >/tmp/out 2>&1 ;;
    verify) /cryptometer verify --backends afalg --filter "^afalg:kernel/(aes-128-cbc|sha256)/" \
              --sizes 16,4096 >/tmp/out 2>&1 ;;
    run) /cryptometer run --backends afalg --filter "^afalg:kernel/(aes-128-cbc/encrypt|sha256/digest)$" \
              --sizes 4096 --time 0.05 --json - >/tmp/out 2>/dev/null ;;
  esac
  echo "@@ $step rc=$?"; cat /tmp/out
done'

# check LABEL CPU MODULES PRESENT ABSENT CBC-DRIVER SHA-DRIVER MIDR
check() {
    local label="$1" cpu="$2" modules="$3" present="$4" absent="$5" cbc="$6" sha="$7" midr="$8"
    local out="$OUTDIR/$label.out" f
    echo
    echo "== ($label) armhf VM, -cpu $cpu, modules: $modules"
    if ! "$VM_DIR/run-in-vm.sh" --arch armhf --cpu "$cpu" --modules "$modules" \
        --file "$BIN:/cryptometer" -- sh -c "$INNER" >"$out" 2>"$out.err"; then
        bad "$label: the VM did not run (exit $?)"; sed 's/^/  | /' "$out.err" | tail -n 20
        return 0
    fi
    for step in detect list verify run; do
        awk -v s="$step" '/^@@ /{on = ($2 == s)} !/^@@ / && on' "$out" >"$out.$step"
        contains "$out" "$label: $step exits 0" "^@@ $step rc=0\$"
    done
    jq -e . "$out.detect" >/dev/null 2>&1 || { bad "$label: detect --json is not JSON"; return 0; }
    expect "$out.detect" "$label: arch is armv7l" '.cpu.arch == "armv7l"'
    for f in $present; do expect "$out.detect" "$label: feature $f present" 'feature_present($f)' --arg f "$f"; done
    for f in $absent; do expect "$out.detect" "$label: feature $f absent" 'feature_present($f) | not' --arg f "$f"; done
    expect "$out.detect" "$label: MIDR $midr" \
        '[.cpu.clusters[]?.midr | if type == "string" then ascii_downcase else . end] | length > 0
         and all(. == $m or . == ($n | tonumber))' --arg m "$midr" --arg n "$((midr))"
    expect "$out.detect" "$label: AF_ALG available" '.kernel_crypto.af_alg.available == true'
    expect "$out.detect" "$label: $cbc serves cbc(aes)" 'selected("cbc(aes)") == $d' --arg d "$cbc"
    expect "$out.detect" "$label: $sha serves sha256" 'selected("sha256") == $d' --arg d "$sha"
    expect "$out.detect" "$label: the QEMU machine is named (a hint: KVM or TCG)" \
        'any(.emulation.hints[]?; test("QEMU machine"))'
    expect "$out.detect" "$label: the CPU is emulated (TCG)" \
        '[.verdicts[]? | select(.id == "cpu") | .code] == ["emulated-cpu"]'
    if [ -n "$absent" ]; then
        expect "$out.detect" "$label: the AES score says the CPU has no AES instructions" \
            '[.verdicts[]? | select(.id == "aes-score") | .code] | index("crypto-extensions-absent") != null'
        expect "$out.detect" "$label: the CPU verdict infers TCG from the QEMU machine and the table code's score" \
            '[.verdicts[]? | select(.id == "cpu") | .message] | any(test("in table code scores"))'
    fi
    contains "$out.list" "$label: list names afalg's cbc(aes) row" '^ *afalg:kernel/aes-128-cbc/encrypt +available'
    contains "$out.verify" "$label: verify passes afalg's cbc(aes) and sha256" \
        '^verify: [2-9][0-9]* passed, 0 failed'
    expect "$out.run" "$label: run's records are served by $cbc and $sha" \
        'served("aes-128-cbc") == [$c] and served("sha256") == [$s]' --arg c "$cbc" --arg s "$sha"
    # the run measures no AES through OpenSSL, so no AES score: the QEMU machine stays a hint
    expect "$out.run" "$label: run's Answers say the CPU is perhaps emulated (the QEMU machine, a hint)" \
        '.answers.trust.text | test("perhaps emulated \\(a hint only: a QEMU machine")'
}

BASE="af_alg algif_hash algif_skcipher crypto_user aes-arm"
check h cortex-a15 "$BASE aes-arm-bs sha256-arm" "neon vfpv4 idiva" "aes pmull sha1 sha2" \
    cbc-aes-neonbs sha256-neon 0x414fc0f0
check h2 max "$BASE aes-arm-ce sha2-arm-ce sha1-arm-ce ghash-arm-ce" "neon aes pmull sha1 sha2" "" \
    cbc-aes-ce sha256-ce 0x411fd070

echo
echo "== summary: $PASSED passed, $FAILED failed, $SKIPPED skipped"
[ "$FAILED" = 0 ]
