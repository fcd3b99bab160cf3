#!/usr/bin/env python3
"""bench/own_simd.py — our own SHA-NI and SIMD code against OpenSSL and against our
portable C, at 16 KiB, side by side (issue #9's benchmark targets for SHA-256 with
SHA-NI, BLAKE2b SIMD and NORX64 SIMD; ChaCha20 with AVX2 reported).

For each case, N rounds (default 7, at least 5) alternate the two implementations
(the first in odd rounds, the second in even ones), each a separate
`cryptometer run --sizes 16384` of that one benchmark. Prints the MB/s of every
round (and its best sample), the median of each side, the ratio first/second of
the medians with its target, and the ratio of the best samples. A benchmark, not
a test: it asserts nothing, and a ratio under its target is printed as "below
target", not hidden. BLAKE2b's target is libsodium's
(crypto_generichash); OpenSSL's (EVP_blake2b512) is reported beside it.

usage: bench/own_simd.py [--binary build/cryptometer] [--rounds 7] [--time 0.3]
                         [--cpu N] [--only SUBSTRING]
"""
import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchlib import DEFAULT_BINARY, interleaved, ratios, verdict  # noqa: E402

# algorithm, operation, first, second, target ratio first/second (None: reported only)
CASES = [
    ("sha256", "digest", "ref:shani", "openssl:evp", 0.90),
    ("sha1", "digest", "ref:shani", "openssl:evp", None),
    ("blake2b-512", "digest", "ref:avx2", "ref:portable", 1.30),
    ("blake2b-512", "digest", "ref:avx2", "libsodium:default", 0.85),
    ("blake2b-512", "digest", "ref:avx2", "openssl:evp", None),
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
    ap.add_argument("--binary", default=DEFAULT_BINARY)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--time", type=float, default=0.3, help="--time of each run (s)")
    ap.add_argument("--cpu", type=int, default=None, help="pin every run to this CPU")
    ap.add_argument("--only", default="", help="only the cases whose line contains this")
    args = ap.parse_args()
    if args.rounds < 5:
        sys.exit("own_simd: --rounds must be at least 5")
    summary = []
    with tempfile.TemporaryDirectory() as d:
        for alg, op, a, b, target in CASES:
            case = f"{alg} {op} {a} / {b}"
            if args.only not in case:
                continue
            got = interleaved(args.binary, (a, b), alg, op, 16384, args.rounds, args.time,
                              args.cpu, d)
            summary.append((case, ratios(got, (a, b)), target))
    print()
    print(f"{'case':<48} {'MB/s':>9} {'MB/s':>9} {'ratio':>7} {'best':>6}  target")
    for case, r, target in summary:
        if r is None:
            print(f"{case:<48} {'(failed)':>9}")
            continue
        ma, mb, ratio, best = r
        print(f"{case:<48} {ma:>9.1f} {mb:>9.1f} {ratio:>7.3f} {best:>6.3f}  "
              f"{verdict(ratio, best, target)}")


if __name__ == "__main__":
    main()
