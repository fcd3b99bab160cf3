"""Loading result documents: JSON Schema validation by version, and the upgrade of v1 to v2.

Each file is checked against the schema of its own ``schema_version``
(1: docs/result-v1.schema.json, 2: docs/result.schema.json).  A version-1
document is upgraded in memory to version 2: every record gets ``variant``
"default", ``unit`` "byte", ``params`` {}, ``us_per_op`` (median / 1000) and
the name ``backend:default/algorithm/operation``.  Any other version is
refused with the reason.  A file that cannot be read, is not JSON or does not
match its schema raises LoadError, whose message names the file and the
field; so does a number that is not finite (NaN, Infinity, 1e400: JSON has
none, Python's json module would read them) or a nesting too deep to read;
``load_paths`` collects those errors and goes on with the other files.

Validation is jsonschema's, against the schema file: it decides and names
the field at fault. A document it would accept is recognised first by the
same schema compiled by fastjsonschema (about 20 times faster: what lets
``store add`` take a thousand files in well under a minute); only a document
that the compiled schema refuses goes through jsonschema, whose verdict
stands either way. tests/python/test_loader.py checks that the two agree.

A loaded document is a ``Run``: the document, where it came from, and its id
(the first 16 hex digits of the SHA-256 of the upgraded document in canonical
JSON), which the store uses to recognise a run added twice.
"""

import hashlib
import json
import math
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Optional

from . import doc_kinds, guard, inputs

# jsonschema names a missing property only in its message: "'variant' is a required property".
RE_REQUIRED = re.compile(r"^'([^']*)' is a required property")
SCHEMAS = {1: "result-v1.schema.json", 2: "result.schema.json"}
SCHEMA_NAME = "cryptometer-result"
CURRENT_VERSION = 2


class LoadError(Exception):
    """A result file was refused; ``str()`` is one line: FILE: FIELD: reason."""

    def __init__(self, path, field, reason):
        field, reason = _one_line(field), _one_line(reason)
        super().__init__("%s: %s: %s" % (path, field, reason))
        self.path, self.field, self.reason = str(path), field, reason


def _one_line(text):
    """``text`` with every character that is not printable (a newline or control character in a
    key, a lone surrogate) written as its Python escape, so that an error stays one line."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(text))


@dataclass
class Run:
    """One result document (upgraded to the current version) and where it came from."""

    id: str
    doc: dict
    origin: str                 # the file it was read from, or "db:<path>"
    path: Optional[str] = None  # the file, when it came from one

    @property
    def label(self):
        """A short name for tables and legends: imported device, host or source file, and the id's start."""
        host = self.doc.get("context", {}).get("host", {}).get("hostname")
        source = self.doc.get("source") or {}
        return "%s [%s]" % (source.get("device") or host or source.get("file") or "?", self.id[:8])


def docs_dir():
    return Path(__file__).resolve().parent.parent.parent / "docs"


@lru_cache(maxsize=None)
def schema_of(version):
    """The JSON Schema of one version, from docs/ (cached)."""
    with open(docs_dir() / SCHEMAS[version], "r", encoding="utf-8") as handle:
        return json.load(handle)


@lru_cache(maxsize=None)
def validator(version):
    """The jsonschema validator of one schema version (cached)."""
    import jsonschema
    schema = schema_of(version)
    cls = jsonschema.validators.validator_for(schema)
    return cls(schema)


@lru_cache(maxsize=None)
def compiled_validator(version):
    """The same schema compiled by fastjsonschema (cached): a function that
    returns on a valid document and raises on any other. fastjsonschema
    knows drafts up to 7; the keywords our schemas use mean the same there."""
    import fastjsonschema
    schema = dict(schema_of(version), **{"$schema": "http://json-schema.org/draft-07/schema#"})
    return fastjsonschema.compile(schema)


def require_validators():
    """Import both validators now: a package this Python lacks is the one line of guard.call
    before a command writes anything (store add would otherwise create its database first)."""
    import fastjsonschema  # noqa: F401
    import jsonschema  # noqa: F401


def schema_accepts(doc, version):
    """True when the compiled schema accepts doc (a fast yes; no is checked by jsonschema)."""
    import fastjsonschema
    try:
        compiled_validator(version)(doc)
        return True
    except fastjsonschema.JsonSchemaException:
        return False


def field_path(error):
    """The field a jsonschema error is about, as ``results/3/variant``, or ``(document)``."""
    parts = [str(p) for p in error.absolute_path]
    missing = RE_REQUIRED.match(error.message) if error.validator == "required" else None
    if missing:
        parts.append(missing.group(1))
    return "/".join(parts) or "(document)"


def violations(doc):
    """Every schema violation of ``doc`` (strings ``field: message``), against the schema of its version."""
    err = validator(doc.get("schema_version", CURRENT_VERSION)).iter_errors(doc)
    return ["%s: %s" % (field_path(e), e.message)
            for e in sorted(err, key=lambda e: list(map(str, e.absolute_path)))]


def validate(doc, path="(document)"):
    """Check ``doc`` against the schema of its version; raise LoadError naming the first bad field."""
    import jsonschema
    if not isinstance(doc, dict):
        raise LoadError(path, "(document)", "not a JSON object")
    version = doc.get("schema_version")
    if doc.get("schema") != SCHEMA_NAME:
        raise LoadError(path, "schema", "not a cryptometer result document (schema is %r)"
                        % (doc.get("schema"),))
    if not isinstance(version, int) or isinstance(version, bool) or version not in SCHEMAS:
        raise LoadError(path, "schema_version", "version %r is not supported (this cryptometer reads "
                        "versions %s)" % (version, ", ".join(map(str, sorted(SCHEMAS)))))
    if schema_accepts(doc, version):
        return
    error = jsonschema.exceptions.best_match(validator(version).iter_errors(doc))
    if error is not None:
        raise LoadError(path, field_path(error), error.message[:300])


def upgrade(doc):
    """Return ``doc`` as a current-version document (a v1 document is converted; v2 is returned as is)."""
    if doc["schema_version"] == CURRENT_VERSION:
        return doc
    out = dict(doc, schema_version=CURRENT_VERSION)
    out["results"] = [upgrade_record_v1(r) for r in doc["results"]]
    return out


def upgrade_record_v1(record):
    """A version-1 record as version 2: variant default, unit byte, params {}, us_per_op, new name."""
    r = dict(record)
    r["variant"] = "default"
    r["unit"] = "byte"
    r["params"] = {}
    r["name"] = "%s:default/%s/%s" % (r["backend"], r["algorithm"], r["operation"])
    median = (r.get("stats") or {}).get("median_ns")
    if median is not None:
        r["us_per_op"] = median / 1000.0
    elif r.get("throughput_mb_s") and r.get("size"):
        r["us_per_op"] = r["size"] / r["throughput_mb_s"]
    else:
        r["us_per_op"] = None
    return r


def run_id(doc):
    """The id of a (current-version) document: 16 hex digits of the SHA-256 of its canonical JSON."""
    canonical = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


def _not_finite(text):
    raise ValueError("%s is not a finite number" % text)


def _finite_float(text):
    value = float(text)
    if not math.isfinite(value):
        _not_finite(text[:40])
    return value


INT64 = (-2 ** 63, 2 ** 63 - 1)


def number_in_bounds(value, integer=False):
    """True when ``value`` is a number the schema allows: finite, an int within 64 bits where
    ``integer``; the bounds of docs/result.schema.json (its ``$comment``)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    if isinstance(value, int):
        return INT64[0] <= value <= INT64[1]
    return not integer and math.isfinite(value)


def parse_json(text):
    """JSON text as Python values, refusing NaN, Infinity and numbers beyond a double
    (json.loads alone reads NaN and turns 1e400 into infinity); raise ValueError or RecursionError."""
    return json.loads(text, parse_constant=_not_finite, parse_float=_finite_float)


def check_document(doc, path):
    """validate(), turning a document too deeply nested for the validator into a LoadError."""
    try:
        validate(doc, path)
    except RecursionError as exc:
        raise LoadError(path, "(document)", "nested too deeply") from exc


def parse_document(raw, path, kinds=(doc_kinds.RESULT,)):
    """Validate and upgrade the bytes of a result file into a Run; raise LoadError.  ``kinds``: the
    kinds of document taken (cryptometer.doc_kinds: a sweep document is read as its points)."""
    try:
        doc = parse_json(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise LoadError(path, "(document)", "not UTF-8 text (byte %d)" % exc.start) from exc
    except ValueError as exc:
        raise LoadError(path, "(document)", "not valid JSON: %s" % exc) from exc
    except RecursionError as exc:
        raise LoadError(path, "(document)", "not valid JSON: nested too deeply") from exc
    name = doc_kinds.kind(doc)
    if name == doc_kinds.SWEEP and name in kinds:
        doc = doc_kinds.sweep_document(doc)
    elif name in doc_kinds.KIND_READERS or name == doc_kinds.SWEEP:
        raise LoadError(path, "(document)", doc_kinds.refusal(name, kinds))
    else:
        check_document(doc, path)
        doc = upgrade(doc)
    try:
        ident = run_id(doc)
    except UnicodeEncodeError as exc:   # "\ud800" in the JSON: a lone surrogate, no character
        raise LoadError(path, surrogate_field(doc) or "(document)",
                        "a string holds a lone surrogate (not Unicode text)") from exc
    return Run(id=ident, doc=doc, origin=inputs.shown(path), path=os.fsdecode(path))


def surrogate_field(value, where=""):
    """The path of the first string (or key) of ``value`` that holds a lone surrogate, or None."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return where or "(document)"
        return None
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        inner = "%s/%s" % (where, key) if where else str(key)
        found = surrogate_field(key, inner) if isinstance(key, str) else None
        found = found or surrogate_field(item, inner)
        if found:
            return found.encode("utf-8", "replace").decode("utf-8")
    return None


def load_file(path, kinds=(doc_kinds.RESULT,)):
    """Read, validate and upgrade one result file (of ``kinds``: parse_document) into a Run; raise LoadError."""
    try:
        raw = inputs.read_input(path, "result")
    except inputs.InputError as exc:
        raise LoadError(inputs.shown(path), "(file)", exc.reason) from exc
    return parse_document(raw, path, kinds)


def expand(paths):
    """Files named and the *.json files under directories named (sorted), in the order given."""
    files = []
    for p in paths:
        p = Path(p)
        files.extend(sorted(p.rglob("*.json")) if p.is_dir() else [p])
    return files


def load_paths(paths, kinds=(doc_kinds.RESULT,)):
    """Load every result file (of ``kinds``) of ``paths`` (files or directories); return (runs, errors)."""
    runs, errors = [], []
    for path in expand(paths):
        with guard.about(file=inputs.shown(path)):   # named if something unexpected happens
            try:
                runs.append(load_file(path, kinds))
            except LoadError as exc:
                errors.append(exc)
    return runs, errors
