"""OpenSSL generations side by side: one like-for-like table of a run's generation backends.

A generation is a backend named ``openssl`` (the system's, the base of every
ratio) or ``openssl-<version>`` (another OpenSSL the build was pointed at: 1.1.1,
3.5, any prefix); its exact version and build come from ``context.libraries``.
A row is one benchmark (variant, algorithm, operation, size, threads); a column
is one generation.  Each cell holds the record's figure and spread
(cryptometer.cells), or its status and reason.  Against the system's, each other
generation gets the ratio of median times per operation with the Mann–Whitney U
test, the bootstrap CI and the Benjamini–Hochberg adjustment of ``compare``
(cryptometer.comparison: compare_pair, judge), adjusted over the whole table.
Rows where generations are known to differ most (data/generation_focus.json)
are marked with why and put first.
"""

import re
from dataclasses import dataclass, field
from typing import Dict, List, Optional

from . import data
from .cells import Cell, from_record, not_measured
from .comparison import Change, compare_pair, judge, time_per_op

SYSTEM = "openssl"
FOCUS_TABLE = "generation_focus.json"
VERDICTS = {"regression": "slower", "improvement": "faster", "same": "same", "not-tested": "not-tested"}


def is_generation(backend):
    return backend == SYSTEM or backend.startswith(SYSTEM + "-")


@dataclass
class Generation:
    backend: str
    available: bool
    version: Optional[str] = None    # the library loaded at run time
    reason: Optional[str] = None     # why it is not available

    @property
    def system(self):
        return self.backend == SYSTEM

    def as_json(self):
        return {"backend": self.backend, "system": self.system, "available": self.available,
                "version": self.version, "reason": self.reason}


@dataclass
class Row:
    variant: str
    algorithm: str
    klass: str
    operation: str
    unit: str
    size: Optional[int]
    threads: int
    cells: Dict[str, Cell] = field(default_factory=dict)
    changes: Dict[str, Change] = field(default_factory=dict)   # generation -> against the system's
    focus: List[str] = field(default_factory=list)             # why the row is in focus
    params_differ: bool = False

    @property
    def label(self):
        text = "%s %s %s" % (self.variant, self.algorithm, self.operation)
        text += "" if self.size is None else " @ %d B" % self.size
        return text if self.threads == 1 else "%s ×%d" % (text, self.threads)

    def verdict(self, backend):
        change = self.changes.get(backend)
        return None if change is None else VERDICTS[change.verdict]

    def as_json(self):
        out = {"variant": self.variant, "algorithm": self.algorithm, "class": self.klass,
               "operation": self.operation, "unit": self.unit, "size": self.size, "threads": self.threads,
               "focus": self.focus, "params_differ": self.params_differ, "cells": {}}
        for backend, cell in self.cells.items():
            entry = cell.as_json()
            change = self.changes.get(backend)
            if change is not None:
                entry.update(ratio=change.ratio, ci95_ratio=None if change.ci_low is None else
                             [change.ci_low, change.ci_high], p_value=change.p_value,
                             p_adjusted=change.p_adjusted, significant=change.significant,
                             verdict=VERDICTS[change.verdict])
            out["cells"][backend] = entry
        return out


@dataclass
class View:
    generations: List[Generation]
    rows: List[Row]
    threshold: float
    alpha: float

    def as_json(self):
        return {"generations": [g.as_json() for g in self.generations], "system": SYSTEM,
                "ratio": "time per operation / the system's (above 1: slower than the system's)",
                "threshold": self.threshold, "alpha": self.alpha, "rows": [r.as_json() for r in self.rows]}


def _version_order(backend):
    """The system's first, then the others by the numbers of their name (1.1.1 before 3.5)."""
    if backend == SYSTEM:
        return (0, ())
    return (1, tuple(int(n) for n in re.findall(r"\d+", backend)), backend)


def generations_of(doc):
    """The generations a run knows: its libraries' entries and the backends of its records."""
    found = {}
    for lib in (doc.get("context") or {}).get("libraries") or []:
        if is_generation(lib.get("backend", "")):
            found[lib["backend"]] = Generation(lib["backend"], bool(lib.get("available")), lib.get("version"),
                                               lib.get("reason"))
    for r in doc["results"]:
        if is_generation(r["backend"]) and r["backend"] not in found:
            found[r["backend"]] = Generation(r["backend"], True)
    return [found[b] for b in sorted(found, key=_version_order)]


def load_focus():
    """The focus rules (data/generation_focus.json), with ``algorithm`` compiled."""
    rules = data.load_json(FOCUS_TABLE)["rules"]
    return [dict(rule, algorithm=re.compile(rule["algorithm"])) if "algorithm" in rule else rule
            for rule in rules]


def focus_of(row, rules):
    """Why ``row`` is in focus: the ``why`` of every rule it matches."""
    out = []
    for rule in rules:
        if ("sizes" in rule and row.size not in rule["sizes"]) or \
           ("class" in rule and row.klass != rule["class"]) or \
           ("operation" in rule and row.operation != rule["operation"]) or \
           ("algorithm" in rule and not rule["algorithm"].search(row.algorithm)):
            continue
        out.append(rule["why"])
    return out


def _row_key(record):
    return (record["variant"], record["algorithm"], record["operation"], record.get("size"),
            record.get("threads", 1))


def _row_of(record):
    return Row(record["variant"], record["algorithm"], record.get("class") or "?", record["operation"],
               record["unit"], record.get("size"), record.get("threads", 1))


def build(run, rules, threshold=0.05, alpha=0.01):
    """The generations View of one run (rows in focus first), or None when it has no generation record
    or knows of one generation only (the system's alone: nothing to set it beside)."""
    gens = generations_of(run.doc)
    records = [r for r in run.doc["results"] if is_generation(r["backend"])]
    if not records or len(gens) < 2:
        return None
    by_key, rows = {}, {}
    for r in records:
        by_key.setdefault(_row_key(r), {})[r["backend"]] = r
        if r.get("size") is not None or r["unit"] == "op":
            rows.setdefault(_row_key(r), _row_of(r))
    # a byte-unit record without a size (unavailable, ...) stands for every size of its benchmark
    sizeless = [r for r in records if r.get("size") is None and r["unit"] == "byte"]
    for r in sizeless:
        if not any(k[:3] == _row_key(r)[:3] for k in rows):
            rows[_row_key(r)] = _row_of(r)
    changes = []
    for key, row in rows.items():
        present = dict(by_key.get(key, {}))
        for r in sizeless:
            if _row_key(r)[:3] == key[:3] and r["backend"] not in present:
                present[r["backend"]] = r
        for g in gens:
            if g.backend in present:
                row.cells[g.backend] = from_record(present[g.backend])
            elif not g.available:
                row.cells[g.backend] = not_measured("not available: %s" % (g.reason or "no reason given"))
            else:
                row.cells[g.backend] = not_measured("this run has no %s record of this benchmark" % g.backend)
        ok = {b: r for b, r in present.items() if row.cells[b].ok and time_per_op(r) is not None}
        row.params_differ = len({repr(sorted((r.get("params") or {}).items())) for r in ok.values()}) > 1
        base = ok.get(SYSTEM)
        for backend, r in ok.items():
            if base is not None and backend != SYSTEM:
                change = compare_pair(key, base, r)
                if change is not None:   # None: a side without a usable time, no ratio
                    row.changes[backend] = change
                    changes.append(change)
        row.focus = focus_of(row, rules)
    judge(changes, threshold, alpha)
    ordered = sorted(rows.values(), key=lambda r: (not r.focus, r.klass, r.algorithm, r.variant, r.operation,
                                                   r.size or 0, r.threads))
    return View(gens, ordered, threshold, alpha)
