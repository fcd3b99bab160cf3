"""compare: the statistics on constructed samples, exit codes, context warnings, and a slowed backend."""


import numpy as np

from cryptometer.comparison import compare_runs
from cryptometer.loader import Run
from analysis_helpers import binary, measure, without_health


def _run(run_id, medians, seed, host="h"):
    rng = np.random.default_rng(seed)
    results = []
    for name, median in medians.items():
        samples = list(median * (1 + 0.01 * rng.standard_normal(30)))
        results.append({"name": name, "backend": name.split(":")[0], "variant": "v", "algorithm": "a",
                        "operation": "o", "unit": "byte", "size": 64, "threads": 1, "status": "ok",
                        "samples_ns": samples, "stats": {"median_ns": float(np.median(samples)), "outliers": []}})
    return Run(run_id, {"context": {"host": {"hostname": host}}, "results": results}, run_id)


def test_same_distribution_is_not_flagged_and_a_shift_is():
    base = {"x:v/a/o": 100.0, "y:v/a/o": 200.0, "z:v/a/o": 300.0}
    same = compare_runs(_run("a", base, 1), _run("b", base, 2))
    assert [c.verdict for c in same.changes] == ["same"] * 3 and not same.warnings
    slower = compare_runs(_run("a", base, 1), _run("b", dict(base, **{"y:v/a/o": 260.0}), 2))
    verdicts = {c.key[0]: c.verdict for c in slower.changes}
    assert verdicts == {"x:v/a/o": "same", "y:v/a/o": "regression", "z:v/a/o": "same"}
    y = [c for c in slower.changes if c.key[0] == "y:v/a/o"][0]
    assert y.ci_low < 1.3 < y.ci_high and y.p_adjusted < 0.01


def test_small_change_below_threshold_is_not_flagged():
    base = {"x:v/a/o": 100.0}
    c = compare_runs(_run("a", base, 1), _run("b", {"x:v/a/o": 103.0}, 2), threshold=0.05).changes[0]
    assert c.significant and c.verdict == "same"


def test_different_machines_are_compared_with_a_warning():
    base = {"x:v/a/o": 100.0}
    cmp = compare_runs(_run("a", base, 1, host="alpha"), _run("b", base, 2, host="beta"))
    assert cmp.warnings == ["the runs differ in host name: 'alpha' vs 'beta'"]


def test_slowed_test_backend_is_flagged_and_exit_is_1(cli, tmp_path):
    test_bin = binary("CRYPTOMETER_TEST_BIN", "build-test/cryptometer")
    a = without_health(measure(test_bin, tmp_path / "a.json", "^(slow|ref):[a-z]+/sha256/"))
    b = without_health(measure(test_bin, tmp_path / "b.json", "^(slow|ref):[a-z]+/sha256/",
                       {"CRYPTOMETER_TEST_SLOWDOWN": "20"}))
    r = cli("compare", a, b, "--markdown")
    assert r.returncode == 1, r.stdout + r.stderr
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in r.stdout.splitlines()
            if line.startswith(("| slow:", "| ref:"))]
    slowed = [row for row in rows if row[0].startswith("slow:")]
    # every size of the slowed backend is a regression; the 20x injected stands far
    # above what the machine's load (other tests run beside this one) does to a figure
    assert len(slowed) == 3 and all(row[-1] == "regression" and float(row[3]) > 4 for row in slowed), rows
    # the untouched backend may drift with the load, never by the injected factor
    others = [row for row in rows if row[0].startswith("ref:")]
    assert others and all(float(row[3]) < 4 for row in others), rows


def test_compare_needs_two_runs(cli, tmp_path):
    assert cli("compare", tmp_path / "x.json").returncode == 2
    assert cli("compare", tmp_path / "x.json", tmp_path / "y.json").returncode == 3
