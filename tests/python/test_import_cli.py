"""``python -m cryptometer``: the subcommand table, ``import sbc-bench``, its outputs and exit codes."""

import json
import re

import pytest

from analysis_helpers import flat, widest
from cryptometer import loader


def test_unknown_subcommand_exits_2(cli):
    r = cli("frobnicate")
    assert r.returncode == 2
    assert "invalid choice" in r.stderr


def test_no_subcommand_exits_2(cli):
    assert cli().returncode == 2


def test_unknown_import_format_exits_2(cli, fixtures_dir):
    assert cli("import", "nonsense", fixtures_dir / "4cHh.txt").returncode == 2


def test_missing_file_exits_3_with_one_line(cli, tmp_path):
    r = cli("import", "sbc-bench", "missing.txt", cwd=tmp_path)
    assert r.returncode == 3
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0] == "cryptometer import: cannot read missing.txt: No such file or directory"
    assert list(tmp_path.iterdir()) == []          # not even the default results/ directory


def test_default_output_is_results_dir(cli, fixtures_dir, tmp_path):
    r = cli("import", "sbc-bench", fixtures_dir / "rca7s.txt", cwd=tmp_path)
    assert r.returncode == 0
    assert (tmp_path / "results" / "rca7s.json").is_file()
    assert "wrote results/rca7s.json" in r.stdout


def test_unreadable_directory_as_log_exits_3(cli, tmp_path):
    r = cli("import", "sbc-bench", tmp_path, "--out-dir", tmp_path / "out")
    assert r.returncode == 3
    assert len(r.stderr.strip().splitlines()) == 1 and "cannot read" in r.stderr


def test_not_an_sbc_bench_log_exits_3_and_writes_nothing(cli, tmp_path):
    other = tmp_path / "notes.txt"
    other.write_text("shopping list\n- milk\n- bread\n")
    r = cli("import", "sbc-bench", other, "--out-dir", tmp_path / "out")
    assert r.returncode == 3
    assert "not an sbc-bench log" in r.stderr and "no sbc-bench header" in r.stderr
    assert not (tmp_path / "out" / "notes.json").exists()


def test_import_all_fixtures(cli, fixtures_dir, tmp_path, schema):
    logs = sorted(fixtures_dir.glob("*.txt"))
    r = cli("import", "sbc-bench", *logs, "--out-dir", tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    for log in logs:
        out = tmp_path / (log.stem + ".json")
        doc = json.loads(out.read_text())
        assert loader.violations(doc) == []
        assert doc["source"]["file"] == log.name
        assert ("wrote %s" % out) in r.stdout
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]   # no temporary files left
    # The summary has one line per cluster with its verdict, and the sentence, in 100 columns.
    assert widest(r.stdout) <= 100, max(r.stdout.splitlines(), key=len)
    assert re.search(r"^  0 +cpu0-cpu3 +Cortex-A53 +\d+ +\d+ +[\d.]+  consistent", r.stdout, re.M)
    assert "crypto-extensions-absent-or-unused" in r.stdout
    assert "the score confirms the measured clock, not the claimed one" in flat(r.stdout)


def test_the_cluster_table_is_aligned_and_the_sentences_wrap(cli, fixtures_dir, tmp_path):
    r = cli("import", "sbc-bench", fixtures_dir / "1ET4.txt", "--out-dir", tmp_path)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    header = lines[1]
    assert header.split() == ["cl", "cpus", "core", "MHz", "256-cbc", "16K", "k/s/MHz", "verdict"]
    rows = [l for l in lines if re.match(r"  \d ", l)]
    assert len(rows) == 5
    # the figures end under their header's end, the verdict begins under its header
    for name in ("MHz", "16K", "k/s/MHz"):
        end = header.index(name) + len(name)
        assert all(row[end - 1] != " " and row[end:end + 2] == "  " for row in rows), name
    assert all(row[header.index("verdict")] in "ci" for row in rows)
    # the sentence under a row wraps 4 past its indent, nothing wider than 100 columns
    first = lines.index(rows[0])
    assert lines[first + 1].startswith("        Cortex-A720 at 2598 MHz") and lines[first + 2].startswith(" " * 12 + "MHz")
    assert widest(r.stdout) <= 100


def test_good_and_missing_logs_together(cli, fixtures_dir, tmp_path):
    r = cli("import", "sbc-bench", fixtures_dir / "4cHh.txt", tmp_path / "nope.txt", "--out-dir", tmp_path)
    assert r.returncode == 3
    assert (tmp_path / "4cHh.json").is_file()
    assert "cannot read" in r.stderr


def test_json_to_a_file_and_to_stdout(cli, fixtures_dir, tmp_path):
    target = tmp_path / "one.json"
    r = cli("import", "sbc-bench", fixtures_dir / "rca7s.txt", "--json", target)
    assert r.returncode == 0 and json.loads(target.read_text())["source"]["file"] == "rca7s.txt"
    r = cli("import", "sbc-bench", fixtures_dir / "rca7s.txt", "--json", "-")
    assert r.returncode == 0
    assert json.loads(r.stdout)["analysis"]["aes_score"][1]["core_name"] == "Cortex-A76"
    assert "rca7s.txt: sbc-bench 0.9.72" in r.stderr      # the summary moves to stderr


def test_json_takes_one_log(cli, fixtures_dir, tmp_path):
    r = cli("import", "sbc-bench", fixtures_dir / "rca7s.txt", fixtures_dir / "4cHh.txt",
            "--json", tmp_path / "x.json")
    assert r.returncode == 2 and "--json takes one input" in r.stderr


def test_json_and_out_dir_exclude_each_other(cli, fixtures_dir, tmp_path):
    r = cli("import", "sbc-bench", fixtures_dir / "rca7s.txt", "--json", tmp_path / "x.json",
            "--out-dir", tmp_path)
    assert r.returncode == 2


def test_unwritable_output_exits_2(cli, fixtures_dir, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    r = cli("import", "sbc-bench", fixtures_dir / "rca7s.txt", "--out-dir", blocker / "sub")
    assert r.returncode == 2 and "cannot create output directory" in r.stderr


def test_json_into_a_missing_directory_exits_2_and_creates_nothing(cli, fixtures_dir, tmp_path):
    target = tmp_path / "nonexistent" / "x.json"
    r = cli("import", "sbc-bench", fixtures_dir / "rca7s.txt", "--json", target)
    assert r.returncode == 2
    assert r.stderr.strip().splitlines() == [
        "cryptometer import: cannot write '%s': directory '%s' does not exist" % (target, target.parent)]
    assert r.stdout == ""
    assert list(tmp_path.iterdir()) == []


def test_bad_output_is_checked_before_the_logs_are_read(cli, tmp_path):
    # exit 2 (the output), not 3 (the missing log): the output is checked first
    r = cli("import", "sbc-bench", tmp_path / "missing.txt", "--json", tmp_path / "no" / "x.json")
    assert r.returncode == 2 and "does not exist" in r.stderr and "cannot read" not in r.stderr


def test_json_onto_a_directory_exits_2(cli, fixtures_dir, tmp_path):
    r = cli("import", "sbc-bench", fixtures_dir / "rca7s.txt", "--json", tmp_path)
    assert r.returncode == 2
    assert r.stderr.strip() == "cryptometer import: cannot write '%s': it is a directory" % tmp_path


def test_json_in_the_current_directory(cli, fixtures_dir, tmp_path):
    r = cli("import", "sbc-bench", fixtures_dir / "rca7s.txt", "--json", "x.json", cwd=tmp_path)
    assert r.returncode == 0 and (tmp_path / "x.json").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.json"]     # no probe file left


def test_out_dir_is_created_one_level_only(cli, fixtures_dir, tmp_path):
    r = cli("import", "sbc-bench", fixtures_dir / "rca7s.txt", "--out-dir", tmp_path / "new")
    assert r.returncode == 0 and (tmp_path / "new" / "rca7s.json").is_file()
    deep = tmp_path / "a" / "b"
    r = cli("import", "sbc-bench", fixtures_dir / "rca7s.txt", "--out-dir", deep)
    assert r.returncode == 2
    assert r.stderr.strip().splitlines() == [
        "cryptometer import: cannot create output directory '%s': '%s' does not exist" % (deep, deep.parent)]
    assert not (tmp_path / "a").exists()


def test_out_dir_that_is_a_file_exits_2(cli, fixtures_dir, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    r = cli("import", "sbc-bench", fixtures_dir / "rca7s.txt", "--out-dir", blocker)
    assert r.returncode == 2
    assert r.stderr.strip() == "cryptometer import: cannot write into '%s': it is not a directory" % blocker


def test_help_says_what_is_created(cli):
    r = cli("import", "sbc-bench", "--help")
    text = " ".join(r.stdout.split())
    assert "FILE's directory must exist" in text
    assert "created if missing, but its parent directory must exist" in text


def test_same_log_name_twice_gets_two_documents(cli, fixtures_dir, tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir(), b.mkdir()
    (a / "log.txt").write_bytes((fixtures_dir / "4cHh.txt").read_bytes())
    (b / "log.txt").write_bytes((fixtures_dir / "rca7s.txt").read_bytes())
    r = cli("import", "sbc-bench", a / "log.txt", b / "log.txt", "--out-dir", tmp_path / "out")
    assert r.returncode == 0
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["log-2.json", "log.json"]


def test_missing_data_table_exits_3(cli, fixtures_dir, tmp_path):
    r = cli("import", "sbc-bench", fixtures_dir / "rca7s.txt", "--out-dir", tmp_path,
            env_extra={"CRYPTOMETER_DATA_DIR": str(tmp_path / "nowhere")})
    assert r.returncode == 3
    assert "CRYPTOMETER_DATA_DIR" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_truncated_log_imports_with_warnings(cli, fixtures_dir, tmp_path):
    lines = (fixtures_dir / "40cj.txt").read_text().split("\n")
    cut = tmp_path / "cut.txt"
    cut.write_text("\n".join(lines[:376]) + "\n" + lines[376][:40])
    r = cli("import", "sbc-bench", cut, "--out-dir", tmp_path)
    assert r.returncode == 0
    assert "warning: line 377" in r.stdout
    doc = json.loads((tmp_path / "cut.json").read_text())
    assert doc["complete"] is False and doc["warnings"]


@pytest.mark.parametrize("argv", [["--help"], ["import", "--help"], ["import", "sbc-bench", "--help"]])
def test_help_exits_0(cli, argv):
    r = cli(*argv)
    assert r.returncode == 0 and "usage:" in r.stdout
