"""bench/tool_outputs.py — reading the output of the libraries' own speed tools
(`gnutls-cli --benchmark-ciphers`, `botan speed`) and which of their figures is which
cryptometer record, with what each tool does per operation where that differs.

A parsed figure is a ToolFigure: the tool's name for the algorithm, its operation,
the message size in bytes (None for a per-operation figure) and the value in
cryptometer's units: MB/s = 10^6 bytes/s, or operations/s. A line that is not a figure
is skipped; a figure line that cannot be read raises ValueError naming it.
"""
import re
from typing import NamedTuple, Optional


class ToolFigure(NamedTuple):
    name: str            # the tool's name, as printed
    operation: str       # the tool's operation word ("encrypt", "hash", "sign", ...)
    size: Optional[int]  # bytes per message; None for a per-operation figure
    value: float         # MB/s (10^6 B/s) per message size, operations/s per operation


# --- gnutls-cli --benchmark-ciphers (src/benchmark-cipher.c, GnuTLS 3.7) ---------------
# Its sections, by the words of their heading; payload size from the heading. Units are
# chosen by the TOTAL bytes processed (src/benchmark.c value2human), in powers of 1000.
GNUTLS_SECTIONS = [("AEAD ciphers", "aead"), ("cipher-MAC combinations", "cipher-mac"),
                   ("MAC algorithms", "mac"), ("ciphers", "cipher")]
GNUTLS_UNITS = {"bytes": 1e-6, "KB": 1e-3, "MB": 1.0, "GB": 1e3}
_GNUTLS_HEAD = re.compile(r"^Checking (.+), payload size: (\d+)\s*$")
_GNUTLS_ROW = re.compile(r"^\s*(\S+) ([\d.]+) (bytes|KB|MB|GB)/sec\s*$")


def parse_gnutls(text):
    """[ToolFigure] of `gnutls-cli --benchmark-ciphers` output; operation = section."""
    figures, section, size = [], None, None
    for line in text.splitlines():
        head = _GNUTLS_HEAD.match(line)
        if head:
            section = next((s for words, s in GNUTLS_SECTIONS if words in head.group(1)), None)
            if section is None:
                raise ValueError(f"gnutls-cli: unknown section heading: {line.strip()!r}")
            size = int(head.group(2))
            continue
        row = _GNUTLS_ROW.match(line)
        if row:
            if section is None:
                raise ValueError(f"gnutls-cli: a figure before any section: {line.strip()!r}")
            figures.append(ToolFigure(row.group(1), section, size,
                                      float(row.group(2)) * GNUTLS_UNITS[row.group(3)]))
    return figures


# --- botan speed (src/cli/speed.cpp, Botan 2.19) ----------------------------------------
# "NAME [provider] OP buffer size N bytes: V MiB/sec ..." and "NAME R OP/sec; ..."
_BOTAN_BUF = re.compile(r"^(.+?)(?: \[\w+\])? (\w+) buffer size (\d+) bytes: "
                        r"([\d.]+|inf) (MiB|KiB|GiB)/sec")
_BOTAN_OPS = re.compile(r"^(.+?)(?: \[\w+\])? ([\d.]+) ([\w ]+?)/sec;")
BOTAN_UNITS = {"KiB": 1024 / 1e6, "MiB": 1024 ** 2 / 1e6, "GiB": 1024 ** 3 / 1e6}


def parse_botan(text):
    """[ToolFigure] of `botan speed` output (MiB/s turned into MB/s)."""
    figures = []
    for line in text.splitlines():
        m = _BOTAN_BUF.match(line)
        if m:
            if m.group(4) == "inf":
                raise ValueError(f"botan speed: no time measured: {line.strip()!r}")
            figures.append(ToolFigure(m.group(1), m.group(2), int(m.group(3)),
                                      float(m.group(4)) * BOTAN_UNITS[m.group(5)]))
            continue
        m = _BOTAN_OPS.match(line)
        if m:
            figures.append(ToolFigure(m.group(1), m.group(3), None, float(m.group(2))))
    return figures


# --- which figure is which record ---------------------------------------------------------
class Pair(NamedTuple):
    tool_name: str      # ToolFigure.name
    tool_op: str        # ToolFigure.operation
    algorithm: str      # cryptometer's algorithm
    operation: str      # cryptometer's operation
    differs: str        # what the tool does per operation that cryptometer does not
    tool_arg: str = ""  # the tool's argument that measures it (botan speed ALGO)


_CM_GNUTLS_AEAD = ("cryptometer (gnutls backend): gnutls_cipher_set_iv, gnutls_cipher_add_auth "
                   "(13 B AAD), gnutls_cipher_encrypt2, gnutls_cipher_tag per message")
GNUTLS_PAIRS = [
    Pair("AES-128-GCM", "aead", "aes-128-gcm", "seal",
         "gnutls-cli: one gnutls_aead_cipher_encrypt per message, same IV every message, no "
         "AAD, input read from a 64 MiB buffer at a 4 KiB stride; " + _CM_GNUTLS_AEAD),
    Pair("CHACHA20-POLY1305", "aead", "chacha20-poly1305", "seal",
         "gnutls-cli: one gnutls_aead_cipher_encrypt per message, same IV every message, no "
         "AAD, input read from a 64 MiB buffer at a 4 KiB stride; " + _CM_GNUTLS_AEAD),
    Pair("SHA256", "mac", "hmac-sha256", "mac",
         "gnutls-cli: HMAC, gnutls_hmac_fast per message (the key set up again every message: "
         "two SHA-256 blocks more); cryptometer: gnutls_hmac + gnutls_hmac_output on a "
         "context keyed once"),
    Pair("AES-128-CBC", "cipher", "aes-128-cbc", "encrypt",
         "both: gnutls_cipher_encrypt2 on one keyed stream; gnutls-cli reads its input from a "
         "64 MiB buffer at a 4 KiB stride"),
    Pair("AES-128-XTS", "cipher", "aes-128-xts", "encrypt",
         "gnutls-cli: gnutls_cipher_encrypt2 per data unit, the tweak set once at init; "
         "cryptometer sets the tweak again every unit (gnutls_cipher_set_iv)"),
    Pair("AES-256-XTS", "cipher", "aes-256-xts", "encrypt",
         "gnutls-cli: gnutls_cipher_encrypt2 per data unit, the tweak set once at init; "
         "cryptometer sets the tweak again every unit (gnutls_cipher_set_iv)"),
]
GNUTLS_UNSHARED = ("AES-128-CCM (no CCM in cryptometer), the cipher-MAC combinations "
                   "(no such record), HMAC-SHA1/SHA512 (cryptometer has HMAC-SHA-256 only), "
                   "3DES-CBC, SALSA20-256, GOST, STREEBOG, NULL")

_BOTAN_TIMER = ("botan speed times each operation alone (Timer::start/stop around it: "
                "two clock reads and two cycle-counter reads per operation inside the timed time)")
_BOTAN_MODE = ("botan speed: enc.start(iv); enc.finish(buffer) per message on one in-place "
               "buffer, the decrypt of the same message after each encrypt; " + _BOTAN_TIMER)
_BOTAN_FFI = "cryptometer goes through Botan's C FFI (botan_cipher_*, botan_hash_*, ...)"
_BOTAN_FFI_FINAL = ("cryptometer: one botan_cipher_update with the final flag per message, in "
                    "which Botan 2's FFI copies the message into a secure_vector element by "
                    "element (about 9 us per 16 KiB here: bench/botan_ffi_costs.cpp) and the "
                    "result out again")
BOTAN_ECC_GROUPS = "secp256r1"
BOTAN_PAIRS = [
    *[Pair(f"AES-{k}/CBC/NoPadding", op, f"aes-{k}-cbc", op,
           _BOTAN_MODE + "; cryptometer streams one keyed CBC context (no restart per "
           "message) through botan_cipher_update without the final flag: whole 256-byte "
           "granules, memcpy copies, the rest if any with the flag", f"AES-{k}/CBC/NoPadding")
      for k in (128, 256) for op in ("encrypt", "decrypt")],
    *[Pair(f"CTR-BE(AES-{k})", "encrypt", f"aes-{k}-ctr", "encrypt",
           "both: one keyed stream; " + _BOTAN_TIMER + "; " + _BOTAN_FFI_FINAL,
           f"CTR-BE(AES-{k})")
      for k in (128, 256)],
    *[Pair(f"AES-{k}/GCM(16)", bop, f"aes-{k}-gcm", op,
           _BOTAN_MODE + ", no AAD; cryptometer: 13 B AAD; " + _BOTAN_FFI_FINAL, f"AES-{k}/GCM")
      for k in (128, 256) for bop, op in (("encrypt", "seal"), ("decrypt", "open"))],
    *[Pair("ChaCha20Poly1305", bop, "chacha20-poly1305", op,
           _BOTAN_MODE + ", no AAD; cryptometer: 13 B AAD; " + _BOTAN_FFI_FINAL,
           "ChaCha20Poly1305")
      for bop, op in (("encrypt", "seal"), ("decrypt", "open"))],
    *[Pair(f"AES-{k}/XTS", op, f"aes-{k}-xts", op, _BOTAN_MODE + "; " + _BOTAN_FFI_FINAL,
           f"AES-{k}/XTS") for k in (128, 256) for op in ("encrypt", "decrypt")],
    *[Pair(name, "hash", alg, "digest",
           "both: update + final per message; " + _BOTAN_TIMER + "; " + _BOTAN_FFI, name)
      for name, alg in (("SHA-1", "sha1"), ("SHA-256", "sha256"), ("SHA-512", "sha512"),
                        ("SHA-3(256)", "sha3-256"), ("SHA-3(512)", "sha3-512"),
                        ("BLAKE2b(512)", "blake2b-512"))],
    Pair("HMAC(SHA-256)", "mac", "hmac-sha256", "mac",
         "botan speed: mac.update(buffer) per 'message' and ONE final at the end: one long "
         "MAC, no per-message finalisation; cryptometer: a whole MAC per message",
         "HMAC(SHA-256)"),
    Pair("Poly1305", "mac", "poly1305", "mac",
         "botan speed: mac.update(buffer) per 'message' and ONE final at the end; "
         "cryptometer: a whole one-time-key MAC per message", "Poly1305"),
    Pair("Ed25519 Pure", "sign", "ed25519", "sign",
         "botan speed: sign_message of a fresh random 48-byte message; " + _BOTAN_TIMER,
         "Ed25519"),
    Pair("Ed25519 Pure", "verify", "ed25519", "verify",
         "botan speed: the verify figure averages a valid and a corrupted signature; "
         + _BOTAN_TIMER, "Ed25519"),
    Pair("ECDSA-secp256r1 EMSA1(SHA-256)", "sign", "ecdsa-p256-sha256", "sign",
         "botan speed: sign_message of a fresh random 48-byte message with the system RNG "
         "(/dev/urandom reads under strace -c); cryptometer: Botan's own AutoSeeded_RNG "
         "(rng 'user', an HMAC_DRBG), about 45 us more per signature here "
         "(bench/botan_ffi_costs.cpp); " + _BOTAN_TIMER, "ECDSA"),
    Pair("ECDSA-secp256r1 EMSA1(SHA-256)", "verify", "ecdsa-p256-sha256", "verify",
         "botan speed: the verify figure averages a valid and a corrupted signature; "
         + _BOTAN_TIMER, "ECDSA"),
    Pair("Curve25519", "key agreements", "x25519", "derive",
         "botan speed: derive_key(32) through KDF2(SHA-256) after the X25519 product",
         "Curve25519"),
    Pair("ECDH-secp256r1", "key agreements", "ecdh-p256", "derive",
         "botan speed: derive_key(32) through KDF2(SHA-256) after the ECDH product", "ECDH"),
]
BOTAN_ARGS = list(dict.fromkeys(p.tool_arg for p in BOTAN_PAIRS))  # in order, once each
BOTAN_UNSHARED = ("RSA (botan speed signs with PKCS#1 v1.5 only; cryptometer measures PSS and "
                  "OAEP), ECDSA P-384 (botan speed hashes with SHA-256 for every group; "
                  "cryptometer's P-384 uses SHA-384), key generation (one key per run in "
                  "botan speed: no spread)")

MBEDTLS_ABSENT = ("mbedTLS: not compared: Debian 12 packages no mbedTLS benchmark program "
                  "(libmbedtls-dev, libmbedtls14, libmbedcrypto7, libmbedx509-1 and "
                  "libmbedtls-doc hold no programs/test/benchmark)")


def match(figures, pairs):
    """[(Pair, ToolFigure)] for every parsed figure that has a cryptometer record, in the
    order of the figures."""
    by_key = {(p.tool_name, p.tool_op): p for p in pairs}
    return [(by_key[(f.name, f.operation)], f) for f in figures
            if (f.name, f.operation) in by_key]
