"""Post-quantum algorithms end to end (docs/post-quantum.md): ML-KEM and the
hybrid X25519MLKEM768 (kem class), ML-DSA and SLH-DSA (signature class), in
the backend named by CRYPTOMETER_PQ_BACKEND (default "openssl-3.5", the
OpenSSL generation that has them) of the binary CRYPTOMETER_BIN. When that
backend is not in `list --json` at all the tests skip with the reason,
unless CRYPTOMETER_REQUIRE_GENERATIONS=1 (then they fail). While the
generation backends are being built: CRYPTOMETER_PQ_BACKEND=openssl with a
cryptometer built against OpenSSL 3.5 (/work/deps/README-dev.txt).

They check: the Wycheproof ML-KEM and ML-DSA vectors pass in `verify` and
through `verify --wycheproof`; a flipped signature does not verify and a
flipped ciphertext decapsulates to another secret (a copy of a vector file
with one valid case altered must fail); records carry the sizes on the
wire of FIPS 203/204/205; `run` gives figures for every ML-KEM and ML-DSA
operation."""
import copy
import json
import os

import pytest

from conftest import ROOT, flat, run

BACKEND = os.environ.get("CRYPTOMETER_PQ_BACKEND", "openssl-3.5")
WP = ROOT / "vectors" / "wycheproof"

# Sizes on the wire: FIPS 203 table 3 (ek, ciphertext), FIPS 204 table 2
# (public key, signature), FIPS 205 table 2; the hybrid's are the ML-KEM-768
# ones plus X25519's 32 bytes (draft-ietf-tls-ecdhe-mlkem).
KEM_SIZES = {"ml-kem-512": (800, 768, 32), "ml-kem-768": (1184, 1088, 32),
             "ml-kem-1024": (1568, 1568, 32), "x25519mlkem768": (1216, 1120, 64)}
SIG_SIZES = {"ml-dsa-44": (1312, 2420), "ml-dsa-65": (1952, 3309), "ml-dsa-87": (2592, 4627),
             "slh-dsa-sha2-128s": (32, 7856), "slh-dsa-sha2-128f": (32, 17088)}
SIG_SIZES.update({f"{a}-1k": SIG_SIZES[a] for a in ("ml-dsa-44", "ml-dsa-65", "ml-dsa-87")})
OPS = {**{a: {"keygen", "encapsulate", "decapsulate"} for a in KEM_SIZES},
       **{a: {"keygen", "sign", "verify"} for a in ("ml-dsa-44", "ml-dsa-65", "ml-dsa-87")},
       **{a: {"sign", "verify"} for a in ("ml-dsa-44-1k", "ml-dsa-65-1k", "ml-dsa-87-1k",
                                          "slh-dsa-sha2-128s", "slh-dsa-sha2-128f")}}
VECTORS = ["mlkem_512_test.json", "mlkem_768_test.json", "mlkem_768_encaps_test.json",
           "mlkem_1024_test.json", "mldsa_44_verify_test.json", "mldsa_65_verify_test.json",
           "mldsa_87_verify_test.json"]
WITH_VECTORS = ["ml-kem-512", "ml-kem-768", "ml-kem-1024", "ml-dsa-44", "ml-dsa-44-1k",
                "ml-dsa-65", "ml-dsa-65-1k", "ml-dsa-87", "ml-dsa-87-1k"]


@pytest.fixture(scope="module")
def pq_rows(cm_bin):
    """The backend's rows of the post-quantum algorithms (list --json)."""
    doc = json.loads(run(cm_bin, "list", "--json").stdout)
    listed = {b["backend"] for b in doc["benchmarks"]}
    missing = {m["backend"]: m["reason"] for m in doc["missing_backends"]}
    if BACKEND not in listed:
        why = missing.get(BACKEND, "not in `list --json` of this build")
        if os.environ.get("CRYPTOMETER_REQUIRE_GENERATIONS") == "1":
            pytest.fail(f"backend {BACKEND}: {why} (CRYPTOMETER_REQUIRE_GENERATIONS=1)")
        pytest.skip(f"backend {BACKEND}: {why}")
    return [b for b in doc["benchmarks"] if b["backend"] == BACKEND and b["algorithm"] in OPS]


def test_every_algorithm_and_operation_is_available(pq_rows):
    got = {}
    for b in pq_rows:
        assert b["available"], b
        got.setdefault(b["algorithm"], set()).add(b["operation"])
    assert got == OPS
    assert {b["class"] for b in pq_rows if b["algorithm"] in KEM_SIZES} == {"kem"}
    assert {b["class"] for b in pq_rows if b["algorithm"] in SIG_SIZES} == {"signature"}


def test_verify_passes_vectors_and_cross_checks(pq_rows, cm, tmp_path):
    out = tmp_path / "v.json"
    p = cm("verify", "--backends", BACKEND, "--algorithms", ",".join(WITH_VECTORS),
           "--json", out)
    doc = json.loads(out.read_text())
    impls = {i["algorithm"]: i for i in doc["implementations"]}
    assert set(impls) == set(WITH_VECTORS), p.stdout
    for alg, i in impls.items():
        vec = i["kat"]["vectors"]
        assert i["status"] == "passed" and vec["status"] == "passed", (alg, p.stdout)
        assert vec["passed"] >= 150 and vec["failed"] == 0 and vec["findings"] == 0, (alg, vec)
    kem = impls["ml-kem-768"]["kat"]
    assert kem["vectors"]["passed"] == 193 + 265  # decapsulation and encapsulation files
    assert "implicit rejection" in kem["cross_check"]["detail"]
    assert p.returncode == 0, p.stdout


@pytest.mark.parametrize("name", VECTORS)
def test_wycheproof_file_passes(pq_rows, cm, name):
    p = cm("verify", "--wycheproof", WP / name, "--backends", BACKEND)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "1 passed, 0 failed" in p.stdout


def _first_valid(doc, pred=lambda g, t: True):
    for g in doc["testGroups"]:
        for t in g["tests"]:
            if t["result"] == "valid" and pred(g, t):
                return g, t
    raise AssertionError("no valid case")


def _flip(hexstr, at=-1):
    b = bytearray(bytes.fromhex(hexstr))
    b[at] ^= 1
    return b.hex()


def _verify_altered(cm, tmp_path, name, doc):
    f = tmp_path / name
    f.write_text(json.dumps(doc))
    return cm("verify", "--wycheproof", f, "--backends", BACKEND)


def test_flipped_signature_is_refused(pq_rows, cm, tmp_path):
    doc = json.loads((WP / "mldsa_65_verify_test.json").read_text())
    bad = copy.deepcopy(doc)
    _, t = _first_valid(bad, lambda g, t: not t.get("ctx"))
    t["sig"] = _flip(t["sig"])  # still marked valid: refusing it must fail the check
    p = _verify_altered(cm, tmp_path, "mldsa_65_verify_test.json", bad)
    assert p.returncode == 1, p.stdout
    assert f"tcId {t['tcId']}" in flat(p.stdout) and "refused a valid signature" in flat(p.stdout)


def test_flipped_ciphertext_decapsulates_to_another_secret(pq_rows, cm, tmp_path):
    doc = json.loads((WP / "mlkem_768_test.json").read_text())
    bad = copy.deepcopy(doc)
    _, t = _first_valid(bad, lambda g, t: "ek" in t)
    t["c"] = _flip(t["c"], 5)  # implicit rejection: CM_OK and not the case's K
    p = _verify_altered(cm, tmp_path, "mlkem_768_test.json", bad)
    assert p.returncode == 1, p.stdout
    assert f"tcId {t['tcId']}" in flat(p.stdout) and "the shared secret" in flat(p.stdout)


def test_run_gives_figures_and_sizes(pq_rows, cm, tmp_path):
    out = tmp_path / "r.json"
    p = cm("run", "--backends", BACKEND, "--filter", "ml-kem|ml-dsa|x25519", "--time", "0.02",
           "--json", out, timeout=600)
    assert p.returncode == 0, p.stdout + p.stderr
    recs = [r for r in json.loads(out.read_text())["results"] if r["backend"] == BACKEND]
    got = {}
    for r in recs:
        if r["algorithm"] not in OPS:
            continue
        assert r["status"] == "ok" and r["unit"] == "op" and r["size"] is None, r["name"]
        assert r["ops_per_s"] > 0 and r["us_per_op"] > 0, r["name"]
        params = r["params"]
        if r["class"] == "kem":
            assert (params["public_key_bytes"], params["ciphertext_bytes"],
                    params["secret_bytes"]) == KEM_SIZES[r["algorithm"]]
        else:
            assert (params["public_key_bytes"], params["signature_bytes"]) == \
                SIG_SIZES[r["algorithm"]]
            assert params["message_bytes"] == (1024 if r["algorithm"].endswith("-1k") else 32)
        if r["algorithm"] in WITH_VECTORS:
            assert r["kat"]["vectors"]["status"] == "passed", r["name"]
        got.setdefault(r["algorithm"], set()).add(r["operation"])
    want = {a: ops for a, ops in OPS.items() if not a.startswith("slh-dsa")}
    assert got == want
