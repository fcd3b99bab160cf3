"""The results database: round trip, duplicates ignored, a corrupt file adds nothing, CSV export."""

import csv
import io
import json
import sqlite3

from analysis_helpers import flat, widest


def test_round_trip_collect_from_db_equals_collect_from_files(cli, tmp_path, our_runs, sbc_docs):
    db = tmp_path / "r.db"
    r = cli("store", "add", sbc_docs, *our_runs, "--db", db)
    assert r.returncode == 0 and "22 run(s) added, 0 already present" in flat(r.stdout), r.stderr
    listing = cli("store", "list", "--db", db).stdout   # a line a run, its columns aligned, in 100 columns
    assert len(listing.splitlines()) == 22 and widest(listing) <= 100
    assert len({line.index(" records") for line in listing.splitlines()}) == 1
    assert cli("collect", sbc_docs, *our_runs, "-o", tmp_path / "files.md").returncode == 0
    assert cli("collect", "--db", db, "-o", tmp_path / "db.md").returncode == 0
    assert (tmp_path / "files.md").read_text() == (tmp_path / "db.md").read_text()


def test_duplicates_are_ignored(cli, tmp_path, our_runs):
    db = tmp_path / "r.db"
    cli("store", "add", our_runs[0], "--db", db)
    r = cli("store", "add", *our_runs, "--db", db)
    assert "1 run(s) added, 1 already present" in flat(r.stdout)
    conn = sqlite3.connect(str(db))
    assert conn.execute("SELECT count(*) FROM runs").fetchone()[0] == 2
    n_records = sum(len(json.loads(p.read_text())["results"]) for p in our_runs)
    assert conn.execute("SELECT count(*) FROM measurements").fetchone()[0] == n_records


def test_corrupt_file_adds_nothing_and_names_the_field(cli, tmp_path, our_runs):
    doc = json.loads(our_runs[0].read_text())
    doc["results"][-1]["size"] = "big"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    db = tmp_path / "r.db"
    r = cli("store", "add", bad, our_runs[1], "--db", db)
    assert r.returncode == 3
    assert "%s: results/%d/size" % (bad, len(doc["results"]) - 1) in r.stderr
    conn = sqlite3.connect(str(db))
    assert conn.execute("SELECT count(*) FROM runs").fetchone()[0] == 1


def test_measurements_are_queryable_with_samples(cli, tmp_path, our_runs):
    db = tmp_path / "r.db"
    cli("store", "add", our_runs[0], "--db", db)
    conn = sqlite3.connect(str(db))
    name, size, n, samples = conn.execute(
        "SELECT name, size, n, (SELECT count(*) FROM json_each(m.samples_ns)) FROM measurements m "
        "WHERE status = 'ok' AND algorithm = 'sha256' ORDER BY size LIMIT 1").fetchone()
    assert name.endswith("/sha256/digest") and size == 16 and samples == n


def test_export_csv_from_db_and_files_agree(cli, tmp_path, our_runs):
    db = tmp_path / "r.db"
    cli("store", "add", our_runs[0], "--db", db)
    from_db = cli("export", "--db", db, "--filter", "/sha256/", "--status", "ok").stdout
    from_file = cli("export", our_runs[0], "--filter", "/sha256/", "--status", "ok").stdout
    assert from_db == from_file
    rows = list(csv.DictReader(io.StringIO(from_db)))
    assert rows and all(r["algorithm"] == "sha256" and r["status"] == "ok" for r in rows)


def test_outputs_never_overwrite_an_input(cli, our_runs):
    r = cli("export", our_runs[0], "-o", our_runs[0])
    assert r.returncode == 2 and "one of the input files" in r.stderr
