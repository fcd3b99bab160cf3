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
from dataclasses import dataclass, field
from typing import List, Optional

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
