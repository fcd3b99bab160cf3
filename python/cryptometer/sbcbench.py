"""Parser of sbc-bench result logs (ThomasKaiser/sbc-bench) into plain data.

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
- OpenSSL rows (read with cryptometer.opensslspeed, the one parser of that output) after ``Executing benchmark on each cluster individually``:
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
"""

import math
import re
from dataclasses import dataclass, field
from typing import Dict, List, Optional

from . import opensslspeed

OPENSSL_ALGORITHMS = ("aes-128-cbc", "aes-192-cbc", "aes-256-cbc")
OPENSSL_SIZES = (16, 64, 256, 1024, 8192, 16384)

# --------------------------------------------------------------------------
# What a log holds
# --------------------------------------------------------------------------

@dataclass
class OppPoint:
    """One row of an OPP block: the cpufreq operating point and the clock measured there."""

    opp_mhz: Optional[int]
    measured_mhz: Optional[float]
    line: int


@dataclass
class OppBlock:
    """One ``Checking cpufreq OPP`` block."""

    cpus: Optional[List[int]]
    core_name: Optional[str]
    points: List[OppPoint]
    line: int
    pass_index: int = 0

    def key(self):
        return (tuple(self.cpus) if self.cpus is not None else None, self.core_name)


@dataclass
class OpensslRow:
    """One ``aes-NNN-cbc`` row: k/s (1000s of bytes per second) by block size."""

    algorithm: str
    values: Dict[int, float]
    label: Optional[str]
    line: int


@dataclass
class TopologyRow:
    """One row of sbc-bench's ``CPU sysfs topology`` table."""

    cpu: int
    package: Optional[int]
    policy: Optional[int]
    min_mhz: Optional[int]
    max_mhz: Optional[int]
    core_type: Optional[str]


@dataclass
class Cluster:
    """A cluster as the first OPP pass defines it, with its OpenSSL rows."""

    id: int
    cpus: List[int]
    core_name: Optional[str]
    claimed_mhz: Optional[int] = None
    measured_mhz: Optional[float] = None
    claimed_after_mhz: Optional[int] = None
    measured_after_mhz: Optional[float] = None
    freq_min_mhz: Optional[int] = None
    freq_max_mhz: Optional[int] = None
    governor: Optional[str] = None
    policy: Optional[int] = None
    from_topology_only: bool = False
    rows: Dict[str, List[OpensslRow]] = field(default_factory=dict)

    def figure(self, algorithm, size):
        """The cluster's figure (k/s) for algorithm and size: the highest of its repeats, or None."""
        values = self.repeats(algorithm, size)
        return max(values) if values else None

    def repeats(self, algorithm, size):
        return [r.values[size] for r in self.rows.get(algorithm, []) if size in r.values]


@dataclass
class SbcBenchLog:
    """Everything read from one log; ``warnings`` says what could not be read."""

    sbc_bench_version: Optional[str] = None
    device: Optional[str] = None
    date: Optional[str] = None
    hostname: Optional[str] = None
    kernel: Optional[str] = None
    arch: Optional[str] = None
    os: Optional[str] = None
    cpu_count: Optional[int] = None
    vendor: Optional[str] = None
    model_name: Optional[str] = None
    lscpu: Dict[str, List[str]] = field(default_factory=dict)
    flags: List[str] = field(default_factory=list)
    flags_source: Optional[str] = None
    isa_string: Optional[str] = None
    openssl_line: Optional[str] = None
    openssl_version: Optional[str] = None
    openssl_mode: Optional[str] = None
    opp_blocks: List[OppBlock] = field(default_factory=list)
    topology: List[TopologyRow] = field(default_factory=list)
    governors: Dict[int, str] = field(default_factory=dict)
    clusters: List[Cluster] = field(default_factory=list)
    validation: List[str] = field(default_factory=list)
    short_rows: int = 0
    warnings: List[str] = field(default_factory=list)

    def looks_like_sbc_bench(self):
        """True when anything sbc-bench-specific was recognised."""
        return bool(self.sbc_bench_version or self.opp_blocks or self.openssl_mode)

    def has_openssl_figures(self):
        return any(c.rows for c in self.clusters)

    def reached_the_end(self):
        """True when the log holds what sbc-bench writes last (lscpu) and no OpenSSL row is cut short."""
        return bool(self.lscpu) and self.short_rows == 0


# --------------------------------------------------------------------------
# Patterns
# --------------------------------------------------------------------------

RE_HEADER = re.compile(r"^sbc-bench v(\S+)\s+(.*?)\s*\(((?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[^()]*)\)\s*$")
RE_IOSTAT = re.compile(r"^Linux\s+(\S+)\s+\(([^)]*)\)\s+\S+\s+_([A-Za-z0-9_]+)_\s+\((\d+) CPU\)")
RE_DESCRIPTION = re.compile(r"^Description:\s+(.+?)\s*$")
RE_OPP_HEADER = re.compile(r"^Checking cpufreq OPP(?: for cpu(\d+)(?:-cpu(\d+))?)?(?: \((.*)\))?:\s*$")
RE_OPP_ROW = re.compile(r"^Cpufreq OPP:\s*(\d+)\s+Measured:\s*(\d+(?:\.\d+)?)(?:\s+\(([\d./\s]+)\))?")
RE_OPP_ROW_OLD = re.compile(r"^Cpufreq OPP:\s*(\d+)\s+Measured:\s*(\d+(?:\.\d+)?(?:/\d+(?:\.\d+)?)+)")
RE_OPP_NOCPUFREQ = re.compile(r"^No cpufreq support available\. Measured on cpu(\d+):\s*(\d+(?:\.\d+)?) MHz")
RE_PASS_AGAIN = re.compile(r"^Testing (?:clockspeeds|maximum cpufreq) again")
RE_OPENSSL_EACH = re.compile(r"^Executing benchmark on each cluster individually")
RE_OPENSSL_TWICE = re.compile(r"^Executing benchmark twice on cluster 0(?: \((.*)\))?\s*$")
RE_OPENSSL_LIBRARY = re.compile(r"\(Library: (?:OpenSSL|LibreSSL)\s+(\S+)")
RE_OPENSSL_ROW = re.compile(r"^(aes-\d+-cbc)\s+(.*)$")
RE_TOPO_TITLE = re.compile(r"^\s*CPU (?:sysfs )?topology \(clusters, cpufreq members, clockspeeds\)")
RE_TOPO_ROW = re.compile(r"^\s*(\d+)\s+(-?\d+)\s+(-?\d+|-)\s+(-?\d+|-)\s+(-?\d+|-)\s+(.*?)\s*$")
RE_GOV_TITLE = re.compile(r"^(Tuned|Original) governor settings:")
RE_GOV_ROW = re.compile(r"^\s*cpufreq-policy(\d+):\s+(\S+)\s+/")
RE_LSCPU_ARCH = re.compile(r"^Architecture:\s+(\S+)\s*$")
RE_KEY_VALUE = re.compile(r"^([A-Za-z][A-Za-z0-9 ()/._,-]*?):\s+(.*?)\s*$")
RE_CPUINFO_FLAGS = re.compile(r"^(Features|flags)\s*:\s*(.*?)\s*$")
RE_RISCV_ISA = re.compile(r"\brv(?:32|64)[a-z0-9_.-]+", re.IGNORECASE)
RE_VALIDATION_TITLE = re.compile(r"^Results validation:")
RE_BULLET = re.compile(r"^\s+\*\s+(.*?)\s*$")
RE_STEPPING = re.compile(r"\s*/\s*r\d+p\d+\s*$")


# --------------------------------------------------------------------------
# Entry points
# --------------------------------------------------------------------------

def decode(raw: bytes):
    """Decode a log's bytes; return (text, warnings). Never raises."""
    warnings = []
    if b"\x00" in raw[:65536]:
        warnings.append("the file contains NUL bytes: it looks binary, not like an sbc-bench text log")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        text = raw.decode("utf-8", errors="replace")
        warnings.append("the file is not valid UTF-8 (first bad byte at offset %d); undecodable bytes "
                        "were replaced" % exc.start)
    return text, warnings


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
        ("the header line", _parse_header),
        ("the system facts", _parse_system),
        ("the cpufreq OPP checks", _parse_opp_blocks),
        ("the CPU topology table", _parse_topology),
        ("the governor settings", _parse_governors),
        ("the lscpu output", _parse_lscpu),
        ("the results validation", _parse_validation),
        ("the clusters", _build_clusters),
        ("the OpenSSL results", _parse_openssl),
    )
    for what, step in steps:
        try:
            step(lines, log)
        except Exception as exc:  # a log must never crash the import
            log.warnings.append("could not read %s: internal parser error %s: %s"
                                % (what, type(exc).__name__, exc))
    return log


def parse_flags(line: str) -> List[str]:
    """Split an lscpu ``Flags:`` value or a /proc/cpuinfo ``Features``/``flags`` value into names."""
    return [f for f in line.strip().split() if f]


def arch_family(arch: Optional[str]) -> Optional[str]:
    """Map an architecture name (aarch64, armv7l, x86_64, riscv64, ...) to arm, x86 or riscv."""
    if not arch:
        return None
    a = arch.lower()
    if a.startswith(("aarch64", "arm")):
        return "arm"
    if a in ("x86_64", "amd64", "i386", "i686", "x86"):
        return "x86"
    if a.startswith("riscv"):
        return "riscv"
    return None


def format_cpus(cpus: List[int]) -> str:
    """``[0, 1, 2, 3]`` -> ``cpu0-cpu3``; ``[5]`` -> ``cpu5``."""
    if not cpus:
        return "cpu?"
    if len(cpus) == 1:
        return "cpu%d" % cpus[0]
    if cpus == list(range(cpus[0], cpus[-1] + 1)):
        return "cpu%d-cpu%d" % (cpus[0], cpus[-1])
    return ",".join("cpu%d" % c for c in cpus)


# --------------------------------------------------------------------------
# Sections
# --------------------------------------------------------------------------

def _parse_header(lines, log):
    for ln in lines[:50]:
        m = RE_HEADER.match(ln.strip())
        if m:
            log.sbc_bench_version, log.device, log.date = m.group(1), m.group(2) or None, m.group(3)
            return
    log.warnings.append("no sbc-bench header line ('sbc-bench vX.Y.Z <device> (<date>)'): this may not be "
                        "an sbc-bench log, or its beginning is missing")


def _parse_system(lines, log):
    for ln in lines:
        if log.hostname is None:
            m = RE_IOSTAT.match(ln)
            if m:
                log.kernel, log.hostname, log.arch = m.group(1), m.group(2), m.group(3)
                log.cpu_count = int(m.group(4))
        if log.os is None:
            m = RE_DESCRIPTION.match(ln)
            if m:
                log.os = m.group(1)
        if log.hostname is not None and log.os is not None:
            break


# Plausible clocks: a figure outside [MHZ_MIN, MHZ_MAX] (0, 1e308, 38 digits) is refused with a
# warning naming the line and the value, and not used.  Limits on the size of a log: beyond
# MAX_OPP_BLOCKS OPP checks the log is refused (real logs have a few dozen); a CPU number above
# MAX_CPU in an OPP header is refused (docs/analysis.md, docs/security.md).
MHZ_MIN, MHZ_MAX = 1.0, 100000.0
MAX_OPP_BLOCKS = 1024
MAX_CPU = 4095


def _clock(token, number, what, log):
    """``token`` as a clock in MHz, or None with a warning naming the line and the value."""
    try:
        value = float(token)
    except ValueError:
        value = None
    if value is None or not math.isfinite(value) or not MHZ_MIN <= value <= MHZ_MAX:
        log.warnings.append("line %d: implausible %s %r MHz (outside %g-%g MHz); not used"
                            % (number, what, token[:60], MHZ_MIN, MHZ_MAX))
        return None
    return value


def _token_at(ln, pos):
    """The whole word at ``pos`` (not just the digits the row pattern matched: '1e308', not '1')."""
    words = ln[pos:].split()
    return words[0] if words else ""


def _opp_point(ln, number, log=None):
    log = log if log is not None else SbcBenchLog()
    m = RE_OPP_ROW_OLD.match(ln)  # before RE_OPP_ROW, which would take the first of the three
    if m:
        tokens = _token_at(ln, m.start(2)).split("/")
        samples = [_clock(t, number, "measured clock", log) for t in tokens]
        opp = _clock(_token_at(ln, m.start(1)), number, "cpufreq OPP", log)
        if any(x is None for x in samples):
            return OppPoint(None if opp is None else int(opp), None, number)
        samples.sort()
        return OppPoint(None if opp is None else int(opp), samples[len(samples) // 2], number)
    m = RE_OPP_ROW.match(ln)
    if m:
        opp = _clock(_token_at(ln, m.start(1)), number, "cpufreq OPP", log)
        measured = _clock(_token_at(ln, m.start(2)), number, "measured clock", log)
        return OppPoint(None if opp is None else int(opp), measured, number)
    m = RE_OPP_NOCPUFREQ.match(ln)
    if m:
        return OppPoint(None, _clock(_token_at(ln, m.start(2)), number, "measured clock", log), number)
    return None


def _parse_opp_blocks(lines, log):
    blocks = []
    current = None
    pass_index = 0
    seen_in_pass = set()
    again = False
    for i, ln in enumerate(lines):
        number = i + 1
        m = RE_OPP_HEADER.match(ln.strip())
        if m:
            cpus = None
            if m.group(1) is not None:
                lo = int(m.group(1))
                hi = int(m.group(2)) if m.group(2) is not None else lo
                if hi < lo:
                    log.warnings.append("line %d: OPP block for cpu%d-cpu%d has a reversed CPU range"
                                        % (number, lo, hi))
                    lo, hi = hi, lo
                if hi > MAX_CPU:
                    log.warnings.append("line %d: implausible CPU number %d in the OPP block header "
                                        "(more than %d); its CPU range is not used" % (number, hi, MAX_CPU))
                else:
                    cpus = list(range(lo, hi + 1))
            block = OppBlock(cpus=cpus, core_name=(m.group(3) or None), points=[], line=number)
            if blocks and (again or block.key() in seen_in_pass):
                pass_index += 1
                seen_in_pass = set()
            elif not blocks and again:
                log.warnings.append("line %d: the first OPP check in the log is the one repeated under "
                                    "load (the idle check before the benchmarks is missing); the "
                                    "cluster clocks come from it" % number)
            again = False
            block.pass_index = pass_index
            seen_in_pass.add(block.key())
            blocks.append(block)
            current = block
            continue
        if RE_PASS_AGAIN.match(ln):
            again = True
            current = None
            continue
        if current is None:
            continue
        stripped = ln.strip()
        if not stripped:
            continue
        point = _opp_point(stripped, number, log)
        if point is not None:
            current.points.append(point)
        elif stripped.startswith("Cpufreq OPP:"):
            log.warnings.append("line %d: unreadable OPP row %r" % (number, stripped[:80]))
        else:
            current = None
    for block in blocks:
        if not block.points:
            log.warnings.append("line %d: the OPP block for %s has no readable rows"
                                % (block.line, _block_name(block)))
    log.opp_blocks = blocks
    if not blocks:
        log.warnings.append("no 'Checking cpufreq OPP' block: no cluster clock could be read")


def _block_name(block):
    where = format_cpus(block.cpus) if block.cpus is not None else "all CPUs"
    return "%s (%s)" % (where, block.core_name) if block.core_name else where


def _parse_topology(lines, log):
    for i, ln in enumerate(lines):
        if not RE_TOPO_TITLE.match(ln):
            continue
        rows = []
        j = i + 1
        while j < len(lines) and ("cpufreq" in lines[j] or "core type" in lines[j]):
            j += 1
        while j < len(lines):
            m = RE_TOPO_ROW.match(lines[j])
            if not m:
                break
            core = RE_STEPPING.sub("", m.group(6)).strip()
            rows.append(TopologyRow(
                cpu=int(m.group(1)),
                package=int(m.group(2)),
                policy=_int_or_none(m.group(3)),
                min_mhz=_int_or_none(m.group(4)),
                max_mhz=_int_or_none(m.group(5)),
                core_type=(core if core and core != "-" else None)))
            j += 1
        if rows:
            log.topology = rows
            return
        log.warnings.append("line %d: the CPU topology table has no readable rows" % (i + 1))
        return


def _int_or_none(s):
    try:
        return int(s)
    except (TypeError, ValueError):
        return None


def _parse_governors(lines, log):
    found = {}
    for title in ("Tuned", "Original"):
        for i, ln in enumerate(lines):
            m = RE_GOV_TITLE.match(ln.strip())
            if not m or m.group(1) != title:
                continue
            for ln2 in lines[i + 1:]:
                if not ln2.strip():
                    if found:
                        break
                    continue
                g = RE_GOV_ROW.match(ln2)
                if g:
                    found[int(g.group(1))] = g.group(2)
                elif found or not ln2.startswith(" "):
                    break
            if found:
                log.governors = found
                return


def _parse_lscpu(lines, log):
    start = None
    for i, ln in enumerate(lines):
        if RE_LSCPU_ARCH.match(ln):
            window = "\n".join(lines[i + 1:i + 6])
            if "Byte Order:" in window or "CPU(s):" in window or "CPU op-mode" in window:
                start = i
                break
    if start is not None:
        fields = {}
        for ln in lines[start:]:
            if not ln.strip():
                break
            m = RE_KEY_VALUE.match(ln)
            if not m:
                break
            fields.setdefault(m.group(1).strip(), []).append(m.group(2))
        log.lscpu = fields
        if log.arch is None and fields.get("Architecture"):
            log.arch = fields["Architecture"][0]
        if fields.get("Vendor ID"):
            log.vendor = fields["Vendor ID"][0]
        names = [n for n in fields.get("Model name", []) if n.strip() not in ("", "-")]
        if names:
            log.model_name = names[0]
        elif fields.get("BIOS Model name"):
            log.model_name = fields["BIOS Model name"][0]
        if fields.get("CPU(s)"):
            try:
                log.cpu_count = int(fields["CPU(s)"][0])
            except ValueError:
                pass
        flag_lines = fields.get("Flags", [])
        if flag_lines:
            sets = [parse_flags(f) for f in flag_lines]
            union = []
            for s in sets:
                for f in s:
                    if f not in union:
                        union.append(f)
            if any(set(s) != set(sets[0]) for s in sets[1:]):
                log.warnings.append("lscpu lists different Flags for different core types; the features "
                                    "are their union")
            log.flags, log.flags_source = union, "lscpu"
    if not log.flags:
        for ln in lines:
            m = RE_CPUINFO_FLAGS.match(ln)
            if m and m.group(2):
                log.flags, log.flags_source = parse_flags(m.group(2)), "cpuinfo"
                break
    for ln in (lines if arch_family(log.arch) == "riscv" else ()):
        if "rv32" in ln or "rv64" in ln:
            m = RE_RISCV_ISA.search(ln)
            if m:
                log.isa_string = m.group(0)
                if "_z" in log.isa_string or "Version:" in ln:
                    break
    if start is None and not log.flags:
        log.warnings.append("no lscpu output and no cpuinfo flags: CPU features unknown")
    elif not log.flags and arch_family(log.arch) != "riscv":
        log.warnings.append("lscpu shows no Flags line: CPU features unknown")


def _parse_validation(lines, log):
    for i, ln in enumerate(lines):
        if RE_VALIDATION_TITLE.match(ln):
            for ln2 in lines[i + 1:]:
                if not ln2.strip():
                    if log.validation:
                        break
                    continue
                m = RE_BULLET.match(ln2)
                if not m:
                    break
                log.validation.append(m.group(1))
            return


def _build_clusters(lines, log):
    first_pass = [b for b in log.opp_blocks if b.pass_index == 0]
    later = {}
    for b in log.opp_blocks:
        if b.pass_index == 1 and b.points:
            later.setdefault(b.key(), b)
    topo = {row.cpu: row for row in log.topology}
    all_cpus = sorted(topo) if topo else (list(range(log.cpu_count)) if log.cpu_count else [])
    clusters = []
    for block in first_pass:
        cpus = block.cpus if block.cpus is not None else list(all_cpus)
        if block.cpus is None and not cpus:
            log.warnings.append("line %d: the OPP block names no CPUs and the CPU count is unknown"
                                % block.line)
        core = block.core_name
        if core is None and cpus and cpus[0] in topo:
            core = topo[cpus[0]].core_type
        if core is None and log.model_name and len(first_pass) == 1:
            core = log.model_name
        cluster = Cluster(id=len(clusters), cpus=cpus, core_name=core)
        if block.points:
            top = block.points[0]
            cluster.claimed_mhz, cluster.measured_mhz = top.opp_mhz, top.measured_mhz
            higher = [p for p in block.points[1:]
                      if p.opp_mhz is not None and top.opp_mhz is not None and p.opp_mhz > top.opp_mhz]
            if higher:
                log.warnings.append("line %d: the first row of the OPP block for %s (%d MHz) is not its "
                                    "highest operating point (%d MHz at line %d); the first row is used"
                                    % (top.line, _block_name(block), top.opp_mhz,
                                       higher[0].opp_mhz, higher[0].line))
        again = later.get(block.key())
        if again is not None:
            cluster.claimed_after_mhz = again.points[0].opp_mhz
            cluster.measured_after_mhz = again.points[0].measured_mhz
        _apply_topology(cluster, topo, log)
        clusters.append(cluster)

    if clusters and topo:
        _split_by_topology(clusters, topo, log)
    log.clusters = clusters


def _topology_signature(row):
    return (row.core_type, row.max_mhz)


def _split_by_topology(clusters, topo, log):
    """Move CPUs that the OPP checks do not really cover into clusters of their own.

    An OPP block's CPU range can span CPUs of another core type or another
    maximum clock (1ET4: 'cpu8-cpu11' spans cpufreq policies 8 and 10 with
    2200 and 2500 MHz), and some CPUs are in no block at all.  sbc-bench
    measured and benchmarked only the first CPU of each block, so the other
    CPUs get clusters without a clock or figures, and a warning.
    """
    spilled = []
    for cluster in list(clusters):
        if not cluster.cpus or cluster.cpus[0] not in topo:
            continue
        first = _topology_signature(topo[cluster.cpus[0]])
        keep = [c for c in cluster.cpus if c not in topo or _topology_signature(topo[c]) == first]
        away = [c for c in cluster.cpus if c not in keep]
        if away:
            cluster.cpus = keep
            spilled.extend(away)
            log.warnings.append(
                "the OPP check for %s (%s) spans CPUs the topology table lists with another core type or "
                "maximum clock (%s); sbc-bench measured and benchmarked only cpu%d, so those CPUs are "
                "listed as a cluster of their own without figures"
                % (format_cpus(keep + away), cluster.core_name or "core type unknown",
                   ", ".join("cpu%d: %s, max %s MHz" % (c, topo[c].core_type or "?", topo[c].max_mhz)
                             for c in away), keep[0]))
    covered = {c for cl in clusters for c in cl.cpus}
    uncovered = [cpu for cpu in sorted(topo) if cpu not in covered and cpu not in spilled]
    groups = {}
    for cpu in sorted(spilled) + uncovered:
        groups.setdefault(_topology_signature(topo[cpu]), []).append(cpu)
    for (core, max_mhz), cpus in groups.items():
        cpus.sort()
        cluster = Cluster(id=len(clusters), cpus=cpus, core_name=core, from_topology_only=True)
        _apply_topology(cluster, topo, log)
        clusters.append(cluster)
        if any(c in uncovered for c in cpus):
            log.warnings.append("%s (%s, max %s MHz) appear in the CPU topology table but in no OPP "
                                "check: sbc-bench neither measured their clock nor ran OpenSSL on them"
                                % (format_cpus(cpus), core or "core type unknown",
                                   "?" if max_mhz is None else max_mhz))


def _apply_topology(cluster, topo, log):
    if not cluster.cpus or cluster.cpus[0] not in topo:
        return
    row = topo[cluster.cpus[0]]
    cluster.freq_min_mhz = row.min_mhz if row.min_mhz else None
    cluster.freq_max_mhz = row.max_mhz if row.max_mhz else None
    cluster.policy = row.policy
    if cluster.core_name is None:
        cluster.core_name = row.core_type
    if row.policy is not None and row.policy in log.governors:
        cluster.governor = log.governors[row.policy]


def _parse_openssl(lines, log):
    start, mode, twice_core = None, None, None
    for i, ln in enumerate(lines):
        if RE_OPENSSL_EACH.match(ln):
            start, mode = i, "per-cluster"
            break
        m = RE_OPENSSL_TWICE.match(ln)
        if m:
            start, mode, twice_core = i, "twice", m.group(1)
            break
    if start is None:
        # Without the heading, accept the first block of rows that follows a version line.
        for i, ln in enumerate(lines):
            if opensslspeed.RE_VERSION.match(ln) and i + 1 < len(lines) and opensslspeed.RE_TYPE.match(lines[i + 1]):
                start, mode = i - 1, None
                log.warnings.append("line %d: OpenSSL rows without the 'Executing benchmark ...' heading; "
                                    "rows are assigned to clusters by position" % (i + 1))
                break
    if start is None:
        log.warnings.append("no OpenSSL section ('Executing benchmark on each cluster individually' or "
                            "'Executing benchmark twice on cluster 0'): no AES figures")
        return
    log.openssl_mode = mode

    sizes = list(OPENSSL_SIZES)
    rows = []
    j = start + 1
    while j < len(lines) and not lines[j].strip():
        j += 1
    for j in range(j, min(len(lines), j + 200)):
        ln = lines[j].rstrip()
        number = j + 1
        if not ln.strip():
            if rows:
                break
            continue
        m = opensslspeed.RE_VERSION.match(ln)
        if m and log.openssl_line is None:
            log.openssl_line = ln.strip()
            lib = RE_OPENSSL_LIBRARY.search(ln)
            log.openssl_version = lib.group(1) if lib else m.group(2)
            if m.group(1) != "OpenSSL":
                log.openssl_version = "%s %s" % (m.group(1), log.openssl_version)
            continue
        if opensslspeed.RE_TYPE.match(ln):
            found = opensslspeed.sizes_of_type_line(ln)
            if found:
                sizes = found
            continue
        m = RE_OPENSSL_ROW.match(ln)
        if m:
            row = _openssl_row(m.group(1), m.group(2), sizes, number, log)
            if row is not None:
                rows.append(row)
            continue
        if ln.startswith("#"):
            break
        log.warnings.append("line %d: unexpected line in the OpenSSL section: %r" % (number, ln[:80]))
        break
    if log.openssl_line is None:
        log.warnings.append("line %d: the OpenSSL section has no version line" % (start + 1))
    if not rows:
        log.warnings.append("line %d: the OpenSSL section has no readable aes-*-cbc rows" % (start + 1))
        return
    _assign_rows(rows, mode, twice_core, log)


def _openssl_row(algorithm, rest, sizes, number, log):
    _, printed, tail = opensslspeed.split_figures(rest.split())
    # sbc-bench's figures keep openssl's unit, 1000 bytes/s: taken as printed, without a "k".
    values = [float(p[:-1]) if p.endswith("k") else float(p) / 1000.0 for p in printed]
    tail = " ".join(tail).strip()
    label = None
    if tail:
        m = re.match(r"^\((.*)\)$", tail)
        if m:
            label = m.group(1).strip() or None
        else:
            log.warnings.append("line %d: unreadable text after the %s figures: %r"
                                % (number, algorithm, tail[:60]))
    if not values:
        log.warnings.append("line %d: %s row without figures" % (number, algorithm))
        return None
    if len(values) != len(sizes):
        log.short_rows += 1
        log.warnings.append("line %d: %s row has %d figures for %d block sizes; kept the first %d "
                            "(truncated row?)" % (number, algorithm, len(values), len(sizes),
                                                  min(len(values), len(sizes))))
    return OpensslRow(algorithm=algorithm, values=dict(zip(sizes, values)), label=label, line=number)


def _assign_rows(rows, mode, twice_core, log):
    clusters = [c for c in log.clusters if not c.from_topology_only]
    if not clusters:
        # No OPP check: one cluster made of every CPU known, without a clock.
        cpus = sorted(r.cpu for r in log.topology) or (list(range(log.cpu_count)) if log.cpu_count else [])
        core = twice_core or next((r.label for r in rows if r.label), None) or log.model_name
        cluster = Cluster(id=len(log.clusters), cpus=cpus, core_name=core)
        log.clusters.append(cluster)
        clusters = [cluster]
        log.warnings.append("no cluster clock was read; the OpenSSL rows are kept for one cluster of "
                            "all CPUs, without a clock")
    by_alg = {}
    for row in rows:
        by_alg.setdefault(row.algorithm, []).append(row)

    if mode == "twice" or (mode is None and len(clusters) == 1):
        target = clusters[0]
        if len(clusters) > 1:
            log.warnings.append("OpenSSL ran twice on cluster 0 although the OPP check lists %d clusters; "
                                "the rows are kept for cluster 0 only" % len(clusters))
        if twice_core and target.core_name is None:
            target.core_name = twice_core
        for alg, alg_rows in by_alg.items():
            target.rows[alg] = list(alg_rows)
        return

    for alg, alg_rows in by_alg.items():
        if len(alg_rows) != len(clusters):
            log.warnings.append("%d %s rows for %d clusters: assigned in cluster order, %s"
                                % (len(alg_rows), alg, len(clusters),
                                   "the extra rows are ignored" if len(alg_rows) > len(clusters)
                                   else "the last clusters have no %s figure" % alg))
        for cluster, row in zip(clusters, alg_rows):
            if row.label and cluster.core_name and not _same_core(row.label, cluster.core_name):
                log.warnings.append("line %d: the %s row is labelled %r but cluster %d (%s) is %r"
                                    % (row.line, alg, row.label, cluster.id, format_cpus(cluster.cpus),
                                       cluster.core_name))
            if row.label and cluster.core_name is None:
                cluster.core_name = row.label
            cluster.rows.setdefault(alg, []).append(row)


def _same_core(a, b):
    keep = lambda s: "".join(ch for ch in s.lower() if ch.isalnum())
    return keep(a) == keep(b)
