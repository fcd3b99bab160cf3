#!/bin/bash
# bench/compare_noise.sh — does compare cry wolf? Measures the same build several times on
# 125 benchmarks (AES-128-GCM seal and SHA-256 in every native library, five sizes) with
# `run --repeat 5`, one run under a CPU hog (a busy loop per CPU, killed by its PID), then
# compares: one run a side, two runs a side, and the hog's run against a quiet one. Nothing
# should be flagged; a busy side should say "inconclusive (machine busy)" (exit 4) if it
# would flag. Usage: bench/compare_noise.sh [BINARY] [OUTDIR]  (about 15 min on 2 cores).
set -u
BIN=$(realpath "${1:-build/cryptometer}")
OUT=${2:-results/compare-noise}
mkdir -p "$OUT" && OUT=$(realpath "$OUT")
SEL=(--filter '/(aes-128-gcm/seal|sha256/digest)$'
     --exclude '^(java|afalg|go|python|node|broken|faulty|twovariant|slow)'
     --sizes 16,64,256,1024,4096 --time 0.05 --repeat 5 -q)
measure() {   # measure NAME: one run into $OUT/NAME.json, its time on stdout
    local s=$(date +%s)
    "$BIN" run "${SEL[@]}" --json "$OUT/$1.json" || echo "run $1: exit $?"
    echo "run $1: $(( $(date +%s) - s )) s"
}
measure a; measure b
hogs=()
for _ in $(seq "$(nproc)"); do ( while :; do :; done ) & hogs+=($!); done
measure hog
kill "${hogs[@]}"
measure c
for sides in "a b" "a hog" "a c vs b hog"; do
    echo "== compare $sides"
    (cd "$OUT" && "$BIN" compare $(for s in $sides; do [ "$s" = vs ] && echo vs || echo "$s.json"; done) \
        | tail -n 3; echo "exit ${PIPESTATUS[0]}")
done
