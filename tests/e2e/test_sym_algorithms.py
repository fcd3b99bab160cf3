"""The symmetric algorithms beside the first ones (AES-XTS, AES-ECB, ChaCha20,
SHA3, BLAKE2, Poly1305) end to end through the OpenSSL backend: `verify` passes
each by name on its own vector file, and `run` measures XTS only on whole
data units, skipping smaller sizes with the rule as the reason."""
import json
import re

import pytest

NEW = {
    "aes-128-xts": "wycheproof/aes_xts_test.json",
    "aes-256-xts": "wycheproof/aes_xts_test.json",
    "aes-128-ecb": "nist/sp800-38a-ecb.json",
    "aes-256-ecb": "nist/sp800-38a-ecb.json",
    "chacha20": "ietf/rfc8439.json",
    "poly1305": "ietf/rfc8439.json",
    "sha3-256": "nist/fips202.json",
    "sha3-512": "nist/fips202.json",
    "blake2b-512": "blake2/blake2-kat-unkeyed.json",
    "blake2s-256": "blake2/blake2-kat-unkeyed.json",
}


@pytest.fixture(autouse=True)
def _openssl(need_backend):
    need_backend("openssl")


def test_verify_passes_each_new_algorithm_on_its_vectors(cm, tmp_path):
    out = tmp_path / "v.json"
    p = cm("verify", "--backends", "openssl", "--algorithms", ",".join(NEW), "--json", out)
    assert p.returncode == 0, p.stdout + p.stderr
    for alg in NEW:
        line = re.search(rf"^PASS +openssl:evp/{re.escape(alg)} +vectors (\d+) passed, 0 failed",
                         p.stdout, re.M)
        assert line and int(line.group(1)) > 0, (alg, p.stdout)
    doc = json.loads(out.read_text())
    by_name = {r["implementation"]: r for r in doc["implementations"]}
    for alg, source in NEW.items():
        kat = by_name[f"openssl:evp/{alg}"]["kat"]
        assert source in json.dumps(kat["vectors"]), (alg, kat)
    assert re.search(r"^COVERAGE +wycheproof/aes_xts_test.json 123 cases: 82 run", p.stdout, re.M)


def test_xts_runs_whole_units_and_skips_smaller_sizes(cm, tmp_path):
    out = tmp_path / "r.json"
    p = cm("run", "--algorithms", "aes-128-xts,chacha20", "--backends", "openssl",
           "--sizes", "8,16,100", "--time", "0.02", "--json", out)
    assert p.returncode == 0, p.stdout + p.stderr
    doc = json.loads(out.read_text())
    records = {(r["algorithm"], r["operation"], r["size"]): r for r in doc["results"]}
    for op in ("encrypt", "decrypt"):
        small = records[("aes-128-xts", op, 8)]
        assert small["status"] == "skipped"
        assert small["reason"] == ("aes-128-xts takes whole data units of at least 16 bytes "
                                   "(one per call)")
        for size in (16, 100):
            assert records[("aes-128-xts", op, size)]["status"] == "ok"
    assert all(records[("chacha20", "encrypt", s)]["status"] == "ok" for s in (8, 16, 100))
    assert records[("aes-128-xts", "encrypt", 16)]["params"] == {"key_bits": 256,
                                                                 "aes_key_bits": 128}
