"""run --repeat N: every measured record carries N rounds (each a median from its own child),
its measurement is the median round's, the spread is (max - min) / median of the rounds, the
document validates and settings say N; rounds more than 10% apart make the record
not-reproducible; every measurement names the memory layout it ran in; a bad N is one line and
exit 2, nothing written."""

import json
import subprocess

import jsonschema
import pytest

SELECTION = ("--filter", "^ref:portable/(sha256/digest|aes-128-ctr/encrypt)$", "--sizes", "16,1024",
             "--time", "0.02")


@pytest.fixture(scope="module")
def repeated(cm_bin, tmp_path_factory):
    out = tmp_path_factory.mktemp("repeat") / "r.json"
    r = subprocess.run([str(cm_bin), "run", *SELECTION, "--repeat", "3", "--json", str(out), "-q"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    return json.loads(out.read_text())


def test_every_measured_record_has_its_rounds(repeated, schema):
    jsonschema.validate(repeated, schema)
    assert repeated["settings"]["repeat"] == 3
    measured = [r for r in repeated["results"] if r["status"] == "ok"]
    assert len(measured) == 4
    for r in measured:
        rounds = r["rounds"]["median_ns"]
        assert len(rounds) == 3 and all(v > 0 for v in rounds)
        assert r["stats"]["median_ns"] == sorted(rounds)[1]      # the median round's measurement
        mid = sorted(rounds)[1]
        assert r["rounds"]["spread"] == pytest.approx((max(rounds) - min(rounds)) / mid, rel=1e-6)


def test_one_round_writes_no_rounds(cm, tmp_path):
    out = tmp_path / "one.json"
    assert cm("run", *SELECTION, "--json", out, "-q").returncode == 0
    doc = json.loads(out.read_text())
    assert doc["settings"]["repeat"] == 1 and not any("rounds" in r for r in doc["results"])


@pytest.mark.parametrize("value", ["0", "21", "two"])
def test_a_bad_repeat_is_one_line_and_exit_2(cm, tmp_path, value):
    out = tmp_path / "bad.json"
    r = cm("run", *SELECTION, "--repeat", value, "--json", out)
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "--repeat" in r.stderr
    assert not out.exists()


def test_a_record_whose_rounds_disagree_is_flagged_not_reproducible(repeated):
    """The flag follows the spread: more than 10% (CM_ROUNDS_AGREE) and only then."""
    for r in (r for r in repeated["results"] if r["status"] == "ok"):
        assert ("not-reproducible" in r.get("flags", [])) == (r["rounds"]["spread"] > 0.10), r["name"]


def test_every_measurement_carries_the_layout_it_ran_in(repeated):
    """Each child moves its stack, each measurement its buffers, by a multiple of 64 below
    4096 (docs/methodology.md, "Memory layout"); over 4 records x 3 offsets, not all alike."""
    layouts = [r["layout"] for r in repeated["results"] if r["status"] == "ok"]
    assert len(layouts) == 4
    offsets = [v for lay in layouts for v in (lay["stack"], lay["in"], lay["out"])]
    assert all(v % 64 == 0 and 0 <= v < 4096 for v in offsets)
    assert len(set(offsets)) > 1
