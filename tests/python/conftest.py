"""Shared pytest fixtures for the Python layer: paths, the AES score table, the schema, the CLI.

The tests run against the source tree: python/ is put on sys.path so the
package is importable without installing it, and the data directory is the
repository's data/ unless CRYPTOMETER_DATA_DIR says otherwise.
"""

import json
import sys

import pytest

from analysis_helpers import FIXTURES, PYTHON_DIR, SCHEMA, binary, measure, run_cli

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


@pytest.fixture
def cli():
    return run_cli


@pytest.fixture(scope="session")
def our_runs(tmp_path_factory):
    """Two real result files of this build on this machine (sha256 and aes-128-cbc, openssl and ref)."""
    d = tmp_path_factory.mktemp("runs")
    bin_path = binary("CRYPTOMETER_BIN", "build/cryptometer")
    return [measure(bin_path, d / ("run%d.json" % i), "/sha256/|hmac-sha256|ecdsa-p256-sha256|aes-128-cbc|aes-256-cbc") for i in (1, 2)]


@pytest.fixture(scope="session")
def sbc_docs(tmp_path_factory):
    """The 20 sbc-bench fixtures imported as result files (a directory)."""
    d = tmp_path_factory.mktemp("sbc")
    r = run_cli("import", "sbc-bench", *sorted(FIXTURES.glob("*.txt")), "--out-dir", d)
    assert r.returncode == 0, r.stderr
    return d
