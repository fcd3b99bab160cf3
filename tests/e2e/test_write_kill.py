"""A run killed (SIGKILL) at each step of writing its JSON and CSV loses nothing: afterwards
either the previous pair of files is intact and consistent, or the new pair is complete and
consistent (issue 11: "the JSON and the CSV of one run are committed together").

The kill points are the test build's fault injection hook (src/core/testhook.h):
CRYPTOMETER_TEST_KILL_AT=STEP[:N] makes the process SIGKILL itself the Nth time the
writer reaches STEP: ``tmp-written`` (a temporary file's bytes written), ``fsync`` (it is
flushed), ``rename`` (a temporary file renamed over its target). The writer handles the
JSON first, then the CSV, so ``tmp-written:2`` is the CSV's temporary file and
``rename:1``/``rename:2`` are the first and the second rename.
"""

import csv
import os
import io
import json
import signal
import subprocess

import pytest

RUN = ["run", "--filter", "ref:portable/sha256", "--time", "0.02", "-q",
       "--json", "r.json", "--csv", "r.csv"]

STEPS = ["tmp-written:1", "fsync:1", "tmp-written:2", "fsync:2", "rename:1", "rename:2"]

# Today's writer renames the JSON, then the CSV: a kill between the two leaves the new
# JSON beside the old CSV (issue 11, defect 7). The write policy (wt-hostile-c) fixes it.
KNOWN_TORN = {"rename:1"}


def _run(binary, cwd, sizes, kill_at=None):
    env = None
    if kill_at:
        env = dict(os.environ, CRYPTOMETER_TEST_KILL_AT=kill_at)
    return subprocess.run([str(binary), *RUN, "--sizes", sizes], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def _pair(cwd):
    """(json bytes, csv bytes) or None for a missing file."""
    return tuple((cwd / n).read_bytes() if (cwd / n).exists() else None for n in ("r.json", "r.csv"))


def _consistent(json_bytes, csv_bytes):
    """The JSON document (complete) and the CSV hold the same records; returns the sizes measured."""
    doc = json.loads(json_bytes)
    assert doc.get("complete") is True, "the JSON document is not complete"
    rows = list(csv.DictReader(io.StringIO(csv_bytes.decode())))
    results = doc["results"]
    assert len(rows) == len(results), "JSON has %d records, CSV %d" % (len(results), len(rows))
    for rec, row in zip(results, rows):
        assert row["name"] == rec["name"] and int(row["size"]) == rec["size"], (rec["name"], row["name"])
        assert row["status"] == rec["status"]
        median = rec.get("stats", {}).get("median_ns")
        if median:
            assert abs(float(row["stats.median_ns"]) - median) <= 1e-4 * median + 1e-3, \
                "the CSV's median of %s differs from the JSON's: another run" % rec["name"]
    return sorted({r["size"] for r in results})


def _params():
    for step in STEPS:
        marks = [pytest.mark.xfail(reason="issue 11 defect 7: the JSON and the CSV are renamed one "
                                          "after the other; fixed by the write policy", strict=False)] \
            if step in KNOWN_TORN else []
        yield pytest.param(step, marks=marks, id=step)


@pytest.mark.parametrize("step", list(_params()))
def test_kill_while_writing_keeps_a_consistent_pair(cm_test_bin, tmp_path, step):
    first = _run(cm_test_bin, tmp_path, "16")
    assert first.returncode == 0, first.stderr
    old = _pair(tmp_path)
    assert _consistent(*old) == [16]

    killed = _run(cm_test_bin, tmp_path, "16,64", kill_at=step)
    assert killed.returncode == -signal.SIGKILL, (
        "the run was not killed at %s (exit %d): the writer no longer reaches this kill point "
        "(src/core/testhook.h)\n%s" % (step, killed.returncode, killed.stderr[-2000:]))

    now = _pair(tmp_path)
    assert None not in now, "a file of the pair is missing after a kill at %s" % step
    if now == old:
        return  # the previous pair, untouched
    sizes = _consistent(*now)
    assert sizes == [16, 64], "after a kill at %s the pair is neither the old nor the new one" % step


def test_temporaries_of_a_killed_run_are_cleaned_by_the_next(cm_test_bin, tmp_path):
    killed = _run(cm_test_bin, tmp_path, "16", kill_at="fsync:2")
    assert killed.returncode == -signal.SIGKILL, killed.stderr[-2000:]
    assert list(tmp_path.glob("r.*.tmp.*")), "the kill left no temporary file: nothing to test"
    again = _run(cm_test_bin, tmp_path, "16")
    assert again.returncode == 0, again.stderr
    _consistent(*_pair(tmp_path))
    assert not list(tmp_path.glob("*.tmp.*")), sorted(p.name for p in tmp_path.iterdir())
