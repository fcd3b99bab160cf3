"""The AES-score-per-MHz inference: what an OpenSSL AES figure says about a core.

``openssl speed -elapsed -evp aes-256-cbc`` at 16384-byte blocks, single
thread on one core, in 1000s of bytes per second ("k/s"), scales linearly with
the core clock when AES instructions are used, with a ratio fixed per core
family (Thomas Kaiser's observation, published with sbc-bench).  The table of
ratios is data: ``data/aes_score_per_mhz.json``.

The rule that reads it has one implementation, in the C core
(``src/platform/aes_score.c``; docs/detect.md states it step by step), because
the binary must judge a live run alone on a board without Python.  This module
loads and checks the table and asks the binary for verdicts: ``evaluate``
sends the figures and the table to ``cryptometer aes-score`` and returns its
answer.  The binary is ``$CRYPTOMETER_BIN`` (the ``cryptometer`` command sets
it when it runs a Python subcommand), else ``<repository>/build/cryptometer``,
else ``cryptometer`` on PATH; without one, loading the table fails with a
TableError that says so (the import command exits 3).

In short: ``score_per_mhz = kbs_16k / mhz``; the family is found by core name
(ASCII letters and digits, lower-cased); far below
every family -> ``crypto-extensions-absent-or-unused`` (``-absent`` when the log's CPU flags
lack AES; ``emulated-cpu``/``-unused`` from a live run's evidence); no family ->
``unknown-family`` naming the closest family of the figure's architecture
(as the table names it: ``amd64`` is ``x86_64``, ``armv7l`` is ``arm``, ...); otherwise ``consistent`` within the family's tolerance,
else ``clock-lower-than-claimed`` / ``clock-higher-than-claimed``, with the
cpufreq claim judged the same way (``claimed_verdict``).  A family whose ratio
was derived from the very log judged (``derived_from``, by SHA-256) gives a
``circular`` verdict whose message says that agreement proves nothing.
Every verdict comes with a sentence in words that carries the numbers.

The names are matched and the architectures named by the binary alone: this
module has no copy of those rules.  Loading a table asks the binary where each
core of the table belongs, so a core listed in two families is refused by the
same matching that judges a figure.
"""

import json
import math
import os
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Tuple

from . import data

TABLE_NAME = "aes_score_per_mhz.json"

CONSISTENT = "consistent"
CLOCK_LOWER = "clock-lower-than-claimed"
CLOCK_HIGHER = "clock-higher-than-claimed"
CRYPTO_ABSENT = "crypto-extensions-absent-or-unused"
CRYPTO_ABSENT_SURE = "crypto-extensions-absent"
CRYPTO_UNUSED = "crypto-extensions-unused"
EMULATED = "emulated-cpu"
CONTRADICTS = "score-contradicts-features"
UNKNOWN_FAMILY = "unknown-family"
INSUFFICIENT_DATA = "insufficient-data"

VERDICTS = (CONSISTENT, CLOCK_LOWER, CLOCK_HIGHER, CRYPTO_ABSENT, CRYPTO_ABSENT_SURE, CRYPTO_UNUSED, EMULATED,
            CONTRADICTS, UNKNOWN_FAMILY, INSUFFICIENT_DATA)

CIRCULAR_WORDS = ("(the table's ratio for this family was derived from this log, so agreement "
                  "proves nothing)")

BIN_ENV_VAR = "CRYPTOMETER_BIN"

@dataclass(frozen=True)
class Family:
    """One row of the table: a core family, its architecture (as the table spells it) and its k/s per MHz.

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
    """The AES score table is missing or malformed, or the binary that applies the rule is
    missing or failed; the message says what is wrong."""


def find_binary():
    """The cryptometer binary that applies the rule: $CRYPTOMETER_BIN, else
    <repository>/build/cryptometer, else cryptometer on PATH; raise TableError if none."""
    env = os.environ.get(BIN_ENV_VAR)
    if env:
        if os.access(env, os.X_OK) and os.path.isfile(env):
            return env
        raise TableError("%s=%s is not an executable file" % (BIN_ENV_VAR, env))
    built = Path(__file__).resolve().parent.parent.parent / "build" / "cryptometer"
    if os.access(str(built), os.X_OK) and built.is_file():
        return str(built)
    on_path = shutil.which("cryptometer")
    if on_path:
        return on_path
    raise TableError("the AES score rule is applied by the cryptometer binary, and none was found "
                     "(%s is not set, %s does not exist, no cryptometer on PATH): build it "
                     "(cmake -S . -B build && cmake --build build) or set %s"
                     % (BIN_ENV_VAR, built, BIN_ENV_VAR))


class AesScoreTable:
    """The families of data/aes_score_per_mhz.json, the absent-crypto threshold, and the
    families of cores whose AES runs as table code (table_code_families: 32-bit ARM)."""

    def __init__(self, families, absent_fraction, table_code=()):
        if not families:
            raise TableError("the AES score table has no families")
        self.families = list(families)
        self.table_code = list(table_code)
        self.absent_fraction = float(absent_fraction)
        self.binary = None

    def check_cores(self):
        """Raise TableError if a core of the table is listed in two families: each core is matched
        by the binary (one request), and a core that lands in another family than its own is
        named with both."""
        cores = [(family, core) for family in self.families for core in family.cores]
        found = _run_rule(self, [figure(core, 1.0, 1e12) for _, core in cores])
        for (family, core), verdict in zip(cores, found):
            if verdict["family"] != family.name:
                raise TableError("core %r is listed in two families: %r and %r"
                                 % (core, verdict["family"], family.name))

    @classmethod
    def from_json(cls, obj):
        """Build the table from the parsed JSON document; raise TableError if a field is wrong."""
        try:
            families = _read_families(obj["families"])
            table_code = _read_families(obj.get("table_code_families", ()))
            fraction = float(obj["crypto_extensions_absent"]["fraction"])
        except (KeyError, TypeError, ValueError) as exc:
            raise TableError("the AES score table is malformed: %s %s" % (type(exc).__name__, exc)) from exc
        table = cls(families, fraction, table_code)
        table.check_cores()
        return table

    @classmethod
    def load(cls):
        """Load the table from the data directory (see cryptometer.data) and find the binary that
        applies the rule to it (find_binary); raise TableError if either is missing."""
        try:
            table = cls.from_json(data.load_json(TABLE_NAME))
        except data.DataError as exc:
            raise TableError(str(exc)) from exc
        table.binary = find_binary()
        return table

    def to_json(self):
        """The table as the binary reads it (the fields the rule uses)."""
        def rows(families):
            return [{"family": f.name, "cores": list(f.cores), "arch": f.arch, "ratio": f.ratio,
                     "tolerance": f.tolerance, "derived_from": [{"sha256": d} for d in f.derived_from]}
                    for f in families]
        return {"families": rows(self.families), "table_code_families": rows(self.table_code),
                "crypto_extensions_absent": {"fraction": self.absent_fraction}}

    def family_of(self, core_name) -> Optional[Family]:
        """Return the family whose cores contain ``core_name``, or None (as the rule finds it)."""
        found = evaluate(self, core_name, 1.0, 1e12)["family"]
        return next((f for f in self.families if f.name == found), None) if found else None


def _read_families(entries):
    """The Family rows of a list of the table's family entries; raises KeyError, TypeError,
    ValueError or TableError when one is wrong."""
    families = []
    for entry in entries:
        ratio = float(entry["ratio"])
        tolerance = float(entry["tolerance"])
        if ratio <= 0 or tolerance < 0:
            raise TableError("family %r has a non-positive ratio or a negative tolerance"
                             % entry.get("family"))
        arch = entry["arch"]
        if not isinstance(arch, str) or not arch:
            raise TableError("family %r has no architecture ('arch')" % entry.get("family"))
        derived = tuple(str(d["sha256"]).lower() for d in entry.get("derived_from", ()))
        families.append(Family(name=str(entry["family"]), cores=tuple(entry["cores"]),
                               ratio=ratio, tolerance=tolerance,
                               source=str(entry["source"]), arch=arch,
                               derived_from=derived))
    return families


def _number(x):
    """A figure for the binary: a finite number, else None (unknown)."""
    if x is None or isinstance(x, bool):
        return None
    x = float(x)
    return x if math.isfinite(x) else None


def _run_rule(table, figures):
    """The binary's verdicts of ``figures`` (a list of dicts) with ``table``."""
    binary = table.binary or find_binary()
    request = json.dumps({"table": table.to_json(), "figures": figures})
    try:
        done = subprocess.run([binary, "aes-score"], input=request, capture_output=True, text=True,
                              timeout=120, check=False)
    except OSError as exc:
        raise TableError("cannot run %s aes-score: %s" % (binary, exc.strerror or exc)) from exc
    if done.returncode != 0:
        raise TableError("%s aes-score failed (exit %d): %s"
                         % (binary, done.returncode, done.stderr.strip() or "no message"))
    try:
        verdicts = json.loads(done.stdout)
    except ValueError as exc:
        raise TableError("%s aes-score answered something that is not JSON: %s" % (binary, exc)) from exc
    if not isinstance(verdicts, list) or len(verdicts) != len(figures):
        raise TableError("%s aes-score answered %r, not one verdict per figure" % (binary, verdicts))
    return verdicts


def evaluate(table, core_name, mhz, kbs_16k, claimed_mhz=None, mhz_label="measured", arch=None,
             log_sha256=None):
    """Apply the rule (in the cryptometer binary) to one figure; return a dict of the figures,
    verdict and message.

    ``mhz`` is the clock the score is checked against and ``mhz_label`` says
    where it comes from ("measured", "claimed by cpufreq", ...); ``arch`` the
    architecture the figure was produced on (None: unknown); ``log_sha256``
    the SHA-256 of the log the figures come from (None in a live run).
    Keys: core_name, arch (``arch`` as the table names it), mhz, mhz_source,
    kbs_16k, score_per_mhz, family, ratio, tolerance, expected_kbs,
    implied_mhz, deviation, closest_family, claimed_mhz, claimed_deviation,
    claimed_verdict (the rule applied to ``claimed_mhz`` instead of ``mhz``;
    only with a known family), verdict, circular, message.  Unknown figures are
    None.  Raises TableError when the binary is missing or fails.
    """
    return _run_rule(table, [figure(core_name, mhz, kbs_16k, claimed_mhz, mhz_label, arch, log_sha256)])[0]


def figure(core_name, mhz, kbs_16k, claimed_mhz=None, mhz_label="measured", arch=None, log_sha256=None,
           aes_instructions=None, cluster=None, observed=None):
    """One figure as the binary reads it (see ``evaluate``); ``aes_instructions`` is "present",
    "absent" or None (unknown), ``cluster`` names the figure in twin sentences, ``observed``
    lists what the log shows during that cluster's test."""
    out = {"core_name": core_name, "mhz": _number(mhz), "kbs_16k": _number(kbs_16k),
           "claimed_mhz": _number(claimed_mhz), "mhz_label": mhz_label, "arch": arch,
           "log_sha256": log_sha256, "aes_instructions": aes_instructions}
    if cluster is not None:
        out["cluster"] = cluster
    if observed:
        out["observed"] = list(observed)
    return out


def evaluate_log(table, figures):
    """The verdicts of the figures of one log (``figure`` dicts), in one request, so that the
    binary compares each cluster with its twins (same family, clocks within 3%): a verdict with
    twins has ``twins`` {clusters, reference_score_per_mhz, deviation, flagged, message}."""
    return _run_rule(table, list(figures)) if figures else []
