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
