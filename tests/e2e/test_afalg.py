"""The afalg backend on a kernel without AF_ALG (this project's CI host):
`list` and `run` name the reason and go on with the other backends. On a
kernel with AF_ALG these are skipped (tests/vm/test-vm.sh checks (d) and (e)
run the backend on real kernels)."""
import json
import os
import socket

import pytest

from conftest import flat, run


def _af_alg_error():
    """None when AF_ALG sockets open here, else the errno text."""
    try:
        socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET, 0).close()
        return None
    except OSError as e:
        return os.strerror(e.errno)


def _afalg_built(binary):
    doc = json.loads(run(binary, "list", "--json").stdout)
    return any(b["backend"] == "afalg" for b in doc["benchmarks"])


@pytest.fixture
def no_af_alg(cm_bin):
    err = _af_alg_error()
    if err is None:
        pytest.skip("this kernel has AF_ALG (tests/vm covers the backend there)")
    if not _afalg_built(cm_bin):
        pytest.skip("the afalg backend is not built here (libkcapi-dev missing)")
    return f"AF_ALG: not supported by this kernel ({err})"


def test_list_names_the_reason(cm_bin, no_af_alg):
    r = run(cm_bin, "list", "--json", "--backends", "afalg,ref")
    assert r.returncode == 0, r.stderr
    rows = json.loads(r.stdout)["benchmarks"]
    afalg = [b for b in rows if b["backend"] == "afalg"]
    # One `kernel` row per algorithm (no driver variants without a kernel to list them).
    assert {b["variant"] for b in afalg} == {"kernel"}
    assert {b["algorithm"] for b in afalg} >= {"sha256", "hmac-sha256", "aes-128-cbc",
                                               "aes-256-ctr", "aes-128-gcm", "aes-128-ecb",
                                               "aes-256-ecb"}
    assert all(not b["available"] and b["reason"] == no_af_alg for b in afalg)
    assert any(b["backend"] == "ref" and b["available"] for b in rows)
    text = run(cm_bin, "list", "--backends", "afalg").stdout
    assert max(len(line) for line in text.splitlines()) <= 100  # wrapped to 100 columns
    assert flat(text).count(flat(no_af_alg)) == 1 and "unavailable: (as above)" in text


def test_run_goes_on(cm_bin, no_af_alg, tmp_path, schema):
    import jsonschema
    out = tmp_path / "r.json"
    r = run(cm_bin, "run", "--backends", "afalg,ref", "--algorithms", "sha256", "--sizes", "16",
            "--time", "0.01", "--json", out, "--wide")
    assert r.returncode == 0, r.stderr
    # Said once; the rows after it point to it (--wide: the reason on one line, not wrapped).
    assert r.stdout.count(no_af_alg) == 1
    doc = json.loads(out.read_text())
    jsonschema.validate(doc, schema)
    by = {(x["backend"], x["variant"]): x for x in doc["results"]}
    assert by[("afalg", "kernel")]["status"] == "unavailable"
    assert by[("afalg", "kernel")]["reason"] == no_af_alg
    assert by[("ref", "portable")]["status"] == "ok"
    assert "served_by" not in by[("ref", "portable")]


def test_openssl_engine_variants_say_why(cm_bin, no_af_alg):
    """OpenSSL's afalg engine needs AF_ALG too: its variant is listed, unavailable."""
    doc = json.loads(run(cm_bin, "list", "--json", "--backends", "openssl").stdout)
    rows = [b for b in doc["benchmarks"] if b["variant"] == "afalg-engine"]
    if not any(b["backend"] == "openssl" for b in doc["benchmarks"]):
        pytest.skip("the openssl backend is not built here")
    assert {b["algorithm"] for b in rows} == {"aes-128-cbc", "aes-256-cbc"}
    assert all(not b["available"] and "afalg engine does not load here" in b["reason"]
               for b in rows)
