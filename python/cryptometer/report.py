"""The self-contained HTML report: context, health, detection verdicts, tables, plots, comparison.

Rendered with Jinja2 from templates/report.html.j2 with autoescaping on, so
every string from a result file is escaped.  The plots are matplotlib SVG
with text drawn as paths (no result string reaches the SVG as text), inlined
after the XML prologue is removed.  CSS and JavaScript are inline: the page
loads nothing from the network.  Given two runs it includes the comparison
of cryptometer.comparison.  Each run also gets the like-for-like views of
``cryptometer view`` where it has their records: the OpenSSL generations
(cryptometer.generations) and the key-exchange and signature choices
(cryptometer.choices), cells that are not ``ok`` showing their status and reason.

The page's only script is templates/report.js, inlined; the Content-Security-
Policy allows that script by its SHA-256 hash and no other (no
'unsafe-inline' for scripts): markup that slipped into the page from a
document could not run.  Each run's table shows at most MAX_ROWS records and
says when it cut (``cryptometer export`` has them all); plots have the caps
of cryptometer.plots.
"""

import base64
import hashlib

import jinja2
from markupsafe import Markup

from . import __version__, choices, data, generations, plots
from .comparison import compare_runs
from .figures import benchmark_label, cycles, figure, implementation

REPORT_PLOTS = ("throughput", "cpb", "bars", "threads", "sweep", "aes-score")
MAX_ROWS = 5000   # records shown in one run's table (docs/analysis.md, "Caps")


def _svg(fig):
    text = plots.render(fig, "svg").decode("utf-8")
    plots.close(fig)
    return text[text.index("<svg"):]


def plot_sections(runs):
    """[(kind, svg or None, note)] for the report's plots."""
    out = []
    for kind in REPORT_PLOTS:
        try:
            out.append((kind, _svg(plots.draw(kind, runs)), None))
        except plots.NoData as exc:
            out.append((kind, None, str(exc)))
    return out


def record_rows(run):
    rows = []
    for r in run.doc["results"][:MAX_ROWS]:
        value, unit = figure(r)
        cyc, cyc_label = cycles(run.doc, r)
        stats = r.get("stats") or {}
        rows.append({"name": r["name"], "implementation": implementation(r), "algorithm": r["algorithm"],
                     "class": r.get("class") or "", "operation": r["operation"],
                     "size": "" if r.get("size") is None else r["size"], "threads": r.get("threads", 1),
                     "status": r["status"], "reason": r.get("reason") or "",
                     "figure": "" if value is None else "%.4g" % value, "unit": unit,
                     "cycles": "" if cyc is None else "%.3g %s" % (cyc, cyc_label),
                     "ci": ("±%.1f%%" % (100 * stats["ci95_rel"])) if "ci95_rel" in stats else "",
                     "cv": ("%.3f" % stats["cv"]) if "cv" in stats else ""})
    return rows


def comparison_rows(comparison):
    return [{"benchmark": benchmark_label(c.key), "a": "%.1f" % c.median_a, "b": "%.1f" % c.median_b,
             "ratio": "%.3f" % c.ratio,
             "ci": "" if c.ci_low is None else "%.3f–%.3f" % (c.ci_low, c.ci_high),
             "p": "" if c.p_adjusted is None else "%.2g" % c.p_adjusted, "verdict": c.verdict}
            for c in comparison.changes]


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


def cut_note(run):
    """The sentence saying that a run's table was cut to MAX_ROWS, or None."""
    count = len(run.doc["results"])
    if count <= MAX_ROWS:
        return None
    return ("This table shows the first %d of %d records (the report's cap); cryptometer export "
            "writes them all." % (MAX_ROWS, count))


def page_script(env):
    """(the page's script as inlined, its CSP source 'sha256-…' value without the quotes' prefix)."""
    text = "\n" + env.loader.get_source(env, "report.js")[0]
    digest = base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")
    return Markup(text), digest


def render(runs, threshold=0.05):
    env = jinja2.Environment(loader=jinja2.PackageLoader("cryptometer", "templates"),
                             autoescape=True, undefined=jinja2.StrictUndefined)
    comparison = compare_runs(runs[0], runs[1], threshold=threshold) if len(runs) == 2 else None
    script, script_hash = page_script(env)
    return env.get_template("report.html.j2").render(
        version=__version__, script=script, script_hash=script_hash,
        runs=[dict({"run": run, "doc": run.doc, "rows": record_rows(run), "cut": cut_note(run)},
                   **view_sections(run, threshold))
              for run in runs],
        plots=plot_sections(runs),
        comparison=comparison,
        comparison_rows=comparison_rows(comparison) if comparison else [],
        svg=Markup)  # only matplotlib's own SVG output and report.js are marked safe
