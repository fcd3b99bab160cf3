"""A run killed (SIGKILL) at each step of writing its JSON and CSV loses nothing: afterwards
either the previous pair of files is intact and consistent, or the new pair is complete and
consistent (issue 11: "the JSON and the CSV of one run are committed together").

The kill points are the test build's fault injection hook (src/util/testhook.h):
CRYPTOMETER_TEST_KILL_AT=STEP[:N] makes the process SIGKILL itself the Nth time the
writer reaches STEP: ``tmp-written`` (a temporary file's bytes written), ``fsync`` (it is
flushed), ``journal`` (the commit journal is in place), ``rename`` (a temporary file
renamed over its target). The writer handles the JSON first, then the CSV, so
``tmp-written:2`` is the CSV's temporary file and ``rename:1``/``rename:2`` are the first
and the second rename. A kill after the journal leaves ``r.json.commit``: the next command
that checks r.json as an output finishes the commit (src/records/write_commit.c), here a run
whose filter matches nothing, so that it writes nothing itself.
"""

import csv
import os
import io
import json
import signal
import subprocess
import time

import jsonschema
import pytest

RUN = ["run", "--filter", "ref:portable/sha256", "--time", "0.02", "-q",
       "--json", "r.json", "--csv", "r.csv"]

STEPS = ["tmp-written:1", "fsync:1", "tmp-written:2", "fsync:2", "journal:1", "rename:1",
         "rename:2"]


def _run(binary, cwd, sizes, kill_at=None, fail_at=None):
    env = dict(os.environ)
    if kill_at:
        env["CRYPTOMETER_TEST_KILL_AT"] = kill_at
    if fail_at:
        env["CRYPTOMETER_TEST_FAIL_AT"] = fail_at
    return subprocess.run([str(binary), *RUN, "--sizes", sizes], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def _finish_interrupted_commit(binary, cwd):
    """Checks r.json and r.csv as outputs without writing them: finishes a pending commit."""
    done = subprocess.run([str(binary), "run", "--filter", "no-such-benchmark-anywhere",
                           "--json", "r.json", "--csv", "r.csv"], cwd=cwd,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "no benchmark matches" in done.stderr, done.stderr
    return done.stderr


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


@pytest.mark.parametrize("step", STEPS)
def test_kill_while_writing_keeps_a_consistent_pair(cm_test_bin, tmp_path, step):
    first = _run(cm_test_bin, tmp_path, "16")
    assert first.returncode == 0, first.stderr
    old = _pair(tmp_path)
    assert _consistent(*old) == [16]

    killed = _run(cm_test_bin, tmp_path, "16,64", kill_at=step)
    assert killed.returncode == -signal.SIGKILL, (
        "the run was not killed at %s (exit %d): the writer no longer reaches this kill point "
        "(src/util/testhook.h)\n%s" % (step, killed.returncode, killed.stderr[-2000:]))

    pending = (tmp_path / "r.json.commit").exists()
    assert pending == (step in ("journal:1", "rename:1", "rename:2")), \
        "after a kill at %s the commit journal is %s" % (step, "there" if pending else "missing")
    if pending:
        said = _finish_interrupted_commit(cm_test_bin, tmp_path)
        # after the last rename there is nothing left to finish but the journal itself
        assert ("finished an interrupted write" in said) == (step != "rename:2"), said
        assert not (tmp_path / "r.json.commit").exists()
    now = _pair(tmp_path)
    assert None not in now, "a file of the pair is missing after a kill at %s" % step
    assert not list(tmp_path.glob("*.tmp.*")) or not pending, sorted(p.name for p in tmp_path.iterdir())
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


def test_a_full_disk_while_writing_the_csv_keeps_the_old_pair_and_the_new_json(cm_test_bin, tmp_path):
    first = _run(cm_test_bin, tmp_path, "16")
    assert first.returncode == 0, first.stderr
    old = _pair(tmp_path)

    failed = _run(cm_test_bin, tmp_path, "16,64", fail_at="tmp-written:2")
    assert failed.returncode == 3, failed.stderr
    line = failed.stderr.strip().splitlines()[-1]
    assert "cannot write 'r.csv'" in line and "No space left on device" in line, line
    assert "unchanged" in line and "kept as" in line, line
    assert _pair(tmp_path) == old, "the previous pair was touched"
    kept = list(tmp_path.glob("r.json.kept.*"))
    assert len(kept) == 1, sorted(p.name for p in tmp_path.iterdir())
    doc = json.loads(kept[0].read_bytes())
    assert sorted({r["size"] for r in doc["results"]}) == [16, 64], "the new measurements were lost"
    assert not list(tmp_path.glob("*.tmp.*")), sorted(p.name for p in tmp_path.iterdir())


def test_a_planted_journal_renames_nothing_but_our_temporaries(cm_test_bin, tmp_path):
    victim = tmp_path / "precious.txt"
    victim.write_text("keep me")
    (tmp_path / "r.json.commit").write_bytes(
        b"cryptometer-commit-v1\0" + str(victim).encode() + b"\0" + str(tmp_path / "r.json").encode() + b"\0")
    _finish_interrupted_commit(cm_test_bin, tmp_path)
    assert victim.read_text() == "keep me"
    assert not (tmp_path / "r.json").exists()
    assert not (tmp_path / "r.json.commit").exists()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_and_sighup_keep_finished_figures_like_ctrl_c(cm_bin, tmp_path, schema, sig):
    """Issue 29: SIGTERM (systemd, CI runners, timeout) lost the finished figures that SIGINT
    keeps. Sent to the whole process group, as systemd and a closed terminal do, so the
    measuring child gets it too: it ignores it, the parent stops it and writes what finished,
    marked incomplete, and exits 128 + the signal's number."""
    out = tmp_path / "r.json"
    proc = subprocess.Popen([str(cm_bin), "run", "--time", "0.3", "--json", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    time.sleep(4)
    os.killpg(proc.pid, sig)
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 128 + sig, stderr
    doc = json.loads(out.read_text())
    jsonschema.validate(doc, schema)
    assert doc["complete"] is False and doc["interrupted"] is True
    assert doc["results"]
    assert all(r["status"] in ("ok", "skipped", "unavailable") for r in doc["results"]), \
        [r for r in doc["results"] if r["status"] not in ("ok", "skipped", "unavailable")]
    assert "interrupted" in stderr
    assert not list(tmp_path.glob("*.tmp*"))


def test_a_part_of_the_document_that_cannot_be_built_is_flagged_not_the_run_lost(cm_test_bin,
                                                                                  tmp_path, schema):
    """Issue 29: a document that could not be built after the measurements was dropped with
    them ("out of memory for the document"). The part is left out and named in "warnings";
    the measurements are written (the test build fails the part on demand)."""
    p = _run(cm_test_bin, tmp_path, "16", fail_at="document-part")
    assert p.returncode == 0, p.stderr
    doc = json.loads((tmp_path / "r.json").read_text())
    jsonschema.validate(doc, schema)
    assert doc["results"] and all(r["status"] == "ok" for r in doc["results"])
    assert any("could not be built" in w for w in doc["warnings"]), doc.get("warnings")
