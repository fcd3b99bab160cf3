"""What the views read from a record, chosen by its fields (never by a list of algorithms).

Every view (collect, compare, plot, report, export) asks the same questions of
a record: which implementation made it (``backend:variant``), which benchmark
it is (name, size, threads), its figure in the record's own unit (MB/s for
``unit`` "byte", µs per operation for ``unit`` "op"), its processor-normalised
figure (cycles per byte or per operation, measured or, for imports, from the
cluster's measured clock), and its kept samples.
"""

def implementation(record):
    """``backend:variant``."""
    return "%s:%s" % (record["backend"], record["variant"])


def benchmark_key(record):
    """What identifies one benchmark across runs: name, size, threads."""
    return (record["name"], record.get("size"), record.get("threads", 1))


def benchmark_label(key):
    name, size, threads = key
    text = name if size is None else "%s @ %s B" % (name, size)
    return text if threads == 1 else "%s ×%d" % (text, threads)


def operation_key(record):
    """The group a table or a plot panel shows: class, algorithm, operation, unit."""
    return (record.get("class") or "?", record["algorithm"], record["operation"], record["unit"])


def figure(record):
    """(value, unit label) of the record's headline figure, or (None, label) when it has none."""
    if record["unit"] == "byte":
        return record.get("throughput_mb_s"), "MB/s"
    return record.get("us_per_op"), "µs/op"


def cluster_mhz(doc, record):
    """The measured clock (MHz) of the cluster a record ran on, or None."""
    cluster = record.get("cluster")
    for c in ((doc.get("context") or {}).get("cpu") or {}).get("clusters", []):
        if c.get("id") == cluster and c.get("measured_mhz"):
            return c["measured_mhz"]
    return None


def cycles(doc, record):
    """(cycles per byte or per op, label): the record's own, else from its cluster's measured clock."""
    if record["unit"] == "byte":
        if record.get("cycles_per_byte") is not None:
            return record["cycles_per_byte"], "cycles/B"
        mhz, mb_s = cluster_mhz(doc, record), record.get("throughput_mb_s")
        return (mhz / mb_s if mhz and mb_s else None), "cycles/B"
    if record.get("cycles_per_op") is not None:
        return record["cycles_per_op"], "cycles/op"
    mhz, us = cluster_mhz(doc, record), record.get("us_per_op")
    return (mhz * us if mhz and us else None), "cycles/op"


def kept_samples(record):
    """The samples (ns per operation) without those the core flagged as outliers."""
    samples = record.get("samples_ns") or []
    outliers = set((record.get("stats") or {}).get("outliers") or [])
    return [s for i, s in enumerate(samples) if i not in outliers]


def machine_label(run, record=None):
    """A machine row: the run's label, and the cluster's core when the record names one."""
    label = run.label
    cluster = None if record is None else record.get("cluster")
    if cluster is None:
        return label
    for c in ((run.doc.get("context") or {}).get("cpu") or {}).get("clusters", []):
        if c.get("id") == cluster:
            return "%s cluster %s (%s)" % (label, cluster, c.get("core_name") or "?")
    return "%s cluster %s" % (label, cluster)


# A record of a known library finding (data/library_findings.json) whose cases lie outside the
# timed parameters is measured too: it has the figures of an ok record (docs/findings.md).
MEASURED_STATUSES = ("ok", "known-finding")


def measured(record):
    """True when ``record`` carries a measurement: status ok, or a measured known finding."""
    # by its figure, not its samples: a store keeps figures-only records without "stats"
    return record["status"] == "ok" or (record["status"] in MEASURED_STATUSES and (
        record.get("throughput_mb_s") is not None or record.get("ops_per_s") is not None))


def ok_records(run):
    return [r for r in run.doc["results"] if measured(r)]


def spread(record):
    """The relative half-width of the 95% CI of the median (``stats.ci95_rel``), or None."""
    return (record.get("stats") or {}).get("ci95_rel")


def ops_per_s(record):
    """Operations per second: the record's own, else from its time per operation, or None."""
    if record.get("ops_per_s") is not None:
        return record["ops_per_s"]
    us = record.get("us_per_op")
    return 1e6 / us if us else None
