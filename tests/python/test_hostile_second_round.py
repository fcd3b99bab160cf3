"""Hostile input, second round (issue 29, Python side): one test per case of the "Found" list.

Commands run in this process through ``cryptometer.__main__.main``
(schema_fuzz.run_main), except where a real second process is the point
(a lock held by another connection is enough in-process).
"""

import json
import os
import shutil
import sqlite3
import subprocess

import pytest

from analysis_helpers import flat
from schema_fuzz import run_main


@pytest.fixture
def doc(sbc_docs):
    """A real result document (an imported sbc-bench run) as a dict."""
    return json.loads(sorted(sbc_docs.glob("*.json"))[0].read_text(encoding="utf-8"))


def with_samples(doc, samples):
    """``doc`` with its first ok record carrying ``samples`` and statistics (a measured record)."""
    out = json.loads(json.dumps(doc))
    r = next(r for r in out["results"] if r["status"] == "ok")
    r["samples_ns"] = samples
    r["stats"] = {"n": len(samples), "median_ns": 100.0, "min_ns": 90.0, "max_ns": 110.0, "mean_ns": 100.0,
                  "stddev_ns": 1.0, "mad_ns": 1.0, "ci95_low_ns": 99.0, "ci95_high_ns": 101.0, "ci95_rel": 0.01,
                  "cv": 0.01, "outliers": []}
    return out


def write_text(path, text):
    path.write_text(text, encoding="utf-8")
    return path


def one_line(err):
    assert "Traceback" not in err, err
    assert len(err.strip().split("\n")) == 1, err
    return err


# ---- NaN samples: compare, view generations, report --------------------------------------------

@pytest.mark.parametrize("command", ["compare", "view", "report"])
def test_nan_samples_are_refused_per_file_not_a_traceback(command, doc, tmp_path):
    good = tmp_path / "good.json"
    good.write_text(json.dumps(with_samples(doc, [100.0, 101.0, 99.0, 100.5])), encoding="utf-8")
    bad = write_text(tmp_path / "nan.json", json.dumps(with_samples(doc, [100.0, float("nan"), 99.0, 1.0])))
    assert "NaN" in bad.read_text(encoding="utf-8")
    argv = {"compare": ["compare", good, bad], "view": ["view", "generations", bad, good],
            "report": ["report", bad, good, "-o", tmp_path / "r.html"]}[command]
    code, _, err = run_main(argv)
    assert code == 3, err
    assert "Traceback" not in err, err
    lines = [ln for ln in err.split("\n") if "nan.json" in ln]   # one line for the file (the view may add
    assert len(lines) == 1 and "NaN is not a finite number" in lines[0], err   # one saying it has nothing)
    if command == "report":   # the good file was still reported
        assert (tmp_path / "r.html").is_file()


@pytest.mark.parametrize("text", ["Infinity", "-Infinity", "1e400"])
def test_infinite_numbers_are_refused(text, doc, tmp_path):
    raw = json.dumps(with_samples(doc, [100.0, 7.0, 99.0])).replace("7.0", text, 1)
    path = write_text(tmp_path / "inf.json", raw)
    code, _, err = run_main(["export", path])
    assert code == 3 and "inf.json" in err and "not a finite number" in err, err


def test_integers_beyond_64_bits_are_refused_by_the_schema(doc, tmp_path):
    d = json.loads(json.dumps(doc))
    d["results"][0]["size"] = 2 ** 64
    path = write_text(tmp_path / "big.json", json.dumps(d))
    code, _, err = run_main(["store", "add", path, "--db", tmp_path / "db.sqlite"])
    assert code == 3 and "big.json" in err and "results/0/size" in err, err


# ---- a zero or missing time on one side of compare ----------------------------------------------

@pytest.mark.parametrize("time", [0.0, None])
def test_compare_zero_or_missing_time_is_a_warning_not_a_division(time, doc, tmp_path):
    a = json.loads(json.dumps(doc))
    b = json.loads(json.dumps(doc))
    for r in b["results"]:   # every cluster's record of the benchmarks (one key per benchmark)
        r["us_per_op"] = time
    write_text(tmp_path / "a.json", json.dumps(a))
    write_text(tmp_path / "b.json", json.dumps(b))
    code, out, err = run_main(["compare", tmp_path / "a.json", tmp_path / "b.json"])
    assert code == 0, err
    assert "Traceback" not in err and "not compared: no time above zero" in err, err
    assert "benchmarks compared" in out


# ---- disk full during store add --------------------------------------------------------------

def test_store_add_disk_full_is_one_line_and_nothing_half_written(doc, tmp_path):
    first = write_text(tmp_path / "first.json", json.dumps(doc))
    db = tmp_path / "db.sqlite"
    assert run_main(["store", "add", first, "--db", db])[0] == 0
    d = json.loads(json.dumps(doc))
    d["results"] = d["results"] * 200          # a run too large for the pages left
    d["context"]["host"]["hostname"] = "another"
    second = write_text(tmp_path / "second.json", json.dumps(d))
    conn = sqlite3.connect(db)   # SQLITE_FULL, exactly as a full disk gives it: no page left to grow into
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.close()
    from cryptometer import store
    original = store._connect

    def capped(path, mode, immutable=False):
        c = original(path, mode, immutable)
        c.execute("PRAGMA max_page_count = %d" % (pages + 2))
        return c

    store._connect = capped
    try:
        code, _, err = run_main(["store", "add", second, "--db", db])
    finally:
        store._connect = original
    assert code == 3, err
    one_line(err)
    assert "disk is full" in err and "nothing of this step was written" in err, err
    code, out, _ = run_main(["store", "list", "--db", db])
    assert code == 0 and len(out.strip().split("\n")) == 1, out   # the first run only, whole


# ---- the store changes what it only reads ----------------------------------------------------------

def foreign_db(path, wal=False):
    conn = sqlite3.connect(path)
    if wal:
        conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("CREATE TABLE notes (x TEXT)")
    conn.execute("INSERT INTO notes VALUES ('theirs')")
    conn.commit()
    conn.close()
    return path.read_bytes()


def test_store_add_on_a_foreign_sqlite_file_changes_nothing(doc, tmp_path):
    db = tmp_path / "theirs.db"
    before = foreign_db(db)
    src = write_text(tmp_path / "run.json", json.dumps(doc))
    code, _, err = run_main(["store", "add", src, "--db", db])
    assert code == 3, err
    one_line(err)
    assert "not a cryptometer database" in err and "nothing was changed" in err, err
    assert db.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run.json", "theirs.db"]   # no -wal, no -journal
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"


def test_report_db_leaves_a_rollback_journal_database_as_it_is(doc, tmp_path):
    db = tmp_path / "db.sqlite"
    src = write_text(tmp_path / "run.json", json.dumps(doc))
    assert run_main(["store", "add", src, "--db", db])[0] == 0
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA journal_mode=DELETE")   # a database someone keeps in rollback-journal mode
    conn.close()
    before = db.read_bytes()
    code, _, err = run_main(["report", "--db", db, "-o", tmp_path / "r.html"])
    assert code == 0, err
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    conn.close()
    assert db.read_bytes() == before


def test_busy_database_says_busy(doc, tmp_path, monkeypatch):
    db = tmp_path / "db.sqlite"
    src = write_text(tmp_path / "run.json", json.dumps(doc))
    assert run_main(["store", "add", src, "--db", db])[0] == 0
    from cryptometer import store
    monkeypatch.setattr(store, "BUSY_TIMEOUT_S", 0.2)
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        d = json.loads(json.dumps(doc))
        d["context"]["host"]["hostname"] = "other"
        other = write_text(tmp_path / "other.json", json.dumps(d))
        code, _, err = run_main(["store", "add", other, "--db", db])
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert code == 3, err
    one_line(err)
    assert "busy" in err, err


def test_database_on_a_read_only_mount_is_read_and_reported_as_read_only(doc, tmp_path):
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("needs root to mount a read-only file system")
    mnt = tmp_path / "mnt"
    mnt.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", mnt], capture_output=True).returncode:
        pytest.skip("mount is not permitted here")
    try:
        src = write_text(tmp_path / "run.json", json.dumps(doc))
        db = mnt / "db.sqlite"
        assert run_main(["store", "add", src, "--db", db])[0] == 0   # WAL, as store add makes it
        assert subprocess.run(["mount", "-o", "remount,ro", mnt], capture_output=True).returncode == 0
        code, out, err = run_main(["store", "list", "--db", db])
        assert code == 0 and "not a cryptometer database" not in err and out.strip(), err
        code, _, err = run_main(["export", "--db", db])
        assert code == 0, err
        d = json.loads(json.dumps(doc))
        d["context"]["host"]["hostname"] = "other"
        other = write_text(tmp_path / "other.json", json.dumps(d))
        code, _, err = run_main(["store", "add", other, "--db", db])
        assert code == 3 and "read-only" in err and "not a cryptometer database" not in err, err
        one_line(err)
    finally:
        subprocess.run(["umount", "-l", mnt], capture_output=True)


def test_a_tampered_run_in_the_database_is_refused_and_the_others_read(doc, tmp_path):
    db = tmp_path / "db.sqlite"
    write_text(tmp_path / "a.json", json.dumps(doc))
    d = json.loads(json.dumps(doc))
    d["context"]["host"]["hostname"] = "other"
    write_text(tmp_path / "b.json", json.dumps(d))
    assert run_main(["store", "add", tmp_path / "a.json", tmp_path / "b.json", "--db", db])[0] == 0
    conn = sqlite3.connect(db)
    conn.execute("UPDATE measurements SET record = replace(record, '\"size\":16,', '\"size\":NaN,') "
                 "WHERE run_id = (SELECT id FROM runs WHERE hostname = 'other')")
    conn.execute("UPDATE measurements SET throughput_mb_s = 'x' WHERE run_id = "
                 "(SELECT id FROM runs WHERE hostname = 'other')")
    conn.commit()
    conn.close()
    for argv in (["export", "--db", db], ["collect", "--db", db, "-o", tmp_path / "R.md"]):
        code, out, err = run_main(argv)
        assert code == 3 and "(stored run)" in err and "Traceback" not in err, err
        one_line(err)


# ---- outputs that attack their reader -----------------------------------------------------------

def test_export_neutralises_formulas_but_keeps_negative_numbers(doc, tmp_path):
    d = json.loads(json.dumps(doc))
    r = d["results"][0]
    r["reason"] = '=HYPERLINK("http://evil.example/","x")'
    r["variant"] = "+cmd"
    r["algorithm"] = "@SUM(A1)"
    d["context"]["host"]["hostname"] = "-2+3"
    d["source"]["device"] = "\tdevice"
    r["source_figure"] = {"value": -3.5, "unit": "k/s", "tool": "t"}
    path = write_text(tmp_path / "f.json", json.dumps(d))
    code, _, err = run_main(["export", path, "-o", tmp_path / "x.csv"])
    assert code == 0, err
    import csv
    rows = list(csv.DictReader(open(tmp_path / "x.csv", encoding="utf-8", newline="")))
    first = rows[0]
    assert first["reason"] == "'=HYPERLINK(\"http://evil.example/\",\"x\")"
    assert first["variant"] == "'+cmd" and first["algorithm"] == "'@SUM(A1)"
    assert first["machine"].startswith("'\t")
    for row in rows:
        for value in row.values():
            assert not value[:1] in ("=", "+", "@", "\t", "\r"), row
            if value.startswith("-"):
                float(value)   # a cell that starts with '-' is a number, never text


def test_report_csp_allows_its_own_script_by_hash_and_no_inline(doc, tmp_path):
    import base64
    import hashlib
    import re
    d = json.loads(json.dumps(doc))
    d["results"][0]["reason"] = "<script>alert(1)</script>"
    path = write_text(tmp_path / "x.json", json.dumps(d))
    code, _, err = run_main(["report", path, "-o", tmp_path / "r.html"])
    assert code == 0, err
    html = (tmp_path / "r.html").read_text(encoding="utf-8")
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', html).group(1)
    assert "'unsafe-inline'" not in re.search(r"script-src[^;]*", csp).group(0)
    scripts = re.findall(r"<script>(.*?)</script>", html, re.S)
    assert len(scripts) == 1
    digest = base64.b64encode(hashlib.sha256(scripts[0].encode("utf-8")).digest()).decode()
    assert "'sha256-%s'" % digest in csp
    assert "<script>alert(1)" not in html


# ---- labels reach matplotlib as text, and the caps ----------------------------------------------

def test_mathtext_in_labels_is_plain_text(doc, tmp_path):
    d = json.loads(json.dumps(doc))
    for r in d["results"]:
        r["backend"] = "$\\undefinedcommand{$"
        r["algorithm"] = "$x^{$"
    path = write_text(tmp_path / "m.json", json.dumps(d))
    code, out, err = run_main(["plot", "bars,throughput", path, "-o", tmp_path / "p", "--format", "png"])
    assert code == 0 and "Traceback" not in err and "unexpected" not in err, err
    from cryptometer.plots import plain
    assert plain("$a$") == "\\$a\\$"


def test_plot_panels_are_capped_and_say_so(doc, tmp_path):
    from cryptometer import plots
    d = json.loads(json.dumps(doc))
    template = next(r for r in d["results"] if r["status"] == "ok" and r["unit"] == "byte")
    d["results"] = [dict(template, algorithm="alg%03d" % i, name="openssl:evp/alg%03d/encrypt" % i)
                    for i in range(plots.MAX_PANELS + 5)]
    path = write_text(tmp_path / "many.json", json.dumps(d))
    code, out, err = run_main(["plot", "bars", path, "-o", tmp_path / "p", "--format", "svg"])
    assert code == 0, err
    assert "cut to the caps: first %d of %d panels" % (plots.MAX_PANELS, plots.MAX_PANELS + 5) in flat(out)


def test_unexpected_error_is_one_line_exit_3_and_traceback_with_debug(doc, tmp_path, monkeypatch):
    from cryptometer import export_cmd
    path = write_text(tmp_path / "ok.json", json.dumps(doc))

    def broken(*_):
        raise KeyError("boom")

    monkeypatch.setattr(export_cmd, "row", broken)
    code, _, err = run_main(["export", path])
    assert code == 3 and err.count("\n") == 1 and "KeyError" in err and "--debug" in err, err
    code, _, err = run_main(["--debug", "export", path])
    assert code == 3 and "Traceback" in err, err
    # a bad pattern is a usage error, said once by the pattern check (patterns.py)
    code, _, err = run_main(["export", path, "--filter", "("])
    assert code == 2 and "--filter '('" in err and err.count("\n") == 1, err


def test_unexpected_error_while_loading_names_the_file(doc, tmp_path, monkeypatch):
    from cryptometer import loader
    path = write_text(tmp_path / "named.json", json.dumps(doc))

    def broken(*_):
        raise ValueError("odd")

    monkeypatch.setattr(loader, "upgrade", broken)
    code, _, err = run_main(["export", path])
    assert code == 3 and "named.json: unexpected ValueError: odd" in err and err.count("\n") == 1, err
