"""``cryptometer plot KIND...|all INPUT... -o DIR``: plots as PNG and SVG files.

Kinds are cryptometer.plots.KINDS.  Each plot is written as ``DIR/<kind>.png``
and ``.svg`` (``--format``).  A kind with no data in the inputs is named on
standard error with what is missing, and nothing is drawn for it.  A plot
cut to the caps of cryptometer.plots says so after its file name.  Exit
codes: 0 at least one plot written, 2 usage or unwritable output, 3 an input
refused or no kind had data.
"""

import sys
from pathlib import Path

from . import outputs, plots, sources

EXIT_OK, EXIT_USAGE, EXIT_ENVIRONMENT = 0, 2, 3


def add_arguments(parser):
    parser.add_argument("kinds", metavar="KIND", help="comma-separated kinds, or 'all': %s"
                        % ", ".join(plots.KINDS))
    sources.add_arguments(parser)
    parser.add_argument("-o", "--out-dir", default="plots", metavar="DIR",
                        help="directory for the files (default: %(default)s; created if missing)")
    parser.add_argument("--format", default="png,svg", help="png, svg or both (default: %(default)s)")


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
        try:
            fig = plots.draw(kind, runs)
            images = [(fmt, plots.render(fig, fmt)) for fmt in formats]
        except plots.NoData as exc:
            print("cryptometer plot: %s: not drawn: %s" % (kind, exc), file=sys.stderr)
            continue
        for fmt, image in images:
            target = out_dir / ("%s.%s" % (kind, fmt))
            try:
                outputs.write_atomic(target, image, inputs=[r.path for r in runs if r.path])
            except outputs.OutputError as exc:
                print("cryptometer plot: %s" % exc, file=sys.stderr)
                return EXIT_USAGE
            print("wrote %s%s" % (target, " (cut to the caps: %s)" % fig.cut if fig.cut else ""))
            written += 1
        plots.close(fig)
    return EXIT_OK if written and not errors else EXIT_ENVIRONMENT

