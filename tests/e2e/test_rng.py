"""The rng class end to end: every random source of this build measured at
request sizes, records of the right shape (class rng, operation generate,
per byte), the self-check in place of vectors (never a "passed" KAT),
RDRAND/RDSEED retry counts, broken sources (the test build's `badrng`)
refused before timing, and an unreadable source listed unavailable with
the reason."""
import json
import os
import subprocess

import jsonschema
import pytest

SOURCES = ["system:getrandom", "system:urandom", "system:random", "openssl:rand_bytes"]


@pytest.fixture(scope="module")
def rng_run(cm_bin, tmp_path_factory):
    d = tmp_path_factory.mktemp("rng")
    p = subprocess.run([str(cm_bin), "run", "--algorithms", "random", "--backends",
                        "system:getrandom,system:urandom,system:random,openssl,ref",
                        "--sizes", "16,4096", "--time", "0.02", "--quiet", "--json",
                        str(d / "r.json")], capture_output=True, text=True, timeout=600)
    return p, json.loads((d / "r.json").read_text())


def test_records_of_each_source(rng_run, schema, need_backend):
    need_backend("openssl")
    p, doc = rng_run
    assert p.returncode == 0, p.stderr
    jsonschema.validate(doc, schema)
    recs = {(r["name"], r["size"]): r for r in doc["results"]}
    for src in SOURCES:
        for size in (16, 4096):
            r = recs[(f"{src}/random/generate", size)]
            assert r["class"] == "rng" and r["operation"] == "generate" and r["unit"] == "byte"
            assert r["status"] == "ok"
            # no vectors exist: the KAT never says passed, the self-check ran
            assert r["kat"]["status"] == "none"
            assert r["kat"]["vectors"]["status"] == "none"
            cc = r["kat"]["cross_check"]
            assert cc["status"] == "none" and cc["peer"] is None
            assert "no known answers" in cc["detail"] and "monobit" in cc["detail"]


def test_cpu_instructions_report_retries(rng_run):
    _, doc = rng_run
    recs = [r for r in doc["results"] if r["backend"] == "ref"]
    assert recs, "ref has no random-instruction rows on this architecture"
    for r in recs:
        if r["status"] == "unavailable":
            assert r["reason"].startswith("needs ")
            continue
        assert r["status"] == "ok"
        assert "retries: " in r["kat"]["cross_check"]["detail"]
        assert " instructions returned no value (" in r["kat"]["cross_check"]["detail"]


def test_broken_sources_fail_the_self_check(cm_test, tmp_path):
    out = tmp_path / "r.json"
    p = cm_test("run", "--backends", "badrng", "--sizes", "16,1024", "--time", "0.02", "--quiet",
                "--json", out)
    assert p.returncode == 1
    recs = {r["variant"]: r for r in json.loads(out.read_text())["results"]}
    assert set(recs) == {"zeros", "repeat", "biased"}
    want = {"zeros": "all zeros", "repeat": "two in a row are equal", "biased": "monobit"}
    for variant, text in want.items():
        r = recs[variant]
        assert r["status"] == "failed-kat", r
        assert r["kat"]["status"] == "failed"
        assert text in r["kat"]["cross_check"]["detail"]


def _unprivileged():
    """A command prefix that drops root (so /dev/hwrng, mode 0600, is not
    readable), or [] when not root."""
    return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] if os.geteuid() == 0 else []


def test_unreadable_source_is_unavailable_with_reason(cm_bin):
    if os.geteuid() != 0 and os.access("/dev/hwrng", os.R_OK):
        pytest.skip("this user can read /dev/hwrng: no unavailable source to show")
    p = subprocess.run(_unprivileged() + [str(cm_bin), "list", "--json", "--backends",
                                          "system:hwrng"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    (b,) = json.loads(p.stdout)["benchmarks"]
    assert b["name"] == "system:hwrng/random/generate" and not b["available"]
    assert b["reason"].startswith("/dev/hwrng: ")  # the errno text or "no hardware RNG driver"


def test_verify_passes_a_working_source_on_its_self_check_alone(cm_test, tmp_path):
    """verify: a random source has no vectors and no peer by nature, so its
    self-check is its check: a working source passes (exit 0), a broken one
    fails with what the self-check found (exit 1)."""
    p = cm_test("verify", "--backends", "system:getrandom,badrng", "--algorithms", "random",
                "--json", tmp_path / "v.json")
    assert p.returncode == 1, p.stdout + p.stderr
    lines = {line.split()[1]: line for line in p.stdout.splitlines()
             if line.startswith(("PASS", "FAIL"))}
    assert lines["system:getrandom/random"].startswith("PASS"), p.stdout
    assert "nothing was checked" not in lines["system:getrandom/random"]
    for variant in ("zeros", "repeat", "biased"):
        assert lines[f"badrng:{variant}/random"].startswith("FAIL"), p.stdout
    p = cm_test("verify", "--backends", "system:getrandom", "--algorithms", "random")
    assert p.returncode == 0, p.stdout + p.stderr


def test_libsodium_randombytes_is_a_source(cm, need_backend, tmp_path):
    """libsodium's randombytes_buf (#8 item 6) is measured like the other
    sources, its self-check in place of vectors."""
    need_backend("libsodium")
    out = tmp_path / "r.json"
    p = cm("run", "--backends", "libsodium", "--algorithms", "random", "--sizes", "32",
           "--time", "0.02", "--quiet", "--json", out)
    assert p.returncode == 0, p.stderr
    (r,) = json.loads(out.read_text())["results"]
    assert r["name"] == "libsodium:randombytes_buf/random/generate" and r["status"] == "ok", r
    assert "monobit" in r["kat"]["cross_check"]["detail"]
