#!/usr/bin/env python3
"""bench/own_vs_openssl.py — our own AES-NI code (ref:aesni) against OpenSSL's EVP
(openssl:evp) at 16 KiB, side by side (issue #9's benchmark targets).

For each case, N rounds (default 7, at least 5) alternate the two implementations
(ours first in odd rounds, OpenSSL first in even ones), each a separate
`cryptometer run --sizes 16384` of that one benchmark, pinned to one CPU. Prints
the MB/s of every round, the median of each side and the ratio ours/OpenSSL of
the medians with the target. A benchmark, not a test: it asserts nothing, and a
ratio under its target is printed as "below target", not hidden.

usage: bench/own_vs_openssl.py [--binary build/cryptometer] [--rounds 7]
                               [--time 0.3] [--cpu N] [--variant aesni]
"""
import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# algorithm, operation, target ratio ours/OpenSSL (issue #9)
CASES = [
    ("aes-128-ctr", "encrypt", 0.80),
    ("aes-256-cbc", "decrypt", 0.80),
    ("aes-256-cbc", "encrypt", None),  # target: the probe's latency bound (not here)
    ("aes-128-gcm", "seal", 0.70),
]


def throughput(binary, impl, alg, op, seconds, cpu, out):
    """MB/s of impl/alg/op at 16 KiB from one `cryptometer run`, or None with why."""
    args = [binary, "run", "--filter", f"^{impl}/{alg}/{op}$", "--sizes", "16384", "--time",
            str(seconds), "--json", str(out), "--quiet", "--force"]
    if cpu is not None:
        args += ["--cpu", str(cpu)]
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode != 0:
        return None, p.stderr.strip().splitlines()[-1] if p.stderr.strip() else f"exit {p.returncode}"
    recs = [r for r in json.loads(Path(out).read_text())["results"] if r["size"] == 16384]
    if len(recs) != 1 or recs[0]["status"] != "ok":
        return None, recs[0]["reason"] if recs else "no record"
    return recs[0]["throughput_mb_s"], None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default=str(ROOT / "build" / "cryptometer"))
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--time", type=float, default=0.3, help="--time of each run (s)")
    ap.add_argument("--cpu", type=int, default=None, help="pin every run to this CPU")
    ap.add_argument("--variant", default="aesni", help="our variant (aesni, vaes256)")
    args = ap.parse_args()
    if args.rounds < 5:
        sys.exit("own_vs_openssl: --rounds must be at least 5")
    ours, theirs = f"ref:{args.variant}", "openssl:evp"
    summary = []
    with tempfile.TemporaryDirectory() as d:
        out = Path(d) / "r.json"
        for alg, op, target in CASES:
            got = {ours: [], theirs: []}
            print(f"{alg} {op} at 16384 bytes, MB/s per round ({ours} | {theirs}):")
            for r in range(args.rounds):
                order = (ours, theirs) if r % 2 == 0 else (theirs, ours)
                row = {}
                for impl in order:
                    mbs, why = throughput(args.binary, impl, alg, op, args.time, args.cpu, out)
                    if mbs is None:
                        print(f"  {impl}: failed: {why}")
                    else:
                        got[impl].append(mbs)
                    row[impl] = mbs
                fmt = lambda v: f"{v:10.1f}" if v is not None else f"{'failed':>10}"
                print(f"  round {r + 1}: {fmt(row[ours])} | {fmt(row[theirs])}")
            if not got[ours] or not got[theirs]:
                summary.append((alg, op, None, None, None, target))
                continue
            mo, mt = statistics.median(got[ours]), statistics.median(got[theirs])
            summary.append((alg, op, mo, mt, mo / mt, target))
    print()
    print(f"{'case':<24} {ours + ' MB/s':>15} {theirs + ' MB/s':>17} {'ratio':>7}  target")
    for alg, op, mo, mt, ratio, target in summary:
        case = f"{alg} {op}"
        if ratio is None:
            print(f"{case:<24} {'(failed)':>15}")
            continue
        verdict = ("no ratio target (bound: AESENC latency)" if target is None
                   else f">= {target:.2f}: " + ("met" if ratio >= target else "below target"))
        print(f"{case:<24} {mo:>15.1f} {mt:>17.1f} {ratio:>7.3f}  {verdict}")


if __name__ == "__main__":
    main()
