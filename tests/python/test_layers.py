"""The layers of the C code (src/layers.tsv): tools/check_layers.py passes on
this tree and fails on a planted upward include, and the build's include
view of a layer cannot even find a header of a layer above it."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHECKER = ROOT / "tools" / "check_layers.py"


def check(root):
    return subprocess.run([sys.executable, str(CHECKER), "--root", str(root)],
                          capture_output=True, text=True, timeout=60)


def copy_tree(tmp_path):
    """The parts of the checkout the checker reads: src/ and include/."""
    for part in ("src", "include"):
        shutil.copytree(ROOT / part, tmp_path / part)
    return tmp_path


def plant(root, rel, include):
    path = root / rel
    text = path.read_text(encoding="utf-8")
    path.write_text('#include "%s"\n%s' % (include, text), encoding="utf-8")


def test_this_tree_follows_the_layers():
    r = check(ROOT)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "follow src/layers.tsv" in r.stdout


@pytest.mark.parametrize("rel, include, layer", [
    ("src/util/json.c", "commands/options.h", "commands"),
    ("src/platform/cpu.c", "model/class.h", "model"),
    ("src/model/algorithm.c", "registry/registry.h", "registry"),
    ("src/impl/ref/sha256.c", "cryptometer/algorithm.h", "model"),
    ("src/backends/ref/ref_backend.c", "measure/runner.h", "measure"),
    ("src/check/kat.c", "run/suite.h", "run"),
    ("src/records/record.c", "run/suite.h", "run"),
])
def test_a_planted_upward_include_fails(tmp_path, rel, include, layer):
    root = copy_tree(tmp_path)
    plant(root, rel, include)
    r = check(root)
    assert r.returncode == 1
    assert "%s:1: " % rel in r.stdout
    assert "(layer %s)" % layer in r.stdout


def test_a_file_outside_every_layer_fails(tmp_path):
    root = copy_tree(tmp_path)
    (root / "src" / "newfolder").mkdir()
    (root / "src" / "newfolder" / "x.c").write_text("int x;\n", encoding="utf-8")
    r = check(root)
    assert r.returncode == 1
    assert "src/newfolder/x.c: in no layer of src/layers.tsv" in r.stdout


def test_a_dotdot_include_fails(tmp_path):
    root = copy_tree(tmp_path)
    plant(root, "src/util/json.c", "../commands/options.h")
    r = check(root)
    assert r.returncode == 1
    assert 'no ".." in includes' in r.stdout


def test_a_malformed_table_is_exit_2(tmp_path):
    root = copy_tree(tmp_path)
    table = root / "src" / "layers.tsv"
    table.write_text(table.read_text(encoding="utf-8") + "top\tsrc/top\tnosuchlayer\n",
                     encoding="utf-8")
    r = check(root)
    assert r.returncode == 2
    assert "nosuchlayer" in r.stderr


def build_dir():
    binary = os.environ.get("CRYPTOMETER_TEST_BIN") or os.environ.get("CRYPTOMETER_BIN")
    if not binary:
        pytest.skip("no build: CRYPTOMETER_TEST_BIN names none")
    views = Path(binary).resolve().parent / "layers"
    if not views.is_dir():
        pytest.skip("no include views in %s" % views.parent)
    return views


@pytest.mark.parametrize("layer, include", [
    ("util", "platform/timer.h"),
    ("platform", "model/class.h"),
    ("model", "registry/registry.h"),
    ("backends", "registry/registry.h"),
    ("records", "run/suite.h"),
])
def test_the_build_view_of_a_layer_cannot_include_above(tmp_path, layer, include):
    views = build_dir()
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        pytest.skip("no C compiler")
    src = tmp_path / "planted.c"
    src.write_text('#include "%s"\n' % include, encoding="utf-8")
    r = subprocess.run([cc, "-fsyntax-only", "-I", str(views / layer), str(src)],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode != 0
    assert include in r.stderr
    # and the layer's own and lower headers are there
    own = tmp_path / "own.c"
    own.write_text('#include "util/error.h"\n', encoding="utf-8")
    r = subprocess.run([cc, "-fsyntax-only", "-I", str(views / layer), str(own)],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
