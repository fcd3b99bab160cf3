"""The fleet part of the report: machines side by side per operation, and those that stand out.

``fleet(runs)`` (three or more runs: a ``fleet`` run directory, a store):

- ``tables``: per operation family, a row per algorithm, operation and
  implementation (at its largest size), a column per machine, each cell the
  headline figure in the page's number format;
- ``standouts``: each machine whose figures stand out from the other
  machines of its CPU family (the same ``cpu.model_name``; a family needs
  MIN_FAMILY machines, since of two that differ neither is the odd one).
  Per benchmark the machine's figure (MB/s or operations per second) is
  divided by the median of the family's (its own included); the machine's
  typical ratio is the median over the benchmarks it shares with the others.  It stands out when that ratio is
  more than STANDOUT away from 1 and beyond its own spread (twice the median
  95% CI of its records).  Each gets the explanations its own documents
  offer against its peers' (``explain``): a different governor, masked or
  absent crypto features, health flags its peers lack (load, busy CPUs,
  throttling), a different library version, an AES score verdict that says
  the clock is not the claimed one; or, when none does, "nothing in its
  documents explains it".
"""

import statistics
from collections import Counter, OrderedDict

from . import report_families
from . import report_numbers as num
from .figures import benchmark_key, figure, implementation, ok_records, spread
from .plots import score

STANDOUT = 0.10
MIN_FAMILY = 3
CLOCK_VERDICTS = ("clock-lower-than-claimed", "clock-higher-than-claimed", "crypto-extensions-unused",
                  "crypto-extensions-absent-or-unused", "emulated-cpu", "score-contradicts-features")


def cpu_family(run):
    cpu = (run.doc.get("context") or {}).get("cpu") or {}
    return cpu.get("model_name") or "CPU not named"


def _largest(records):
    """{(family, algorithm, operation, implementation): record at its largest size} of one run."""
    out = {}
    for r in records:
        if r.get("threads", 1) != 1:
            continue
        key = (report_families.family(r), r["algorithm"], r["operation"], implementation(r))
        if key not in out or (r.get("size") or 0) > (out[key].get("size") or 0):
            out[key] = r
    return out


def side_by_side(runs):
    """[{title, machines, rows}] per operation family: rows [{label, cells}] of figures per machine."""
    per_run = [_largest(ok_records(run)) for run in runs]
    keys = sorted(set().union(*per_run), key=lambda k: (report_families.PAGE_ORDER.index(k[0]), k[1:]))
    tables = OrderedDict()
    for key in keys:
        cells, unit = [], ""
        for found in per_run:
            r = found.get(key)
            cells.append(num.number(figure(r)[0], "—") if r else "—")
            unit = unit or (figure(r)[1] if r else "")
        size = next((f[key].get("size") for f in per_run if key in f), None)
        tables.setdefault(key[0], []).append({"label": "%s %s · %s" % key[1:], "unit": unit,
                                              "size": num.size(size), "cells": cells})
    return [{"title": report_families.TITLES[fid], "rows": rows} for fid, rows in tables.items()]


def _governors(run):
    cpu = (run.doc.get("context") or {}).get("cpu") or {}
    return sorted({c.get("governor") for c in cpu.get("clusters") or [] if isinstance(c, dict) and c.get("governor")})


def _features(run):
    cpu = (run.doc.get("context") or {}).get("cpu") or {}
    feats = [f for f in cpu.get("features") or [] if isinstance(f, dict)]
    return {f.get("name") for f in feats if f.get("present") and not f.get("masked")}, cpu.get("isa_mask")


def _flags(run):
    return {h.get("id"): h.get("message") or "" for h in (run.doc.get("context") or {}).get("health") or []
            if isinstance(h, dict) and h.get("severity") in ("warning", "error")}


def _versions(run):
    return {lib.get("backend"): lib.get("version") for lib in (run.doc.get("context") or {}).get("libraries") or []
            if isinstance(lib, dict) and lib.get("available") and lib.get("version")}


def explain(run, peers):
    """The sentences of ``run``'s own evidence that its peers' documents do not share."""
    out = []
    mine, theirs = _governors(run), sorted({g for p in peers for g in _governors(p)})
    if mine and mine != theirs:
        out.append("governor %s (the others: %s)" % (", ".join(mine), ", ".join(theirs) or "not reported"))
    feats, mask = _features(run)
    missing = sorted(set.intersection(*[_features(p)[0] for p in peers]) - feats) if peers else []
    parts = (["masked (%s)" % mask] if mask else []) + (["%s absent here" % ", ".join(missing)] if missing else [])
    if parts:
        out.append("crypto features " + "; ".join(parts))
    peer_flags = set.intersection(*[set(_flags(p)) for p in peers]) if peers else set()
    for flag, message in sorted(_flags(run).items()):
        if flag not in peer_flags:
            out.append("health flag %s: %s" % (flag, message))
    versions = _versions(run)
    for backend, version in sorted(versions.items()):
        common = Counter(_versions(p).get(backend) for p in peers).most_common(1)
        if common and common[0][0] and common[0][0] != version:
            out.append("%s %s (the others: %s)" % (backend, version, common[0][0]))
    for a in (run.doc.get("analysis") or {}).get("aes_score") or []:
        if isinstance(a, dict) and a.get("verdict") in CLOCK_VERDICTS:
            out.append("AES score: %s" % (a.get("message") or a["verdict"]))
    return out


def _ratios(run, members):
    """[(ratio to the family's median, the record's spread)] over the benchmarks ``run`` shares
    with at least one other member."""
    figures = {}
    for m in members:
        for r in ok_records(m):
            if score(r) > 0:
                figures.setdefault(benchmark_key(r) + (implementation(r),), []).append(score(r))
    out = []
    for r in ok_records(run):
        values = figures.get(benchmark_key(r) + (implementation(r),), [])
        if len(values) > 1 and score(r) > 0:
            out.append((score(r) / statistics.median(values), spread(r) or 0.0))
    return out


def standouts(runs):
    """[{machine, family, ratio text, explanations}] of the machines that stand out in their CPU family."""
    families = OrderedDict()
    for run in runs:
        families.setdefault(cpu_family(run), []).append(run)
    out = []
    for fam, members in families.items():
        for run in members if len(members) >= MIN_FAMILY else []:
            peers = [p for p in members if p is not run]
            ratios = _ratios(run, members)
            if not ratios:
                continue
            typical = statistics.median(r for r, _ in ratios)
            own = 2 * statistics.median(s for _, s in ratios)
            if abs(typical - 1) > max(STANDOUT, own):
                why = explain(run, peers)
                out.append({"machine": run.label, "family": fam, "peers": len(peers), "benchmarks": len(ratios),
                            "ratio": "%s of the others' median (%s)" % (num.ratio(typical),
                                                                        "slower" if typical < 1 else "faster"),
                            "explanations": [w.rstrip(". ") for w in why] or ["nothing in its documents explains it"],
                            "explained": bool(why)})
    return out


def fleet(runs):
    """The fleet part of the page: {machines, tables, standouts}."""
    machines = [{"label": run.label, "family": cpu_family(run), "date": str(run.doc.get("started") or "")[:10]}
                for run in runs]
    small = sorted({m["family"] for m in machines if sum(1 for x in machines if x["family"] == m["family"]) < MIN_FAMILY})
    return {"machines": machines, "tables": side_by_side(runs), "standouts": standouts(runs),
            "small": ", ".join(small)}
