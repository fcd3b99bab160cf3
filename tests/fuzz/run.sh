#!/bin/sh
# tests/fuzz/run.sh [SECONDS] — builds the libFuzzer harnesses (clang,
# CRYPTOMETER_FUZZ=ON, in build-fuzz/) and fuzzes each for SECONDS (default
# 30), starting from its seed corpus (tests/fuzz/corpus/<harness>/; what the
# run finds goes to build-fuzz/corpus/, not into the repository). Prints the
# executions each harness reached. An input that crashes a harness (or leaks,
# or trips ASan/UBSan, or times out) is kept in
# tests/fuzz/regressions/<harness>/ — commit it: ctest replays it in the fuzz
# build from then on — and the script exits 1.
# Exit: 0 no finding, 1 a finding, 77 cannot run here (no clang/libFuzzer).
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
cd "$here"
secs=${1:-30}
harnesses="fuzz_cpuinfo fuzz_kcrypto fuzz_sysfs fuzz_wycheproof fuzz_options"
say() { printf 'fuzz: %s\n' "$*" >&2; }

command -v clang >/dev/null 2>&1 || { say "NOT RUN: no clang (libFuzzer) here"; exit 77; }
printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' \
    >build-fuzz.probe.c
if ! clang -fsanitize=fuzzer -o build-fuzz.probe build-fuzz.probe.c >/dev/null 2>&1; then
    rm -f build-fuzz.probe build-fuzz.probe.c
    say "NOT RUN: clang here has no libFuzzer (-fsanitize=fuzzer)"
    exit 77
fi
rm -f build-fuzz.probe build-fuzz.probe.c

if [ ! -f build-fuzz/CMakeCache.txt ]; then
    gen=$(command -v ninja >/dev/null 2>&1 && echo "-G Ninja" || true)
    # the parsers under test need no crypto library: only ref and system are built
    # shellcheck disable=SC2086
    CC=clang cmake -S . -B build-fuzz $gen -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCRYPTOMETER_FUZZ=ON \
        -DCRYPTOMETER_BACKEND_DEFAULT=OFF -DCRYPTOMETER_REF=AUTO -DCRYPTOMETER_SYSTEM=AUTO \
        >build-fuzz.configure.log 2>&1 || { cat build-fuzz.configure.log >&2; exit 1; }
fi
# shellcheck disable=SC2086 # the harness names: no spaces
cmake --build build-fuzz -j "$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)" --target $harnesses >build-fuzz.build.log 2>&1 ||
    { tail -40 build-fuzz.build.log >&2; say "build failed (build-fuzz.build.log)"; exit 1; }

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
status=0
# first the regressions and the seed corpus, once each (what ctest runs in build-fuzz)
if (cd build-fuzz && ctest -R '^fuzz_.*_replay$' --output-on-failure >../build-fuzz.replay.log 2>&1); then
    say "replay of the seed corpus and the regressions: passed"
else
    tail -40 build-fuzz.replay.log >&2
    say "replay of the seed corpus and the regressions: FAILED (build-fuzz.replay.log)"
    status=1
fi
for h in $harnesses; do
    work=build-fuzz/corpus/$h
    crashes=build-fuzz/crashes/$h
    mkdir -p "$work" "$crashes"
    rm -f "$crashes"/*
    log=build-fuzz/$h.log
    # -timeout: one input may take 10 s at most; -rss_limit_mb: 2 GB
    build-fuzz/tests/fuzz/$h -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
        -max_len=65536 -print_final_stats=1 -artifact_prefix="$crashes/" \
        "$work" "tests/fuzz/corpus/$h" >"$log" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    found=$(find "$crashes" -type f | wc -l)
    if [ "$rc" != 0 ] || [ "$found" != 0 ]; then
        mkdir -p "tests/fuzz/regressions/$h"
        for f in "$crashes"/*; do
            [ -f "$f" ] && cp "$f" "tests/fuzz/regressions/$h/"
        done
        grep -m1 -E "^==[0-9]+==ERROR|runtime error|^SUMMARY|deadly signal|timeout" "$log" >&2 || tail -5 "$log" >&2
        say "$h: FINDING after ${execs:-?} executions (exit $rc; input kept in tests/fuzz/regressions/$h/, log $log)"
        status=1
    else
        say "$h: ${execs:-?} executions in ${secs} s, no finding"
    fi
done
exit $status
