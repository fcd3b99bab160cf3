"""``cryptometer collect DIR...|--db FILE``: many runs into RESULTS.md (and the AES ratio table).

Reads result files (ours and imported ones) or a database, and writes
RESULTS.md (``-o``, default RESULTS.md; ``-`` for standard output): each
run's answers first (cryptometer.collect_answers), then the tables of
cryptometer.collect.  ``--write-table [FILE]`` also writes the
learned AES-score-per-MHz ratios as the data table, with provenance
(cryptometer.ratio_table): to FILE, else to results/aes_score_per_mhz.json
under the current directory (results/ made if missing).  It never writes the
project's data/ table unless that is the FILE named.  Written after the
inputs, or as ``--write-table=FILE``: an optional value before the inputs
would take the first input as FILE.
Exit codes: 0 written, 2 usage or unwritable output, 3 an input refused (the
others are still collected) or nothing to collect.
"""

import os
import sys

from . import data, outputs, ratio_table, results_md, sources, textfit
from .aes_score import TABLE_NAME
from .collect import aes_family_ratios, operation_tables

EXIT_OK, EXIT_USAGE, EXIT_ENVIRONMENT = 0, 2, 3
DEFAULT_TABLE = os.path.join("results", TABLE_NAME)   # relative to the current directory


def _sizes(text):
    try:
        return tuple(int(s) for s in text.split(","))
    except ValueError:
        raise SystemExit("cryptometer collect: --sizes takes integers separated by commas, not %r" % text)


def add_arguments(parser):
    sources.add_arguments(parser)
    parser.add_argument("-o", "--output", default="RESULTS.md", metavar="FILE",
                        help="Markdown file to write (default: %(default)s; '-' for standard output)")
    parser.add_argument("--sizes", type=_sizes, default=(16, 16384), metavar="N,N",
                        help="message sizes shown for per-byte benchmarks (default: 16,16384)")
    parser.add_argument("--write-table", nargs="?", const=DEFAULT_TABLE, metavar="FILE",
                        help="write the learned AES ratios as a data table (default FILE: "
                             "%s; after the inputs, or --write-table=FILE)" % DEFAULT_TABLE)


def _make_results_dir():
    try:
        os.makedirs("results", exist_ok=True)
    except OSError as exc:
        raise outputs.OutputError("cannot create results/: %s" % (exc.strerror or exc)) from exc


def run(args):
    runs, errors = sources.load_reported(args, "collect", samples=False)
    if not runs:
        return EXIT_ENVIRONMENT
    families = aes_family_ratios(runs)
    text = results_md.render(operation_tables(runs, args.sizes), families, len(runs), runs)
    inputs = [r.path for r in runs if r.path]
    try:
        if args.output == "-":
            sys.stdout.write(text)
        else:
            outputs.write_atomic(args.output, text, inputs=inputs)
            textfit.say("wrote %s (%d runs)" % (args.output, len(runs)))
        if args.write_table is not None:
            target = args.write_table
            if target == DEFAULT_TABLE:
                _make_results_dir()
            table = ratio_table.updated_table(data.load_json(TABLE_NAME), families)
            outputs.write_atomic(target, ratio_table.dumps(table), inputs=inputs)
            textfit.say("wrote %s (%d families learned)" % (target, len(families)))
    except outputs.OutputError as exc:
        print("cryptometer collect: %s" % exc, file=sys.stderr)
        return EXIT_USAGE
    except data.DataError as exc:
        print("cryptometer collect: %s" % exc, file=sys.stderr)
        return EXIT_ENVIRONMENT
    return EXIT_ENVIRONMENT if errors else EXIT_OK
