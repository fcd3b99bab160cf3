#!/usr/bin/env python3
"""make_bn2048.py — writes the bignum class's modulus table and its
known-answer vectors, with Python's own integers only:

  data/bignum_moduli.json      the moduli of the bignum rows (src/model/algorithm.c)
  vectors/bignum/bn2048.json   cryptometer-kat-v1 cases of every bn-2048-* row

The modulus is the 2048-bit MODP prime of RFC 3526 section 3 (group 14),
computed here from the RFC's formula p = 2^2048 - 2^1984 - 1 +
2^64 * (floor(2^1918 * pi) + 124476), with pi from Machin's formula in
integer arithmetic, then checked: 2048 bits, prime (Miller-Rabin, 64 fixed
bases), (p - 1) / 2 prime (a safe prime), p = 3 mod 4. The answers come
from pow(a, b, p), pow(a, -1, p) and a * b % p; operands from
random.Random(2048), so rerunning the script gives the same files.

Run from the repository root: python3 vectors/bignum/make_bn2048.py
"""
import json
import random

BITS = 2048
LEN = BITS // 8


def pi_fixed(bits):
    """floor(pi * 2^bits), by Machin: pi = 16 atan(1/5) - 4 atan(1/239)."""
    guard = 64
    one = 1 << (bits + guard)

    def atan_inv(x):
        total, term, k, sign = 0, one // x, 1, 1
        while term:
            total += sign * (term // k)
            term //= x * x
            k += 2
            sign = -sign
        return total

    return (16 * atan_inv(5) - 4 * atan_inv(239)) >> guard


def is_probable_prime(n):
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for a in random.Random(1).sample(range(2, 1 << 30), 64):
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


P = 2**2048 - 2**1984 - 1 + 2**64 * (pi_fixed(1918) + 124476)
assert P.bit_length() == BITS and P % 4 == 3
assert is_probable_prime(P) and is_probable_prime((P - 1) // 2)


def hx(n):
    return n.to_bytes(LEN, "big").hex()


def cases():
    """(algorithm, comment, a, b, result) for every row; b None when unused."""
    rnd = random.Random(2048)
    draws = [rnd.randrange(2, P) for _ in range(4)]
    exps = [rnd.randrange(2**2047, 2**2048) for _ in range(2)]
    out = []
    for a, b in [(draws[0], draws[1]), (draws[2], draws[3]), (P - 1, P - 1), (1, draws[0])]:
        out.append(("bn-2048-modmul", "a * b mod p", a, b, a * b % P))
        out.append(("bn-2048-montmul", "a * b mod p, out of Montgomery form", a, b, a * b % P))
    for a in [draws[0], draws[2], P - 1, 2]:
        out.append(("bn-2048-modsqr", "a^2 mod p", a, None, a * a % P))
        out.append(("bn-2048-modinv", "a^-1 mod p: pow(a, -1, p)", a, None, pow(a, -1, P)))
        out.append(("bn-2048-modsqrt", "a root of a^2 mod p: a or p - a", a, None, a))
    for a, e in [(draws[0], exps[0]), (draws[1], exps[1]), (2, P - 2), (draws[2], 0)]:
        out.append(("bn-2048-modexp", "a^b mod p: pow(a, b, p)", a, e, pow(a, e, P)))
    return out


def main():
    moduli = {
        "about": "The moduli of the bignum rows (src/model/algorithm.c, parameter \"modulus\"), big-endian hex. Written by vectors/bignum/make_bn2048.py, which computes each from its published definition and checks it.",
        "moduli": {
            "rfc3526-modp-2048": {
                "bits": BITS,
                "hex": hx(P),
                "source": "IETF RFC 3526 section 3, the 2048-bit MODP group's prime: 2^2048 - 2^1984 - 1 + 2^64 * ([2^1918 pi] + 124476)",
                "properties": "a safe prime (p = 2q + 1, q prime), so p = 3 mod 4; its top two bits are set",
            }
        },
    }
    tests = []
    for i, (alg, comment, a, b, r) in enumerate(cases(), 1):
        t = {"id": i, "algorithm": alg, "comment": comment, "m": hx(P), "a": hx(a)}
        if b is not None:
            t["b"] = hx(b)
        t["result"] = hx(r)
        tests.append(t)
    kat = {
        "format": "cryptometer-kat-v1",
        "title": "2048-bit modular arithmetic modulo the RFC 3526 MODP-2048 prime",
        "source": ["Computed by vectors/bignum/make_bn2048.py with Python's integers (pow, pow(a, -1, p)); the modulus is RFC 3526 section 3's 2048-bit prime"],
        "notes": "m: the modulus; a, b: the operands (b: the exponent for modexp; absent when unused); result: the answer. modsqrt: the square root of a^2 mod m, where a or m - a are both right. montmul: the Montgomery product brought out of Montgomery form, a * b mod m, whatever the library's R.",
        "tests": tests,
    }
    with open("data/bignum_moduli.json", "w") as f:
        json.dump(moduli, f, indent=2)
        f.write("\n")
    with open("vectors/bignum/bn2048.json", "w") as f:
        f.write("{\n")
        for k in ("format", "title", "source", "notes"):
            f.write(f"  {json.dumps(k)}: {json.dumps(kat[k])},\n")
        f.write('  "tests": [\n')
        f.write(",\n".join("    " + json.dumps(t) for t in tests))
        f.write("\n  ]\n}\n")


if __name__ == "__main__":
    main()
