"""The Python subcommands are listed once (python/cryptometer/commands.json): the binary embeds
the list, lists each with the same line of help as `python -m cryptometer`, and runs them."""

import json
import re
import subprocess

from analysis_helpers import ROOT, binary, run_cli

COMMANDS = json.loads((ROOT / "python/cryptometer/commands.json").read_text())["commands"]


def words(text):
    return re.sub(r"\s+", " ", text).strip()


def test_the_binary_lists_every_python_command_with_its_help():
    out = subprocess.run([binary("CRYPTOMETER_BIN", "build/cryptometer"), "--help"], capture_output=True,
                         text=True, check=True).stdout
    listed = re.findall(r"^  (\S+) +(.*?)   \[Python\]$", out, re.M)
    assert listed == [(c["name"], c["help"]) for c in COMMANDS]
    assert [line for line in out.splitlines() if len(line) > 100] == []   # fits a terminal


def test_python_prints_the_same_help():
    r = run_cli("--help")
    assert r.returncode == 0, r.stderr
    for command in COMMANDS:
        assert words("%s %s" % (command["name"], command["help"])) in words(r.stdout), command["name"]


def test_the_binary_runs_each_python_command():
    for command in COMMANDS:
        r = subprocess.run([binary("CRYPTOMETER_BIN", "build/cryptometer"), command["name"], "--help"],
                           capture_output=True, text=True)
        assert r.returncode == 0, (command["name"], r.stderr)
        assert r.stdout.startswith("usage: cryptometer %s" % command["name"]), r.stdout[:200]
