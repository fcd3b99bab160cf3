"""Loading result files: validation by schema version, the v1 -> v2 upgrade, one clear error per bad file."""

import json

import pytest

from cryptometer import loader


def test_real_run_loads_and_is_upgraded(our_runs):
    run = loader.load_file(our_runs[0])
    assert run.doc["schema_version"] == 2
    for r in run.doc["results"]:
        assert r["variant"] and r["unit"] in ("byte", "op") and isinstance(r["params"], dict)
        assert r["name"] == "%s:%s/%s/%s" % (r["backend"], r["variant"], r["algorithm"], r["operation"])
        if r["status"] == "ok":
            assert r["us_per_op"] == pytest.approx(r["stats"]["median_ns"] / 1000, rel=1e-9)


def test_upgraded_v1_validates_against_v2(our_runs):
    doc = loader.upgrade(json.loads(our_runs[0].read_text()))
    loader.validate(doc)


def test_malformed_file_names_file_and_field_and_others_load(our_runs, tmp_path):
    doc = json.loads(our_runs[0].read_text())
    doc["results"][2]["status"] = "fine"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    runs, errors = loader.load_paths([bad, our_runs[0], our_runs[1]])
    assert len(runs) == 2 and len(errors) == 1
    assert str(errors[0]).startswith("%s: results/2/status: " % bad)


def test_missing_field_is_named(our_runs, tmp_path):
    doc = json.loads(our_runs[0].read_text())
    del doc["results"][0]["backend"]
    bad = tmp_path / "missing.json"
    bad.write_text(json.dumps(doc))
    _, errors = loader.load_paths([bad])
    assert errors[0].field == "results/0/backend"


def test_other_versions_and_non_json_are_refused_with_the_reason(tmp_path):
    future = tmp_path / "future.json"
    future.write_text(json.dumps({"schema": "cryptometer-result", "schema_version": 7}))
    text = tmp_path / "text.json"
    text.write_text("not json")
    _, errors = loader.load_paths([future, text])
    assert errors[0].field == "schema_version" and "version 7 is not supported" in errors[0].reason
    assert errors[1].field == "(document)" and "not valid JSON" in errors[1].reason


def _small_doc(doc):
    """doc with one record of each kind it has (status and unit), so that mutating it is quick."""
    seen, keep = set(), []
    for r in doc["results"]:
        kind = (r["status"], r.get("unit"))
        if kind not in seen:
            seen.add(kind)
            keep.append(r)
    return dict(doc, results=keep)


def test_compiled_schema_and_jsonschema_agree(our_runs):
    """The fast yes of the compiled schema never accepts what jsonschema refuses: for every field
    of every kind of record, wrong values and a missing field are refused by both, or by neither."""
    doc = _small_doc(loader.upgrade(json.loads(our_runs[0].read_text())))
    assert {r.get("unit") for r in doc["results"]} == {"byte", "op"}
    slow = loader.validator(2)
    cases = [doc]
    for i, rec in enumerate(doc["results"]):
        for key in list(rec) + ["bogus"]:
            for value in (None, "x", -1, 1.5, [], {}, True, "__delete__"):
                r = dict(rec)
                if value == "__delete__":
                    r.pop(key, None)
                else:
                    r[key] = value
                results = list(doc["results"])
                results[i] = r
                cases.append(dict(doc, results=results))
    for top in ("schema_version", "complete", "results", "context", "tool"):
        cases.append(dict(doc, **{top: "x"}))
    disagree = [c for c in cases if loader.schema_accepts(c, 2) != slow.is_valid(c)]
    assert not disagree, json.dumps(disagree[0])[:2000]
    assert sum(1 for c in cases if not slow.is_valid(c)) > len(cases) / 2
