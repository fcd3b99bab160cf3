"""``cryptometer view generations|kex|signature INPUT...``: like-for-like tables of a run.

- ``generations``: the OpenSSL generations of a run as columns (cryptometer.generations),
  each other generation's ratio to the system's with its significance test;
- ``kex``, ``signature``: the choice tables of data/choices.json (cryptometer.choices),
  ops/s per operation and bytes on the wire.

Each run of the inputs gets its own table.  Output: text in 100 columns (tables in
column groups; statuses other than ``ok``, why a row is in focus and the sources of
wire sizes as numbered notes under each table), or
JSON with ``--json`` (both drawn by cryptometer.view_render); ``-o FILE``
writes it to a file.  Exit codes: 0 written;
2 usage or unwritable output; 3 an input refused, a data table unreadable, or
no run with a record the view shows.
"""

import os
import sys

from . import choices, data, outputs, sources
from .view_render import format_json, format_text, nothing

EXIT_OK, EXIT_USAGE, EXIT_ENVIRONMENT = 0, 2, 3
VIEWS = ("generations", "kex", "signature")


def add_arguments(parser):
    parser.add_argument("view", choices=VIEWS, help="generations: OpenSSL generations side by side; "
                        "kex, signature: the choice tables of data/choices.json")
    sources.add_arguments(parser)
    parser.add_argument("--threshold", type=float, default=5.0, metavar="PERCENT",
                        help="generations: flag significant ratios beyond this (default: %(default)s%%)")
    parser.add_argument("--alpha", type=float, default=0.01,
                        help="generations: significance level of the adjusted p-value (default: %(default)s)")
    parser.add_argument("--json", action="store_true", help="write JSON instead of text")
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")


# ---- building -----------------------------------------------------------------------------------

def build(view, runs, threshold=0.05, alpha=0.01):
    """[(run, View or None)] for each run; raise data.DataError when a data table cannot be read."""
    if view == "generations":
        from . import generations   # SciPy, for the test: only when asked for
        rules = generations.load_focus()
        return [(run, generations.build(run, rules, threshold, alpha)) for run in runs]
    table = choices.load_table()
    return [(run, choices.build(run, view, table)) for run in runs]


# ---- the command --------------------------------------------------------------------------------

def run(args):
    command = "view %s" % args.view
    if args.output:   # the output first, as every command checks it before its work
        try:
            outputs.check_target(args.output, inputs=[i for i in args.inputs if os.path.exists(i)])
        except outputs.OutputError as exc:
            print("cryptometer %s: %s" % (command, exc), file=sys.stderr)
            return EXIT_USAGE
    runs, errors = sources.load_reported(args, command)
    if not runs:
        return EXIT_ENVIRONMENT
    try:
        built = build(args.view, runs, args.threshold / 100.0, args.alpha)
    except data.DataError as exc:
        print("cryptometer %s: %s" % (command, exc), file=sys.stderr)
        return EXIT_ENVIRONMENT
    if all(view is None for _, view in built):
        print("cryptometer %s: %s in the inputs" % (command, nothing(args.view)), file=sys.stderr)
        return EXIT_ENVIRONMENT
    text = (format_json if args.json else format_text)(args.view, built)
    if args.output:
        try:
            outputs.write_atomic(args.output, text, inputs=[r.path for r in runs if r.path])
        except outputs.OutputError as exc:
            print("cryptometer %s: %s" % (command, exc), file=sys.stderr)
            return EXIT_USAGE
    else:
        sys.stdout.write(text)
    return EXIT_ENVIRONMENT if errors else EXIT_OK
