"""The OpenSSL generations (docs/generations.md): each a backend of its own,
run by a helper executable built against it (cryptometer-openssl-<version>)
through the child protocol. A build without a generation lists it missing
with how to get it; with CRYPTOMETER_REQUIRE_GENERATIONS=1 (the README's
test command, which fetches them) a missing one fails instead of skipping."""
import json
import os
import shutil

import pytest

from conftest import run

GENERATIONS = ("openssl-1.1.1", "openssl-3.5")


@pytest.fixture(scope="module")
def generations(cm_bin):
    """The generation backends the build has; skips (or fails, when they
    are required) without them."""
    doc = json.loads(run(cm_bin, "list", "--json").stdout)
    missing = {m["backend"]: m["reason"] for m in doc["missing_backends"]}
    absent = [g for g in GENERATIONS if g in missing]
    if absent:
        why = "; ".join(f"{g}: {missing[g]}" for g in absent)
        if os.environ.get("CRYPTOMETER_REQUIRE_GENERATIONS") == "1":
            pytest.fail(f"generations required but not built: {why}")
        pytest.skip(f"this build has no {', '.join(absent)} ({why})")
    return doc


def test_a_build_without_a_generation_says_how_to_get_it(cm_bin):
    doc = json.loads(run(cm_bin, "list", "--json").stdout)
    names = {b["backend"] for b in doc["benchmarks"]}
    missing = {m["backend"]: m for m in doc["missing_backends"]}
    for g in GENERATIONS:
        assert g in names or g in missing, f"{g} neither built nor listed missing"
        if g in missing:
            assert "tools/fetch-openssl.sh" in missing[g]["package"]
            assert "CRYPTOMETER_OPENSSL_PREFIXES" in missing[g]["package"]


def test_list_shows_three_generations_available(generations):
    avail = {b["backend"] for b in generations["benchmarks"]
             if b["available"] and b["algorithm"] == "aes-128-gcm"}
    assert {"openssl", *GENERATIONS} <= avail


def test_each_generation_passes_its_vectors_and_cross_check(cm, generations):
    r = cm("verify", "--backends", ",".join(GENERATIONS), "--algorithms",
           "aes-128-gcm,sha256,hmac-sha256,ecdsa-p256-sha256,x25519", "--quiet")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "10 passed, 0 failed" in r.stdout


def test_run_names_each_generation_version_and_build(cm, generations, tmp_path):
    out = tmp_path / "gen.json"
    r = cm("run", "--filter", "^openssl[^:]*:evp/aes-128-gcm/seal$", "--sizes", "16",
           "--time", "0.05", "--json", out, "-q")
    assert r.returncode == 0, r.stderr
    doc = json.loads(out.read_text())
    recs = {rec["backend"]: rec for rec in doc["results"]}
    assert set(recs) == {"openssl", *GENERATIONS}
    assert all(rec["status"] == "ok" and rec["kat"]["status"] == "passed" for rec in recs.values())
    libs = {lib["backend"]: lib for lib in doc["context"]["libraries"]}
    assert libs["openssl-1.1.1"]["version"].startswith("OpenSSL 1.1.1")
    assert libs["openssl-3.5"]["version"].startswith("OpenSSL 3.5.")
    for g in GENERATIONS:
        build = libs[g]["details"]["build"]
        assert build["libcrypto"].startswith(("static ", "shared ")) and build["c_flags"] is not None
        assert libs[g]["details"]["helper"]["file"] == f"cryptometer-{g}"


def test_a_helper_that_is_gone_makes_its_generation_unavailable_with_the_reason(
        cm_bin, generations, tmp_path):
    lone = tmp_path / "cryptometer"
    shutil.copy(cm_bin, lone)  # no helper beside it, no ../libexec
    r = run(lone, "run", "--backends", "openssl-3.5", "--algorithms", "sha256", "--sizes", "16",
            "--time", "0.05", "--json", tmp_path / "r.json", "-q")
    doc = json.loads((tmp_path / "r.json").read_text())
    assert {rec["status"] for rec in doc["results"]} == {"unavailable"}
    assert "cryptometer-openssl-3.5 is neither beside this program" in doc["results"][0]["reason"]
    assert r.returncode == 0, r.stderr


def test_child_refuses_a_job_that_is_not_json(cm):
    r = cm("__child", "not json")
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "one JSON job" in r.stderr


def test_child_serves_a_run_job_through_the_child_protocol(cm):
    """The protocol a helper speaks, served in process by any build."""
    job = {"mode": "run", "backend": "ref", "variant": "portable", "algorithm": "sha256",
           "ops": ["digest"], "sizes": [64], "time_s": 0.02, "target_ci": 0.05, "cpu": 0}
    r = cm("__child", json.dumps(job))
    assert r.returncode == 0, r.stderr
    msgs = [json.loads(line) for line in r.stdout.splitlines()]
    types = [m["type"] for m in msgs]
    assert types[0] == "clock" and types[-1] == "clock"
    assert any(m["type"] == "kat" and m["ok"] for m in msgs)
    meas = [m for m in msgs if m["type"] == "measurement"]
    assert len(meas) == 1 and meas[0]["size"] == 64


def test_child_does_not_measure_a_clock_its_parent_has(cm):
    """clock_before_known: the parent has the previous group's clock after (suite.h)."""
    job = {"mode": "run", "backend": "ref", "variant": "portable", "algorithm": "sha256",
           "ops": ["digest"], "sizes": [64], "time_s": 0.02, "target_ci": 0.05, "cpu": 0,
           "clock_before_known": True}
    r = cm("__child", json.dumps(job))
    assert r.returncode == 0, r.stderr
    types = [json.loads(line)["type"] for line in r.stdout.splitlines()]
    assert types.count("clock") == 1 and types[-1] == "clock"


@pytest.mark.parametrize("job, says", [
    ({"mode": "dance"}, "no mode it knows"),
    ({"mode": "run", "backend": "ref", "variant": "portable", "algorithm": "nosuch"},
     "the helper has no ref:portable/nosuch"),
    ({"mode": "hello"}, "not an OpenSSL generation's helper"),
])
def test_child_answers_a_bad_job_with_one_error_message(cm, job, says):
    r = cm("__child", json.dumps(job))
    msgs = [json.loads(line) for line in r.stdout.splitlines()]
    assert len(msgs) == 1 and msgs[0]["type"] == "error" and says in msgs[0]["reason"]
    assert r.returncode == 3
