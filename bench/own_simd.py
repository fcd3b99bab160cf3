#!/usr/bin/env python3
"""bench/own_simd.py — our own SHA-NI and SIMD code against OpenSSL and against our
portable C, at 16 KiB, side by side (issue #9's benchmark targets for SHA-256 with
SHA-NI, BLAKE2b SIMD and NORX64 SIMD; ChaCha20 with AVX2 reported).

For each case, N rounds (default 7, at least 5) alternate the two implementations
(the first in odd rounds, the second in even ones), each a separate
`cryptometer run --sizes 16384` of that one benchmark. Prints the MB/s of every
round, the median of each side and the ratio first/second of the medians with its
target. A benchmark, not a test: it asserts nothing, and a ratio under its target
is printed as "below target", not hidden. There is no libsodium backend here yet:
BLAKE2b is compared with OpenSSL's (EVP_blake2b512).

usage: bench/own_simd.py [--binary build/cryptometer] [--rounds 7] [--time 0.3]
                         [--cpu N] [--only SUBSTRING]
"""
import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from own_vs_openssl import throughput  # noqa: E402  (one `cryptometer run` per figure)

ROOT = Path(__file__).resolve().parents[1]

# algorithm, operation, first, second, target ratio first/second (None: reported only)
CASES = [
    ("sha256", "digest", "ref:shani", "openssl:evp", 0.90),
    ("sha1", "digest", "ref:shani", "openssl:evp", None),
    ("blake2b-512", "digest", "ref:avx2", "ref:portable", 1.30),
    ("blake2b-512", "digest", "ref:avx2", "openssl:evp", 0.85),
    ("blake2s-256", "digest", "ref:sse41", "ref:portable", None),
    ("blake2s-256", "digest", "ref:sse41", "openssl:evp", None),
    ("norx64-4-1", "seal", "ref:avx2", "ref:portable", None),
    ("norx32-4-1", "seal", "ref:ssse3", "ref:portable", None),
    ("chacha20", "encrypt", "ref:avx2", "ref:portable", None),
    ("chacha20", "encrypt", "ref:avx2", "openssl:evp", None),
    ("chacha20-poly1305", "seal", "ref:avx2", "ref:portable", None),
]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default=str(ROOT / "build" / "cryptometer"))
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--time", type=float, default=0.3, help="--time of each run (s)")
    ap.add_argument("--cpu", type=int, default=None, help="pin every run to this CPU")
    ap.add_argument("--only", default="", help="only the cases whose line contains this")
    args = ap.parse_args()
    if args.rounds < 5:
        sys.exit("own_simd: --rounds must be at least 5")
    summary = []
    with tempfile.TemporaryDirectory() as d:
        out = Path(d) / "r.json"
        for alg, op, a, b, target in CASES:
            case = f"{alg} {op} {a} / {b}"
            if args.only not in case:
                continue
            got = {a: [], b: []}
            print(f"{alg} {op} at 16384 bytes, MB/s per round ({a} | {b}):")
            for r in range(args.rounds):
                row = {}
                for impl in ((a, b) if r % 2 == 0 else (b, a)):
                    mbs, why = throughput(args.binary, impl, alg, op, args.time, args.cpu, out)
                    if mbs is None:
                        print(f"  {impl}: failed: {why}")
                    else:
                        got[impl].append(mbs)
                    row[impl] = mbs
                fmt = lambda v: f"{v:10.1f}" if v is not None else f"{'failed':>10}"
                print(f"  round {r + 1}: {fmt(row[a])} | {fmt(row[b])}")
            if not got[a] or not got[b]:
                summary.append((case, None, None, None, target))
                continue
            ma, mb = statistics.median(got[a]), statistics.median(got[b])
            summary.append((case, ma, mb, ma / mb, target))
    print()
    print(f"{'case':<48} {'MB/s':>9} {'MB/s':>9} {'ratio':>7}  target")
    for case, ma, mb, ratio, target in summary:
        if ratio is None:
            print(f"{case:<48} {'(failed)':>9}")
            continue
        verdict = ("reported" if target is None
                   else f">= {target:.2f}: " + ("met" if ratio >= target else "below target"))
        print(f"{case:<48} {ma:>9.1f} {mb:>9.1f} {ratio:>7.3f}  {verdict}")


if __name__ == "__main__":
    main()
