"""Implementation variants and the test-only class: the test build's
`twovariant` backend has two variants of fletcher32 (the test-only checksum
class), one never available, and two of sha256. Each variant is its own
implementation in `list`, `--filter`, `--backends`, the table, the JSON
(field "variant") and the CSV, and passes the KAT gate on its own."""
import csv
import json
import subprocess

import jsonschema
import pytest


@pytest.fixture(scope="module")
def variant_run(cm_test_bin, tmp_path_factory):
    d = tmp_path_factory.mktemp("variants")
    p = subprocess.run([str(cm_test_bin), "run", "--backends", "twovariant", "--sizes", "16,1024", "--time",
            "0.05", "--json", str(d / "r.json"), "--csv", str(d / "r.csv")],
                       capture_output=True, text=True, timeout=300)
    return p, json.loads((d / "r.json").read_text()), (d / "r.csv").read_text()


def test_list_names_each_variant_with_its_availability(cm_test):
    doc = json.loads(cm_test("list", "--json", "--backends", "twovariant").stdout)
    by_name = {b["name"]: b for b in doc["benchmarks"]}
    assert set(by_name) == {"twovariant:words/fletcher32/sum", "twovariant:absent/fletcher32/sum",
                            "twovariant:whole/sha256/digest", "twovariant:blocks/sha256/digest"}
    assert by_name["twovariant:words/fletcher32/sum"]["available"]
    absent = by_name["twovariant:absent/fletcher32/sum"]
    assert not absent["available"] and "never available" in absent["reason"]
    assert {b["variant"] for b in doc["benchmarks"]} == {"words", "absent", "whole", "blocks"}
    assert {b["class"] for b in doc["benchmarks"]} == {"checksum", "hash"}
    text = cm_test("list", "--backends", "twovariant").stdout
    assert "checksum:" in text and "twovariant:absent/fletcher32/sum" in text


def test_filter_and_backends_select_one_variant(cm_test):
    doc = json.loads(cm_test("list", "--json", "--filter", ":blocks/").stdout)
    assert [b["name"] for b in doc["benchmarks"]] == ["twovariant:blocks/sha256/digest"]
    doc = json.loads(cm_test("list", "--json", "--backends", "twovariant:whole").stdout)
    assert [b["name"] for b in doc["benchmarks"]] == ["twovariant:whole/sha256/digest"]
    p = cm_test("list", "--backends", "twovariant:nosuch")
    assert p.returncode == 2 and "unknown backend 'twovariant:nosuch'" in p.stderr


def test_records_carry_the_variant(variant_run, schema):
    p, doc, _ = variant_run
    assert p.returncode == 0, p.stderr
    jsonschema.validate(doc, schema)
    recs = {(r["name"], r["size"]): r for r in doc["results"]}
    for variant in ("whole", "blocks"):
        for size in (16, 1024):
            r = recs[(f"twovariant:{variant}/sha256/digest", size)]
            assert r["variant"] == variant and r["backend"] == "twovariant"
            assert r["status"] == "ok" and r["unit"] == "byte"
            # each variant passes the gate on its own, against a real peer
            assert r["kat"]["vectors"]["status"] == "passed"
            assert r["kat"]["cross_check"]["status"] == "passed"
            assert r["kat"]["cross_check"]["peer"] in ("ref:portable", "openssl:evp")
    absent = [r for r in doc["results"] if r["variant"] == "absent"]
    assert len(absent) == 1 and absent[0]["status"] == "unavailable" and absent[0]["size"] is None
    words = [r for r in doc["results"] if r["variant"] == "words"]
    assert {r["size"] for r in words} == {16, 1024}
    assert all(r["status"] == "ok" and r["class"] == "checksum" for r in words)


def test_table_and_csv_tell_variants_apart(variant_run):
    p, doc, text = variant_run
    rows = [l.split() for l in p.stdout.splitlines()]
    firsts = {r[0] for r in rows if r}
    assert {"twovariant:whole", "twovariant:blocks", "twovariant:words",
            "twovariant:absent"} <= firsts
    csv_rows = list(csv.DictReader(text.splitlines()))
    assert [r["variant"] for r in csv_rows] == [r["variant"] for r in doc["results"]]
