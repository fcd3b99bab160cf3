"""Bad input gets one clear line, exit code 2 (usage) or 3 (environment),
and no result file is created or touched."""
import pytest

BAD_RUNS = [
    (["--frobnicate"], "unknown or incomplete option '--frobnicate'"),
    (["--time"], "unknown or incomplete option '--time'"),
    (["--algorithms", "aes-999-xyz"], "unknown algorithm 'aes-999-xyz'"),
    (["--backends", "nosuchlib"], "unknown backend 'nosuchlib'"),
    (["--sizes", "16,abc"], "'abc' is not a size"),
    (["--sizes", "0"], "out of range"),
    (["--sizes", "-5"], "'-5' is not a size"),
    (["--sizes", "65M"], "out of range"),
    (["--sizes", ""], "empty list"),
    (["--time", "-1"], "--time: '-1' is not a number"),
    (["--filter", "("], "--filter '('"),
    (["--filter", "no-such-benchmark"], "no benchmark matches"),
    (["--cpu", "9999"], "--cpu"),
    (["extra-argument"], "unexpected argument 'extra-argument'"),
]


@pytest.mark.parametrize("args,message", BAD_RUNS)
def test_bad_run_arguments(cm, tmp_path, args, message):
    out = tmp_path / "r.json"
    out.write_text("precious")
    p = cm("run", "--json", out, *args, cwd=tmp_path)
    assert p.returncode == 2, p.stderr
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1, p.stderr
    assert lines[0].startswith("cryptometer run: error: ")
    assert message in lines[0]
    assert out.read_text() == "precious"  # untouched
    assert not (tmp_path / "results").exists()
    assert p.stdout == ""


@pytest.mark.parametrize("path", ["/nonexistent-dir/r.json", "/", "/proc/r.json", ""])
def test_unwritable_json_path(cm, tmp_path, path):
    p = cm("run", "--algorithms", "sha256", "--json", path, cwd=tmp_path)
    assert p.returncode == 2
    assert len(p.stderr.strip().splitlines()) == 1
    assert "cannot write" in p.stderr or "empty" in p.stderr
    assert not (tmp_path / "results").exists()


def test_json_and_csv_on_the_same_file(cm, tmp_path):
    p = cm("run", "--algorithms", "sha256", "--json", "x.json", "--csv", "./x.json", cwd=tmp_path)
    assert p.returncode == 2
    assert "--json and --csv name the same file" in p.stderr
    assert not list(tmp_path.iterdir())


def test_symlink_output_is_refused_not_replaced(cm, tmp_path):
    target = tmp_path / "target.json"
    target.write_text("precious")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    p = cm("run", "--algorithms", "sha256", "--json", link)
    assert p.returncode == 2
    assert "not a regular file" in p.stderr
    assert link.is_symlink() and target.read_text() == "precious"


def test_unwritable_default_results_dir(cm, tmp_path):
    """The default results/ path is checked before anything runs, too."""
    (tmp_path / "results").write_text("a file where the directory should be")
    p = cm("run", "--algorithms", "sha256", cwd=tmp_path)
    assert p.returncode == 2
    assert len(p.stderr.strip().splitlines()) == 1 and "results" in p.stderr
    assert p.stdout == ""


@pytest.mark.parametrize("csv", ["/nonexistent-dir/r.csv", "/proc/r.csv"])
def test_unwritable_csv_path(cm, tmp_path, csv):
    p = cm("run", "--algorithms", "sha256", "--json", tmp_path / "r.json", "--csv", csv)
    assert p.returncode == 2
    assert f"cannot write '{csv}'" in p.stderr
    assert not (tmp_path / "r.json").exists()
    assert not list(tmp_path.iterdir())


def test_unknown_command(cm):
    p = cm("frobnicate")
    assert p.returncode == 2
    assert p.stderr.strip() == "cryptometer: error: unknown command 'frobnicate' (see cryptometer --help)"


def test_no_command_prints_usage_and_fails(cm):
    p = cm()
    assert p.returncode == 2
    assert "usage: cryptometer" in p.stderr


def test_help_documents_exit_codes(cm):
    p = cm("--help")
    assert p.returncode == 0
    for code in ("0 ", "1 ", "2 ", "3 ", "130"):
        assert f"  {code}" in p.stdout
    for command in ("run", "list", "detect", "verify", "import"):
        assert f"  {command}" in p.stdout


def test_run_help(cm):
    p = cm("run", "--help")
    assert p.returncode == 0
    for option in ("--filter", "--sizes", "--time", "--json", "--csv", "--quiet"):
        assert option in p.stdout


def test_list_rejects_unknown_option(cm):
    p = cm("list", "--bogus")
    assert p.returncode == 2
    assert "unknown or incomplete option '--bogus'" in p.stderr
