"""`cryptometer probe` (docs/probes.md): the document's shape against
docs/probe.schema.json; every probe of the architecture listed, measured
exactly where the CPU has its features and otherwise unavailable with the
missing feature named, masked ones as masked (--isa and
CRYPTOMETER_ISA_MASK); every figure with its spread; every bound recomputed
here from data/probe_bounds.json and the document's own figures; a probe
that dies of SIGILL reported as crashed while the others go on; usage
errors; detect's instruction bounds block. No timing thresholds: figures
are only checked to be positive and inside their own spread."""
import json
import os
import platform
import subprocess
from pathlib import Path

import jsonschema
import pytest

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "docs" / "probe.schema.json").read_text())
TABLE = json.loads((ROOT / "data" / "probe_bounds.json").read_text())

# The probes of each architecture and the features each needs (src/probes/).
PROBES = {
    "x86_64": {
        "aesenc-xmm": {"aes"}, "aesdec-xmm": {"aes"}, "pclmulqdq-xmm": {"pclmulqdq"},
        "vaesenc-ymm": {"vaes", "avx2"}, "vpclmulqdq-ymm": {"vpclmulqdq", "avx2"},
        "vaesenc-zmm": {"vaes", "avx512f"}, "vpclmulqdq-zmm": {"vpclmulqdq", "avx512f"},
        "sha256rnds2": {"sha_ni"}, "sha1rnds4": {"sha_ni"}, "mulx": {"bmi2"},
        "adcx": {"adx"}, "adox": {"adx"}, "adcx+adox": {"adx"}, "mul": set(), "adc": set(),
    },
    "aarch64": {
        "aese": {"aes"}, "aesmc": {"aes"}, "aese+aesmc": {"aes"}, "aese+aesmc-apart": {"aes"},
        "pmull": {"pmull"}, "pmull2": {"pmull"}, "sha256h": {"sha2"},
        "mul": set(), "umulh": set(), "adcs": set(),
    },
}
ARCH = platform.machine()


def run(binary, *args, env=None):
    return subprocess.run([str(binary), *map(str, args)], capture_output=True, text=True,
                          timeout=300, env={**os.environ, **(env or {})})


def probe(binary, *args, env=None):
    """The exit code and document of `probe --json --quick ARGS`."""
    p = run(binary, "probe", "--json", "--quick", *args, env=env)
    assert p.returncode == 0, p.stderr
    doc = json.loads(p.stdout)
    jsonschema.validate(doc, SCHEMA)
    return doc


def by_name(doc):
    return {p["name"]: p for p in doc["probes"]}


@pytest.fixture(scope="module")
def features(cm_bin):
    """The features present (cpu, os, unmasked) and the table's names."""
    if ARCH not in PROBES:
        pytest.skip(f"no probes on {ARCH}")
    p = run(cm_bin, "detect", "--json", "--no-clock", env={"CRYPTOMETER_ISA_MASK": ""})
    assert p.returncode == 0, p.stderr
    feats = json.loads(p.stdout)["cpu"]["features"]
    return {f["name"] for f in feats if f["present"]}


@pytest.fixture(scope="module")
def doc(cm_bin, features):
    return probe(cm_bin, env={"CRYPTOMETER_ISA_MASK": ""})


def test_document_shape(doc):
    assert doc["schema"] == "cryptometer-probe" and doc["schema_version"] == 1
    assert doc["arch"] == ARCH
    assert doc["isa_mask"] is None
    assert isinstance(doc["emulated"], bool)


def test_every_probe_listed_and_measured_exactly_where_the_cpu_can(doc, features):
    probes = by_name(doc)
    assert list(probes) == list(PROBES[ARCH])
    for name, needs in PROBES[ARCH].items():
        p = probes[name]
        assert set(p["needs"]) == needs, name
        missing = sorted(needs - features)
        if not missing:
            assert p["status"] == "measured", p
            assert p["reason"] is None
        else:
            assert p["status"] == "unavailable", p
            assert p["reason"].startswith("needs ") and "this CPU lacks it" in p["reason"], p
            assert p["reason"].split(":")[0][len("needs "):] in missing
            assert p["latency"]["cycles"] is None and p["throughput"]["cycles"] is None


def test_every_figure_has_its_spread(doc):
    measured = [p for p in doc["probes"] if p["status"] == "measured"]
    assert measured, "nothing was measured: mul and adc need no feature"
    for p in measured:
        figures = [p[k] for k in ("latency", "throughput") if p[k]["cycles"] is not None]
        assert figures, p["name"]
        for f in figures:
            assert f["cycles"] > 0 and f["ns"] > 0 and f["mhz"] > 0
            assert f["min"] <= f["cycles"] <= f["max"]
            assert f["ci_low"] <= f["cycles"] <= f["ci_high"]
            assert len(f["samples_cycles"]) == f["n"] >= 5
        for k in ("latency", "throughput"):
            if p[k]["cycles"] is None:  # a carry chain: no independent instances
                assert p[k]["how"].startswith("none"), p
        if p["throughput"]["cycles"] is not None:
            assert p["throughput"]["per_cycle"] == pytest.approx(1 / p["throughput"]["cycles"])
    assert doc["clock"]["reference_mhz"] > 0


def evaluate(expr, probes):
    """An expression of data/probe_bounds.json over the figures; None when one is missing."""
    if "const" in expr:
        return expr["const"]
    if "probe" in expr:
        p = probes.get(expr["probe"])
        c = p[expr["figure"]]["cycles"] if p else None
        return None if c is None else expr["count"] * c
    parts = [evaluate(e, probes) for e in expr.get("sum", expr.get("max"))]
    if None in parts:
        return None
    return sum(parts) if "sum" in expr else max(parts)


def test_bounds_follow_from_the_table_and_the_figures(doc):
    probes = by_name(doc)
    rows = [r for r in TABLE["bounds"] if r["arch"] == ARCH]
    assert len(doc["bounds"]) == len(rows)
    for row, b in zip(rows, doc["bounds"]):
        assert (b["algorithm"], b["operation"], b["variant"]) == \
            (row["algorithm"], row["operation"], row.get("variant"))
        cycles = evaluate(row["cycles"], probes)
        if cycles is None:
            assert b["status"] == "unavailable" and b["bound_cpb"] is None and b["reason"], b
        else:
            assert b["status"] == "computed", b
            assert b["cycles"] == pytest.approx(cycles)
            assert b["bound_cpb"] == pytest.approx(cycles / row["bytes"])


@pytest.mark.parametrize("how", ["option", "environment"])
def test_a_masked_feature_makes_its_probes_unavailable(cm_bin, features, how):
    first = {"x86_64": "aes", "aarch64": "aes"}[ARCH]
    if first not in features:
        pytest.skip(f"this CPU has no {first} to mask")
    names = [n for n, needs in PROBES[ARCH].items() if first in needs] + ["mul"]
    args = ["--only", ",".join(names)]
    if how == "option":
        d = probe(cm_bin, *args, "--isa", first)
    else:
        d = probe(cm_bin, *args, env={"CRYPTOMETER_ISA_MASK": first})
    assert d["isa_mask"] == first
    probes = by_name(d)
    assert list(probes) == names
    for n in names[:-1]:
        assert probes[n]["status"] == "unavailable"
        assert probes[n]["reason"] == f"needs {first}: masked by CRYPTOMETER_ISA_MASK/--isa"
    assert probes["mul"]["status"] == "measured"
    cbc = [b for b in d["bounds"] if b["algorithm"] == "aes-128-cbc" and b["operation"] == "encrypt"][0]
    assert cbc["bound_cpb"] is None
    assert "masked by CRYPTOMETER_ISA_MASK" in cbc["reason"]


def test_text_output(cm_bin, features):
    p = run(cm_bin, "probe", "--quick", "--only", "mul,adc" if ARCH == "x86_64" else "mul,adcs")
    assert p.returncode == 0, p.stderr
    for line in ("Probes    ", "Clock     ", "latency (cyc)", "recip. tput (cyc)", "Instruction bounds"):
        assert line in p.stdout
    assert "aes-256-cbc encrypt" in p.stdout  # listed, without a figure: no AES probe ran
    assert "was not probed" in p.stdout


@pytest.mark.parametrize("args,message", [
    (["--only", "nosuch"], "'nosuch' is not a probe of this build"),
    (["--isa", "nosuch"], "'nosuch' is not a feature"),
    (["--cpu", "100000"], "--cpu: '100000' is not a CPU number"),
    (["--only"], "unknown or incomplete option '--only' (see --help)"),
    (["--only="], "--only needs a list"),
    (["--bogus"], "unknown or incomplete option '--bogus' (see --help)"),
    (["stray"], "unexpected argument 'stray' (see --help)"),
])
def test_usage_errors(cm_bin, args, message):
    p = run(cm_bin, "probe", *args)
    assert p.returncode == 2
    assert p.stdout == ""
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], p.stderr


def absent_probe(features):
    """A probe whose features this CPU lacks (not masked), or None."""
    return next((n for n, needs in PROBES[ARCH].items() if needs - features), None)


def test_sigill_is_reported_and_the_others_go_on(cm_test_bin, features):
    name = absent_probe(features)
    if name is None:
        pytest.skip("this CPU has every feature the probes need: nothing can raise SIGILL")
    other = "mul"
    d = probe(cm_test_bin, "--only", f"{name},{other}",
              env={"CRYPTOMETER_TEST_PROBE_FORCE": name, "CRYPTOMETER_ISA_MASK": ""})
    probes = by_name(d)
    assert probes[name]["status"] == "crashed", probes[name]
    assert probes[name]["reason"].startswith("SIGILL")
    assert probes[other]["status"] == "measured"


def test_the_force_hook_is_inert_outside_the_test_build(cm_bin, features):
    name = absent_probe(features)
    if name is None:
        pytest.skip("this CPU has every feature the probes need")
    d = probe(cm_bin, "--only", name, env={"CRYPTOMETER_TEST_PROBE_FORCE": name, "CRYPTOMETER_ISA_MASK": ""})
    assert by_name(d)[name]["status"] == "unavailable"


def test_detect_shows_the_instruction_bounds(cm_bin, features):
    p = run(cm_bin, "detect", "--json")
    assert p.returncode == 0, p.stderr
    ib = json.loads(p.stdout)["instruction_bounds"]
    assert ib["reason"] is None
    assert len(ib["bounds"]) == len([r for r in TABLE["bounds"] if r["arch"] == ARCH])
    for b in ib["bounds"]:
        jsonschema.validate(b, {**SCHEMA["$defs"]["bound"], "$defs": SCHEMA["$defs"]})
    if "aes" in features:
        cbc = [b for b in ib["bounds"] if b["algorithm"] == "aes-256-cbc" and b["operation"] == "encrypt"]
        assert cbc[0]["bound_cpb"] > 0
    t = run(cm_bin, "detect")
    assert "Instruction bounds (a quick probe at" in t.stdout
    n = run(cm_bin, "detect", "--json", "--no-clock")
    assert json.loads(n.stdout)["instruction_bounds"] == {"bounds": [], "reason": "not measured (--no-clock)"}


def test_a_run_carries_the_bounds_of_its_records(cm_bin, features, tmp_path):
    if "aes" not in features:
        pytest.skip("no AES instructions: the AES bounds have no figure")
    out = tmp_path / "r.json"
    p = run(cm_bin, "run", "--algorithms", "aes-256-cbc,chacha20", "--backends", "openssl,ref",
            "--sizes", "1024", "--time", "0.02", "--json", out)
    assert p.returncode == 0, p.stderr
    doc = json.loads(out.read_text())
    ib = doc["context"]["instruction_bounds"]
    assert ib["reason"] is None
    bound = {(b["algorithm"], b["operation"]): b for b in ib["bounds"] if b["variant"] is None}
    ok = [r for r in doc["results"] if r["status"] == "ok"]
    assert ok
    for r in ok:
        b = bound.get((r["algorithm"], r["operation"]))
        if b is None:  # chacha20: no row
            assert r["bound_cpb"] is None and r["bound_ratio"] is None, r["name"]
        else:
            assert r["bound_cpb"] == pytest.approx(b["bound_cpb"])
            assert r["bound_ratio"] == pytest.approx(r["cycles_per_byte"] / b["bound_cpb"])
    assert any(r["bound_cpb"] for r in ok)
    head = [l for l in p.stdout.splitlines() if l.startswith("implementation") and "bound" in l]
    assert head, "no bound column in the cycles-per-byte block"
    assert "bound: the lower bound the instruction probes give" in p.stdout


def test_a_run_without_bounded_algorithms_does_not_probe(cm_bin, tmp_path):
    out = tmp_path / "r.json"
    p = run(cm_bin, "run", "--algorithms", "chacha20", "--backends", "ref", "--sizes", "64",
            "--time", "0.02", "--json", out)
    assert p.returncode == 0, p.stderr
    doc = json.loads(out.read_text())
    assert doc["context"]["instruction_bounds"] == {
        "bounds": [], "reason": "no measured benchmark of this CPU has an instruction bound"}
    assert "bound:" not in p.stdout


def test_help(cm_bin):
    p = run(cm_bin, "probe", "--help")
    assert p.returncode == 0 and p.stderr == ""
    assert {"--json", "--quick", "--isa", "--cpu", "--only"} <= {w for w in p.stdout.split() if w.startswith("--")}
    top = run(cm_bin, "--help")
    assert "  probe " in top.stdout
