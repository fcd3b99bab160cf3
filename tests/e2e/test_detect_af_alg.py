"""detect on what AF_ALG allows: the recorded BeagleBone OMAP and Marvell CESA
roots (tests/data/engines) under a Linux 7.2 and a 6.1 /proc/version, in text
and JSON; and the live state on this host."""
import json
import shutil
from pathlib import Path

import pytest

from conftest import flat, run

ENGINES = Path(__file__).resolve().parents[1] / "data" / "engines"


def _root(tmp_path, tree, version):
    """A copy of the recorded tree with a /proc/version of that kernel."""
    root = tmp_path / tree
    shutil.copytree(ENGINES / tree, root)
    (root / "proc" / "version").write_text(
        f"Linux version {version} (debian-kernel@lists.debian.org) #1 SMP Debian\n")
    return root


@pytest.mark.parametrize("tree, engine", [("ti-am335x-omap", "cbc-aes-omap"),
                                          ("marvell-armada388-cesa", "mv-cbc-aes")])
def test_engine_unreachable_under_7_2(cm_bin, tmp_path, tree, engine):
    root = _root(tmp_path, tree, "7.2.13+deb14-armmp")
    t = run(cm_bin, "detect", "--sysroot", root, "--no-clock")
    assert t.returncode == 0, t.stderr
    out = t.stdout
    assert "AF_ALG    restricted (synchronous CPU drivers only)" in out
    assert f"*{engine} (hardware-engine, 300, no AF_ALG)" in out
    assert "[engine-unreachable]" in out and "measurable through an in-kernel user: dm-crypt" in flat(out)
    assert "[engine-selected]" not in out
    assert out.count("AF_ALG is deprecated upstream") == 1  # stated once
    doc = json.loads(run(cm_bin, "detect", "--sysroot", root, "--no-clock", "--json").stdout)
    af = doc["kernel_crypto"]["af_alg"]
    assert (af["state"], af["cpu_only"], af["kernel_release"]) == ("restricted", True, "7.2.13+deb14-armmp")
    drv = [d for a in doc["kernel_crypto"]["algorithms"] for d in a["drivers"] if d["driver"] == engine][0]
    assert drv["af_alg_reachable"] is False and "off-CPU" in drv["af_alg_why"]


def test_engine_selected_under_6_1(cm_bin, tmp_path):
    root = _root(tmp_path, "ti-am335x-omap", "6.1.0-56-armmp")
    out = run(cm_bin, "detect", "--sysroot", root, "--no-clock").stdout
    assert "AF_ALG    present" in out and "no AF_ALG" not in out
    assert "[engine-selected]" in out and "[engine-unreachable]" not in out


def test_live_state_is_one_of_the_states(cm_bin):
    doc = json.loads(run(cm_bin, "detect", "--no-clock", "--json").stdout)
    af = doc["kernel_crypto"]["af_alg"]
    assert af["state"] in ("absent", "loadable", "blocked", "present", "restricted")
    assert (af["state"] in ("present", "restricted")) == (af["available"] is True)
    assert af["evidence"] and "iwd" in af["deprecation"]
