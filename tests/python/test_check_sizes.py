"""The size rule of issue 22 (tools/check_sizes.py): no tracked source file
over 600 lines, no C or Python function over 80. It passes on this tree,
sees its functions, and fails on a planted 81-line C function, an 81-line
Python function and a 601-line file, each named with its line; the
exemptions of tools/size_exempt.tsv are honoured and kept true."""

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECKER = ROOT / "tools" / "check_sizes.py"


def check(root):
    return subprocess.run([sys.executable, str(CHECKER), "--root", str(root)],
                          capture_output=True, text=True, timeout=120)


def git(root, *args):
    subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, timeout=120)


def load_checker():
    spec = importlib.util.spec_from_file_location("check_sizes", CHECKER)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def copy_tree(tmp_path):
    """A git checkout in tmp_path holding what the checker reads of this one:
    the source files git tracks, as they are in the working tree, the table
    of exemptions and what git ignores."""
    mod = load_checker()
    for rel in mod.tracked(str(ROOT)):
        if mod.language(str(ROOT), rel) or rel in (mod.EXEMPT, ".gitignore"):
            (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / rel, tmp_path / rel)
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", "-A")
    return tmp_path


def append(root, rel, text):
    """Appends text to root/rel; returns the number of the first line added."""
    path = root / rel
    old = path.read_text(encoding="utf-8")
    if not old.endswith("\n"):
        old += "\n"
    path.write_text(old + text, encoding="utf-8")
    return old.count("\n") + 1


def c_function(name, length):
    """A C function of `length` lines, its name line to its closing brace."""
    body = "".join("    x += %d;\n" % i for i in range(length - 4))
    return "static int %s(int x)\n{\n%s    return x;\n}\n" % (name, body)


def py_function(name, length):
    body = "".join("    x += %d\n" % i for i in range(length - 2))
    return "def %s(x):\n%s    return x\n" % (name, body)


def test_this_tree_keeps_the_sizes():
    r = check(ROOT)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "none over 600 lines" in r.stdout and "none over 80" in r.stdout


def test_it_sees_the_functions_of_this_tree():
    mod = load_checker()
    counts = {"c": 0, "python": 0}
    for rel in mod.tracked(str(ROOT)):
        kind = mod.language(str(ROOT), rel)
        if kind in counts:
            counts[kind] += len(mod.measure(str(ROOT), rel, kind)[1])
    assert counts["c"] > 1000 and counts["python"] > 500, counts
    lines = (ROOT / "src" / "run" / "suite.c").read_text(encoding="utf-8").splitlines()
    names = [name for name, _, _ in mod.c_functions(lines)]
    assert "group_sizes" in names and "main" not in names


def test_a_planted_81_line_c_function_fails_and_80_passes(tmp_path):
    root = copy_tree(tmp_path)
    at = append(root, "src/util/json.c", "\n" + c_function("planted_ok", 80)
                + "\n" + c_function("planted_long", 81))
    r = check(root)
    assert r.returncode == 1
    long_line = at + 1 + 80 + 1
    assert "src/util/json.c:%d planted_long 81 lines" % long_line in r.stdout
    assert "planted_ok" not in r.stdout


def test_a_planted_81_line_python_method_fails(tmp_path):
    root = copy_tree(tmp_path)
    method = "".join("    " + line + "\n" for line in py_function("planted", 81).splitlines())
    at = append(root, "tools/lacks_table.py", "\n\nclass Planted:\n" + method)
    r = check(root)
    assert r.returncode == 1
    assert "tools/lacks_table.py:%d planted 81 lines" % (at + 3) in r.stdout


def test_a_601_line_file_fails_600_passes_an_ignored_one_is_not_read(tmp_path):
    root = copy_tree(tmp_path)
    for rel, n in (("bench/long.sh", 601), ("bench/fits.sh", 600)):
        (root / rel).write_text("#!/bin/sh\n" + ":\n" * (n - 1), encoding="utf-8")
    git(root, "add", "bench/long.sh", "bench/fits.sh")
    # a script without an extension, not added yet: it would be tracked
    (root / ".ci" / "long").write_text("#!/bin/sh\n" + ":\n" * 700, encoding="utf-8")
    (root / "build-x").mkdir()
    (root / "build-x" / "generated.c").write_text("int x;\n" * 700, encoding="utf-8")
    r = check(root)
    assert r.returncode == 1
    assert "bench/long.sh 601 lines" in r.stdout
    assert ".ci/long 701 lines" in r.stdout
    assert "fits.sh" not in r.stdout and "generated.c" not in r.stdout


def test_an_exempt_file_passes_and_a_stale_row_fails(tmp_path):
    root = copy_tree(tmp_path)
    (root / "bench" / "table.h").write_text("/* a table */\n" + "1,\n" * 700, encoding="utf-8")
    git(root, "add", "bench/table.h")
    append(root, "tools/size_exempt.tsv", "bench/table.h\ta planted data table\n"
           "bench/gone.c\ta file that is not there\n"
           "src/util/json.c\ta file within the limits\n")
    r = check(root)
    assert r.returncode == 1
    assert "bench/table.h" not in r.stdout
    assert "bench/gone.c is not a source file git tracks" in r.stdout
    assert "src/util/json.c, but it is no longer over the limits" in r.stdout


def test_a_malformed_table_is_exit_2_and_no_checkout_is_skipped(tmp_path):
    """A bad table: exit 2. A source tarball (no git): exit 77, which ctest shows as skipped."""
    (tmp_path / "a").mkdir()
    root = copy_tree(tmp_path / "a")
    append(root, "tools/size_exempt.tsv", "bench/x.c\n")
    r = check(root)
    assert r.returncode == 2
    assert "size_exempt.tsv" in r.stderr and "2 tab-separated columns" in r.stderr
    bare = tmp_path / "b"
    (bare / "tools").mkdir(parents=True)
    shutil.copy2(ROOT / "tools" / "size_exempt.tsv", bare / "tools")
    r = check(bare)
    assert r.returncode == 77
    assert "not a git checkout" in r.stderr and "skipped" in r.stderr and "Traceback" not in r.stderr
