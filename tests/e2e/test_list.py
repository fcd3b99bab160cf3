"""`cryptometer list`: every benchmark, grouped by class, with availability."""
import json


def test_list_text_groups_by_class(cm, need_backend):
    need_backend("openssl")  # the only backend with signatures today
    p = cm("list")
    assert p.returncode == 0, p.stderr
    text = p.stdout
    for header in ("hash:", "mac:", "cipher:", "aead:", "signature:"):
        assert header in text
    assert (text.index("hash:") < text.index("mac:") < text.index("cipher:") < text.index("aead:")
            < text.index("signature:"))
    for name in ("openssl:evp/aes-128-cbc/encrypt", "openssl:evp/aes-256-gcm/open",
                 "openssl:evp/chacha20-poly1305/seal", "openssl:evp/sha1/digest",
                 "openssl:evp/hmac-sha256/mac", "ref:portable/aes-128-ctr/encrypt", "ref:portable/sha512/digest",
                 "ref:portable/chacha20-poly1305/open", "openssl:evp/ed25519/verify"):
        line = next(l for l in text.splitlines() if l.split() and l.split()[0] == name)
        assert line.split()[1] == "available"  # maybe "(dispatch's choice)" after it


def test_list_names_a_backend_not_built(cm, missing_backends):
    text = cm("list").stdout
    for name, reason in missing_backends.items():
        assert name in text and reason in text


def test_list_json_names_every_backend_and_operation(cm, missing_backends):
    doc = json.loads(cm("list", "--json").stdout)
    names = {b["name"] for b in doc["benchmarks"]}
    for alg, ops in {"aes-128-cbc": ["encrypt", "decrypt"], "aes-256-cbc": ["encrypt", "decrypt"],
                     "aes-128-ctr": ["encrypt"], "aes-256-ctr": ["encrypt"],
                     "aes-128-ecb": ["encrypt", "decrypt"], "aes-256-ecb": ["encrypt", "decrypt"],
                     "aes-128-gcm": ["seal", "open"], "aes-256-gcm": ["seal", "open"],
                     "chacha20-poly1305": ["seal", "open"], "sha256": ["digest"],
                     "sha512": ["digest"]}.items():
        for backend in {"openssl:evp", "ref:portable"} - {f"{m}:evp" for m in missing_backends}:
            for op in ops:
                assert f"{backend}/{alg}/{op}" in names
    for b in doc["benchmarks"]:
        assert b["available"] or b["reason"]


def test_list_filter(cm, missing_backends):
    doc = json.loads(cm("list", "--json", "--backends", "openssl,ref", "--filter", "gcm/open$").stdout)
    want = {"openssl:evp/aes-128-gcm/open", "openssl:evp/aes-256-gcm/open",
            "ref:portable/aes-128-gcm/open", "ref:portable/aes-256-gcm/open"}
    if "openssl" in missing_backends:
        want = {n for n in want if n.startswith("ref:")}
    # the library backends built here (gnutls, nettle...) add their own rows, and ref its
    # x86 variants (ref:aesni, ...) where the build has them
    assert all(b["name"].endswith("gcm/open") for b in doc["benchmarks"])
    assert {b["name"] for b in doc["benchmarks"] if b["backend"] in ("openssl", "ref")} >= want


def test_test_build_lists_broken_backends(cm_test):
    doc = json.loads(cm_test("list", "--json").stdout)
    names = {b["name"] for b in doc["benchmarks"]}
    assert "broken:flipped-bit/sha256/digest" in names
    assert "faulty:segv/sha256/digest" in names


def test_dispatch_choice_of_a_backend_that_names_its_own(cm):
    """The system backend's rows are sources, not general-to-specific variants: its choice is
    the one it names (getrandom), not the last available row (/dev/hwrng where one exists)."""
    doc = json.loads(cm("list", "--json", "--backends", "system").stdout)
    chosen = [b["variant"] for b in doc["benchmarks"] if b["dispatch"]]
    assert chosen == ["getrandom"]
