"""``cryptometer plot KIND...|all INPUT... -o DIR [--overlay]``: plots as PNG and SVG files.

Kinds are cryptometer.plots.KINDS.  Given one run, each plot is written as
``DIR/<kind>.png`` and ``.svg`` (``--format``).  Given several, each run gets
its own figure, ``DIR/<kind>-<NN>-<run>.png`` (NN its place among the
inputs, the run's label made safe for a file name), unless ``--overlay``
draws them all in one ``<kind>`` figure; ``aes-score`` compares core families
across runs and is always one figure.  A kind with no data in a run is named
on standard error with what is missing, and nothing is drawn for it.  A plot
cut to the caps of cryptometer.plots says so after its file name.  Exit
codes: 0 at least one plot written, 2 usage or unwritable output, 3 an input
refused or no kind had data.
"""

import re
import sys
from pathlib import Path

from . import outputs, plots, sources, textfit

EXIT_OK, EXIT_USAGE, EXIT_ENVIRONMENT = 0, 2, 3
ACROSS_RUNS = ("aes-score",)   # kinds that compare runs: one figure whatever --overlay says


def add_arguments(parser):
    parser.add_argument("kinds", metavar="KIND", help="comma-separated kinds, or 'all': %s"
                        % ", ".join(plots.KINDS))
    sources.add_arguments(parser)
    parser.add_argument("-o", "--out-dir", default="plots", metavar="DIR",
                        help="directory for the files (default: %(default)s; created if missing)")
    parser.add_argument("--format", default="png,svg", help="png, svg or both (default: %(default)s)")
    parser.add_argument("--overlay", action="store_true",
                        help="several runs: draw them in one figure per kind (default: a figure per run)")


def figures_of(kind, runs, overlay):
    """[(file stem, runs drawn)] of one kind: one for all runs, or one per run."""
    if overlay or len(runs) <= 1 or kind in ACROSS_RUNS:
        return [(kind, runs)]
    return [("%s-%02d-%s" % (kind, i, re.sub(r"[^A-Za-z0-9._-]+", "_", run.label).strip("_")[:48]), [run])
            for i, run in enumerate(runs, 1)]


def write_figure(out_dir, stem, fig, formats, runs):
    """Write one figure in each format; the number of files written, or None when a write failed."""
    images = [(fmt, plots.render(fig, fmt)) for fmt in formats]
    for fmt, image in images:
        target = out_dir / ("%s.%s" % (stem, fmt))
        try:
            outputs.write_atomic(target, image, inputs=[r.path for r in runs if r.path])
        except outputs.OutputError as exc:
            print("cryptometer plot: %s" % exc, file=sys.stderr)
            return None
        textfit.say("wrote %s%s" % (target, " (cut to the caps: %s)" % fig.cut if fig.cut else ""))
    return len(images)


def run(args):
    kinds = list(plots.KINDS) if args.kinds == "all" else args.kinds.split(",")
    formats = args.format.split(",")
    unknown = [k for k in kinds if k not in plots.KINDS] + [f for f in formats if f not in ("png", "svg")]
    if unknown:
        print("cryptometer plot: unknown kind or format: %s" % ", ".join(unknown), file=sys.stderr)
        return EXIT_USAGE
    runs, errors = sources.load(args, kinds=sources.RESULTS_AND_SWEEPS)
    sources.report_errors("plot", errors)
    out_dir = Path(args.out_dir)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print("cryptometer plot: cannot create %s: %s" % (out_dir, exc.strerror or exc), file=sys.stderr)
        return EXIT_USAGE
    written = 0
    for kind in kinds:
        for stem, drawn in figures_of(kind, runs, args.overlay):
            try:
                fig = plots.draw(kind, drawn)
                count = write_figure(out_dir, stem, fig, formats, drawn)
            except plots.NoData as exc:
                print("cryptometer plot: %s: not drawn: %s" % (stem, exc), file=sys.stderr)
                continue
            plots.close(fig)
            if count is None:
                return EXIT_USAGE
            written += count
    return EXIT_OK if written and not errors else EXIT_ENVIRONMENT
