"""The AES-score-per-MHz inference: what an OpenSSL AES figure says about a core.

``openssl speed -elapsed -evp aes-256-cbc`` at 16384-byte blocks, single
thread on one core, in 1000s of bytes per second ("k/s"), scales linearly with
the core clock when AES instructions are used, with a ratio fixed per core
family (Thomas Kaiser's observation, published with sbc-bench).  The table of
ratios is data: ``data/aes_score_per_mhz.json``.  This module holds the rule
that reads it.  The C core implements the same rule from the same table, so the
rule is kept simple and exact:

1. ``score_per_mhz = kbs_16k / mhz``.  Without both figures (or with a
   non-positive one) the verdict is ``insufficient-data``.
2. Core names are compared after keeping only ASCII letters and digits and
   lower-casing the letters A-Z (``normalise_core_name``).  The family is the
   table entry whose ``cores`` contains the core name; there is at most one.
3. The reference ratio is the family's ``ratio`` when the family is known,
   otherwise the smallest ``ratio`` in the table (of any architecture: AES
   without AES instructions is far below every family).  If ``score_per_mhz <
   crypto_extensions_absent.fraction * reference`` the verdict is
   ``crypto-extensions-absent-or-unused`` (no AES instructions ran).
4. Otherwise, with no family: ``unknown-family``, naming, among the families
   whose ``arch`` is the architecture of the figure (``canonical_arch``), the
   one whose ratio is closest to ``score_per_mhz`` (smallest
   ``|score_per_mhz/ratio - 1|``, the first in table order on a tie).  The
   architecture is the log's (an import) or that of the binary whose OpenSSL
   produced the figure (a live run).  With no family of that architecture in
   the table, or with the architecture unknown, no family is named
   (``closest_family`` is null) and the sentence says why.
5. Otherwise ``expected_kbs = ratio * mhz``, ``implied_mhz = kbs_16k / ratio``,
   ``deviation = score_per_mhz / ratio - 1`` (in doubles, in this order: first
   ``kbs_16k / mhz``, then ``/ ratio``, then ``- 1``), and with the family's relative
   ``tolerance``: ``|deviation| <= tolerance`` -> ``consistent``;
   ``deviation < -tolerance`` -> ``clock-lower-than-claimed``;
   ``deviation > tolerance`` -> ``clock-higher-than-claimed``.

"Claimed" is the clock the figure is checked against (``mhz``): in an import
of an sbc-bench log it is the clock sbc-bench measured at the highest
operating point, in a live run the clock cryptometer measured.  When the
cpufreq claim (``claimed_mhz``) is known as well and the family is known, step 5
is also applied to it, giving ``claimed_verdict`` (e.g. a board whose cpufreq
says 1512 MHz but whose A53 scores like a 1412 MHz one gets
``clock-lower-than-claimed`` there); when the claim differs from ``mhz`` by
more than 3%, the message says which of the two clocks the score agrees with.
``verdict`` is always the one against ``mhz``.

6. Circularity (imports only): a family may list the logs its ratio was
   computed from (``derived_from``, keyed by the SHA-256 of the log's bytes).
   When the family compared with in step 4 or 5 lists the log being judged
   (``log_sha256``), the verdict keeps its code, ``circular`` is true and the
   message's first sentence ends with "(the table's ratio for this family was
   derived from this log, so agreement proves nothing)".  A live run judges no
   log, so there ``circular`` is always false.

Every verdict comes with a sentence in words that carries the numbers.
"""

from dataclasses import dataclass, field
from typing import Optional, Tuple

from . import data

TABLE_NAME = "aes_score_per_mhz.json"

CONSISTENT = "consistent"
CLOCK_LOWER = "clock-lower-than-claimed"
CLOCK_HIGHER = "clock-higher-than-claimed"
CRYPTO_ABSENT = "crypto-extensions-absent-or-unused"
UNKNOWN_FAMILY = "unknown-family"
INSUFFICIENT_DATA = "insufficient-data"

VERDICTS = (CONSISTENT, CLOCK_LOWER, CLOCK_HIGHER, CRYPTO_ABSENT, UNKNOWN_FAMILY, INSUFFICIENT_DATA)

# A cpufreq claim this far from the clock used is worth a sentence (the
# threshold of the clock check in issue #3, item 5).
CLAIM_GAP = 0.03

CIRCULAR_WORDS = ("(the table's ratio for this family was derived from this log, so agreement "
                  "proves nothing)")

_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_LOWER = "abcdefghijklmnopqrstuvwxyz"
_KEEP = frozenset(_LOWER + "0123456789")
_FOLD = str.maketrans(_UPPER, _LOWER)


def normalise_core_name(name):
    """Return ``name`` with ASCII A-Z lower-cased and everything but a-z, 0-9 removed."""
    if not name:
        return ""
    return "".join(c for c in name.translate(_FOLD) if c in _KEEP)


_ARCH_ALIASES = {"amd64": "x86_64", "arm64": "aarch64", "i386": "i686", "i486": "i686",
                 "i586": "i686", "x86": "i686"}


def canonical_arch(arch):
    """The architecture name the table uses for ``arch`` (as ``uname -m`` or a log spells it).

    ASCII A-Z lower-cased; ``amd64`` -> ``x86_64``, ``arm64`` -> ``aarch64``,
    ``i386``/``i486``/``i586``/``x86`` -> ``i686``, ``arm`` and ``armv*``
    (``armv7l``, ``armv8l``: 32-bit) -> ``arm``; any other name unchanged.
    None or empty -> None.
    """
    if not arch:
        return None
    a = str(arch).translate(_FOLD)
    if a == "arm" or a.startswith("armv"):
        return "arm"
    return _ARCH_ALIASES.get(a, a)


@dataclass(frozen=True)
class Family:
    """One row of the table: a core family, its architecture and its k/s per MHz.

    ``derived_from`` holds the SHA-256 (lower-case hex) of the logs the ratio
    was computed from.
    """

    name: str
    cores: Tuple[str, ...]
    ratio: float
    tolerance: float
    source: str
    arch: str = ""
    derived_from: Tuple[str, ...] = field(default=())


class TableError(Exception):
    """The AES score table is missing or malformed; the message says what is wrong."""


class AesScoreTable:
    """The families of data/aes_score_per_mhz.json and the absent-crypto threshold."""

    def __init__(self, families, absent_fraction):
        if not families:
            raise TableError("the AES score table has no families")
        self.families = list(families)
        self.absent_fraction = float(absent_fraction)
        self._by_core = {}
        for family in self.families:
            for core in family.cores:
                key = normalise_core_name(core)
                other = self._by_core.get(key)
                if other is not None and other is not family:
                    raise TableError("core %r is listed in two families: %r and %r"
                                     % (core, other.name, family.name))
                self._by_core[key] = family

    @classmethod
    def from_json(cls, obj):
        """Build the table from the parsed JSON document; raise TableError if a field is wrong."""
        try:
            families = []
            for entry in obj["families"]:
                ratio = float(entry["ratio"])
                tolerance = float(entry["tolerance"])
                if ratio <= 0 or tolerance < 0:
                    raise TableError("family %r has a non-positive ratio or a negative tolerance"
                                     % entry.get("family"))
                arch = canonical_arch(entry["arch"])
                if not isinstance(entry["arch"], str) or not arch:
                    raise TableError("family %r has no architecture ('arch')" % entry.get("family"))
                derived = tuple(str(d["sha256"]).lower() for d in entry.get("derived_from", ()))
                families.append(Family(name=str(entry["family"]), cores=tuple(entry["cores"]),
                                       ratio=ratio, tolerance=tolerance,
                                       source=str(entry["source"]), arch=arch,
                                       derived_from=derived))
            fraction = float(obj["crypto_extensions_absent"]["fraction"])
        except (KeyError, TypeError, ValueError) as exc:
            raise TableError("the AES score table is malformed: %s %s" % (type(exc).__name__, exc)) from exc
        return cls(families, fraction)

    @classmethod
    def load(cls):
        """Load the table from the data directory (see cryptometer.data)."""
        try:
            return cls.from_json(data.load_json(TABLE_NAME))
        except data.DataError as exc:
            raise TableError(str(exc)) from exc

    @property
    def smallest_ratio(self):
        return min(f.ratio for f in self.families)

    def family_of(self, core_name) -> Optional[Family]:
        """Return the family whose cores contain ``core_name``, or None."""
        key = normalise_core_name(core_name)
        return self._by_core.get(key) if key else None

    def closest(self, score_per_mhz, arch) -> Optional[Family]:
        """Return the family of architecture ``arch`` whose ratio is closest (relatively) to
        ``score_per_mhz``, the first in table order on a tie; None when the table has no family
        of that architecture or ``arch`` is unknown."""
        arch = canonical_arch(arch)
        best, best_gap = None, None
        for family in self.families:
            if arch is None or family.arch != arch:
                continue
            gap = abs(score_per_mhz / family.ratio - 1.0)
            if best is None or gap < best_gap:
                best, best_gap = family, gap
        return best


def _pct(x):
    """A signed percentage with one decimal; a value that rounds to zero prints as +0.0%."""
    text = "%+.1f%%" % (100.0 * x)
    return "+0.0%" if text == "-0.0%" else text


def _num(x):
    return "%.0f" % x


def _circular(family, log_key):
    """Step 6: whether ``family``'s ratio was derived from the log whose SHA-256 is ``log_key``."""
    return bool(log_key) and log_key in family.derived_from


def _circular_suffix(circular):
    return " " + CIRCULAR_WORDS if circular else ""


def _band(deviation, tolerance):
    """Step 5 of the rule: the verdict for a deviation from a known family's ratio."""
    if abs(deviation) <= tolerance:
        return CONSISTENT
    return CLOCK_LOWER if deviation < 0 else CLOCK_HIGHER


def _claim_sentence(verdict, dev, claimed_mhz, claimed_dev, tolerance, mhz_label):
    """The sentence comparing the clock used with a different cpufreq claim."""
    if verdict == CONSISTENT:
        if abs(claimed_dev) > tolerance:
            return ("cpufreq claims %s MHz, which the score does not fit (%s): the score confirms the %s "
                    "clock, not the claimed one." % (_num(claimed_mhz), _pct(claimed_dev), mhz_label))
        if abs(claimed_dev) > abs(dev):
            return ("cpufreq claims %s MHz (%s at that clock): the score fits the %s clock better."
                    % (_num(claimed_mhz), _pct(claimed_dev), mhz_label))
        return "The score fits the cpufreq claim of %s MHz as well (%s)." % (_num(claimed_mhz), _pct(claimed_dev))
    if abs(claimed_dev) <= tolerance:
        return "The cpufreq claim of %s MHz fits the score instead (%s)." % (_num(claimed_mhz), _pct(claimed_dev))
    return "cpufreq claims %s MHz, which the score does not fit either (%s)." % (_num(claimed_mhz), _pct(claimed_dev))


def evaluate(table, core_name, mhz, kbs_16k, claimed_mhz=None, mhz_label="measured", arch=None,
             log_sha256=None):
    """Apply the rule of the module docstring; return a dict of the figures, verdict and message.

    ``mhz`` is the clock the score is checked against and ``mhz_label`` says
    where it comes from ("measured", "claimed by cpufreq", ...); ``arch`` the
    architecture the figure was produced on (step 4); ``log_sha256`` the
    SHA-256 of the log the figures come from (step 6; None in a live run).
    Keys: core_name, arch (canonical_arch of ``arch``), mhz, mhz_source,
    kbs_16k, score_per_mhz, family, ratio, tolerance, expected_kbs,
    implied_mhz, deviation, closest_family, claimed_mhz, claimed_deviation,
    claimed_verdict (step 5 applied to ``claimed_mhz`` instead of ``mhz``;
    only with a known family), verdict, circular, message.
    """
    arch = canonical_arch(arch)
    log_key = log_sha256.lower() if log_sha256 else None
    out = {
        "core_name": core_name,
        "arch": arch,
        "mhz": mhz,
        "mhz_source": mhz_label,
        "kbs_16k": kbs_16k,
        "score_per_mhz": None,
        "family": None,
        "ratio": None,
        "tolerance": None,
        "expected_kbs": None,
        "implied_mhz": None,
        "deviation": None,
        "closest_family": None,
        "claimed_mhz": claimed_mhz,
        "claimed_deviation": None,
        "claimed_verdict": None,
        "verdict": INSUFFICIENT_DATA,
        "circular": False,
        "message": "",
    }
    who = core_name or "this core"

    if kbs_16k is None or kbs_16k <= 0:
        out["message"] = "%s: no AES-256-CBC 16 KiB figure, so the AES score per MHz cannot be checked." % who
        return out
    if mhz is None or mhz <= 0:
        out["message"] = ("%s: scores %s k/s in AES-256-CBC 16 KiB but no clock is known, so the score "
                          "per MHz cannot be checked." % (who, _num(kbs_16k)))
        return out

    spm = kbs_16k / mhz
    out["score_per_mhz"] = spm
    family = table.family_of(core_name)
    if family is not None:
        out["family"] = family.name
        out["ratio"] = family.ratio
        out["tolerance"] = family.tolerance
        out["expected_kbs"] = family.ratio * mhz
        out["implied_mhz"] = kbs_16k / family.ratio
        out["deviation"] = spm / family.ratio - 1.0
        reference = family.ratio
        reference_words = "the %s ratio (%s)" % (family.name, _num(family.ratio))
    else:
        reference = table.smallest_ratio
        reference_words = "the smallest ratio in the table (%s)" % _num(reference)

    threshold = table.absent_fraction * reference
    if spm < threshold:
        out["verdict"] = CRYPTO_ABSENT
        out["message"] = (
            "%s at %s MHz %s scores %s k/s in AES-256-CBC 16 KiB, %.1f per MHz: below %.0f%% of %s, "
            "so AES ran without AES instructions: crypto extensions are absent or unused."
            % (who, _num(mhz), mhz_label, _num(kbs_16k), spm, 100 * table.absent_fraction, reference_words))
        return out

    if family is None:
        out["verdict"] = UNKNOWN_FAMILY
        head = ("%s is not a core family in the AES score table; at %s MHz %s it scores %s k/s, "
                "%.1f per MHz" % (who, _num(mhz), mhz_label, _num(kbs_16k), spm))
        near = table.closest(spm, arch)
        if near is None:
            if arch is None:
                out["message"] = "%s; its architecture is unknown, so no family is compared with it." % head
            else:
                out["message"] = "%s; the table has no %s family to compare it with." % (head, arch)
            return out
        out["closest_family"] = {"family": near.name, "ratio": near.ratio,
                                 "deviation": spm / near.ratio - 1.0}
        out["circular"] = _circular(near, log_key)
        out["message"] = (
            "%s, closest to %s (%s per MHz, %s) of the %s families in the table%s."
            % (head, near.name, _num(near.ratio), _pct(spm / near.ratio - 1.0), arch,
               _circular_suffix(out["circular"])))
        return out

    dev = out["deviation"]
    out["verdict"] = _band(dev, family.tolerance)
    out["circular"] = _circular(family, log_key)
    suffix = _circular_suffix(out["circular"])
    head = ("%s at %s MHz %s should score ~%s k/s in AES-256-CBC 16 KiB (%s per MHz); it scores %s (%s)"
            % (who, _num(mhz), mhz_label, _num(out["expected_kbs"]), _num(family.ratio),
               _num(kbs_16k), _pct(dev)))
    if out["verdict"] == CONSISTENT:
        message = "%s: consistent with the %s family%s." % (head, family.name, suffix)
    elif out["verdict"] == CLOCK_LOWER:
        message = ("%s, as a core at ~%s MHz would: the clock was likely lower than the %s MHz %s%s."
                   % (head, _num(out["implied_mhz"]), _num(mhz), mhz_label, suffix))
    else:
        message = ("%s, as a core at ~%s MHz would: the clock was likely higher than the %s MHz %s%s."
                   % (head, _num(out["implied_mhz"]), _num(mhz), mhz_label, suffix))

    if claimed_mhz and claimed_mhz > 0:
        claimed_dev = kbs_16k / claimed_mhz / family.ratio - 1.0
        out["claimed_deviation"] = claimed_dev
        out["claimed_verdict"] = _band(claimed_dev, family.tolerance)
        if abs(claimed_mhz / mhz - 1.0) > CLAIM_GAP:
            message += " " + _claim_sentence(out["verdict"], dev, claimed_mhz, claimed_dev,
                                             family.tolerance, mhz_label)
    out["message"] = message
    return out

