"""The Python subcommands, reached through the binary, when what they need is missing
(issue 23 item 5): a package hidden by a PYTHONPATH shim, or no Python at all, is ONE line
on standard error naming what to run, exit 3, never a traceback (python_dispatch.c,
cryptometer.guard.missing_package)."""
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]   # (not conftest's: tests/python's shadows it in one process)

# Each shim package raises, on import, the error Python raises for a package it lacks.
HIDDEN = ("matplotlib", "numpy", "scipy", "jsonschema", "fastjsonschema", "jinja2", "markupsafe")

# Every Python command that reads inputs, as a user types it (the inputs exist: only the
# packages are missing).
COMMANDS = {
    "store add": ["store", "add", "--db", "{tmp}/s.db", "{doc}"],
    "report": ["report", "{doc}", "-o", "{tmp}/r.html"],
    "plot": ["plot", "cpb", "--format", "png", "-o", "{tmp}/p", "{doc}"],
    "compare": ["compare", "{doc}", "{doc}"],
    "collect": ["collect", "{doc}", "-o", "{tmp}/R.md"],
    "view": ["view", "kex", "--json", "{doc}"],
    "export": ["export", "{doc}", "-o", "{tmp}/e.csv"],
}


@pytest.fixture(scope="module")
def shim(tmp_path_factory):
    d = tmp_path_factory.mktemp("shim")
    for name in HIDDEN:
        (d / name).mkdir()
        (d / name / "__init__.py").write_text(
            "raise ModuleNotFoundError(\"No module named '%s'\", name=%r)\n" % (name, name))
    return d


@pytest.fixture(scope="module")
def doc(tmp_path_factory, cm_bin):
    """A real result document of this build (written by the binary, no Python involved)."""
    out = tmp_path_factory.mktemp("doc") / "run.json"
    subprocess.run([str(cm_bin), "run", "--filter", "ref:portable/sha256/", "--sizes", "16",
                    "--time", "0.05", "--json", str(out), "-q"], capture_output=True, timeout=300)
    assert out.is_file()
    return out


def _argv(name, tmp_path, doc):
    return [a.format(tmp=tmp_path, doc=doc) for a in COMMANDS[name]]


def _one_line_exit_3(r):
    assert r.returncode == 3, (r.returncode, r.stderr)
    assert "Traceback" not in r.stderr + r.stdout
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    return lines[0]


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_hidden_package_is_one_line_and_exit_3(name, shim, doc, cm_bin, tmp_path, monkeypatch):
    monkeypatch.setenv("CRYPTOMETER_PYTHON", sys.executable)
    monkeypatch.setenv("CRYPTOMETER_PYTHONPATH", "%s:%s" % (shim, ROOT / "python"))
    r = subprocess.run([str(cm_bin)] + _argv(name, tmp_path, doc), capture_output=True, text=True,
                       timeout=120)
    line = _one_line_exit_3(r)
    assert line.startswith("cryptometer %s: needs the Python package '" % name.split()[0]), line
    assert "./bootstrap.sh build" in line
    assert not [f.name for f in tmp_path.iterdir()]   # nothing written: no report, plot or database


@pytest.mark.parametrize("package", ["jsonschema", "fastjsonschema"])
def test_store_add_lacking_one_validator_creates_no_database(package, shim, doc, cm_bin, tmp_path,
                                                              monkeypatch):
    """Only one package hidden, as in a .venv made before it was declared: the line comes
    before the database is created, not after."""
    one = tmp_path / "shim"
    one.mkdir()
    (one / package).symlink_to(shim / package)
    monkeypatch.setenv("CRYPTOMETER_PYTHON", sys.executable)
    monkeypatch.setenv("CRYPTOMETER_PYTHONPATH", "%s:%s" % (one, ROOT / "python"))
    r = subprocess.run([str(cm_bin)] + _argv("store add", tmp_path, doc), capture_output=True,
                       text=True, timeout=120)
    assert "'%s'" % package in _one_line_exit_3(r)
    assert not (tmp_path / "s.db").exists()


def test_an_interpreter_that_cannot_run_is_one_line_and_exit_3(cm_bin, tmp_path, doc, monkeypatch):
    """CRYPTOMETER_PYTHON (taken before .venv) names a file that cannot be executed."""
    broken = tmp_path / "python3"
    broken.write_text("not a program\n")
    broken.chmod(0o755)
    monkeypatch.setenv("CRYPTOMETER_PYTHON", str(broken))
    r = subprocess.run([str(cm_bin), "report", str(doc), "-o", str(tmp_path / "r.html")],
                       capture_output=True, text=True, timeout=60)
    line = _one_line_exit_3(r)
    assert "needs Python 3" in line and "./bootstrap.sh build" in line
    assert not (tmp_path / "r.html").exists()
