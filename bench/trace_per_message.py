#!/usr/bin/env python3
"""bench/trace_per_message.py — what `openssl speed` and cryptometer's openssl backend
each call in libcrypto for ONE message, shown by a trace (ltrace), not guessed.

For each pair it runs both tools under `ltrace -f`, keeps the calls the tool itself makes
into libcrypto (and, indented, the calls libcrypto makes into its own exported functions
during them), cuts the steady-state sequence into messages at the call that ends one,
and prints the last whole message of each side. A call to EVP_CipherInit_ex whose 4th
argument (the key) is not NULL is marked "KEY": a key schedule for that message.

Measured on Debian 12 (OpenSSL 3.0): `openssl speed -aead -evp aes-128-gcm` re-keys
every message (EVP_CIPHER_CTX_ctrl SET_IVLEN, then EVP_CipherInit_ex with the key and
the IV), where cryptometer keys once and sets only the nonce per message; `openssl speed
-evp sha256` calls EVP_Digest, which makes and frees an EVP_MD_CTX per message, where
cryptometer re-initialises one context. That per-message work is why the 16-byte ratios
of bench/vs_openssl_speed.py are far from 1 while the 16 KiB ones are near it
(docs/methodology.md, "Compared with openssl speed"). A benchmark aid: it asserts nothing.

usage: bench/trace_per_message.py [--binary build/cryptometer]   (needs ltrace)
"""
import argparse
import shutil
import sys

from benchlib import DEFAULT_BINARY, ltrace_calls

PAIRS = [  # name, ltrace pattern, openssl speed args, cryptometer args, message-end calls
    ("AES-128-GCM seal, 16 bytes", "EVP_Cipher*+EVP_Encrypt*+EVP_CIPHER_CTX_ctrl",
     ["-aead", "-evp", "aes-128-gcm"],
     ["--algorithms", "aes-128-gcm", "--filter", "/seal$"],
     {"openssl": "EVP_EncryptFinal_ex", "cryptometer": "EVP_CIPHER_CTX_ctrl"}),
    ("SHA-256, 16 bytes", "EVP_Digest*+EVP_MD_CTX_*",
     ["-evp", "sha256"], ["--algorithms", "sha256"],
     {"openssl": "EVP_Digest", "cryptometer": "EVP_DigestFinal_ex"}),
]


def last_message(calls, tool, end):
    """The calls of the last whole message: from after the second-to-last end call of
    the tool to its last one, with libcrypto's own calls in between."""
    ends = [i for i, c in enumerate(calls) if c[1] == tool and c[2] == end]
    if len(ends) < 2:
        return None
    return calls[ends[-2] + 1:ends[-1] + 1]


def show(calls, tool):
    for _, caller, fn, args in calls:
        arg = [a.strip() for a in args.split(",")]
        key = fn == "EVP_CipherInit_ex" and len(arg) > 3 and arg[3] not in ("0", "nil")
        print("    %s%s(%s)%s" % ("" if caller == tool else "  (inside) ", fn, args,
                                  "   <- KEY: a key schedule for this message" if key else ""))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default=DEFAULT_BINARY)
    a = ap.parse_args()
    if not shutil.which("ltrace"):
        sys.exit("ltrace is not installed (Debian: apt-get install ltrace)")
    for name, pattern, speed_args, cm_args, ends in PAIRS:
        print("== %s" % name)
        sides = [("openssl", ["openssl", "speed", "-seconds", "1", "-bytes", "16", *speed_args]),
                 ("cryptometer", [a.binary, "run", "--backends", "openssl", *cm_args, "--sizes",
                                  "16", "--time", "0.05", "-q", "--json", "r.json"])]
        for tool, argv in sides:
            msg = last_message(ltrace_calls(pattern, argv, timeout=300)[0], tool, ends[tool])
            print("  %s (%s), one message:" % (tool, " ".join(argv[:2])))
            if msg is None:
                print("    (no two whole messages traced)")
            else:
                show(msg, tool)


if __name__ == "__main__":
    main()
