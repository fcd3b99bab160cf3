"""Per-call percentiles at small messages (docs/methodology.md, "Per-call percentiles"):
single calls timed with the cycle counter at 16 to 256 bytes, p50 <= p90 <= p99 where the
counter resolves a call, a reason where it does not; none at larger sizes or for figures
per operation; the records validate against the schema."""
import json

import jsonschema


def test_small_sizes_carry_per_call_percentiles(cm, tmp_path, schema):
    out = tmp_path / "r.json"
    r = cm("run", "--filter", "^ref:portable/(aes-128-gcm/seal|sha256/digest)$", "--sizes",
           "16,256,1024", "--time", "0.05", "--json", out, "-q")
    assert r.returncode == 0, r.stderr
    doc = json.loads(out.read_text())
    jsonschema.validate(doc, schema)
    recs = {(x["name"], x["size"]): x for x in doc["results"]}
    assert len(recs) == 6
    for (name, size), rec in recs.items():
        if size > 256:
            assert "per_call" not in rec, name
            continue
        pc = rec["per_call"]
        assert pc["calls"] > 0 and pc["tick_ns"] > 0 and pc["counter"]
        if pc["resolved"]:
            assert 0 < pc["p50_ns"] <= pc["p90_ns"] <= pc["p99_ns"]
        else:
            assert pc["p50_ns"] is None and pc["why"]


def test_figures_per_operation_have_none(cm, tmp_path, need_backend):
    need_backend("openssl")
    out = tmp_path / "r.json"
    r = cm("run", "--filter", "^openssl:evp/x25519/derive$", "--time", "0.05", "--json", out,
           "-q")
    assert r.returncode == 0, r.stderr
    recs = json.loads(out.read_text())["results"]
    assert recs and all("per_call" not in x for x in recs)
