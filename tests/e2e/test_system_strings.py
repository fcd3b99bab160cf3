"""Strings from the system are data, not trust (issue 29, item 2): a byte that is not
UTF-8 in a host name, /proc/version, a /proc/crypto driver name or a file name becomes '?'
on its way to a document (cm_utf8_scrub, src/util/json.h), and the document is written.
Before, `run` measured everything and then wrote nothing ("out of memory for the
document"), and `detect --sysroot` failed the same way."""
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from test_sweep import crafted_sweep

ROOT = Path(__file__).resolve().parents[2]
SYSROOT = ROOT / "tests" / "data" / "sysroots" / "arm64-cortex-a72"
T = 120


def hostile_sysroot(tmp_path):
    """The arm64 fixture with 0xff bytes in /proc/version, the host name and a driver name."""
    root = tmp_path / "root"
    shutil.copytree(SYSROOT, root, symlinks=True)
    version = root / "proc" / "version"
    version.write_bytes(version.read_bytes().replace(b"6.1.0-56-arm64", b"6.1.0-\xff-arm64"))
    (root / "proc" / "sys" / "kernel").mkdir(parents=True)
    (root / "proc" / "sys" / "kernel" / "hostname").write_bytes(b"h\xffx\n")
    crypto = root / "proc" / "crypto"
    crypto.write_bytes(crypto.read_bytes().replace(b": gcm-aes-ce\n", b": gcm-aes-\xffce\n", 1))
    return root


def test_detect_sysroot_with_bytes_that_are_not_utf8(cm_bin, tmp_path):
    root = hostile_sysroot(tmp_path)
    p = subprocess.run([str(cm_bin), "detect", "--sysroot", str(root), "--no-clock", "--json"],
                       capture_output=True, timeout=T)
    assert p.returncode == 0, p.stderr
    doc = json.loads(p.stdout)
    assert doc["system"]["hostname"] == "h?x"
    assert doc["system"]["kernel"] == "6.1.0-?-arm64"
    assert "6.1.0-?-arm64" in doc["system"]["kernel_version"]
    assert '"gcm-aes-?ce"' in p.stdout.decode()
    text = subprocess.run([str(cm_bin), "detect", "--sysroot", str(root), "--no-clock"],
                          capture_output=True, timeout=T)
    assert text.returncode == 0, text.stderr


def test_detect_sweep_file_name_that_is_not_utf8(cm_bin, tmp_path):
    name = os.fsdecode(bytes(tmp_path) + b"/sw\xffeep.json")
    Path(name).write_text(json.dumps(crafted_sweep()))
    p = subprocess.run([str(cm_bin), "detect", "--no-clock", "--json", "--sweep", name],
                       capture_output=True, timeout=T)
    assert p.returncode == 0, p.stderr
    doc = json.loads(p.stdout)
    assert doc["sweeps"][0]["file"].endswith("/sw?eep.json")


def _in_uts_namespace(*argv):
    """argv run with the host name h\\xffx, in a UTS namespace of its own (root)."""
    if os.geteuid() != 0 or not shutil.which("unshare"):
        pytest.skip("setting a host name in a UTS namespace needs root and unshare")
    script = 'printf "h\\377x" > /proc/sys/kernel/hostname && exec "$@"'
    return subprocess.run(["unshare", "--uts", "sh", "-c", script, "sh", *map(str, argv)],
                          capture_output=True, timeout=T)


def test_run_on_a_host_named_with_a_byte_that_is_not_utf8(cm_bin, tmp_path):
    out = tmp_path / "r.json"
    p = _in_uts_namespace(cm_bin, "run", "--filter", "ref:portable/sha256/digest", "--sizes", "16",
                          "--time", "0.02", "-q", "--json", out)
    assert p.returncode == 0, p.stderr
    doc = json.loads(out.read_text())
    assert doc["context"]["host"]["hostname"] == "h?x"
    assert doc["results"] and doc["complete"] is True


def test_detect_on_a_host_named_with_a_byte_that_is_not_utf8(cm_bin):
    p = _in_uts_namespace(cm_bin, "detect", "--no-clock", "--json")
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["system"]["hostname"] == "h?x"
