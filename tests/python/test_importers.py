"""openssl speed (human, -mr, -multi) and cryptsetup benchmark: real and hand-written outputs, one parser each."""

import json

import pytest

from cryptometer import loader
from cryptometer.importers import cryptsetup, opensslspeed
from analysis_helpers import ROOT

SPEED = ROOT / "tests" / "fixtures" / "openssl-speed"
CRYPTSETUP = ROOT / "tests" / "fixtures" / "cryptsetup"


def speed(name):
    return opensslspeed.parse_text((SPEED / name).read_text())


def test_human_table():
    out = speed("human.txt")
    assert out.version == "3.0.22" and out.processes == 1 and not out.machine_readable
    assert out.symmetric[0].algorithm == "aes-128-cbc" and out.symmetric[0].values == {16: 601895.95 * 1000}


def test_machine_readable_and_multi_agree_in_shape():
    mr, multi, mrmulti = speed("mr.txt"), speed("multi.txt"), speed("mrmulti.txt")
    assert mr.machine_readable and mr.symmetric[0].values[16384] == 1459723377.78
    assert multi.processes == 2 and multi.symmetric[0].algorithm == "aes-128-gcm"
    assert multi.symmetric[0].values[16384] == pytest.approx(2215185.42e3)
    assert mrmulti.processes == 2 and mrmulti.symmetric[0].values[16] == 29812990.10  # the combined line


def test_signatures_human_and_mr():
    human, mr = speed("asym.txt"), speed("mrasym.txt")
    assert [(a.algorithm, a.rates) for a in human.asymmetric] == [
        ("rsa-2048", {"sign": 989.5, "verify": 34393.9}), ("ecdsa-nistp256", {"sign": 28148.8, "verify": 9807.9})]
    assert [a.algorithm for a in mr.asymmetric] == ["rsa-2048", "ecdsa-nistp256"]


@pytest.mark.parametrize("name", sorted(p.name for p in SPEED.glob("*.txt")))
def test_every_speed_fixture_builds_a_valid_document(name):
    doc = opensslspeed.from_openssl_speed(speed(name), {"file": name})
    loader.validate(doc, name)
    assert doc["results"] and all(r["us_per_op"] > 0 for r in doc["results"])


def test_speed_records_carry_the_printed_figure():
    doc = opensslspeed.from_openssl_speed(speed("multi.txt"), {"file": "multi.txt"})
    rec = [r for r in doc["results"] if r["size"] == 16384][0]
    assert rec["name"] == "openssl:speed/aes-128-gcm/seal" and rec["class"] == "aead" and rec["threads"] == 2
    assert rec["source_figure"] == {"value": 2215185.42, "unit": "1000 bytes/s", "tool": "openssl speed"}
    assert rec["throughput_mb_s"] == pytest.approx(2215.18542)


def test_cryptsetup_cipher_table_and_na():
    out = cryptsetup.parse_text((CRYPTSETUP / "x86-aesni.txt").read_text())
    doc = cryptsetup.from_cryptsetup(out, {"file": "x86-aesni.txt"})
    loader.validate(doc)
    by_name = {r["name"]: r for r in doc["results"]}
    xts = by_name["kernel:cryptsetup/aes-256-xts/encrypt"]
    assert xts["params"] == {"key_bits": 512} and xts["throughput_mb_s"] == pytest.approx(2334.9 * 1.048576)
    assert by_name["kernel:cryptsetup/serpent-128-cbc/decrypt"]["status"] == "unavailable"
    assert by_name["cryptsetup:pbkdf2/pbkdf2-sha256/iterate"]["ops_per_s"] == 4088015
    assert any("argon2id" in w for w in doc["warnings"])


def test_cryptsetup_without_af_alg_says_so():
    out = cryptsetup.parse_text((CRYPTSETUP / "no-af-alg.txt").read_text())
    assert out.kernel_interface_missing and not out.ciphers and len(out.pbkdf2) == 5


@pytest.mark.parametrize("fmt,fixture", [("openssl-speed", SPEED / "mr.txt"),
                                         ("cryptsetup", CRYPTSETUP / "x86-aesni.txt")])
def test_import_cli(cli, tmp_path, fmt, fixture):
    r = cli("import", fmt, fixture, "--json", tmp_path / "out.json")
    assert r.returncode == 0, r.stderr
    loader.validate(json.loads((tmp_path / "out.json").read_text()))
    r = cli("import", fmt, ROOT / "README.md", "--out-dir", tmp_path)
    assert r.returncode == 3 and "nothing imported" in r.stderr
