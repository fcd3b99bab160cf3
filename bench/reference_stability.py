#!/usr/bin/env python3
"""Runs the same binary N times (default 5) and prints the reference workload's time of
each run (context.reference_workload.ns, its fastest call: docs/methodology.md
"Processor-normalised score"), the medians of its start and end windows beside it, and
the spread of the time: max/min - 1. Issue 7 asks for under 2% on this machine.

    bench/reference_stability.py [--runs 5] [--bin build/cryptometer]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "cryptometer"))
    a = ap.parse_args()
    times = []
    with tempfile.TemporaryDirectory() as d:
        for i in range(a.runs):
            out = os.path.join(d, "r%d.json" % i)
            p = subprocess.run([a.bin, "run", "--filter", "ref:portable/sha256/digest", "--sizes",
                                "16", "--time", "0.05", "-q", "--json", out],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            if p.returncode != 0:
                sys.exit("run %d: exit %d: %s" % (i + 1, p.returncode, p.stderr.strip()))
            ref = json.load(open(out))["context"]["reference_workload"]
            if not ref["ok"]:
                sys.exit("run %d: %s" % (i + 1, ref["why"]))
            times.append(ref["ns"])
            print("run %d: %.3f ms (medians: start %.3f, end %.3f, drift %+.2f%%)" % (
                i + 1, ref["ns"] / 1e6, ref["start"]["median_ns"] / 1e6,
                ref["end"]["median_ns"] / 1e6, 100 * ref["drift"]))
    spread = max(times) / min(times) - 1
    print("spread over %d runs: %.2f%% (max/min - 1)" % (a.runs, 100 * spread))


if __name__ == "__main__":
    main()
