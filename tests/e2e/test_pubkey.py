"""The public-key classes kex (keygen, derive) and pke (encrypt, decrypt),
and the new signature rows (RSA-PSS, ECDSA P-384), end to end through the
OpenSSL backend: one record per operation with no size and the row's
parameters, a KAT that ran the Wycheproof vectors (findings, invalid cases
a library accepted, listed by tcId and still measured), `verify` listing
the new vector files, and the test build's brokenpk backend (a signature
that does not verify, a wrong shared secret) failed while the others run."""
import json
import re

import jsonschema
import pytest

from conftest import run

ALGS = ("x25519", "ecdh-p256", "rsa-2048-oaep-sha256", "rsa-2048-pss-sha256",
        "ecdsa-p384-sha384")


@pytest.fixture(scope="module")
def pk_run(cm_bin, tmp_path_factory, missing_backends):
    if "openssl" in missing_backends:
        pytest.skip(f"this build has no openssl backend ({missing_backends['openssl']})")
    d = tmp_path_factory.mktemp("pk")
    # openssl's rows: other library backends built here have documented
    # findings that fail the gate (docs/backends.md)
    p = run(cm_bin, "run", "--wide", "--algorithms", ",".join(ALGS), "--backends", "openssl", "--time",
            "0.05", "--json", d / "r.json", timeout=600)
    return p, json.loads((d / "r.json").read_text())


def test_per_operation_records(pk_run, schema):
    p, doc = pk_run
    assert p.returncode == 0, p.stdout + p.stderr
    jsonschema.validate(doc, schema)
    recs = {r["name"]: r for r in doc["results"]}
    want = {"x25519": ("kex", ("keygen", "derive")), "ecdh-p256": ("kex", ("keygen", "derive")),
            "rsa-2048-oaep-sha256": ("pke", ("encrypt", "decrypt")),
            "rsa-2048-pss-sha256": ("signature", ("keygen", "sign", "verify")),
            "ecdsa-p384-sha384": ("signature", ("keygen", "sign", "verify"))}
    for alg, (cls, ops) in want.items():
        names = {n for n in recs if n.startswith(f"openssl:evp/{alg}/")}
        assert names == {f"openssl:evp/{alg}/{op}" for op in ops}
        for op in ops:
            r = recs[f"openssl:evp/{alg}/{op}"]
            assert r["class"] == cls and r["unit"] == "op" and r["size"] is None
            assert r["status"] == "ok", r["reason"]
            assert r["throughput_mb_s"] is None
            assert r["ops_per_s"] == pytest.approx(1e9 / r["stats"]["median_ns"])
            assert r["stats"]["n"] >= 5  # a spread, even for key generation
            assert r["kat"]["vectors"]["status"] == "passed"
            assert r["kat"]["vectors"]["failed"] == 0
    assert recs["openssl:evp/x25519/derive"]["params"] == {
        "curve": "curve25519", "encoding": "raw", "secret_bytes": 32}
    assert recs["openssl:evp/ecdh-p256/derive"]["params"] == {
        "curve": "P-256", "encoding": "uncompressed", "secret_bytes": 32}
    assert recs["openssl:evp/rsa-2048-oaep-sha256/decrypt"]["params"] == {
        "key_bits": 2048, "padding": "oaep", "hash": "sha256", "mgf_hash": "sha256",
        "label_bytes": 0, "public_exponent": 65537, "message_bytes": 32}
    assert recs["openssl:evp/rsa-2048-pss-sha256/sign"]["params"] == {
        "key_bits": 2048, "padding": "pss", "hash": "sha256", "mgf_hash": "sha256",
        "salt_bytes": 32, "public_exponent": 65537, "message_bytes": 32}
    assert recs["openssl:evp/ecdsa-p384-sha384/sign"]["params"]["curve"] == "P-384"
    # every case ran: x25519 518 Wycheproof + 2 RFC 7748, ecdh 612, OAEP-2048 37, PSS-2048 108
    vec = lambda a: recs[f"openssl:evp/{a}/{want[a][1][0]}"]["kat"]["vectors"]
    assert vec("x25519")["passed"] == 520
    assert "rfc/rfc7748-x25519.json" in vec("x25519")["sources"]
    assert vec("ecdh-p256")["passed"] + vec("ecdh-p256")["findings"] == 612
    assert vec("rsa-2048-oaep-sha256")["passed"] == 37
    assert vec("rsa-2048-pss-sha256")["passed"] == 108
    assert "wycheproof/ecdh_secp256r1_test.json" in vec("ecdh-p256")["sources"]


def test_findings_are_named_and_measured(pk_run):
    """An invalid case the library accepted is listed by file and tcId; the
    implementation is still measured and its KAT column carries a "!"."""
    p, doc = pk_run
    for r in doc["results"]:
        v = r["kat"]["vectors"]
        assert v["findings"] >= len(v["finding_cases"])
        for line in v["finding_cases"]:
            assert re.search(r"wycheproof/\S+\.json tcId \d+ \(invalid", line), line
            assert "accepted an invalid" in line
        if v["findings"]:
            assert r["status"] == "ok"
            row = next(l for l in p.stdout.splitlines()
                       if l.split()[:3] == [f"{r['backend']}:{r['variant']}", r["algorithm"],
                                            r["operation"]])
            assert row.split()[3].endswith("!")


def test_verify_lists_the_new_vectors(cm, need_backend):
    need_backend("openssl")
    p = cm("verify", "--algorithms", ",".join(ALGS), "--backends", "openssl", timeout=600)
    assert p.returncode == 0, p.stdout + p.stderr
    assert re.search(r"COVERAGE +rfc/rfc7748-x25519\.json +2 cases", p.stdout)
    for f in ("x25519_test.json", "ecdh_secp256r1_test.json",
              "rsa_oaep_2048_sha256_mgf1sha256_test.json", "rsa_pss_2048_sha256_mgf1_32_test.json",
              "ecdsa_secp384r1_sha384_test.json"):
        assert re.search(rf"COVERAGE +wycheproof/{re.escape(f)} +\d+ cases", p.stdout), f
    for a in ALGS:
        assert re.search(rf"PASS +openssl:evp/{re.escape(a)} ", p.stdout), a
    for line in p.stdout.splitlines():
        if "FINDING" in line:
            # about any library (docs/backends.md, "Library findings", lists them)
            assert re.search(r"FINDING about \S+:\S+/\S+: wycheproof/\S+ tcId \d+", line)


def test_broken_public_key_backend_is_caught(cm_test, tmp_path, need_backend):
    need_backend("openssl")
    p = cm_test("run", "--backends", "brokenpk,openssl", "--algorithms", "ed25519,x25519",
                "--time", "0.02", "--json", tmp_path / "r.json", timeout=600)
    assert p.returncode == 1, p.stdout + p.stderr
    recs = {r["name"]: r for r in json.loads((tmp_path / "r.json").read_text())["results"]}
    for op in ("keygen", "sign", "verify"):
        r = recs[f"brokenpk:unverifiable/ed25519/{op}"]
        assert r["status"] == "failed-kat"
        # its own verify is right: the vectors pass, the peer refuses its signatures
        assert r["kat"]["vectors"]["status"] == "passed"
        assert r["kat"]["cross_check"]["status"] == "failed"
        assert "signed by this implementation, verified by openssl:evp" in r["reason"]
        assert "CM_ERR_AUTH" in r["reason"]
    for op in ("keygen", "derive"):
        r = recs[f"brokenpk:wrong-secret/x25519/{op}"]
        assert r["status"] == "failed-kat"
        assert re.search(r"rfc/rfc7748-x25519\.json id \d+|wycheproof/x25519_test\.json tcId \d+ "
                         r"\(valid", r["reason"]), r["reason"]
        assert "the shared secret differs" in r["reason"]
    # the others ran
    for name in ("openssl:evp/ed25519/sign", "openssl:evp/x25519/derive"):
        assert recs[name]["status"] == "ok"
