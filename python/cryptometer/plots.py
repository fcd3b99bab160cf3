"""The plots: one function per kind, each drawn from record fields (matplotlib, PNG and SVG).

Kinds (``KINDS``):
  throughput  MB/s against message size (log x), one line per series
              (backend:variant, and the run when there are several), one panel per
              per-byte operation
  cpb         cycles per byte against message size (log x), one panel per
              operation, with the probe's lower bound (``bound_cpb``) as a dashed
              line; a series' band (95% CI and clock uncertainty,
              ``cycles_rel_uncertainty``) is drawn only where it is narrower than
              the spread between the panel's series (BAND_SHARE of it); our own
              code (``ref:``, portable and SIMD) is always coloured, so the
              panel answers how much the SIMD code gains over the portable
  sweep       records with a ``chunk`` field: MB/s and CPU time per GB (the
              bytes of an operation: ``total``, else ``size``) against the chunk
              size, one line per path (and total)
  bars        the figure of each implementation, one panel per operation (largest
              size for per-byte operations, µs/op for per-operation ones), sorted
              best first, with the 95% CI of the median as error bars
  threads     records with threads > 1: MB/s or operations per second against the
              thread count, with each series' ideal scaling (its one-thread
              figure times the threads) dashed
  aes-score   AES score per MHz by core family: every cluster behind each ratio
              (a strip plot), the table's ratio as a mark

Every series has its library's colour and its variant's marker
(cryptometer.plot_palette, the same in every plot and run); a panel colours
at most plot_palette.MAX_HIGHLIGHT series (the best) and draws the others in
grey, one legend entry for them.  Each figure's title carries the host, CPU
and date of its runs (``subtitle``).

A kind whose records are not in the inputs raises NoData with a sentence
saying what is missing, rather than drawing an empty figure.

Text from the documents is drawn as plain text (``plain``): mathtext's
``$...$`` is escaped and TeX is off, so a label like ``$\\frac{1}{0}$`` is
shown as written and cannot make matplotlib parse or fail.  Caps keep a
hostile or huge input's figure (and its memory) bounded (docs/analysis.md,
"Caps"): at most MAX_PANELS panels, MAX_SERIES series (or bars) a panel and
MAX_LABEL characters a label; a figure that was cut says so in its title and
in ``fig.cut`` (the command prints it).
"""

import io
import math
import warnings
from collections import OrderedDict

import matplotlib

matplotlib.use("Agg")
matplotlib.rcParams["text.usetex"] = False
import matplotlib.pyplot as plt  # noqa: E402  (after choosing the backend)
from matplotlib.ticker import FuncFormatter, MaxNLocator  # noqa: E402

from . import plot_palette as palette  # noqa: E402
from . import report_numbers  # noqa: E402
from .figures import (figure, implementation, machine_label, ok_records, operation_key, ops_per_s,  # noqa: E402
                      spread)

MAX_PANELS = 40      # panels (operations) in one figure
MAX_SERIES = 24      # lines or bars in one panel
MAX_LABEL = 80       # characters of a label, title or legend entry
BAND_SHARE = 0.5     # a cpb band is drawn when its width is below this share of the panel's spread


def plain(text):
    """A string from a document as matplotlib plain text: at most MAX_LABEL characters, ``$``
    escaped (no mathtext), control characters as spaces."""
    text = "".join(" " if ord(c) < 32 or 0xD800 <= ord(c) <= 0xDFFF else c for c in str(text))
    if len(text) > MAX_LABEL:
        text = text[:MAX_LABEL - 1] + "…"
    return text.replace("$", "\\$")


class NoData(Exception):
    """The inputs hold no record this kind of plot draws; the message says which fields are missing."""


def _series_name(run, record, several_runs):
    name = implementation(record)
    if record.get("threads", 1) > 1:
        name += " ×%d" % record["threads"]
    several = several_runs or record.get("cluster") is not None
    return plain("%s · %s" % (machine_label(run, record), name) if several else name)


def _panels(legend_sizes, height=3.4):
    """One panel per row, its legend on the right; a panel grows with its legend's entries."""
    heights = [max(height, 0.17 * n + 0.9) for n in legend_sizes]
    fig, axes = plt.subplots(len(heights), 1, figsize=(11, sum(heights) + 0.8), squeeze=False,
                             gridspec_kw={"height_ratios": heights}, layout="constrained")
    return fig, [row[0] for row in axes]


def _grouped(runs, keep, cuts=None):
    """{operation key: {series: [(run, record)]}} of the ok records that ``keep`` accepts, at
    most MAX_PANELS keys and MAX_SERIES series each; what was left out is added to ``cuts``."""
    several = len(runs) > 1
    groups = OrderedDict()
    for run in runs:
        for r in ok_records(run):
            if keep(r):
                groups.setdefault(operation_key(r), OrderedDict()).setdefault(
                    _series_name(run, r, several), []).append((run, r))
    items = sorted(groups.items(), key=lambda kv: tuple(str(x) for x in kv[0]))
    if cuts is not None and len(items) > MAX_PANELS:
        cuts.append("first %d of %d panels" % (MAX_PANELS, len(items)))
    out = OrderedDict()
    for key, series in items[:MAX_PANELS]:
        if cuts is not None and len(series) > MAX_SERIES:
            cuts.append("%s %s: first %d of %d series" % (plain(key[1])[:30], plain(key[2])[:20], MAX_SERIES,
                                                          len(series)))
        out[key] = OrderedDict(list(series.items())[:MAX_SERIES])
    return out


def _number(value):
    """``value`` when it is a finite number (not a bool), else None: fields the schema leaves
    open (``chunk``, ``total``) may hold anything."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    return value


def _title(key):
    return "%s %s" % (plain(key[1]), plain(key[2]))


def subtitle(runs):
    """Host, CPU and date of the runs a figure draws: each once, with how many runs share it (the
    first three, then how many more)."""
    parts = OrderedDict()               # the same host, CPU and day once, with its count of runs
    for run in runs:
        ctx = run.doc.get("context") or {}
        host = (ctx.get("host") or {}).get("hostname") or (run.doc.get("source") or {}).get("device") or "?"
        cpu = (ctx.get("cpu") or {}).get("model_name") or "CPU not named"
        part = "%s · %s · %s" % (plain(host)[:40], plain(cpu)[:48], plain(str(run.doc.get("started") or "?"))[:10])
        parts[part] = parts.get(part, 0) + 1
    shown = ["%s%s" % (p, " (%d runs)" % n if n > 1 else "") for p, n in list(parts.items())[:3]]
    more = " and %d more" % (len(parts) - 3) if len(parts) > 3 else ""
    return "; ".join(shown) + more


def _finish(fig, title, runs, cuts=()):
    """The figure with its title and subtitle (``subtitle``); a cut figure says so in the title
    and in ``fig.cut``."""
    fig.cut = "; ".join(cuts) if cuts else None
    if cuts:
        title += "\n(cut to the caps: %s)" % ("%d cuts, %s" % (len(cuts), cuts[0]) if len(cuts) > 1 else cuts[0])
    fig.suptitle("%s\n%s" % (title, subtitle(runs)), fontsize=12, wrap=True)   # (wrapped to a narrower figure)
    fig.title_text = title
    return fig


def score(record):
    """Higher is better: MB/s of a per-byte record, operations per second of a per-operation one."""
    value = record.get("throughput_mb_s") if record["unit"] == "byte" else ops_per_s(record)
    return _number(value) or 0.0


def _highlighted(series, keep=()):
    """The names of a panel's series to colour ({name: [(run, record)]}): ``keep``'s, then the best by figure."""
    return palette.highlight({name: max(score(r) for _, r in pairs) for name, pairs in series.items()}, keep)


def _others_entry(ax, count):
    """One legend entry for the grey series of a panel."""
    if count:
        ax.plot([], [], color=palette.OTHER, marker=".", label="%d others (grey)" % count)


def _legend(ax):
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0, frameon=False)


def _lines(ax, series, point, keep=()):
    """One line per series of ``{name: [(run, record)]}``, its points ``point(record)`` sorted
    (None: left out); colours by palette, the non-highlighted grey (``keep``'s always coloured);
    [(name, style, points)]."""
    chosen = _highlighted(series, keep)
    drawn = []
    for name, pairs in series.items():
        pts = sorted(p for p in (point(r) for _, r in pairs) if p is not None)
        style = palette.style(name, name in chosen)
        ax.plot([p[0] for p in pts], [p[1] for p in pts], ms=3, label=name if name in chosen else None, **style)
        drawn.append((name, style, pts))
    _others_entry(ax, len(series) - len(chosen))
    return drawn


def _thousands(axis):
    """A linear axis's ticks in the report's number format (10,000, not 10000)."""
    axis.set_major_formatter(FuncFormatter(lambda v, _: report_numbers.number(v)))


def _size_axis(ax):
    ax.set_xscale("log", base=2)
    ax.set_xlabel("message size (bytes, log scale)")
    ax.grid(True, which="both", alpha=0.3)


def plot_throughput(runs):
    cuts = []
    groups = _grouped(runs, lambda r: r["unit"] == "byte" and r.get("throughput_mb_s") and r.get("threads", 1) == 1
                      and _number(r.get("size")),
                      cuts)
    if not groups:
        raise NoData("no per-byte records (unit 'byte') with a throughput")
    fig, axes = _panels([min(len(v), palette.MAX_HIGHLIGHT + 1) for v in groups.values()])
    for ax, (key, series) in zip(axes, groups.items()):
        _lines(ax, series, lambda r: (r["size"], r["throughput_mb_s"]))
        _size_axis(ax)
        _thousands(ax.yaxis)
        ax.set_ylabel("throughput (MB/s)")
        ax.set_title(_title(key), fontsize=10)
        _legend(ax)
    return _finish(fig, "Throughput against message size", runs, cuts)


def _bands(ax, drawn):
    """Each series' cpb band, only where it is narrower than BAND_SHARE of the panel's spread
    (the ratio of its largest to its smallest figure at that size, less one)."""
    by_size = {}
    for _, _, pts in drawn:
        for x, y, _ in pts:
            by_size.setdefault(x, []).append(y)
    for _, style, pts in drawn:
        keep = [(x, y, u) for x, y, u in pts
                if len(by_size[x]) > 1 and 2 * u < BAND_SHARE * (max(by_size[x]) / min(by_size[x]) - 1)]
        if keep and style["color"] != palette.OTHER:
            ax.fill_between([p[0] for p in keep], [y * (1 - min(u, 0.99)) for _, y, u in keep],
                            [y * (1 + u) for _, y, u in keep], color=style["color"], alpha=0.15, linewidth=0)


def _bound(ax, series):
    """The probe's lower bound of a panel (``bound_cpb``, the same for its records) as a dashed line."""
    bounds = [r["bound_cpb"] for pairs in series.values() for _, r in pairs if _number(r.get("bound_cpb"))]
    if bounds:
        ax.axhline(min(bounds), color="#444444", linestyle="--", linewidth=1,
                   label="probe's bound (%.3g cycles/B)" % min(bounds))


def plot_cpb(runs):
    cuts = []
    groups = _grouped(runs, lambda r: r["unit"] == "byte" and _number(r.get("cycles_per_byte"))
                      and r.get("threads", 1) == 1 and _number(r.get("size")), cuts)
    if not groups:
        raise NoData("no records with cycles per byte (a measured core clock)")
    fig, axes = _panels([min(len(v), palette.MAX_HIGHLIGHT + 1) + 1 for v in groups.values()])
    for ax, (key, series) in zip(axes, groups.items()):
        ours = {name for name in series if palette.library(name) == "ref"}    # portable against SIMD
        drawn = _lines(ax, series, lambda r: (r["size"], r["cycles_per_byte"],
                                              _number(r.get("cycles_rel_uncertainty")) or 0.0), ours)
        _bands(ax, drawn)
        _bound(ax, series)
        _size_axis(ax)
        ax.set_yscale("log")
        ax.set_ylabel("cycles per byte (log scale)")
        ax.set_title(_title(key), fontsize=10)
        _legend(ax)
    return _finish(fig, "Cycles per byte against message length (dashed: the probe's bound; bands: 95% CI "
                   "where narrower than the spread)", runs, cuts)


def _sweep_point(r):
    """(chunk, MB/s, CPU seconds per 10^9 bytes or None) of a sweep record."""
    cpu = _number((r.get("cpu_time_ns_per_op") or {}).get("total"))
    nbytes = _number(r.get("total")) or _number(r.get("size"))
    return r["chunk"], r["throughput_mb_s"], (cpu / nbytes if cpu is not None and nbytes else None)


def plot_sweep(runs):
    cuts = []
    groups = _grouped(runs, lambda r: _number(r.get("chunk")) is not None and _number(r.get("throughput_mb_s")), cuts)
    if not groups:
        raise NoData("no chunk-size sweep records (records with 'chunk' and 'total' fields): "
                     "the inputs have none yet")
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.8), layout="constrained")
    for key, series in groups.items():
        paths = OrderedDict()   # one line per path and total
        for name, pairs in series.items():
            for run, r in pairs:
                total = _number(r.get("total"))
                label = "%s%s · %s" % (_title(key), " · %s total" % report_numbers.size(int(total)) if total else "", name)
                paths.setdefault(plain(label), []).append((run, r))
        drawn = _lines(axes[0], paths, lambda r: _sweep_point(r)[:2])
        for name, style, _ in drawn:
            cpu = sorted((p[0], p[2]) for p in map(_sweep_point, (r for _, r in paths[name])) if p[2] is not None)
            axes[1].plot([c[0] for c in cpu], [c[1] for c in cpu], ms=3, **style)
    for ax, ylabel in zip(axes, ("throughput (MB/s)", "CPU time per GB (s, user + system)")):
        ax.set_xscale("log", base=2)
        ax.set_xlabel("chunk size (bytes, log scale)")
        ax.set_ylabel(ylabel)
        _thousands(ax.yaxis)
        ax.grid(True, which="both", alpha=0.3)
    handles, labels = axes[0].get_legend_handles_labels()
    if handles:
        axes[1].legend(handles, labels, fontsize=7, loc="upper left", bbox_to_anchor=(1.02, 1.0), frameon=False)
    return _finish(fig, "Chunk-size sweep: throughput and CPU time per GB, one line per path", runs, cuts)


def _bar_panel(ax, key, series):
    """One operation's bars: each series' record at its largest size, best first, 95% CI as error bars."""
    picked = [(name, max(pairs, key=lambda p: p[1].get("size") or 0)[1]) for name, pairs in series.items()]
    picked.sort(key=lambda item: -score(item[1]))
    chosen = _highlighted(series)
    values = [figure(r)[0] for _, r in picked]
    errors = [v * (spread(r) or 0.0) for v, (_, r) in zip(values, picked)]
    colours = [palette.colour(n) if n in chosen else palette.OTHER for n, _ in picked]
    ax.barh(range(len(values)), values, xerr=errors, color=colours, ecolor="#333333", capsize=2)
    ax.set_yticks(range(len(values)))
    ax.set_yticklabels([n for n, _ in picked], fontsize=8)
    ax.invert_yaxis()
    unit, size = figure(picked[0][1])[1], picked[0][1].get("size")
    better = "higher is faster" if unit == "MB/s" else "lower is faster"
    ax.set_xlabel("%s (%s)" % (unit, better) if size is None else "%s at %d bytes (%s)" % (unit, size, better))
    ax.set_title(_title(key), fontsize=10)
    _thousands(ax.xaxis)
    ax.grid(True, axis="x", alpha=0.3)


def plot_bars(runs):
    cuts = []
    groups = _grouped(runs, lambda r: _number(figure(r)[0]) is not None and r.get("threads", 1) == 1, cuts)
    if not groups:
        raise NoData("no records with a figure")
    fig, axes = _panels([len(v) for v in groups.values()], height=2.4)
    for ax, (key, series) in zip(axes, groups.items()):
        _bar_panel(ax, key, series)
    return _finish(fig, "Libraries compared per operation, best first (error bars: 95% CI of the median)", runs, cuts)


def _thread_point(r):
    return r.get("threads", 1), score(r)


def plot_threads(runs):
    if not any(r.get("threads", 1) > 1 for run in runs for r in ok_records(run)):
        raise NoData("no multi-thread records (threads > 1) in the inputs")
    cuts = []
    groups = _grouped(runs, lambda r: score(r) > 0, cuts)
    groups = OrderedDict((k, v) for k, v in groups.items()
                         if any(r.get("threads", 1) > 1 for pairs in v.values() for _, r in pairs))
    fig, axes = _panels([min(len(v), palette.MAX_HIGHLIGHT + 1) * 2 for v in groups.values()])
    for ax, (key, series) in zip(axes, groups.items()):
        by_impl = OrderedDict()   # a line per implementation and size, across its thread counts
        for pairs in series.values():
            for run, r in pairs:
                name = plain(implementation(r) + ("" if r.get("size") is None else " @ %d B" % r["size"]))
                by_impl.setdefault(name, []).append((run, r))
        by_impl = OrderedDict((n, p) for n, p in by_impl.items() if any(r.get("threads", 1) > 1 for _, r in p))
        for name, style, pts in _lines(ax, by_impl, _thread_point):
            if pts and pts[0][0] == 1 and style["color"] != palette.OTHER:
                ax.plot([t for t, _ in pts], [pts[0][1] * t for t, _ in pts], color=style["color"],
                        linestyle="--", linewidth=1, label="%s, ideal" % name)
        ax.set_xlabel("threads (pinned copies)")
        _thousands(ax.yaxis)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_ylabel("MB/s, all threads" if key[3] == "byte" else "operations per second, all threads")
        ax.set_title(_title(key), fontsize=10)
        ax.grid(True, alpha=0.3)
        _legend(ax)
    return _finish(fig, "Scaling with threads (dashed: ideal, the one-thread figure times the threads)", runs, cuts)


def _count(n, noun):
    return "%d %s%s" % (n, noun, "" if n == 1 else "s")


def plot_aes_score(runs):
    from .collect import aes_family_ratios
    families = aes_family_ratios(runs)
    if not families:
        raise NoData("no AES score per MHz in the inputs (analysis.aes_score: an aes-256-cbc figure at "
                     "16384 bytes and a measured clock)")
    cuts = ["first %d of %d core families" % (MAX_PANELS, len(families))] if len(families) > MAX_PANELS else []
    families = families[:MAX_PANELS]
    fig, ax = plt.subplots(figsize=(10, 0.45 * len(families) + 1.6), layout="constrained")
    for i, fam in enumerate(families):
        jitter = [(k % 5 - 2) * 0.06 for k in range(len(fam.scores))]
        ax.scatter(fam.scores, [i + j for j in jitter], s=18, alpha=0.7, color="C0",
                   label="a cluster" if i == 0 else None)
        ax.scatter([fam.ratio], [i], marker="|", s=300, color="C3", label="median (learned ratio)" if i == 0 else None)
    ax.set_yticks(range(len(families)))
    ax.set_yticklabels([plain("%s (%s, %s)" % (f.family[:48], _count(f.machines, "machine"), _count(f.clusters, "cluster")))
                        for f in families],
                       fontsize=8)
    ax.set_ylim(len(families) - 0.5, -0.5)  # first family on top, each row half a unit tall
    ax.set_xlabel("AES score per MHz (openssl aes-256-cbc 16 KiB, 1000 bytes/s per MHz)")
    ax.grid(True, axis="x", alpha=0.3)
    _legend(ax)
    return _finish(fig, "AES score per MHz by core family", runs, cuts)


KINDS = OrderedDict([
    ("throughput", plot_throughput),
    ("cpb", plot_cpb),
    ("sweep", plot_sweep),
    ("bars", plot_bars),
    ("threads", plot_threads),
    ("aes-score", plot_aes_score),
])


# What matplotlib raises for values it cannot lay out (limits at 1e308, a log axis of zeros...).
DRAW_ERRORS = (ValueError, OverflowError, FloatingPointError)


def draw(kind, runs):
    """The figure of ``kind``; NoData when there is nothing to draw or matplotlib cannot draw
    these values (the figure is closed: one figure at a time is open)."""
    try:
        return KINDS[kind](runs)
    except DRAW_ERRORS as exc:
        plt.close("all")
        raise NoData("cannot be drawn from these values (%s)" % str(exc)[:200]) from exc


def render(fig, fmt, dpi=110, tight=True):
    """The figure as bytes in ``fmt`` (png at ``dpi``, or svg), cropped to its content when
    ``tight`` (a second layout pass: the report, which shows many, leaves it to the figure's own
    constrained layout); NoData (the figure closed) when matplotlib cannot lay it out."""
    buf = io.BytesIO()
    try:
        with warnings.catch_warnings():
            # a name with a character the font lacks is drawn as a box: not worth a warning per glyph
            warnings.filterwarnings("ignore", message="Glyph .* missing from font", category=UserWarning)
            fig.savefig(buf, format=fmt, dpi=dpi if fmt == "png" else None,
                        bbox_inches="tight" if tight else None)
    except DRAW_ERRORS as exc:
        plt.close(fig)
        raise NoData("cannot be drawn from these values (%s)" % str(exc)[:200]) from exc
    return buf.getvalue()


def close(fig):
    plt.close(fig)
