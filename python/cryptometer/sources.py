"""Where the analysis commands read runs from: result files, directories, run ids, a database.

``collect``, ``compare``, ``report``, ``plot`` and ``export`` all take the same
inputs: result files and directories (read by the loader), and with ``--db
FILE`` a database (all its runs, or those named by run id: any unique prefix
of the id that ``store list`` shows).  A file that is refused is reported on
one line naming the file and the field; the others are still read.
"""

import re
import sqlite3
import sys
from pathlib import Path

from . import doc_kinds, inputs, loader, patterns, store

RESULTS_AND_SWEEPS = (doc_kinds.RESULT, doc_kinds.SWEEP)   # what plot and report read


def add_arguments(parser, inputs_help="result files or directories (with --db: run ids)"):
    parser.add_argument("inputs", nargs="*", metavar="INPUT", help=inputs_help)
    parser.add_argument("--db", metavar="FILE", help="read runs from this database (cryptometer store)")
    parser.add_argument("--filter", metavar="REGEX", action=patterns.FilterAction,
                        help="keep only records whose name (backend:variant/algorithm/operation) "
                             "matches (limits: docs/cli.md)")


def is_run_id(text):
    return bool(re.fullmatch(r"[0-9a-f]{4,16}", text)) and not Path(text).exists()


def load(args, samples=True, kinds=(doc_kinds.RESULT,)):
    """Return (runs, error lines) for the inputs of ``args``; records filtered by --filter.
    ``samples`` False reads records from a database as figures only (store.load_runs):
    ``collect`` needs no samples, statistics or KAT reports.  ``kinds``: the kinds of document
    files may be (loader.parse_document)."""
    files = [i for i in args.inputs if not is_run_id(i)]
    ids = [i for i in args.inputs if is_run_id(i)]
    runs, errors = loader.load_paths(files, kinds)
    errors = [str(e) for e in errors]
    if args.db:
        if not Path(args.db).is_file():
            errors.append("%s: (file): no such database" % args.db)
        else:
            try:
                inputs.note_read(args.db)   # never written over by this command's outputs
                conn = store.open_read(args.db)
                try:
                    stored, refused = store.load_runs(conn, args.db, ids=ids if (ids or files) else None,
                                                      samples=samples)
                except sqlite3.Error as exc:
                    raise store.failure(args.db, exc) from exc
                finally:
                    conn.close()
                runs += stored
                errors += [str(e) for e in refused]
            except store.StoreError as exc:
                errors.append(str(exc))
    elif ids:
        errors.append("run ids (%s) need --db FILE" % ", ".join(ids))
    if args.filter:
        pattern = args.filter   # compiled by patterns.FilterAction
        for run in runs:
            run.doc = dict(run.doc, results=[r for r in run.doc["results"] if pattern.search(r["name"])])
    return runs, errors


def report_errors(command, errors):
    for line in errors:
        print("cryptometer %s: %s" % (command, line), file=sys.stderr)


def load_reported(args, command, samples=True, kinds=(doc_kinds.RESULT,)):
    """``load``, with each error printed as one line; (runs, errors), runs empty after saying so."""
    runs, errors = load(args, samples, kinds)
    report_errors(command, errors)
    if not runs:
        print("cryptometer %s: no run in the inputs" % command, file=sys.stderr)
    return runs, errors
