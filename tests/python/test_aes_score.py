"""The AES score per MHz table (data/aes_score_per_mhz.json) and the verdict rule of aes_score.py."""

import json

import pytest

from cryptometer import aes_score, data
from cryptometer.aes_score import AesScoreTable, TableError, evaluate, normalise_core_name


def test_table_has_the_seed_values_of_issue_3(table):
    seeds = {"Cortex-A35": 217, "Cortex-A57": 359, "Cortex-A53": 467, "Cortex-A55": 467,
             "Cortex-A72": 570, "Cortex-A73": 570, "Cortex-A76": 570, "Cortex-A77": 570,
             "Cortex-A78": 570, "Neoverse-N1": 570, "NVIDIA Carmel": 374}
    for core, ratio in seeds.items():
        family = table.family_of(core)
        assert family is not None, core
        assert family.ratio == ratio
        assert "sbc-bench" in family.source and "issue #3" in family.source


def test_table_entries_are_complete_and_cited():
    raw = data.load_json(aes_score.TABLE_NAME)
    for entry in raw["families"]:
        assert set(entry) >= {"family", "cores", "ratio", "tolerance", "source"}
        assert entry["cores"] and entry["ratio"] > 0 and 0 < entry["tolerance"] < 0.2
        assert len(entry["source"]) > 20
        if entry["source"].startswith("Derived from"):
            assert "tests/fixtures/sbc-bench/" in entry["source"]
    assert raw["crypto_extensions_absent"]["fraction"] == 0.4
    assert raw["crypto_extensions_absent"]["observed"]


def test_no_core_name_in_two_families():
    raw = data.load_json(aes_score.TABLE_NAME)
    seen = {}
    for entry in raw["families"]:
        for core in entry["cores"]:
            key = normalise_core_name(core)
            assert key not in seen, (core, seen.get(key), entry["family"])
            seen[key] = entry["family"]


def test_duplicate_core_is_a_table_error():
    doc = {"families": [
        {"family": "a", "cores": ["Cortex-A53"], "ratio": 1, "tolerance": 0.05, "source": "x"},
        {"family": "b", "cores": ["cortex a53"], "ratio": 2, "tolerance": 0.05, "source": "x"}],
        "crypto_extensions_absent": {"fraction": 0.4}}
    with pytest.raises(TableError, match="two families"):
        AesScoreTable.from_json(doc)


def test_malformed_table_is_a_table_error():
    with pytest.raises(TableError):
        AesScoreTable.from_json({"families": [{"family": "a"}]})


def test_name_matching_is_ascii_letters_and_digits_only():
    assert normalise_core_name("Kryo-4XX-Silver") == normalise_core_name("Kryo 4XX Silver") == "kryo4xxsilver"
    assert normalise_core_name("Qualcomm Falkor V1/Kryo") == "qualcommfalkorv1kryo"
    assert normalise_core_name("\u0130ntel") == "ntel"   # non-ASCII is dropped, never folded
    assert normalise_core_name(None) == ""


def test_consistent(table):
    r = evaluate(table, "Cortex-A72", 1800, 1026000)
    assert r["verdict"] == "consistent"
    assert r["expected_kbs"] == pytest.approx(1026000)
    assert r["deviation"] == pytest.approx(0.0)


def test_the_example_of_the_brief(table):
    r = evaluate(table, "Cortex-A72", 1800, 902000)
    assert r["verdict"] == "clock-lower-than-claimed"
    assert r["implied_mhz"] == pytest.approx(902000 / 570)
    assert r["deviation"] == pytest.approx(902000 / 1800 / 570 - 1)
    assert r["message"] == ("Cortex-A72 at 1800 MHz measured should score ~1026000 k/s in AES-256-CBC 16 KiB "
                            "(570 per MHz); it scores 902000 (-12.1%), as a core at ~1582 MHz would: the clock "
                            "was likely lower than the 1800 MHz measured.")


def test_clock_higher(table):
    r = evaluate(table, "Cortex-A53", 1000, 560000, mhz_label="claimed by cpufreq")
    assert r["verdict"] == "clock-higher-than-claimed"
    assert "higher than the 1000 MHz claimed by cpufreq" in r["message"]


def test_tolerance_band(table):
    # |deviation| <= 5% is consistent; just outside is not. (At exactly 5% the result depends on
    # double rounding of kbs/mhz/ratio - 1, which C reproduces by computing in the same order.)
    assert evaluate(table, "Cortex-A53", 1000, 467000 * 0.9501)["verdict"] == "consistent"
    assert evaluate(table, "Cortex-A53", 1000, 467000 * 1.0499)["verdict"] == "consistent"
    assert evaluate(table, "Cortex-A53", 1000, 467000 * 0.9499)["verdict"] == "clock-lower-than-claimed"
    assert evaluate(table, "Cortex-A53", 1000, 467000 * 1.0501)["verdict"] == "clock-higher-than-claimed"


def test_absent_threshold_uses_the_family_ratio_when_known(table):
    # 0.4 * 570 = 228 per MHz for an A72; 200 per MHz is "absent or unused" there ...
    assert evaluate(table, "Cortex-A72", 1000, 200000)["verdict"] == "crypto-extensions-absent-or-unused"
    # ... but for an unknown core the threshold is 0.4 * 217 (the smallest ratio) = 86.8.
    assert evaluate(table, "Mystery-1", 1000, 200000)["verdict"] == "unknown-family"
    assert evaluate(table, "Mystery-1", 1000, 80000)["verdict"] == "crypto-extensions-absent-or-unused"


def test_unknown_family_names_the_closest(table):
    r = evaluate(table, "Performance", 4970, 1771334.31)
    assert r["verdict"] == "unknown-family"
    assert r["closest_family"]["family"] == "Intel Golden Cove/Raptor Cove (P-core)"
    assert r["family"] is None and r["implied_mhz"] is None


def test_insufficient_data(table):
    assert evaluate(table, "Cortex-A53", None, 100000)["verdict"] == "insufficient-data"
    assert evaluate(table, "Cortex-A53", 1000, None)["verdict"] == "insufficient-data"
    assert evaluate(table, "Cortex-A53", 0, 100000)["verdict"] == "insufficient-data"


def test_claimed_clock_is_judged_too(table):
    r = evaluate(table, "Cortex-A53", 1412, 659286.70, claimed_mhz=1512)
    assert r["verdict"] == "consistent" and r["claimed_verdict"] == "clock-lower-than-claimed"
    assert r["claimed_deviation"] == pytest.approx(659286.70 / 1512 / 467 - 1)
    r = evaluate(table, "Cortex-A53", 1000, 467000, claimed_mhz=1010)   # 1% apart: no sentence
    assert r["claimed_verdict"] == "consistent" and "cpufreq" not in r["message"]


def test_data_dir_override(tmp_path, monkeypatch):
    (tmp_path / aes_score.TABLE_NAME).write_text(json.dumps({
        "families": [{"family": "X", "cores": ["X1"], "ratio": 100, "tolerance": 0.1, "source": "test"}],
        "crypto_extensions_absent": {"fraction": 0.4}}))
    monkeypatch.setenv(data.ENV_VAR, str(tmp_path))
    t = AesScoreTable.load()
    assert [f.name for f in t.families] == ["X"]
    monkeypatch.setenv(data.ENV_VAR, str(tmp_path / "missing"))
    with pytest.raises(TableError, match="does not exist"):
        AesScoreTable.load()


def test_core_names_of_the_midr_table_find_their_family(table):
    """Names as data/cpu_cores.json spells them (what a live run reports) reach the right family."""
    raw = data.load_json("cpu_cores.json")
    names = set()
    for vendor in raw["implementers"].values():
        for part in vendor["parts"].values():
            names.add(part if isinstance(part, str) else part["name"])
    expected = {
        "Cortex-A35": "Cortex-A35", "Cortex-A53": "Cortex-A53/A55", "Cortex-A55": "Cortex-A53/A55",
        "Cortex-A57": "Cortex-A57", "Cortex-A72": "Cortex-A72/A73/A76/A77/A78, Neoverse-N1",
        "Neoverse-N1": "Cortex-A72/A73/A76/A77/A78, Neoverse-N1", "Carmel": "NVIDIA Carmel",
        "Cortex-A78C": "Cortex-A78AE/A78C, Cortex-X1C", "Cortex-X1C": "Cortex-A78AE/A78C, Cortex-X1C",
        "Cortex-A520": "Cortex-A520", "Cortex-A720": "Cortex-A720", "FTC663": "Phytium FTC663",
        "Oryon": "Qualcomm Oryon", "Kryo-V2": "Qualcomm Kryo Silver (Cortex-A53/A55 derivatives)",
        "Kryo-3XX-Silver": "Qualcomm Kryo Silver (Cortex-A53/A55 derivatives)",
        "Kryo-4XX-Silver": "Qualcomm Kryo Silver (Cortex-A53/A55 derivatives)",
        "Falkor-V1/Kryo": "Qualcomm Kryo 2XX/4XX Gold (Cortex-A73/A76 derivatives)",
        "Kryo-4XX-Gold": "Qualcomm Kryo 2XX/4XX Gold (Cortex-A73/A76 derivatives)",
        "Kryo-3XX-Gold": "Qualcomm Kryo 3XX Gold",
        "Firestorm-M1-Pro": "Apple Firestorm", "Icestorm-M1-Pro": "Apple Icestorm",
    }
    for name, family in expected.items():
        assert name in names, name
        assert table.family_of(name).name == family, name
