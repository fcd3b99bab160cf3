"""Bad input gets one clear line, exit code 2 (usage) or 3 (environment),
and no result file is created or touched."""
import json

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


# run, verify and list share one option parser (src/commands/options.c): the same
# bad value gets the same message and exit code 2 from each command that takes it.
SHARED_BAD = [
    (("run", "verify"), ["--sizes", "16,abc"], "--sizes: 'abc' is not a size (bytes, or with k/M suffix)"),
    (("run", "verify"), ["--sizes", "0"], "--sizes: 0 is out of range (1 byte to 64M)"),
    (("run", "verify"), ["--timeout", "soon"], "--timeout: 'soon' is not a number in (0, 86400]"),
    (("run", "verify"), ["--timeout", "-1"], "--timeout: '-1' is not a number in (0, 86400]"),
    (("run", "verify", "list"), ["--backends", "nosuch"],
     "unknown backend 'nosuch' (see `cryptometer list`)"),
    (("run", "verify", "list"), ["--algorithms", "aes-999-xyz"],
     "unknown algorithm 'aes-999-xyz' (see `cryptometer list`)"),
    (("run", "verify", "list"), ["--filter", "("], "--filter '('"),
    (("run", "verify", "list"), ["--frobnicate"],
     "unknown or incomplete option '--frobnicate' (see --help)"),
    (("run", "verify", "list"), ["--filter"], "unknown or incomplete option '--filter' (see --help)"),
    (("run", "verify", "list"), ["stray"], "unexpected argument 'stray' (see --help)"),
    # list takes no sizes or timeout: refused the same way as any unknown option
    (("list",), ["--sizes", "16"], "unknown or incomplete option '--sizes' (see --help)"),
    (("list",), ["--timeout", "5"], "unknown or incomplete option '--timeout' (see --help)"),
    (("verify",), ["--time", "1"], "unknown or incomplete option '--time' (see --help)"),
]


@pytest.mark.parametrize("commands,args,message", SHARED_BAD)
def test_shared_option_errors(cm, tmp_path, commands, args, message):
    for command in commands:
        p = cm(command, *args, cwd=tmp_path)
        assert p.returncode == 2, (command, p.stderr)
        lines = p.stderr.strip().splitlines()
        assert len(lines) == 1, (command, p.stderr)
        assert lines[0].startswith(f"cryptometer {command}: error: "), lines[0]
        assert message in lines[0], (command, lines[0])
        assert p.stdout == ""
    assert not list(tmp_path.iterdir())  # nothing written


def test_help_of_each_command_lists_its_options(cm):
    accepted = {
        "run": ("--filter", "--algorithms", "--backends", "--sizes", "--time", "--target-ci",
                "--cpu", "--per-cluster", "--json", "--csv", "--timeout", "--quiet"),
        "verify": ("--wycheproof", "--filter", "--algorithms", "--backends", "--sizes", "--json",
                   "--timeout", "--quiet"),
        "list": ("--filter", "--algorithms", "--backends", "--json"),
    }
    for command, options in accepted.items():
        p = cm(command, "--help")
        assert p.returncode == 0 and p.stderr == ""
        listed = {w for w in p.stdout.split() if w.startswith("--")}
        assert set(options) <= listed, (command, listed)
        assert "--csv" not in listed or command == "run"


def _verify_names(stdout):
    """The implementation names of verify's lines (not COVERAGE, NOT BUILT, summary)."""
    names = []
    for line in stdout.splitlines():
        for label in ("PASS", "FAIL", "CRASHED", "TIMEOUT", "ERROR", "UNAVAILABLE", "NOT RUN"):
            if line.startswith(label + " ") and not line.startswith("NOT BUILT"):
                names.append(line[12:].split()[0])
                break
    return names


def test_verify_filter_selects_exactly_the_ref_variants(cm):
    p = cm("verify", "--filter", "ref:portable/")
    assert p.returncode == 0, p.stdout + p.stderr
    names = _verify_names(p.stdout)
    listed = cm("list", "--json", "--filter", "ref:portable/")
    benchmarks = json.loads(listed.stdout)["benchmarks"]
    expected = {f"{b['backend']}:{b['variant']}/{b['algorithm']}" for b in benchmarks}
    assert names and all(n.startswith("ref:portable/") for n in names), names
    assert set(names) == expected and len(names) == len(expected)
    everything = cm("list", "--json")
    refs = {f"{b['backend']}:{b['variant']}/{b['algorithm']}"
            for b in json.loads(everything.stdout)["benchmarks"]
            if b["backend"] == "ref" and b["variant"] == "portable"}
    assert set(names) == refs


def test_verify_takes_runs_selection_options(cm, tmp_path):
    out = tmp_path / "v.json"
    p = cm("verify", "--backends", "ref:portable", "--algorithms", "sha256,hmac-sha256", "--sizes", "16,1k",
           "--json", out)
    assert p.returncode == 0, p.stdout + p.stderr
    assert _verify_names(p.stdout) == ["ref:portable/sha256", "ref:portable/hmac-sha256"]
    doc = json.loads(out.read_text())
    assert doc["format"] == "cryptometer-verify-v1"
    assert [r["implementation"] for r in doc["implementations"]] == _verify_names(p.stdout)
    assert doc["summary"]["passed"] == 2
    reasons = [r["reason"] for c in doc["coverage"] for r in c["not_applied"]["by_reason"]]
    assert "sha1: no available implementation of it matches the selection" in reasons, reasons
