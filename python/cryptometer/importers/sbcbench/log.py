"""What an sbc-bench log holds, as plain data: its OPP blocks, OpenSSL rows, topology,
clusters and the log itself, and the small helpers every part of the parser shares.

The parser (cryptometer.importers.sbcbench.parse) fills an SbcBenchLog; the
document builder (.document) reads it.
"""

from dataclasses import dataclass, field
from typing import Dict, List, Optional

OPENSSL_ALGORITHMS = ("aes-128-cbc", "aes-192-cbc", "aes-256-cbc")
OPENSSL_SIZES = (16, 64, 256, 1024, 8192, 16384)


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
