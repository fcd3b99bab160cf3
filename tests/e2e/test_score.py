"""The processor-normalised score (issue 7, docs/methodology.md): the reference workload
is timed before and after the measurements, computes its known answer, is described by
its fixed flags whatever the build's own flags, and every measured record carries
score = its median / the reference time (its fastest call), in the JSON and the CSV."""
import csv
import json
import subprocess

import jsonschema
import pytest

FIXED_FLAGS = "-std=c11 -O2 -fno-tree-vectorize -fno-stack-protector -fPIE"


@pytest.fixture(scope="module")
def scored(cm_bin, tmp_path_factory):
    d = tmp_path_factory.mktemp("score")
    p = subprocess.run([str(cm_bin), "run", "--filter", "ref:portable/sha256", "--sizes", "16,1k",
                        "--time", "0.05", "-q", "--json", str(d / "r.json"), "--csv",
                        str(d / "r.csv")], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    return json.loads((d / "r.json").read_text()), list(csv.DictReader(open(d / "r.csv")))


def test_reference_workload_is_described_and_timed(scored, schema):
    doc, _ = scored
    jsonschema.validate(doc, schema)
    ref = doc["context"]["reference_workload"]
    assert ref["ok"] is True and ref["version"] == "cm-refwork-1" and ref["rounds"] == 20000
    assert ref["flags"] == FIXED_FLAGS  # not the build's flags (Debug, Release, sanitizers alike)
    for side in ("start", "end"):
        t = ref[side]
        assert t["reps"] >= 21 and 0 < t["min_ns"] <= t["median_ns"] <= t["max_ns"]
    # the fastest call of both windows: interference only slows a call (methodology.md)
    assert ref["ns"] == min(ref["start"]["min_ns"], ref["end"]["min_ns"])
    assert ref["drift"] == pytest.approx(
        (ref["end"]["median_ns"] - ref["start"]["median_ns"]) / ref["start"]["median_ns"])


def test_every_measured_record_has_its_score(scored):
    doc, rows = scored
    ref = doc["context"]["reference_workload"]["ns"]
    ok = [r for r in doc["results"] if r["status"] == "ok"]
    assert len(ok) == 2
    for r in ok:
        assert r["score"] == pytest.approx(r["stats"]["median_ns"] / ref, rel=1e-6)
    by_size = {int(row["size"]): row for row in rows}
    for r in ok:
        assert float(by_size[r["size"]]["score"]) == pytest.approx(r["score"], rel=1e-4)
    # more work per call costs more reference units: the direction is "lower is faster"
    small, large = sorted(ok, key=lambda r: r["size"])
    assert large["score"] > small["score"]
