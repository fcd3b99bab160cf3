"""Log shapes the 20 fixtures do not show, and logs that are cut, damaged or not sbc-bench at all.

The single-cluster and old-format logs below are short excerpts written for
these tests in the shape of real sbc-bench output (the single-cluster one
follows sbc-bench v0.9.40's log of an Allwinner H616 board, figures
included); the damaged logs are the real fixtures, cut or altered.
"""

import random

import pytest

from cryptometer import features, loader
from cryptometer.importers import common, sbcbench

SINGLE_CLUSTER = """\
sbc-bench v0.9.40 BQ-H616 (Wed, 12 Apr 2023 14:57:58 +0800)

Linux 5.16.17-sun50iw9 (BTT-CB1) \t04/12/23 \t_aarch64_\t(4 CPU)

##########################################################################

Checking cpufreq OPP (Cortex-A53):

No cpufreq support available. Measured on cpu1: 1006 MHz (1006.566/1006.494/1006.398)

##########################################################################

Executing benchmark twice on cluster 0 (Cortex-A53)

OpenSSL 1.1.1n, built on 15 Mar 2022
type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes
aes-128-cbc      65308.23k   208068.59k   445028.52k   649117.01k   749199.36k   755870.38k
aes-128-cbc      65389.67k   207643.58k   444223.66k   648155.14k   747446.27k   754854.57k
aes-192-cbc      62452.06k   188008.23k   371105.79k   504670.21k   564172.12k   568076.97k
aes-192-cbc      62626.42k   188420.74k   371661.82k   505677.82k   564985.86k   569633.45k
aes-256-cbc      61192.85k   176025.79k   326405.63k   425506.82k   466731.01k   464841.39k
aes-256-cbc      61163.81k   176234.99k   326281.56k   425387.69k   466709.16k   465534.98k

##########################################################################

Testing clockspeeds again. System health now:

Checking cpufreq OPP (Cortex-A53):

No cpufreq support available. Measured on cpu1: 1003 MHz (1003.100/1003.000/1002.900)

##########################################################################

Architecture:                    aarch64
CPU op-mode(s):                  32-bit, 64-bit
Byte Order:                      Little Endian
CPU(s):                          4
Vendor ID:                       ARM
Model name:                      Cortex-A53
Flags:                           fp asimd evtstrm aes pmull sha1 sha2 crc32 cpuid
"""

# Old shapes: 'Checking cpufreq OPP:' without CPUs or core, 'Measured: a/b/c' rows,
# 'Executing benchmark twice on cluster 0' without a core name, core from lscpu.
OLD_SINGLE_CLUSTER = """\
sbc-bench v0.6.2 Clearfog Pro (Sat, 01 Sep 2018 10:00:00 +0200)

Checking cpufreq OPP:

Cpufreq OPP: 1332    Measured: 1598.759/1598.621/1598.324
Cpufreq OPP:  666    Measured: 799.502/798.295/799.115

##########################################################################

Executing benchmark twice on cluster 0

OpenSSL 1.1.0f  25 May 2017
type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes
aes-256-cbc      20000.00k    25000.00k    26000.00k    27000.00k    27100.00k    27200.00k
aes-256-cbc      20100.00k    25100.00k    26100.00k    27100.00k    27200.00k    27300.00k

Architecture:          armv7l
Byte Order:            Little Endian
CPU(s):                2
Model name:            ARMv7 Processor rev 1 (v7l)
Flags:                 half thumb fastmult vfp edsp neon vfpv3 tls vfpd32
"""


def parse(text):
    return sbcbench.parse_text(text)


def doc_of(text, table, name="x.txt"):
    raw = text.encode("utf-8", errors="surrogateescape")
    log = sbcbench.parse_bytes(raw)
    return log, sbcbench.build_document(log, common.source_info(name, raw), table)


def test_single_cluster_keeps_both_runs_and_uses_the_highest(table, schema):
    log, doc = doc_of(SINGLE_CLUSTER, table)
    assert log.warnings == []
    assert log.openssl_mode == "twice"
    assert len(log.clusters) == 1
    cluster = doc["context"]["cpu"]["clusters"][0]
    assert cluster["cpus"] == [0, 1, 2, 3] and cluster["core_name"] == "Cortex-A53"
    assert cluster["measured_mhz"] == 1006 and cluster["claimed_mhz"] is None
    rec = [r for r in doc["results"] if r["algorithm"] == "aes-256-cbc" and r["size"] == 16384][0]
    assert rec["repeats"] == [464841.39, 465534.98]
    assert rec["source_figure"]["value"] == 465534.98      # the highest of the two runs
    assert rec["cpu"] is None                              # sbc-bench did not pin this run
    a = doc["analysis"]["aes_score"][0]
    assert a["verdict"] == "consistent"
    assert a["score_per_mhz"] == pytest.approx(465534.98 / 1006, rel=1e-5)
    assert log.clusters[0].measured_after_mhz == 1003
    assert loader.violations(doc) == []
    assert doc["complete"] is True


def test_old_single_cluster_shape(table, schema):
    log, doc = doc_of(OLD_SINGLE_CLUSTER, table)
    cluster = doc["context"]["cpu"]["clusters"][0]
    assert cluster["cpus"] == [0, 1]
    assert cluster["claimed_mhz"] == 1332
    assert cluster["measured_mhz"] == 1598.6                # median of 1598.759/1598.621/1598.324
    assert cluster["core_name"] == "ARMv7 Processor rev 1 (v7l)"
    assert doc["context"]["libraries"][0]["version"] == "1.1.0f"
    a = doc["analysis"]["aes_score"][0]
    # far below every family, and the log's flags lack aes: absent (not "absent or unused")
    assert a["verdict"] == "crypto-extensions-absent"
    assert not {f["name"]: f["present"] for f in doc["context"]["cpu"]["features"]}["aes"]
    assert loader.violations(doc) == []


def test_labels_that_disagree_with_the_opp_blocks_are_said(fixtures_dir, table):
    text = (fixtures_dir / "4cHh.txt").read_text()
    text = text.replace("1254539.26k (Cortex-A73)", "1254539.26k (Cortex-A53)")
    log = parse(text)
    assert any("labelled 'Cortex-A53'" in w and "'Cortex-A73'" in w for w in log.warnings)


def _with_measured(fixtures_dir, name, old, new):
    text = (fixtures_dir / name).read_text()
    assert old in text
    return text.replace(old, new, 1)


def test_clock_lower_than_claimed_is_explained(fixtures_dir, table):
    # 4ju5 line 28 altered: as if mhz had measured 2300 MHz; the A72 figure says ~1994 MHz.
    text = _with_measured(fixtures_dir, "4ju5.txt", "Cpufreq OPP: 2000    Measured: 1998 (1998.510/1998.510/1998.510)",
                          "Cpufreq OPP: 2000    Measured: 2300 (2300.000/2300.000/2300.000)")
    _, doc = doc_of(text, table)
    a = doc["analysis"]["aes_score"][0]
    assert a["verdict"] == "clock-lower-than-claimed"
    assert a["implied_mhz"] == pytest.approx(1136689.15 / 570, abs=0.1)
    assert "as a core at ~1994 MHz would: the clock was likely lower than the 2300 MHz measured" in a["message"]
    assert "The cpufreq claim of 2000 MHz fits the score instead" in a["message"]
    assert a["claimed_verdict"] == "consistent"


def test_clock_higher_than_claimed_is_explained(fixtures_dir, table):
    text = _with_measured(fixtures_dir, "4ju5.txt", "Cpufreq OPP: 2000    Measured: 1998 (1998.510/1998.510/1998.510)",
                          "Cpufreq OPP: 2000    Measured: 1700 (1700.000/1700.000/1700.000)")
    _, doc = doc_of(text, table)
    a = doc["analysis"]["aes_score"][0]
    assert a["verdict"] == "clock-higher-than-claimed"
    assert "higher than the 1700 MHz measured" in a["message"]


# --------------------------------------------------------------------------
# Damaged logs
# --------------------------------------------------------------------------

def test_log_cut_inside_an_openssl_row(fixtures_dir, table, schema):
    lines = (fixtures_dir / "40cj.txt").read_text().split("\n")
    # line 377 is "aes-256-cbc      85877.59k   247370.54k   458134.70k ..."
    cut = "\n".join(lines[:376]) + "\n" + lines[376][:40]
    log, doc = doc_of(cut, table)
    assert any("line 377" in w and "2 figures for 6 block sizes" in w for w in log.warnings)
    assert any("1 aes-256-cbc rows for 2 clusters" in w for w in log.warnings)
    assert any("no lscpu output" in w for w in log.warnings)
    assert [a["verdict"] for a in doc["analysis"]["aes_score"]] == ["insufficient-data"] * 2
    assert doc["complete"] is False
    assert loader.violations(doc) == []


def test_log_cut_before_openssl(fixtures_dir, table, schema):
    lines = (fixtures_dir / "3MuT.txt").read_text().split("\n")
    log, doc = doc_of("\n".join(lines[:120]), table)
    assert any("no OpenSSL section" in w for w in log.warnings)
    assert doc["results"] == [] and doc["complete"] is False
    assert [c["measured_mhz"] for c in doc["context"]["cpu"]["clusters"]] == [1990, 1910]
    assert loader.violations(doc) == []


def test_log_without_its_beginning(fixtures_dir, table, schema):
    lines = (fixtures_dir / "rca7s.txt").read_text().split("\n")
    log, doc = doc_of("\n".join(lines[300:]), table)   # header and first OPP pass are gone
    assert any("no sbc-bench header" in w for w in log.warnings)
    assert any("line 491" in w and "repeated under load" in w for w in log.warnings)  # 791 - 300
    assert log.openssl_mode == "per-cluster"
    assert loader.violations(doc) == []


@pytest.mark.parametrize("name", ["1ET4.txt", "3GmR.txt", "3Sl9.txt", "41Qa.txt", "4E5J.txt",
                                  "4kiu.txt", "4pC7.txt", "8SWL.txt", "fml13v03.txt", "Xd38a.txt"])
def test_any_cut_imports_without_exception(name, fixtures_dir, table, schema):
    lines = (fixtures_dir / name).read_text().split("\n")
    step = max(1, len(lines) // 40)
    for end in range(0, len(lines), step):
        text = "\n".join(lines[:end])
        cut_row = text + "\n" + lines[end][: len(lines[end]) // 2] if end < len(lines) else text
        for candidate in (text, cut_row):
            log, doc = doc_of(candidate, table)
            assert loader.violations(doc) == [], (name, end)


def test_garbage_bytes_do_not_crash(table, schema):
    rng = random.Random(1234)
    for _ in range(20):
        raw = bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 4000)))
        log = sbcbench.parse_bytes(raw)
        doc = sbcbench.build_document(log, common.source_info("g.bin", raw), table)
        assert loader.violations(doc) == []
        assert not log.looks_like_sbc_bench()


def test_binary_and_non_utf8_input_is_said():
    log = sbcbench.parse_bytes(b"\x00\x01\x02ELF\xff\xfe")
    assert any("NUL bytes" in w for w in log.warnings)
    assert any("not valid UTF-8" in w for w in log.warnings)


def test_not_an_sbc_bench_file(table):
    text = "name,value\nfoo,1\nbar,2\n"
    log = parse(text)
    assert not log.looks_like_sbc_bench()
    assert any("no sbc-bench header" in w for w in log.warnings)
    assert any("no 'Checking cpufreq OPP' block" in w for w in log.warnings)
    assert any("no OpenSSL section" in w for w in log.warnings)


def test_empty_file():
    log = sbcbench.parse_bytes(b"")
    assert not log.looks_like_sbc_bench() and log.warnings


def test_parse_flags_and_features():
    table = features.load_table()
    flags = sbcbench.parse_flags(" fp asimd  aes pmull sha1 sha2\n")
    assert flags == ["fp", "asimd", "aes", "pmull", "sha1", "sha2"]
    feats = {f["name"]: f for f in features.crypto_features("aarch64", flags, table=table)}
    assert feats["aes"]["present"] and not feats["sha3"]["present"]
    assert feats["pmull"]["accelerates"].startswith("64x64-bit polynomial multiply")
    arm32 = {f["name"]: f["present"] for f in features.crypto_features("armv7l", ["neon"], table=table)}
    assert arm32["neon"] and not arm32["aes"]
    x86 = {f["name"]: f["present"] for f in features.crypto_features("x86_64", ["aes", "sha_ni"], table=table)}
    assert x86["aes"] and x86["sha_ni"] and not x86["vaes"]
    rv = {f["name"]: f["present"]
          for f in features.crypto_features("riscv64", [], "rv64gc_zkne_zknd_zvkned", table=table)}
    assert rv["zkne"] and rv["zknd"] and rv["zvkned"] and not rv["zknh"]
    assert features.crypto_features("mips", ["aes"], table=table) == []
    assert features.crypto_features("aarch64", ["aes"], table=None) == []


def test_cpuinfo_features_line_when_lscpu_is_missing():
    log = parse("sbc-bench v0.9.9 Board (Mon, 01 Jan 2024 00:00:00 +0000)\n\n"
                "Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32\n")
    assert log.flags_source == "cpuinfo" and "aes" in log.flags
    feats = features.crypto_features("aarch64", log.flags, table=features.load_table(), source=log.flags_source)
    assert {f["source"] for f in feats} == {"cpuinfo"}


def test_a_clock_of_minus_one_is_no_figure(fixtures_dir, table):
    # 4E5J's topology table altered: cpu15's max speed printed as -1 (as sbc-bench prints a
    # missing policy); the schema's clocks are never negative (found by test_fuzz_parsers).
    text = _with_measured(fixtures_dir, "4E5J.txt", " 15        0       15      400    3700   Efficiency",
                          " 15        0       15      400      -1   Efficiency")
    log, doc = doc_of(text, table)
    alone = [c for c in doc["context"]["cpu"]["clusters"] if c["cpus"] == [15]]
    assert alone and alone[0]["freq_max_mhz"] is None and alone[0]["freq_min_mhz"] == 400
    assert loader.violations(doc) == []


def test_nul_inside_a_core_name_is_read_as_a_replacement_character(table, fixtures_dir):
    """A NUL byte in a core name (a log cut by power loss holds runs of them) reaches the
    AES-score rule in the C binary, which cannot read \\u0000: it is read as U+FFFD and said."""
    raw = (fixtures_dir / "1ET4.txt").read_bytes().replace(b"(Cortex-A720)", b"(Cortex-A\x00720)")
    log = sbcbench.parse_bytes(raw)
    doc = sbcbench.build_document(log, common.source_info("nul.txt", raw), table)
    assert loader.violations(doc) == []
    assert any("NUL bytes" in w for w in log.warnings)
    assert "\x00" not in repr(doc) and "Cortex-A\ufffd720" in repr(doc)
