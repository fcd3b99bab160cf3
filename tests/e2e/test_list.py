"""`cryptometer list`: every benchmark, grouped by class, with availability."""
import json


def test_list_text_groups_by_class(cm):
    p = cm("list")
    assert p.returncode == 0, p.stderr
    text = p.stdout
    for header in ("hash:", "mac:", "cipher:", "aead:"):
        assert header in text
    assert text.index("hash:") < text.index("mac:") < text.index("cipher:") < text.index("aead:")
    for name in ("openssl/aes-128-cbc/encrypt", "openssl/aes-256-gcm/open",
                 "openssl/chacha20-poly1305/seal", "openssl/sha1/digest",
                 "openssl/hmac-sha256/mac", "ref/aes-128-ctr/encrypt", "ref/sha512/digest",
                 "ref/chacha20-poly1305/open"):
        line = next(l for l in text.splitlines() if l.split() and l.split()[0] == name)
        assert line.rstrip().endswith("available")


def test_list_json_names_every_backend_and_operation(cm):
    doc = json.loads(cm("list", "--json").stdout)
    names = {b["name"] for b in doc["benchmarks"]}
    for alg, ops in {"aes-128-cbc": ["encrypt", "decrypt"], "aes-256-cbc": ["encrypt", "decrypt"],
                     "aes-128-ctr": ["encrypt"], "aes-256-ctr": ["encrypt"],
                     "aes-128-gcm": ["seal", "open"], "aes-256-gcm": ["seal", "open"],
                     "chacha20-poly1305": ["seal", "open"], "sha256": ["digest"],
                     "sha512": ["digest"]}.items():
        for backend in ("openssl", "ref"):
            for op in ops:
                assert f"{backend}/{alg}/{op}" in names
    for b in doc["benchmarks"]:
        assert b["available"] or b["reason"]


def test_list_filter(cm):
    doc = json.loads(cm("list", "--json", "--filter", "gcm/open$").stdout)
    assert {b["name"] for b in doc["benchmarks"]} == {
        "openssl/aes-128-gcm/open", "openssl/aes-256-gcm/open",
        "ref/aes-128-gcm/open", "ref/aes-256-gcm/open"}


def test_test_build_lists_broken_backends(cm_test):
    doc = json.loads(cm_test("list", "--json").stdout)
    names = {b["name"] for b in doc["benchmarks"]}
    assert "broken/sha256/digest" in names
    assert "faulty/sha256/digest" in names
