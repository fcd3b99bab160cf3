#!/usr/bin/env python3
"""bench/own_vs_openssl.py — our own AES-NI code (ref:aesni) against OpenSSL's EVP
(openssl:evp) at 16 KiB, side by side (issue #9's benchmark targets).

For each case, N rounds (default 7, at least 5) alternate the two implementations
(ours first in odd rounds, OpenSSL first in even ones), each a separate
`cryptometer run --sizes 16384` of that one benchmark, pinned to one CPU. Prints
the median (and best-sample) MB/s of every round, the median of each side, the
ratio ours/OpenSSL of the medians with the target, and the ratio of the best
samples, which a noisy host disturbs least (bench/benchlib.py interleaved()). A benchmark, not a test: it asserts nothing, and a
ratio under its target is printed as "below target", not hidden.

usage: bench/own_vs_openssl.py [--binary build/cryptometer] [--rounds 7]
                               [--time 0.3] [--cpu N] [--variant aesni]
"""
import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchlib import DEFAULT_BINARY, interleaved, ratios, verdict  # noqa: E402

# algorithm, operation, target ratio ours/OpenSSL (issue #9)
CASES = [
    ("aes-128-ctr", "encrypt", 0.80),
    ("aes-256-cbc", "decrypt", 0.80),
    ("aes-256-cbc", "encrypt", None),  # target: the probe's latency bound (probe_bounds.py)
    ("aes-128-gcm", "seal", 0.70),
]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default=DEFAULT_BINARY)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--time", type=float, default=0.3, help="--time of each run (s)")
    ap.add_argument("--cpu", type=int, default=None, help="pin every run to this CPU")
    ap.add_argument("--variant", default="aesni", help="our variant (aesni, vaes256)")
    args = ap.parse_args()
    if args.rounds < 5:
        sys.exit("own_vs_openssl: --rounds must be at least 5")
    impls = (f"ref:{args.variant}", "openssl:evp")
    summary = []
    with tempfile.TemporaryDirectory() as d:
        for alg, op, target in CASES:
            got = interleaved(args.binary, impls, alg, op, 16384, args.rounds, args.time,
                              args.cpu, d)
            summary.append((f"{alg} {op}", ratios(got, impls), target))
    print()
    print(f"{'case':<24} {impls[0] + ' MB/s':>15} {impls[1] + ' MB/s':>17} {'ratio':>7} "
          f"{'best':>6}  target")
    for case, r, target in summary:
        if r is None:
            print(f"{case:<24} {'(failed)':>15}")
            continue
        mo, mt, ratio, best = r
        print(f"{case:<24} {mo:>15.1f} {mt:>17.1f} {ratio:>7.3f} {best:>6.3f}  "
              f"{verdict(ratio, best, target)}")


if __name__ == "__main__":
    main()
