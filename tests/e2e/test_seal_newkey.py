"""AES-GCM with a new key for every message (operation seal-newkey, docs/methodology.md):
what `openssl speed -aead` does per message, listed beside seal and open for the C
implementations, measured per byte after the same checks; the runtimes do not offer it."""
import json


RUNTIMES = {"go", "java", "node", "python"}  # docs/runtimes.md: their servers key once


def test_every_c_gcm_implementation_has_seal_newkey(cm):
    doc = json.loads(cm("list", "--json", "--algorithms", "aes-128-gcm,aes-256-gcm").stdout)
    ops = {}
    for b in doc["benchmarks"]:
        ops.setdefault((b["backend"], b["name"].rsplit("/", 1)[0]), set()).add(b["operation"])
    assert any(backend not in RUNTIMES for backend, _ in ops)
    for (backend, name), got in ops.items():
        want = {"seal", "open"} if backend in RUNTIMES else {"seal", "open", "seal-newkey"}
        assert got == want, (name, got)


def test_other_aeads_have_no_seal_newkey(cm):
    doc = json.loads(cm("list", "--json", "--algorithms", "chacha20-poly1305").stdout)
    assert doc["benchmarks"]
    assert {b["operation"] for b in doc["benchmarks"]} == {"seal", "open"}


def test_seal_newkey_is_measured_per_byte_after_the_checks(cm, tmp_path):
    out = tmp_path / "r.json"
    r = cm("run", "--filter", "^ref:portable/aes-128-gcm/seal", "--sizes", "16,1k", "--time",
           "0.05", "--json", out, "-q")
    assert r.returncode == 0, r.stderr
    recs = {(x["operation"], x["size"]): x for x in json.loads(out.read_text())["results"]}
    assert set(recs) == {("seal", 16), ("seal", 1024), ("seal-newkey", 16),
                         ("seal-newkey", 1024)}
    for rec in recs.values():
        assert rec["status"] == "ok" and rec["unit"] == "byte"
        assert rec["kat"]["vectors"]["status"] == "passed"
        assert rec["throughput_mb_s"] > 0
