#!/bin/bash
# bench/compare_noise.sh — does compare cry wolf? Measures the same build several times on
# 175 benchmarks (AES-128-GCM seal and SHA-256 in every C library, our own code and the Rust
# crates, five sizes) with `run --repeat 5`, one run under a CPU hog (a busy loop per CPU,
# killed by its PID), then
# compares: one run a side, two runs a side, and the hog's run against a quiet one. Nothing
# should be flagged; a busy side should say "inconclusive (machine busy)" (exit 4) if it
# would flag. Each quiet run waits for the load of the one before to settle (below 0.5).
# Usage: bench/compare_noise.sh [BINARY] [OUTDIR]  (about 10 min on 2 cores).
set -u
BIN=$(realpath "${1:-build/cryptometer}")
OUT=${2:-results/compare-noise}
mkdir -p "$OUT" && OUT=$(realpath "$OUT")
SEL=(--filter '/(aes-128-gcm/seal|sha256/digest)$'
     --exclude '^(java|afalg|go|python|node|broken|faulty|twovariant|slow)'
     --sizes 16,64,256,1024,4096 --time 0.05 --repeat 5 -q)
settle() {    # waits (at most 4 min) until the 1-minute load average is below 0.5, so that a
              # quiet run does not start in the load of the one before (its health flag "load")
    local i
    for i in $(seq 48); do
        awk '{exit !($1 < 0.5)}' /proc/loadavg && return
        sleep 5
    done
    echo "load still $(cut -d' ' -f1 /proc/loadavg) after 4 min"
}
measure() {   # measure NAME: one run into $OUT/NAME.json, its time on stdout
    [ "$1" = hog ] || settle
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
