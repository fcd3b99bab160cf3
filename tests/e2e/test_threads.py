"""run --threads N|all (docs/methodology.md, "Threads"): besides each single
figure, a record of N pinned copies at once with each copy's figure and the
scaling efficiency; bad counts are usage errors. Shapes only: no timing
thresholds."""
import json
import os

import jsonschema
import pytest

ALLOWED = len(os.sched_getaffinity(0))


@pytest.mark.parametrize("count", ["0", "-1", "two", "2x", str(ALLOWED + 1), "65"])
def test_a_bad_thread_count_is_a_usage_error_in_one_line(cm, tmp_path, count):
    out = tmp_path / "r.json"
    r = cm("run", "--algorithms", "sha256", "--backends", "ref", "--threads", count,
           "--json", out)
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "--threads" in r.stderr
    assert not out.exists()


@pytest.mark.skipif(ALLOWED < 2, reason="one CPU allowed here: no second copy to pin")
def test_two_copies_give_a_record_each_with_per_thread_figures(cm, tmp_path, schema):
    out = tmp_path / "r.json"
    r = cm("run", "--filter", "^(ref:portable/sha256/digest|openssl:evp/ed25519/sign)$",
           "--sizes", "64,4k", "--time", "0.05", "--threads", "2", "--json", out)
    assert r.returncode == 0, r.stderr
    doc = json.loads(out.read_text())
    jsonschema.validate(doc, schema)
    assert doc["settings"]["threads"] == 2
    by = {}
    for rec in doc["results"]:
        by.setdefault((rec["algorithm"], rec["size"]), {})[rec["threads"]] = rec
    want = {("sha256", 64), ("sha256", 4096)}
    if not any(m["backend"] == "openssl" for m in doc["context"]["libraries"] if not m["available"]):
        want.add(("ed25519", None))  # per operation: no size
    assert set(by) == want
    for pair in by.values():
        assert set(pair) == {1, 2}
        one, two = pair[1], pair[2]
        assert one["status"] == two["status"] == "ok"
        assert "per_thread" not in one
        cpus = [p["cpu"] for p in two["per_thread"]]
        assert len(cpus) == 2 and len(set(cpus)) == 2
        assert all(p["ns_per_op"] > 0 for p in two["per_thread"])
        assert two["scaling_efficiency"] > 0
        # the efficiency is the figures' own ratio
        ratio = one["stats"]["median_ns"] / (2 * two["stats"]["median_ns"])
        assert two["scaling_efficiency"] == pytest.approx(ratio, rel=1e-6)
    assert " x2 " in r.stdout and "Scaling (xN" in r.stdout


@pytest.mark.skipif(ALLOWED < 2, reason="one CPU allowed here")
def test_all_takes_every_allowed_cpu(cm, tmp_path):
    out = tmp_path / "r.json"
    r = cm("run", "--filter", "^ref:portable/sha256/digest$", "--sizes", "64", "--time", "0.02",
           "--threads", "all", "--json", out, "-q")
    assert r.returncode == 0, r.stderr
    doc = json.loads(out.read_text())
    many = [rec for rec in doc["results"] if rec["threads"] > 1]
    assert len(many) == 1 and many[0]["threads"] == ALLOWED
    assert sorted(p["cpu"] for p in many[0]["per_thread"]) == sorted(os.sched_getaffinity(0))[:ALLOWED]


@pytest.mark.skipif(ALLOWED < 2, reason="one CPU allowed here")
def test_a_failing_implementation_fails_before_its_copies_run(cm_test, tmp_path):
    """The broken test backend fails its known answers: neither the single
    nor the copies' figure is measured, both records say why."""
    out = tmp_path / "r.json"
    r = cm_test("run", "--backends", "broken", "--sizes", "64", "--time", "0.02", "--threads", "2",
                "--json", out, "-q")
    assert r.returncode == 1
    doc = json.loads(out.read_text())
    assert doc["results"] and all(rec["status"] != "ok" for rec in doc["results"])
    assert {rec["threads"] for rec in doc["results"] if rec["status"] == "failed-kat"} == {1, 2}
