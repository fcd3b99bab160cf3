"""Comparing two runs, benchmark by benchmark, with a significance test.

For each benchmark (name, size, threads) that is ``ok`` in both runs:

- ``ratio``: median time per operation in B / median in A (above 1: B is
  slower), from the kept samples (outliers flagged by the core left out);
- Mann–Whitney U (two-sided, scipy.stats.mannwhitneyu) on the kept samples,
  and its p-values adjusted for the number of benchmarks compared
  (Benjamini–Hochberg, scipy.stats.false_discovery_control);
- a 95% bootstrap confidence interval of the ratio of medians
  (scipy.stats.bootstrap, percentile method, 2000 resamples, fixed seed).

A change is significant when the adjusted p-value is below ``alpha`` and the
interval excludes 1; it is flagged when it is significant and the ratio is
beyond the threshold (``|ratio - 1| > threshold``): a regression when B is
slower, an improvement when faster.  Records without samples (imports) get
the ratio of their figures and no test.  A benchmark without a time above
zero on one side (missing, zero, or negative after the loop overhead) has no
ratio: it is left out with a warning, and samples at or below zero are not used.

Runs made on different machines or in different contexts are compared, with
warnings saying what differs (``context_differences``).
"""

import math
from dataclasses import dataclass
from typing import List, Optional

import numpy as np
from scipy import stats

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
    verdict: str = "same"     # same, regression, improvement, not-tested

    @property
    def change_pct(self):
        return 100.0 * (self.ratio - 1.0)


@dataclass
class Comparison:
    changes: List[Change]
    only_a: List[tuple]
    only_b: List[tuple]
    warnings: List[str]

    def regressions(self):
        return [c for c in self.changes if c.verdict == "regression"]


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
    a, b = np.asarray(sa, dtype=float), np.asarray(sb, dtype=float)
    ratio = float(np.median(b) / np.median(a))
    p_value = float(stats.mannwhitneyu(a, b, alternative="two-sided").pvalue)
    boot = stats.bootstrap((a, b), _ratio_of_medians, vectorized=True, paired=False,
                           n_resamples=BOOTSTRAP_RESAMPLES, method="percentile", confidence_level=0.95,
                           random_state=np.random.default_rng(SEED))
    return Change(key, float(np.median(a)), float(np.median(b)), ratio, p_value=p_value,
                  ci_low=float(boot.confidence_interval.low), ci_high=float(boot.confidence_interval.high))


def judge(changes, threshold=0.05, alpha=0.01):
    """Adjust the p-values of ``changes`` together (Benjamini–Hochberg) and set each one's
    ``significant`` and ``verdict`` (see the module comment); return the list."""
    tested = [c for c in changes if c.p_value is not None]
    if tested:
        adjusted = stats.false_discovery_control([c.p_value for c in tested], method="bh")
        for c, p in zip(tested, adjusted):
            c.p_adjusted = float(p)
            c.significant = bool(p < alpha) and not (c.ci_low <= 1.0 <= c.ci_high)
    for c in changes:
        if c.significant and abs(c.ratio - 1.0) > threshold:
            c.verdict = "regression" if c.ratio > 1 else "improvement"
    return changes


def compare_runs(run_a, run_b, threshold=0.05, alpha=0.01):
    """Compare two runs (see the module comment); return a Comparison."""
    a = {benchmark_key(r): r for r in ok_records(run_a)}
    b = {benchmark_key(r): r for r in ok_records(run_b)}
    common = [k for k in a if k in b]
    pairs = [(k, compare_pair(k, a[k], b[k])) for k in common]
    untimed = [k for k, c in pairs if c is None]
    changes = judge([c for _, c in pairs if c is not None], threshold, alpha)
    warnings = context_differences(run_a.doc, run_b.doc)
    if untimed:
        warnings.append("%d benchmark(s) not compared: no time above zero on one side (first: %r)"
                        % (len(untimed), benchmark_label(untimed[0])))
    return Comparison(changes, [k for k in a if k not in b], [k for k in b if k not in a], warnings)
