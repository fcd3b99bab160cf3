"""The result document of an sbc-bench log: source, context, records and the AES score analysis.

``build_document`` turns a parsed SbcBenchLog into a cryptometer result
document (``docs/result.schema.json``).  ``complete`` is false when the log
looks cut short, as a run's document is when the run was interrupted: no
OpenSSL figure was read, an OpenSSL row is incomplete, or the log lacks its
final part (``lscpu``, which sbc-bench writes last).  The ``warnings`` list
says what could not be read either way.
"""

from ... import features
from ...aes_score import evaluate_log, figure
from .. import common
from .log import OPENSSL_ALGORITHMS, format_cpus

# What printed an imported record's figure.  sbc-bench runs ``openssl speed
# -elapsed -evp aes-*-cbc``, which streams CBC through EVP_EncryptUpdate (key
# and IV set once, each call continuing the stream): what cryptometer's cipher
# class measures as ``openssl:evp/aes-*-cbc/encrypt``, hence the same record names.
SOURCE_FIGURE_TOOL = "openssl speed -evp"
OPENSSL_VARIANT = "evp"


def _round(x, digits):
    return None if x is None else round(x, digits)


def _mhz(x):
    """Clock figures: integers when whole (sbc-bench prints whole MHz), else one decimal."""
    if x is None:
        return None
    return int(x) if float(x).is_integer() else round(x, 1)


def build_document(log, source, table, feature_table=None):
    """Build a result document (dict) from a parsed SbcBenchLog.

    ``source`` is the dict of common.source_info() (its ``sha256`` tells whether a
    family's ratio was derived from this very log: ``circular`` verdicts);
    ``table`` the AesScoreTable used for ``analysis.aes_score``, compared
    within the log's architecture; ``feature_table`` the parsed
    data/cpu_features.json (read from the data directory when None).  Each
    OpenSSL figure becomes a record ``openssl/<algorithm>/encrypt`` whose
    ``source_figure`` keeps the printed value, its unit (1000 bytes/s) and the
    tool that printed it.
    """
    warnings = list(log.warnings)
    if feature_table is None:
        feature_table = features.load_table()
        if feature_table is None and log.flags:
            warnings.append("data/cpu_features.json could not be read: the CPU flags are not described")
    source = _source(log, source)
    cpu = _cpu(log, feature_table)
    results = _results(log)
    health = health_from_sbcbench(log)
    analysis = _analysis(log, table, source, cpu, health)
    context = {"host": _host(log), "cpu": cpu, "libraries": _libraries(log), "health": health}
    return common.document(source, context, results, warnings,
                           complete=bool(results) and log.reached_the_end(),
                           analysis={"aes_score": analysis})


def _source(log, source):
    """The ``source`` block: the file's (source_info) with what the log says of sbc-bench and the device."""
    source = dict(source)
    source["tool"] = "sbc-bench"
    if log.sbc_bench_version:
        source["tool_version"] = log.sbc_bench_version
    if log.device:
        source["device"] = log.device
    if log.date:
        source["date"] = log.date
    return source


def _host(log):
    host = {"hostname": log.hostname}
    if log.kernel:
        host["kernel"] = log.kernel
    if log.os:
        host["os"] = log.os
    return host


def _cpu(log, feature_table):
    """The ``context.cpu`` block: architecture, model, clusters and the crypto features of the flags."""
    clusters = [{
        "id": c.id,
        "cpus": list(c.cpus),
        "core_name": c.core_name,
        "midr": None,
        "freq_min_mhz": c.freq_min_mhz,
        "freq_max_mhz": c.freq_max_mhz,
        "freq_cur_mhz": None,
        "claimed_mhz": c.claimed_mhz,
        "measured_mhz": _mhz(c.measured_mhz),
        "governor": c.governor,
    } for c in log.clusters]
    return {
        "arch": log.arch,
        "vendor": log.vendor,
        "model_name": log.model_name,
        "cores": log.cpu_count,
        "clusters": clusters,
        "features": features.crypto_features(log.arch, log.flags, log.isa_string, feature_table,
                                             source=log.flags_source or "lscpu"),
    }


def _libraries(log):
    if not (log.openssl_version or log.openssl_line):
        return []
    lib = {"backend": "openssl", "available": True, "version": log.openssl_version}
    if log.openssl_line:
        lib["details"] = log.openssl_line
    return [lib]


def _results(log):
    """One record per cluster, algorithm and size: the cluster's figure, its repeats and the printed value."""
    results = []
    for c in log.clusters:
        pinned_cpu = c.cpus[0] if (c.cpus and log.openssl_mode != "twice") else None
        for algorithm in OPENSSL_ALGORITHMS:
            rows = c.rows.get(algorithm)
            if not rows:
                continue
            for size in sorted({s for r in rows for s in r.values}):
                value = c.figure(algorithm, size)
                results.append(common.record(
                    "openssl", OPENSSL_VARIANT, algorithm, "cipher", "encrypt", size=size,
                    throughput_mb_s=value * 1000 / 1e6, cluster=c.id, cpu=pinned_cpu,
                    source_figure={"value": value, "unit": "1000 bytes/s", "tool": SOURCE_FIGURE_TOOL},
                    repeats=c.repeats(algorithm, size), params={"key_bits": int(algorithm.split("-")[1])}))
    return results


def _analysis(log, table, source, cpu, health):
    """``analysis.aes_score``: each cluster's AES-256-CBC 16 KiB figure judged by the rule (one request)."""
    instructions = _aes_instructions(cpu["features"])
    figures, clocks = [], []
    for c in log.clusters:
        if c.from_topology_only:
            mhz, label = None, "measured"
        elif c.measured_mhz:
            mhz, label = c.measured_mhz, "measured"
        else:
            mhz, label = c.claimed_mhz, "claimed by cpufreq"
        clocks.append((mhz, label))
        figures.append(figure(c.core_name, mhz, c.figure("aes-256-cbc", 16384),
                              claimed_mhz=c.claimed_mhz if label == "measured" else None, mhz_label=label,
                              arch=log.arch, log_sha256=source.get("sha256"), aes_instructions=instructions,
                              cluster=c.id, observed=_observed(log, c, health)))
    return [_analysis_entry(c, mhz, label, fig, verdict) for c, (mhz, label), fig, verdict
            in zip(log.clusters, clocks, figures, evaluate_log(table, figures))]


def _analysis_entry(c, mhz, label, fig, verdict):
    """One cluster's entry of ``analysis.aes_score``, its figures rounded as the document keeps them."""
    closest = verdict["closest_family"]
    entry = {
        "cluster": c.id,
        "core_name": c.core_name,
        "arch": verdict["arch"],
        "mhz": _mhz(mhz),
        "mhz_source": label,
        "kbs_16k": fig["kbs_16k"],
        "score_per_mhz": _round(verdict["score_per_mhz"], 3),
        "family": verdict["family"],
        "ratio": verdict["ratio"],
        "tolerance": verdict["tolerance"],
        "expected_kbs": _round(verdict["expected_kbs"], 2),
        "implied_mhz": _round(verdict["implied_mhz"], 1),
        "deviation": _round(verdict["deviation"], 5),
        "closest_family": None if closest is None else dict(closest, deviation=round(closest["deviation"], 5)),
        "claimed_mhz": c.claimed_mhz,
        "claimed_deviation": _round(verdict["claimed_deviation"], 5),
        "claimed_verdict": verdict["claimed_verdict"],
        "verdict": verdict["verdict"],
        "circular": verdict["circular"],
        "message": verdict["message"],
    }
    if verdict.get("table_code"):     # a core without AES instructions, judged by the 32-bit table
        entry["table_code"] = dict(verdict["table_code"], deviation=round(verdict["table_code"]["deviation"], 5))
    if verdict.get("twins"):
        t = verdict["twins"]
        entry["twins"] = {"clusters": t["clusters"],
                          "reference_score_per_mhz": _round(t["reference_score_per_mhz"], 3),
                          "deviation": _round(t["deviation"], 5), "flagged": t["flagged"]}
        if t.get("message"):
            entry["twins"]["message"] = t["message"]
    return entry


def _aes_instructions(crypto_features):
    """"present" or "absent" from the log's CPU flags (the feature named "aes"), else None."""
    aes = [f for f in crypto_features if f.get("name") == "aes"]
    return ("present" if aes[0]["present"] else "absent") if aes else None


def _observed(log, cluster, health):
    """What the log shows about cluster's test, for the twin check: its clock before and after the
    benchmarks, its health flags, and sbc-bench's own validation lines."""
    out = []
    if cluster.measured_mhz and cluster.measured_after_mhz:
        out.append("sbc-bench measured %s MHz before the benchmarks and %s MHz after them"
                   % (_fmt_mhz(cluster.measured_mhz), _fmt_mhz(cluster.measured_after_mhz)))
    out += [f["message"] for f in health if f.get("cluster") == cluster.id]
    out += ["sbc-bench: %s" % text for text in log.validation]
    return out


def health_from_sbcbench(log):
    """Health flags from an sbc-bench log, each {id, severity, message, source[, cluster]}."""
    flags = []
    for c in log.clusters:
        name = "%s (%s)" % (format_cpus(c.cpus), c.core_name or "core type unknown")
        if c.claimed_mhz and c.measured_mhz and abs(c.measured_mhz / c.claimed_mhz - 1) > 0.03:
            gap = c.measured_mhz / c.claimed_mhz - 1
            flags.append({
                "id": "clock-differs-from-cpufreq",
                "severity": "warning",
                "cluster": c.id,
                "source": "sbc-bench",
                "message": "%s: cpufreq says %d MHz at the highest operating point, sbc-bench measured "
                           "%s MHz (%+.1f%%) before the benchmarks."
                           % (name, c.claimed_mhz, _fmt_mhz(c.measured_mhz), 100 * gap),
            })
        if c.measured_mhz and c.measured_after_mhz and c.measured_after_mhz < 0.97 * c.measured_mhz:
            drop = c.measured_after_mhz / c.measured_mhz - 1
            opp = ("" if c.claimed_after_mhz in (None, c.claimed_mhz)
                   else " (checked at the %d MHz operating point)" % c.claimed_after_mhz)
            flags.append({
                "id": "clock-dropped-under-load",
                "severity": "warning",
                "cluster": c.id,
                "source": "sbc-bench",
                "message": "%s: measured %s MHz before the benchmarks but %s MHz%s under load after them "
                           "(%+.1f%%): throttling or a capped clock."
                           % (name, _fmt_mhz(c.measured_mhz), _fmt_mhz(c.measured_after_mhz), opp,
                              100 * drop),
            })
    for text in log.validation:
        flags.append({
            "id": "sbc-bench-validation",
            "severity": _validation_severity(text),
            "source": "sbc-bench",
            "message": text,
        })
    return flags


def _fmt_mhz(x):
    return "%d" % x if float(x).is_integer() else "%.1f" % x


def _validation_severity(text):
    t = text.lower()
    if t.startswith("no ") or t.endswith(" ok") or "not lower than advertised" in t:
        return "info"
    return "warning"
