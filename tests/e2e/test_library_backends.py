"""The library backends: each one built passes `verify` (vectors and
cross-check) apart from exactly the documented findings of
data/library_findings.json, and accounts for the whole algorithm table:
every algorithm is one of its rows or one of its missing algorithms, with
the reason. A backend this build left out is skipped with its reason, so a
build with only openssl and ref passes."""
import json

import pytest

from conftest import ROOT

LIBRARIES = ("mbedtls", "libsodium", "wolfssl")
FINDINGS = json.loads((ROOT / "data" / "library_findings.json").read_text())["findings"]


@pytest.fixture(scope="module")
def listing(cm_bin):
    from conftest import run
    return json.loads(run(cm_bin, "list", "--json").stdout)


@pytest.fixture(scope="module")
def versions(cm_bin):
    from conftest import run
    doc = json.loads(run(cm_bin, "detect", "--json").stdout)
    return {name: b.get("version") for name, b in doc["backends"].items()}


def test_findings_name_real_cases():
    for f in FINDINGS:
        doc = json.loads((ROOT / "vectors" / f["file"]).read_text())
        ids = {t["tcId"]: t["result"] for g in doc["testGroups"] for t in g["tests"]}
        assert f["tcIds"] and f["what"] and f["versions"]
        for tc in f["tcIds"]:
            assert tc in ids, f"{f['file']} has no tcId {tc}"


@pytest.mark.parametrize("lib", LIBRARIES)
def test_backend_passes_verify_but_its_findings(cm, need_backend, versions, tmp_path, lib):
    need_backend(lib)
    out = tmp_path / "verify.json"
    p = cm("verify", "--backends", lib, "--json", out, "--quiet", timeout=600)
    assert p.returncode in (0, 1), p.stderr
    doc = json.loads(out.read_text())
    impls = doc["implementations"]
    assert impls, f"{lib} has no implementation"
    for impl in impls:
        name, alg, status = impl["implementation"], impl["algorithm"], impl["status"]
        known = [f for f in FINDINGS if f["backend"] == lib and f["algorithm"] == alg
                 and versions[lib] in f["versions"]]
        vectors = (impl.get("kat") or {}).get("vectors") or {}
        # invalid cases accepted, where verify reports them as findings (not failures)
        for case in vectors.get("finding_cases") or []:
            assert known and any(f"{known[0]['file']} tcId {tc} " in case
                                 for tc in known[0]["tcIds"]), f"undocumented: {case}"
        if status in ("passed", "unavailable"):
            assert status == "passed" or impl["reason"], name
            continue
        assert status == "failed", f"{name}: {status} ({impl['reason']})"
        assert known, f"{name} failed and no finding of {lib} {versions[lib]} names it: " \
                      f"{impl['kat']}"
        assert impl["kat"]["cross_check"]["status"] == "passed", name
        assert 1 <= vectors["failed"] <= len(known[0]["tcIds"]), name
        assert any(f"{known[0]['file']} tcId {tc} " in vectors["failure"]
                   for tc in known[0]["tcIds"]), vectors["failure"]


@pytest.mark.parametrize("lib", LIBRARIES)
def test_backend_accounts_for_every_algorithm(need_backend, listing, lib):
    need_backend(lib)
    table = {b["algorithm"] for b in listing["benchmarks"]}
    table |= {m["algorithm"] for m in listing["missing_algorithms"]}
    rows = {b["algorithm"] for b in listing["benchmarks"] if b["backend"] == lib}
    lacks = {m["algorithm"]: m["reason"] for m in listing["missing_algorithms"]
             if m["backend"] == lib}
    assert rows, f"{lib} lists no implementation"
    assert not rows & set(lacks)
    assert rows | set(lacks) == table, f"{lib} neither implements nor lists as missing: " \
                                       f"{sorted(table - rows - set(lacks))}"
    assert all(lacks.values())


def test_list_names_missing_algorithms_with_reason(cm, need_backend):
    need_backend("libsodium")
    text = cm("list").stdout
    assert "algorithms a backend lacks:" in text
    line = next(l for l in text.splitlines() if l.split()[:2] == ["libsodium", "aes-128-cbc"])
    assert "libsodium has no AES-CBC" in line
    need_backend("mbedtls")
    assert any(l.split()[:2] == ["mbedtls", "ed25519"] and "no EdDSA" in l
               for l in text.splitlines())
