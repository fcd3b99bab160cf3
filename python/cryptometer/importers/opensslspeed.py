"""Parser of ``openssl speed`` output, human and machine-readable (``-mr``), with or without ``-multi``.

One parser for every reader of this output: ``cryptometer import
openssl-speed`` and the sbc-bench log parser (sbc-bench logs embed the human
table of ``openssl speed -elapsed -evp aes-*-cbc``).

Human form::

    version: 3.0.22                       (OpenSSL 3; 1.1.1 prints "OpenSSL 1.1.1f  31 Mar 2020")
    The 'numbers' are in 1000s of bytes per second processed.
    type             16 bytes     64 bytes ...
    aes-128-cbc     601895.95k   982524.38k ...      (1000 bytes/s; a figure without "k" is bytes/s)
                      sign    verify    sign/s verify/s
    rsa 2048 bits 0.001011s 0.000029s    989.5  34393.9
                                  op      op/s
     256 bits ecdh (nistp256)   0.0001s  14066.0

``-mr``: ``+H:16:64:...`` (sizes), ``+F:idx:name:v1:v2...`` (bytes/s per
size), ``+F2`` RSA, ``+F3`` DSA, ``+F4`` ECDSA, ``+F6`` EdDSA, ``+F7`` SM2
(``idx:bits[:name]:sign/s:verify/s``), ``+F5`` ECDH and ``+F8`` FFDH
(``idx:bits:op/s:seconds``).  ``-multi N``: each child's lines are echoed
as ``Got: ... from K`` and the parent then prints the combined table (the sum
over the N processes), which is the one read; N is the number of children.

``parse_text`` never raises: what it cannot read becomes a sentence in
``SpeedOutput.warnings``.
"""

import math
import re
import sys
from dataclasses import dataclass, field
from typing import Dict, List, Optional

from . import common

# A symmetric figure: bytes/s by size.  An asymmetric figure: operations/s by operation.
@dataclass
class SymmetricRow:
    algorithm: str
    values: Dict[int, float]   # bytes per second, by message size
    printed: Dict[int, str]    # the figure as printed ("601895.95k" or "+F" value)
    line: int


@dataclass
class AsymmetricRow:
    kind: str                  # rsa, dsa, ecdsa, eddsa, sm2, ecdh, ffdh
    bits: int
    curve: Optional[str]
    rates: Dict[str, float]    # operations per second, by operation (sign, verify, derive)
    line: int

    @property
    def algorithm(self):
        return "%s-%s" % (self.kind, self.curve.lower()) if self.curve else "%s-%d" % (self.kind, self.bits)


@dataclass
class SpeedOutput:
    version: Optional[str] = None
    machine_readable: bool = False
    processes: int = 1
    symmetric: List[SymmetricRow] = field(default_factory=list)
    asymmetric: List[AsymmetricRow] = field(default_factory=list)
    warnings: List[str] = field(default_factory=list)

    def found_anything(self):
        return bool(self.symmetric or self.asymmetric)


RE_VERSION = re.compile(r"^(OpenSSL|LibreSSL|BoringSSL|AWS-LC)\s+(\S+?),?(?:\s|$)")
RE_VERSION3 = re.compile(r"^version:\s+(\S+)")
RE_TYPE = re.compile(r"^type\s+.*\bbytes\b")
RE_FIGURE = re.compile(r"^(\d+(?:\.\d+)?)(k?)$")
RE_ASYM_HUMAN = re.compile(r"^\s*(?:(rsa|dsa)\s+(\d+)\s+bits|(\d+)\s+bits\s+(\w+)(?:\s+\(([^)]*)\))?)\s+(.*)$")
RE_ASYM_HEADER = re.compile(r"^\s+((?:\w+\s+)+)(\w+/s(?:\s+\w+/s)*)\s*$")
RE_GOT = re.compile(r"^Got: (.*) from (\d+)\s*$")
RE_FORKED = re.compile(r"^Forked child (\d+)")

# -mr asymmetric lines: tag -> (kind, whether a name field follows the bits, rate operations)
MR_ASYMMETRIC = {
    "+F2": ("rsa", False, ("sign", "verify")),
    "+F3": ("dsa", False, ("sign", "verify")),
    "+F4": ("ecdsa", False, ("sign", "verify")),
    "+F5": ("ecdh", False, ("derive",)),
    "+F6": ("eddsa", True, ("sign", "verify")),
    "+F7": ("sm2", True, ("sign", "verify")),
    "+F8": ("ffdh", False, ("derive",)),
}
# The first curves of speed.c's ECDSA/ECDH tables, which -mr names only by index.
MR_NIST_CURVES = ("nistp160", "nistp192", "nistp224", "nistp256", "nistp384", "nistp521")
HUMAN_RATE_OPERATIONS = {"sign/s": "sign", "verify/s": "verify", "op/s": "derive"}


# A figure outside [0, FIGURE_MAX] (bytes/s or operations/s), or not finite (nan, inf, 1e400), is
# refused with a warning naming the line and the value, and not used.
FIGURE_MAX = 1e15


def _plausible(row_values, printed, number, what, out):
    """``row_values`` (dict) without its implausible figures; a warning for each one dropped."""
    kept = {}
    for key, value in row_values.items():
        if math.isfinite(value) and 0 <= value <= FIGURE_MAX:
            kept[key] = value
        else:
            out.warnings.append("line %d: implausible %s figure %r; not used"
                                % (number, what, str(printed.get(key, value))[:60]))
    return kept


def sizes_of_type_line(line):
    """``type 16 bytes 64 bytes ...`` -> [16, 64, ...]."""
    return [int(x) for x in re.findall(r"(\d+) bytes", line)]


def split_figures(tokens):
    """Leading figure tokens of a human row -> (bytes/s values, printed tokens, the other tokens)."""
    values, printed = [], []
    for k, token in enumerate(tokens):
        m = RE_FIGURE.match(token)
        if not m:
            return values, printed, tokens[k:]
        values.append(float(m.group(1)) * (1000.0 if m.group(2) else 1.0))
        printed.append(token)
    return values, printed, []


def version_of(line):
    """The library version a version line names ("3.0.22", "1.1.1f", "LibreSSL 3.8.2"), or None."""
    m = RE_VERSION3.match(line)
    if m:
        return m.group(1)
    m = RE_VERSION.match(line)
    if m:
        return m.group(2) if m.group(1) == "OpenSSL" else "%s %s" % (m.group(1), m.group(2))
    return None


def parse_text(text):
    """Parse ``openssl speed`` output (any form); never raises."""
    out = SpeedOutput()
    lines = text.replace("\r\n", "\n").split("\n")
    children = {int(m.group(1)) for m in map(RE_FORKED.match, lines) if m}
    children |= {int(m.group(2)) for m in map(RE_GOT.match, lines) if m}
    out.processes = max(1, len(children))
    sizes, rate_ops = [], []
    for number, ln in enumerate(lines, 1):
        got = RE_GOT.match(ln)
        if got and got.group(1).startswith("+H:"):
            ln = got.group(1)  # a child's sizes: the combined table of -multi has no 'type' line
        elif got or RE_FORKED.match(ln) or not ln.strip():
            continue
        if ln.startswith(("+H:", "+F")) and not got:
            out.machine_readable = True
        if out.version is None and version_of(ln):
            out.version = version_of(ln)
        elif ln.startswith("+H:"):
            sizes = [int(x) for x in ln[3:].split(":") if x.isdigit()]
        elif ln.startswith("+F:"):
            _mr_symmetric(ln, number, sizes, out)
        elif ln.split(":")[0] in MR_ASYMMETRIC:
            _mr_asymmetric(ln, number, out)
        elif ln.startswith("+"):
            continue  # +DT/+R progress lines, or a form not read: the +F lines carry the figures
        elif RE_TYPE.match(ln):
            sizes = sizes_of_type_line(ln)
        elif RE_ASYM_HEADER.match(ln):
            rate_ops = [HUMAN_RATE_OPERATIONS.get(t, t.replace("/s", "")) for t in ln.split() if t.endswith("/s")]
        elif RE_ASYM_HUMAN.match(ln):
            _human_asymmetric(RE_ASYM_HUMAN.match(ln), number, rate_ops, out)
        elif sizes and len(ln.split()) > 1 and RE_FIGURE.match(ln.split()[1]):
            _human_symmetric(ln, number, sizes, out)
    if not out.found_anything():
        out.warnings.append("no openssl speed figures found (neither a 'type ... bytes' table, "
                            "signature rows nor -mr '+F' lines)")
    return out


def _by_size(sizes, values, number=None, name=None, out=None):
    """{size: value} for the sizes that are message sizes (1 byte or more); with ``out``, a
    warning names the line and the size that is not one (a fuzzed ``type 0 bytes``)."""
    kept = {}
    for size, value in zip(sizes, values):
        if size >= 1:
            kept[size] = value
        elif out is not None:
            out.warnings.append("line %d: %s: a size of %d bytes is not a message size; its figure "
                                "is not used" % (number, name, size))
    return kept


def _human_symmetric(ln, number, sizes, out):
    tokens = ln.split()
    values, printed, rest = split_figures(tokens[1:])
    if rest:
        out.warnings.append("line %d: unreadable text after the %s figures: %r" % (number, tokens[0], " ".join(rest)[:60]))
    if len(values) != len(sizes):
        out.warnings.append("line %d: %s has %d figures for %d sizes; kept the first %d"
                            % (number, tokens[0], len(values), len(sizes), min(len(values), len(sizes))))
    shown = _by_size(sizes, printed)
    out.symmetric.append(SymmetricRow(tokens[0].lower(),
                                      _plausible(_by_size(sizes, values, number, tokens[0], out), shown,
                                                 number, tokens[0], out),
                                      shown, number))


def _human_asymmetric(m, number, rate_ops, out):
    kind = (m.group(1) or m.group(4)).lower()
    bits = int(m.group(2) or m.group(3))
    numbers = [t for t in m.group(6).split() if not t.endswith("s")]
    try:
        rates = [float(t) for t in numbers]
    except ValueError:
        out.warnings.append("line %d: unreadable %s row" % (number, kind))
        return
    ops = rate_ops[-len(rates):] if len(rate_ops) >= len(rates) else ["sign", "verify"][:len(rates)]
    rates = _plausible(dict(zip(ops, rates)), dict(zip(ops, numbers)), number, kind, out)
    out.asymmetric.append(AsymmetricRow(kind, bits, m.group(5), rates, number))


def _mr_symmetric(ln, number, sizes, out):
    parts = ln.split(":")
    if len(parts) < 3:
        out.warnings.append("line %d: unreadable +F line" % number)
        return
    try:
        values = [float(x) for x in parts[3:]]
    except ValueError:
        out.warnings.append("line %d: unreadable +F line" % number)
        return
    shown = _by_size(sizes, parts[3:])
    out.symmetric.append(SymmetricRow(parts[2].lower(),
                                      _plausible(_by_size(sizes, values, number, parts[2], out), shown,
                                                 number, parts[2], out),
                                      shown, number))


def _mr_asymmetric(ln, number, out):
    parts = ln.split(":")
    kind, named, ops = MR_ASYMMETRIC[parts[0]]
    try:
        index, bits = int(parts[1]), int(parts[2])
        curve = parts[3] if named else None
        rates = [float(x) for x in parts[4 if named else 3:][:len(ops)]]
    except (ValueError, IndexError):
        out.warnings.append("line %d: unreadable %s line" % (number, parts[0]))
        return
    if kind in ("ecdsa", "ecdh") and index < len(MR_NIST_CURVES):
        curve = MR_NIST_CURVES[index]
    raw = parts[4 if named else 3:][:len(ops)]
    rates = _plausible(dict(zip(ops, rates)), dict(zip(ops, raw)), number, kind, out)
    out.asymmetric.append(AsymmetricRow(kind, bits, curve, rates, number))


# --------------------------------------------------------------------------
# The importer: a result document of the parsed output
# --------------------------------------------------------------------------

# Class of an `openssl speed` algorithm by its name (the first pattern that matches).
OPENSSL_CLASSES = (
    (re.compile(r"^(hmac|cmac|gmac|poly1305$)"), "mac", "mac"),
    (re.compile(r"(gcm|ccm|ocb|siv|poly1305)"), "aead", "seal"),
    (re.compile(r"^(md[245]|sha|sm3|blake|ripemd|rmd|whirlpool|shake|keccak|mdc2)"), "hash", "digest"),
    (re.compile(r""), "cipher", "encrypt"),
)
ASYMMETRIC_CLASSES = {"ecdh": "kex", "ffdh": "kex"}  # any other kind is a signature
OPENSSL_VARIANT = "speed"  # the output does not say whether EVP or the low-level API ran


def openssl_algorithm(name):
    """``hmac(md5)`` -> ``hmac-md5``; names are lower-cased."""
    return re.sub(r"\((.*)\)", r"-\1", name.lower())


def from_openssl_speed(parsed, source):
    """A result document from an opensslspeed.SpeedOutput."""
    results = []
    figure_unit = "bytes/s" if parsed.machine_readable else "1000 bytes/s"
    for row in parsed.symmetric:
        algorithm = openssl_algorithm(row.algorithm)
        klass, operation = next((c, o) for pattern, c, o in OPENSSL_CLASSES if pattern.search(algorithm))
        for size, value in sorted(row.values.items()):
            printed = value if parsed.machine_readable else value / 1000.0
            results.append(common.record("openssl", OPENSSL_VARIANT, algorithm, klass, operation, size=size,
                                  throughput_mb_s=value / 1e6, threads=parsed.processes,
                                  source_figure={"value": round(printed, 6), "unit": figure_unit,
                                                 "tool": "openssl speed"}))
    for row in parsed.asymmetric:
        params = {"key_bits": row.bits}
        if row.curve:
            params["curve"] = row.curve
        for operation, rate in row.rates.items():
            results.append(common.record("openssl", OPENSSL_VARIANT, row.algorithm,
                                  ASYMMETRIC_CLASSES.get(row.kind, "signature"), operation, size=None,
                                  ops_per_s=rate, threads=parsed.processes, params=params,
                                  source_figure={"value": rate, "unit": "%s/s" % operation,
                                                 "tool": "openssl speed"}))
    libraries = [{"backend": "openssl", "available": True, "version": parsed.version}]
    source = dict(source, tool="openssl speed", processes=parsed.processes,
                  form="-mr" if parsed.machine_readable else "human")
    return common.document(source, {"host": {}, "libraries": libraries, "health": []}, results,
                    parsed.warnings, complete=bool(results))


NAME = "openssl-speed"
HELP = "saved output of 'openssl speed' (human or -mr, with or without -multi)"
DESCRIPTION = ("Import the saved output of 'openssl speed': per-size throughput of ciphers, hashes and MACs, "
               "and signatures and key exchange per second; with -multi N the combined figures of N "
               "processes (threads N).")
build = common.text_importer(sys.modules[__name__], from_openssl_speed, "openssl speed")
summary = common.records_summary
