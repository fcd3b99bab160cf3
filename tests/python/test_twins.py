"""Clusters that disagree with their twins (issue 12, item 2): the binary compares the clusters of one
log in one request (aes_score.evaluate_log -> `cryptometer aes-score`, src/platform/aes_twins.c)."""

import pytest

from cryptometer.importers import common, sbcbench
from cryptometer.aes_score import evaluate_log, figure


def _a53(table, cluster, mhz, spm, observed=None):
    return figure("Cortex-A53", mhz, spm * mhz, arch="aarch64", cluster=cluster, observed=observed)


def test_a_cluster_off_its_twins_is_flagged_with_what_the_log_shows(table):
    figs = [_a53(table, 0, 1800, 467), _a53(table, 1, 1810, 466.5),
            _a53(table, 2, 1795, 452, observed=["sbc-bench measured 1795 MHz before the benchmarks and 1700 MHz after them"]),
            _a53(table, 3, 1400, 430)]
    v = evaluate_log(table, figs)
    assert [x["verdict"] for x in v] == ["consistent"] * 3 + ["clock-lower-than-claimed"]
    assert v[0]["twins"]["flagged"] is False and v[0]["twins"]["clusters"] == [1, 2]
    t = v[2]["twins"]
    # 452 is inside the family's 5% tolerance (-3.2%) but 3.1% off its twins' median (466.75)
    assert t["flagged"] is True and t["reference_score_per_mhz"] == pytest.approx(466.75)
    assert t["deviation"] == pytest.approx(452 / 466.75 - 1)
    assert "cluster 2" in t["message"] and "1700 MHz after them" in t["message"]
    assert "throttling" in t["message"] and "clock read higher" in t["message"]
    assert "twins" not in v[3]  # 1400 MHz: no twin within 3%


def test_twins_within_2_5_percent_are_not_flagged(table):
    v = evaluate_log(table, [_a53(table, 0, 1800, 467), _a53(table, 1, 1800, 457)])
    assert [x["twins"]["flagged"] for x in v] == [False, False]


def test_the_fixture_logs_flag_no_twins(fixtures_dir, table):
    """Every twin group of the 20 fixture logs agrees within 0.9%: the check adds no flag to them."""
    groups = 0
    for path in sorted(fixtures_dir.glob("*.txt")):
        raw = path.read_bytes()
        doc = sbcbench.build_document(sbcbench.parse_bytes(raw), common.source_info(path, raw), table)
        for a in doc["analysis"]["aes_score"]:
            if "twins" in a:
                groups += 1
                assert a["twins"]["flagged"] is False, (path.name, a["cluster"])
                assert abs(a["twins"]["deviation"]) < 0.009, (path.name, a["cluster"])
    assert groups == 23  # 3Sl9 (4), 3XTA (2), 4ju5 (5), 4kiu (10), 8SWL (2) clusters with twins
