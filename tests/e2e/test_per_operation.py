"""Classes whose figures are per operation (signature: keygen, sign,
verify): one record per operation with no size, ops/s, µs and cycles per
operation, the algorithm's parameters, and a KAT that verified the
Wycheproof vectors; the table shows them in a block of their own."""
import json
import subprocess

import jsonschema
import pytest


@pytest.fixture(scope="module")
def sig_run(cm_bin, tmp_path_factory, missing_backends):
    if "openssl" in missing_backends:
        pytest.skip("this build has no openssl backend, the only one with signatures "
                    f"({missing_backends['openssl']})")
    d = tmp_path_factory.mktemp("sig")
    # openssl's rows only: other library backends built here may have
    # documented findings on these vectors (docs/backends.md)
    p = subprocess.run([str(cm_bin), "run", "--wide", "--algorithms", "ed25519,ecdsa-p256-sha256",
            "--backends", "openssl", "--time", "0.05", "--json", str(d / "r.json")],
                       capture_output=True, text=True, timeout=300)
    return p, json.loads((d / "r.json").read_text())


def test_signature_records(sig_run, schema):
    p, doc = sig_run
    assert p.returncode == 0, p.stderr
    jsonschema.validate(doc, schema)
    recs = {r["name"]: r for r in doc["results"]}
    for alg in ("ed25519", "ecdsa-p256-sha256"):
        for op in ("keygen", "sign", "verify"):
            r = recs[f"openssl:evp/{alg}/{op}"]
            assert r["status"] == "ok" and r["unit"] == "op" and r["size"] is None
            assert r["throughput_mb_s"] is None and r["cycles_per_byte"] is None
            assert r["us_per_op"] == pytest.approx(r["stats"]["median_ns"] / 1e3)
            assert r["ops_per_s"] == pytest.approx(1e9 / r["stats"]["median_ns"])
            assert r["kat"]["vectors"]["status"] == "passed"
            assert r["kat"]["vectors"]["passed"] > 100
    assert recs["openssl:evp/ecdsa-p256-sha256/sign"]["params"] == {
        "curve": "P-256", "hash": "sha256", "encoding": "der", "message_bytes": 32}
    assert recs["openssl:evp/ed25519/verify"]["params"]["curve"] == "ed25519"


def test_table_has_a_per_operation_block(sig_run, cm):
    p, doc = sig_run
    # cross-checked ("pass") when another backend has Ed25519, else vectors only
    listed = json.loads(cm("list", "--json", "--algorithms", "ed25519").stdout)["benchmarks"]
    peers = {b["backend"] for b in listed if b["available"]} - {"openssl"}
    assert "Per operation" in p.stdout and "ops/s" in p.stdout
    assert "Throughput in MB/s" not in p.stdout
    row = next(l for l in p.stdout.splitlines()
               if l.split()[:3] == ["openssl:evp", "ed25519", "verify"])
    # vectors only, unless another backend built here has Ed25519 to
    # cross-check against (gnutls, nettle...)
    listed = json.loads(cm("list", "--json", "--algorithms", "ed25519").stdout)["benchmarks"]
    peers = {b["backend"] for b in listed if b["available"] and b["backend"] != "openssl"}
    assert row.split()[3] == ("pass" if peers else "vec")
