#!/bin/sh
# tests/vm/dmcrypt-in-vm.sh — run inside a VM by test-vm-dmcrypt.sh (busybox sh): `dmcrypt
# --quick --json` (I/O 64 KiB and 1 MiB), then the data-safety checks: a run stopped by SIGINT mid-pass and one
# killed by SIGKILL, each followed by a look for what they left (dm mappings, loop devices
# over the tool's memory); the text of the run after it (its cross-check table with dd and
# cryptsetup benchmark). Prints sections between "=== NAME" lines for the host to check.

leftovers() {
    n=0
    for d in /sys/block/dm-*; do [ -e "$d" ] && n=$((n + 1)); done
    for b in /sys/block/loop*/loop/backing_file; do
        [ -e "$b" ] && grep -q cryptometer-ram "$b" && n=$((n + 1))
    done
    echo "$n"
}

# wait_for_mapping — until the run has a dm mapping (up to ~20 s).
wait_for_mapping() {
    i=0
    while [ $i -lt 200 ] && [ ! -e /sys/block/dm-0 ]; do sleep 0.1; i=$((i + 1)); done
}

echo "=== quick"
# 64 KiB and 1 MiB I/O: under TCG a 4 KiB pass costs seconds (the full sweep has it).
/cryptometer dmcrypt --quick --sizes 65536,1048576 --json 2>/tmp/quick.err
echo "=== quick-rc $?"
cat /tmp/quick.err
echo "=== quick-leftovers $(leftovers)"

/cryptometer dmcrypt --json >/dev/null 2>&1 &
pid=$!
wait_for_mapping
echo "=== sigint-during $(leftovers)"
kill -INT $pid
wait $pid
echo "=== sigint-rc $?"
echo "=== sigint-leftovers $(leftovers)"

/cryptometer dmcrypt --json >/dev/null 2>&1 &
pid=$!
wait_for_mapping
kill -KILL $pid
wait $pid
echo "=== sigkill-leftovers $(leftovers)"
/cryptometer dmcrypt --quick --sizes 1048576 >/tmp/after.out 2>/tmp/after.err
echo "=== after-rc $?"
echo "=== text"
cat /tmp/after.out
echo "=== after-err"
cat /tmp/after.err
echo "=== after-leftovers $(leftovers)"
echo "=== refuse"
/cryptometer dmcrypt /dev/loop0 2>&1
echo "=== refuse-rc $?"
