"""Comparing two sides, each one run or several, benchmark by benchmark, with a significance test.

For each benchmark (name, size, threads) measured on both sides:

- the figures tested: with several runs on a side, the per-round figures
  (rounds.round_figures: every round, ``run --repeat N``, of every run of the
  side, at least MIN_SAMPLES a side), so that the variance between runs is in
  the test, as benchstat tests one figure per run; with one run per side, the
  kept samples (outliers flagged by the core left out; the median round's),
  which do not see the variance between runs: a change is then held to the
  larger run's own spread (``floor``);
- ``ratio``: median of B's figures / median of A's (above 1: B is slower);
- Mann–Whitney U (two-sided, scipy.stats.mannwhitneyu), which heavy-tailed noise
  (a round slowed by other work) does not sway as a mean would, and a 95%
  bootstrap confidence interval of the ratio of medians (scipy.stats.bootstrap,
  percentile method, 2000 resamples, fixed seed);
- p-values adjusted for the number of benchmarks compared (Benjamini–Hochberg,
  scipy.stats.false_discovery_control).

A change is significant when the adjusted p-value is below ``alpha`` and the
interval excludes 1; it is flagged when it is significant and the ratio is
beyond the threshold (``|ratio - 1| > threshold``) and, with one run per side,
beyond the larger run's own spread (``floor``: rounds.own_spread, between rounds
or between clock checks, and rounds.run_spread, the run's median between
rounds): a regression when B is slower, an improvement when faster.  When either
side's health flags say busy or clock unsteady, or its trust answer says most of
its figures are not reproducible (rounds.distrust), a change that would be
flagged is ``inconclusive``; when the only reason is ``not-reproducible``, a
change beyond the largest spread between rounds of any record of either side
(``ceiling``, rounds.noise_ceiling: the most the runs showed a figure moving with
nothing changed) is flagged still, as both ways (B/A and A/B) exceed it.  Records
without samples (imports) get the ratio of their figures and no test.  A
benchmark without a time above zero on one side (missing, zero, or negative
after the loop overhead) has no ratio: it is left out with a warning, and samples
at or below zero are not used.

Runs made on different machines or in different contexts are compared, with
warnings saying what differs (``context_differences``).
"""

import math
from dataclasses import dataclass, field
from typing import List, Optional

import numpy as np
from scipy import stats

from . import rounds
from .figures import benchmark_key, benchmark_label, kept_samples, ok_records

BOOTSTRAP_RESAMPLES = 2000
SEED = 20240601
MIN_SAMPLES = 3

# (label, path in the document) of what must match for a like-for-like comparison.
CONTEXT_FIELDS = (
    ("host name", ("context", "host", "hostname")),
    ("kernel", ("context", "host", "kernel")),
    ("OS", ("context", "host", "os")),
    ("CPU", ("context", "cpu", "model_name")),
    ("architecture", ("context", "cpu", "arch")),
    ("compiler", ("context", "build", "compiler")),
    ("compiler flags", ("context", "build", "c_flags")),
    ("cryptometer version", ("context", "build", "version")),
    ("imported from", ("source", "tool")),
)


@dataclass
class Change:
    key: tuple
    median_a: float           # ns per operation (or the imported figure's time)
    median_b: float
    ratio: float              # B / A in time per operation: above 1, B is slower
    p_value: Optional[float] = None
    p_adjusted: Optional[float] = None
    ci_low: Optional[float] = None
    ci_high: Optional[float] = None
    significant: bool = False
    verdict: str = "same"     # same, regression, improvement, not-tested, inconclusive
    floor: float = 0.0        # one run per side: the larger run's own spread (not flagged below)
    n_a: int = 1              # figures the test used per side (rounds, or samples)
    n_b: int = 1
    spread_a: float = 0.0     # (max - min) / median of the side's round figures (0: one figure)
    spread_b: float = 0.0

    @property
    def change_pct(self):
        return 100.0 * (self.ratio - 1.0)


@dataclass
class Comparison:
    changes: List[Change]
    only_a: List[tuple]
    only_b: List[tuple]
    warnings: List[str]
    distrusted: List[str] = field(default_factory=list)   # "A: busy-cpus", ...: health flags
    notes: List[str] = field(default_factory=list)        # what the comparison cannot know
    ceiling: Optional[float] = None                       # a change beyond it is flagged still

    def regressions(self):
        return [c for c in self.changes if c.verdict == "regression"]

    def inconclusive(self):
        return [c for c in self.changes if c.verdict == "inconclusive"]


def _get(doc, path):
    for part in path:
        doc = doc.get(part) if isinstance(doc, dict) else None
    return doc


def context_differences(doc_a, doc_b):
    """Sentences naming each context field that differs between the runs."""
    out = []
    for label, path in CONTEXT_FIELDS:
        a, b = _get(doc_a, path), _get(doc_b, path)
        if a != b:
            out.append("the runs differ in %s: %r vs %r" % (label, a, b))
    libs = lambda d: {l["backend"]: l.get("version") for l in (_get(d, ("context", "libraries")) or [])}
    la, lb = libs(doc_a), libs(doc_b)
    for backend in sorted(set(la) & set(lb)):
        if la[backend] != lb[backend]:
            out.append("the runs differ in the %s library version: %r vs %r" % (backend, la[backend], lb[backend]))
    return out


def time_per_op(record):
    """Median ns per operation: the record's statistics, or, for an import, from its figure."""
    median = (record.get("stats") or {}).get("median_ns")
    if median is not None:
        return median
    return None if record.get("us_per_op") is None else record["us_per_op"] * 1000.0


def _ratio_of_medians(a, b, axis=-1):
    return np.median(b, axis=axis) / np.median(a, axis=axis)


def usable_time(value):
    """True for a time per operation a ratio can be made of: a finite number above zero."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and value > 0


def _positive_samples(record):
    """The kept samples that are usable times (a sample at or below zero, after the loop
    overhead was subtracted, says nothing a ratio could use)."""
    return [s for s in kept_samples(record) if usable_time(s)]


def compare_pair(key, rec_a, rec_b):
    """The Change of one benchmark (test not yet adjusted for multiplicity), or None when one
    side has no usable time (missing, zero, negative): there is no ratio to make."""
    ta, tb = time_per_op(rec_a), time_per_op(rec_b)
    if not usable_time(ta) or not usable_time(tb):
        return None
    sa, sb = _positive_samples(rec_a), _positive_samples(rec_b)
    if len(sa) < MIN_SAMPLES or len(sb) < MIN_SAMPLES:
        return Change(key, ta, tb, tb / ta, verdict="not-tested")
    return tested_change(key, sa, sb)


def tested_change(key, figures_a, figures_b):
    """The Change of one benchmark from two sets of times per operation (a run's samples, or a
    side's per-round figures): ratio of medians, Mann–Whitney U, bootstrap interval."""
    a, b = np.asarray(figures_a, dtype=float), np.asarray(figures_b, dtype=float)
    ratio = float(np.median(b) / np.median(a))
    p_value = float(stats.mannwhitneyu(a, b, alternative="two-sided").pvalue)
    boot = stats.bootstrap((a, b), _ratio_of_medians, vectorized=True, paired=False,
                           n_resamples=BOOTSTRAP_RESAMPLES, method="percentile", confidence_level=0.95,
                           random_state=np.random.default_rng(SEED))
    return Change(key, float(np.median(a)), float(np.median(b)), ratio, p_value=p_value,
                  ci_low=float(boot.confidence_interval.low), ci_high=float(boot.confidence_interval.high),
                  n_a=len(a), n_b=len(b))


def judge(changes, threshold=0.05, alpha=0.01, distrusted=False, ceiling=None):
    """Adjust the p-values of ``changes`` together (Benjamini–Hochberg) and set each one's
    ``significant`` and ``verdict`` (see the module comment; ``distrusted``: a side's health
    flags say busy or clock unsteady, or its figures are not reproducible; ``ceiling``: with
    distrust, a change beyond it either way is flagged still); return the list."""
    tested = [c for c in changes if c.p_value is not None]
    if tested:
        adjusted = stats.false_discovery_control([c.p_value for c in tested], method="bh")
        for c, p in zip(tested, adjusted):
            c.p_adjusted = float(p)
            c.significant = bool(p < alpha) and not (c.ci_low <= 1.0 <= c.ci_high)
    for c in changes:
        if c.significant and abs(c.ratio - 1.0) > max(threshold, c.floor):
            beyond = ceiling is not None and max(c.ratio, 1.0 / c.ratio) - 1.0 > ceiling
            c.verdict = ("inconclusive" if distrusted and not beyond
                         else "regression" if c.ratio > 1 else "improvement")
    return changes


def _spread(figures):
    return (max(figures) - min(figures)) / float(np.median(figures)) if len(figures) > 1 else 0.0


def compare_rounds(key, figures_a, figures_b):
    """The Change of one benchmark from the per-round figures (ns per operation) of each side
    (tested_change), with each side's spread; not tested with fewer than MIN_SAMPLES a side."""
    if len(figures_a) < MIN_SAMPLES or len(figures_b) < MIN_SAMPLES:
        ma, mb = float(np.median(figures_a)), float(np.median(figures_b))
        change = Change(key, ma, mb, mb / ma, verdict="not-tested", n_a=len(figures_a), n_b=len(figures_b))
    else:
        change = tested_change(key, figures_a, figures_b)
    change.spread_a, change.spread_b = _spread(figures_a), _spread(figures_b)
    return change


def _side_index(runs):
    """{benchmark key: [its record in each run that measured it]} of one side, in order."""
    index = {}
    for run in runs:
        for r in ok_records(run):
            index.setdefault(benchmark_key(r), []).append(r)
    return index


def _compare_one(key, recs_a, recs_b, one_run, run_floor=0.0):
    """The Change of one benchmark, or None when a side has no usable time: one run per side,
    its samples held to the larger run's own spread (the benchmark's, or ``run_floor``: the
    larger run's median spread between rounds, rounds.run_spread); several, the per-round
    figures."""
    if one_run:
        change = compare_pair(key, recs_a[0], recs_b[0])
        if change is not None:
            change.floor = max(rounds.own_spread(recs_a[0]), rounds.own_spread(recs_b[0]), run_floor)
            change.spread_a, change.spread_b = (_spread(rounds.round_figures(r)) for r in (recs_a[0], recs_b[0]))
        return change
    figs_a = [f for r in recs_a for f in rounds.round_figures(r)]
    figs_b = [f for r in recs_b for f in rounds.round_figures(r)]
    return compare_rounds(key, figs_a, figs_b) if figs_a and figs_b else None


def _notes(one_run, any_rounds):
    """What a comparison of one run per side cannot know (compare prints it)."""
    if not one_run:
        return []
    notes = ["one run per side: the variance between runs is not known, so no change within "
             "either run's own spread (the benchmark's between rounds or clock checks, or the "
             "run's median between rounds) is flagged; give several runs per side (A1 A2 vs "
             "B1 B2) to test it"]
    if not any_rounds:
        notes.append("the runs have one round each (run --repeat N gives more): the test uses "
                     "the samples of one run, which do not see how the machine changes between runs")
    return notes


def compare_sides(runs_a, runs_b, threshold=0.05, alpha=0.01):
    """Compare side A (a list of runs) with side B (see the module comment); a Comparison."""
    a, b = _side_index(runs_a), _side_index(runs_b)
    one_run = len(runs_a) == 1 and len(runs_b) == 1
    run_floor = max(rounds.run_spread(r.doc) for r in runs_a + runs_b) if one_run else 0.0
    pairs = [(k, _compare_one(k, a[k], b[k], one_run, run_floor)) for k in a if k in b]
    untimed = [k for k, c in pairs if c is None]
    flags = [(side, flag) for side, runs in (("A", runs_a), ("B", runs_b))
             for run in runs for flag in rounds.distrust(run.doc)]
    distrusted = ["%s: %s" % sf for sf in flags]
    ceiling = (max(rounds.noise_ceiling(r.doc) for r in runs_a + runs_b)
               if flags and {f for _, f in flags} == {rounds.NOT_REPRODUCIBLE} else None)
    changes = judge([c for _, c in pairs if c is not None], threshold, alpha, bool(distrusted), ceiling)
    warnings = [w for ra in runs_a for rb in runs_b for w in context_differences(ra.doc, rb.doc)]
    warnings = list(dict.fromkeys(warnings))
    if untimed:
        warnings.append("%d benchmark(s) not compared: no time above zero on one side (first: %r)"
                        % (len(untimed), benchmark_label(untimed[0])))
    any_rounds = any(r.get("rounds") for side in (a, b) for recs in side.values() for r in recs)
    return Comparison(changes, [k for k in a if k not in b], [k for k in b if k not in a], warnings,
                      list(dict.fromkeys(distrusted)), _notes(one_run, any_rounds), ceiling)


def compare_runs(run_a, run_b, threshold=0.05, alpha=0.01):
    """Compare two runs, one per side (compare_sides)."""
    return compare_sides([run_a], [run_b], threshold, alpha)


def geometric_means(comparison):
    """(geometric mean of A's times, of B's, of the ratios B/A) over the benchmarks compared,
    or None when there is none."""
    changes = [c for c in comparison.changes if usable_time(c.median_a) and usable_time(c.median_b)]
    if not changes:
        return None
    gm = lambda xs: math.exp(sum(math.log(x) for x in xs) / len(xs))
    return (gm([c.median_a for c in changes]), gm([c.median_b for c in changes]),
            gm([c.ratio for c in changes]))
