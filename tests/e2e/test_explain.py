"""`cryptometer explain` live (docs/attribution.md): OpenSSL's AES-128-GCM through OPENSSL_ia32cap and
libgcrypt's through GCRYCTL_DISABLE_HWF, on whatever x86-64 CPU this is (VAES or not: the path must be
one the CPU has, found by a mask that slowed it); the document is valid against the schema and says
each step's environment; usage errors exit 2. Skipped, with the reason, without AES-NI or the backend."""
import json
import os
import platform

import jsonschema
import pytest

from conftest import flat

FAST = ("VAES-512 + VPCLMULQDQ", "VAES-256 + VPCLMULQDQ", "AES-NI + PCLMUL")


def cpu_features():
    if platform.machine() != "x86_64":
        return set()
    with open("/proc/cpuinfo", encoding="utf-8") as f:
        flags = next((line for line in f if line.startswith("flags")), "")
    return set(flags.split(":", 1)[-1].split())


@pytest.fixture(scope="module")
def explained(cm_bin, tmp_path_factory):
    if not {"aes", "pclmulqdq"} <= cpu_features():
        pytest.skip("needs an x86-64 CPU with AES-NI and PCLMULQDQ: the masks have nothing to take away")
    out = tmp_path_factory.mktemp("explain") / "explain.json"
    env = {**os.environ, "OPENSSL_ia32cap": "~0x200000200000000"}  # explain's own runs must not inherit it
    import subprocess
    p = subprocess.run([str(cm_bin), "explain", "--filter", "(openssl|libgcrypt):[a-z]+/aes-128-gcm/seal$",
                        "--time", "0.05", "--json", str(out)], capture_output=True, text=True, timeout=600, env=env)
    assert p.returncode == 0, p.stderr
    return p, json.loads(out.read_text())


def attributed(doc, backend):
    recs = [r for r in doc["results"] if r["backend"] == backend and "attribution" in r]
    if not recs:
        pytest.skip("this build has no %s backend" % backend)
    return recs[0]


@pytest.mark.parametrize("backend", ["openssl", "libgcrypt"])
def test_a_mask_of_aes_ni_finds_the_fast_path(explained, backend):
    _, doc = explained
    a = attributed(doc, backend)["attribution"]
    assert a["how"] == "measured", a
    assert set(a["path"].split(" or ")) <= set(FAST)
    # the step that took AES-NI and PCLMULQDQ away slowed it, many times over
    aes = [s for s in a["speedups"] if "AES-NI + PCLMULQDQ" in s["group"]]
    assert aes and aes[0]["changed"] and aes[0]["speedup"] > 2
    assert a["steps"][0]["masked"] == [] and a["steps"][0]["env"] == {}


def test_the_steps_carry_the_switch_values(explained):
    _, doc = explained
    steps = doc["settings"]["attribute"]["steps"]
    assert steps[0]["masked"] == [] and steps[0]["env"] == {}
    aes = next(s for s in steps if "aesni" in s["masked"])
    assert aes["env"]["OPENSSL_ia32cap"].startswith("~0x2000002")
    assert "intel-aesni" in aes["env"]["CRYPTOMETER_GCRYPT_DISABLE_HWF"]
    # no step is offered for a group this CPU lacks
    feats = cpu_features()
    if "vaes" not in feats:
        assert all("vaes" not in s["masked"] for s in steps)


def test_the_document_is_valid_and_the_text_names_the_path(explained, schema):
    p, doc = explained
    jsonschema.validate(doc, schema)
    for r in doc["results"]:
        if "attribution" in r:
            assert "%s at 16384 B: %s (%s)" % (r["name"], r["attribution"]["path"], r["attribution"]["how"]) \
                in flat(p.stdout)
    assert max(len(line) for line in p.stdout.splitlines()) <= 100   # the sentences wrap (textfit)


def test_usage_errors_exit_2(cm, tmp_path):
    p = cm("explain")
    assert p.returncode == 2 and "--filter" in p.stderr and "Traceback" not in p.stderr
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "elsewhere.json")
    p = cm("explain", "--filter", "openssl:evp/sha256/digest$", "--json", str(link))
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert not (tmp_path / "elsewhere.json").exists()
