"""`cryptometer dmcrypt` and `tcrypt` on the host (docs/dmcrypt.md): what they refuse and say when
they cannot run. The measurements themselves, Ctrl-C and kill -9 run in real kernels under qemu
(tests/vm/test-vm-dmcrypt.sh)."""
import json
import os

import pytest

from conftest import flat


def can_run_here():
    return os.geteuid() == 0 and os.path.exists("/dev/mapper/control")


def test_a_named_device_is_refused_and_left_alone(cm, tmp_path):
    dev = tmp_path / "disk.img"
    dev.write_bytes(b"precious" * 512)
    p = cm("dmcrypt", str(dev))
    assert p.returncode == 2
    assert p.stderr.strip() == (
        f"cryptometer dmcrypt: error: refusing '{dev}': dmcrypt only measures a RAM device it "
        "creates and removes itself, never an existing device")
    assert "Traceback" not in p.stderr and p.stdout == ""
    assert dev.read_bytes() == b"precious" * 512


@pytest.mark.parametrize("args, why", [
    (["--sizes", "1000"], "1000 is not a multiple of 4096 up to the device's 67108864 bytes"),
    (["--sizes", "4096,5000"], "5000 is not a multiple of 4096"),
    (["--quick", "--sizes", "8388608"], "8388608 is not a multiple of 4096 up to the device's 4194304"),
    (["--sizes", "134217728"], "134217728 is out of range"),
])
def test_io_sizes_it_cannot_use_are_refused(cm, args, why):
    p = cm("dmcrypt", *args)
    assert p.returncode == 2
    assert p.stderr.startswith("cryptometer dmcrypt: error: --sizes: ") and why in p.stderr
    assert p.stdout == ""


def test_unavailable_says_why_in_one_line_and_in_the_document(cm):
    if can_run_here():
        pytest.skip("this host has root and device-mapper: dmcrypt would measure here "
                    "(the VM checks cover it)")
    p = cm("dmcrypt", "--quick")
    assert p.returncode == 3
    lines = p.stdout.splitlines()
    assert len(lines) == 1 and lines[0].startswith("dm-crypt: unavailable: ")
    assert ("needs root" in lines[0]) != ("/dev/mapper/control is missing" in lines[0])
    j = cm("dmcrypt", "--quick", "--json")
    assert j.returncode == 3
    doc = json.loads(j.stdout)
    assert doc["kind"] == "dmcrypt" and doc["status"] == "unavailable"
    assert doc["reason"] == lines[0][len("dm-crypt: unavailable: "):]
    assert doc["results"] == []
    assert j.stderr.strip() == f"cryptometer dmcrypt: unavailable: {doc['reason']}"


def test_help_names_the_exit_codes(cm):
    p = cm("dmcrypt", "--help")
    assert p.returncode == 0
    assert "usage: cryptometer dmcrypt" in p.stdout and "never touches an existing device" in p.stdout


def test_tcrypt_without_its_module_says_why_in_one_line(cm, tmp_path):
    """A module file that is not there: nothing is loaded, exit 3, the reason once."""
    missing = tmp_path / "tcrypt.ko"
    p = cm("tcrypt", str(missing))
    assert p.returncode == 3 and "Traceback" not in p.stderr
    lines = p.stdout.splitlines()  # one line, wrapped to 100 columns
    assert lines[0].startswith("tcrypt: unavailable: ") and all(len(x) <= 100 for x in lines)
    assert all(x.startswith("    ") for x in lines[1:])
    line = flat(p.stdout)
    assert ("needs root" in line) != (f"cannot open {missing}" in line)
    j = cm("tcrypt", "--json", str(missing))
    doc = json.loads(j.stdout)
    assert j.returncode == 3 and doc["kind"] == "tcrypt" and doc["status"] == "unavailable"
    assert doc["results"] == [] and line.endswith(flat(doc["reason"]))
