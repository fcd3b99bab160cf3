"""One cell of a like-for-like view (generations, choice): a record's figure with its spread, or,
for a record that is not ``ok``, its status and reason; a benchmark with no record at all is
``not-measured``.  Shared by cryptometer.generations and cryptometer.choices, and by their text,
JSON and HTML renderings (view_render, report).
"""

from dataclasses import dataclass
from typing import Optional

from .figures import MEASURED_STATUSES, figure, measured, ops_per_s, spread

NOT_MEASURED = "not-measured"


@dataclass
class Cell:
    status: str                       # the record's status, or NOT_MEASURED
    reason: Optional[str] = None      # why, for every status but ok
    value: Optional[float] = None     # the figure, in ``unit``
    unit: str = ""
    spread: Optional[float] = None    # relative half-width of the 95% CI of the median
    n: Optional[int] = None           # samples
    median_ns: Optional[float] = None

    @property
    def ok(self):
        return self.status in MEASURED_STATUSES and self.value is not None

    def figure_text(self):
        """``123.4 MB/s ±1.2%`` (spread ``no CI`` when the record has none); only for an ok cell."""
        return "%s %s %s" % (number(self.value), self.unit,
                             "no CI" if self.spread is None else "±%.1f%%" % (100 * self.spread))

    def as_json(self):
        return {"status": self.status, "reason": self.reason, "value": self.value, "unit": self.unit,
                "ci95_rel": self.spread, "n": self.n, "median_ns": self.median_ns}


def number(x):
    """A figure for a table: whole above 100, three significant digits below."""
    return "%.0f" % x if abs(x) >= 100 else "%.3g" % x


def from_record(record, per_second=False):
    """The cell of ``record``: its headline figure (MB/s or µs/op), or ops/s with ``per_second``."""
    stats = record.get("stats") or {}
    if per_second:
        value, unit = ops_per_s(record), "ops/s"
    else:
        value, unit = figure(record)
    status = record["status"]
    reason = record.get("reason")
    if status == "ok" and value is None:
        status, reason = "no-figure", "the record is ok but carries no figure"
    has = status != "no-figure" and measured(record)  # a measured known finding keeps its reason
    return Cell(status=status, reason=reason if status != "ok" else None, value=value if has else None,
                unit=unit, spread=spread(record) if has else None, n=stats.get("n"),
                median_ns=stats.get("median_ns"))


def not_measured(reason):
    return Cell(status=NOT_MEASURED, reason=reason)
