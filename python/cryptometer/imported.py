"""The parts every importer shares: one record of another tool's figure, and the document around it.

The importers (sbc-bench logs, ``openssl speed``, ``cryptsetup benchmark``)
turn a figure that another tool printed into a schema-v2 record: no samples
and no statistics of ours, but ``source_figure`` (the value as printed, its
unit and the tool), ``repeats`` when the tool ran it more than once, and the
derived figures: for a per-byte figure (``unit`` "byte") MB/s, ns per byte,
operations per second and µs per message; for a per-operation figure
(``unit`` "op": signatures, key exchange) operations per second and µs per
operation, with the byte figures null.
"""

from . import __version__

SCHEMA_NAME = "cryptometer-result"
SCHEMA_VERSION = 2


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


def document(source, context, results, warnings, complete=True, analysis=None):
    """The document around imported records (schema version 2)."""
    doc = {
        "schema": SCHEMA_NAME,
        "schema_version": SCHEMA_VERSION,
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
