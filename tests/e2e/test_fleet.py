"""End-to-end tests of `cryptometer fleet` over real SSH, on this machine only.

The lab (fleet_lab.py) is four sshd in their own network namespaces: h1, h2 and h3
measure for real; "bad" serves the test-only hosts whose binary fails or hangs (a
shell script given as that host's cryptometer_binary: detect runs the real binary,
run fails or sleeps).  One more inventory entry points at a closed port: unreachable.
Host-key checking stays on (known_hosts written by the lab).  Every wait is bounded.
"""
import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import jsonschema
import pytest

import fleet_lab

ROOT = Path(__file__).resolve().parents[2]
RUN_TIMEOUT_S = 600          # one fleet command, at most
QEMU_AARCH64 = shutil.which("qemu-aarch64-static") or shutil.which("qemu-aarch64")
QEMU_ARM = shutil.which("qemu-arm-static") or shutil.which("qemu-arm")


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    why = fleet_lab.missing_requirements()
    if why:
        pytest.skip("fleet lab: " + why)
    lab = fleet_lab.Lab(tmp_path_factory.mktemp("fleet-lab"), ["h1", "h2", "h3", "bad"])
    yield lab
    lab.close()


@pytest.fixture(scope="module")
def x86_bin(cm_bin):
    """The x86_64 binary copied to the hosts: the static build when there is one, else the
    test's build (the hosts share this machine's libraries)."""
    for candidate in (os.environ.get("CRYPTOMETER_X86_64_BIN"), ROOT / "build-static" / "cryptometer"):
        if candidate and Path(candidate).is_file():
            return Path(candidate)
    return cm_bin


@pytest.fixture(scope="module")
def aarch64_bin():
    """The real static aarch64 binary (tests/vm/cross-build-aarch64.sh), or None."""
    return cross_bin("CRYPTOMETER_AARCH64_BIN", "build-aarch64")


@pytest.fixture(scope="module")
def armhf_bin():
    """The real static armhf binary (tests/vm/cross-build-armhf.sh), or None."""
    return cross_bin("CRYPTOMETER_ARMHF_BIN", "build-armhf")


def cross_bin(variable, build_dir):
    """The binary named by the environment variable, else build_dir/cryptometer, or None."""
    for candidate in (os.environ.get(variable), ROOT / build_dir / "cryptometer"):
        if candidate and Path(candidate).is_file():
            return Path(candidate)
    return None


def cross_choice(real_bin, qemu, tmp_path, x86_bin, name):
    """(binary, inventory extras) of a host whose architecture fact is overridden: the real
    cross build run through qemu when both exist, else a stand-in with a path of its own
    (its choice is checked, not its run)."""
    if real_bin is not None and qemu is not None:
        return real_bin, {"cryptometer_exec_prefix": "'[\"%s\"]'" % qemu}
    stand = tmp_path / ("cryptometer-%s-stand-in" % name)
    shutil.copy(x86_bin, stand)
    return stand, {}


def stand_in(directory, name, real, run_part):
    """A test-only binary: `detect` runs the real one, `run` runs run_part (shell)."""
    path = Path(directory) / name
    path.write_text('#!/bin/sh\n# test-only stand-in for cryptometer (tests/e2e/test_fleet.py)\n'
                    'case "$1" in detect) exec "%s" "$@" ;; esac\n%s\n' % (real, run_part))
    path.chmod(0o755)
    return path


def fleet(*args, binaries=None, cwd=None, tmpdir=None):
    """Run `python -m cryptometer fleet ARGS`; return (CompletedProcess, seconds)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "python"))
    if tmpdir:
        env["TMPDIR"] = str(tmpdir)
    for arch, path in (binaries or {}).items():
        env["CRYPTOMETER_%s_BIN" % arch.upper()] = str(path)
    start = time.monotonic()
    p = subprocess.run([sys.executable, "-m", "cryptometer", "fleet", *map(str, args)], env=env, cwd=cwd,
                       capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
    return p, time.monotonic() - start


def statuses(folder):
    return {s["host"]: s for s in map(json.loads, (Path(folder) / "status.jsonl").read_text().splitlines())}


def assert_clean(lab, within_s=0):
    """Nothing left in any host's TMPDIR or Ansible remote_tmp (after a Ctrl-C, Ansible's own
    module process on the host may need a moment to end and remove its payload: within_s)."""
    deadline = time.monotonic() + within_s
    for host in lab.hosts.values():
        while host.leftovers() and time.monotonic() < deadline:
            time.sleep(0.5)
        assert host.leftovers() == [], "left on %s: %s" % (host.name, host.leftovers())


def processes_under(path):
    """Processes working in path or naming it on their command line (a read-only look at /proc)."""
    found, raw = [], os.fsencode(str(path))
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ")
                cwd = os.readlink(os.fsencode(str(entry / "cwd")))
            except OSError:
                continue
            if raw in cmd or cwd.startswith(raw):
                found.append((entry.name, cmd.decode(errors="replace")))
    return found


def test_fleet_run_brings_results_home(lab, x86_bin, cm_bin, schema, tmp_path):
    failing = stand_in(tmp_path, "failing", cm_bin, 'echo "fleet-test: simulated failure, first line" >&2\n'
                       'echo "fleet-test: simulated failure, last line" >&2\nexit 7')
    inventory = lab.inventory(tmp_path / "tests-inventory", [
        lab.entry("h1", "h1"), lab.entry("h2", "h2"), lab.entry("h3", "h3"),
        lab.entry("down", "bad", ansible_port=2222),
        lab.entry("broken", "bad", cryptometer_binary=failing)])
    out, db = tmp_path / "results", tmp_path / "results.db"
    p, seconds = fleet("run", inventory, "--filter", "/sha256/digest", "--time", "0.2", "--output-dir", out,
                       "--db", db, "--run-id", "acceptance", binaries={"x86_64": x86_bin})
    print("fleet run: %.1f s\n%s%s" % (seconds, p.stdout, p.stderr))
    assert p.returncode == 1, p.stderr          # some hosts failed: documented exit code 1
    folder = out / "acceptance"
    seen = statuses(folder)
    assert set(seen) == {"h1", "h2", "h3", "down", "broken"}
    for name in ("h1", "h2", "h3"):
        assert seen[name]["status"] == "ok", seen[name]
        assert seen[name]["arch"] == "x86_64" and seen[name]["binary"] == str(x86_bin.resolve())
        doc = json.loads((folder / ("%s.json" % name)).read_text())
        jsonschema.validate(doc, schema)
        assert doc["context"]["host"]["hostname"] == name    # measured on that host, not another
        assert doc["results"] and all("sha256" in r["name"] for r in doc["results"])
    assert seen["down"]["status"] == "unreachable"
    assert "Connection refused" in seen["down"]["reason"]
    assert seen["broken"]["status"] == "failed" and seen["broken"]["exit_code"] == 7
    assert seen["broken"]["reason"].startswith("Run: exit code 7")
    assert "fleet-test: simulated failure, last line" in seen["broken"]["last_lines"]
    assert not (folder / "down.json").exists() and not (folder / "broken.json").exists()
    assert re.search(r"down\s+unreachable", p.stdout) and re.search(r"broken\s+failed", p.stdout)
    assert_clean(lab)
    with sqlite3.connect(db) as conn:
        hosts = sorted(h for (h,) in conn.execute("SELECT hostname FROM runs"))
    assert hosts == ["h1", "h2", "h3"]
    # the hosts side by side: collect on the run's folder
    md = tmp_path / "RESULTS.md"
    c = subprocess.run([sys.executable, "-m", "cryptometer", "collect", str(folder), "-o", str(md)],
                       env=dict(os.environ, PYTHONPATH=str(ROOT / "python")), capture_output=True, text=True,
                       timeout=120)
    assert c.returncode == 0, c.stderr
    text = md.read_text()
    for name in ("h1", "h2", "h3"):            # one row per host in each table
        assert re.search(r"^\| %s \[[0-9a-f]+\] \|" % name, text, re.M), text[:2000]


def test_fleet_second_run_with_one_host_down(lab, x86_bin, tmp_path):
    inventory = lab.inventory(tmp_path / "inventory", [lab.entry(h, h) for h in ("h1", "h2", "h3")])
    lab.hosts["h3"].stop()
    try:
        p, seconds = fleet("run", inventory, "--filter", "ref:.*sha256", "--sizes", "16", "--time", "0.05",
                           "--output-dir", tmp_path, "--no-store", "--run-id", "second",
                           binaries={"x86_64": x86_bin})
    finally:
        lab.hosts["h3"].start()
    print("fleet run, h3 down: %.1f s\n%s%s" % (seconds, p.stdout, p.stderr))
    assert p.returncode == 1
    seen = statuses(tmp_path / "second")
    assert [seen[h]["status"] for h in ("h1", "h2", "h3")] == ["ok", "ok", "unreachable"]
    assert sorted(f.name for f in (tmp_path / "second").glob("*.json")) == ["h1.json", "h2.json"]
    assert_clean(lab)


def test_fleet_timeout_and_one_measurement_per_machine(lab, x86_bin, cm_bin, tmp_path):
    hanging = stand_in(tmp_path, "hanging", cm_bin, "exec sleep 300")
    inventory = lab.inventory(tmp_path / "inventory", [
        lab.entry("slow", "bad", cryptometer_binary=hanging, cryptometer_timeout=5),
        lab.entry("h1", "h1"), lab.entry("h1-again", "h1")])    # two names, one machine
    p, seconds = fleet("run", inventory, "--filter", "ref:.*sha256", "--sizes", "16,64", "--time", "0.2",
                       "--output-dir", tmp_path, "--no-store", "--run-id", "serial",
                       binaries={"x86_64": x86_bin})
    print("fleet run: %.1f s\n%s%s" % (seconds, p.stdout, p.stderr))
    assert p.returncode == 1
    seen = statuses(tmp_path / "serial")
    assert seen["slow"]["status"] == "timed out", seen["slow"]
    assert "timed out after 5 s" in seen["slow"]["reason"] and seen["slow"]["exit_code"] == 124
    assert seen["h1"]["status"] == seen["h1-again"]["status"] == "ok"
    a, b = (json.loads((tmp_path / "serial" / f).read_text()) for f in ("h1.json", "h1-again.json"))
    first, second = sorted((a, b), key=lambda d: d["started"])
    assert first["finished"] <= second["started"], "two measurements ran on h1 at once"
    assert_clean(lab)
    assert processes_under(lab.hosts["bad"].tmp) == []


def test_fleet_detect_chooses_binary_from_facts(lab, x86_bin, aarch64_bin, armhf_bin, tmp_path):
    """h2's architecture fact is overridden to aarch64 and h4's to armv7l: the aarch64 and
    armhf binaries are chosen (and, when there is a real one and its qemu, each runs there);
    h3 says riscv64: unsupported."""
    a64, a64_extra = cross_choice(aarch64_bin, QEMU_AARCH64, tmp_path, x86_bin, "aarch64")
    a32, a32_extra = cross_choice(armhf_bin, QEMU_ARM, tmp_path, x86_bin, "armhf")
    empty_known_hosts = tmp_path / "no_known_hosts"
    empty_known_hosts.write_text("")
    inventory = lab.inventory(tmp_path / "inventory", [
        lab.entry("h1", "h1"), lab.entry("h2", "h2", cryptometer_arch="aarch64", **a64_extra),
        lab.entry("h3", "h3", cryptometer_arch="riscv64"),
        lab.entry("h4", "h3", cryptometer_arch="armv7l", **a32_extra),
        lab.entry("stranger", "h2", known_hosts=empty_known_hosts)])
    p, seconds = fleet("detect", inventory, "--output-dir", tmp_path, "--run-id", "detect", "--save",
                       binaries={"x86_64": x86_bin, "aarch64": a64, "armhf": a32})
    print("fleet detect: %.1f s\n%s%s" % (seconds, p.stdout, p.stderr))
    assert p.returncode == 1
    seen = statuses(tmp_path / "detect")
    assert seen["h1"]["status"] == "ok" and seen["h1"]["binary"] == str(x86_bin.resolve())
    assert seen["h2"]["arch"] == "aarch64" and seen["h2"]["binary"] == str(a64.resolve())
    assert seen["h4"]["arch"] == "armhf" and seen["h4"]["binary"] == str(a32.resolve())
    assert seen["h3"]["status"] == "unsupported" and "riscv64" in seen["h3"]["reason"]
    assert seen["stranger"]["status"] == "unreachable"          # host-key checking is on
    assert "Host key verification failed" in seen["stranger"]["reason"]
    assert re.search(r"^feature aes\s+yes", p.stdout, re.M), p.stdout
    h1 = json.loads((tmp_path / "detect" / "h1.detect.json").read_text())
    assert h1["cpu"]["arch"] == "x86_64" and h1["system"]["hostname"] == "h1"
    for host, arch, extra in (("h2", "aarch64", a64_extra), ("h4", "armv7l", a32_extra)):
        if extra:
            assert seen[host]["status"] == "ok"
            doc = json.loads((tmp_path / "detect" / ("%s.detect.json" % host)).read_text())
            assert doc["cpu"]["arch"] == arch
    assert_clean(lab)


def test_fleet_host_name_never_leaves_the_run_folder(lab, x86_bin, tmp_path):
    """Issue 29: a host named ../../../../outside/x made the playbook's fetch write outside
    the run's folder. The staging folder is TMPDIR/cryptometer-fleet-*/fetched, so with TMPDIR
    two levels under tmp_path the unsanitised name would land in tmp_path/outside."""
    name = "../../../../outside/x"
    tmpdir = tmp_path / "s" / "t"
    tmpdir.mkdir(parents=True)
    inventory = lab.inventory(tmp_path / "inventory", [lab.entry(name, "h1"), lab.entry("h2", "h2")])
    p, _ = fleet("detect", inventory, "--output-dir", tmp_path / "out", "--run-id", "names", "--save",
                 binaries={"x86_64": x86_bin}, tmpdir=tmpdir)
    print(p.stdout, p.stderr)
    assert p.returncode == 0, p.stderr
    assert not (tmp_path / "outside").exists() and not Path("/outside").exists()
    seen = statuses(tmp_path / "out" / "names")
    assert seen[name]["status"] == "ok" and seen["h2"]["status"] == "ok", seen
    saved = sorted(f.name for f in (tmp_path / "out" / "names").glob("*.detect.json"))
    assert saved == ["_.._.._.._outside_x.detect.json", "h2.detect.json"], saved
    doc = json.loads((tmp_path / "out" / "names" / saved[0]).read_text())
    assert doc["system"]["hostname"] == "h1"
    assert list(tmpdir.iterdir()) == []
    assert_clean(lab)


def _default_sigint():
    """Ctrl-C as a terminal delivers it: a pytest-xdist worker ignores SIGINT, and a
    Python started with SIGINT ignored keeps it ignored (no KeyboardInterrupt)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_fleet_interrupt_leaves_nothing_on_hosts(lab, x86_bin, cm_bin, tmp_path):
    """Ctrl-C (SIGINT to the front end's process group) while a host measures: the
    cleanup playbook stops it and removes the private directory."""
    hanging = stand_in(tmp_path, "hanging", cm_bin, 'touch hanging\nexec sleep 300')
    inventory = lab.inventory(tmp_path / "inventory", [
        lab.entry("slow", "bad", cryptometer_binary=hanging, cryptometer_timeout=200)])
    env = dict(os.environ, PYTHONPATH=str(ROOT / "python"), CRYPTOMETER_X86_64_BIN=str(x86_bin))
    proc = subprocess.Popen([sys.executable, "-m", "cryptometer", "fleet", "run", str(inventory),
                             "--output-dir", str(tmp_path), "--no-store"], env=env, start_new_session=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_default_sigint)
    try:
        marker = None
        for _ in range(600):                      # at most 120 s for the host to start "measuring"
            marker = next(lab.hosts["bad"].tmp.glob("cryptometer-fleet-*/hanging"), None)
            if marker or proc.poll() is not None:
                break
            time.sleep(0.2)
        assert marker, "the hanging stand-in never started"
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=RUN_TIMEOUT_S)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    print(out, err)
    assert proc.returncode == 130, err
    assert "interrupted" in err
    assert_clean(lab, within_s=15)
    assert processes_under(lab.hosts["bad"].tmp) == []


def test_fleet_usage_errors(tmp_path):
    p, _ = fleet("run", tmp_path / "no-such-inventory")
    assert p.returncode == 3 and "no such inventory" in p.stderr
    inventory = tmp_path / "inv"
    inventory.write_text("[fleet]\n")
    p, _ = fleet("run", inventory, "--run-id", "../escape")
    assert p.returncode == 2 and "--run-id" in p.stderr
    p, _ = fleet("run", inventory, "--binary", "aarch64")
    assert p.returncode == 2
