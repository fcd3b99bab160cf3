"""What OpenSSL's default path runs (src/backends/openssl/openssl_default_path.c): detect
names, per algorithm an engine could take over, the engine openssl.cnf made the default or
OpenSSL's own code, in the JSON and in words; asking (a child that loads openssl.cnf) leaves
the rest of detect as it was. This machine's kernel has no AF_ALG, so no engine can be the
default here: the engine's own case is stated in words by the same code and is not reached."""
import json
import os
import subprocess

ASKED = {"aes-128-cbc", "aes-256-cbc", "aes-128-gcm", "sha256"}


def test_detect_names_the_default_path_per_algorithm(cm, need_backend):
    need_backend("openssl")
    p = cm("detect", "--json")
    assert p.returncode == 0, p.stderr
    dp = json.loads(p.stdout)["backends"]["openssl"]["default_path"]
    assert set(dp["algorithms"]) == ASKED and "reason" not in dp, dp
    for alg, engine in dp["algorithms"].items():
        assert engine is None or isinstance(engine, str), (alg, engine)
    text = cm("detect").stdout
    own = [a for a, e in dp["algorithms"].items() if e is None]
    if own:
        assert "default path: OpenSSL's own code for " + ", ".join(own) in text
    for alg, engine in dp["algorithms"].items():
        if engine:
            assert f"default path: {alg} goes through the {engine} engine" in text


def test_a_configuration_that_fails_to_load_changes_nothing_else(cm_bin, need_backend, tmp_path):
    need_backend("openssl")
    cnf = tmp_path / "openssl.cnf"
    cnf.write_text("openssl_conf = init\n[init]\nengines = engines\n[engines]\n"
                   "nosuchengine = e\n[e]\ndefault_algorithms = ALL\n")
    p = subprocess.run([str(cm_bin), "detect", "--json"], capture_output=True, text=True,
                       timeout=300, env={**os.environ, "OPENSSL_CONF": str(cnf)})
    assert p.returncode == 0, p.stderr
    doc = json.loads(p.stdout)
    assert set(doc["backends"]["openssl"]["default_path"]["algorithms"]) == ASKED
    assert doc["backends"]["openssl"]["version"]
