"""The typed context against golden files written by main's binary before
the change (tests/data/context/README.md): `aes-score` writes the same
verdicts byte for byte (keys, order, number types), and `show` prints a
saved probe and detect document as they were printed, through the one
parser of each part (probe_json.c, aes_result_json.c, library_json.c)."""
import subprocess
from pathlib import Path

import pytest

from conftest import run

DATA = Path(__file__).resolve().parents[1] / "data" / "context"


def test_aes_score_verdicts_unchanged(cm_bin):
    figures = (DATA / "aes_figures.json").read_text()
    p = subprocess.run([str(cm_bin), "aes-score"], input=figures, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    assert p.stdout == (DATA / "aes_verdicts.json").read_text()


@pytest.mark.parametrize("name", ["probe", "detect"])
def test_show_unchanged(cm_bin, name):
    p = run(cm_bin, "show", DATA / f"{name}.json")
    assert p.returncode == 0, p.stderr
    assert p.stdout == (DATA / f"{name}.txt").read_text()


def test_show_refuses_a_wrong_type(cm_bin, tmp_path):
    doc = (DATA / "probe.json").read_text().replace('"name": "aesenc-xmm"', '"name": 3', 1)
    bad = tmp_path / "bad.json"
    bad.write_text(doc)
    p = run(cm_bin, "show", bad)
    assert p.returncode == 3
    assert p.stderr.strip().endswith('probe document probes[0]: "name" is not a string')
    assert len(p.stderr.strip().splitlines()) == 1
