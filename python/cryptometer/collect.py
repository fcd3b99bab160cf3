"""Collecting many runs into tables: per operation, and the AES score per MHz by core family.

Per operation (class, algorithm, operation, unit), machines as rows and
implementations (``backend:variant``, ``×N`` for N threads) as columns.  Per-byte
operations get one table per size shown (``sizes``; a group with none of them
shows its largest size) in MB/s; per-operation ones one table in µs/op.  A
cell is the figure, with the processor-normalised figure (cycles per byte or
per operation) in parentheses where the record or its cluster's measured
clock gives it.  A machine row is a run, or a cluster of a run when the
records name their cluster (sbc-bench imports).

The AES score per MHz table groups the ``analysis.aes_score`` verdicts of every
run by core family (the table's family, else the core name): the median score
per MHz, the number of machines and clusters behind it, and the spread
(minimum, maximum, and the relative median absolute deviation).  Clusters whose
AES did not run on AES instructions (``crypto-extensions-absent-or-unused``,
``-absent``, ``-unused``), whose CPU was emulated (``emulated-cpu``) and those
without a score are left out.
"""

from dataclasses import dataclass, field
from statistics import median
from typing import Dict, List

from .figures import cycles, figure, implementation, machine_label, ok_records, operation_key

UNUSABLE_VERDICTS = ("crypto-extensions-absent-or-unused", "crypto-extensions-absent", "crypto-extensions-unused",
                     "emulated-cpu", "score-contradicts-features", "insufficient-data")


@dataclass
class Table:
    title: str
    unit: str
    columns: List[str]
    rows: Dict[str, Dict[str, tuple]] = field(default_factory=dict)   # machine -> column -> (figure, cycles)


def column_name(record):
    threads = record.get("threads", 1)
    return implementation(record) + ("" if threads == 1 else " ×%d" % threads)


def operation_tables(runs, sizes=(16, 16384)):
    """The per-operation tables, in a stable order (class, algorithm, operation, size)."""
    groups = {}
    for run in runs:
        for r in ok_records(run):
            groups.setdefault(operation_key(r), []).append((run, r))
    tables = []
    for key in sorted(groups, key=lambda k: tuple("" if x is None else str(x) for x in k)):
        klass, algorithm, operation, unit = key
        entries = groups[key]
        if unit == "byte":
            # a per-byte record without a whole size (a hostile file) has no column
            present = sorted({r["size"] for _, r in entries
                              if isinstance(r.get("size"), int) and not isinstance(r["size"], bool)})
            shown = [s for s in present if s in sizes] or present[-1:]
        else:
            shown = [None]
        for size in shown:
            _, label = figure(entries[0][1])
            title = "%s %s (%s)" % (algorithm, operation, klass) + ("" if size is None else ", %d bytes" % size)
            table = Table(title, label, [])
            for run, r in entries:
                if r.get("size") != size:
                    continue
                col = column_name(r)
                if col not in table.columns:
                    table.columns.append(col)
                table.rows.setdefault(machine_label(run, r), {})[col] = (figure(r)[0], cycles(run.doc, r))
            table.columns.sort()
            tables.append(table)
    return tables


@dataclass
class FamilyRatio:
    family: str
    arch: str
    ratio: float                  # median score per MHz (1000 bytes/s per MHz)
    scores: List[float]
    machines: int
    clusters: int
    sources: List[dict]           # {log, sha256} of imported logs, {run} of our runs
    known: bool                   # the family is in the data table

    @property
    def spread(self):
        """Relative median absolute deviation of the scores."""
        m = self.ratio
        return median(abs(s - m) for s in self.scores) / m if m else 0.0


def aes_family_ratios(runs):
    """One FamilyRatio per core family (or unknown core name) seen in the runs' AES-score verdicts."""
    groups = {}
    for run in runs:
        machine = run.label.rsplit(" [", 1)[0]
        source = run.doc.get("source") or {}
        for a in (run.doc.get("analysis") or {}).get("aes_score", []):
            if a.get("score_per_mhz") is None or a.get("verdict") in UNUSABLE_VERDICTS:
                continue
            # A core of no family whose closest family was derived from this very log: the table
            # holds that figure under its real name already ("Performance" of an x86 hybrid log).
            if a.get("verdict") == "unknown-family" and a.get("circular"):
                continue
            name = a.get("family") or a.get("core_name") or "?"
            g = groups.setdefault(name, {"arch": a.get("arch") or "?", "scores": [], "machines": set(),
                                         "sources": [], "known": a.get("family") is not None})
            g["scores"].append(a["score_per_mhz"])
            g["machines"].add(machine)
            ref = ({"log": source.get("file"), "sha256": source.get("sha256")} if source.get("sha256")
                   else {"run": run.id})
            if ref not in g["sources"]:
                g["sources"].append(ref)
    return [FamilyRatio(name, g["arch"], median(g["scores"]), sorted(g["scores"]), len(g["machines"]),
                        len(g["scores"]), g["sources"], g["known"])
            for name, g in sorted(groups.items())]
