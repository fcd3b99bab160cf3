"""``cryptometer export INPUT...|--db FILE [--filter REGEX] [-o FILE.csv]``: records as CSV.

One row per record of the selection (``--filter`` on the record name,
``--status`` on its status), from files or the database, with the run's id
and host.  Written to ``-o`` atomically, or to standard output.  Exit codes:
0 written, 2 usage or unwritable output, 3 an input refused.

Cells are safe for a spreadsheet (OWASP, "CSV Injection"): a text cell that
begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a
leading apostrophe (``'=HYPERLINK(...)``), so no spreadsheet reads it as a
formula.  Numbers are numbers: a negative figure is written as ``-3.5``,
untouched, because only text cells (names, reasons, labels, params) are
neutralised; a number cannot hold a formula.
"""

import csv
import io
import json
import sys

from . import outputs, sources
from .figures import machine_label

EXIT_OK, EXIT_USAGE, EXIT_ENVIRONMENT = 0, 2, 3

COLUMNS = ("run_id", "machine", "name", "backend", "variant", "algorithm", "params", "class", "operation",
           "unit", "size", "threads", "cpu", "cluster", "status", "median_ns", "ci95_low_ns", "ci95_high_ns",
           "cv", "throughput_mb_s", "ops_per_s", "us_per_op", "ns_per_byte", "cycles_per_byte",
           "cycles_per_op", "reason")


def add_arguments(parser):
    sources.add_arguments(parser)
    parser.add_argument("--status", metavar="STATUS", help="keep only records with this status (e.g. ok)")
    parser.add_argument("-o", "--output", metavar="FILE", help="CSV file to write (default: standard output)")


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell(value):
    """A value as a CSV cell: None empty, numbers as they are, text neutralised (module comment)."""
    if value is None:
        return ""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def row(run, r):
    stats = r.get("stats") or {}
    values = dict(r, run_id=run.id, machine=machine_label(run, r), params=json.dumps(r.get("params") or {}),
                  **{k: stats.get(k) for k in ("median_ns", "ci95_low_ns", "ci95_high_ns", "cv")})
    return [cell(values.get(c)) for c in COLUMNS]


def run(args):
    runs, errors = sources.load(args)
    sources.report_errors("export", errors)
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(COLUMNS)
    for run_ in runs:
        for r in run_.doc["results"]:
            if args.status is None or r["status"] == args.status:
                writer.writerow(row(run_, r))
    if args.output:
        try:
            outputs.write_atomic(args.output, buf.getvalue(), inputs=[r.path for r in runs if r.path])
        except outputs.OutputError as exc:
            print("cryptometer export: %s" % exc, file=sys.stderr)
            return EXIT_USAGE
    else:
        sys.stdout.write(buf.getvalue())
    return EXIT_ENVIRONMENT if errors else EXIT_OK
