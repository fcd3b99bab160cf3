"""The self-contained HTML report: context, health, detection verdicts, tables, plots, comparison.

Rendered with Jinja2 from templates/report.html.j2 with autoescaping on, so
every string from a result file is escaped.  The plots are matplotlib SVG
with text drawn as paths (no result string reaches the SVG as text), inlined
after the XML prologue is removed.  CSS and JavaScript are inline: the page
loads nothing from the network.  Given two runs it includes the comparison
of cryptometer.comparison.
"""

import jinja2
from markupsafe import Markup

from . import __version__, plots
from .comparison import compare_runs
from .figures import benchmark_label, cycles, figure, implementation

REPORT_PLOTS = ("throughput", "cpb", "bars", "threads", "sweep", "aes-score")


def _svg(fig):
    text = plots.render(fig, "svg").decode("utf-8")
    plots.close(fig)
    return text[text.index("<svg"):]


def plot_sections(runs):
    """[(kind, svg or None, note)] for the report's plots."""
    out = []
    for kind in REPORT_PLOTS:
        try:
            out.append((kind, _svg(plots.KINDS[kind](runs)), None))
        except plots.NoData as exc:
            out.append((kind, None, str(exc)))
    return out


def record_rows(run):
    rows = []
    for r in run.doc["results"]:
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


def render(runs, threshold=0.05):
    env = jinja2.Environment(loader=jinja2.PackageLoader("cryptometer", "templates"),
                             autoescape=True, undefined=jinja2.StrictUndefined)
    comparison = compare_runs(runs[0], runs[1], threshold=threshold) if len(runs) == 2 else None
    return env.get_template("report.html.j2").render(
        version=__version__,
        runs=[{"run": run, "doc": run.doc, "rows": record_rows(run)} for run in runs],
        plots=plot_sections(runs),
        comparison=comparison,
        comparison_rows=comparison_rows(comparison) if comparison else [],
        svg=Markup)  # only matplotlib's own SVG output is marked safe
