#!/usr/bin/env python3
"""bench/clock_check.py — is the core clock cryptometer reports the real one?

Alternates, N times, `cryptometer detect --json` (the clock it measured on
the first CPU of cluster 0) and bench/mhz_probe.c (an independent chain: other
instruction, other clock source, 0.5 s long) pinned to the same CPU, and
prints each pair, the median ratio, and what /proc/cpuinfo claims. A
benchmark, not a test: it asserts nothing.

usage: bench/clock_check.py [--binary build/cryptometer] [--rounds 5]
"""
import argparse
import json
import statistics
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default=str(ROOT / "build" / "cryptometer"))
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        probe = Path(d) / "mhz_probe"
        subprocess.run(["cc", "-O2", "-o", str(probe), str(ROOT / "bench" / "mhz_probe.c")],
                       check=True)
        ratios = []
        print(f"{'round':>5} {'cryptometer MHz':>16} {'mhz_probe MHz':>14} {'ratio':>7}")
        for r in range(args.rounds):
            doc = json.loads(subprocess.run([args.binary, "detect", "--json"], capture_output=True,
                                            text=True, check=True).stdout)
            cluster = doc["cpu"]["clusters"][0]
            cpu = cluster["cpus"][0]
            ours = cluster["measured_mhz"]
            theirs = float(subprocess.run(["taskset", "-c", str(cpu), str(probe)],
                                          capture_output=True, text=True, check=True).stdout)
            ratios.append(ours / theirs)
            print(f"{r + 1:>5} {ours:>16.1f} {theirs:>14.1f} {ours / theirs:>7.3f}")
        claimed = cluster.get("claimed_mhz")
        print(f"median ratio cryptometer/probe: {statistics.median(ratios):.3f} "
              f"(range {min(ratios):.3f}..{max(ratios):.3f}); "
              f"claimed by the system: {claimed} MHz ({cluster.get('claimed_source')})")


if __name__ == "__main__":
    main()
