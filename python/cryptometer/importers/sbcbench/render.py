"""The lines ``cryptometer import sbc-bench`` prints for one log: the clusters, their clock, AES
score per MHz and verdict in words, the health flags and warnings; fitted to 100 columns
(cryptometer.textfit)."""

from pathlib import Path

from ... import textfit
from .log import format_cpus

HEADER = ("cl", "cpus", "core", "MHz", "256-cbc 16K", "k/s/MHz", "verdict")
FIGURES = (3, 4, 5)   # the columns right-aligned


def summary(doc, log_path, target):
    """A few lines per document: header, one line per cluster and its verdict sentence, warnings."""
    src = doc["source"]
    libs = doc["context"]["libraries"]
    head = "%s: sbc-bench %s, %s" % (Path(str(log_path)).name, src.get("tool_version", "?"),
                                     src.get("device") or doc["context"]["host"].get("hostname") or "?")
    if libs and libs[0].get("version"):
        head += ", OpenSSL %s" % libs[0]["version"]
    lines = [head]
    clusters = {c["id"]: c for c in doc["context"]["cpu"]["clusters"]}
    table = [HEADER]
    for a in doc["analysis"]["aes_score"]:
        c = clusters.get(a["cluster"], {})
        table.append((str(a["cluster"]), format_cpus(c.get("cpus") or []), a["core_name"] or "?",
                      "-" if a["mhz"] is None else str(a["mhz"]),
                      "-" if a["kbs_16k"] is None else "%.0f" % a["kbs_16k"],
                      "-" if a["score_per_mhz"] is None else "%.1f" % a["score_per_mhz"],
                      a["verdict"] + (" (circular)" if a.get("circular") else "")))
    rows = ["  " + line for line in textfit.aligned(table, right=FIGURES)]
    lines.append(rows[0])
    for a, row in zip(doc["analysis"]["aes_score"], rows[1:]):
        lines.append(row)
        lines.append("        %s" % a["message"])
        if (a.get("twins") or {}).get("flagged"):
            lines.append("        twin-disagrees: %s" % a["twins"]["message"])
    for h in doc["context"]["health"]:
        if h["severity"] != "info":
            lines.append("  health: %s" % h["message"])
    for w in doc["warnings"]:
        lines.append("  warning: %s" % w)
    if target is not None:
        lines.append("  wrote %s" % target)
    return textfit.fit("\n".join(lines))

