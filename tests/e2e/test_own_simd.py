"""Our own SHA-NI and SIMD variants (issue 9): BLAKE2, NORX, ChaCha20 and SHA rows of
the ref backend. Masking each of their features in turn (`--isa`,
CRYPTOMETER_ISA_MASK) makes exactly the variants that need it unavailable,
dispatch falls back, and what remains passes `verify` (KATs: FIPS 180,
BLAKE2, NORX; the cross-check against OpenSSL where it has the algorithm).
`run --sizes lo-hi` gives one record per length, the cycles-per-byte curve."""
import csv
import json
import os
import subprocess

import pytest

ALGS = "sha1,sha256,blake2b-512,blake2s-256,norx32-4-1,norx64-4-1,chacha20,chacha20-poly1305"

# What each variant's code is compiled for (src/backends/ref/ref_simd.c).
REQUIRES = {
    ("shani", "sha1"): {"sha_ni", "sse4_1", "ssse3"},
    ("shani", "sha256"): {"sha_ni", "sse4_1", "ssse3"},
    ("avx2", "blake2b-512"): {"avx2"},
    ("sse41", "blake2s-256"): {"sse4_1", "ssse3"},
    ("ssse3", "norx32-4-1"): {"ssse3"},
    ("avx2", "norx64-4-1"): {"avx2"},
    ("avx2", "chacha20"): {"avx2"},
    ("avx2", "chacha20-poly1305"): {"avx2"},
}
FEATURES = ["sha_ni", "avx2", "sse4_1", "ssse3"]
# The aarch64 variants (src/backends/ref/ref_arm64.h): listed in an x86-64 build too,
# unavailable, with no code behind them.
ARM = {"armce", "sha512ce", "neon"}


def run(binary, *args, env=None):
    """The binary's exit code and output, env added to the environment."""
    return subprocess.run([str(binary), *map(str, args)], capture_output=True, text=True,
                          timeout=600, env={**os.environ, **(env or {})})


def ref_rows(binary, *args, env=None):
    """The ref backend's rows of ALGS in `list --json` but the aarch64 ones, by benchmark
    name."""
    p = run(binary, "list", "--json", "--backends", "ref", "--algorithms", ALGS, *args, env=env)
    assert p.returncode == 0, p.stderr
    return {b["name"]: b for b in json.loads(p.stdout)["benchmarks"] if b["variant"] not in ARM}


@pytest.fixture(scope="module")
def unmasked(cm_bin):
    rows = ref_rows(cm_bin)
    if not any(b["variant"] == "shani" for b in rows.values()):
        pytest.skip("this build has no x86 variants of ref (not x86-64)")
    return rows


def test_every_variant_is_listed_with_its_rows(unmasked):
    variants = {(b["variant"], b["algorithm"]) for b in unmasked.values()}
    assert set(REQUIRES) <= variants
    for alg in ALGS.split(","):
        assert ("portable", alg) in variants
    for name, b in unmasked.items():
        if not b["available"]:
            assert b["reason"].startswith("needs ") and "this CPU lacks it" in b["reason"], name


def test_the_aarch64_variants_are_listed_unavailable_with_the_reason(cm_bin, unmasked):
    p = run(cm_bin, "list", "--json", "--backends", "ref")
    rows = [b for b in json.loads(p.stdout)["benchmarks"] if b["variant"] in ARM]
    assert {b["variant"] for b in rows} == ARM
    assert {"sha256", "aes-128-gcm", "blake2b-512", "norx64-4-1"} <= {b["algorithm"] for b in rows}
    for b in rows:
        assert not b["available"] and b["reason"].startswith("aarch64 code: not in this build"), b


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
        if feature in REQUIRES[(b["variant"], b["algorithm"])]:
            assert not b["available"], name
            assert (f"needs {feature}: masked by CRYPTOMETER_ISA_MASK/--isa" in b["reason"]
                    or "this CPU lacks it" in b["reason"]), (name, b["reason"])
        else:
            assert b["available"] == unmasked[name]["available"], name


def test_dispatch_falls_back_to_portable(cm_bin, unmasked):
    def choice(rows, alg):
        return {b["variant"] for b in rows.values() if b["algorithm"] == alg and b["dispatch"]}
    for (variant, alg), needs in REQUIRES.items():
        if all(unmasked[n]["available"] for n in unmasked
               if unmasked[n]["variant"] == variant and unmasked[n]["algorithm"] == alg):
            assert choice(unmasked, alg) == {variant}, alg
        for feature in needs:
            assert choice(ref_rows(cm_bin, "--isa", feature), alg) == {"portable"}, (alg, feature)


@pytest.mark.parametrize("feature", FEATURES + ["all"])
def test_what_remains_passes_verify(cm_bin, unmasked, feature):
    p = run(cm_bin, "verify", "--isa", feature, "--backends", "ref", "--algorithms", ALGS)
    assert p.returncode == 0, p.stdout + p.stderr
    lines = p.stdout.splitlines()
    passed = {line.split()[1] for line in lines if line.startswith("PASS")}
    gone = {line.split()[1] for line in lines if line.startswith("UNAVAILABLE")}
    assert {f"ref:portable/{a}" for a in ALGS.split(",")} <= passed
    for (variant, alg), needs in REQUIRES.items():
        impl = f"ref:{variant}/{alg}"
        if feature == "all" or feature in needs:
            assert impl in gone, impl
        elif any(b["available"] for b in unmasked.values()
                 if b["variant"] == variant and b["algorithm"] == alg):
            assert impl in passed, impl
    # every NORX KAT entry ran: the KAT is the only gate NORX has
    assert "norx/norx32_4_1_kat.json     256 cases: 256 run" in p.stdout
    assert "norx/norx64_4_1_kat.json     256 cases: 256 run" in p.stdout


def test_a_size_range_gives_one_record_per_length(cm_bin, unmasked, tmp_path):
    out = tmp_path / "r.csv"
    p = run(cm_bin, "run", "--backends", "ref", "--algorithms", "blake2s-256", "--sizes",
            "1-40,1k", "--time", "0.005", "--csv", out, "--json", tmp_path / "r.json",
            "--quiet")
    assert p.returncode == 0, p.stderr
    rows = list(csv.DictReader(out.open()))
    for variant in ("portable", "sse41"):
        sizes = sorted(int(r["size"]) for r in rows if r["variant"] == variant)
        assert sizes == list(range(1, 41)) + [1024], variant


def test_a_backwards_range_is_a_usage_error(cm_bin):
    p = run(cm_bin, "run", "--sizes", "64-16")
    assert p.returncode == 2
    assert p.stderr.count("\n") == 1 and "range 64-16 ends below its start" in p.stderr
