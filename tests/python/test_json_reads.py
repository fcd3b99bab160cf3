"""JSON read by key only where src/json_readers.tsv says (issue 22, typed
context): tools/check_json_reads.py passes on this tree, fails on a file
that starts reading JSON by key without a row, fails on a stale row, and
refuses a malformed table with exit 2."""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECKER = ROOT / "tools" / "check_json_reads.py"


def check(root):
    return subprocess.run([sys.executable, str(CHECKER), "--root", str(root)],
                          capture_output=True, text=True, timeout=60)


def copy_src(tmp_path):
    shutil.copytree(ROOT / "src", tmp_path / "src")
    return tmp_path


def test_this_tree_reads_json_only_where_the_table_says():
    r = check(ROOT)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "all rows of src/json_readers.tsv" in r.stdout
    assert "consumers still to type" in r.stdout


def test_a_planted_reader_fails(tmp_path):
    root = copy_src(tmp_path)
    renderer = root / "src" / "run" / "detect_text_cpu.c"
    text = renderer.read_text(encoding="utf-8")
    renderer.write_text(text + '\nstatic const void *planted(const json_t *d) '
                        '{ return json_object_get(d, "cpu"); }\n', encoding="utf-8")
    r = check(root)
    assert r.returncode == 1
    assert r.stdout.splitlines() == [
        "src/run/detect_text_cpu.c: 1 read by key (json_object_get, cm_jr_*), but it is not a "
        "parser of src/json_readers.tsv: take the typed struct instead (or add a parser row, saying "
        "what it reads)"]


def test_a_planted_typed_read_fails_too(tmp_path):
    """util/json_read.h's cm_jr_* read by key as json_object_get does: a renderer may not."""
    root = copy_src(tmp_path)
    renderer = root / "src" / "run" / "detect_text_cpu.c"
    renderer.write_text(renderer.read_text(encoding="utf-8") +
                        '\nstatic int planted(const json_t *d, double *v, cm_error *e) '
                        '{ return cm_jr_number(d, "mhz", 0, v, "cpu", e); }\n', encoding="utf-8")
    r = check(root)
    assert r.returncode == 1
    assert r.stdout.startswith("src/run/detect_text_cpu.c: 1 read by key (json_object_get, "
                               "cm_jr_*), but it is not a parser")


def test_a_call_in_a_comment_is_not_a_read(tmp_path):
    root = copy_src(tmp_path)
    renderer = root / "src" / "run" / "detect_text_cpu.c"
    renderer.write_text(renderer.read_text(encoding="utf-8") +
                        "\n/* json_object_get(doc, \"cpu\") */\n", encoding="utf-8")
    assert check(root).returncode == 0


def test_a_stale_row_fails(tmp_path):
    root = copy_src(tmp_path)
    (root / "src" / "run" / "detect_json.c").write_text("/* typed now */\n", encoding="utf-8")
    r = check(root)
    assert r.returncode == 1
    assert "src/json_readers.tsv: src/run/detect_json.c reads no JSON by key" in r.stdout


def test_a_malformed_table_is_refused(tmp_path):
    root = copy_src(tmp_path)
    table = root / "src" / "json_readers.tsv"
    table.write_text(table.read_text(encoding="utf-8") + "src/x.c\tmaybe\tsomething\n",
                     encoding="utf-8")
    r = check(root)
    assert r.returncode == 2 and "json_readers.tsv" in r.stderr and "Traceback" not in r.stderr
