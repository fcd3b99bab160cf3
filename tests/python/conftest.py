"""Shared pytest fixtures for the Python layer: paths, the AES score table, the schema, the CLI.

The tests run against the source tree: python/ is put on sys.path so the
package is importable without installing it, and the data directory is the
repository's data/ unless CRYPTOMETER_DATA_DIR says otherwise.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PYTHON_DIR = ROOT / "python"
FIXTURES = ROOT / "tests" / "fixtures" / "sbc-bench"
SCHEMA = ROOT / "docs" / "result.schema.json"

if str(PYTHON_DIR) not in sys.path:
    sys.path.insert(0, str(PYTHON_DIR))


@pytest.fixture(scope="session")
def fixtures_dir():
    return FIXTURES


@pytest.fixture(scope="session")
def table():
    from cryptometer.aes_score import AesScoreTable
    return AesScoreTable.load()


@pytest.fixture(scope="session")
def schema():
    """The result JSON Schema (docs/result.schema.json)."""
    with open(SCHEMA, encoding="utf-8") as handle:
        return json.load(handle)


def run_cli(*args, cwd=None, env_extra=None):
    """Run ``python -m cryptometer ARGS`` in a subprocess; return the CompletedProcess."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(PYTHON_DIR) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    if env_extra:
        env.update(env_extra)
    return subprocess.run([sys.executable, "-m", "cryptometer"] + [str(a) for a in args],
                          cwd=str(cwd) if cwd else None, env=env, capture_output=True, text=True,
                          timeout=120)


@pytest.fixture
def cli():
    return run_cli


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


@pytest.fixture(scope="session")
def our_runs(tmp_path_factory):
    """Two real result files of this build on this machine (sha256 and aes-128-cbc, openssl and ref)."""
    d = tmp_path_factory.mktemp("runs")
    bin_path = binary("CRYPTOMETER_BIN", "build/cryptometer")
    return [measure(bin_path, d / ("run%d.json" % i), "sha256|aes-128-cbc|aes-256-cbc") for i in (1, 2)]


@pytest.fixture(scope="session")
def sbc_docs(tmp_path_factory):
    """The 20 sbc-bench fixtures imported as result files (a directory)."""
    d = tmp_path_factory.mktemp("sbc")
    r = run_cli("import", "sbc-bench", *sorted(FIXTURES.glob("*.txt")), "--out-dir", d)
    assert r.returncode == 0, r.stderr
    return d
