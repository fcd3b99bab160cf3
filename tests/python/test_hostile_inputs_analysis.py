"""Hostile and careless inputs to the Python commands (issue 11, Python side): one test per defect.

Every command runs in a subprocess with a timeout, so a hang fails the test
instead of blocking the suite.  Paths are passed as bytes where they must be.
"""

import json
import os
import stat
import subprocess
import sys
import time

import pytest

from analysis_helpers import FIXTURES, PYTHON_DIR

LOG = FIXTURES / "1ET4.txt"


def cli(*args, cwd=None, timeout=60):
    """``python -m cryptometer ARGS`` (str or bytes arguments); stdout and stderr as text."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(PYTHON_DIR) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    argv = [os.fsencode(sys.executable), b"-m", b"cryptometer"] + [os.fsencode(a) for a in args]
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, timeout=timeout)
    return subprocess.CompletedProcess(done.args, done.returncode,
                                       done.stdout.decode("utf-8", "replace"),
                                       done.stderr.decode("utf-8", "replace"))


def imported(tmp_path, name="in.json"):
    """A result document imported from the fixture log (an input for store)."""
    out = tmp_path / name
    r = cli("import", "sbc-bench", LOG, "--json", out)
    assert r.returncode == 0, r.stderr
    return out


# ---- defect 1: unbounded reads ----------------------------------------------------------------

def test_defect1_dev_urandom_and_oversized_inputs_are_refused_quickly(tmp_path):
    start = time.monotonic()
    r = cli("import", "sbc-bench", "/dev/urandom", "--json", tmp_path / "u.json", timeout=30)
    assert r.returncode == 3, r.stderr
    assert "/dev/urandom" in r.stderr and "Traceback" not in r.stderr
    assert time.monotonic() - start < 20
    assert not (tmp_path / "u.json").exists()
    big_log = tmp_path / "big.txt"             # sparse: the cap is checked before reading
    with open(big_log, "wb") as handle:
        handle.truncate(17 * 1024 * 1024)
    r = cli("import", "sbc-bench", big_log, "--json", tmp_path / "b.json", timeout=30)
    assert r.returncode == 3 and "big.txt" in r.stderr and "16 MB" in r.stderr, r.stderr
    big_result = tmp_path / "big.json"
    with open(big_result, "wb") as handle:
        handle.truncate(257 * 1024 * 1024)
    r = cli("store", "add", big_result, "--db", tmp_path / "db.sqlite", timeout=30)
    assert r.returncode == 3 and "big.json" in r.stderr and "256 MB" in r.stderr, r.stderr


# ---- defect 2: writes over devices and symlinks (every writer, the database path too) ----------

def test_defect2_database_path_refuses_symlink_and_device(tmp_path):
    doc = imported(tmp_path)
    elsewhere = tmp_path / "elsewhere.db"
    link = tmp_path / "link.db"
    link.symlink_to(elsewhere)
    r = cli("store", "add", doc, "--db", link)
    assert r.returncode == 2 and "symbolic link" in r.stderr, r.stderr
    assert link.is_symlink() and not elsewhere.exists()
    if os.geteuid() == 0:
        node = tmp_path / "null"
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        r = cli("store", "add", doc, "--db", node)
        assert r.returncode == 2 and "not a regular file" in r.stderr, r.stderr
        assert stat.S_ISCHR(os.lstat(node).st_mode)
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    r = cli("import", "sbc-bench", LOG, "--json", fifo, timeout=30)
    assert r.returncode == 2 and stat.S_ISFIFO(os.lstat(fifo).st_mode), r.stderr


# ---- defect 3: an output that is the same file as an input --------------------------------------

def test_defect3_output_same_file_as_input_is_refused(tmp_path):
    doc = imported(tmp_path)
    before = doc.read_bytes()
    hard = tmp_path / "hard.db"                  # another name of the same file: compared by inode
    os.link(doc, hard)
    for db in (doc, hard):
        r = cli("store", "add", doc, "--db", db)
        assert r.returncode == 2 and "one of the input files" in r.stderr, r.stderr
        assert doc.read_bytes() == before
    d = tmp_path / "d"
    d.mkdir()
    log = d / "log.json"
    log.write_bytes(LOG.read_bytes())
    r = cli("import", "sbc-bench", log, "--out-dir", d)
    assert r.returncode == 2 and log.read_bytes() == LOG.read_bytes(), r.stderr


# ---- defect 4: a path that is not UTF-8 -----------------------------------------------------------

def test_defect4_non_utf8_log_path_imports_without_traceback(tmp_path):
    base = os.fsencode(str(tmp_path))
    log = os.path.join(base, b"bad-\xff\xfe.txt")
    with open(log, "wb") as handle:
        handle.write(LOG.read_bytes())
    out_dir = os.path.join(base, b"out-\xff")
    r = cli("import", "sbc-bench", log, "--out-dir", out_dir)
    assert "Traceback" not in r.stderr and r.returncode == 0, r.stderr
    assert "bad-" in r.stdout
    written = [n for n in os.listdir(out_dir) if n.endswith(b".json")]
    assert len(written) == 1
    with open(os.path.join(out_dir, written[0]), "rb") as handle:
        doc = json.loads(handle.read().decode("utf-8"))     # valid UTF-8 JSON
    assert doc["source"]["file"].startswith("bad-")
    r = cli("store", "add", os.path.join(out_dir, written[0]), "--db", os.path.join(base, b"db-\xff.sqlite"))
    assert "Traceback" not in r.stderr and r.returncode == 0, r.stderr


# ---- defect 5: a FIFO as an input ---------------------------------------------------------------

def test_defect5_fifo_input_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "log.txt"
    os.mkfifo(fifo)
    r = cli("import", "sbc-bench", fifo, "--json", tmp_path / "x.json", timeout=30)
    assert r.returncode == 3 and "log.txt" in r.stderr and "FIFO" in r.stderr, r.stderr
    result_fifo = tmp_path / "run.json"
    os.mkfifo(result_fifo)
    r = cli("store", "add", result_fifo, "--db", tmp_path / "db.sqlite", timeout=30)
    assert r.returncode == 3 and "run.json" in r.stderr and "FIFO" in r.stderr, r.stderr


# ---- defect 9 (first bullet): implausible measured clocks ---------------------------------------

def test_defect9_implausible_clocks_are_warned_and_not_used(tmp_path):
    text = LOG.read_text(encoding="utf-8")
    lines = text.split("\n")
    bad = {"Measured: 2598 ": "Measured: 1e308 ", "Measured: 1795 ": "Measured: 0 ",
           "Measured: 2297 ": "Measured: 12345678901234567890123456789012345678 "}
    numbers = {}
    for i, ln in enumerate(lines):
        for old, new in bad.items():
            if old in ln and new not in numbers:
                lines[i] = ln.replace(old, new)
                numbers[new] = i + 1
                break
    assert len(numbers) == 3
    log = tmp_path / "bad.txt"
    log.write_text("\n".join(lines), encoding="utf-8")
    out = tmp_path / "bad.json"
    r = cli("import", "sbc-bench", log, "--json", out)
    assert r.returncode == 0, r.stderr
    for new, number in numbers.items():
        value = new.split()[1]
        assert any("bad.txt" in w and "line %d" % number in w and value in w
                   for w in r.stderr.splitlines()), (value, r.stderr)
    doc = json.loads(out.read_text(encoding="utf-8"))
    clocks = [c.get("measured_mhz") for c in doc["context"]["cpu"]["clusters"]]
    assert 1 not in clocks and 0 not in clocks
    assert all(c is None or c < 100000 for c in clocks)
    assert clocks[:3] == [None, None, None]


# ---- defect 10: very many clusters ----------------------------------------------------------------

def test_defect10_twenty_thousand_clusters_refused_quickly(tmp_path):
    src = LOG.read_text(encoding="utf-8").splitlines(True)
    first = next(i for i, ln in enumerate(src) if ln.startswith("Checking cpufreq OPP"))
    blocks = "".join("Checking cpufreq OPP for cpu%d-cpu%d (Cortex-A720):\n\n"
                     "Cpufreq OPP: 2600    Measured: 2598 (2598.747/2598.642/2598.642)\n\n"
                     % (2 * i, 2 * i + 1) for i in range(20000))
    log = tmp_path / "huge.txt"
    log.write_text("".join(src[:first]) + blocks + "".join(src[first:]), encoding="utf-8")
    start = time.monotonic()
    r = cli("import", "sbc-bench", log, "--json", tmp_path / "huge.json", timeout=60)
    assert time.monotonic() - start < 20
    assert r.returncode == 3 and "huge.txt" in r.stderr and "limit" in r.stderr, r.stderr


# ---- defect 8 (second bullet) and stale temporary files -------------------------------------------

def test_read_only_output_refused_unless_force_and_mode_kept(tmp_path):
    out = tmp_path / "ro.json"
    out.write_text("{}\n")
    out.chmod(0o444)
    r = cli("import", "sbc-bench", LOG, "--json", out)
    assert r.returncode == 2 and "read-only" in r.stderr and "--force" in r.stderr, r.stderr
    assert out.read_text() == "{}\n"
    r = cli("import", "sbc-bench", LOG, "--json", out, "--force")
    assert r.returncode == 0, r.stderr
    assert out.read_text() != "{}\n" and stat.S_IMODE(out.stat().st_mode) == 0o444
    private = tmp_path / "private.json"
    private.write_text("{}\n")
    private.chmod(0o600)
    r = cli("import", "sbc-bench", LOG, "--json", private)
    assert r.returncode == 0 and stat.S_IMODE(private.stat().st_mode) == 0o600, r.stderr


def test_stale_temporary_files_are_cleaned_on_next_write(tmp_path):
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    stale = tmp_path / (".out.json.cm%d.abc123.tmp" % gone.pid)
    stale.write_text("half")
    mine_alive = tmp_path / (".out.json.cm%d.abc123.tmp" % os.getpid())   # a live writer's: kept
    mine_alive.write_text("busy")
    r = cli("import", "sbc-bench", LOG, "--json", tmp_path / "out.json")
    assert r.returncode == 0, r.stderr
    assert not stale.exists() and mine_alive.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([mine_alive.name, "out.json"])


def test_defect9_same_class_in_openssl_speed_and_cryptsetup(tmp_path):
    fixtures = FIXTURES.parent
    mr = (fixtures / "openssl-speed" / "mr.txt").read_text(encoding="utf-8").split("\n")
    at = next(i for i, ln in enumerate(mr) if ln.startswith("+F:") and "aes-128-cbc" in ln)
    parts = mr[at].split(":")
    parts[3], parts[4] = "nan", "1e308"
    mr[at] = ":".join(parts)
    log = tmp_path / "speed.txt"
    log.write_text("\n".join(mr), encoding="utf-8")
    out = tmp_path / "speed.json"
    r = cli("import", "openssl-speed", log, "--json", out)
    assert r.returncode == 0, r.stderr
    for value in ("nan", "1e308"):
        assert any("speed.txt" in w and "line %d" % (at + 1) in w and value in w
                   for w in r.stderr.splitlines()), (value, r.stderr)
    text = out.read_text(encoding="utf-8")
    assert "NaN" not in text and "Infinity" not in text and "1e+308" not in text
    cs = (fixtures / "cryptsetup" / "x86-aesni.txt").read_text(encoding="utf-8").split("\n")
    at = next(i for i, ln in enumerate(cs) if ln.startswith("PBKDF2-sha256"))
    cs[at] = "PBKDF2-sha256    12345678901234567890123456789012345678 iterations per second for 256-bit key"
    log = tmp_path / "cs.txt"
    log.write_text("\n".join(cs), encoding="utf-8")
    out = tmp_path / "cs.json"
    r = cli("import", "cryptsetup", log, "--json", out)
    assert r.returncode == 0, r.stderr
    assert any("cs.txt" in w and "line %d" % (at + 1) in w and "1234567890123" in w
               for w in r.stderr.splitlines()), r.stderr
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert "12345678901234567890123456789012345678" not in json.dumps(doc["results"])


def test_defect3_database_input_is_never_an_output(tmp_path):
    doc = imported(tmp_path)
    db = tmp_path / "runs.db"
    r = cli("store", "add", doc, "--db", db)
    assert r.returncode == 0, r.stderr
    before = db.read_bytes()
    for command in (["collect", "--db", db, "-o", db], ["export", "--db", db, "-o", db],
                    ["report", "--db", db, "-o", db]):
        r = cli(*command)
        assert r.returncode == 2 and "one of the input files" in r.stderr, (command, r.stderr)
        assert db.read_bytes() == before
