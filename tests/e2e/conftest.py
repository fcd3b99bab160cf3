"""Fixtures of the end-to-end tests: the real cryptometer binaries (the
normal build and the test build with the deliberately broken backends),
a runner that captures exit code and output, and the result schema."""
import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _binary(env_name, default):
    path = Path(os.environ.get(env_name, ROOT / default))
    if not path.exists():
        pytest.fail(f"{path} does not exist: build it first (./bootstrap.sh build)")
    return path


@pytest.fixture(scope="session")
def cm_bin():
    return _binary("CRYPTOMETER_BIN", "build/cryptometer")


@pytest.fixture(scope="session")
def cm_test_bin():
    return _binary("CRYPTOMETER_TEST_BIN", "build-test/cryptometer")


@pytest.fixture(scope="session")
def schema():
    return json.loads((ROOT / "docs" / "result.schema.json").read_text())


def run(binary, *args, cwd=None, timeout=300):
    """Runs the binary; returns CompletedProcess with text stdout/stderr."""
    return subprocess.run([str(binary), *map(str, args)], cwd=cwd, capture_output=True,
                          text=True, timeout=timeout)


def flat(text):
    """text with every run of whitespace as one space: the commands wrap their lines to 100
    columns (docs/cli.md), so a phrase a test looks for may span two lines."""
    return " ".join(text.split())


@pytest.fixture
def cm(cm_bin):
    return lambda *args, **kw: run(cm_bin, *args, **kw)


@pytest.fixture
def cm_test(cm_test_bin):
    return lambda *args, **kw: run(cm_test_bin, *args, **kw)


@pytest.fixture(scope="session")
def missing_backends(cm_bin):
    """The backends this build left out, with the reason (list --json)."""
    doc = json.loads(run(cm_bin, "list", "--json").stdout)
    return {m["backend"]: m["reason"] for m in doc["missing_backends"]}


@pytest.fixture
def need_backend(missing_backends):
    """need_backend("openssl") skips the test, saying why, when the build
    lacks that backend: a build without a library passes its tests."""
    def need(name):
        if name in missing_backends:
            pytest.skip(f"this build has no {name} backend ({missing_backends[name]})")
    return need
