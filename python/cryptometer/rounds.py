"""What compare's test reads of a run besides its samples: rounds, own spread, trust.

- ``round_figures``: the independent figures of one benchmark in one run: each
  round's median (``rounds.median_ns``, written by ``run --repeat N``), or the
  record's median when the run had one round;
- ``own_spread``: how far the run's own figures moved: its rounds' spread
  (``rounds.spread``: (max - min) / median of the medians) or the gap between
  the clock checks before and after the implementation ran, whichever is larger;
- ``run_spread``: how far a figure of the run typically moved between rounds:
  the median of its records' ``rounds.spread`` (a benchmark's own five rounds
  can agree by chance on a machine whose figures move between rounds);
- ``noise_ceiling``: the largest spread between rounds of any record of the run:
  how far the run showed a figure can move with nothing changed;
- ``distrust``: the health flags (warnings) that say the machine was busy or its
  clock unsteady while the run measured, and the run's own verdict that most of
  its figures are not reproducible (``answers.trust.flags``: ``not-reproducible``,
  rounds more than 10% apart): a change then cannot be told from the machine's
  own noise (docs/methodology.md, "Comparing runs").
"""

import statistics

# Health flag ids (context.health, severity "warning") that make a comparison inconclusive.
BUSY_FLAGS = ("busy-cpus", "load", "steal", "swapping")
UNSTEADY_CLOCK_FLAGS = ("clock-unsteady", "clock-drift", "throttled")
# The run's own trust flag (answers.trust.flags) that makes a comparison inconclusive.
NOT_REPRODUCIBLE = "not-reproducible"


def _positive(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0


def round_figures(record):
    """The median ns per operation of each round of ``record`` (one item without rounds)."""
    rounds = [v for v in ((record.get("rounds") or {}).get("median_ns") or []) if _positive(v)]
    if rounds:
        return rounds
    median = (record.get("stats") or {}).get("median_ns")
    return [median] if _positive(median) else []


def clock_gap(record):
    """The relative gap between the clock checks before and after the record's implementation
    ran (each check's own repeat spread, and the record's ``clock.spread`` over all its checks),
    or 0 when the clock was not measured."""
    clock = record.get("clock") or {}
    before, after = clock.get("before") or {}, clock.get("after") or {}
    gaps = [r.get("spread") for r in (clock, before, after) if _positive(r.get("spread"))]
    a, b = before.get("mhz"), after.get("mhz")
    if _positive(a) and _positive(b):
        gaps.append(abs(a - b) / ((a + b) / 2.0))
    return max(gaps, default=0.0)


def own_spread(record):
    """The larger of the record's spread between rounds and between its clock checks."""
    spread = (record.get("rounds") or {}).get("spread")
    return max(spread if _positive(spread) else 0.0, clock_gap(record))


def _round_spreads(doc):
    """The spread between rounds of each record of ``doc`` that has one."""
    return [r["rounds"]["spread"] for r in doc.get("results") or []
            if isinstance(r, dict) and isinstance(r.get("rounds"), dict)
            and _positive(r["rounds"].get("spread"))]


def run_spread(doc):
    """The median spread between rounds over the records of ``doc`` that have rounds, or 0."""
    spreads = _round_spreads(doc)
    return statistics.median(spreads) if spreads else 0.0


def noise_ceiling(doc):
    """The largest spread between rounds over the records of ``doc``, or 0."""
    return max(_round_spreads(doc), default=0.0)


def distrust(doc):
    """The ids of the health warnings in ``doc`` that say busy or clock unsteady, in order, and
    ``not-reproducible`` when the run's trust answer says so."""
    flags = ((doc.get("context") or {}).get("health")) or []
    ids = [f.get("id") for f in flags if isinstance(f, dict) and f.get("severity") == "warning"
           and f.get("id") in BUSY_FLAGS + UNSTEADY_CLOCK_FLAGS]
    trust = (doc.get("answers") or {}).get("trust") if isinstance(doc.get("answers"), dict) else None
    trust_flags = trust.get("flags") if isinstance(trust, dict) else None
    if isinstance(trust_flags, list) and NOT_REPRODUCIBLE in trust_flags:
        ids.append(NOT_REPRODUCIBLE)
    return ids
