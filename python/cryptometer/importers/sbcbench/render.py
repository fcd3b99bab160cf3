"""The lines ``cryptometer import sbc-bench`` prints for one log: the clusters, their clock, AES
score per MHz and verdict in words, the health flags and warnings."""

from pathlib import Path

from .log import format_cpus


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
    lines.append("  %-3s %-13s %-26s %7s %13s %9s  %s"
                 % ("cl", "cpus", "core", "MHz", "256-cbc 16K", "k/s/MHz", "verdict"))
    for a in doc["analysis"]["aes_score"]:
        c = clusters.get(a["cluster"], {})
        lines.append("  %-3s %-13s %-26s %7s %13s %9s  %s" % (
            a["cluster"], format_cpus(c.get("cpus") or []), (a["core_name"] or "?")[:26],
            "-" if a["mhz"] is None else a["mhz"],
            "-" if a["kbs_16k"] is None else "%.0f" % a["kbs_16k"],
            "-" if a["score_per_mhz"] is None else "%.1f" % a["score_per_mhz"],
            a["verdict"] + (" (circular)" if a.get("circular") else "")))
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
    return "\n".join(lines)
