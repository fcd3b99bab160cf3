"""The suites of `run` (issue 7, docs/cli.md "Suites"): with nothing selected a run
measures the default suite of data/suites.json at its sizes, --full measures every
algorithm at the default sizes, and a selection is measured as given; the document says
which (settings.suite). The default cut covers every class the build measures. The default
suite leaves out the language runtimes (issue 23's time) unless --runtimes; the document says
so (settings.runtimes) and the table's preamble names the option."""
import json
import subprocess
from pathlib import Path

import jsonschema
import pytest

ROOT = Path(__file__).resolve().parents[2]
SUITES = json.loads((ROOT / "data" / "suites.json").read_text())
ALL_SIZES = [16, 64, 256, 1024, 8192, 16384]
RUNTIMES = {"go", "rust", "java", "node", "python"}  # docs/runtimes.md


def run(binary, tmp_path, *args):
    out = tmp_path / "r.json"
    p = subprocess.run([str(binary), "run", "--time", "0.01", "-q", "--json", str(out), *args],
                       capture_output=True, text=True, timeout=600)
    assert p.returncode in (0, 1), p.stderr
    return json.loads(out.read_text())


def test_nothing_selected_runs_the_default_suite(cm_bin, tmp_path, schema):
    doc = run(cm_bin, tmp_path)
    jsonschema.validate(doc, schema)
    assert doc["settings"]["suite"] == "default"
    assert doc["settings"]["sizes"] == SUITES["default"]["sizes"]
    measured = {r["algorithm"] for r in doc["results"]}
    listed = json.loads(subprocess.run([str(cm_bin), "list", "--json"], capture_output=True,
                                       text=True, check=True).stdout)["benchmarks"]
    built = {b["algorithm"] for b in listed}
    assert measured == set(SUITES["default"]["algorithms"]) & built
    sizes = {r["size"] for r in doc["results"] if r["size"] is not None}
    assert sizes <= set(SUITES["default"]["sizes"])
    assert SUITES["default"]["runtimes"] is False and doc["settings"]["runtimes"] is False
    assert not {r["backend"] for r in doc["results"]} & RUNTIMES
    shown = subprocess.run([str(cm_bin), "show", str(tmp_path / "r.json")], capture_output=True,
                           text=True)
    assert shown.returncode == 0, shown.stderr
    assert "no language runtimes (Go, Rust, Java, Node.js, Python); --runtimes adds them" in shown.stdout
    assert_size_limits(doc, shown.stdout)


def assert_size_limits(doc, shown):
    """The default suite's size limits: in the document, above the blocks, and on the records
    (skipped above the limit, with its reason; measured at or below it where available)."""
    limits = SUITES["default"]["size_limits"]
    assert limits and doc["settings"]["size_limits"] == limits
    for limit in limits:
        said = "Default suite: %s up to %d B: " % (limit["implementation"], limit["max_size"])
        assert said in shown
        mine = [r for r in doc["results"]
                if "%s:%s" % (r["backend"], r["variant"]) == limit["implementation"]]
        assert mine, "the default suite has no record of %s" % limit["implementation"]
        if all(r["status"] == "unavailable" for r in mine):
            continue  # no such device here: its one record per operation says why
        above = [r for r in mine if r["size"] > limit["max_size"]]
        assert {r["size"] for r in above} == {s for s in SUITES["default"]["sizes"]
                                             if s > limit["max_size"]}
        for r in above:
            assert r["status"] == "skipped" and limit["why"] in r["reason"], r
        assert {r["size"] for r in mine if r["status"] != "skipped"} == {
            s for s in SUITES["default"]["sizes"] if s <= limit["max_size"]}


# every benchmark but Go's SHA-256 left out: the default suite's names, cheaply
ONLY_GO_SHA256 = "^[^g]|^g[^o]|^go:[^/]*/[^s]"


def test_runtimes_puts_the_language_runtimes_in_the_default_suite(cm_bin, tmp_path):
    listed = json.loads(subprocess.run([str(cm_bin), "list", "--json", "--backends", "go"],
                                       capture_output=True, text=True, check=True).stdout)
    if not any(b["available"] for b in listed["benchmarks"]):
        pytest.skip("the Go runtime backend is not built here: %s" % listed["missing_backends"])
    doc = run(cm_bin, tmp_path, "--runtimes", "--exclude", ONLY_GO_SHA256)
    assert doc["settings"]["suite"] == "default" and doc["settings"]["runtimes"] is True
    assert {(r["backend"], r["algorithm"], r["status"]) for r in doc["results"]} == {
        ("go", "sha256", "ok")}
    assert sorted(r["size"] for r in doc["results"]) == SUITES["default"]["sizes"]
    # without the option, the same exclusion leaves nothing: a usage error, no file
    without = subprocess.run([str(cm_bin), "run", "--time", "0.01", "-q", "--json",
                              str(tmp_path / "none.json"), "--exclude", ONLY_GO_SHA256],
                             capture_output=True, text=True, timeout=600)
    assert without.returncode == 2 and "no benchmark matches" in without.stderr
    assert not (tmp_path / "none.json").exists()


# every benchmark but /dev/hwrng's left out
ONLY_HWRNG = "^[^s]|^s[^y]|^sy[^s]|^system:[^h]"


def test_sizes_given_lift_the_default_suites_limits(cm_bin, tmp_path):
    doc = run(cm_bin, tmp_path, "--exclude", ONLY_HWRNG, "--sizes", "16,2048")
    assert doc["settings"]["suite"] == "default" and doc["settings"]["size_limits"] == []
    records = doc["results"]
    assert {(r["backend"], r["variant"]) for r in records} == {("system", "hwrng")}
    if records[0]["status"] == "unavailable":
        pytest.skip("no /dev/hwrng here: %s" % records[0]["reason"])
    assert sorted((r["size"], r["status"]) for r in records) == [(16, "ok"), (2048, "ok")]


def test_the_default_cut_covers_every_class(cm_bin):
    listed = json.loads(subprocess.run([str(cm_bin), "list", "--json"], capture_output=True,
                                       text=True, check=True).stdout)["benchmarks"]
    class_of = {b["algorithm"]: b["class"] for b in listed}
    cut = SUITES["default"]["algorithms"]
    # every name is in the algorithm table (list refuses an unknown one), built here or not
    known = subprocess.run([str(cm_bin), "list", "--algorithms", ",".join(cut)],
                           capture_output=True, text=True)
    assert known.returncode == 0, known.stderr
    # and every class this build measures has an algorithm in the cut
    assert {class_of[a] for a in cut if a in class_of} == set(class_of.values()) - {"checksum"}


def test_full_measures_every_algorithm_at_every_default_size(cm_bin, tmp_path):
    doc = run(cm_bin, tmp_path, "--full", "--backends", "ref")
    assert doc["settings"]["suite"] == "full" and doc["settings"]["sizes"] == ALL_SIZES
    listed = json.loads(subprocess.run([str(cm_bin), "list", "--json", "--backends", "ref"],
                                       capture_output=True, text=True, check=True).stdout)
    assert {r["algorithm"] for r in doc["results"]} == {b["algorithm"] for b in listed["benchmarks"]}


def test_a_selection_is_measured_as_given(cm_bin, tmp_path):
    doc = run(cm_bin, tmp_path, "--filter", "ref:portable/sha1/", "--sizes", "64")
    assert doc["settings"]["suite"] == "selection" and doc["settings"]["sizes"] == [64]
    assert doc["settings"]["runtimes"] is True  # a selection has them: it names what it wants
    assert doc["settings"]["size_limits"] == []  # and the sizes it names
    assert {r["algorithm"] for r in doc["results"]} == {"sha1"}
