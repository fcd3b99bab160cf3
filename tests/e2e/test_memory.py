"""run --memory (docs/methodology.md, "Memory per operation"): heap allocations and bytes
per call counted at the C library's allocator, exactly for the test-only backend that makes
two 64-byte allocations per digest; nothing counted for an implementation that allocates
nothing per call; a backend whose heap cannot be seen says so and gives no figure; the
records validate against the schema and the table shows the figures."""
import json

import jsonschema
import pytest


def memory_run(cm, tmp_path, *args):
    out = tmp_path / "r.json"
    r = cm("run", *args, "--time", "0.05", "--memory", "--json", out)
    assert r.returncode == 0, r.stderr
    doc = json.loads(out.read_text())
    return r, doc, {(x["name"], x["size"]): x for x in doc["results"]}


def test_two_64_byte_allocations_per_call_are_counted_exactly(cm_test, tmp_path, schema):
    r, doc, recs = memory_run(cm_test, tmp_path, "--backends", "allocs", "--sizes", "16,16384")
    jsonschema.validate(doc, schema)
    assert set(recs) == {("allocs:two64/sha256/digest", 16), ("allocs:two64/sha256/digest", 16384)}
    for rec in recs.values():
        heap = rec["memory"]["heap"]
        if not heap["observable"]:
            pytest.skip(f"this build cannot count allocations: {heap['why']}")
        assert heap == {"observable": True, "allocs_per_op": 2.0, "bytes_per_op": 128.0,
                        "frees_per_op": 2.0}
        assert rec["memory"]["calls"] >= 1
        assert rec["memory"]["peak_rss_kib"] > 0
        assert rec["memory"]["stack_bytes"] >= 0
    assert "memory per operation" in r.stdout
    row = next(line for line in r.stdout.splitlines() if line.startswith("allocs:two64/sha256"))
    assert "2.00" in row and "128.0" in row


def test_an_implementation_that_allocates_nothing_counts_zero(cm_test, tmp_path):
    _, _, recs = memory_run(cm_test, tmp_path, "--filter", "^ref:portable/sha256/digest$",
                            "--sizes", "16")
    heap = recs[("ref:portable/sha256/digest", 16)]["memory"]["heap"]
    if not heap["observable"]:
        pytest.skip(f"this build cannot count allocations: {heap['why']}")
    assert heap["allocs_per_op"] == 0 and heap["bytes_per_op"] == 0


def test_seal_newkey_allocates_only_without_rekey(cm, tmp_path, need_backend):
    """seal-newkey (docs/methodology.md): OpenSSL's EVP re-keys its one context per
    message (the AEAD table's rekey) and so allocates nothing, as seal does; our own
    portable code has no rekey and makes a new state per message: allocated and freed."""
    need_backend("openssl")
    _, _, recs = memory_run(cm, tmp_path, "--filter",
                            "^(openssl:evp|ref:portable)/aes-128-gcm/seal", "--sizes", "16")
    heap = {name: recs[(name, 16)]["memory"]["heap"] for name, _ in recs}
    if not heap["openssl:evp/aes-128-gcm/seal"]["observable"]:
        pytest.skip(f"this build cannot count allocations: {heap['openssl:evp/aes-128-gcm/seal']['why']}")
    for name in ("openssl:evp/aes-128-gcm/seal", "openssl:evp/aes-128-gcm/seal-newkey",
                 "ref:portable/aes-128-gcm/seal"):
        assert heap[name]["allocs_per_op"] == 0, name
    fresh = heap["ref:portable/aes-128-gcm/seal-newkey"]
    assert fresh["allocs_per_op"] >= 1 and fresh["frees_per_op"] == fresh["allocs_per_op"]


def test_a_heap_that_cannot_be_seen_gives_no_figure(cm, tmp_path, need_backend):
    need_backend("botan")
    r, _, recs = memory_run(cm, tmp_path, "--filter", "^botan:[a-z0-9]+/sha256/digest$",
                            "--sizes", "16")
    assert recs
    for rec in recs.values():
        heap = rec["memory"]["heap"]
        assert heap["observable"] is False and heap["why"]
        assert "allocs_per_op" not in heap and "bytes_per_op" not in heap
    assert "not observable" in r.stdout


def test_without_memory_records_have_none(cm_test, tmp_path):
    out = tmp_path / "r.json"
    r = cm_test("run", "--backends", "allocs", "--sizes", "16", "--time", "0.05", "--json", out,
                "-q")
    assert r.returncode == 0, r.stderr
    assert all("memory" not in x for x in json.loads(out.read_text())["results"])
