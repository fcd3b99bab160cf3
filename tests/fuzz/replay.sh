#!/bin/sh
# replay.sh HARNESS DIR... — runs a libFuzzer harness once on every file in
# the DIRs (its seed corpus and its regressions): a crash, a leak or a
# sanitizer finding on any of them fails. No file at all passes.
set -eu
h=$1; shift
files=""
for d in "$@"; do
    [ -d "$d" ] || continue
    for f in "$d"/*; do
        [ -f "$f" ] && files="$files $f"
    done
done
[ -n "$files" ] || { echo "no inputs to replay"; exit 0; }
# shellcheck disable=SC2086 # paths of the repository: no spaces
exec "$h" -runs=1 $files
