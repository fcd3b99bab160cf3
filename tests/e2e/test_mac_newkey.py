"""HMAC with a new key for every message (operation mac-newkey, docs/methodology.md):
listed beside `mac` for every HMAC implementation, and measured per byte after the same
known-answer checks."""
import json


def test_every_hmac_implementation_has_mac_newkey_beside_mac(cm):
    doc = json.loads(cm("list", "--json", "--algorithms", "hmac-sha256").stdout)
    ops = {}
    for b in doc["benchmarks"]:
        ops.setdefault(b["name"].rsplit("/", 1)[0], set()).add(b["operation"])
    assert ops and all(o == {"mac", "mac-newkey"} for o in ops.values()), ops


def test_mac_newkey_is_measured_per_byte_after_the_checks(cm, tmp_path):
    out = tmp_path / "r.json"
    r = cm("run", "--filter", "^ref:portable/hmac-sha256/", "--sizes", "16,1k", "--time", "0.05",
           "--json", out, "-q")
    assert r.returncode == 0, r.stderr
    recs = {(x["operation"], x["size"]): x for x in json.loads(out.read_text())["results"]}
    assert set(recs) == {("mac", 16), ("mac", 1024), ("mac-newkey", 16), ("mac-newkey", 1024)}
    for rec in recs.values():
        assert rec["status"] == "ok" and rec["unit"] == "byte"
        assert rec["kat"]["vectors"]["status"] == "passed"
        assert rec["throughput_mb_s"] > 0
