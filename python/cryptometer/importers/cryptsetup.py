"""Parser of ``cryptsetup benchmark`` output into plain data.

::

    # Tests are approximate using memory only (no storage IO).
    PBKDF2-sha256    2016492 iterations per second for 256-bit key
    argon2id      4 iterations, 729743 memory, 4 parallel threads (CPUs) for 256-bit key (requested 2000 ms time)
    #     Algorithm |       Key |      Encryption |      Decryption
            aes-cbc        128b      1105.1 MiB/s      3125.5 MiB/s
        serpent-cbc        128b        N/A               N/A

The cipher rows are the kernel's (cryptsetup runs them through AF_ALG), in
MiB/s over cryptsetup's 1 MiB buffer; ``N/A`` means the kernel could not run
the cipher (no AF_ALG, or no driver), and "Required kernel crypto interface
not available." then precedes the table.  PBKDF2 rows are iterations per
second.  Argon2 rows print the cost cryptsetup chose for its time target, not
a speed, and are left out with a warning.  ``parse_text`` never raises.
"""

import math
import re
import sys
from dataclasses import dataclass, field
from typing import List, Optional

from . import common

BUFFER_BYTES = 1024 * 1024  # cryptsetup benchmark's default buffer

RE_PBKDF2 = re.compile(r"^PBKDF2-(\S+)\s+(\d+) iterations per second for (\d+)-bit key")
RE_ARGON = re.compile(r"^(argon2\w*)\s+(.*?)\s*$")
RE_CIPHER = re.compile(r"^\s*([a-z0-9]+)-([a-z0-9]+)\s+(\d+)b\s+(N/A|\d+(?:\.\d+)?\s+MiB/s)\s+(N/A|\d+(?:\.\d+)?\s+MiB/s)")
RE_NO_KERNEL = re.compile(r"kernel crypto interface not available", re.IGNORECASE)


@dataclass
class CipherRow:
    cipher: str                     # aes, serpent, twofish, ...
    mode: str                       # cbc, xts, ...
    key_bits: int                   # as printed (an XTS key is two keys)
    encrypt_mib_s: Optional[float]  # None for N/A
    decrypt_mib_s: Optional[float]
    line: int


@dataclass
class Pbkdf2Row:
    hash: str
    iterations_per_s: int
    key_bits: int
    line: int


@dataclass
class CryptsetupOutput:
    ciphers: List[CipherRow] = field(default_factory=list)
    pbkdf2: List[Pbkdf2Row] = field(default_factory=list)
    kernel_interface_missing: bool = False
    warnings: List[str] = field(default_factory=list)

    def found_anything(self):
        return bool(self.ciphers or self.pbkdf2)


# A speed outside [0, MIB_MAX] MiB/s, or PBKDF2 iterations outside [1, ITERATIONS_MAX], or a figure
# that is not finite, is refused with a warning naming the line and the value; the row is not used.
MIB_MAX = 1e9
ITERATIONS_MAX = 1e12


def _mib(text):
    return None if text == "N/A" else float(text.split()[0])


def _implausible(values, number, out):
    """True (with a warning naming the line and the value) if a figure of the row is absurd."""
    for text, limit, low in values:
        value = _mib(text) if text is not None else None
        if value is not None and not (math.isfinite(value) and low <= value <= limit):
            out.warnings.append("line %d: implausible figure %r; the row is not used" % (number, text[:60]))
            return True
    return False


def parse_text(text):
    """Parse ``cryptsetup benchmark`` output; never raises."""
    out = CryptsetupOutput()
    for number, ln in enumerate(text.replace("\r\n", "\n").split("\n"), 1):
        if RE_NO_KERNEL.search(ln):
            out.kernel_interface_missing = True
        m = RE_PBKDF2.match(ln)
        if m:
            if not _implausible([(m.group(2), ITERATIONS_MAX, 1), (m.group(3), 65536, 1)],
                                number, out):
                out.pbkdf2.append(Pbkdf2Row(m.group(1), int(m.group(2)), int(m.group(3)), number))
            continue
        m = RE_CIPHER.match(ln)
        if m:
            enc, dec = _mib(m.group(4)), _mib(m.group(5))
            if not _implausible([(m.group(4), MIB_MAX, 0), (m.group(5), MIB_MAX, 0)], number, out):
                out.ciphers.append(CipherRow(m.group(1), m.group(2), int(m.group(3)), enc, dec, number))
            continue
        m = RE_ARGON.match(ln)
        if m:
            out.warnings.append("line %d: %s: cryptsetup prints the cost it chose (%s), not a speed; "
                                "not imported" % (number, m.group(1), m.group(2)))
    if not out.found_anything():
        out.warnings.append("no cryptsetup benchmark figures found (no PBKDF2 rows and no cipher table)")
    return out


# --------------------------------------------------------------------------
# The importer: a result document of the parsed output
# --------------------------------------------------------------------------

def cryptsetup_algorithm(row):
    """aes, cbc, 128 -> ``aes-128-cbc``; an XTS key is two keys: aes, xts, 512 -> ``aes-256-xts``."""
    return "%s-%d-%s" % (row.cipher, row.key_bits // 2 if row.mode == "xts" else row.key_bits, row.mode)


def from_cryptsetup(parsed, source):
    """A result document from a cryptsetup.CryptsetupOutput (cipher rows are the kernel's, via AF_ALG)."""
    results = []
    for row in parsed.ciphers:
        for operation, mib in (("encrypt", row.encrypt_mib_s), ("decrypt", row.decrypt_mib_s)):
            params = {"key_bits": row.key_bits}
            if mib is None:
                rec = common.unavailable("kernel", "cryptsetup", cryptsetup_algorithm(row), "cipher", operation,
                                  params, "cryptsetup benchmark printed N/A: the kernel crypto interface "
                                  "(AF_ALG) is missing or has no driver for this cipher")
            else:
                rec = common.record("kernel", "cryptsetup", cryptsetup_algorithm(row), "cipher", operation,
                             size=BUFFER_BYTES, throughput_mb_s=mib * 1.048576, params=params,
                             source_figure={"value": mib, "unit": "MiB/s", "tool": "cryptsetup benchmark"})
            results.append(rec)
    for row in parsed.pbkdf2:
        results.append(common.record("cryptsetup", "pbkdf2", "pbkdf2-%s" % row.hash, "kdf", "iterate", size=None,
                              ops_per_s=row.iterations_per_s, params={"key_bits": row.key_bits, "hash": row.hash},
                              source_figure={"value": row.iterations_per_s, "unit": "iterations/s",
                                             "tool": "cryptsetup benchmark"}))
    warnings = list(parsed.warnings)
    if parsed.kernel_interface_missing:
        warnings.append("cryptsetup says the kernel crypto interface is not available (no AF_ALG): "
                        "no cipher figure")
    return common.document(dict(source, tool="cryptsetup benchmark"),
                    {"host": {}, "libraries": [], "health": []}, results, warnings, complete=bool(results))


NAME = "cryptsetup"
HELP = "saved output of 'cryptsetup benchmark'"
DESCRIPTION = ("Import the saved output of 'cryptsetup benchmark': the kernel's ciphers (MiB/s, through AF_ALG; "
               "N/A becomes an unavailable record) and PBKDF2 iterations per second.")
build = common.text_importer(sys.modules[__name__], from_cryptsetup, "cryptsetup benchmark")
summary = common.records_summary
