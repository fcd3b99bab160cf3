"""The AES score per MHz table (data/aes_score_per_mhz.json) and the verdict rule of aes_score.py."""

import hashlib
import json
import re
from pathlib import Path

import pytest

from cryptometer import aes_score, data
from cryptometer.aes_score import AesScoreTable, TableError, evaluate

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "sbc-bench"



def canonical_arch(table, arch):
    """The table's name for ``arch``, as the binary (the one implementation of the rule) names it."""
    return evaluate(table, "Cortex-A53", 1.0, 1.0, arch=arch)["arch"]


def one_core_table(core):
    """A table of one family whose one core is ``core``."""
    return AesScoreTable.from_json({"families": [{"family": "f", "cores": [core], "arch": "aarch64", "ratio": 1,
                                                  "tolerance": 0.05, "source": "x"}],
                                    "crypto_extensions_absent": {"fraction": 0.4}})


def _sha256(name):
    return hashlib.sha256((FIXTURES / name).read_bytes()).hexdigest()


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
    table = AesScoreTable.from_json(raw)   # the binary matches every core: one in two families is refused
    for entry in raw["families"]:
        for core in entry["cores"]:
            assert table.family_of(core).name == entry["family"], core


def test_duplicate_core_is_a_table_error():
    doc = {"families": [
        {"family": "a", "cores": ["Cortex-A53"], "arch": "aarch64", "ratio": 1, "tolerance": 0.05,
         "source": "x"},
        {"family": "b", "cores": ["cortex a53"], "arch": "aarch64", "ratio": 2, "tolerance": 0.05,
         "source": "x"}],
        "crypto_extensions_absent": {"fraction": 0.4}}
    with pytest.raises(TableError, match="two families"):
        AesScoreTable.from_json(doc)


def test_malformed_table_is_a_table_error():
    with pytest.raises(TableError):
        AesScoreTable.from_json({"families": [{"family": "a"}]})


def test_family_without_arch_is_a_table_error():
    doc = {"families": [{"family": "a", "cores": ["X1"], "ratio": 1, "tolerance": 0.05, "source": "x"}],
           "crypto_extensions_absent": {"fraction": 0.4}}
    with pytest.raises(TableError):
        AesScoreTable.from_json(doc)
    doc["families"][0]["arch"] = ""
    with pytest.raises(TableError, match="no architecture"):
        AesScoreTable.from_json(doc)


def test_every_family_has_a_canonical_arch(table):
    raw = data.load_json(aes_score.TABLE_NAME)
    arches = {}
    for entry in raw["families"]:
        assert canonical_arch(table, entry["arch"]) == entry["arch"], entry["family"]
        arches[entry["family"]] = entry["arch"]
    assert {a for a in arches.values()} == {"aarch64", "x86_64"}
    assert arches["Intel Golden Cove/Raptor Cove (P-core)"] == arches["Intel Gracemont (E-core)"] == "x86_64"
    assert arches["Apple Firestorm"] == arches["Cortex-A53/A55"] == "aarch64"


def test_canonical_arch(table):
    arch = lambda name: canonical_arch(table, name)   # noqa: E731
    assert arch("x86_64") == arch("AMD64") == "x86_64"
    assert arch("aarch64") == arch("arm64") == "aarch64"
    assert arch("armv7l") == arch("armv8l") == arch("arm") == "arm"
    assert arch("i386") == arch("i686") == arch("x86") == "i686"
    assert arch("riscv64") == "riscv64"
    assert arch(None) is None and arch("") is None


def test_derived_from_names_the_logs_of_the_source_by_their_sha256():
    """derived_from lists exactly the fixture logs the source text says the ratio came from, with the
    SHA-256 of the fixture's bytes (so an edited fixture is noticed)."""
    raw = data.load_json(aes_score.TABLE_NAME)
    derived = 0
    for entry in raw["families"]:
        named = set(re.findall(r"([0-9A-Za-z]+)\.txt", entry["source"]))
        listed = entry.get("derived_from", [])
        assert {d["log"].rsplit("/", 1)[-1][:-4] for d in listed} == named, entry["family"]
        for d in listed:
            # the log as the import recorded it (its file name; collect --write-table copies it)
            name = d["log"].rsplit("/", 1)[-1]
            assert (ROOT / "tests/fixtures/sbc-bench" / name).is_file(), d["log"]
            assert d["sha256"] == _sha256(name), d["log"]
        derived += bool(listed)
    assert derived == 10


def test_name_matching_is_ascii_letters_and_digits_only():
    # names match as their ASCII letters and digits, lower-cased (the binary's rule)
    assert one_core_table("kryo4xxsilver").family_of("Kryo-4XX-Silver").name == "f"
    assert one_core_table("kryo4xxsilver").family_of("Kryo 4XX Silver").name == "f"
    assert one_core_table("qualcommfalkorv1kryo").family_of("Qualcomm Falkor V1/Kryo").name == "f"
    assert one_core_table("ntel").family_of("\u0130ntel").name == "f"   # non-ASCII is dropped, never folded
    assert one_core_table("Cortex-A53").family_of(None) is None


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
    r = evaluate(table, "Performance", 4970, 1771334.31, arch="x86_64")
    assert r["verdict"] == "unknown-family"
    assert r["closest_family"]["family"] == "Intel Golden Cove/Raptor Cove (P-core)"
    assert r["family"] is None and r["implied_mhz"] is None
    assert r["arch"] == "x86_64" and r["circular"] is False


def test_closest_family_is_of_the_same_architecture(table):
    # 351 per MHz is Apple Firestorm's ratio exactly, but a Xeon is not compared with Apple cores.
    xeon = "Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz"
    r = evaluate(table, xeon, 3000, 1053000, arch="x86_64")
    assert r["verdict"] == "unknown-family"
    assert r["closest_family"]["family"] == "Intel Golden Cove/Raptor Cove (P-core)"
    assert r["message"] == (
        "Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz is not a core family in the AES score table; at 3000 MHz "
        "measured it scores 1053000 k/s, 351.0 per MHz, closest to Intel Golden Cove/Raptor Cove (P-core) "
        "(356 per MHz, -1.4%) of the x86_64 families in the table.")
    assert evaluate(table, xeon, 3000, 1053000, arch="amd64")["closest_family"] == r["closest_family"]
    r = evaluate(table, "Mystery-1", 3000, 1053000, arch="aarch64")
    assert r["closest_family"]["family"] == "Apple Firestorm"
    assert "Firestorm" not in evaluate(table, xeon, 3000, 1053000, arch="x86_64")["message"]


def test_no_family_of_the_architecture_names_none(table):
    r = evaluate(table, "eswin,eic770x", 1800, 540000, arch="riscv64")
    assert r["verdict"] == "unknown-family" and r["closest_family"] is None
    assert r["message"] == ("eswin,eic770x is not a core family in the AES score table; at 1800 MHz measured "
                            "it scores 540000 k/s, 300.0 per MHz; the table has no riscv64 family to compare "
                            "it with.")
    r = evaluate(table, "Mystery-1", 1800, 540000)
    assert r["verdict"] == "unknown-family" and r["closest_family"] is None and r["arch"] is None
    assert r["message"].endswith("300.0 per MHz; its architecture is unknown, so no family is compared "
                                 "with it.")
    # A known family is found by its core name whatever the architecture says.
    assert evaluate(table, "Cortex-A53", 1000, 467000, arch="armv7l")["family"] == "Cortex-A53/A55"
    # The absent threshold is the smallest ratio of the whole table, for every architecture.
    assert evaluate(table, "eswin,eic770x", 1797, 50402.65, arch="riscv64")["verdict"] == \
        "crypto-extensions-absent-or-unused"


def test_circular_verdict_keeps_its_code(table):
    sha = _sha256("1ET4.txt")
    r = evaluate(table, "Cortex-A720", 2598, 1458356.22, arch="aarch64", log_sha256=sha)
    assert r["verdict"] == "consistent" and r["circular"] is True
    assert r["message"] == (
        "Cortex-A720 at 2598 MHz measured should score ~1457478 k/s in AES-256-CBC 16 KiB (561 per MHz); it "
        "scores 1458356 (+0.1%): consistent with the Cortex-A720 family (the table's ratio for this family "
        "was derived from this log, so agreement proves nothing).")
    assert evaluate(table, "Cortex-A720", 2598, 1458356.22, log_sha256=sha.upper())["circular"] is True
    # another log, a live run (no log), or a family not derived from this log: not circular
    other = evaluate(table, "Cortex-A720", 2598, 1458356.22, log_sha256=_sha256("4cHh.txt"))
    assert other["circular"] is False and "derived" not in other["message"]
    assert evaluate(table, "Cortex-A720", 2598, 1458356.22)["circular"] is False
    assert evaluate(table, "Cortex-A53", 1000, 467000, log_sha256=sha)["circular"] is False
    # a clock verdict on a derived log carries the words before the cpufreq sentence
    r = evaluate(table, "Cortex-A720", 2598, 1300000, claimed_mhz=2300, log_sha256=sha)
    assert r["verdict"] == "clock-lower-than-claimed" and r["circular"] is True
    assert ("than the 2598 MHz measured (the table's ratio for this family was derived from this log, so "
            "agreement proves nothing). The cpufreq claim") in r["message"]
    # the closest family of an unknown core counts too
    r = evaluate(table, "Performance", 4970, 1771334.31, arch="x86_64", log_sha256=_sha256("4E5J.txt"))
    assert r["verdict"] == "unknown-family" and r["circular"] is True
    assert r["message"].endswith("of the x86_64 families in the table (the table's ratio for this family "
                                 "was derived from this log, so agreement proves nothing).")
    # no agreement is claimed by an absent or insufficient-data verdict
    assert evaluate(table, "Cortex-A720", 1000, 100000, log_sha256=sha)["circular"] is False
    assert evaluate(table, "Cortex-A720", None, 100000, log_sha256=sha)["circular"] is False


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
        "families": [{"family": "X", "cores": ["X1"], "arch": "aarch64", "ratio": 100, "tolerance": 0.1,
                      "source": "test"}],
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


def test_the_rule_needs_the_binary(tmp_path, monkeypatch, cli, fixtures_dir):
    """The rule is applied by the cryptometer binary (src/platform/aes_score.c); without one the
    table does not load, and the import says why and exits 3 (environment)."""
    monkeypatch.setenv(aes_score.BIN_ENV_VAR, str(tmp_path / "missing"))
    with pytest.raises(TableError, match="CRYPTOMETER_BIN"):
        AesScoreTable.load()
    r = cli("import", "sbc-bench", fixtures_dir / "3GmR.txt", "--json", tmp_path / "out.json",
            env_extra={aes_score.BIN_ENV_VAR: str(tmp_path / "missing")})
    assert r.returncode == 3 and "CRYPTOMETER_BIN" in r.stderr
