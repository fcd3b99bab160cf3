"""What compare's test reads of a run besides its samples: rounds, own spread, trust.

- ``round_figures``: the independent figures of one benchmark in one run: each
  round's median (``rounds.median_ns``, written by ``run --repeat N``), or the
  record's median when the run had one round;
- ``own_spread``: how far the run's own figures moved: its rounds' spread
  (``rounds.spread``: (max - min) / median of the medians) or the gap between
  the clock checks before and after the implementation ran, whichever is larger;
- ``distrust``: the health flags (warnings) that say the machine was busy or its
  clock unsteady while the run measured: a change then cannot be told from the
  machine's own noise (docs/methodology.md, "Comparing runs").
"""

# Health flag ids (context.health, severity "warning") that make a comparison inconclusive.
BUSY_FLAGS = ("busy-cpus", "load", "steal", "swapping")
UNSTEADY_CLOCK_FLAGS = ("clock-unsteady", "clock-drift", "throttled")


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


def distrust(doc):
    """The ids of the health warnings in ``doc`` that say busy or clock unsteady, in order."""
    flags = ((doc.get("context") or {}).get("health")) or []
    return [f.get("id") for f in flags if isinstance(f, dict) and f.get("severity") == "warning"
            and f.get("id") in BUSY_FLAGS + UNSTEADY_CLOCK_FLAGS]
