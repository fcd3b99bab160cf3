"""Property-based fuzzing over the result schema (issue 29): the strategies and the in-process runner.

Documents are built from docs/result.schema.json: hypothesis-jsonschema
draws schema-valid records from the schema's ``record`` definition (a pool,
drawn once and cached under ~/.cache/cryptometer, keyed by the schema's
hash: drawing from this schema costs ~0.1 s a record), which go into a real
document (an imported sbc-bench run) in place of its records.  Hypothesis
then plants adversarial values at random places: NaN, infinities, integers
beyond 64 bits, lone surrogates, deep nesting, long strings, markup,
formulas, mathtext, negative and zero figures.  Each command runs in this
process through ``cryptometer.__main__.main`` (a subprocess each would cost
~1 s of imports a document).

The property (``check``): exit 0, 2 or 3 (compare may say 1 for a
regression between two different documents), no traceback, every line on
standard error a ``cryptometer COMMAND:`` message, and never the catch-all
of cryptometer.guard (an exception no code path expected).
"""

import contextlib
import hashlib
import io
import json
import math
import os
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from analysis_helpers import SCHEMA

CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "cryptometer"
POOL_SIZE = 60

ADVERSARIAL = [
    math.nan, math.inf, -math.inf, 2 ** 64, -(2 ** 70), 10 ** 400, 1e308, -1e308, 0, -1, 0.0, -0.0, 5e-324,
    "\ud800", "\udfff", "x\x00y", "A" * 100_000, "<script>alert(1)</script>", "</table><img src=x onerror=alert(1)>",
    "=HYPERLINK(\"http://evil.example/\",\"x\")", "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)", "\tx", "\rx",
    "$\\frac{1}{0}$", "$$", "$\\undefinedcommand$", "", None, True, [], {}, "é" * 1000, "\u202e\u2066",
]


def deep(depth):
    value = 1
    for _ in range(depth):
        value = [value]
    return value


def schema():
    with open(SCHEMA, encoding="utf-8") as handle:
        return json.load(handle)


def record_pool():
    """POOL_SIZE schema-valid records drawn by hypothesis-jsonschema (cached per schema hash)."""
    text = SCHEMA.read_bytes()
    cached = CACHE / ("fuzz-records-%s.json" % hashlib.sha256(text).hexdigest()[:16])
    if cached.is_file():
        return json.loads(cached.read_text(encoding="utf-8"))
    from hypothesis_jsonschema import from_schema
    s = schema()
    record_schema = dict(s["$defs"]["record"], **{"$defs": s["$defs"]})
    pool = []

    @settings(max_examples=POOL_SIZE, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(from_schema(record_schema))
    def draw(record):
        pool.append(record)

    draw()
    CACHE.mkdir(parents=True, exist_ok=True)
    tmp = cached.with_suffix(".tmp%d" % os.getpid())
    tmp.write_text(json.dumps(pool), encoding="utf-8")
    os.replace(tmp, cached)
    return pool


def _paths(value, prefix=()):
    """Every path (tuple of keys and indexes) into ``value``."""
    out = [prefix]
    if len(prefix) > 6:   # deeper is adversarial nesting planted earlier: not walked
        return out
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:8]):
            out += _paths(v, prefix + (i,))
    return out


def _plant(doc, path, value):
    if not path:
        return
    target = doc
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value


@st.composite
def documents(draw, base, pool):
    """A document: ``base`` with 1-4 records of the pool and 0-3 adversarial values planted."""
    doc = json.loads(json.dumps(base))
    doc["results"] = draw(st.lists(st.sampled_from(pool + base["results"]), min_size=1, max_size=4))
    doc["results"] = json.loads(json.dumps(doc["results"]))
    for _ in range(draw(st.integers(0, 3))):
        path = draw(st.sampled_from(_paths(doc)))
        value = draw(st.one_of(st.sampled_from(ADVERSARIAL), st.integers(0, 3000).map(deep),
                               st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=40)))
        _plant(doc, path, value)
    return doc


def write(doc, path, ascii_only=True):
    """The document as JSON text (NaN and Infinity written as Python does; surrogates as escapes)."""
    try:
        text = json.dumps(doc, allow_nan=True, ensure_ascii=ascii_only)
    except (RecursionError, ValueError):
        text = "[" * 100_000
    Path(path).write_bytes(text.encode("utf-8", "surrogatepass"))


def run_main(argv):
    """``cryptometer ARGV`` in this process: (exit code, stdout, stderr)."""
    from cryptometer import __main__, inputs
    inputs.READ.clear()   # identities of earlier invocations' inputs (inodes get reused)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = __main__.main([os.fsdecode(a) for a in argv])
        except SystemExit as exc:
            code = exc.code
    return code, out.getvalue(), err.getvalue()


def check(command, code, stderr, allowed=(0, 2, 3)):
    """The property of the module comment."""
    assert code in allowed, (command, code, stderr[-2000:])
    assert "Traceback" not in stderr, stderr[-4000:]
    assert "--debug shows the traceback" not in stderr, stderr[-2000:]
    for line in stderr.split("\n")[:-1]:   # a terminal line; names may hold other separators
        assert line.startswith("cryptometer"), (command, line[:300])
