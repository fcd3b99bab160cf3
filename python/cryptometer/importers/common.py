"""The parts every importer shares: one record of another tool's figure, the document around it,
the ``source`` block, the errors of an input that is not the tool's output, and the one-line summary.

The importers (sbc-bench logs, ``openssl speed``, ``cryptsetup benchmark``)
turn a figure that another tool printed into a schema-v2 record: no samples
and no statistics of ours, but ``source_figure`` (the value as printed, its
unit and the tool), ``repeats`` when the tool ran it more than once, and the
derived figures: for a per-byte figure (``unit`` "byte") MB/s, ns per byte,
operations per second and µs per message; for a per-operation figure
(``unit`` "op": signatures, key exchange) operations per second and µs per
operation, with the byte figures null.
"""

import hashlib
import os
from pathlib import Path

from .. import __version__, inputs, loader, textfit


def record(backend, variant, algorithm, klass, operation, *, size, throughput_mb_s=None,
           ops_per_s=None, source_figure, threads=1, cluster=None, cpu=None, repeats=None,
           params=None):
    """One imported record; give ``throughput_mb_s`` with a size, or ``ops_per_s`` without one."""
    if size is not None:
        unit = "byte"
        ops_per_s = throughput_mb_s * 1e6 / size if throughput_mb_s else None
        ns_per_byte = 1000.0 / throughput_mb_s if throughput_mb_s else None
    else:
        unit, ns_per_byte = "op", None
    rec = {
        "name": "%s:%s/%s/%s" % (backend, variant, algorithm, operation),
        "backend": backend,
        "variant": variant,
        "algorithm": algorithm,
        "params": dict(params or {}),
        "class": klass,
        "operation": operation,
        "unit": unit,
        "size": size,
        "threads": threads,
        "cluster": cluster,
        "cpu": cpu,
        "status": "ok",
        "throughput_mb_s": None if throughput_mb_s is None else round(throughput_mb_s, 6),
        "ns_per_byte": None if ns_per_byte is None else round(ns_per_byte, 6),
        "ops_per_s": None if ops_per_s is None else round(ops_per_s, 3),
        "us_per_op": None if not ops_per_s else round(1e6 / ops_per_s, 6),
        "source_figure": source_figure,
    }
    if repeats:
        rec["repeats"] = list(repeats)
    return rec


def unavailable(backend, variant, algorithm, klass, operation, params, reason):
    """A record of a benchmark the other tool could not run, with the reason."""
    return {"name": "%s:%s/%s/%s" % (backend, variant, algorithm, operation), "backend": backend,
            "variant": variant, "algorithm": algorithm, "params": dict(params), "class": klass,
            "operation": operation, "unit": "byte", "size": None, "threads": 1, "status": "unavailable",
            "reason": reason}


def document(source, context, results, warnings, complete=True, analysis=None):
    """The document around imported records (the current schema version)."""
    doc = {
        "schema": loader.SCHEMA_NAME,
        "schema_version": loader.CURRENT_VERSION,
        "tool": {"name": "cryptometer", "version": __version__},
        "complete": bool(complete),
        "source": source,
        "context": context,
        "results": results,
        "warnings": list(warnings),
    }
    if analysis is not None:
        doc["analysis"] = analysis
    return doc


class NotRecognised(Exception):
    """The input holds nothing this format's parser recognises; the message says what was missing."""


class TooLarge(NotRecognised):
    """The input is beyond a documented limit (sbcbench.MAX_OPP_BLOCKS); the message says which."""


def source_info(path, raw):
    """The ``source`` block for a file: tool, basename, SHA-256 of its bytes."""
    return {"tool": "sbc-bench", "file": inputs.shown(os.path.basename(os.fsencode(path))),
            "sha256": hashlib.sha256(raw).hexdigest()}


def decode(raw: bytes):
    """Decode a log's bytes; return (text, warnings). Never raises."""
    warnings = []
    if b"\x00" in raw:
        warnings.append("the file contains NUL bytes (read as U+FFFD): it looks binary, not like a text log")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        text = raw.decode("utf-8", errors="replace")
        warnings.append("the file is not valid UTF-8 (first bad byte at offset %d); undecodable bytes "
                        "were replaced" % exc.start)
    # A NUL cannot travel in the documents the C side reads (jansson refuses \u0000): it becomes
    # the replacement character, as an undecodable byte does.
    return text.replace("\x00", "\ufffd"), warnings


def text_importer(parser, builder, what):
    """The build function of a text format: decode, parse, refuse when nothing was found, build.

    ``parser.parse_text`` reads the text; ``builder(parsed, source)`` makes the document."""
    def build(raw, path, _table):
        text, problems = decode(raw)
        parsed = parser.parse_text(text)
        if not parsed.found_anything():
            raise NotRecognised("not %s output (%s)" % (what, "; ".join(problems + parsed.warnings[:2])))
        parsed.warnings[:0] = problems
        return builder(parsed, source_info(path, raw))
    return build


def records_summary(doc, path, target):
    """One line per input for formats without clusters: records read, warnings, where it went."""
    ok = sum(1 for r in doc["results"] if r["status"] == "ok")
    lines = ["%s: %s, %d figures (%d unavailable)" % (Path(str(path)).name, doc["source"]["tool"], ok,
                                                      len(doc["results"]) - ok)]
    lines += ["  warning: %s" % w for w in doc["warnings"]]
    if target is not None:
        lines.append("  wrote %s" % target)
    return textfit.fit("\n".join(lines))
