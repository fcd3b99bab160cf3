#!/bin/bash
# tests/vm/test-armhf-user.sh — the 32-bit ARM (armhf) build's test programs and KATs under
# qemu-arm user mode, on four emulated CPUs:
#
#   cortex-a8    ARMv7-A with NEON (BeagleBone Black), cortex-a7 (Allwinner H3, Raspberry
#   cortex-a15   Pi 2), cortex-a15 (Odroid XU4's big cores): no ARMv8 crypto instructions.
#                The ref backend's neon variants (ChaCha20, BLAKE2, NORX) must PASS; its
#                armce variants must be listed unavailable, "needs aes|pmull|sha1|sha2:
#                this CPU lacks it", and sha512ce "no SHA-512 instructions in AArch32".
#   max          ARMv8 in AArch32 (a Raspberry Pi 4 on a 32-bit system, with the Crypto
#                Extensions): the armce variants (AESE/AESMC, VMULL.P64, SHA-1/SHA-256
#                instructions: AES-CBC/CTR/GCM, SHA-1, SHA-256) must PASS too.
#
# For each CPU: ctest (the unit tests; see SKIPPED below) and `cryptometer verify --filter
# ^ref:` (each variant's vectors and the cross-check against OpenSSL). On max also a masked
# verify (--isa aes,pmull,sha1,sha2,neon: every ref ARM variant unavailable as masked, the
# portable code passing). On cortex-a8 and max: `list`, `detect` and a short `run` of the
# NEON and portable ChaCha20/BLAKE2s/NORX32 (every KAT "pass", exit 0; the summary and the
# Answers block say the figures are the emulator's; the Answers say whether the AES
# instructions are there, who uses them, and our NEON code's speed-up).
#
# Usage: tests/vm/test-armhf-user.sh [--clean]
# Builds (incrementally; the build directory is the cache) build-armhf-test/: static,
# -DCRYPTOMETER_TEST_BACKENDS=ON -DCRYPTOMETER_WERROR=ON, with the ref and openssl
# backends only. Exit status 0 when every check passed, 1 otherwise.
# Timed on the 2-core shared host: see docs/architecture.md, "32-bit ARM".
set -euo pipefail
. "$(dirname "$0")/lib.sh"

CLEAN=0
case "${1:-}" in
    --clean) CLEAN=1 ;;
    "") ;;
    -h|--help) sed -n '2,26p' "$0"; exit 0 ;;
    *) die "unknown argument: $1" ;;
esac

BUILD="$REPO_ROOT/build-armhf-test"
# As for aarch64 (test-aarch64-user.sh): test_kat's RSA-4096 key generation takes over
# 10 minutes emulated, the ref variants' KATs run through verify below; schema_of_real_run
# starts the binary from the host's Python, which cannot exec it.
SKIPPED='^(test_kat|schema_of_real_run)$'
CE_VARIANTS='armce/aes-128-cbc armce/aes-256-cbc armce/aes-128-ctr armce/aes-256-ctr
armce/aes-128-gcm armce/aes-256-gcm armce/sha1 armce/sha256'
NEON_VARIANTS='neon/chacha20 neon/chacha20-poly1305 neon/blake2b-512 neon/blake2s-256
neon/norx32-4-1 neon/norx64-4-1'

. "$VM_DIR/armhf-deps.sh"

[ "$CLEAN" = 1 ] && rm -rf "$BUILD"
build_cross_test "$BUILD" "$REPO_ROOT/cmake/toolchain-armhf.cmake"
BIN="$BUILD/cryptometer"

failed=0
fail() { log "FAILED: $*"; failed=$((failed + 1)); }

# line_of OUT VARIANT — the verify line of ref:VARIANT in OUT.
line_of() { grep -E "^[A-Z ]+ ref:$2 " <<<"$1" || true; }

# expect OUT VARIANT PATTERN WHAT — fail unless ref:VARIANT's line matches PATTERN.
expect() {
    grep -qE "$3" <<<"$(line_of "$1" "$2")" || fail "$4: ref:$2: '$(line_of "$1" "$2")'"
}

for cpu in cortex-a8 cortex-a7 cortex-a15 max; do
    export QEMU_CPU="$cpu"
    log "== qemu-arm -cpu $cpu: ctest (not run here: test_kat, schema_of_real_run; see the top)"
    (cd "$BUILD" && ctest -j "$(nproc)" --output-on-failure -E "$SKIPPED") ||
        fail "ctest under -cpu $cpu"

    log "== qemu-arm -cpu $cpu: verify --filter ^ref:"
    rc=0
    out="$("$QEMU_USER" "$BIN" verify --filter '^ref:' 2>&1)" || rc=$?
    grep -E "^(PASS|FAIL|CRASH|TIMEOUT|ERROR|UNAVAILABLE) +ref:|^verify:" <<<"$out" >&2 || true
    [ "$rc" = 0 ] || fail "verify --filter ^ref: exited $rc under -cpu $cpu"
    for v in $NEON_VARIANTS; do expect "$out" "$v" "^PASS " "-cpu $cpu: did not pass"; done
    for v in $CE_VARIANTS; do
        if [ "$cpu" = max ]; then
            expect "$out" "$v" "^PASS " "-cpu max: did not pass"
        else
            expect "$out" "$v" "^UNAVAILABLE .*needs (aes|pmull|sha1|sha2): this CPU lacks it" \
                "-cpu $cpu: not unavailable for want of the instructions"
        fi
    done
    expect "$out" sha512ce/sha512 "^UNAVAILABLE .*no SHA-512 instructions in AArch32" \
        "-cpu $cpu: sha512ce not unavailable with its reason"
    expect "$out" portable/sha512 "^PASS " "-cpu $cpu: the portable SHA-512 did not pass"
done

log "== qemu-arm -cpu max: verify --filter ^ref: --isa aes,pmull,sha1,sha2,neon"
export QEMU_CPU=max
rc=0
out="$("$QEMU_USER" "$BIN" verify --filter '^ref:(portable|armce|neon)/' \
    --isa aes,pmull,sha1,sha2,neon 2>&1)" || rc=$?
grep -E "^verify:" <<<"$out" >&2 || true
[ "$rc" = 0 ] || fail "masked verify exited $rc"
for v in $CE_VARIANTS $NEON_VARIANTS; do
    expect "$out" "$v" "^UNAVAILABLE .*needs [a-z0-9]*: masked by" "masked: not unavailable as masked"
done
for a in aes-128-cbc aes-256-ctr aes-128-gcm sha1 sha256 chacha20 chacha20-poly1305 \
    blake2b-512 blake2s-256 norx32-4-1 norx64-4-1; do
    expect "$out" "portable/$a" "^PASS " "masked: the portable code did not pass"
done

# list, detect and a short run: every KAT passes, exit 0.
T="$(mktemp -d "${TMPDIR:-/tmp}/cm-armhf-user.XXXXXX")"
trap 'rm -rf "$T"' EXIT
for cpu in cortex-a8 max; do
    export QEMU_CPU="$cpu"
    log "== qemu-arm -cpu $cpu: list, detect, run (ref and openssl: chacha20, blake2s-256, norx32-4-1, aes-128-cbc)"
    "$QEMU_USER" "$BIN" list >"$T/list" 2>&1 || fail "list exited $? under -cpu $cpu"
    grep -q "ref:neon" "$T/list" || fail "list under -cpu $cpu names no ref:neon variant"
    rc=0
    "$QEMU_USER" "$BIN" detect --json >"$T/detect.json" 2>"$T/detect.err" || rc=$?
    [ "$rc" = 0 ] || fail "detect exited $rc under -cpu $cpu: $(cat "$T/detect.err")"
    bad="$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1])); cpu = sys.argv[2]
have = {f["name"]: f["present"] for f in d["cpu"]["features"]}
want = {"neon": True, "aes": cpu == "max", "pmull": cpu == "max", "sha2": cpu == "max"}
print("; ".join("%s present=%s, expected %s" % (k, have.get(k), v) for k, v in want.items() if have.get(k) != v))
' "$T/detect.json" "$cpu" 2>&1)" || bad="unreadable detect document: $bad"
    [ -z "$bad" ] || fail "detect under -cpu $cpu: $bad"
    rc=0
    "$QEMU_USER" "$BIN" run --backends ref,openssl --algorithms chacha20,blake2s-256,norx32-4-1,aes-128-cbc \
        --sizes 16384 --time 0.05 --json "$T/run-$cpu.json" >"$T/run.out" 2>&1 || rc=$?
    [ "$rc" = 0 ] || { tail -20 "$T/run.out" >&2; fail "run exited $rc under -cpu $cpu"; }
    # the table's text wraps at 100 columns, continuation lines indented: read them joined
    awk 'NR > 1 && /^    / { sub(/^ +/, " "); printf "%s", $0; next }
         { if (NR > 1) print ""; printf "%s", $0 } END { print "" }' "$T/run.out" >"$T/run.joined"
    grep -q "^Emulated CPU: .*describes the emulator, not the hardware" "$T/run.joined" ||
        fail "run's summary under -cpu $cpu does not say the CPU is emulated"
    # the Answers block (docs/output.md): emulated first, the AES instructions, our NEON code
    answer() { grep -qE "$1" "$T/run.joined" || fail "run's Answers under -cpu $cpu: no line '$1'"; }
    answer "^  Trust: not quotable: emulated CPU \(.*qemu-arm\).*describe the emulator, not the hardware"
    answer "^  NEON \(CPU\): our ref:neon over ref:portable at 16 KiB: chacha20 [0-9.]+x, blake2s-256 [0-9.]+x, norx32-4-1 [0-9.]+x\.$"
    if [ "$cpu" = max ]; then
        answer "^  AES \(CPU\): not used by ref:portable; used by ref:armce \(declared\); not judged under an emulator \(speed tells nothing\): openssl:evp\.$"
    else
        answer "^  AES \(CPU\): absent \(the CPU lacks it\): software fallback \(tables, bit-slicing, C\) in openssl:evp, ref:portable\.$"
    fi
    bad="$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
kats = [(r.get("backend"), r.get("variant"), r.get("algorithm"), (r.get("kat") or {}).get("status"))
        for r in d["results"] if r.get("status") != "unavailable"]
print("; ".join("%s:%s/%s KAT %s" % k for k in kats if k[3] != "passed") or ("" if kats else "no records"))
' "$T/run-$cpu.json" 2>&1)" || bad="unreadable run document: $bad"
    [ -z "$bad" ] || fail "run under -cpu $cpu: $bad"
done

if [ "$failed" = 0 ]; then
    log "== summary: armhf user mode: all checks passed (-cpu cortex-a8, cortex-a7, cortex-a15, max, masked; list, detect, run)"
else
    log "== summary: armhf user mode: $failed check(s) FAILED"
    exit 1
fi
