"""One table for a choice: the algorithms that do one job (key exchange, signature), classical and
post-quantum, side by side, with ops/s per operation and bytes on the wire.

The choices are a data table (data/choices.json): the algorithms in order, the
operations as columns, the wire columns.  A row is one (algorithm,
implementation ``backend:variant``, threads, cluster) of the run; a cell is the
record's ops/s with its spread (cryptometer.cells), or its status and reason;
``n/a`` where the algorithm has no such operation in any implementation of the
run (X25519 has no encapsulate), ``not-measured`` where other implementations
of the algorithm have it and this one has no record.  A wire size is the
record's own (``params``, e.g. ``public_key_bytes``), else the table's published
size with its source, else unknown ("?") with a note saying where it was looked for.
"""

from dataclasses import dataclass, field
from typing import Dict, List, Optional

from . import data
from .cells import Cell, from_record, not_measured
from .figures import implementation

TABLE = "choices.json"
NOT_APPLICABLE = "n/a"


@dataclass
class Wire:
    value: Optional[int]   # bytes, or None when unknown
    source: str            # "record params (KEY)", the table's source, or why it is unknown

    def as_json(self):
        return {"bytes": self.value, "source": self.source}


@dataclass
class Row:
    algorithm: str
    implementation: str
    threads: int
    cluster: object
    cells: Dict[str, Optional[Cell]] = field(default_factory=dict)   # None: n/a
    wire: Dict[str, Wire] = field(default_factory=dict)

    @property
    def label(self):
        text = self.implementation if self.threads == 1 else "%s ×%d" % (self.implementation, self.threads)
        return text if self.cluster is None else "%s cluster %s" % (text, self.cluster)

    def as_json(self):
        return {"algorithm": self.algorithm, "implementation": self.implementation, "threads": self.threads,
                "cluster": self.cluster,
                "operations": {op: ({"status": NOT_APPLICABLE} if c is None else c.as_json())
                               for op, c in self.cells.items()},
                "wire": {param: w.as_json() for param, w in self.wire.items()}}


@dataclass
class View:
    choice: str
    title: str
    operations: List[str]          # the columns shown: the table's operations present in the run
    wire_columns: List[dict]       # {column, param, what}
    rows: List[Row]
    absent: List[str]              # the choice's algorithms with no record in the run

    def as_json(self):
        return {"choice": self.choice, "title": self.title, "operations": self.operations,
                "unit": "ops/s", "wire": self.wire_columns, "rows": [r.as_json() for r in self.rows],
                "not_in_run": self.absent}


def load_table():
    return data.load_json(TABLE)


def _as_bytes(value):
    """A params value as whole bytes (params may carry numbers or their text), or None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    return None


def wire_size(records, algorithm, param, table, choice):
    """The Wire of one column for one row's records (see the module comment)."""
    keys = [param]
    if param != "public_key_bytes" and algorithm in choice.get("reply_is_public_key", []):
        keys.append("public_key_bytes")
    for key in keys:
        for r in records:
            value = _as_bytes((r.get("params") or {}).get(key))
            if value is not None:
                return Wire(value, "record params (%s)" % key)
    published = table.get("wire_sizes", {}).get(algorithm, {})
    for key in keys:
        if published.get(key) is not None:
            return Wire(published[key], "data/%s: %s" % (TABLE, published["source"]))
    return Wire(None, "unknown: not in the records' params (%s) nor in data/%s" % (" or ".join(keys), TABLE))


def build(run, choice_name, table):
    """The View of one choice for one run, or None when the run has no record of its algorithms."""
    choice = table["choices"][choice_name]
    wanted = choice["algorithms"]
    records = [r for r in run.doc["results"] if r["algorithm"] in wanted]
    if not records:
        return None
    groups = {}
    for r in records:
        key = (r["algorithm"], implementation(r), r.get("threads", 1), r.get("cluster"))
        groups.setdefault(key, []).append(r)
    ops_of = {}
    for r in records:
        ops_of.setdefault(r["algorithm"], set()).add(r["operation"])
    operations = [op for op in choice["operations"] if any(op in ops for ops in ops_of.values())]
    rows = []
    for key in sorted(groups, key=lambda k: (wanted.index(k[0]), k[1], k[2], str(k[3]))):
        algorithm, impl, threads, cluster = key
        row = Row(algorithm, impl, threads, cluster)
        by_op = {r["operation"]: r for r in groups[key]}
        for op in operations:
            if op in by_op:
                row.cells[op] = from_record(by_op[op], per_second=True)
            elif op in ops_of[algorithm]:
                row.cells[op] = not_measured("this run has no %s record of %s" % (impl, op))
            else:
                row.cells[op] = None
        for column in choice["wire"]:
            row.wire[column["param"]] = wire_size(groups[key], algorithm, column["param"], table, choice)
        rows.append(row)
    absent = [a for a in wanted if a not in ops_of]
    return View(choice_name, choice["title"], operations, choice["wire"], rows, absent)
