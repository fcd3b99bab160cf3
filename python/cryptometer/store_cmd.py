"""``cryptometer store add FILE...|DIR`` and ``store list``: the results database.

``add`` loads result files (validated; v1 upgraded) into the SQLite database
(``--db``, default results/cryptometer.db), one transaction per file; a run
already there is skipped.  A refused file gets one line naming the file and
the field, adds nothing, and makes the exit code 3; the other files are added.
The database is opened as cryptometer.store says: identity checked read-only
before anything changes, a bounded wait for a lock ("busy", exit 3), a full
disk one line and exit 3 with the file being added rolled back.
``list`` prints one line per run: id, host, date, records.
"""

import os
import sqlite3
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from . import guard, inputs, loader, outputs, store, textfit

EXIT_OK, EXIT_USAGE, EXIT_ENVIRONMENT = 0, 2, 3


def add_arguments(parser):
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True
    p = actions.add_parser("add", help="add result files or directories of them to the database")
    p.add_argument("paths", nargs="+", metavar="FILE|DIR")
    p.add_argument("--db", default=store.DEFAULT_DB, help="database file (default: %(default)s)")
    outputs.add_force_option(p)
    p = actions.add_parser("list", help="list the runs in the database")
    p.add_argument("--db", default=store.DEFAULT_DB, help="database file (default: %(default)s)")


def run(args):
    db = Path(args.db)
    if args.action == "list" and not db.is_file():
        print("cryptometer store: %s: no such database" % db, file=sys.stderr)
        return EXIT_ENVIRONMENT
    if not db.parent.is_dir():
        print("cryptometer store: cannot create %s: directory %s does not exist"
              % (inputs.shown(db), inputs.shown(db.parent)),
              file=sys.stderr)
        return EXIT_USAGE
    if args.action == "add":
        loader.require_validators()
        try:   # the writing policy of every output (cryptometer.outputs): no link, device, input
            outputs.check_target(args.db, inputs=list(loader.expand(args.paths)))
        except outputs.OutputError as exc:
            print("cryptometer store: %s" % exc, file=sys.stderr)
            return EXIT_USAGE
    try:
        conn = store.open_db(db) if args.action == "add" else store.open_read(db)
        try:
            return (add if args.action == "add" else list_runs)(conn, args)
        except sqlite3.Error as exc:   # busy past the timeout, disk full: the transaction was rolled back
            raise store.failure(db, exc) from exc
        finally:
            conn.close()
    except store.StoreError as exc:
        print("cryptometer store: %s" % exc, file=sys.stderr)
        return EXIT_ENVIRONMENT


def prepared(path):
    """A file read, validated and turned into rows (store.rows_of), or the LoadError's line."""
    with guard.about(file=inputs.shown(path)):
        try:
            return store.rows_of(loader.load_file(path)), None
        except loader.LoadError as exc:
            return None, str(exc)


def prepare_all(paths):
    """prepared() of every path, in order: in parallel on every core when there are many files
    (reading and validating, not inserting, is what takes the time)."""
    workers = os.cpu_count() or 1
    if len(paths) < 8 or workers < 2:
        yield from map(prepared, paths)
        return
    pool = ProcessPoolExecutor(max_workers=workers)
    try:
        yield from pool.map(prepared, paths, chunksize=4)
    finally:
        pool.shutdown(cancel_futures=True)


def add(conn, args):
    status, added, present = EXIT_OK, 0, 0
    paths = list(loader.expand(args.paths))
    for path, (rows, error) in zip(paths, prepare_all(paths)):
        if not error:
            try:
                if store.add_rows(conn, rows):
                    added += 1
                else:
                    present += 1
                continue
            except store.StoreError as exc:  # one file's rows: the others go on
                error = "%s: %s" % (path, exc)
        print("cryptometer store: %s (nothing added)" % error, file=sys.stderr)
        status = EXIT_ENVIRONMENT
    textfit.say("%s: %d run(s) added, %d already present" % (args.db, added, present))
    return status


def list_runs(conn, _args):
    table = [(run_id, host or "?", source or "cryptometer run", started or "", "%d records" % count)
             for run_id, host, source, started, count in conn.execute(
                 "SELECT r.id, r.hostname, r.source_tool, r.started, "
                 "(SELECT count(*) FROM measurements m WHERE m.run_id = r.id) FROM runs r ORDER BY r.added, r.id")]
    if table:
        textfit.say("\n".join(textfit.aligned(table, right=(4,))))
    return EXIT_OK
