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
import sqlite3
from datetime import datetime, timezone

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


def open_db(path, create=True):
    """Open (and with ``create``, set up) the database at ``path``; raise StoreError."""
    try:
        conn = sqlite3.connect(str(path))
        # WAL: a commit per file without a full sync of the database each time; still atomic.
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        if create:
            conn.executescript(SCHEMA)
            conn.execute("INSERT OR IGNORE INTO meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
            conn.commit()
        conn.execute("SELECT count(*) FROM runs").fetchone()
    except sqlite3.DatabaseError as exc:
        raise StoreError("%s: not a cryptometer database (%s)" % (path, exc)) from exc
    return conn


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
    r = json.loads(record)
    if samples is not None:
        r["samples_ns"] = json.loads(samples)
    return r


# The fields of a figures-only record, all read from columns (JSON text in the JSON ones).
FIGURE_COLUMNS = ("name", "backend", "variant", "algorithm", "class", "operation", "unit", "size",
                  "threads", "cpu", "cluster", "status", "reason", "throughput_mb_s", "ops_per_s",
                  "us_per_op", "ns_per_byte", "cycles_per_op", "cycles_per_byte",
                  "cycles_rel_uncertainty", "flags", "params", "source_figure")
JSON_COLUMNS = {"cluster", "flags", "params", "source_figure"}


def _figures_record(row):
    """A record with the fields of FIGURE_COLUMNS only (those present), from its columns."""
    r = {}
    for key, value in zip(FIGURE_COLUMNS, row):
        if value is not None:
            r[key] = json.loads(value) if key in JSON_COLUMNS else value
    r.setdefault("size", None)
    return r


def load_runs(conn, path, ids=None, samples=True):
    """The runs of the database (all, or those whose id starts with one of ``ids``), as Runs;
    with ``samples`` False, figures-only records (FIGURE_COLUMNS: no samples, statistics, KAT or
    clock), read from the columns: what ``collect`` needs, several times faster."""
    runs = []
    for run_id, document in conn.execute("SELECT id, document FROM runs ORDER BY added, id"):
        if ids is not None and not any(run_id.startswith(i) for i in ids):
            continue
        doc = json.loads(document)
        if samples:
            doc["results"] = [_record(r, s) for r, s in conn.execute(
                "SELECT record, samples_ns FROM measurements WHERE run_id = ? ORDER BY idx", (run_id,))]
        else:
            doc["results"] = [_figures_record(row) for row in conn.execute(
                "SELECT %s FROM measurements WHERE run_id = ? ORDER BY idx" % ", ".join(FIGURE_COLUMNS),
                (run_id,))]
        runs.append(Run(id=run_id, doc=doc, origin="db:%s" % path))
    return runs
