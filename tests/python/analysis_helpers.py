"""Helpers of the Python-layer tests that test modules import (a module of its own, not
conftest: the end-to-end tests have a conftest too, and ``from conftest import`` would find
whichever was imported first when both folders run together): paths, the CLI, real runs.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PYTHON_DIR = ROOT / "python"
FIXTURES = ROOT / "tests" / "fixtures" / "sbc-bench"
SCHEMA = ROOT / "docs" / "result.schema.json"

def run_cli(*args, cwd=None, env_extra=None):
    """Run ``python -m cryptometer ARGS`` in a subprocess; return the CompletedProcess."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(PYTHON_DIR) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    if env_extra:
        env.update(env_extra)
    return subprocess.run([sys.executable, "-m", "cryptometer"] + [str(a) for a in args],
                          cwd=str(cwd) if cwd else None, env=env, capture_output=True, text=True,
                          timeout=120)


def flat(text):
    """text with every run of whitespace as one space: the commands wrap their lines to 100
    columns (cryptometer.textfit), so a phrase a test looks for may span two lines."""
    return " ".join(text.split())


def widest(text):
    """The widest line of ``text``, in characters (columns: '±' is one)."""
    return max((len(line) for line in text.split("\n")), default=0)


# ---- real runs of the binary, shared by the analysis tests ------------------------------------

def binary(env_name, default):
    """The cryptometer binary named by ``env_name`` (bootstrap.sh sets it), else ``default`` in the tree."""
    path = Path(os.environ.get(env_name) or ROOT / default)
    if not path.is_file():
        pytest.fail("%s does not exist: build it first (./bootstrap.sh build)" % path)
    return path


def measure(bin_path, out, filter_text, env_extra=None):
    """Run ``cryptometer run`` quickly (three sizes, 0.1 s budget) into ``out``; return its path."""
    env = dict(os.environ, **(env_extra or {}))
    subprocess.run([str(bin_path), "run", "--filter", filter_text, "--sizes", "16,1k,16k", "--time", "0.1",
                    "--json", str(out)], check=False, capture_output=True, env=env, timeout=300)
    assert out.is_file(), "cryptometer run wrote no %s" % out
    return out


def without_health(path):
    """The result file at ``path`` rewritten with no health flags and no trust flags, and its
    path: for tests of compare's statistics on live runs, which the shared test machine's busy
    flags (or rounds that disagree: not-reproducible) would make "inconclusive" (those rules
    have their own tests, test_compare_rounds)."""
    import json
    doc = json.loads(Path(path).read_text())
    doc["context"]["health"] = []
    if isinstance((doc.get("answers") or {}).get("trust"), dict):
        doc["answers"]["trust"]["flags"] = []
    Path(path).write_text(json.dumps(doc))
    return path
