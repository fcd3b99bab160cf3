"""The self-contained HTML report: answers first, then a section per operation family.

Rendered with Jinja2 from templates/report.html.j2 (and its parts) with
autoescaping on, so every string from a result file is escaped.  The page
has three shapes (``render``):

- one run: its summary (the ``answers`` of cryptometer.report_answers, or
  "no answers in this document") and a table of contents on the first
  screen; a section per operation family, tables beside their chart
  (cryptometer.report_page); probes and bounds, detection, context and
  health; the records not measured, with their reasons, folded at the end;
- two runs: their comparison first (cryptometer.comparison's
  ``compare_runs``: what changed, by how much, how sure), then both runs'
  summaries side by side, then each run's full sections, folded (tables
  only: a page of one run has the charts);
- three or more (a fleet directory, a store): the machines side by side per
  operation and the machines that stand out from their CPU family, with what
  in their own documents explains it (cryptometer.report_fleet), then the
  summaries side by side and the full sections folded.

Each run also gets the like-for-like views of ``cryptometer view`` where it
has their records: the OpenSSL generations (cryptometer.generations) and the
key-exchange and signature choices (cryptometer.choices), cells that are not
``ok`` showing their status and reason.  Charts are PNG in ``data:`` URLs
(cryptometer.report_charts).  CSS and JavaScript are inline: the page loads
nothing from the network.  The page's only script is templates/report.js,
inlined; the Content-Security-Policy allows that script by its SHA-256 hash
and no other (no 'unsafe-inline' for scripts): markup that slipped into the
page from a document could not run.
"""

import base64
import hashlib

import jinja2
from markupsafe import Markup

from . import __version__, choices, data, generations, report_fleet, report_page
from . import report_numbers as num
from .comparison import compare_runs
from .figures import benchmark_label

FLAGGED = ("regression", "improvement")


def _change_text(ratio):
    """B/A in time as people say it: '12.3% slower', '4.56% faster', 'same time'."""
    if ratio == 1:
        return "same time"
    return "%s%% %s" % (num.number(abs(ratio - 1) * 100), "slower" if ratio > 1 else "faster")


def comparison_part(comparison):
    """The comparison as the page shows it: counts, then the rows, flagged changes first and the
    largest first."""
    rows = [{"benchmark": benchmark_label(c.key), "a": num.with_unit(c.median_a, "ns"),
             "b": num.with_unit(c.median_b, "ns"), "ratio": num.ratio(c.ratio), "change": _change_text(c.ratio),
             "ci": "" if c.ci_low is None else "%s–%s" % (num.number(c.ci_low), num.number(c.ci_high)),
             "p": num.number(c.p_adjusted), "verdict": c.verdict,
             "order": (c.verdict not in FLAGGED, -abs(c.ratio - 1))}
            for c in comparison.changes]
    rows.sort(key=lambda r: r["order"])
    counts = {v: sum(1 for c in comparison.changes if c.verdict == v)
              for v in ("regression", "improvement", "same", "not-tested")}
    return {"rows": rows, "counts": counts, "warnings": comparison.warnings,
            "only_a": len(comparison.only_a), "only_b": len(comparison.only_b),
            "flagged": [r for r in rows if r["verdict"] in FLAGGED]}


def _cell(cell):
    """A view cell for the template: its text, and whether it is a figure."""
    if cell is None:
        return {"ok": False, "status": None, "reason": "the algorithm has no such operation"}
    if cell.ok:
        return {"ok": True, "text": cell.figure_text()}
    return {"ok": False, "status": cell.status, "reason": cell.reason or "no reason given"}


def generations_section(view):
    """The generations view of one run as the template shows it."""
    rows = []
    for row in view.rows:
        out = []
        for g in view.generations:
            entry = {"cell": _cell(row.cells[g.backend]), "system": g.system, "ratio": None}
            change = row.changes.get(g.backend)
            if change is not None:
                entry["ratio"] = {"text": "×%.3f%s" % (change.ratio, "*" if change.significant else ""),
                                  "verdict": row.verdict(g.backend),
                                  "detail": "p (adjusted) %s; 95%% CI of the ratio %s" % (
                                      "-" if change.p_adjusted is None else "%.2g" % change.p_adjusted,
                                      "-" if change.ci_low is None else "%.3f–%.3f" % (change.ci_low, change.ci_high))}
            out.append(entry)
        rows.append({"label": row.label, "entries": out, "focus": "; ".join(row.focus),
                     "params_differ": row.params_differ})
    return {"generations": view.generations, "rows": rows, "alpha": view.alpha, "threshold": view.threshold}


def choice_section(view):
    """One choice view of one run as the template shows it."""
    rows = [{"algorithm": row.algorithm, "label": row.label, "cells": [_cell(row.cells[op]) for op in view.operations],
             "wire": [row.wire[c["param"]] for c in view.wire_columns]} for row in view.rows]
    return {"choice": view.choice, "title": view.title, "operations": view.operations,
            "wire_columns": view.wire_columns, "rows": rows, "absent": view.absent}


def view_sections(run, threshold):
    """{generations, choices, note} of one run: the sections it has records for."""
    try:
        rules, table = generations.load_focus(), choices.load_table()
    except data.DataError as exc:
        return {"generations": None, "choices": [], "note": "Views not shown: %s" % exc}
    gens = generations.build(run, rules, threshold)
    views = [choices.build(run, name, table) for name in table["choices"]]
    return {"generations": generations_section(gens) if gens else None,
            "choices": [choice_section(v) for v in views if v is not None], "note": None}


def page_script(env):
    """(the page's script as inlined, its CSP source 'sha256-…' value without the quotes' prefix)."""
    text = "\n" + env.loader.get_source(env, "report.js")[0]
    digest = base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")
    return Markup(text), digest


def render(runs, threshold=0.05):
    """The page of ``runs``: one run, two (compared), or a fleet (three or more)."""
    env = jinja2.Environment(loader=jinja2.PackageLoader("cryptometer", "templates"),
                             autoescape=True, undefined=jinja2.StrictUndefined)
    comparison = compare_runs(runs[0], runs[1], threshold=threshold) if len(runs) == 2 else None
    script, script_hash = page_script(env)
    parts = [dict(report_page.run_part(run, i, charts=len(runs) == 1), **view_sections(run, threshold))
             for i, run in enumerate(runs, 1)]
    return env.get_template("report.html.j2").render(
        version=__version__, script=script, script_hash=script_hash, runs=parts,
        mode="one" if len(runs) == 1 else ("two" if len(runs) == 2 else "fleet"),
        comparison=comparison_part(comparison) if comparison else None,
        fleet=report_fleet.fleet(runs) if len(runs) > 2 else None)
