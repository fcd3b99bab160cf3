"""Property tests (hypothesis) of the parsers of what other people wrote: the sbc-bench
importer, the openssl speed importer and result loading. Random text and bytes, and
fixtures mutated line by line, must give either a result or the documented error, never
another exception:

- sbc-bench: ``sbcbench.parse_bytes`` never raises and no step of it fails inside
  (``internal parser error`` warnings); the importer's build function returns a document
  that matches the schema, or raises ``common.NotRecognised``.
- openssl speed: ``opensslspeed.parse_text`` never raises; the importer returns a document
  that matches the schema, or raises ``NotRecognised``.
- result files: ``loader.parse_document`` returns a Run or raises ``loader.LoadError``.

Each test is bounded (max_examples, no deadline) to stay well under 20 s.
"""

import json
import random

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

from cryptometer import importers, loader  # noqa: E402
from cryptometer.importers import common, opensslspeed, sbcbench  # noqa: E402
from cryptometer.aes_score import AesScoreTable  # noqa: E402
from analysis_helpers import ROOT  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures"
SBC_LOGS = sorted(p for p in (FIXTURES / "sbc-bench").glob("*.txt"))
SPEED_OUTPUTS = sorted((FIXTURES / "openssl-speed").glob("*.txt"))

SETTINGS = settings(max_examples=300, deadline=None, derandomize=False,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _lines(paths):
    out = []
    for p in paths:
        out.extend(p.read_bytes().split(b"\n"))
    return sorted(set(out))


SBC_LINES = _lines(SBC_LOGS)
SPEED_LINES = _lines(SPEED_OUTPUTS)

# numbers where a parser expects sane ones
ODD_NUMBERS = [b"0", b"-1", b"1e308", b"nan", b"inf", b"99999999999999999999999999999999999999",
               b"0x10", b"1.5.3", b"", b"\xff\xfe", b"1e-320", b"-0"]


def _mutate_line(line, rnd):
    choice = rnd.randrange(5)
    if choice == 0:  # a number in the line replaced by an odd one
        words = line.split(b" ")
        idx = [i for i, w in enumerate(words) if any(c in b"0123456789" for c in w)]
        if idx:
            words[rnd.choice(idx)] = rnd.choice(ODD_NUMBERS)
        return b" ".join(words)
    if choice == 1:  # cut
        return line[:rnd.randrange(len(line) + 1)]
    if choice == 2:  # bytes inserted
        at = rnd.randrange(len(line) + 1)
        return line[:at] + bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 8))) + line[at:]
    if choice == 3:  # duplicated
        return line + b"\n" + line
    return line


@st.composite
def mutated_file(draw, paths, pool):
    """A fixture with some of its lines dropped, repeated, mutated or taken from other fixtures."""
    lines = draw(st.sampled_from(paths)).read_bytes().split(b"\n")
    rnd = random.Random(draw(st.integers(0, 2 ** 32 - 1)))
    for _ in range(draw(st.integers(0, 12))):
        if not lines:
            break
        i = rnd.randrange(len(lines))
        op = rnd.randrange(4)
        if op == 0:
            del lines[i]
        elif op == 1:
            lines.insert(i, rnd.choice(pool))
        elif op == 2:
            lines[i] = _mutate_line(lines[i], rnd)
        else:  # a block repeated
            j = min(len(lines), i + rnd.randrange(1, 40))
            lines[i:i] = lines[i:j]
    return b"\n".join(lines)


def lines_from(pool):
    """Random arrangements of real lines, mutated lines and random text."""
    line = st.one_of(st.sampled_from(pool), st.binary(max_size=80),
                     st.text(max_size=80).map(lambda t: t.encode("utf-8", "surrogatepass")))
    return st.lists(line, max_size=60).map(b"\n".join)


def inputs(paths, pool):
    return st.one_of(st.binary(max_size=2000), mutated_file(paths, pool), lines_from(pool))


@pytest.fixture(scope="module")
def table():
    return AesScoreTable.load()


def _check_document(doc):
    problems = loader.violations(doc)
    assert not problems, problems[:3]
    json.dumps(doc)  # serialisable (no NaN surprises caught by dumps either: allow_nan default)


@SETTINGS
@given(raw=inputs(SBC_LOGS, SBC_LINES))
def test_sbcbench_parser_never_fails_inside(raw):
    log = sbcbench.parse_bytes(raw)
    internal = [w for w in log.warnings if "internal parser error" in w]
    assert not internal, internal


@SETTINGS
@given(raw=inputs(SBC_LOGS, SBC_LINES))
def test_sbcbench_import_gives_a_document_or_not_recognised(raw, table):
    build = importers.FORMATS["sbc-bench"].build
    try:
        doc = build(raw, "fuzz.txt", table)
    except common.NotRecognised:
        return
    _check_document(doc)


@SETTINGS
@given(raw=inputs(SPEED_OUTPUTS, SPEED_LINES))
def test_openssl_speed_import_gives_a_document_or_not_recognised(raw, table):
    text, _ = common.decode(raw)
    opensslspeed.parse_text(text)  # never raises
    build = importers.FORMATS["openssl-speed"].build
    try:
        doc = build(raw, "fuzz.txt", table)
    except common.NotRecognised:
        return
    _check_document(doc)


@pytest.mark.parametrize("line", ["+F:", "+F:1", "type 16 bytes\n+F:"])
def test_openssl_speed_short_mr_line_is_a_warning(line):
    out = opensslspeed.parse_text(line)
    assert out.warnings


def _result_documents():
    """Result documents to mutate: the imports of a few openssl speed fixtures (no binary needed)."""
    build = importers.FORMATS["openssl-speed"].build
    return [build(p.read_bytes(), p.name, None) for p in SPEED_OUTPUTS[:4]]


RESULT_DOCS = _result_documents()

json_leaf = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False),
                      st.text(max_size=20))
json_value = st.recursive(json_leaf, lambda kids: st.one_of(
    st.lists(kids, max_size=4), st.dictionaries(st.text(max_size=10), kids, max_size=4)), max_leaves=20)


@st.composite
def mutated_result(draw):
    """A real result document with one field replaced, removed or added, as JSON bytes."""
    if not RESULT_DOCS:
        return draw(st.binary(max_size=200))
    doc = json.loads(json.dumps(draw(st.sampled_from(RESULT_DOCS))))
    for _ in range(draw(st.integers(1, 3))):
        node, path = doc, []
        for _depth in range(draw(st.integers(0, 4))):
            if isinstance(node, dict) and node:
                key = draw(st.sampled_from(sorted(node)))
            elif isinstance(node, list) and node:
                key = draw(st.integers(0, len(node) - 1))
            else:
                break
            path.append((node, key))
            node = node[key]
        if not path:
            continue
        parent, key = path[-1]
        action = draw(st.integers(0, 2))
        if action == 0:
            parent[key] = draw(json_value)
        elif action == 1 and isinstance(parent, dict):
            del parent[key]
        elif isinstance(parent, dict):
            parent[draw(st.text(max_size=8))] = draw(json_value)
    raw = json.dumps(doc).encode()
    if draw(st.booleans()):
        cut = draw(st.integers(0, len(raw)))
        raw = raw[:cut] + draw(st.binary(max_size=4)) + raw[cut:]
    return raw


@SETTINGS
@given(raw=st.one_of(st.binary(max_size=500), json_value.map(lambda v: json.dumps(v).encode()),
                     mutated_result()))
def test_result_loading_gives_a_run_or_load_error(raw):
    try:
        run = loader.parse_document(raw, "fuzz.json")
    except loader.LoadError as exc:
        assert str(exc).startswith("fuzz.json: ")
        return
    assert run.id and isinstance(run.doc, dict)


@pytest.mark.parametrize("version", [[], {}, [1]])
def test_result_with_unhashable_schema_version_is_a_load_error(version):
    doc = _result_documents()[0]
    doc["schema_version"] = version
    with pytest.raises(loader.LoadError):
        loader.parse_document(json.dumps(doc).encode(), "fuzz.json")


def test_openssl_speed_size_zero_is_a_warning_not_a_record(table):
    """Found by the hypothesis test above: ``type 0 bytes`` made a record of size 0."""
    raw = b"type\t0 bytes\n\x00\t0"
    out = opensslspeed.parse_text(common.decode(raw)[0])
    assert all(0 not in row.values for row in out.symmetric)
    assert any("not a message size" in w for w in out.warnings)
    build = importers.FORMATS["openssl-speed"].build
    try:
        doc = build(raw, "fuzz.txt", table)
    except common.NotRecognised:
        return
    _check_document(doc)
