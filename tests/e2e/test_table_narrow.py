"""run's and show's narrow table (docs/cli.md, "The table"): every line fits
100 columns, for every class and for many sizes; --wide is the wide layout;
show prints run's table; show --markdown gives valid GitHub tables.

Most tests read tests/data/runs/classes.json.gz, a saved run of every class
(hash, aead, cipher, mac, kex, signature, pke, kem, rng, bignum; the kem rows
are unavailable where no library built here has ML-KEM), so they do not
measure anything.
"""

import gzip
import json
import re
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[1] / "data" / "runs" / "classes.json.gz"
CLASSES = {"hash", "aead", "cipher", "mac", "kex", "signature", "pke", "kem", "rng", "bignum"}
PER_OPERATION = {"kex", "signature", "pke", "kem", "bignum"}
COLUMNS = 100


@pytest.fixture
def saved(tmp_path):
    path = tmp_path / "classes.json"
    path.write_bytes(gzip.decompress(DATA.read_bytes()))
    return path, json.loads(path.read_text())


def too_wide(text):
    return [line for line in text.splitlines() if len(line) > COLUMNS]


def headings(text):
    """The block headings of the narrow table: "algorithm operation" lines
    followed by an "implementation" header."""
    lines = text.splitlines()
    return {lines[i] for i in range(len(lines) - 1)
            if lines[i] and lines[i + 1].startswith("implementation ")}


def test_the_saved_run_has_every_class(saved):
    assert {r["class"] for r in saved[1]["results"]} == CLASSES


def test_every_line_of_every_class_fits(saved, cm_test):
    path, doc = saved
    shown = cm_test("show", path)
    assert shown.returncode == 0, shown.stderr
    assert too_wide(shown.stdout) == []
    blocks = headings(shown.stdout)
    for r in doc["results"]:  # every operation has its block
        assert f"{r['algorithm']} {r['operation']}" in blocks, r["name"]
    per_op = shown.stdout.split("\nPer operation")[1]
    for r in doc["results"]:  # per-operation classes show ops/s, the others MB/s
        assert (f"\n{r['algorithm']} {r['operation']}\n" in per_op) == (r["class"] in PER_OPERATION)
    assert "ops/s" in per_op and "Throughput in MB/s" in shown.stdout
    assert "Not measured:" in shown.stdout and "Health:" in shown.stdout


def test_every_figure_keeps_its_marks(saved, cm_test):
    """A cell of the narrow table carries the * and ~ of the wide one."""
    path, _ = saved
    narrow = cm_test("show", path).stdout
    wide = cm_test("show", "--wide", path).stdout
    for mark in ("*", "~"):
        assert narrow.split("\n* marks")[0].count(mark) == wide.split("\n* marks")[0].count(mark), mark


def test_wide_is_the_wide_layout(saved, cm_test):
    path, doc = saved
    wide = cm_test("show", "--wide", path)
    assert wide.returncode == 0, wide.stderr
    assert too_wide(wide.stdout)  # today's layout: one row per implementation, every size
    header = next(l for l in wide.stdout.splitlines() if l.startswith("implementation"))
    assert [f"{s} bytes" in header for s in doc["settings"]["sizes"]] == [True] * 6
    row = next(l.split() for l in wide.stdout.splitlines()
               if l.split()[:3] == ["openssl:evp", "aes-128-gcm", "seal"])
    assert len(row) == 4 + 2 * 6 and all(c.startswith("±") for c in row[5::2])


def test_many_sizes_wrap_into_column_groups(cm, tmp_path):
    """--sizes 16-1024/32: 32 columns in groups that fit; every size is a
    column once per block; show prints what run printed, --wide too."""
    out = tmp_path / "r.json"
    r = cm("run", "--filter", "ref:portable/sha256/", "--sizes", "16-1024/32", "--time", "0.01",
           "--json", out, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert too_wide(r.stdout) == []
    sizes = json.loads(out.read_text())["settings"]["sizes"]
    assert len(sizes) == 32  # 16, 48, ..., 1008
    block = r.stdout.split("Throughput in MB/s")[1].split("Cycles per byte")[0]
    heads = [l.split()[2:] for l in block.splitlines() if l.startswith("implementation ")]
    assert len(heads) > 1  # wrapped
    labels = [w for h in heads for w in h if w not in ("B", "KiB")]
    assert labels == [str(s // 1024) if s % 1024 == 0 else str(s) for s in sizes]
    assert cm("show", out).stdout == r.stdout
    wide = cm("run", "--wide", "--filter", "ref:portable/sha256/", "--sizes", "16-1024/32",
              "--time", "0.01", "--json", tmp_path / "w.json", cwd=tmp_path)
    assert wide.returncode == 0 and too_wide(wide.stdout)
    assert cm("show", "--wide", tmp_path / "w.json").stdout == wide.stdout


def markdown_tables(text):
    """The tables of a Markdown text: lists of rows, each a list of cells."""
    tables, current = [], None
    for line in text.splitlines() + [""]:
        if line.startswith("|"):
            assert line.endswith("|"), line
            current = (current or []) + [[c.strip() for c in line[1:-1].split("|")]]
        elif current:
            tables.append(current)
            current = None
    return tables


def test_markdown_is_valid_tables_of_the_same_cells(saved, cm_test):
    path, _ = saved
    md = cm_test("show", "--markdown", path)
    assert md.returncode == 0, md.stderr
    tables = markdown_tables(md.stdout)
    narrow = cm_test("show", path).stdout
    md_headings = re.findall(r"^#### (.*)$", md.stdout, re.M)
    assert len(tables) == len(md_headings) and set(md_headings) == headings(narrow)
    for t in tables:
        assert t[0][:2] == ["implementation", "KAT"]
        assert all(re.fullmatch(r"---:?", c) for c in t[1]), t[1]
        assert {len(row) for row in t} == {len(t[0])}, t
        for row in t[2:]:  # the cells of the narrow table, in its order
            assert re.search(r"^" + r" +".join(map(re.escape, row[:2])) + r" ", narrow, re.M), row
    text_lines = md.stdout.split("```")
    assert len(text_lines) % 2 == 1  # fences closed


def test_markdown_and_other_documents(saved, cm_test):
    path, _ = saved
    both = cm_test("show", "--wide", "--markdown", path)
    assert both.returncode == 2 and both.stdout == ""
    assert both.stderr.strip().count("\n") == 0 and "not both" in both.stderr
    probe = Path(__file__).resolve().parents[1] / "data" / "probes" / "x86_64.json"
    p = cm_test("show", "--markdown", probe)
    assert p.returncode == 2 and p.stdout == "" and "Traceback" not in p.stderr
    assert p.stderr.strip().count("\n") == 0 and "run's result document only" in p.stderr


def test_long_names_are_shortened_by_the_rule_of_the_legend(saved, cm_test, tmp_path):
    path, doc = saved
    for r in doc["results"]:
        if r["backend"] == "openssl":
            r["backend"] = "openssl-with-a-rather-long-name"
    path.write_text(json.dumps(doc))
    shown = cm_test("show", path)
    assert shown.returncode == 0, shown.stderr
    assert too_wide(shown.stdout) == []
    assert "openssl-with-…vcrypto-engine " in shown.stdout  # first 13, last 14
    assert "A name longer than 28 columns is shown as its first 13 and last 14" in shown.stdout
    assert "openssl-with-a-rather-long-name:devcrypto-engine" in cm_test("show", "--wide", path).stdout
