"""``cryptometer report RESULT.json|DIR|--db FILE -o report.html``: one self-contained HTML file.

See cryptometer.report for what the page holds.  Given exactly two runs it
also shows their comparison.  Exit codes: 0 written, 2 usage or unwritable
output, 3 an input refused or no run to report.
"""

import sys

from . import outputs, report, sources, textfit

EXIT_OK, EXIT_USAGE, EXIT_ENVIRONMENT = 0, 2, 3


def add_arguments(parser):
    sources.add_arguments(parser)
    parser.add_argument("-o", "--output", default="report.html", metavar="FILE",
                        help="HTML file to write (default: %(default)s)")
    parser.add_argument("--threshold", type=float, default=5.0, metavar="PERCENT",
                        help="with two runs: flag significant changes larger than this (default: %(default)s%%)")


def run(args):
    runs, errors = sources.load_reported(args, "report", kinds=sources.RESULTS_AND_SWEEPS)
    if not runs:
        return EXIT_ENVIRONMENT
    try:
        outputs.write_atomic(args.output, report.render(runs, args.threshold / 100.0),
                             inputs=[r.path for r in runs if r.path])
    except outputs.OutputError as exc:
        print("cryptometer report: %s" % exc, file=sys.stderr)
        return EXIT_USAGE
    textfit.say("wrote %s (%d runs)" % (args.output, len(runs)))
    return EXIT_ENVIRONMENT if errors else EXIT_OK
