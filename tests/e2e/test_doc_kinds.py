"""plot and report read every kind of document the tool writes, or refuse it in one line naming
what reads it (issue 23 item 6; cryptometer.doc_kinds): a sweep document is plotted and reported,
a probe, detect, files, verify, verify --pairs or dmcrypt document is refused (exit 3, an input refused), and the
commands that read results only (compare) refuse a sweep naming plot and report."""
import subprocess
from pathlib import Path

import pytest

SWEEP = ["sweep", "--chunks", "16,4k", "--totals", "64k", "--backends", "ref:portable",
         "--algorithms", "aes-128-cbc", "--json", "{out}", "-q"]
OTHERS = {   # kind: (how the binary writes it, the reader the refusal names)
    "cryptometer-probe": (["probe", "--quick", "--only", "mul", "--json"], "cryptometer show FILE"),
    "detect": (["detect", "--json", "--no-clock"], "cryptometer show FILE"),
    "cryptometer-verify-v1": (["verify", "--filter", "ref:portable/sha256/", "--json", "{out}"], "cryptometer show FILE"),
    "cryptometer-verify-pairs-v1": (["verify", "--pairs", "--filter", "^ref:.*/sha256$", "--json", "{out}"],
                                    "cryptometer show FILE"),
    "cryptometer-files-v1": (["files", "--quick", "--repeat", "1", "--impl", "ref:portable", "--json", "{out}"], "cryptometer show FILE"),
}


def _write(cm_bin, argv, out):
    r = subprocess.run([str(cm_bin)] + [a.format(out=out) for a in argv], capture_output=True,
                       timeout=300, cwd=out.parent)
    if "{out}" not in argv:          # a document printed on standard output
        out.write_bytes(r.stdout)
    assert out.is_file() and out.stat().st_size, r.stderr
    return out


@pytest.fixture(scope="module")
def sweep_doc(tmp_path_factory, cm_bin):
    return _write(cm_bin, SWEEP, tmp_path_factory.mktemp("sweep") / "sweep.json")


def test_plot_sweep_draws_a_sweep_document(cm, sweep_doc, tmp_path):
    r = cm("plot", "sweep", "--format", "svg", "-o", tmp_path / "p", sweep_doc)
    assert r.returncode == 0, r.stderr
    assert "<svg" in (tmp_path / "p" / "sweep.svg").read_text()


def test_report_reads_a_sweep_document(cm, sweep_doc, tmp_path):
    r = cm("report", sweep_doc, "-o", tmp_path / "r.html")
    assert r.returncode == 0, r.stderr
    page = (tmp_path / "r.html").read_text()
    # the sweep's paths are rows of its operation's table in the chunk-size section (issue 24)
    assert "Files and chunk sizes" in page and "<caption>aes-128-cbc encrypt</caption>" in page
    assert "<td>ref:portable</td>" in page


def test_compare_refuses_a_sweep_naming_its_readers(cm, sweep_doc):
    r = cm("compare", sweep_doc, sweep_doc)
    assert r.returncode == 3 and "Traceback" not in r.stderr
    line = r.stderr.strip().splitlines()[0]
    assert "a cryptometer-sweep document" in line and "cryptometer plot sweep FILE" in line
    assert "cryptometer show FILE" in line


@pytest.mark.parametrize("kind", sorted(OTHERS))
@pytest.mark.parametrize("command", ["plot", "report"])
def test_other_kinds_are_refused_in_one_line(kind, command, cm, cm_bin, tmp_path):
    argv, reader = OTHERS[kind]
    doc = _write(cm_bin, argv, tmp_path / "doc.json")
    args = ["plot", "all", "-o", tmp_path / "p", doc] if command == "plot" else ["report", doc, "-o", tmp_path / "r.html"]
    r = cm(*args)
    assert r.returncode == 3 and "Traceback" not in r.stderr + r.stdout
    first = r.stderr.strip().splitlines()[0]
    assert first.startswith("cryptometer %s: %s: (document): a %s document" % (command, doc, kind)), first
    assert reader in first
    assert not (tmp_path / "r.html").exists()


@pytest.mark.parametrize("command", ["plot", "report"])
def test_a_dmcrypt_document_is_refused_naming_show(command, cm, tmp_path):
    """dmcrypt needs root and a RAM device: the document recorded in a VM (tests/data/dmcrypt)."""
    doc = Path(__file__).resolve().parents[1] / "data" / "dmcrypt" / "bookworm-6.1-x86_64-answers.json"
    args = ["plot", "all", "-o", tmp_path / "p", doc] if command == "plot" else ["report", doc, "-o", tmp_path / "r.html"]
    r = cm(*args)
    assert r.returncode == 3 and "Traceback" not in r.stderr
    line = r.stderr.strip().splitlines()[0]
    assert "a dmcrypt document (written by cryptometer dmcrypt --json)" in line
    assert "cryptometer show FILE" in line
