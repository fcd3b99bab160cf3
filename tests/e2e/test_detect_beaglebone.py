"""detect on the BeagleBone Black's kernel view (tests/data/constructed/armhf-beaglebone-black,
built from the BeagleBone study and the drivers' sources; see its README): the Cortex-A8 is
named from its MIDR, its features from /proc/cpuinfo, and the OMAP engines win by priority."""
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TREE = ROOT / "tests" / "data" / "constructed" / "armhf-beaglebone-black"


def _detect(cm):
    p = cm("detect", "--sysroot", TREE, "--json")
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def test_cortex_a8_without_crypto_instructions(cm):
    cpu = _detect(cm)["cpu"]
    assert cpu["arch"] == "arm" or cpu["arch"].startswith("armv7")
    assert [c["core_name"] for c in cpu["clusters"]] == ["Cortex-A8"]
    present = {f["name"]: f["present"] for f in cpu["features"]}
    assert present["neon"] is True
    assert not any(present[n] for n in ("aes", "pmull", "sha1", "sha2", "vfpv4", "idiva"))


def test_omap_engines_win_by_priority(cm):
    doc = _detect(cm)
    algs = {a["name"]: a for a in doc["kernel_crypto"]["algorithms"]}
    want = {"sha1": ("omap-sha1", 400), "sha256": ("omap-sha256", 400), "hmac(sha256)": ("omap-hmac-sha256", 400),
            "cbc(aes)": ("cbc-aes-omap", 300), "ctr(aes)": ("ctr-aes-omap", 300), "gcm(aes)": ("gcm-aes-omap", 300)}
    for name, (driver, priority) in want.items():
        chosen = [d for d in algs[name]["drivers"] if d["selected"]]
        assert [(d["driver"], d["priority"], d["class"]) for d in chosen] == [(driver, priority, "hardware-engine")]
    # SHA-512 has no OMAP engine on the AM335x: software serves it
    assert algs["sha512"]["selected"] == "sha512-generic"
    verdicts = {v["code"]: v for v in doc["verdicts"]}
    assert "omap-sha1, priority 400, over sha1-generic" in verdicts["engine-selected"]["message"]
    assert doc["kernel_crypto"]["hwrng"]["current"] == "omap"
