"""Reading `cryptsetup benchmark` and the VM's output in bench/afalg_vs_cryptsetup.py: real
recorded outputs (tests/data/speedtools/cryptsetup-2.6.1*.txt), N/A kept as N/A, bad input,
the copy-path filter and the order of rounds. No timing is asserted."""
import json
import re
import sys

import pytest

from analysis_helpers import ROOT

sys.path.insert(0, str(ROOT / "bench"))
import afalg_vs_cryptsetup as B  # noqa: E402

DATA = ROOT / "tests" / "data" / "speedtools"


def test_full_benchmark_figures_and_na_rows():
    got = B.parse_cryptsetup((DATA / "cryptsetup-2.6.1.txt").read_text())
    assert len(got) == 12  # 4 cipher rows of each of aes, serpent, twofish; no PBKDF line
    assert got[("aes-cbc", 128)] == (13.9, 15.6)
    assert got[("aes-xts", 512)] == (17.7, 19.5)
    assert got[("serpent-cbc", 128)] is None and got[("twofish-xts", 512)] is None


def test_one_cipher_and_not_available():
    text = (DATA / "cryptsetup-2.6.1-cipher.txt").read_text()
    assert B.cryptsetup_figure(text, "aes-cbc", 128, "encrypt") == (23.1, None)
    assert B.cryptsetup_figure(text, "aes-cbc", 128, "decrypt") == (32.0, None)
    na = (DATA / "cryptsetup-2.6.1-cipher-na.txt").read_text()
    value, why = B.cryptsetup_figure(na, "serpent-cbc", 128, "encrypt")
    assert value is None
    assert why == "N/A: Cipher serpent-cbc (with 128 bits key) is not available."
    full = (DATA / "cryptsetup-2.6.1.txt").read_text()
    assert B.cryptsetup_figure(full, "serpent-xts", 256, "decrypt") == (None, "N/A")


def test_unreadable_figure_line_is_an_error():
    with pytest.raises(ValueError, match="unreadable figure line"):
        B.parse_cryptsetup("    aes-cbc        128b        fast MiB/s        32.0 MiB/s\n")
    value, why = B.cryptsetup_figure("    aes-cbc        128b   12,5 MiB/s  3 MiB/s\n",
                                     "aes-cbc", 128, "encrypt")
    assert value is None and "unreadable" in why


def test_copy_path_filter_keeps_drivers_and_drops_splice():
    f = re.compile(B.COPY_PATH)
    for name in ["afalg:kernel/aes-128-cbc/encrypt", "afalg:cbc-aes-aesni/aes-128-cbc/encrypt",
                 "afalg:cbc(aes-generic)/aes-256-cbc/decrypt", "afalg:xts(aes-aesni)/aes-128-xts/encrypt"]:
        assert f.search(name), name
    for name in ["afalg:kernel.splice/aes-128-cbc/encrypt", "afalg:cbc-aes-aesni.splice/aes-128-cbc/decrypt",
                 "openssl:afalg-engine/aes-128-cbc/encrypt"]:
        assert not f.search(name), name


def test_vm_script_alternates_order_and_names_every_cipher():
    s = B.vm_script("/usr/sbin/cryptsetup", 0.5, 2, False)
    rounds = s.split(f"echo '{B.MARK} round ")[1:]
    assert len(rounds) == 2
    assert rounds[0].index("benchmark --cipher") < rounds[0].index("/cryptometer run")
    assert rounds[1].index("/cryptometer run") < rounds[1].index("benchmark --cipher")
    for c, k, alg, _ in B.CIPHERS:
        assert f"--cipher {c} --key-size {k} " in rounds[0]
        assert alg in rounds[0].split("--algorithms ")[1].split()[0].split(",")
    assert "--sizes 65536 " in s and "--filter '^afalg:kernel/'" in s
    assert f"--filter '{B.COPY_PATH}'" in B.vm_script("cs", 0.5, 1, True)


def test_split_output_rounds_cryptsetup_and_records():
    rec = {"algorithm": "aes-128-cbc", "operation": "encrypt", "variant": "kernel", "status": "ok"}
    m = B.MARK
    text = "\n".join([
        "noise before", f"{m} round 0", f"{m} cs aes-cbc 128",
        (DATA / "cryptsetup-2.6.1-cipher.txt").read_text().rstrip("\n"),
        f"{m} cm-exit 0", f"{m} cm-json", json.dumps({"results": [rec]}),
        f"{m} round 1", f"{m} cm-exit 2", "cryptometer run: error: unknown algorithm 'x'",
        f"{m} cm-json", f"{m} cs aes-cbc 128",
        (DATA / "cryptsetup-2.6.1-cipher-na.txt").read_text().rstrip("\n")])
    r0, r1 = B.split_output(text)
    assert r0["cm"] == [rec]
    assert B.cryptsetup_figure(r0["cs"][("aes-cbc", 128)], "aes-cbc", 128, "encrypt") == (23.1, None)
    assert isinstance(r1["cm"], str) and "exit 2" in r1["cm"] and "unknown algorithm" in r1["cm"]
    assert B.cryptsetup_figure(r1["cs"][("aes-cbc", 128)], "aes-cbc", 128, "encrypt")[0] is None


def test_table_pairs_rounds_and_keeps_na_and_missing_rows(capsys):
    def rec(alg, op, mb_s, status="ok"):
        ns = 65536 * 1e3 / mb_s
        return {"algorithm": alg, "operation": op, "variant": "kernel", "status": status,
                "reason": None if status == "ok" else "why", "size": 65536, "unit": "byte",
                "served_by": "cbc-aes-aesni", "stats": {"median_ns": ns, "mean_ns": ns * 2}}
    cs = (DATA / "cryptsetup-2.6.1-cipher.txt").read_text()          # 23.1 / 32.0 MiB/s
    na = (DATA / "cryptsetup-2.6.1-cipher-na.txt").read_text().replace("serpent-cbc", "aes-cbc")
    rounds = [{"cs": {("aes-cbc", 128): cs, ("aes-cbc", 256): na},
               "cm": [rec("aes-128-cbc", "encrypt", 23.1 * B.MIB_IN_MB * 1.5),
                      rec("aes-128-cbc", "decrypt", 32.0 * B.MIB_IN_MB),
                      rec("aes-256-cbc", "encrypt", 10.0), rec("aes-128-xts", "encrypt", 1, "failed")]}]
    rows = {tuple(cells[:3]): (cells, note) for cells, note in B.rows_of(rounds)}
    cells, note = rows[("aes-cbc", "128b", "encrypt")]
    assert cells[3:5] == ["23.1", f"{23.1 * B.MIB_IN_MB:.1f}"] and cells[5:7] == ["kernel", "cbc-aes-aesni"]
    assert cells[8:] == ["1.50", f"{1.5 * 23.1 / 22.1:.2f}", "0.75"] and note == ""
    assert rows[("aes-cbc", "128b", "decrypt")][0][8] == "1.00"
    cells, note = rows[("aes-cbc", "256b", "encrypt")]      # N/A shown, not dropped
    assert cells[3] == "N/A" and cells[7] == "10.0" and cells[8] == "-"
    assert note == "cryptsetup: N/A: Cipher aes-cbc (with 128 bits key) is not available."
    cells, note = rows[("aes-xts", "256b", "encrypt")]
    assert cells[3] == "N/A" and cells[5] == "kernel" and cells[7] == "-"
    assert note == "cryptsetup: no output; failed: why"
    assert rows[("aes-xts", "256b", "decrypt")][1] == "cryptsetup: no output; no cryptometer record"
    assert "CTR decryption is encryption" in rows[("aes-ctr", "128b", "decrypt")][1]
    assert len(rows) == 12
    B.table(rounds)
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 13 and out[0].split()[:3] == ["cipher", "key", "op"]
