"""detect on the BeagleBone Black's kernel view (tests/data/engines/ti-am335x-omap, whose
README says how it was written; the OMAP engines' verdicts are tested with it elsewhere): the
32-bit ARM features of its Cortex-A8, from /proc/cpuinfo, and the core named from its MIDR."""
import json
from pathlib import Path

TREE = Path(__file__).resolve().parents[2] / "tests" / "data" / "engines" / "ti-am335x-omap"


def test_cortex_a8_has_neon_but_no_vfpv4_idiva_or_crypto_instructions(cm):
    p = cm("detect", "--sysroot", TREE, "--json")
    assert p.returncode == 0, p.stderr
    cpu = json.loads(p.stdout)["cpu"]
    assert [c["core_name"] for c in cpu["clusters"]] == ["Cortex-A8"]
    assert cpu["feature_table"] == "arm" and cpu["feature_source"] == "cpuinfo"
    present = {f["name"]: f["present"] for f in cpu["features"]}
    assert present["neon"] is True
    assert not any(present[n] for n in ("aes", "pmull", "sha1", "sha2", "crc32", "vfpv4", "idiva"))
