"""The results database: many runs in one SQLite file (docs/analysis.md documents its tables).

Tables:
  runs          one row per run: its id, where it came from, the context fields
                people query (host, CPU, kernel, build, health) and the
                whole document without its records (``document``, JSON)
  health        one row per health flag of a run
  clusters      one row per CPU cluster of a run (the machine)
  measurements  one row per record: every scalar field as a column, nested
                fields (params, stats, kat, clock, cpu time) as JSON columns,
                the samples (``samples_ns``, a JSON array) and the whole
                record but its samples (``record``, JSON)

A run's id is the loader's (a hash of the document), so adding the same run
twice adds nothing.  Each document is added in its own transaction: one that
fails validation was refused by the loader before anything was written.
Reading gives back the documents exactly as they were added.
"""

import json
import os
import sqlite3
import urllib.parse
from datetime import datetime, timezone

from . import guard, inputs, loader
from .loader import Run

DEFAULT_DB = "results/cryptometer.db"
SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS runs (
    id TEXT PRIMARY KEY, added TEXT NOT NULL, origin TEXT, schema_version INTEGER,
    tool_version TEXT, started TEXT, finished TEXT, complete INTEGER, source_tool TEXT,
    source_file TEXT, hostname TEXT, os TEXT, kernel TEXT, arch TEXT, cpu_model TEXT,
    cpu_vendor TEXT, cores INTEGER, compiler TEXT, build_version TEXT,
    document TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS health (
    run_id TEXT NOT NULL REFERENCES runs(id), flag TEXT, severity TEXT, message TEXT);
CREATE TABLE IF NOT EXISTS clusters (
    run_id TEXT NOT NULL REFERENCES runs(id), cluster INTEGER, cpus TEXT, core_name TEXT,
    measured_mhz REAL, claimed_mhz REAL, governor TEXT);
CREATE TABLE IF NOT EXISTS measurements (
    run_id TEXT NOT NULL REFERENCES runs(id), idx INTEGER NOT NULL, name TEXT, backend TEXT,
    variant TEXT, algorithm TEXT, class TEXT, operation TEXT, unit TEXT, size INTEGER,
    threads INTEGER, cpu INTEGER, cluster TEXT, status TEXT, reason TEXT,
    median_ns REAL, min_ns REAL, ci95_low_ns REAL, ci95_high_ns REAL, cv REAL, n INTEGER,
    throughput_mb_s REAL, ops_per_s REAL, us_per_op REAL, ns_per_byte REAL,
    cycles_per_op REAL, cycles_per_byte REAL, cycles_rel_uncertainty REAL, mhz_used REAL,
    cpu_time_ns_per_op REAL, iterations_per_sample INTEGER, total_ops INTEGER, wall_s REAL,
    kat_status TEXT, flags TEXT, params TEXT, stats TEXT, kat TEXT, clock TEXT,
    source_figure TEXT, repeats TEXT, samples_ns TEXT, record TEXT NOT NULL,
    PRIMARY KEY (run_id, idx));
CREATE INDEX IF NOT EXISTS measurements_by_benchmark ON measurements (algorithm, operation, size);
CREATE INDEX IF NOT EXISTS measurements_by_implementation ON measurements (backend, variant);
CREATE INDEX IF NOT EXISTS measurements_by_name ON measurements (name, size, threads);
CREATE INDEX IF NOT EXISTS runs_by_host ON runs (hostname);
CREATE INDEX IF NOT EXISTS health_by_run ON health (run_id);
CREATE INDEX IF NOT EXISTS clusters_by_run ON clusters (run_id);
"""

MEASUREMENT_COLUMNS = (
    "run_id", "idx", "name", "backend", "variant", "algorithm", "class", "operation", "unit", "size",
    "threads", "cpu", "cluster", "status", "reason", "median_ns", "min_ns", "ci95_low_ns",
    "ci95_high_ns", "cv", "n", "throughput_mb_s", "ops_per_s", "us_per_op", "ns_per_byte",
    "cycles_per_op", "cycles_per_byte", "cycles_rel_uncertainty", "mhz_used", "cpu_time_ns_per_op",
    "iterations_per_sample", "total_ops", "wall_s", "kat_status", "flags", "params", "stats", "kat",
    "clock", "source_figure", "repeats", "samples_ns", "record")
RUN_COLUMNS = (
    "id", "added", "origin", "schema_version", "tool_version", "started", "finished", "complete",
    "source_tool", "source_file", "hostname", "os", "kernel", "arch", "cpu_model", "cpu_vendor",
    "cores", "compiler", "build_version", "document")


class StoreError(Exception):
    """The database cannot be opened or is not a cryptometer database; the message says which."""


def _json(value):
    return None if value is None else json.dumps(value, separators=(",", ":"), ensure_ascii=False)


# How long a command waits for another process's lock before it says "busy" (seconds).
BUSY_TIMEOUT_S = 5.0


def _connect(path, mode, immutable=False):
    """A connection through an SQLite URI: mode ro (nothing can change: not even the journal mode),
    rw (the file must exist) or rwc; waits BUSY_TIMEOUT_S for a lock."""
    uri = "file:%s?mode=%s%s" % (urllib.parse.quote(os.fsencode(path)), mode, "&immutable=1" if immutable else "")
    return sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_S)


def _on_read_only_fs(path):
    try:
        return bool(os.statvfs(os.path.dirname(os.path.abspath(path))).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def failure(path, exc):
    """The StoreError of an SQLite error: busy, full, read-only, or not a database."""
    text = str(exc)
    if "locked" in text or "busy" in text:
        why = "busy: another process holds a lock on it (waited %g s); try again later" % BUSY_TIMEOUT_S
    elif "full" in text:
        why = "the disk is full: nothing of this step was written"
    elif "readonly" in text or "read-only" in text or _on_read_only_fs(path):
        why = "it is read-only (%s)" % ("read-only file system" if _on_read_only_fs(path) else text)
    elif "unable to open" in text:
        why = "cannot open it (%s)" % text
    else:
        why = "not a cryptometer database (%s)" % text
    return StoreError("%s: %s" % (inputs.shown(path), why))


def check_identity(conn, path):
    """Raise StoreError unless ``conn`` is a cryptometer database (its meta table names our schema
    version and the runs and measurements tables exist). Reads only."""
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    missing = sorted({"meta", "runs", "measurements", "health", "clusters"} - tables)
    if missing:
        raise StoreError("%s: not a cryptometer database (no table %s); nothing was changed"
                         % (inputs.shown(path), ", ".join(missing)))
    row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    if row is None or row[0] != str(SCHEMA_VERSION):
        raise StoreError("%s: not a cryptometer database of version %d (its meta says %r); nothing was changed"
                         % (inputs.shown(path), SCHEMA_VERSION, None if row is None else row[0]))


def open_read(path):
    """Open an existing database for reading only (SQLite mode=ro; immutable on a read-only
    file system, where a WAL database could not make its shared-memory file); raise StoreError."""
    conn = None
    try:
        conn = _connect(path, "ro", immutable=_on_read_only_fs(path))
        check_identity(conn, path)
        return conn
    except (sqlite3.Error, StoreError) as exc:
        if conn is not None:
            conn.close()
        if isinstance(exc, StoreError):
            raise
        raise failure(path, exc) from exc


def open_db(path, create=True):
    """Open the database at ``path`` to add runs; raise StoreError. An existing non-empty file is
    checked read-only first (check_identity): a foreign file is never changed. A new (or empty)
    file is set up: WAL (a commit per file without a full sync each time; still atomic), tables."""
    if not create:
        return open_read(path)
    fresh = not os.path.exists(path) or os.path.getsize(path) == 0
    if not fresh:
        open_read(path).close()
    conn = None
    try:
        conn = _connect(path, "rwc" if fresh else "rw")
        if fresh:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.executescript(SCHEMA)
            conn.execute("INSERT OR IGNORE INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
            conn.commit()
        conn.execute("PRAGMA synchronous=NORMAL")
        check_identity(conn, path)
        return conn
    except (sqlite3.Error, OSError) as exc:
        if conn is not None:
            conn.close()
        if isinstance(exc, OSError):
            raise StoreError("%s: cannot open it (%s)" % (inputs.shown(path), exc.strerror or exc)) from exc
        raise failure(path, exc) from exc


def _run_row(run):
    doc = run.doc
    ctx = doc.get("context", {})
    host, cpu, build = ctx.get("host", {}), ctx.get("cpu", {}), ctx.get("build", {})
    source = doc.get("source") or {}
    without_results = {k: v for k, v in doc.items() if k != "results"}
    return (run.id, datetime.now(timezone.utc).isoformat(timespec="seconds"), run.origin,
            doc["schema_version"], doc["tool"].get("version"), doc.get("started"), doc.get("finished"),
            int(doc["complete"]), source.get("tool"), source.get("file"), host.get("hostname"),
            host.get("os"), host.get("kernel"), cpu.get("arch"), cpu.get("model_name"), cpu.get("vendor"),
            cpu.get("cores"), build.get("compiler"), build.get("version"), _json(without_results))


def _measurement_row(run_id, idx, r):
    stats = r.get("stats") or {}
    cpu_time = (r.get("cpu_time_ns_per_op") or {}).get("total")
    cluster = r.get("cluster")
    return (run_id, idx, r["name"], r["backend"], r["variant"], r["algorithm"], r.get("class"),
            r["operation"], r["unit"], r["size"], r.get("threads", 1), r.get("cpu"),
            _json(cluster), r["status"], r.get("reason"),
            stats.get("median_ns"), stats.get("min_ns"), stats.get("ci95_low_ns"), stats.get("ci95_high_ns"),
            stats.get("cv"), stats.get("n"), r.get("throughput_mb_s"), r.get("ops_per_s"), r.get("us_per_op"),
            r.get("ns_per_byte"), r.get("cycles_per_op"), r.get("cycles_per_byte"),
            r.get("cycles_rel_uncertainty"), (r.get("clock") or {}).get("mhz_used"), cpu_time,
            r.get("iterations_per_sample"), r.get("total_ops"), r.get("wall_s"),
            (r.get("kat") or {}).get("status"), _json(r.get("flags")), _json(r.get("params")),
            _json(r.get("stats")), _json(r.get("kat")), _json(r.get("clock")), _json(r.get("source_figure")),
            _json(r.get("repeats")), _json(r.get("samples_ns")),
            _json({k: v for k, v in r.items() if k != "samples_ns"}))


def rows_of(run):
    """The rows one run adds to each table: (run, health, clusters, measurements). A plain
    function of the run, so that many files can be prepared in parallel and inserted in order."""
    ctx = run.doc.get("context", {})
    health = [(run.id, h["id"], h["severity"], h["message"]) for h in ctx.get("health", [])]
    clusters = [(run.id, c["id"], _json(c.get("cpus")), c.get("core_name"), c.get("measured_mhz"),
                 c.get("claimed_mhz"), c.get("governor"))
                for c in (ctx.get("cpu") or {}).get("clusters", [])]
    measurements = [_measurement_row(run.id, i, r) for i, r in enumerate(run.doc["results"])]
    return _run_row(run), health, clusters, measurements


def add_rows(conn, rows):
    """Add the rows of one run (rows_of) in one transaction; return False when it was already there."""
    run_row, health, clusters, measurements = rows
    try:
        return _insert(conn, run_row, health, clusters, measurements)
    except OverflowError as exc:  # the transaction rolled back: nothing of the run is kept
        raise StoreError("a whole number beyond SQLite's 64-bit integers (%s); nothing of it was added"
                         % exc) from exc


def _insert(conn, run_row, health, clusters, measurements):
    with conn:
        cur = conn.execute("INSERT OR IGNORE INTO runs (%s) VALUES (%s)"
                           % (", ".join(RUN_COLUMNS), ", ".join("?" * len(RUN_COLUMNS))), run_row)
        if cur.rowcount == 0:
            return False
        conn.executemany("INSERT INTO health VALUES (?, ?, ?, ?)", health)
        conn.executemany("INSERT INTO clusters VALUES (?, ?, ?, ?, ?, ?, ?)", clusters)
        conn.executemany("INSERT INTO measurements (%s) VALUES (%s)"
                         % (", ".join(MEASUREMENT_COLUMNS), ", ".join("?" * len(MEASUREMENT_COLUMNS))),
                         measurements)
    return True


def add_run(conn, run):
    """Add one run in one transaction; return False when it was already there."""
    return add_rows(conn, rows_of(run))


def run_ids(conn):
    return [row[0] for row in conn.execute("SELECT id FROM runs ORDER BY added, id")]


def _record(record, samples):
    """A record as the file had it: ``record`` holds every field but the samples, kept once in ``samples_ns``."""
    r = loader.parse_json(record)
    if samples is not None:
        r["samples_ns"] = loader.parse_json(samples)
    return r


# The fields of a figures-only record, all read from columns (JSON text in the JSON ones).
FIGURE_COLUMNS = ("name", "backend", "variant", "algorithm", "class", "operation", "unit", "size",
                  "threads", "cpu", "cluster", "status", "reason", "throughput_mb_s", "ops_per_s",
                  "us_per_op", "ns_per_byte", "cycles_per_op", "cycles_per_byte",
                  "cycles_rel_uncertainty", "flags", "params", "source_figure")
JSON_COLUMNS = {"cluster", "flags", "params", "source_figure"}
TEXT_COLUMNS = {"name", "backend", "variant", "algorithm", "class", "operation", "unit", "status", "reason"}
REQUIRED_COLUMNS = ("name", "backend", "variant", "algorithm", "operation", "unit", "status")


def _figures_record(row):
    """A record with the fields of FIGURE_COLUMNS only (those present), from its columns, each
    checked as the schema would: text where text belongs, finite numbers within bounds elsewhere."""
    r = {}
    for key, value in zip(FIGURE_COLUMNS, row):
        if value is None:
            continue
        if key in JSON_COLUMNS:
            value = loader.parse_json(value)
        elif (key in TEXT_COLUMNS) != isinstance(value, str) or isinstance(value, bytes):
            raise ValueError("%s: %r is not a %s" % (key, value, "text" if key in TEXT_COLUMNS else "number"))
        elif not isinstance(value, str) and not loader.number_in_bounds(value, key in ("size", "threads")):
            raise ValueError("%s: %r is outside the schema's bounds" % (key, value))
        r[key] = value
    absent = [k for k in REQUIRED_COLUMNS if k not in r]
    if absent:
        raise ValueError("%s: missing" % absent[0])
    r.setdefault("size", None)
    return r


def _run_of(conn, path, run_id, document, samples):
    """One run read back and checked as strictly as a file (loader.validate; figures-only records
    column by column); raise LoadError naming the database, the run and the field."""
    where = "%s (run %s)" % (inputs.shown(path), str(run_id)[:16])
    try:
        if not isinstance(run_id, str) or not isinstance(document, str):
            raise ValueError("the run's id or document is not text")
        doc = loader.parse_json(document)
        if samples:
            doc["results"] = [_record(r, s) for r, s in conn.execute(
                "SELECT record, samples_ns FROM measurements WHERE run_id = ? ORDER BY idx", (run_id,))]
            loader.check_document(doc, where)
        else:
            loader.check_document(dict(doc, results=[]), where)
            doc["results"] = [_figures_record(row) for row in conn.execute(
                "SELECT %s FROM measurements WHERE run_id = ? ORDER BY idx" % ", ".join(FIGURE_COLUMNS),
                (run_id,))]
        if loader.surrogate_field(doc):
            raise ValueError("%s: a string holds a lone surrogate" % loader.surrogate_field(doc))
    except (ValueError, TypeError, AttributeError, RecursionError) as exc:
        raise loader.LoadError(where, "(stored run)", str(exc)[:300]) from exc
    return Run(id=run_id, doc=doc, origin="db:%s" % inputs.shown(path))


def load_runs(conn, path, ids=None, samples=True):
    """The runs of the database (all, or those whose id starts with one of ``ids``), as
    (Runs, LoadErrors): each run is checked as a file is, and a bad one stops no other. With
    ``samples`` False, figures-only records (FIGURE_COLUMNS: no samples, statistics, KAT or
    clock), read from the columns: what ``collect`` needs, several times faster."""
    runs, errors = [], []
    for run_id, document in conn.execute("SELECT id, document FROM runs ORDER BY added, id"):
        if ids is not None and not any(str(run_id).startswith(i) for i in ids):
            continue
        with guard.about(file="%s (run %s)" % (inputs.shown(path), str(run_id)[:16])):
            try:
                runs.append(_run_of(conn, path, run_id, document, samples))
            except loader.LoadError as exc:
                errors.append(exc)
    return runs, errors
