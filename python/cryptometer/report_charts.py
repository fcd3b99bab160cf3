"""The report's charts: one beside each family's tables, as PNG inlined in an <img> with its alt text.

A family's chart is a plot of cryptometer.plots drawn from that family's
records only: ``bars`` (sorted, error bars) for most, ``threads`` for the
threads family, ``sweep`` for chunk-size sweeps; the probes section gets the
``cpb`` plot of the records that carry a probe bound.  Charts are PNG at
DPI dots per inch, their figures shrunk to SHRINK of the plots' size so that
their text reads in half the page's width (the default suite's page stays
under 1.5 MB, where
the same charts as SVG with text drawn as paths would not) in a ``data:``
URL, which the page's Content-Security-Policy allows (``img-src data:``); no
string from a document reaches the page except through the autoescaped
template (the alt text, title and caption).  The alt text names each panel's
best three series with their figures; the caption names the series drawn in
grey (``grey``), so every series is named on the page.
"""

import base64
import dataclasses

from . import plot_palette, plots
from . import report_numbers as num
from .figures import figure, implementation, ok_records, operation_key

DPI = 80             # with SHRINK: the pixels of the plots' own size at 56 dots per inch, their text
SHRINK = 0.7         # 43% larger (a figure of 11 inches shown in a column of half the page)
KIND_OF_FAMILY = {"threads": "threads", "files": "sweep"}


def _subset(run, records):
    """The run with only ``records`` (the charts draw a family at a time)."""
    return dataclasses.replace(run, doc=dict(run.doc, results=records))


def _alt(kind, records, title):
    """The chart's alternative text: per operation, its best three implementations and figures."""
    groups = {}
    for r in records:
        groups.setdefault(operation_key(r), {})
        best = groups[operation_key(r)].get(implementation(r))
        if best is None or (r.get("size") or 0) >= (best.get("size") or 0):
            groups[operation_key(r)][implementation(r)] = r
    parts = []
    for key in sorted(groups, key=lambda k: tuple(str(x) for x in k))[:plots.MAX_PANELS]:
        ranked = sorted(groups[key].values(), key=lambda r: -plots.score(r))[:3]
        parts.append("%s %s: %s" % (key[1], key[2], ", ".join(
            "%s %s" % (implementation(r), num.with_unit(figure(r)[0], figure(r)[1])) for r in ranked)))
    return "%s (%s chart). %s." % (title, kind, "; ".join(parts))


def grey(records):
    """The implementations a bars chart draws in grey (beyond the best MAX_HIGHLIGHT of an operation)."""
    names = set()
    groups = {}
    for r in records:
        groups.setdefault(operation_key(r), {}).setdefault(implementation(r), []).append(plots.score(r))
    for series in groups.values():
        chosen = plot_palette.highlight({n: max(v) for n, v in series.items()})
        names.update(n for n in series if n not in chosen)
    return sorted(names)


def chart(run, kind, records, title):
    """{title, alt, src, grey, note} of one chart, or {title, note} when it cannot be drawn."""
    try:
        fig = plots.draw(kind, [_subset(run, records)])
        fig.set_size_inches(*(fig.get_size_inches() * SHRINK))
        png = plots.render(fig, "png", dpi=DPI, tight=False)
        plots.close(fig)
    except plots.NoData as exc:
        return {"title": title, "src": None, "note": "Not drawn: %s" % exc}
    return {"title": title, "alt": _alt(kind, [r for r in records if r in ok_records(_subset(run, records))], title),
            "src": "data:image/png;base64," + base64.b64encode(png).decode("ascii"),
            "grey": ", ".join(grey(records)) if kind == "bars" else "", "note": fig.cut}


def family_chart(run, fid, title, records):
    """The chart beside a family's tables."""
    return chart(run, KIND_OF_FAMILY.get(fid, "bars"), records, "%s: %s" % (title, run.label))


def bounds_chart(run):
    """The cycles-per-byte chart of the records that carry the probe's bound, or None."""
    bound = [r for r in ok_records(run) if r.get("bound_cpb") is not None and r.get("threads", 1) == 1]
    return chart(run, "cpb", bound, "Cycles per byte and the probe's bound: %s" % run.label) if bound else None
