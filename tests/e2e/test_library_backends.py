"""The library backends found through pkg-config (gnutls, nettle, libgcrypt,
botan, libtomcrypt-ltm and libtomcrypt-gmp, cryptopp, libsodium, mbedtls,
wolfssl, and gmp and libtommath for the bignum class):
each one built here passes `verify` for every algorithm it has, names every
algorithm of the table it lacks with the reason (`list`), and is skipped with
its reason when the build left it out (then `list` names it with the package
that provides it). A library that disagrees with a vector is a finding about
that library, written down with its tcIds in
tests/data/findings/library_findings.json (and docs/backends.md): the test
accepts that implementation failing on one of those cases and nothing else."""
import json

import pytest

from conftest import ROOT, run

# The post-quantum algorithms no library of Debian 12 has (docs/post-quantum.md).
PQ_SIGNATURES = {**{a: "no ML-DSA" for a in ("ml-dsa-44", "ml-dsa-44-1k", "ml-dsa-65",
                                              "ml-dsa-65-1k", "ml-dsa-87", "ml-dsa-87-1k")},
                 "slh-dsa-sha2-128s": "no SLH-DSA", "slh-dsa-sha2-128f": "no SLH-DSA",
                 **{a: "no ML-KEM" for a in ("ml-kem-512", "ml-kem-768", "ml-kem-1024",
                                              "x25519mlkem768")}}

# backend -> what it lacks (algorithm -> a phrase of the reason) and the
# Debian package of its library.
LIBRARIES = {
    "gnutls": {"package": "libgnutls28-dev",
               "lacking": {**PQ_SIGNATURES, "aes-128-ctr": "no raw AES-CTR", "aes-256-ctr": "no raw AES-CTR",
                           "aes-128-ecb": "no AES-ECB mode", "aes-256-ecb": "no AES-ECB mode",
                           "blake2b-512": "no BLAKE2", "blake2s-256": "no BLAKE2",
                           "poly1305": "no Poly1305 MAC", "x25519": "derives a shared secret",
                           "ecdh-p256": "derives a shared secret",
                           **{f"rsa-{b}-oaep-sha256": "no RSA-OAEP" for b in (2048, 3072, 4096)}}},
    "nettle": {"package": "nettle-dev",
               "lacking": {**PQ_SIGNATURES, "ecdsa-p256-sha256": "no DER encoding", "blake2b-512": "BLAKE2",
                           "blake2s-256": "BLAKE2", "poly1305": "Poly1305-AES",
                           "ecdsa-p384-sha384": "no DER encoding",
                           **{f"rsa-{b}-oaep-sha256": "OAEP" for b in (2048, 3072, 4096)}}},
    "libgcrypt": {"package": "libgcrypt20-dev",
                  "lacking": {**PQ_SIGNATURES, "ecdsa-p256-sha256": "no DER encoding",
                              "ecdsa-p384-sha384": "no DER encoding",
                              **{f"rsa-{b}-oaep-sha256": "refuses an empty message"
                                 for b in (2048, 3072, 4096)}}},
    "botan": {"package": "libbotan-2-dev",
              "lacking": {**PQ_SIGNATURES, "chacha20": "not the initial block counter", "blake2s-256": "no BLAKE2s",
                          "aes-128-ecb": "no ECB cipher mode", "aes-256-ecb": "no ECB cipher mode"}},
    # one folder, two backends: the symmetric rows are libtomcrypt-ltm's only
    "libtomcrypt-ltm": {"package": "libtomcrypt-dev",
                        "lacking": {**PQ_SIGNATURES, "ed25519": "no Ed25519", "x25519": "no X25519"},
                        "measure": ["aes-128-cbc/encrypt", "ecdsa-p256-sha256/sign",
                                    "ecdh-p256/derive", "rsa-2048-oaep-sha256/decrypt"]},
    "libtomcrypt-gmp": {"package": "libtomcrypt-dev",
                        "lacking": {**PQ_SIGNATURES, "ed25519": "no Ed25519", "x25519": "no X25519"},
                        "classes": {"signature", "kex", "pke"},
                        "measure": ["ecdsa-p256-sha256/sign", "ecdh-p256/derive",
                                    "rsa-2048-oaep-sha256/decrypt"]},
    "cryptopp": {"package": "libcrypto++-dev", "lacking": {**PQ_SIGNATURES}},
    "libsodium": {"package": "libsodium-dev",
                  "lacking": {**PQ_SIGNATURES, "aes-128-cbc": "no AES-CBC", "aes-256-cbc": "no AES-CBC",
                              "aes-128-ctr": "no AES-CTR", "aes-256-ctr": "no AES-CTR",
                              "aes-128-gcm": "256-bit keys only", "aes-128-xts": "no AES-XTS",
                              "aes-256-xts": "no AES-XTS", "aes-128-ecb": "no AES-ECB",
                              "aes-256-ecb": "no AES-ECB", "sha1": "no SHA-1",
                              "sha3-256": "no SHA-3", "sha3-512": "no SHA-3",
                              "blake2s-256": "no BLAKE2s", "ecdsa-p256-sha256": "no ECDSA",
                              "ecdsa-p384-sha384": "no ECDSA", "ecdh-p256": "no NIST curve",
                              **{f"rsa-{b}-{p}-sha256": "no RSA"
                                 for b in (2048, 3072, 4096) for p in ("pss", "oaep")}},
                  "measure": ["chacha20-poly1305/seal", "ed25519/sign"]},
    # Debian 12's Mbed TLS 2.28
    "mbedtls": {"package": "libmbedtls-dev",
                "lacking": {**PQ_SIGNATURES, "ed25519": "no EdDSA", "blake2b-512": "no BLAKE2",
                            "blake2s-256": "no BLAKE2", "sha3-256": "2.28 has no SHA-3",
                            "sha3-512": "2.28 has no SHA-3"},
                "measure": ["aes-128-cbc/encrypt", "ecdsa-p256-sha256/sign",
                            "rsa-2048-pss-sha256/sign", "rsa-2048-oaep-sha256/decrypt"]},
    "wolfssl": {"package": "libwolfssl-dev", "lacking": {**PQ_SIGNATURES},
                "measure": ["aes-128-cbc/encrypt", "ed25519/sign", "rsa-2048-pss-sha256/sign",
                            "rsa-2048-oaep-sha256/decrypt"]},
    # bignum only (issue 7 item 4): GMP has no public Montgomery product and
    # no modular square root
    "gmp": {"package": "libgmp-dev", "classes": {"bignum"},
            "lacking": {"bn-2048-montmul": "no public Montgomery multiplication",
                        "bn-2048-modsqrt": "no modular square root"},
            "measure": ["bn-2048-modmul/modmul", "bn-2048-modexp/modexp"]},
    "libtommath": {"package": "libtommath-dev", "classes": {"bignum"}, "lacking": {},
                   "measure": ["bn-2048-montmul/montmul", "bn-2048-modsqrt/modsqrt"]},
}

# The documented findings (one file, which tests/unit/test_kat.c reads too):
# backend -> algorithm -> (vector file, tcIds the library gets wrong).
# A finding with "cross_check" also fails the cross-check, with that phrase
# in its detail (the same library defect).
FINDINGS = {}
CROSS_FINDINGS = {}
for _f in json.loads((ROOT / "tests/data/findings/library_findings.json").read_text())["findings"]:
    FINDINGS.setdefault(_f["backend"], {})[_f["algorithm"]] = (_f["file"], set(_f["tcIds"]))
    if "cross_check" in _f:
        CROSS_FINDINGS.setdefault(_f["backend"], {})[_f["algorithm"]] = _f["cross_check"]


@pytest.fixture(scope="module")
def listed(cm_bin):
    """`list --json` of this build: every row."""
    return json.loads(run(cm_bin, "list", "--json").stdout)["benchmarks"]


@pytest.fixture(scope="module")
def algorithms(listed):
    """Every algorithm some backend of this build has a row for."""
    return {b["algorithm"] for b in listed}


# Algorithms no library has (our own code only) and the random sources (the
# system's and the CPU's): no library backend needs a row for them.
NOT_LIBRARY_ROWS = {"norx32-4-1", "norx64-4-1", "random"}


@pytest.mark.parametrize("backend", sorted(LIBRARIES))
def test_backend_has_a_row_for_every_algorithm(cm, need_backend, listed, algorithms, backend):
    need_backend(backend)
    doc = json.loads(cm("list", "--json", "--backends", backend).stdout)
    rows = {}
    for b in doc["benchmarks"]:
        rows.setdefault(b["algorithm"], []).append(b)
    spec = LIBRARIES[backend]
    # every algorithm of its classes is a row, available or lacking with the
    # reason: nothing disappears from the comparison silently
    # bignum rows are those of the libraries issue 7 names for them (OpenSSL
    # BN, GMP, libtommath: docs/backends.md); the other backends have none
    classes = spec.get("classes") or {b["class"] for b in listed} - {"bignum"}
    expected = {b["algorithm"] for b in listed if b["class"] in classes} - NOT_LIBRARY_ROWS
    assert not expected - set(rows), f"{backend} has no row for {sorted(expected - set(rows))}"
    for alg in spec["lacking"]:
        if alg in algorithms:
            assert alg in rows, f"{backend} says nothing about {alg}"
            for b in rows[alg]:
                assert not b["available"]
                assert f"{backend} lacks it" in b["reason"] and spec["lacking"][alg] in b["reason"]
    for alg, bs in rows.items():
        if alg not in spec["lacking"]:
            assert all(b["available"] for b in bs), (alg, [b["reason"] for b in bs])


@pytest.mark.parametrize("backend", sorted(LIBRARIES))
def test_backend_passes_verify(cm, need_backend, listed, tmp_path, backend):
    need_backend(backend)
    # algorithms no other backend of this build has: no cross-check peer
    peerless = {b["algorithm"] for b in listed if b["backend"] == backend} - {
        b["algorithm"] for b in listed if b["backend"] != backend and b["available"]}
    out = tmp_path / "v.json"
    p = cm("verify", "--backends", backend, "--json", out)
    doc = json.loads(out.read_text())
    spec = LIBRARIES[backend]
    impls = doc["implementations"]
    assert impls, p.stdout
    unexpected = []
    for i in impls:
        alg = i["algorithm"]
        if alg in spec["lacking"]:
            assert i["status"] == "unavailable" and "lacks it" in i["reason"]
            continue
        assert i["kat"], i  # checked: not crashed, timed out or unavailable
        cross = i["kat"]["cross_check"]
        if alg == "random":  # no vectors and no peer by nature: its self-check passed
            assert i["status"] == "passed" and cross["status"] == "none", i
            continue
        documented_cross = CROSS_FINDINGS.get(backend, {}).get(alg)
        if alg in peerless:  # checked against itself only, and said so
            assert cross["status"] == "none" and cross["peer"] is None, i
            assert cross["detail"].startswith("not run: "), i
            assert i["kat"]["vectors"]["status"] == "passed", i
            continue
        assert cross["status"] == "passed" or (
            documented_cross and cross["status"] == "failed"
            and documented_cross in json.dumps(cross)), i
        if i["status"] == "passed":
            continue
        failure = i["kat"]["vectors"]["failure"] or ""
        file, known = FINDINGS.get(backend, {}).get(alg, ("", set()))
        if not any(f"{file} tcId {t} " in failure for t in known):
            unexpected.append((i["implementation"], i["status"], failure))
    assert not unexpected, unexpected
    # exit 1 exactly when a documented finding showed up
    assert p.returncode == (1 if any(i["status"] == "failed" for i in impls) else 0), p.stdout


@pytest.mark.parametrize("backend", sorted(LIBRARIES))
def test_backend_not_built_is_named_with_its_package(cm, missing_backends, backend):
    if backend not in missing_backends:
        pytest.skip(f"{backend} is built here")
    text = cm("list").stdout
    line = next(l for l in text.splitlines() if l.split() and l.split()[0] == backend)
    assert missing_backends[backend] in line and LIBRARIES[backend]["package"] in line


@pytest.mark.parametrize("backend", sorted(LIBRARIES))
def test_backend_is_measured(cm, need_backend, tmp_path, backend):
    need_backend(backend)
    out = tmp_path / "r.json"
    ops = LIBRARIES[backend].get("measure", ["aes-128-cbc/encrypt", "ed25519/sign"])
    p = cm("run", "--backends", backend, "--filter", "|".join(ops),
           "--sizes", "64", "--time", "0.02", "--json", out)
    # by operation: the variant is the backend's own ("default", "wolfcrypt")
    recs = {r["name"].split("/", 1)[1]: r for r in json.loads(out.read_text())["results"]
            if r["name"].startswith(f"{backend}:")}
    assert set(recs) == set(ops)
    failed_kat = False
    for op in ops:
        rec = recs[op]
        # a documented finding may fail the gate, which then refuses to time it
        # (a build that reports accepted invalid cases as findings times it)
        alg = op.split("/")[0]
        assert rec["status"] == "ok" or (alg in FINDINGS.get(backend, {})
                                         and rec["status"] == "failed-kat"), rec
        failed_kat |= rec["status"] == "failed-kat"
        if rec["status"] == "ok" and op.endswith("/encrypt"):
            assert rec["throughput_mb_s"] > 0
    assert p.returncode == (1 if failed_kat else 0), p.stderr
