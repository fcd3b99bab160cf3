"""The report's tables of one family: grouped by operation, sorted by figure, sizes as columns.

A family's measured records become one table per operation (algorithm,
operation, unit): a row per implementation (and cluster, when a run was made
per cluster), a column per message size (per thread count in the threads
family, per chunk size in the files family), each cell the headline figure
in the page's number format, with its 95% CI and cycles in the cell's hover
title and the widest column's cycles and CI in their own columns.  Rows are
sorted fastest first by the figure of the widest column.  At most
MAX_COLUMNS columns are shown: a run over a thousand sizes keeps the first,
the last and columns spread between them.

Records that were not measured (unavailable, skipped, failed, crashed...)
are listed apart, one line per implementation, operation, status and reason
with the sizes it covers (``unmeasured``), for the page's closing list.
"""

from collections import OrderedDict

from . import report_numbers as num
from .figures import cycles, figure, implementation, measured, ops_per_s, spread

MAX_COLUMNS = 6


def _column(fid, record):
    """(sort key, heading) of the column a record's figure goes to in family ``fid``."""
    if fid == "threads":
        return record.get("threads", 1), "%d threads" % record.get("threads", 1)
    if fid == "files":
        chunk = record.get("chunk")
        return chunk, "chunk %s" % num.size(chunk, "?")
    size = record.get("size")
    return (0, "per op") if size is None else (size, num.size(size, "?"))


def _row_label(doc, record):
    name = implementation(record)
    cluster = record.get("cluster")
    if cluster is None:
        return name
    for c in ((doc.get("context") or {}).get("cpu") or {}).get("clusters", []):
        if c.get("id") == cluster:
            return "%s (cluster %s, %s)" % (name, cluster, c.get("core_name") or "?")
    return "%s (cluster %s)" % (name, cluster)


def _spread_columns(keys):
    if len(keys) <= MAX_COLUMNS:
        return keys
    step = (len(keys) - 1) / (MAX_COLUMNS - 1)
    return [keys[round(i * step)] for i in range(MAX_COLUMNS)]


def _cell(doc, record):
    value, unit = figure(record)
    cyc, cyc_unit = cycles(doc, record)
    hover = "; ".join(t for t in (num.with_unit(value, unit), num.percent(spread(record)),
                                   num.with_unit(cyc, cyc_unit)) if t)
    return {"text": num.number(value, "—"), "title": hover, "value": value}


def _score(record):
    """Higher is better: MB/s, or operations per second."""
    return (record.get("throughput_mb_s") if record["unit"] == "byte" else ops_per_s(record)) or 0.0


def operation_table(doc, fid, key, records):
    """One operation's table: {title, unit, columns, rows, cut}."""
    by_col = {}
    rows = OrderedDict()
    for r in records:
        col, heading = _column(fid, r)
        by_col[col] = heading
        rows.setdefault(_row_label(doc, r), {})[col] = r
    all_cols = sorted(by_col, key=lambda c: (c is None, c if c is not None else 0))
    cols = _spread_columns(all_cols)
    widest = cols[-1]
    unit = figure(records[0])[1]

    def rank(item):
        r = item[1].get(widest) or max(item[1].values(), key=_score)
        return (-_score(r), item[0])

    out = []
    for label, cells in sorted(rows.items(), key=rank):
        last = cells.get(widest)
        cyc, cyc_unit = cycles(doc, last) if last else (None, "")
        out.append({"label": label, "cells": [_cell(doc, cells[c]) if c in cells else None for c in cols],
                    "cycles": num.number(cyc), "cycles_unit": cyc_unit,
                    "ci": num.percent(spread(last)) if last else "",
                    "ops": num.number(ops_per_s(last)) if last is not None and last["unit"] == "op" else ""})
    cut = None if len(cols) == len(all_cols) else "%d of %d columns shown" % (len(cols), len(all_cols))
    return {"title": "%s %s" % (key[0], key[1]), "unit": unit, "per_op": key[2] == "op",
            "columns": [by_col[c] for c in cols], "rows": out, "cut": cut}


def family_tables(doc, fid, records):
    """The tables of one family, one per (algorithm, operation, unit), in name order."""
    groups = OrderedDict()
    for r in records:
        groups.setdefault((r["algorithm"], r["operation"], r["unit"]), []).append(r)
    return [operation_table(doc, fid, key, groups[key]) for key in sorted(groups)]


def unmeasured(doc):
    """[{implementation, benchmark, status, reason, sizes}] of the records without a measurement,
    one line per implementation, algorithm, operation, status and reason."""
    lines = OrderedDict()
    for r in doc["results"]:
        if measured(r):
            continue
        key = (implementation(r), r["algorithm"], r["operation"], r["status"], r.get("reason") or "no reason given")
        lines.setdefault(key, []).append(r.get("size"))
    return [{"implementation": k[0], "benchmark": "%s %s" % (k[1], k[2]), "status": k[3], "reason": k[4],
             "sizes": ", ".join(num.size(s) for s in sorted(set(x for x in v if isinstance(x, int))))}
            for k, v in sorted(lines.items(), key=lambda kv: (kv[0][3] == "unavailable", kv[0]))]
