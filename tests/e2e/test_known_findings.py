"""Known library findings (data/library_findings.json, docs/findings.md): an
implementation whose every failure is a listed finding gets status
known-finding, is measured when the finding's cases lie outside the timed
parameters, carries the finding, and does not fail the run unless --strict;
a failure that is not in the table (the test build's planted ones) still
exits 1, and verify reports both kinds."""
import json
from pathlib import Path

import jsonschema

from cryptometer import cells, figures, loader

ROOT = Path(__file__).resolve().parents[2]
TABLE = json.loads((ROOT / "data" / "library_findings.json").read_text())


def records(path):
    return {(r["name"], r["size"]): r for r in json.loads(path.read_text())["results"]}


def test_the_table_says_what_the_issue_asks_of_each_finding():
    seen = {}
    for f in TABLE["findings"]:
        assert f["backend"] and f["algorithm"] and f["what"] and f["source"], f
        assert f["versions"]["from"][0].isdigit(), f
        assert f["versions"]["fixed_in"] is None or f["versions"]["fixed_in"][0].isdigit(), f
        assert f["file"].startswith("wycheproof/") and (ROOT / "vectors" / f["file"]).is_file(), f
        assert f["tcIds"] and all(isinstance(t, int) for t in f["tcIds"]), f
        assert isinstance(f["security"], bool), f
        assert f["timed"] in ("inside", "outside") and f["timed_why"], f
        key = (f["backend"], f["algorithm"])
        assert key not in seen, key  # one finding per implementation
        seen[key] = f["id"]


def test_cryptopp_gcm_is_measured_and_carries_its_finding(cm, need_backend, tmp_path, schema):
    need_backend("cryptopp")
    out = tmp_path / "r.json"
    p = cm("run", "--backends", "cryptopp", "--algorithms", "aes-128-gcm", "--sizes", "1024",
           "--time", "0.02", "--json", out, "--wide")
    assert p.returncode == 0, p.stderr
    doc = json.loads(out.read_text())
    jsonschema.validate(doc, schema)
    seal = records(out)[("cryptopp:default/aes-128-gcm/seal", 1024)]
    assert seal["status"] == "known-finding", seal["reason"]
    assert seal["finding"]["id"] == "cryptopp-gcm-inc32" and seal["finding"]["security"] is False
    assert "inc32" in seal["finding"]["what"]
    assert seal["throughput_mb_s"] > 0 and seal["stats"]["n"] > 0  # measured
    assert seal["kat"]["known_finding"]["timed"] == "outside"
    assert "tcId 79" in seal["kat"]["vectors"]["failure"]
    # the table (--wide: one row per implementation and operation) marks it and says why below
    row = next(l for l in p.stdout.splitlines() if l.startswith("cryptopp:default") and " seal " in l)
    assert row.split()[3] == "known" and "KNOWN" not in row
    assert "Known library findings" in p.stdout and "cryptopp-gcm-inc32, measured" in p.stdout
    assert "known: failed only the cases of a known library finding" in p.stdout
    assert p.stdout.count("cryptopp-gcm-inc32, measured") == 1  # once per implementation
    # show reads the status back and prints what run printed
    shown = cm("show", out, "--wide")
    assert shown.returncode == 0 and shown.stdout == p.stdout, shown.stderr
    # the default (narrow) table shows its figure beside the mark, not a status word
    narrow = cm("show", out)
    row = next(l for l in narrow.stdout.splitlines() if l.startswith("cryptopp:default"))
    assert row.split()[1] == "known" and "KNOWN" not in row and row.split()[2].lstrip("~")[0].isdigit(), row
    # the Python readers take the status and its figure
    run = loader.load_file(out)  # validates against the schema, as every Python command does
    assert seal["name"] in {r["name"] for r in figures.ok_records(run)}
    cell = cells.from_record(seal)
    assert cell.ok and cell.value > 0 and cell.status == "known-finding"


def test_strict_fails_the_run_on_a_known_finding(cm, need_backend, tmp_path):
    need_backend("cryptopp")
    p = cm("run", "--backends", "cryptopp", "--algorithms", "aes-128-gcm", "--sizes", "64",
           "--time", "0.02", "--json", tmp_path / "r.json", "--strict")
    assert p.returncode == 1, p.stderr
    assert "--strict fails the run" in p.stderr
    assert records(tmp_path / "r.json")[("cryptopp:default/aes-128-gcm/seal", 64)]["status"] == "known-finding"


def test_a_planted_failure_still_exits_1_beside_a_known_finding(cm_test, need_backend, tmp_path):
    need_backend("cryptopp")
    out = tmp_path / "r.json"
    p = cm_test("run", "--backends", "broken,cryptopp", "--algorithms", "sha256,aes-128-gcm",
                "--sizes", "64", "--time", "0.02", "--json", out)
    assert p.returncode == 1, p.stderr
    recs = records(out)
    assert recs[("broken:flipped-bit/sha256/digest", 64)]["status"] == "failed-kat"
    assert "finding" not in recs[("broken:flipped-bit/sha256/digest", 64)]
    assert recs[("cryptopp:default/aes-128-gcm/seal", 64)]["status"] == "known-finding"


def test_a_planted_failure_alone_exits_1(cm_test, tmp_path):
    p = cm_test("run", "--backends", "broken", "--algorithms", "sha256", "--sizes", "64",
                "--time", "0.02", "--json", tmp_path / "r.json")
    assert p.returncode == 1, p.stderr
    assert records(tmp_path / "r.json")[("broken:flipped-bit/sha256/digest", 64)]["status"] == "failed-kat"


def test_verify_reports_both_kinds(cm_test, need_backend, tmp_path):
    need_backend("cryptopp")
    out = tmp_path / "v.json"
    p = cm_test("verify", "--backends", "broken,cryptopp", "--algorithms", "sha256,aes-128-gcm",
                "--json", out)
    assert p.returncode == 1, p.stderr
    lines = p.stdout.splitlines()
    assert any(l.startswith("KNOWN ") and "cryptopp:default/aes-128-gcm" in l for l in lines)
    assert any("KNOWN FINDING cryptopp-gcm-inc32" in l for l in lines)
    assert any(l.startswith("FAIL ") and "broken:flipped-bit/sha256" in l for l in lines)
    summary = json.loads(out.read_text())["summary"]
    assert summary["known-finding"] == 1 and summary["failed"] >= 1
    assert "1 known findings" in lines[-1]
    alone = cm_test("verify", "--backends", "cryptopp", "--algorithms", "aes-128-gcm")
    assert alone.returncode == 0, alone.stdout
    strict = cm_test("verify", "--backends", "cryptopp", "--algorithms", "aes-128-gcm", "--strict")
    assert strict.returncode == 1, strict.stdout
