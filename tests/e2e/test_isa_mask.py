"""Feature masking of our own variants (`--isa`, CRYPTOMETER_ISA_MASK):
masking each x86 feature in turn makes every ref variant that needs it
unavailable with the feature named, leaves the others as they were, moves
dispatch's choice to what remains, and what remains passes `verify`. The
mask reaches the result file as the isa-mask health flag; an unknown
feature name is a usage error."""
import json
import os
import subprocess

import pytest

AES_ALGS = "aes-128-cbc,aes-256-cbc,aes-128-ctr,aes-256-ctr,aes-128-gcm,aes-256-gcm"

# What each variant's code is compiled for (src/backends/ref/ref_x86.c).
REQUIRES = {
    ("aesni", "cbc"): {"aes", "ssse3"},
    ("aesni", "ctr"): {"aes", "ssse3"},
    ("aesni", "gcm"): {"aes", "pclmulqdq", "ssse3"},
    ("vaes256", "ctr"): {"vaes", "avx2", "aes", "ssse3"},
    ("vaes256", "gcm"): {"vaes", "vpclmulqdq", "avx2", "aes", "pclmulqdq", "ssse3"},
    ("vaes512", "ctr"): {"vaes", "avx512f", "aes", "ssse3"},
    ("vaes512", "gcm"): {"vaes", "vpclmulqdq", "avx512f", "avx512bw", "aes", "pclmulqdq", "ssse3"},
}
FEATURES = ["aes", "pclmulqdq", "ssse3", "avx2", "vaes", "vpclmulqdq", "avx512f"]
# The aarch64 variants, listed unavailable in an x86-64 build (test_own_simd.py checks them).
ARM = {"armce", "sha512ce", "neon"}


def run(binary, *args, env=None):
    """The binary's exit code and output, env added to the environment."""
    return subprocess.run([str(binary), *map(str, args)], capture_output=True, text=True,
                          timeout=300, env={**os.environ, **(env or {})})


def ref_rows(binary, *args, env=None):
    """The ref backend's AES benchmarks of `list --json` but the aarch64 ones, by name."""
    p = run(binary, "list", "--json", "--backends", "ref", "--algorithms", AES_ALGS, *args, env=env)
    assert p.returncode == 0, p.stderr
    return {b["name"]: b for b in json.loads(p.stdout)["benchmarks"] if b["variant"] not in ARM}


@pytest.fixture(scope="module")
def unmasked(cm_bin):
    rows = ref_rows(cm_bin)
    if not any(b["variant"] == "aesni" for b in rows.values()):
        pytest.skip("this build has no x86 variants of ref (not x86-64)")
    return rows


def mode(alg):
    return alg.rsplit("-", 1)[1]


@pytest.mark.parametrize("how", ["option", "environment"])
@pytest.mark.parametrize("feature", FEATURES)
def test_masking_a_feature_makes_its_variants_unavailable(cm_bin, unmasked, feature, how):
    if how == "option":
        rows = ref_rows(cm_bin, "--isa", feature)
    else:
        rows = ref_rows(cm_bin, env={"CRYPTOMETER_ISA_MASK": feature})
    assert set(rows) == set(unmasked)
    for name, b in rows.items():
        if b["variant"] == "portable":
            assert b["available"], name
            continue
        needs = REQUIRES[(b["variant"], mode(b["algorithm"]))]
        if feature in needs:
            assert not b["available"], name
            # the first missing feature is named: the masked one, or one this CPU lacks
            assert (f"needs {feature}: masked by CRYPTOMETER_ISA_MASK/--isa" in b["reason"]
                    or "this CPU lacks it" in b["reason"]), (name, b["reason"])
        else:
            assert b["available"] == unmasked[name]["available"], name


def test_unmasked_x86_variants_are_available_or_say_which_feature_lacks(unmasked):
    for name, b in unmasked.items():
        if not b["available"]:
            assert b["reason"].startswith("needs ") and "this CPU lacks it" in b["reason"], name
    # AES-NI is on every x86-64 CPU this project targets (the acceptance machine has it)
    assert unmasked["ref:aesni/aes-128-gcm/seal"]["available"]


def test_dispatch_choice_follows_the_mask(cm_bin, unmasked):
    def choice(rows, alg):
        return [b["variant"] for b in rows.values() if b["algorithm"] == alg and b["dispatch"]]
    # one variant serves every operation of an algorithm (GCM: seal, open, seal-newkey)
    gcm_ops = len({b["operation"] for b in unmasked.values() if b["algorithm"] == "aes-128-gcm"})
    assert gcm_ops >= 2
    assert choice(unmasked, "aes-128-gcm") in ([v] * gcm_ops for v in ("aesni", "vaes256", "vaes512"))
    masked = ref_rows(cm_bin, "--isa", "pclmulqdq")
    assert choice(masked, "aes-128-gcm") == ["portable"] * gcm_ops
    assert choice(masked, "aes-128-ctr") == choice(unmasked, "aes-128-ctr")
    assert choice(ref_rows(cm_bin, "--isa", "all"), "aes-256-cbc") == ["portable", "portable"]


@pytest.mark.parametrize("feature", FEATURES + ["all"])
def test_what_remains_passes_verify(cm_bin, unmasked, feature):
    p = run(cm_bin, "verify", "--isa", feature, "--backends", "ref", "--algorithms", AES_ALGS)
    assert p.returncode == 0, p.stdout + p.stderr
    lines = [line for line in p.stdout.splitlines() if line.startswith(("PASS", "UNAVAILABLE"))]
    passed = {line.split()[1] for line in lines if line.startswith("PASS")}
    gone = {line.split()[1] for line in lines if line.startswith("UNAVAILABLE")}
    assert {f"ref:portable/{a}" for a in AES_ALGS.split(",")} <= passed
    for impl in gone:
        variant, alg = impl.split(":")[1].split("/")
        if variant in ARM:
            continue
        assert feature == "all" or feature in REQUIRES[(variant, mode(alg))] or \
            not unmasked[f"{impl}/{'seal' if mode(alg) == 'gcm' else 'encrypt'}"]["available"]
    if feature in ("avx2", "vaes", "vpclmulqdq", "avx512f"):
        assert {f"ref:aesni/{a}" for a in AES_ALGS.split(",")} <= passed


def test_unknown_feature_is_a_usage_error(cm_bin):
    for cmd in ("list", "verify", "run"):
        p = run(cm_bin, cmd, "--isa", "aes,nosuchfeature")
        assert p.returncode == 2
        assert p.stderr.count("\n") == 1 and "'nosuchfeature'" in p.stderr, p.stderr


def test_the_mask_is_recorded_in_the_result(cm_bin, unmasked, tmp_path):
    out = tmp_path / "r.json"
    p = run(cm_bin, "run", "--isa", "aes", "--backends", "ref", "--algorithms", "aes-128-ctr",
            "--sizes", "64", "--time", "0.02", "--json", out, "--quiet")
    assert p.returncode == 0, p.stderr
    doc = json.loads(out.read_text())
    assert any(f["id"] == "isa-mask" and "aes" in f["message"] for f in doc["context"]["health"])
    recs = {r["variant"]: r for r in doc["results"]}
    assert recs["portable"]["status"] == "ok"
    assert recs["aesni"]["status"] == "unavailable"


def test_each_variant_is_selected_by_name(cm_bin, unmasked):
    for variant in ("portable", "aesni", "vaes256", "vaes512"):
        rows = ref_rows(cm_bin, "--backends", f"ref:{variant}")
        assert rows and {b["variant"] for b in rows.values()} == {variant}
