"""The sections of an sbc-bench log, each read into the SbcBenchLog by one function:
the header, the system facts, the cpufreq OPP checks, the CPU topology table, the
governor settings, lscpu and sbc-bench's own results validation.  Each never raises
on bad input: what it cannot read becomes a sentence in ``log.warnings``.
"""

import math
import re

from .log import OppBlock, OppPoint, SbcBenchLog, TopologyRow, arch_family, format_cpus, parse_flags

RE_HEADER = re.compile(r"^sbc-bench v(\S+)\s+(.*?)\s*\(((?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[^()]*)\)\s*$")
RE_IOSTAT = re.compile(r"^Linux\s+(\S+)\s+\(([^)]*)\)\s+\S+\s+_([A-Za-z0-9_]+)_\s+\((\d+) CPU\)")
RE_DESCRIPTION = re.compile(r"^Description:\s+(.+?)\s*$")
RE_OPP_HEADER = re.compile(r"^Checking cpufreq OPP(?: for cpu(\d+)(?:-cpu(\d+))?)?(?: \((.*)\))?:\s*$")
RE_OPP_ROW = re.compile(r"^Cpufreq OPP:\s*(\d+)\s+Measured:\s*(\d+(?:\.\d+)?)(?:\s+\(([\d./\s]+)\))?")
RE_OPP_ROW_OLD = re.compile(r"^Cpufreq OPP:\s*(\d+)\s+Measured:\s*(\d+(?:\.\d+)?(?:/\d+(?:\.\d+)?)+)")
RE_OPP_NOCPUFREQ = re.compile(r"^No cpufreq support available\. Measured on cpu(\d+):\s*(\d+(?:\.\d+)?) MHz")
RE_PASS_AGAIN = re.compile(r"^Testing (?:clockspeeds|maximum cpufreq) again")
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


def parse_header(lines, log):
    for ln in lines[:50]:
        m = RE_HEADER.match(ln.strip())
        if m:
            log.sbc_bench_version, log.device, log.date = m.group(1), m.group(2) or None, m.group(3)
            return
    log.warnings.append("no sbc-bench header line ('sbc-bench vX.Y.Z <device> (<date>)'): this may not be "
                        "an sbc-bench log, or its beginning is missing")


def parse_system(lines, log):
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


def parse_opp_blocks(lines, log):
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
                                % (block.line, block_name(block)))
    log.opp_blocks = blocks
    if not blocks:
        log.warnings.append("no 'Checking cpufreq OPP' block: no cluster clock could be read")


def block_name(block):
    where = format_cpus(block.cpus) if block.cpus is not None else "all CPUs"
    return "%s (%s)" % (where, block.core_name) if block.core_name else where


def parse_topology(lines, log):
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


def parse_governors(lines, log):
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


def parse_lscpu(lines, log):
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


def parse_validation(lines, log):
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
