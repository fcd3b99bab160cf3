"""compare on rounds and several runs per side: nothing flagged for the same figures, the
variance between runs in the test, one-run sides held to their own spread and to the run's
median spread between rounds, busy health flags and a run whose figures are not reproducible
giving "inconclusive (machine busy)" and exit 4 (a run that is only not reproducible: unless
the change is beyond the widest spread between rounds it showed), and a live run with AES-NI masked in which
exactly the implementations using it are flagged."""

import json
import os
import subprocess

import numpy as np

from cryptometer.comparison import compare_sides
from cryptometer.loader import Run
from analysis_helpers import binary, without_health
import view_docs

BUSY = [{"id": "busy-cpus", "severity": "warning", "message": "CPU 0 100% busy"}]
NAMES = ["x:v/a/o", "y:v/a/o", "z:v/a/o"]


def _reading(mhz):
    return {"supported": True, "cpu": 0, "mhz": mhz, "mhz_check": mhz, "spread": 0.0, "agree": True}


def _doc(medians, seed, health=(), spread=0.01, clock_gap=0.0):
    """A result document (valid: view_docs) whose records (name ``backend:v/sha256/digest``
    from the short names of ``medians``) have five rounds around their median in ns."""
    rng = np.random.default_rng(seed)
    results = []
    for short, median in medians.items():
        rounds = [float(v) for v in median * (1 + spread * rng.standard_normal(5))]
        r = view_docs.record(short.split(":")[0], "sha256", "hash", "digest", float(np.median(rounds)), rng,
                             size=64, variant="v")
        r["name"] = short
        r["clock"] = {"before": _reading(1000.0), "after": _reading(1000.0 * (1 + clock_gap)), "mhz_used": 1000.0}
        r["rounds"] = {"median_ns": rounds, "spread": (max(rounds) - min(rounds)) / float(np.median(rounds))}
        results.append(r)
    doc = view_docs.document(results, [])
    doc["context"]["health"] = list(health)
    return doc


def _run(doc, name):
    return Run(name, doc, name)


def _write(tmp_path, name, doc):
    path = tmp_path / name
    path.write_text(json.dumps(doc))
    return path


def _verdicts(comparison):
    return {c.key[0]: c.verdict for c in comparison.changes}


def test_same_figures_flag_nothing_with_one_or_several_runs_per_side(cli, tmp_path):
    base = {"x:v/a/o": 100.0, "y:v/a/o": 2000.0, "z:v/a/o": 31.0}
    docs = [_doc(base, seed) for seed in range(4)]
    paths = [_write(tmp_path, "r%d.json" % i, d) for i, d in enumerate(docs)]
    for args in ((paths[0], paths[1]), (paths[0], paths[1], "vs", paths[2], paths[3])):
        r = cli("compare", *args)
        assert r.returncode == 0, r.stdout + r.stderr
        assert "0 regressions, 0 improvements, 3 without a significant change" in r.stdout
        assert any(line.startswith("geomean: A ") for line in r.stdout.splitlines()), r.stdout
        assert all(len(line) <= 100 for line in r.stdout.splitlines()), r.stdout


def test_a_shift_beyond_the_rounds_is_flagged_and_exits_1(cli, tmp_path):
    base = {"x:v/a/o": 100.0, "y:v/a/o": 200.0, "z:v/a/o": 300.0}
    a = [_write(tmp_path, "a%d.json" % i, _doc(base, i)) for i in range(2)]
    b = [_write(tmp_path, "b%d.json" % i, _doc(dict(base, **{"y:v/a/o": 260.0}), 10 + i)) for i in range(2)]
    r = cli("compare", *a, "vs", *b)
    assert r.returncode == 1, r.stdout + r.stderr
    flagged = [line.split()[0] for line in r.stdout.splitlines() if line.rstrip().endswith("regression")]
    assert flagged == ["y:v/a/o"], r.stdout
    assert "A: 2 runs" in r.stdout and "n=10+10" in cli("compare", *a, "vs", *b, "--markdown").stdout


def test_between_run_variance_is_in_the_test():
    # each run is steady within itself (1% between rounds), but A's two runs differ by 30%:
    # B's figure lies between them, which one run per side cannot tell from a change
    a = [_run(_doc({"x:v/a/o": 100.0}, 1), "a1"), _run(_doc({"x:v/a/o": 130.0}, 2), "a2")]
    b = [_run(_doc({"x:v/a/o": 115.0}, 3), "b1"), _run(_doc({"x:v/a/o": 115.0}, 4), "b2")]
    assert _verdicts(compare_sides(a, b)) == {"x:v/a/o": "same"}
    one = compare_sides(a[:1], b[:1])
    assert _verdicts(one) == {"x:v/a/o": "regression"}
    assert one.notes and "one run per side" in one.notes[0]


def test_one_run_sides_never_flag_a_change_within_their_own_spread():
    base = {"x:v/a/o": 100.0}
    # rounds spread about 40%: a 20% change is within it
    wide = compare_sides([_run(_doc(base, 1, spread=0.15), "a")],
                         [_run(_doc({"x:v/a/o": 120.0}, 2, spread=0.15), "b")], alpha=0.5)
    change = wide.changes[0]
    assert change.floor > 0.2 and change.verdict == "same"
    # the clock checks 30% apart: a 20% change is within that too, however tight the rounds
    clock = compare_sides([_run(_doc(base, 1, spread=0.001, clock_gap=0.3), "a")],
                          [_run(_doc({"x:v/a/o": 120.0}, 2, spread=0.001), "b")])
    assert clock.changes[0].significant and clock.changes[0].verdict == "same"
    # and beyond both, it is flagged
    far = compare_sides([_run(_doc(base, 1, spread=0.001, clock_gap=0.3), "a")],
                        [_run(_doc({"x:v/a/o": 200.0}, 2, spread=0.001), "b")])
    assert far.changes[0].verdict == "regression"
    # the record's own clock.spread (all its checks, run's clock-unsteady rule) is a floor too
    spread_doc = _doc(base, 1, spread=0.001)
    spread_doc["results"][0]["clock"]["spread"] = 0.3
    spread = compare_sides([_run(spread_doc, "a")], [_run(_doc({"x:v/a/o": 120.0}, 2, spread=0.001), "b")])
    assert spread.changes[0].floor >= 0.3 and spread.changes[0].verdict == "same"


def _mixed(tight_median, seed):
    """A run whose five records' rounds lie about 40% apart (spread 0.15) beside one record,
    t, whose rounds agree (0.1%) at ``tight_median``."""
    wide = _doc({n: 100.0 * (i + 1) for i, n in enumerate(("p:v/a/o", "q:v/a/o", "r:v/a/o", "s:v/a/o",
                                                           "u:v/a/o"))}, seed, spread=0.15)
    tight = _doc({"t:v/a/o": tight_median}, seed + 100, spread=0.001)
    wide["results"] += tight["results"]
    return wide


def test_one_run_sides_hold_a_change_to_the_runs_median_spread_between_rounds():
    # t's own rounds agree, but the run's figures typically moved ~40% between rounds: a 20%
    # change of t is within what one run per side can tell apart from the machine
    near = compare_sides([_run(_mixed(100.0, 1), "a")], [_run(_mixed(120.0, 2), "b")])
    t = [c for c in near.changes if c.key[0] == "t:v/a/o"][0]
    assert t.floor > 0.2 and t.verdict == "same"
    assert "the run's median between rounds" in near.notes[0]
    # beyond it, flagged; and with two runs a side the per-round test decides, not the floor
    far = compare_sides([_run(_mixed(100.0, 1), "a")], [_run(_mixed(300.0, 2), "b")])
    assert _verdicts(far)["t:v/a/o"] == "regression"
    two = compare_sides([_run(_mixed(100.0, s), "a%d" % s) for s in (1, 3)],
                        [_run(_mixed(120.0, s), "b%d" % s) for s in (2, 4)])
    assert [c for c in two.changes if c.key[0] == "t:v/a/o"][0].floor == 0


def _not_reproducible(y_median, widest=1.5):
    """A run whose trust answer says not-reproducible and in which one record, z, moved
    ``widest`` (its rounds' spread) with nothing changed; y's median is ``y_median``."""
    doc = _doc({"x:v/a/o": 100.0, "y:v/a/o": y_median, "z:v/a/o": 50.0}, 2)
    doc["results"][2]["rounds"]["spread"] = widest
    doc["answers"] = {"acceleration": [], "fastest": [], "findings": [], "lines": [],
                      "trust": {"quotable": False, "flags": ["not-reproducible"],
                                "text": "Trust: not quotable: rounds within 10% in 2 of 3 records."}}
    return doc


def test_a_run_whose_figures_are_not_reproducible_gives_inconclusive_and_exit_4(cli, tmp_path):
    a = _write(tmp_path, "a.json", _doc({"x:v/a/o": 100.0, "y:v/a/o": 200.0, "z:v/a/o": 50.0}, 1))
    b = _write(tmp_path, "b.json", _not_reproducible(400.0))      # +100%, within z's 150%
    r = cli("compare", a, b)
    assert r.returncode == 4, r.stdout + r.stderr
    assert "B: not-reproducible" in r.stdout and "1 inconclusive (machine busy)" in r.stdout
    assert ("beyond the most a figure moved between rounds in either side (150%)"
            in " ".join(r.stdout.split())), r.stdout
    assert all(len(line) <= 100 for line in r.stdout.splitlines()), r.stdout


def test_a_change_beyond_what_the_rounds_ever_moved_is_flagged_still(cli, tmp_path):
    """Not reproducible says figures move between rounds, by at most the widest spread seen:
    ten times slower (OpenSSL's AES-GCM without AES-NI) is beyond it, 20% more is not."""
    a = _write(tmp_path, "a.json", _doc({"x:v/a/o": 100.0, "y:v/a/o": 200.0, "z:v/a/o": 50.0}, 1))
    b_doc = _not_reproducible(2000.0, widest=0.3)
    b_doc["results"][0]["rounds"]["median_ns"] = [120.0] * 5
    b = _write(tmp_path, "b.json", b_doc)
    r = cli("compare", a, b, "--markdown")
    rows = {line.split("|")[1].strip(): line.split("|")[-2].strip() for line in r.stdout.splitlines()
            if line.startswith("| x:") or line.startswith("| y:")}
    assert r.returncode == 1, r.stdout + r.stderr
    assert rows["y:v/a/o @ 64 B"] == "regression", r.stdout
    assert rows["x:v/a/o @ 64 B"] != "regression", r.stdout


def test_busy_health_flags_give_inconclusive_and_exit_4(cli, tmp_path):
    base = {"x:v/a/o": 100.0, "y:v/a/o": 200.0}
    a = _write(tmp_path, "a.json", _doc(base, 1))
    b = _write(tmp_path, "b.json", _doc(dict(base, **{"y:v/a/o": 400.0}), 2, health=BUSY))
    r = cli("compare", a, b)
    assert r.returncode == 4, r.stdout + r.stderr
    assert "regression" not in r.stdout.replace("0 regressions", "")
    row = [line for line in r.stdout.splitlines() if line.startswith("y:v/a/o")]
    assert row and row[0].endswith("inconclusive"), r.stdout
    assert all(len(line) <= 100 for line in r.stdout.splitlines()), r.stdout
    md = cli("compare", a, b, "--markdown").stdout
    assert any(line.startswith("| y:v/a/o") and line.endswith("| inconclusive (machine busy) |")
               for line in md.splitlines()), md
    assert "B: busy-cpus" in r.stdout and "1 inconclusive (machine busy)" in r.stdout
    # the same documents without the change: nothing to judge, exit 0
    c = _write(tmp_path, "c.json", _doc(base, 3, health=BUSY))
    assert cli("compare", a, c).returncode == 0
    # a busy machine can slow a figure by any factor: ten times slower is inconclusive too
    d = _write(tmp_path, "d.json", _doc(dict(base, **{"y:v/a/o": 2000.0}), 4, health=BUSY))
    r = cli("compare", a, d)
    assert r.returncode == 4 and "1 inconclusive (machine busy)" in r.stdout, r.stdout


def test_sides_that_do_not_make_two_are_refused(cli, tmp_path):
    a = _write(tmp_path, "a.json", _doc({"x:v/a/o": 1.0}, 1))
    for args in ((a, a, a), (a, "vs"), ("vs", a), (a, "vs", a, "vs", a)):
        r = cli("compare", *args)
        assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr


def _live_run(bin_path, out, env=None):
    """A short live run of AES-128-GCM and SHA-256 in OpenSSL and our code, three rounds; the
    document's health flags are emptied: the machine the tests share is busy, and this test
    is about which implementations the statistics flag (the busy rule has its own test)."""
    sel = r"^((ref:(portable|aesni|vaes256|vaes512)|openssl:evp)/aes-128-gcm/seal|(ref:portable|openssl:evp)/sha256/digest)$"
    subprocess.run([str(bin_path), "run", "--filter", sel, "--sizes", "1024", "--time", "0.05", "--repeat", "3",
                    "--json", str(out), "-q"] + (["--isa", "aes"] if env else []),
                   env=dict(os.environ, **(env or {})), check=False, capture_output=True, timeout=600)
    return without_health(out)


def test_aes_ni_masked_flags_exactly_the_implementations_that_use_it(cli, tmp_path):
    bin_path = binary("CRYPTOMETER_BIN", "build/cryptometer")
    # OpenSSL's own switch: AES-NI and PCLMULQDQ off in the first word; ":~0x0" keeps the second
    # (without it OpenSSL clears it, and SHA-256 loses SHA-NI: compare flags that one too)
    masked = {"OPENSSL_ia32cap": "~0x200000200000000:~0x0"}
    runs = {}
    for i in range(2):                                    # interleaved: A, B, A, B
        runs.setdefault("a", []).append(_live_run(bin_path, tmp_path / ("a%d.json" % i)))
        runs.setdefault("b", []).append(_live_run(bin_path, tmp_path / ("b%d.json" % i), masked))
    # AES-NI off makes OpenSSL's AES-GCM several times slower: a 50% threshold keeps the noise of
    # the machine the tests share (other work slows some rounds by half) out of the question
    r = cli("compare", *runs["a"], "vs", *runs["b"], "--markdown", "--threshold", "50", "--alpha", "0.05")
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in r.stdout.splitlines()
            if line.startswith(("| ref:", "| openssl:"))]
    flagged = sorted(row[0] for row in rows if row[-1] in ("regression", "improvement"))
    assert flagged == ["openssl:evp/aes-128-gcm/seal @ 1024 B"], r.stdout
    assert r.returncode == 1, r.stdout + r.stderr
    # our variants that need AES-NI are not measured at all with --isa aes: only in A
    assert "3 only in A, 0 only in B" in r.stdout, r.stdout
    only = [line for line in r.stdout.splitlines() if "only in A:" in line]
    assert only and all(v in only[0] for v in ("ref:aesni/", "ref:vaes256/", "ref:vaes512/")), r.stdout
