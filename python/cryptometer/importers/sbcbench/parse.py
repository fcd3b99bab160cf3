"""Parsing an sbc-bench log: decode its bytes, then read each section in turn (see the
package's documentation for the shapes accepted).  ``parse_text`` never raises."""

from ..common import decode
from . import clusters, sections
from .log import SbcBenchLog


def parse_bytes(raw: bytes) -> "SbcBenchLog":
    """Parse a log given as bytes (see parse_text)."""
    text, warnings = decode(raw)
    log = parse_text(text)
    log.warnings[:0] = warnings
    return log


def parse_text(text: str) -> "SbcBenchLog":
    """Parse the text of an sbc-bench log; never raises, problems go to ``warnings``."""
    log = SbcBenchLog()
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    steps = (
        ("the header line", sections.parse_header),
        ("the system facts", sections.parse_system),
        ("the cpufreq OPP checks", sections.parse_opp_blocks),
        ("the CPU topology table", sections.parse_topology),
        ("the governor settings", sections.parse_governors),
        ("the lscpu output", sections.parse_lscpu),
        ("the results validation", sections.parse_validation),
        ("the clusters", clusters.build_clusters),
        ("the OpenSSL results", clusters.parse_openssl),
    )
    for what, step in steps:
        try:
            step(lines, log)
        except Exception as exc:  # a log must never crash the import
            log.warnings.append("could not read %s: internal parser error %s: %s"
                                % (what, type(exc).__name__, exc))
    return log
