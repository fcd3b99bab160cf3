"""`cryptometer verify --pairs` (docs/cli.md, "verify --pairs"): the
cross-check between every pair of implementations of an algorithm, each pair
in its own process. Run on the test build, whose deliberately broken backends
must be caught in every pair they are in: brokenpk's Ed25519 signs what no
one else can verify, its X25519 derives a wrong secret, broken's SHA-256
flips a bit, and faulty's SHA-256 dies of SIGSEGV (a crashed cell, the run
goes on). No timing is asserted."""
import itertools
import json

import pytest
from conftest import flat

PK_ALGS = ["ed25519", "ecdsa-p256-sha256", "x25519", "rsa-2048-pss-sha256"]
# RSA key generation is slow (two key pairs per pair, ~1 s a pair): RSA
# runs over these libraries only, the others over every library here
RSA_BACKENDS = "openssl,gnutls,botan,libgcrypt,cryptopp,mbedtls"
BROKEN = {"ed25519": "brokenpk:unverifiable", "x25519": "brokenpk:wrong-secret"}
# a pair's matrix cell by its status in the document
CELLS = {"passed": "ok", "failed": "FAIL", "crashed": "crsh", "timeout": "t/o", "error": "err",
         "unavailable": "n/a", "not-run": "nrun", "known-finding": "knwn", "not-checked": "help"}


def matrix_rows(section, names):
    """{row number: [name, cells]} of an algorithm's matrix in the text, the
    cells of its blocks of columns joined."""
    rows = {}
    for line in section.splitlines():
        t = line.split()
        if len(t) >= 3 and t[0].isdigit() and t[1] in names:
            rows.setdefault(int(t[0]), [t[1], []])[1].extend(t[2:])
    return rows


def available_impls(cm_test, algorithms, backends=None):
    """{algorithm: set of "backend:variant"} of the implementations `list`
    says are available."""
    sel = ("--backends", backends) if backends else ()
    doc = json.loads(cm_test("list", "--json", "--algorithms", ",".join(algorithms), *sel).stdout)
    out = {a: set() for a in algorithms}
    for b in doc["benchmarks"]:
        if b["available"]:
            out[b["algorithm"]].add(f'{b["backend"]}:{b["variant"]}')
    return out


def expected_code(avail, algorithms):
    """verify --pairs's exit code over algorithms: 3 when none has two
    implementations, 1 when a broken one is among two or more, else 0."""
    pairable = [a for a in algorithms if len(avail[a]) >= 2]
    if not pairable:
        return 3
    return 1 if any(BROKEN.get(a) in avail[a] for a in pairable) else 0


@pytest.fixture(scope="module")
def pk_pairs(cm_test_bin, tmp_path_factory):
    """(exit codes, what was expected, stdout, document with the
    algorithms of both runs, the available implementations)."""
    from conftest import run
    avail = available_impls(lambda *a: run(cm_test_bin, *a), PK_ALGS[:3])
    avail.update(available_impls(lambda *a: run(cm_test_bin, *a), PK_ALGS[3:], RSA_BACKENDS))
    d = tmp_path_factory.mktemp("pairs")
    fast = run(cm_test_bin, "verify", "--pairs", "--algorithms", ",".join(PK_ALGS[:3]),
               "--json", d / "fast.json")
    rsa = run(cm_test_bin, "verify", "--pairs", "--algorithms", PK_ALGS[3], "--backends",
              RSA_BACKENDS, "--json", d / "rsa.json")
    codes = (fast.returncode, rsa.returncode)
    want = (expected_code(avail, PK_ALGS[:3]), expected_code(avail, PK_ALGS[3:]))
    # exit 3 (nothing to pair) writes no document
    docs = [json.loads((d / f).read_text()) for f, c in zip(("fast.json", "rsa.json"), codes)
            if c != 3]
    doc = {"algorithms": [a for x in docs for a in x["algorithms"]],
           "summary": {k: sum(x["summary"][k] for x in docs) for k in
                       (docs[0]["summary"] if docs else {})}}
    return codes, want, fast.stdout + rsa.stdout, doc, docs, avail


def test_pairs_matrix_has_every_pair(pk_pairs):
    codes, want, stdout, doc, docs, avail = pk_pairs
    assert codes == want
    if want == (3, 3):
        pytest.skip("no algorithm of the test has two implementations in this build")
    assert all(d["format"] == "cryptometer-verify-pairs-v1" and d["complete"] for d in docs)
    by_alg = {a["algorithm"]: a for a in doc["algorithms"]}
    assert set(by_alg) == {a for a, c in zip((PK_ALGS[:3], PK_ALGS[3:]), codes) if c != 3
                           for a in a}
    for alg, entry in by_alg.items():
        names = entry["implementations"]
        assert sorted(names) == sorted(avail[alg]), alg
        got = [frozenset((r["a"], r["b"])) for r in entry["pairs"]]
        assert len(got) == len(set(got)), f"{alg}: a pair listed twice"
        assert set(got) == {frozenset(c) for c in itertools.combinations(names, 2)}, alg
    # the text, per algorithm: a header, then the matrix of the implementations
    # that run in this process (helpers are listed under it), each row
    # "<k> <name> <cells>" (its blocks of columns joined), "-" on the diagonal
    sections = {sec.split()[0]: sec for sec in stdout.split("PAIRS ")[1:]}
    for entry in doc["algorithms"]:
        names, section = entry["implementations"], sections[entry["algorithm"]]
        if len(names) < 2:
            assert "available here: no pair to check" in section
            continue
        helpers = {h["implementation"] for h in entry["helpers"]}
        inside = [n for n in names if n not in helpers]
        cell = {frozenset((r["a"], r["b"])): CELLS[r["status"]] for r in entry["pairs"]}
        want = {k + 1: [n, [("-" if n == m else cell[frozenset((n, m))]) for m in inside]]
                for k, n in enumerate(inside)}
        assert matrix_rows(section, inside) == want, section
        for h in entry["helpers"]:
            assert f'helper {h["implementation"]} runs in {h["runs_in"]}' in flat(section)
        for u in entry["unavailable"]:
            assert f'not in the matrix: {u["implementation"]} is unavailable here' in flat(section)


def test_pairs_catch_the_broken_backend_in_every_pair(pk_pairs):
    codes, want, stdout, doc, _, avail = pk_pairs
    assert codes == want
    if not any(BROKEN[a] in avail[a] and len(avail[a]) >= 2 for a in BROKEN):
        pytest.skip("brokenpk is unavailable in this build (it is built on the openssl backend)")
    for entry in doc["algorithms"]:
        alg, bad = entry["algorithm"], BROKEN.get(entry["algorithm"])
        for r in entry["pairs"]:
            if r["status"] == "not-checked":
                # helpers (generations, runtimes' servers) cannot share a
                # process: listed as not checked, never as passed
                assert "helper process" in r["detail"], (alg, r)
            elif bad in (r["a"], r["b"]):
                assert r["status"] == "failed", (alg, r)
                assert r["detail"], (alg, r)
                assert f'FAIL {alg}: {r["a"]} and {r["b"]}: ' in flat(stdout)
            else:
                # every other pair of libraries agrees
                assert r["status"] == "passed", (alg, r)
        # named as the odd one out when two others agree among themselves
        if bad in entry["implementations"] and len(entry["implementations"]) >= 3:
            assert entry["disagrees_with_all_others"] == [bad]
            assert f"FINDING about {bad}: it disagrees with every other" in flat(stdout)
        elif bad not in entry["implementations"]:
            assert entry["disagrees_with_all_others"] == []
    s = doc["summary"]
    assert s["failed"] == sum(1 for e in doc["algorithms"] for r in e["pairs"]
                              if BROKEN.get(e["algorithm"]) in (r["a"], r["b"])
                              and r["status"] != "not-checked")
    assert s["crashed"] == 0 and s["error"] == 0


def test_pairs_signature_failure_names_the_direction(pk_pairs):
    doc = pk_pairs[3]
    ed = next((e for e in doc["algorithms"] if e["algorithm"] == "ed25519"), None)
    if not ed or BROKEN["ed25519"] not in ed["implementations"] or len(ed["implementations"]) < 2:
        pytest.skip("no pair with brokenpk's ed25519 in this build")
    details = [r["detail"] for r in ed["pairs"] if BROKEN["ed25519"] in (r["a"], r["b"])
               and r["status"] != "not-checked"]
    # brokenpk signs wrongly: whichever side of the pair it is, the failing
    # step is the other library's verify of a signature brokenpk made, both
    # named (not "this implementation")
    assert details and all(f'signed by {BROKEN["ed25519"]}, verified by ' in d and
                           "verify returned CM_ERR_AUTH" in d and
                           "this implementation" not in d for d in details), details


def test_pairs_crash_is_a_cell_and_the_run_goes_on(cm_test, tmp_path):
    path = tmp_path / "p.json"
    p = cm_test("verify", "--pairs", "--algorithms", "sha256", "--backends",
                "faulty,broken,openssl,ref", "--json", path, "--timeout", "20")
    assert p.returncode == 1, p.stderr
    entry = json.loads(path.read_text())["algorithms"][0]
    status = {frozenset((r["a"], r["b"])): r for r in entry["pairs"]}
    names = entry["implementations"]
    faulty = [n for n in names if n.startswith("faulty:")]
    broken = [n for n in names if n.startswith("broken:")]
    assert faulty and broken
    for pair, r in status.items():
        if pair & set(faulty):
            assert r["status"] == "crashed" and "SIGSEGV" in r["detail"], r
        elif pair & set(broken):
            assert r["status"] == "failed" and "differs" in r["detail"], r
        else:
            assert r["status"] == "passed", r
    assert "crashed" in p.stdout and "verify --pairs:" in p.stdout


def test_pairs_usage_and_environment_errors(cm_test):
    p = cm_test("verify", "--pairs", "--wycheproof", "x.json")
    assert p.returncode == 2 and "--pairs" in p.stderr and p.stderr.count("\n") == 1
    # one implementation: nothing to pair (exit 3), one clear line
    p = cm_test("verify", "--pairs", "--algorithms", "sha256", "--backends", "faulty")
    assert p.returncode == 3 and "two" in p.stderr and p.stderr.count("\n") == 1


def test_show_prints_what_pairs_printed_within_100_columns(cm_test, tmp_path):
    """Every backend's sha256 (broken's FAIL and faulty's crashed cells among
    them): more implementations than one block of columns holds; show of the
    document prints the same text, byte for byte."""
    path = tmp_path / "p.json"
    p = cm_test("verify", "--pairs", "--algorithms", "sha256", "--json", path, "--timeout", "20")
    assert p.returncode == 1, p.stderr
    entry = json.loads(path.read_text())["algorithms"][0]
    inside = [n for n in entry["implementations"]
              if n not in {h["implementation"] for h in entry["helpers"]}]
    assert len(inside) > 14, inside  # two blocks of columns at least
    assert all(len(line) <= 100 for line in p.stdout.splitlines()), p.stdout
    assert "cells: - itself, ok passed, FAIL they disagree, crsh crashed" in flat(p.stdout)
    shown = cm_test("show", path)
    assert shown.returncode == 0 and shown.stderr == "", shown.stderr
    assert shown.stdout == p.stdout


def test_show_of_a_broken_or_older_pairs_document(cm_test, tmp_path):
    path = tmp_path / "p.json"
    p = cm_test("verify", "--pairs", "--algorithms", "sha256", "--backends", "faulty,broken,ref",
                "--json", path)
    assert p.returncode == 1, p.stderr
    text = path.read_text()
    doc = json.loads(text)
    bad = dict(doc, algorithms=[dict(doc["algorithms"][0], pairs=[{"a": "x", "b": "y"}])])
    for name, content in (("cut", text[:len(text) // 2]), ("bad", json.dumps(bad))):
        (tmp_path / name).write_text(content)
        r = cm_test("show", tmp_path / name)
        assert r.returncode == 3 and r.stdout == "" and len(r.stderr.splitlines()) == 1, r.stderr
    # a document written before the lists of helpers and unavailable ones:
    # the rest is printed, and one line says what it lacks
    for entry in doc["algorithms"]:
        del entry["helpers"], entry["unavailable"]
    (tmp_path / "old").write_text(json.dumps(doc))
    r = cm_test("show", tmp_path / "old")
    assert r.returncode == 0, r.stderr
    assert "does not list the helpers and the implementations unavailable here" in flat(r.stdout)
    assert [l for l in r.stdout.splitlines() if "FAIL" in l or "crashed" in l] == \
        [l for l in p.stdout.splitlines() if "FAIL" in l or "crashed" in l]
