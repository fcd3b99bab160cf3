"""The sbc-bench importer: result logs of ThomasKaiser/sbc-bench into result documents.

An sbc-bench log is the text a run of ``sbc-bench.sh`` uploads: system facts,
``Checking cpufreq OPP`` blocks with the clock the ``mhz`` tool measured at
each cpufreq operating point, tinymembench, ``openssl speed -elapsed -evp
aes-{128,192,256}-cbc`` rows, 7-zip, monitoring tables, the CPU topology table
and ``lscpu``.  Logs from different sbc-bench versions differ, and the parser
accepts all the shapes met so far:

- OPP block headers ``Checking cpufreq OPP for cpu0-cpu3 (Cortex-A53):``,
  ``... for cpu0 (Neoverse-N1):``, ``... for cpu4-cpu7:`` (no core name),
  ``Checking cpufreq OPP (Cortex-A53):`` and ``Checking cpufreq OPP:`` (one
  cluster), with rows ``Cpufreq OPP: 1512  Measured: 1412 (a/b/c)  (-6.6%)``,
  the old ``Measured: a/b/c`` form (the median of the three is used) and
  ``No cpufreq support available. Measured on cpu1: 1006 MHz (...)``.
- The check runs twice (idle, then again under load).  A new pass starts at a
  ``Testing ... again`` line or when a block repeats a CPU range of the current
  pass.  The FIRST pass defines the clusters (one per block, in order) and
  their clock: the first row of each block, the highest operating point, as
  ``claimed_mhz`` (cpufreq OPP) and ``measured_mhz``.  The second pass is kept
  as ``measured_after_mhz`` for a health flag.
- OpenSSL rows (read with
  cryptometer.importers.opensslspeed, the one parser of that output) after ``Executing benchmark on each cluster individually``:
  one row per cluster for each algorithm, in cluster order, with the core name
  in parentheses in newer versions and unlabelled in older ones (then assigned
  by position).  After ``Executing benchmark twice on cluster 0`` (one
  cluster): two unlabelled rows per algorithm, both kept as repeats.  Our
  figure for a cluster is the HIGHEST of its repeats (a slower run is the
  disturbed one; sbc-bench's own summary averages the two, which differs by
  well under 1% in practice, and for several clusters reports the highest).
- x86 hybrids (clusters named Performance/Efficiency), RISC-V (no lscpu
  flags; the ISA string is kept instead) and cores without crypto extensions
  need nothing special.  CPUs that no OPP block covers, or that a block's
  range spans although the CPU topology table gives them another core type
  or maximum clock (sbc-bench measured only the block's first CPU), become
  clusters of their own without figures, with a warning.
- ``lscpu`` (key: value lines; several ``Model name``/``Flags`` groups on
  heterogeneous CPUs) gives the architecture, vendor, model and flag list;
  a /proc/cpuinfo ``Features``/``flags`` line is the fallback.

``parse_text`` never raises: whatever cannot be read becomes a sentence in
``SbcBenchLog.warnings``.

The modules: ``log`` (what a log holds), ``sections`` and ``clusters`` (the
parser's steps), ``parse`` (the entry points), ``document`` (the result
document and its AES score analysis) and ``render`` (the lines ``import``
prints).  This module is the importer the registry (cryptometer.importers) names.
"""

from ..common import NotRecognised, TooLarge, source_info
from .document import build_document
from .log import OPENSSL_ALGORITHMS, format_cpus, parse_flags
from .parse import parse_bytes, parse_text
from .sections import MAX_OPP_BLOCKS
from .render import summary

NAME = "sbc-bench"
HELP = "sbc-bench result logs (ThomasKaiser/sbc-bench)"
DESCRIPTION = ("Import sbc-bench result logs: clusters, measured clock, OpenSSL AES-CBC rows, CPU features, "
               "and the AES score per MHz verdict.")

__all__ = ["NAME", "HELP", "DESCRIPTION", "build", "summary", "build_document", "parse_bytes", "parse_text",
           "format_cpus", "parse_flags", "OPENSSL_ALGORITHMS", "MAX_OPP_BLOCKS"]


def build(raw, path, table):
    """The result document of one log's bytes; raise NotRecognised (TooLarge beyond the limit)."""
    blocks = raw.count(b"Checking cpufreq OPP")
    if blocks > MAX_OPP_BLOCKS:
        raise TooLarge("%d cpufreq OPP checks, more than the limit of %d (real logs have a few "
                       "dozen); nothing imported" % (blocks, MAX_OPP_BLOCKS))
    log = parse_bytes(raw)
    if not log.looks_like_sbc_bench():
        raise NotRecognised("not an sbc-bench log (%s)" % ("; ".join(log.warnings[:3]) or "nothing recognised"))
    return build_document(log, source_info(path, raw), table)
