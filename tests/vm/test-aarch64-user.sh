#!/bin/bash
# tests/vm/test-aarch64-user.sh — the aarch64 test programs and the KATs of every ref
# variant under qemu-aarch64 user mode, on two emulated CPUs:
#
#   max          every feature: the ref backend's armce (AES, GCM with PMULL, SHA-1,
#                SHA-256), sha512ce (SHA-512) and neon (ChaCha20, BLAKE2, NORX)
#                variants must all PASS;
#   cortex-a53   ARMv8.0 with the Crypto Extensions but no SHA512: ref:sha512ce/sha512 must
#                be listed unavailable with "needs sha512", and the portable SHA-512
#                (dispatch's fallback) must PASS.
#
# For each CPU: ctest (the unit tests; see SKIPPED below), `cryptometer verify --filter
# ^ref:` (each variant's vectors and the cross-check against OpenSSL at every size), and on
# max a masked run (--isa aes,pmull,sha1,sha2,sha512,asimd): every ref variant unavailable
# with its feature named as masked, the portable code passing. Then `probe --json --quick`
# (docs/probes.md) on both CPUs: every aarch64 probe gives its figures, marked emulated,
# and the AES and SHA-256 bounds are computed; masked, the crypto probes are unavailable.
# Last, `explain` (docs/attribution.md) on -cpu max: OpenSSL's AES-128-GCM must be attributed,
# measured, to ARMv8 AES + PMULL by OPENSSL_armcap, and its SHA-256 to ARMv8 SHA-256 (measured
# or, as emulated SHA256H is hardly faster than the scalar rounds, inferred).
#
# Usage: tests/vm/test-aarch64-user.sh [--clean]
# Builds (incrementally; the build directory is the cache) build-aarch64-test/: static,
# -DCRYPTOMETER_TEST_BACKENDS=ON -DCRYPTOMETER_WERROR=ON, with the ref and openssl
# backends only. Exit status 0 when every check passed, 1 otherwise.
# About 1.5 minutes with build-aarch64-test/ warm, 5 cold, on the 2-core host
# (docs/architecture.md, the aarch64 variants).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

CLEAN=0
case "${1:-}" in
    --clean) CLEAN=1 ;;
    "") ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) die "unknown argument: $1" ;;
esac

BUILD="$REPO_ROOT/build-aarch64-test"
# test_kat runs every backend's KATs in one process, RSA-4096 key generation included:
# over 10 minutes under emulation. The ref variants' KATs run through verify below.
# schema_of_real_run starts the binary from the host's Python, which cannot exec it.
SKIPPED='^(test_kat|schema_of_real_run)$'
ARM_VARIANTS='armce/aes-128-cbc armce/aes-256-cbc armce/aes-128-ctr armce/aes-256-ctr
armce/aes-128-gcm armce/aes-256-gcm armce/sha1 armce/sha256 sha512ce/sha512 neon/chacha20
neon/chacha20-poly1305 neon/blake2b-512 neon/blake2s-256 neon/norx32-4-1 neon/norx64-4-1'

export PKG_CONFIG_LIBDIR=/usr/lib/aarch64-linux-gnu/pkgconfig
ensure_pkgs gcc-aarch64-linux-gnu libc6-dev-arm64-cross cmake make pkg-config qemu-user-static
ensure_arm64_arch
ensure_pkgs libjansson-dev:arm64 libssl-dev:arm64
QEMU_USER="$(qemu_user_aarch64)"
[ -n "$QEMU_USER" ] || die "no qemu-aarch64 user-mode emulator after installing qemu-user-static"

[ "$CLEAN" = 1 ] && rm -rf "$BUILD"
build_cross_test "$BUILD" "$REPO_ROOT/cmake/toolchain-aarch64.cmake"
BIN="$BUILD/cryptometer"

failed=0
fail() { log "FAILED: $*"; failed=$((failed + 1)); }

# line_of OUT VARIANT — the verify line of ref:VARIANT in OUT.
line_of() { grep -E "^[A-Z ]+ ref:$2 " <<<"$1" || true; }

for cpu in max cortex-a53; do
    export QEMU_CPU="$cpu"
    log "== qemu-aarch64 -cpu $cpu: ctest (not run here: test_kat, schema_of_real_run; see the top)"
    (cd "$BUILD" && ctest -j "$(nproc)" --output-on-failure -E "$SKIPPED") ||
        fail "ctest under -cpu $cpu"

    log "== qemu-aarch64 -cpu $cpu: verify --filter ^ref:"
    rc=0
    out="$("$QEMU_USER" "$BIN" verify --filter '^ref:' 2>&1)" || rc=$?
    grep -E "^(PASS|FAIL|CRASH|TIMEOUT|ERROR|UNAVAILABLE) +ref:|^verify:" <<<"$out" >&2 || true
    [ "$rc" = 0 ] || fail "verify --filter ^ref: exited $rc under -cpu $cpu"
    for v in $ARM_VARIANTS; do
        line="$(line_of "$out" "$v")"
        if [ "$cpu" = cortex-a53 ] && [ "$v" = sha512ce/sha512 ]; then
            grep -q "^UNAVAILABLE .*needs sha512: this CPU lacks it" <<<"$line" ||
                fail "-cpu $cpu: ref:$v is not unavailable for want of sha512: '$line'"
            grep -q "^PASS " <<<"$(line_of "$out" portable/sha512)" ||
                fail "-cpu $cpu: the portable SHA-512 fallback did not pass"
        else
            grep -q "^PASS " <<<"$line" || fail "-cpu $cpu: ref:$v did not pass: '$line'"
        fi
    done
done

log "== qemu-aarch64 -cpu max: verify --filter ^ref: --isa aes,pmull,sha1,sha2,sha512,asimd"
export QEMU_CPU=max
rc=0
out="$("$QEMU_USER" "$BIN" verify --filter '^ref:(portable|armce|sha512ce|neon)/' \
    --isa aes,pmull,sha1,sha2,sha512,asimd 2>&1)" || rc=$?
grep -E "^verify:" <<<"$out" >&2 || true
[ "$rc" = 0 ] || fail "masked verify exited $rc"
for v in $ARM_VARIANTS; do
    grep -q "^UNAVAILABLE .*needs [a-z0-9]*: masked by" <<<"$(line_of "$out" "$v")" ||
        fail "masked: ref:$v is not unavailable as masked: '$(line_of "$out" "$v")'"
done
for a in aes-128-cbc aes-256-ctr aes-128-gcm sha1 sha256 sha512 chacha20 chacha20-poly1305 \
    blake2b-512 blake2s-256 norx32-4-1 norx64-4-1; do
    grep -q "^PASS " <<<"$(line_of "$out" "portable/$a")" ||
        fail "masked: ref:portable/$a did not pass"
done

# check_probe JSON MASKED — every aarch64 probe measured (or, MASKED=1, the crypto ones
# unavailable as masked), the document marked emulated; prints what is wrong, if anything.
check_probe() {
    python3 -c '
import json, sys
doc, masked = json.loads(sys.argv[1]), sys.argv[2] == "1"
crypto = ["aese", "aesmc", "aese+aesmc", "aese+aesmc-apart", "pmull", "pmull2", "sha256h"]
probes = {p["name"]: p for p in doc["probes"]}
bad = []
if list(probes) != crypto + ["mul", "umulh", "adcs"]:
    bad.append("probes listed: %s" % list(probes))
if doc["emulated"] is not True:
    bad.append("not marked emulated")
for n, p in probes.items():
    if masked and n in crypto:
        if p["status"] != "unavailable" or "masked by" not in (p["reason"] or ""):
            bad.append("%s not unavailable as masked: %s %s" % (n, p["status"], p["reason"]))
        continue
    if p["status"] != "measured" or not (p["latency"]["cycles"] or 0) > 0:
        bad.append("%s: %s %s" % (n, p["status"], p["reason"]))
    if (p["throughput"]["cycles"] is None) != (n == "adcs"):
        bad.append("%s: throughput %s" % (n, p["throughput"]["cycles"]))
cbc = [b for b in doc["bounds"] if b["algorithm"] == "aes-128-cbc" and b["operation"] == "encrypt"]
if not cbc or (cbc[0]["bound_cpb"] is None) != masked:
    bad.append("aes-128-cbc encrypt bound: %s" % cbc)
print("; ".join(bad))
' "$1" "$2"
}

for cpu in max cortex-a53; do
    export QEMU_CPU="$cpu"
    log "== qemu-aarch64 -cpu $cpu: probe --json --quick"
    rc=0
    out="$("$QEMU_USER" "$BIN" probe --json --quick 2>&1)" || rc=$?
    [ "$rc" = 0 ] || fail "probe exited $rc under -cpu $cpu: $out"
    [ "$rc" != 0 ] || { bad="$(check_probe "$out" 0 2>&1)"; [ -z "$bad" ] || fail "probe under -cpu $cpu: $bad"; }
done
log "== qemu-aarch64 -cpu max: probe --json --quick --isa aes,pmull,sha2"
export QEMU_CPU=max
rc=0
out="$("$QEMU_USER" "$BIN" probe --json --quick --isa aes,pmull,sha2 2>&1)" || rc=$?
[ "$rc" = 0 ] || fail "masked probe exited $rc: $out"
[ "$rc" != 0 ] || { bad="$(check_probe "$out" 1 2>&1)"; [ -z "$bad" ] || fail "masked probe: $bad"; }

# explain: OpenSSL's ARMv8 paths attributed by OPENSSL_armcap (docs/attribution.md). The Python
# command runs the binary through a wrapper that starts it under qemu-aarch64.
log "== qemu-aarch64 -cpu max: explain OpenSSL's AES-128-GCM and SHA-256 (OPENSSL_armcap)"
export QEMU_CPU=max
wrapper="$BUILD/qemu-cryptometer"
printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$QEMU_USER" "$BIN" >"$wrapper" && chmod +x "$wrapper"
py="$REPO_ROOT/.venv/bin/python"; [ -x "$py" ] || py=python3
rc=0
CRYPTOMETER_BIN="$wrapper" PYTHONPATH="$REPO_ROOT/python" "$py" -m cryptometer explain \
    --filter 'openssl:evp/(aes-128-gcm/seal|sha256/digest)$' --time 0.05 --rounds 1 \
    --json "$BUILD/explain.json" >&2 || rc=$?
[ "$rc" = 0 ] || fail "explain exited $rc"
[ "$rc" != 0 ] || { bad="$(python3 -c '
import json, sys
doc = json.load(open(sys.argv[1]))
want = {"aes-128-gcm": "ARMv8 AES + PMULL", "sha256": "ARMv8 SHA-256"}
# under TCG, SHA256H costs about what the scalar rounds cost (masked: 1.26x, within the noise
# rule), so SHA-256 may be inferred; AES-GCM without AESE/PMULL is 24x slower: measured
how = {"aes-128-gcm": ("measured",), "sha256": ("measured", "inferred")}
bad = []
for r in doc["results"]:
    a = r.get("attribution")
    if r["backend"] != "openssl" or r["algorithm"] not in want:
        continue
    if not a or a["path"] != want[r["algorithm"]] or a["how"] not in how[r["algorithm"]]:
        bad.append("%s: %s" % (r["name"], a and (a["path"], a["how"], a["speedups"])))
    elif not any("OPENSSL_armcap" in s["env"] for s in a["steps"]):
        bad.append("%s: no step set OPENSSL_armcap" % r["name"])
if len([r for r in doc["results"] if "attribution" in r]) != 2:
    bad.append("records attributed: %s" % [r["name"] for r in doc["results"] if "attribution" in r])
print("; ".join(bad))
' "$BUILD/explain.json" 2>&1)"; [ -z "$bad" ] || fail "explain: $bad"; }

if [ "$failed" = 0 ]; then
    log "== summary: aarch64 user mode: all checks passed (-cpu max, -cpu cortex-a53, masked, probes, explain)"
else
    log "== summary: aarch64 user mode: $failed check(s) FAILED"
    exit 1
fi
