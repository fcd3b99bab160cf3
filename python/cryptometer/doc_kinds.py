"""The kinds of document cryptometer writes, as ``plot`` and ``report`` meet them.

A result document (``run``, ``import``) is the loader's.  A sweep document
(``cryptometer-sweep``, written by ``sweep``: docs/sweep.md) becomes a Run
whose records are its points, one per (path, chunk, total), in the shape the
plots and the report read: ``size`` and ``chunk`` are the chunk, ``total``
the bytes asked for, ``cpu_time_ns_per_op.total`` the CPU time of the whole
total (so CPU time per byte is that over ``total``).  Any other kind is
refused by ``refusal``: one line naming what wrote it and the command that
reads it.  The other commands (compare, collect, store, export, view) read
result documents only.
"""

RESULT, SWEEP = "cryptometer-result", "cryptometer-sweep"
KIND_READERS = {   # the kind as the document names it: (the command that writes it, what reads it)
    "cryptometer-probe": ("probe", "cryptometer show FILE"),
    "detect": ("detect --json", "cryptometer show FILE"),
    "cryptometer-files-v1": ("files --json", "cryptometer show FILE"),
    "cryptometer-verify-v1": ("verify --json", "cryptometer show FILE"),
    "cryptometer-verify-pairs-v1": ("verify --pairs --json", "cryptometer show FILE"),
    "dmcrypt": ("dmcrypt --json", "cryptometer show FILE (its answers first)"),
    "tcrypt": ("tcrypt --json", "cryptometer show FILE"),
}


def kind(doc):
    """The kind a parsed document names (its ``schema``, its ``format``, ``detect``, its ``kind``:
    dmcrypt and tcrypt), or None."""
    if not isinstance(doc, dict):
        return None
    if "detect_version" in doc:
        return "detect"
    for key in ("schema", "format", "kind"):
        if isinstance(doc.get(key), str):
            return doc[key]
    return None


def refusal(name, readers):
    """The one-line reason a command that reads ``readers`` (kinds) refuses a document of kind ``name``."""
    writer, reader = KIND_READERS.get(name, ("sweep", "cryptometer plot sweep FILE, cryptometer "
                                                      "report FILE, or cryptometer show FILE"))
    return ("a %s document (written by cryptometer %s): this command reads %s documents; read it with %s"
            % (name, writer, " and ".join(readers), reader))


def sweep_record(point):
    """A sweep point as a record of the plots' and the report's shape (module comment)."""
    ok = point.get("status") == "ok"
    cpu = point.get("cpu_s")
    return {
        "name": "%s/%s/%s" % (point.get("path"), point.get("algorithm"), point.get("operation")),
        "backend": point.get("backend"), "variant": point.get("variant"),
        "algorithm": point.get("algorithm"), "operation": point.get("operation"),
        "class": "sweep", "unit": "byte", "size": point.get("chunk"), "chunk": point.get("chunk"),
        "total": point.get("total"), "threads": 1, "status": point.get("status") or "error",
        "reason": point.get("reason"), "served_by": point.get("served_by"),
        "throughput_mb_s": point.get("throughput_mb_s") if ok else None,
        "cpu_time_ns_per_op": {"total": cpu * 1e9} if ok and isinstance(cpu, (int, float)) else None,
    }


def sweep_document(doc):
    """The sweep document as a result-shaped document: its context, its points as ``results``."""
    points = doc.get("records") if isinstance(doc.get("records"), list) else []
    return {"schema": "cryptometer-sweep", "schema_version": doc.get("schema_version"),
            "command": doc.get("command"), "started": doc.get("started"),
            "complete": doc.get("complete") is not False,
            "context": doc.get("context") if isinstance(doc.get("context"), dict) else {},
            "results": [sweep_record(p) for p in points if isinstance(p, dict)]}
