"""Language runtimes as backends (docs/runtimes.md): each runtime's server,
built with its own tools, answers the runtime child protocol; the child
runs the project's vectors and the cross-check against openssl:evp through
it before anything is timed, and times its loops inside the runtime. A
runtime whose toolchain is missing is listed as not built with the
package; one whose server is absent is unavailable with the reason."""
import json
import shutil

import jsonschema
import pytest

from conftest import ROOT, flat, run

# each runtime, and its AES-128-GCM implementation (the gate's subject)
RUNTIMES = {"go": "go:stdlib", "python": "python:cryptography", "node": "node:crypto",
            "java": "java:jca", "rust": "rust:ring"}
# every AES-128-GCM implementation the gate test corrupts a vector for: each runtime's,
# and the other variants of a runtime whose variants are separate crates (Rust)
GATED = list(RUNTIMES.items()) + [("rust", "rust:aws-lc-rs"), ("rust", "rust:rustcrypto")]
# defects of a runtime's library that its vectors find (docs/runtimes.md): the row may
# fail, but only with this first failure; it passes where the library is fixed
# JDK 17's SunEC refuses valid ECDSA signatures whose r came from a k*G with x >= n
# (Wycheproof tcId 350 and 479; JDK 25 accepts them): a known finding of
# data/library_findings.json, whose failure text the record must carry
KNOWN_DEFECTS = {
    "java:jca/ecdsa-p256-sha256": '"k*G has a large x-coordinate"): verify refused a valid signature',
}

# rows a runtime lists but cannot serve, and the reason each must give: ring's key
# agreement keys are ephemeral (no private key can be set for a vector); Bouncy
# Castle's CTR update holds back a partial block (no stream from any byte)
UNAVAILABLE = {"rust:ring/x25519": "ephemeral only", "rust:ring/ecdh-p256": "ephemeral only",
               "java:bouncycastle/aes-128-ctr": "holds back a partial block",
               "java:bouncycastle/aes-256-ctr": "holds back a partial block"}

# the rows of the cipher, pke and kem classes each runtime has (runtimes/<name>/rows.json),
# of those the short run measures
NEW_CLASS_ROWS = {"go": {"aes-128-ctr", "rsa-2048-oaep-sha256", "ml-kem-768"},
                  "python": {"aes-128-ctr", "rsa-2048-oaep-sha256"},
                  "node": {"aes-128-ctr", "rsa-2048-oaep-sha256"},
                  "java": {"aes-128-ctr", "rsa-2048-oaep-sha256"},
                  "rust": {"aes-128-ctr", "rsa-2048-oaep-sha256"}}
# the runtime's implementation the new classes' gate corrupts a vector for, where it is not
# its AES-GCM one (RUNTIMES): ring has no CBC or RSA-OAEP, aws-lc-rs has
NEW_CLASS_IMPL = {"rust": "rust:aws-lc-rs"}


@pytest.fixture(scope="module")
def listing(cm_bin):
    return json.loads(run(cm_bin, "list", "--json").stdout)


@pytest.fixture(scope="module")
def peer(listing):
    """The cross-check peer of a runtime's row of an algorithm: openssl:evp, where
    it has the algorithm (OpenSSL 3.0 has no ML-KEM), else None (any peer)."""
    evp = {b["algorithm"] for b in listing["benchmarks"]
           if b["name"].startswith("openssl:evp/") and b["available"]}
    return lambda algorithm: "openssl:evp" if algorithm in evp else None


@pytest.fixture
def need_runtime(listing):
    missing = {m["backend"]: m for m in listing["missing_backends"]}

    def need(name):
        if name in missing:
            pytest.skip(f"this build has no {name} runtime ({missing[name]['reason']})")
    return need


@pytest.mark.parametrize("name", RUNTIMES)
def test_list_names_every_runtime_built_or_not(listing, name):
    built = {b["backend"] for b in listing["benchmarks"]}
    missing = {m["backend"]: m for m in listing["missing_backends"]}
    assert name in built or name in missing
    if name in missing:
        assert missing[name]["reason"] and missing[name]["package"]


def corrupted(tmp_path, name, field, in_group=lambda group: True):
    """Wycheproof's file name with the hex field of its first valid case
    (of a group in_group accepts) that has it non-empty changed in its first
    digit; returns the path and that case's tcId."""
    doc = json.loads((ROOT / "vectors/wycheproof" / name).read_text())
    for group in filter(in_group, doc["testGroups"]):
        for case in group["tests"]:
            if case["result"] == "valid" and case[field]:
                case[field] = ("1" if case[field][0] == "0" else "0") + case[field][1:]
                path = tmp_path / name.replace(".json", "_corrupted.json")
                path.write_text(json.dumps(doc))
                return path, case["tcId"]
    raise AssertionError(f"no valid case with a {field} in {name}")


def corrupted_gcm(tmp_path):
    """Wycheproof's AES-GCM file with the ciphertext of one valid
    AES-128 case changed; returns the path and that case's tcId."""
    return corrupted(tmp_path, "aes_gcm_test.json", "ct",
                     lambda g: (g["keySize"], g["ivSize"], g["tagSize"]) == (128, 96, 128))


@pytest.mark.parametrize("name,impl", GATED)
def test_a_corrupted_vector_fails_the_runtime(cm_bin, tmp_path, need_runtime, name, impl):
    need_runtime(name)
    path, tc = corrupted_gcm(tmp_path)
    out = tmp_path / "v.json"
    r = run(cm_bin, "verify", "--wycheproof", path, "--filter", f"^{impl}/aes-128-gcm",
            "--json", out)
    assert r.returncode == 1, r.stdout + r.stderr
    (impl,) = json.loads(out.read_text())["implementations"]
    assert impl["status"] == "failed"
    assert f"tcId {tc} " in impl["kat"]["vectors"]["failure"]
    assert "ciphertext differs" in impl["kat"]["vectors"]["failure"]


# the gate on the cipher, pke and kem classes: each runtime's row of each, the
# Wycheproof file, the field of a valid case corrupted and what the failure says
CLASS_GATE = {"aes-128-cbc": ("aes_cbc_pkcs5_test.json", "ct", "ciphertext (PKCS#7-padded) differs"),
              "rsa-2048-oaep-sha256": ("rsa_oaep_2048_sha256_mgf1sha256_test.json", "msg",
                                       "the message differs"),
              "ml-kem-768": ("mlkem_768_test.json", "K", "the shared secret differs")}
# (every runtime with AES-CTR has AES-CBC too)
CLASS_GATED = [(n, NEW_CLASS_IMPL.get(n, i), a) for n, i in RUNTIMES.items() for a in CLASS_GATE
               if a.replace("-cbc", "-ctr") in NEW_CLASS_ROWS[n]]


@pytest.mark.parametrize("name,impl,alg", CLASS_GATED)
def test_a_corrupted_vector_of_a_new_class_fails_the_runtime(cm_bin, tmp_path, need_runtime, name,
                                                             impl, alg):
    need_runtime(name)
    file, field, says = CLASS_GATE[alg]
    path, tc = corrupted(tmp_path, file, field,
                         lambda g: alg != "aes-128-cbc" or g["keySize"] == 128)
    out = tmp_path / "v.json"
    r = run(cm_bin, "verify", "--wycheproof", path, "--filter", f"^{impl}/{alg}$", "--json", out)
    assert r.returncode == 1, r.stdout + r.stderr
    (row,) = json.loads(out.read_text())["implementations"]
    assert row["status"] == "failed", row
    assert f"tcId {tc} " in row["kat"]["vectors"]["failure"]
    assert says in row["kat"]["vectors"]["failure"], row["kat"]["vectors"]["failure"]


@pytest.mark.parametrize("name", RUNTIMES)
def test_runtime_passes_vectors_and_openssl_cross_check(cm_bin, tmp_path, need_runtime, peer,
                                                        name):
    need_runtime(name)
    out = tmp_path / "v.json"
    r = run(cm_bin, "verify", "--filter", f"^{name}:", "--json", out)
    impls = json.loads(out.read_text())["implementations"]
    assert impls
    known = [i for i in impls if i["status"] == "known-finding" and i["implementation"] in KNOWN_DEFECTS]
    assert r.returncode == 0, r.stdout + r.stderr
    for i in known:
        assert KNOWN_DEFECTS[i["implementation"]] in i["kat"]["vectors"]["failure"], i
    for i in impls:
        if i["implementation"] in UNAVAILABLE:
            assert i["status"] == "unavailable" and UNAVAILABLE[i["implementation"]] in i["reason"], i
            continue
        assert i["status"] == "passed" or i in known, i
        assert i["kat"]["vectors"]["passed"] > 0
        expected = peer(i["implementation"].split("/")[-1])
        assert i["kat"]["cross_check"]["peer"] == (expected or i["kat"]["cross_check"]["peer"]), i


@pytest.mark.parametrize("name", RUNTIMES)
def test_short_run_of_a_runtime(cm_bin, tmp_path, schema, need_runtime, peer, name):
    need_runtime(name)
    out = tmp_path / "r.json"
    r = run(cm_bin, "run", "--filter", f"^{name}:.*/(aes-128-gcm/seal|sha256/digest|x25519/derive|"
            "aes-128-ctr/encrypt|rsa-2048-oaep-sha256/decrypt|ml-kem-768/encapsulate)$",
            "--sizes", "16,1k", "--time", "0.05", "--json", out)
    assert r.returncode == 0, r.stdout + r.stderr
    doc = json.loads(out.read_text())
    jsonschema.validate(doc, schema)
    recs = doc["results"]
    assert {x["algorithm"] for x in recs} == {"aes-128-gcm", "sha256", "x25519"} | NEW_CLASS_ROWS[name]
    for x in recs:
        if f"{x['backend']}:{x['variant']}/{x['algorithm']}" in UNAVAILABLE:
            assert x["status"] == "unavailable", x
            continue
        assert x["status"] == "ok" and x["kat"]["status"] == "passed", x
        expected = peer(x["algorithm"])
        assert x["kat"]["cross_check"]["peer"] == (expected or x["kat"]["cross_check"]["peer"])
        assert x["samples_ns"] and x["cpu_time_ns_per_op"]["total"] > 0
        assert ("gc" in x) == ("gc-pauses" in x["flags"])
        if name in ("node", "java"):  # a JIT: its warm-up until steady is on the record
            assert x["runtime_warmup"]["seconds"] > 0
            # at 1 KiB, the check of the warm-up at 16 B, where that one ended steady
            first = [y for y in recs if y["name"] == x["name"] and y["size"] == 16]
            reused = x["size"] == 1024 and first[0]["runtime_warmup"]["steady"]
            assert x["runtime_warmup"].get("reused_from_size") == (16 if reused else None), x
    (lib,) = [lib for lib in doc["context"]["libraries"] if lib["backend"] == name]
    assert lib["version"] and lib["details"]["runtime"] == name


@pytest.mark.parametrize("name", RUNTIMES)
def test_runtime_without_its_server_is_unavailable(cm_bin, tmp_path, need_runtime, name):
    need_runtime(name)
    shutil.copy(cm_bin, tmp_path / "cryptometer")
    r = run(tmp_path / "cryptometer", "list", "--backends", name)
    assert r.returncode == 0
    lines = [ln for ln in r.stdout.splitlines() if ln.strip().startswith(f"{name}:")]
    assert lines and all("unavailable" in ln for ln in lines)
    assert f"its server cryptometer-{name} is neither beside this program" in flat(r.stdout)
