"""The bignum class end to end: `list` shows the six bn-2048 rows of OpenSSL
BN, GMP and libtommath (GMP's Montgomery product and modular square root as
lacking, with the reason); `run --filter bn-2048` measures each available
one per operation (ops/s, no size, the row's parameters) after its vectors
(vectors/bignum/bn2048.json) and the cross-check passed, and prints one
comparison block per operation with the libraries side by side; `verify`
counts the vector file; the test build's brokenbn backend (a Montgomery
result left in Montgomery form, a product plus one) is caught before it is
timed while the others run."""
import json
import re

import jsonschema
import pytest

from conftest import run

OPS = ("modmul", "montmul", "modsqr", "modexp", "modinv", "modsqrt")
LIBS = {"openssl": "bn", "gmp": "default", "libtommath": "default",
        "openssl-1.1.1": "bn", "openssl-3.5": "bn"}  # the generations, where built
GMP_LACKS = {"montmul": "no public Montgomery multiplication",
             "modsqrt": "no modular square root"}


@pytest.fixture(scope="module")
def built(missing_backends):
    """The bignum libraries of this build (openssl is needed for any)."""
    if "openssl" in missing_backends:
        pytest.skip(f"this build has no openssl backend ({missing_backends['openssl']})")
    return {b: v for b, v in LIBS.items() if b not in missing_backends}


@pytest.fixture(scope="module")
def bn_run(cm_bin, built, tmp_path_factory):
    d = tmp_path_factory.mktemp("bn")
    p = run(cm_bin, "run", "--wide", "--filter", "bn-2048", "--time", "0.05", "--json", d / "r.json",
            timeout=600)
    return p, json.loads((d / "r.json").read_text())


def test_list_shows_the_rows(cm, built):
    rows = {b["name"]: b for b in json.loads(cm("list", "--json").stdout)["benchmarks"]
            if b["class"] == "bignum"}
    for lib, variant in built.items():
        for op in OPS:
            b = rows[f"{lib}:{variant}/bn-2048-{op}/{op}"]
            if lib == "gmp" and op in GMP_LACKS:
                assert not b["available"] and "gmp lacks it" in b["reason"]
                assert GMP_LACKS[op] in b["reason"]
            else:
                assert b["available"], b
    text = cm("list").stdout
    assert re.search(r"^bignum:$", text, re.M)
    assert "openssl:bn/bn-2048-modexp/modexp" in text


def test_records_per_operation(bn_run, built, schema):
    p, doc = bn_run
    assert p.returncode == 0, p.stdout + p.stderr
    jsonschema.validate(doc, schema)
    recs = {r["name"]: r for r in doc["results"]}
    for lib, variant in built.items():
        for op in OPS:
            name = f"{lib}:{variant}/bn-2048-{op}/{op}"
            r = recs[name]
            assert r["class"] == "bignum" and r["operation"] == op
            if lib == "gmp" and op in GMP_LACKS:
                assert r["status"] == "unavailable" and GMP_LACKS[op] in r["reason"]
                continue
            assert r["status"] == "ok", (name, r["reason"])
            assert r["unit"] == "op" and r["size"] is None and r["throughput_mb_s"] is None
            assert r["ops_per_s"] == pytest.approx(1e9 / r["stats"]["median_ns"])
            assert r["params"] == {"bits": 2048, "modulus": "rfc3526-modp-2048",
                                   "message_bytes": 512}
            v = r["kat"]["vectors"]
            assert v["status"] == "passed" and v["passed"] == 4 and v["failed"] == 0
            assert "bignum/bn2048.json" in v["sources"]
            # a generation's helper has GMP as its bignum peer, where GMP is built
            # and has the operation
            peer_here = not lib.startswith("openssl-") or ("gmp" in built and op not in GMP_LACKS)
            if len(built) > 1 and peer_here:
                assert r["kat"]["cross_check"]["status"] == "passed", r["kat"]


def test_comparison_puts_libraries_side_by_side(bn_run, built):
    p, _ = bn_run
    lines = p.stdout.splitlines()
    for op in OPS:
        block = [l for l in lines if re.match(rf"\S+:\S+ +bn-2048-{op} +{op} ", l)]
        assert {l.split()[0] for l in block} == {f"{b}:{v}" for b, v in built.items()}, block
        measured = [l for l in block if "n/a" not in l]
        if len(measured) > 1:  # the fastest is marked
            assert sum("*" in l for l in measured) == 1, block


def test_verify_counts_the_vectors(cm, built):
    p = cm("verify", "--filter", "bn-2048", timeout=600)
    assert p.returncode == 0, p.stdout + p.stderr
    assert re.search(r"COVERAGE +bignum/bn2048\.json +24 cases: 24 run", p.stdout)
    for lib, variant in built.items():
        for op in OPS:
            if not (lib == "gmp" and op in GMP_LACKS):
                assert re.search(rf"PASS +{lib}:{variant}/bn-2048-{op} ", p.stdout), (lib, op)


def test_broken_bignum_backend_is_caught(cm_test, tmp_path, built):
    p = cm_test("run", "--backends", "brokenbn,openssl", "--filter", "bn-2048-(modmul|montmul)",
                "--time", "0.02", "--json", tmp_path / "r.json", timeout=600)
    assert p.returncode == 1, p.stdout + p.stderr
    recs = {r["name"]: r for r in json.loads((tmp_path / "r.json").read_text())["results"]}
    raw = recs["brokenbn:raw-montgomery/bn-2048-montmul/montmul"]
    off = recs["brokenbn:off-by-one/bn-2048-modmul/modmul"]
    for r in (raw, off):
        assert r["status"] == "failed-kat" and r.get("ops_per_s") is None
        assert r["kat"]["vectors"]["status"] == "failed"
        assert re.search(r"bignum/bn2048\.json id \d+", r["reason"]), r["reason"]
        assert "the result differs" in r["reason"]
    for name in ("openssl:bn/bn-2048-montmul/montmul", "openssl:bn/bn-2048-modmul/modmul"):
        assert recs[name]["status"] == "ok"
