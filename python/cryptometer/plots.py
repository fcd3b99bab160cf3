"""The plots: one function per kind, each drawn from record fields (matplotlib, PNG and SVG).

Kinds (``KINDS``):
  throughput  MB/s against message size (log x), one line per series
              (backend:variant, and the run when there are several), one panel per
              per-byte operation
  cpb         cycles per byte against message size (log x) with the 95% band
              (the record's ``cycles_rel_uncertainty``), one panel per operation
  sweep       records with a ``chunk`` field: MB/s and CPU time per GB (the
              bytes of an operation: ``total``, else ``size``) against the chunk size
  bars        the figure of each implementation, one panel per operation (largest
              size for per-byte operations, µs/op for per-operation ones)
  threads     records with threads > 1: the figure against the thread count
  aes-score   AES score per MHz by core family: every cluster behind each ratio
              (a strip plot), the table's ratio as a mark

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
from collections import OrderedDict

import matplotlib

matplotlib.use("Agg")
matplotlib.rcParams["text.usetex"] = False
import matplotlib.pyplot as plt  # noqa: E402  (after choosing the backend)
from matplotlib.ticker import MaxNLocator  # noqa: E402

from .figures import figure, implementation, machine_label, ok_records, operation_key  # noqa: E402

MAX_PANELS = 40      # panels (operations) in one figure
MAX_SERIES = 24      # lines or bars in one panel
MAX_LABEL = 80       # characters of a label, title or legend entry


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


def _finish(fig, title, cuts=()):
    """The figure with its title; a cut figure says so in the title and in ``fig.cut``."""
    fig.cut = "; ".join(cuts) if cuts else None
    if cuts:
        title += "\n(cut to the caps: %s)" % ("%d cuts, %s" % (len(cuts), cuts[0]) if len(cuts) > 1 else cuts[0])
    fig.suptitle(title, fontsize=13)
    return fig


def _legend(ax):
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0, frameon=False)


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
    fig, axes = _panels([len(v) for v in groups.values()])
    for ax, (key, series) in zip(axes, groups.items()):
        for name, pairs in series.items():
            pts = sorted((r["size"], r["throughput_mb_s"]) for _, r in pairs)
            ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", ms=3, label=name)
        _size_axis(ax)
        ax.set_ylabel("throughput (MB/s)")
        ax.set_title(_title(key), fontsize=10)
        _legend(ax)
    return _finish(fig, "Throughput against message size", cuts)


def plot_cpb(runs):
    cuts = []
    groups = _grouped(runs, lambda r: r["unit"] == "byte" and r.get("cycles_per_byte") is not None
                      and r.get("threads", 1) == 1 and _number(r.get("size")), cuts)
    if not groups:
        raise NoData("no records with cycles per byte (a measured core clock)")
    fig, axes = _panels([len(v) for v in groups.values()])
    for ax, (key, series) in zip(axes, groups.items()):
        for name, pairs in series.items():
            pts = sorted((r["size"], r["cycles_per_byte"], r.get("cycles_rel_uncertainty") or 0.0)
                         for _, r in pairs)
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            line, = ax.plot(xs, ys, marker="o", ms=3, label=name)
            ax.fill_between(xs, [y * (1 - min(u, 0.99)) for _, y, u in pts], [y * (1 + u) for _, y, u in pts],
                            color=line.get_color(), alpha=0.15, linewidth=0)
        _size_axis(ax)
        ax.set_yscale("log")
        ax.set_ylabel("cycles per byte (log scale)")
        ax.set_title(_title(key), fontsize=10)
        _legend(ax)
    return _finish(fig, "Cycles per byte against message length (bands: 95% CI and clock uncertainty)", cuts)


def plot_sweep(runs):
    cuts = []
    groups = _grouped(runs, lambda r: _number(r.get("chunk")) is not None and r.get("throughput_mb_s"), cuts)
    if not groups:
        raise NoData("no chunk-size sweep records (records with 'chunk' and 'total' fields): "
                     "the inputs have none yet")
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.6), layout="constrained")
    for key, series in groups.items():
        for name, pairs in series.items():
            pts = sorted((r["chunk"], r["throughput_mb_s"], (r.get("cpu_time_ns_per_op") or {}).get("total"),
                          _number(r.get("total")) or r.get("size")) for _, r in pairs)
            label = "%s · %s" % (_title(key), name)
            axes[0].plot([p[0] for p in pts], [p[1] for p in pts], marker="o", ms=3, label=label)
            # CPU ns per operation / bytes per operation = CPU seconds per 10^9 bytes
            cpu = [(p[0], p[2] / p[3]) for p in pts if p[2] is not None and p[3]]
            axes[1].plot([c[0] for c in cpu], [c[1] for c in cpu], marker="o", ms=3, label=label)
    for ax, ylabel in zip(axes, ("throughput (MB/s)", "CPU time per GB (s)")):
        ax.set_xscale("log", base=2)
        ax.set_xlabel("chunk size (bytes, log scale)")
        ax.set_ylabel(ylabel)
        ax.grid(True, which="both", alpha=0.3)
        _legend(ax)
    return _finish(fig, "Chunk-size sweeps", cuts)


def plot_bars(runs):
    cuts = []
    groups = _grouped(runs, lambda r: figure(r)[0] is not None and r.get("threads", 1) == 1, cuts)
    if not groups:
        raise NoData("no records with a figure")
    fig, axes = _panels([len(v) for v in groups.values()], height=2.4)
    for ax, (key, series) in zip(axes, groups.items()):
        labels, values = [], []
        for name, pairs in series.items():
            largest = max(pairs, key=lambda p: p[1].get("size") or 0)[1]
            labels.append(name)
            values.append(figure(largest)[0])
        unit = figure(largest)[1]
        ax.barh(range(len(values)), values, color="C0")
        ax.set_yticks(range(len(values)))
        ax.set_yticklabels(labels, fontsize=8)
        ax.invert_yaxis()
        size = largest.get("size")
        ax.set_xlabel(unit if size is None else "%s at %d bytes" % (unit, size))
        ax.set_title(_title(key), fontsize=10)
        ax.grid(True, axis="x", alpha=0.3)
    return _finish(fig, "Libraries compared per operation (MB/s: higher is faster; µs/op: lower is faster)", cuts)


def plot_threads(runs):
    if not any(r.get("threads", 1) > 1 for run in runs for r in ok_records(run)):
        raise NoData("no multi-thread records (threads > 1) in the inputs")
    cuts = []
    groups = _grouped(runs, lambda r: figure(r)[0] is not None, cuts)
    groups = OrderedDict((k, v) for k, v in groups.items()
                         if any(r.get("threads", 1) > 1 for pairs in v.values() for _, r in pairs))
    fig, axes = _panels([len(v) for v in groups.values()])
    for ax, (key, series) in zip(axes, groups.items()):
        by_impl = OrderedDict()
        for pairs in series.values():
            for run, r in pairs:
                name = plain(implementation(r) + ("" if r.get("size") is None else " @ %d B" % r["size"]))
                by_impl.setdefault(name, []).append((r.get("threads", 1), figure(r)[0]))
        for name, pts in by_impl.items():
            if all(t == 1 for t, _ in pts):
                continue
            pts.sort()
            ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", ms=3, label=name)
        ax.set_xlabel("threads")
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_ylabel(figure(series[next(iter(series))][0][1])[1])
        ax.set_title(_title(key), fontsize=10)
        ax.grid(True, alpha=0.3)
        _legend(ax)
    return _finish(fig, "Scaling with threads", cuts)


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
    ax.set_yticklabels([plain("%s (%d machines, %d clusters)" % (f.family[:48], f.machines, f.clusters))
                        for f in families],
                       fontsize=8)
    ax.set_ylim(len(families) - 0.5, -0.5)  # first family on top, each row half a unit tall
    ax.set_xlabel("AES score per MHz (openssl aes-256-cbc 16 KiB, 1000 bytes/s per MHz)")
    ax.grid(True, axis="x", alpha=0.3)
    _legend(ax)
    return _finish(fig, "AES score per MHz by core family", cuts)


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


def render(fig, fmt):
    """The figure as bytes in ``fmt`` (png or svg); NoData (the figure closed) when matplotlib
    cannot lay it out."""
    buf = io.BytesIO()
    try:
        fig.savefig(buf, format=fmt, dpi=110 if fmt == "png" else None, bbox_inches="tight")
    except DRAW_ERRORS as exc:
        plt.close(fig)
        raise NoData("cannot be drawn from these values (%s)" % str(exc)[:200]) from exc
    return buf.getvalue()


def close(fig):
    plt.close(fig)
