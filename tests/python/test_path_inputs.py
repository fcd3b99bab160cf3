"""The inputs and the output folders of tests/python/path_options.py against the hostile
set (issue 29, item 1; the outputs and the list's completeness: test_path_options.py, whose
helpers this uses): an input that is a FIFO, a device, a link to a device or a directory is
refused without blocking; an output folder must be one, and every file written in it goes
through the write policy.
"""
import os
import stat
from pathlib import Path

import pytest

from path_options import CASES
from test_path_options import (cm_bin, command_line, ids, make_input, result_doc,  # noqa: F401
                               run_case, snapshot)

INPUT_KINDS = ["fifo", "device", "link-to-device", "directory"]
READS = [c for c in CASES if c["policy"] == "read"]


# a directory is a valid input where the option takes one (result folders: FILE|DIR, INPUT)
READ_KINDS = [(c, k) for c in READS for k in INPUT_KINDS
              if not (k == "directory" and c["option"] in ("INPUT", "FILE|DIR"))]


@pytest.mark.parametrize("case,kind", READ_KINDS, ids=["%s-%s" % (ids(c), k) for c, k in READ_KINDS])
def test_an_input_that_is_not_a_regular_file_is_refused_without_blocking(cm_bin, tmp_path,
                                                                           result_doc, case, kind):
    work = tmp_path / "work"
    work.mkdir()
    path = tmp_path / "input"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        path = Path("/dev/zero")
    elif kind == "link-to-device":
        path.symlink_to("/dev/zero")
    else:
        path.mkdir()
    inp = make_input(case["input"], work, result_doc) if case.get("input") else None
    rc, err = run_case(command_line(cm_bin, case, path, inp, work / "other.out"), work)
    assert rc in (2, 3), err
    assert "Traceback" not in err, err
    assert str(path) in err, err


TREES = [c for c in CASES if c["policy"] == "tree" and c["option"] != "--sysroot"]
TREE_KINDS = ["fifo", "device", "file", "links-inside"]


@pytest.mark.parametrize("kind", TREE_KINDS)
@pytest.mark.parametrize("case", TREES, ids=ids)
def test_an_output_folder_is_a_folder_and_its_files_follow_the_write_policy(
        cm_bin, tmp_path, result_doc, case, kind):
    """A folder written into (import --out-dir, plot -o, fleet --output-dir) must be one: a
    FIFO, a device or a file in its place is refused (exit 2 or 3, nothing changed). A link
    to a folder is followed, as any path is, but every file written in it goes through the
    write policy: with each name the command writes made a link to a victim beforehand, the
    command is refused and no victim changes."""
    work = tmp_path / "work"
    work.mkdir()
    inp = make_input(case["input"], work, result_doc)
    target = tmp_path / "out"
    if kind == "links-inside":
        if case["cmd"].startswith("fleet"):
            pytest.skip("links-inside: fleet writes into a new folder per run id (make_dir "
                        "refuses an existing one: tests/e2e/test_fleet.py)")
        clean = tmp_path / "clean"
        rc, err = run_case(command_line(cm_bin, case, clean, inp, work / "o"), work)
        names = sorted(os.listdir(clean))
        assert names, err
        target.mkdir()
        for name in names:
            (tmp_path / ("victim-" + name)).write_text("precious\n")
            (target / name).symlink_to(tmp_path / ("victim-" + name))
    elif kind == "fifo":
        os.mkfifo(target)
    elif kind == "device":
        if os.geteuid() != 0:
            pytest.skip("device: making a device node needs root (mknod)")
        os.mknod(target, 0o600 | stat.S_IFCHR, os.makedev(1, 3))
    else:
        target.write_text("a file\n")
    before = snapshot(target)
    rc, err = run_case(command_line(cm_bin, case, target, inp, work / "o"), work)
    assert rc in (2, 3), err
    assert "Traceback" not in err, err
    if kind != "links-inside":     # a folder's time changes with a temporary file in it
        assert snapshot(target) == before
    for victim in tmp_path.glob("victim-*"):
        assert victim.read_text() == "precious\n", victim
    if kind == "links-inside":
        assert all((target / n).is_symlink() for n in os.listdir(target))
