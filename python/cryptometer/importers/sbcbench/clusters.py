"""The clusters of an sbc-bench log and their OpenSSL rows.

The first pass of OPP blocks defines the clusters, the CPU topology table splits
those whose CPUs differ, and the OpenSSL section's rows (read with
cryptometer.importers.opensslspeed) are assigned to them, by label or by position.
"""

import re

from .. import opensslspeed
from .log import OPENSSL_SIZES, Cluster, OpensslRow, format_cpus
from .sections import block_name

RE_OPENSSL_EACH = re.compile(r"^Executing benchmark on each cluster individually")
RE_OPENSSL_TWICE = re.compile(r"^Executing benchmark twice on cluster 0(?: \((.*)\))?\s*$")
RE_OPENSSL_LIBRARY = re.compile(r"\(Library: (?:OpenSSL|LibreSSL)\s+(\S+)")
RE_OPENSSL_ROW = re.compile(r"^(aes-\d+-cbc)\s+(.*)$")


def build_clusters(lines, log):
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
                                    % (top.line, block_name(block), top.opp_mhz,
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
    # sbc-bench prints -1 where it has no clock (as for a policy): no figure, never a negative one
    cluster.freq_min_mhz = row.min_mhz if row.min_mhz and row.min_mhz > 0 else None
    cluster.freq_max_mhz = row.max_mhz if row.max_mhz and row.max_mhz > 0 else None
    cluster.policy = row.policy
    if cluster.core_name is None:
        cluster.core_name = row.core_type
    if row.policy is not None and row.policy in log.governors:
        cluster.governor = log.governors[row.policy]


def parse_openssl(lines, log):
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
