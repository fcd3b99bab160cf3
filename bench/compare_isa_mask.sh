#!/bin/bash
# bench/compare_isa_mask.sh — does compare flag exactly what a masked CPU feature slows? Measures
# AES-128-GCM seal and SHA-256 in every library and runtime but Java (84 benchmarks at 1 and
# 16 KiB, `run --repeat 3`), once as the machine is and once with OpenSSL's own switch clearing
# AES-NI and PCLMULQDQ (OPENSSL_ia32cap; ":~0x0" keeps the second word, so SHA-NI stays), then
# compares them and prints the rows compare flags or calls inconclusive. Expected: the libcrypto
# builds whose AES-GCM takes the AES-NI path (not a VAES path that tests other bits), nothing else.
# Usage: bench/compare_isa_mask.sh [BINARY] [OUTDIR]  (about 2.5 min on 2 cores).
set -u
BIN=$(realpath "${1:-build/cryptometer}")
OUT=${2:-results/compare-isa-mask}
mkdir -p "$OUT" && OUT=$(realpath "$OUT")
SEL=(--filter '/(aes-128-gcm/seal|sha256/digest)$' --exclude '^(java|broken|faulty|twovariant|slow)'
     --sizes 1024,16384 --repeat 3 -q)
"$BIN" run "${SEL[@]}" --json "$OUT/as-is.json" || echo "run as-is: exit $?"
OPENSSL_ia32cap="~0x200000200000000:~0x0" "$BIN" run "${SEL[@]}" --json "$OUT/masked.json" ||
    echo "run masked: exit $?"
cd "$OUT" && "$BIN" compare as-is.json masked.json > compare.txt
echo "compare exit $?"
grep -E ' (regression|improvement|inconclusive)$' compare.txt
tail -n 2 compare.txt
