"""The library backends found through pkg-config (gnutls, nettle, libgcrypt,
botan, libtomcrypt-ltm and libtomcrypt-gmp, cryptopp, libsodium, mbedtls,
wolfssl, and gmp and libtommath for the bignum class):
each one built here passes `verify` for every algorithm it has, names every
algorithm of the table it lacks with the reason (`list`), and is skipped with
its reason when the build left it out (then `list` names it with the package
that provides it). A library that disagrees with a vector is a finding about
that library, written down with its tcIds in
data/library_findings.json (and docs/backends.md): the test
accepts that implementation failing on one of those cases and nothing else."""
import fnmatch
import json

import pytest

from conftest import ROOT, run

# What each library backend lacks, with the reason, and the classes it
# answers for: the one table the registry makes the lacking rows from.
LACKS = json.loads((ROOT / "data/backend_lacks.json").read_text())


def in_scope(backend, alg, cls):
    """1 when the table makes backend answer for alg (of class cls): a row
    it implements or a lacking one."""
    entry = LACKS["backends"][backend]
    return alg not in LACKS["our_own"] and any(cls in LACKS["scopes"][s] for s in entry["scope"])


def lack_reasons(backend, alg):
    """The reasons the table gives for backend lacking alg, and whether one
    holds whatever the build ("build" and "if" entries hold only for some
    builds of the library: the row may then be implemented)."""
    entries = [e for e in LACKS["lacks"] if backend in e["backends"]
               and any(fnmatch.fnmatchcase(alg, p) for p in e["algorithms"])]
    return [e["why"] for e in entries], any("if" not in e and not e.get("build") for e in entries)


# backend -> the Debian package of its library, and what to measure.
LIBRARIES = {
    "gnutls": {"package": "libgnutls28-dev"},
    "nettle": {"package": "nettle-dev"},
    "libgcrypt": {"package": "libgcrypt20-dev"},
    "botan": {"package": "libbotan-2-dev"},
    # one folder, two backends: the symmetric rows are libtomcrypt-ltm's only
    "libtomcrypt-ltm": {"package": "libtomcrypt-dev",
                        "measure": ["aes-128-cbc/encrypt", "ecdsa-p256-sha256/sign",
                                    "ecdh-p256/derive", "rsa-2048-oaep-sha256/decrypt"]},
    "libtomcrypt-gmp": {"package": "libtomcrypt-dev",
                        "measure": ["ecdsa-p256-sha256/sign", "ecdh-p256/derive",
                                    "rsa-2048-oaep-sha256/decrypt"]},
    "cryptopp": {"package": "libcrypto++-dev"},
    "libsodium": {"package": "libsodium-dev",
                  "measure": ["chacha20-poly1305/seal", "ed25519/sign"]},
    # Debian 12's Mbed TLS 2.28
    "mbedtls": {"package": "libmbedtls-dev",
                "measure": ["aes-128-cbc/encrypt", "ecdsa-p256-sha256/sign",
                            "rsa-2048-pss-sha256/sign", "rsa-2048-oaep-sha256/decrypt"]},
    "wolfssl": {"package": "libwolfssl-dev",
                "measure": ["aes-128-cbc/encrypt", "ed25519/sign", "rsa-2048-pss-sha256/sign",
                            "rsa-2048-oaep-sha256/decrypt"]},
    # bignum only (issue 7 item 4): GMP has no public Montgomery product and
    # no modular square root
    "gmp": {"package": "libgmp-dev", "measure": ["bn-2048-modmul/modmul", "bn-2048-modexp/modexp"]},
    "libtommath": {"package": "libtommath-dev",
                   "measure": ["bn-2048-montmul/montmul", "bn-2048-modsqrt/modsqrt"]},
}


def test_every_library_backend_is_in_the_table():
    """Each backend here answers for its scope in data/backend_lacks.json, and
    every entry names backends and scopes of the table."""
    assert set(LIBRARIES) <= set(LACKS["backends"])
    for entry in LACKS["backends"].values():
        assert set(entry["scope"]) <= set(LACKS["scopes"])
    for e in LACKS["lacks"]:
        assert set(e["backends"]) <= set(LACKS["backends"]), e
        assert e["algorithms"] and e["why"], e


# The documented findings (one file, which tests/unit/test_kat.c reads too):
# backend -> algorithm -> (vector file, tcIds the library gets wrong).
# A finding with "cross_check" also fails the cross-check, with that phrase
# in its detail (the same library defect).
FINDINGS = {}
CROSS_FINDINGS = {}
for _f in json.loads((ROOT / "data/library_findings.json").read_text())["findings"]:
    FINDINGS.setdefault(_f["backend"], {})[_f["algorithm"]] = (_f["file"], set(_f["tcIds"]))
    if "cross_check" in _f:
        CROSS_FINDINGS.setdefault(_f["backend"], {})[_f["algorithm"]] = _f["cross_check"]


@pytest.fixture(scope="module")
def listed(cm_bin):
    """`list --json` of this build: every row."""
    return json.loads(run(cm_bin, "list", "--json").stdout)["benchmarks"]


@pytest.mark.parametrize("backend", sorted(LIBRARIES))
def test_backend_has_a_row_for_every_algorithm(cm, need_backend, listed, backend):
    need_backend(backend)
    doc = json.loads(cm("list", "--json", "--backends", backend).stdout)
    rows = {}
    for b in doc["benchmarks"]:
        rows.setdefault(b["algorithm"], []).append(b)
    # every algorithm of its scope (data/backend_lacks.json) is a row,
    # available or lacking with the reason: nothing disappears from the
    # comparison silently. Bignum rows are those of the libraries issue 7
    # names for them (OpenSSL BN, GMP, libtommath: docs/backends.md); the
    # other backends have none
    expected = {b["algorithm"] for b in listed if in_scope(backend, b["algorithm"], b["class"])}
    assert not expected - set(rows), f"{backend} has no row for {sorted(expected - set(rows))}"
    for alg in expected:
        reasons, always = lack_reasons(backend, alg)
        lacking = [f"{backend} lacks it: {why}" for why in reasons]
        if always:
            assert alg in rows, f"{backend} says nothing about {alg}"
        for b in rows[alg]:
            if always:
                assert not b["available"]
            if not b["available"]:
                # an algorithm the table says nothing of is implemented: a
                # library that lacks it needs its reason in the table
                assert f"{backend} lacks it" in b["reason"] and b["reason"] in lacking, b
    for alg, bs in rows.items():
        if alg not in expected:
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
    # what this build of the library lacks: the lacking rows of the table
    # (test_backend_has_a_row_for_every_algorithm checks them against it)
    lacking = {b["algorithm"] for b in listed
               if b["backend"] == backend and f"{backend} lacks it: " in (b["reason"] or "")}
    impls = doc["implementations"]
    assert impls, p.stdout
    unexpected = []
    for i in impls:
        alg = i["algorithm"]
        if alg in lacking:
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
    # exit 1 exactly when a failure is not a known finding (known ones: status known-finding)
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
        # a documented finding is known-finding (measured: its cases lie outside
        # the timed parameters) at a version in its range, failed-kat outside it
        alg = op.split("/")[0]
        assert rec["status"] == "ok" or (alg in FINDINGS.get(backend, {})
                                         and rec["status"] in ("known-finding", "failed-kat")), rec
        failed_kat |= rec["status"] == "failed-kat"
        if rec["status"] == "ok" and op.endswith("/encrypt"):
            assert rec["throughput_mb_s"] > 0
    assert p.returncode == (1 if failed_kat else 0), p.stderr
