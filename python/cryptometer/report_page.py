"""One run's part of the report, as the template shows it: facts, answers, families, context.

``run_part`` gathers everything the page says about one run: its facts (host,
CPU, date, counts), its ``answers`` summary (cryptometer.report_answers), a
section per operation family with its tables and chart
(cryptometer.report_families, report_tables, report_charts), the probes and
bounds, detection and health (``context``), and the records that were not
measured, with their reasons, for the list at the end.  Every value reaching
the template is a string already formatted (report_numbers) or a field the
template prints through a ``|default("", true)``, so no ``None`` is shown.
"""

from . import report_answers, report_charts, report_families, report_tables
from . import report_numbers as num
from .figures import ok_records


def _get(obj, *path):
    for key in path:
        obj = obj.get(key) if isinstance(obj, dict) else None
    return obj


def facts(run):
    """The lines under a run's heading: where, what, when, how many."""
    doc = run.doc
    ctx = doc.get("context") or {}
    cpu = ctx.get("cpu") or {}
    results = doc.get("results") or []
    measured = len(ok_records(run))
    return {
        "label": run.label, "origin": run.origin,
        "host": _get(ctx, "host", "hostname") or _get(doc, "source", "device") or "?",
        "os": " ".join(str(x) for x in (_get(ctx, "host", "os"), _get(ctx, "host", "kernel")) if x),
        "cpu": cpu.get("model_name") or "CPU not named",
        "cpu_more": ", ".join(t for t in (cpu.get("arch"), "%s cores" % cpu["cores"] if cpu.get("cores") else None) if t),
        "date": str(doc.get("started") or ""), "complete": doc.get("complete") is True,
        "tool": "%s %s" % (_get(doc, "tool", "name") or "?", _get(doc, "tool", "version") or ""),
        "source": " ".join(str(x) for x in (_get(doc, "source", "tool"), _get(doc, "source", "file")) if x),
        "counts": "%s measured, %s not measured" % (num.count(measured), num.count(len(results) - measured)),
    }


def _bound_rows(ctx):
    bounds = _get(ctx, "instruction_bounds", "bounds") or []
    return [{"what": "%s %s" % (b.get("algorithm") or "?", b.get("operation") or "?"),
             "variant": b.get("variant") or "", "formula": b.get("formula") or "",
             "bound": num.with_unit(b.get("bound_cpb"), "cycles/B", "—"),
             "status": b.get("status") or "", "reason": b.get("reason") or b.get("why") or ""}
            for b in bounds if isinstance(b, dict)]


def _probe_rows(ctx):
    probes = _get(ctx, "instruction_bounds", "probes") or []
    return [{"name": p.get("name") or "?", "instruction": p.get("instruction") or "",
             "latency": num.with_unit(_get(p, "latency", "cycles"), "cycles", "—"),
             "throughput": num.with_unit(_get(p, "throughput", "cycles"), "cycles", "—"),
             "status": p.get("status") or "", "reason": p.get("reason") or ""}
            for p in probes if isinstance(p, dict)]


def probes(run, charts=True):
    """The probes and bounds section: {probes, bounds, chart, note}."""
    ctx = run.doc.get("context") or {}
    ib = ctx.get("instruction_bounds")
    note = None if ib else "This run has no instruction probe (run probes only when a measured benchmark has a bound)."
    if isinstance(ib, dict) and ib.get("reason"):
        note = "No bounds: %s" % ib["reason"]
    return {"probes": _probe_rows(ctx), "bounds": _bound_rows(ctx), "chart": report_charts.bounds_chart(run) if charts else None,
            "note": note, "mhz": num.with_unit(_get(ib, "reference_mhz"), "MHz")}


def detection(run):
    """Clusters, crypto features, AF_ALG and AES-score lines of the detection section."""
    ctx = run.doc.get("context") or {}
    cpu = ctx.get("cpu") or {}
    clusters = [{"id": str(c.get("id", "?")), "cpus": ",".join(str(x) for x in c.get("cpus") or []),
                 "core": c.get("core_name") or "", "measured": num.with_unit(c.get("measured_mhz"), "MHz"),
                 "claimed": num.with_unit(c.get("claimed_mhz"), "MHz"), "governor": c.get("governor") or ""}
                for c in cpu.get("clusters") or [] if isinstance(c, dict)]
    features = [{"name": f.get("name") or "?", "present": f.get("present") is True}
                for f in cpu.get("features") or [] if isinstance(f, dict)]
    scores = [{"cluster": str(a.get("cluster", "")), "core": a.get("core_name") or "",
               "mhz": num.with_unit(a.get("mhz"), "MHz"), "per_mhz": num.number(a.get("score_per_mhz")),
               "verdict": a.get("verdict") or "", "message": a.get("message") or ""}
              for a in _get(run.doc, "analysis", "aes_score") or [] if isinstance(a, dict)]
    af_alg = _get(ctx, "kernel_crypto", "af_alg")
    return {"clusters": clusters, "features": features, "scores": scores,
            "af_alg": None if not isinstance(af_alg, dict) else (
                "available" if af_alg.get("available") else "not available: %s" % (af_alg.get("reason") or "no reason given"))}


def libraries(run):
    return [{"backend": lib.get("backend") or "?", "available": "yes" if lib.get("available") else "no",
             "detail": (lib.get("version") if lib.get("available") else lib.get("reason")) or "not given"}
            for lib in _get(run.doc, "context", "libraries") or [] if isinstance(lib, dict)]


def family_sections(run, prefix, charts=True):
    """One section per family with records: {id, title, about, tables, chart (None without ``charts``)}."""
    out = []
    for fid, records in report_families.split(ok_records(run)).items():
        title = report_families.TITLES[fid]
        out.append({"id": "%s-%s" % (prefix, fid), "title": title, "about": report_families.about(fid),
                    "tables": report_tables.family_tables(run.doc, fid, records),
                    "chart": report_charts.family_chart(run, fid, title, records) if charts else None})
    return out


def run_part(run, index, charts=True):
    """Everything the page shows of one run (``index`` from 1 makes its ids unique); ``charts``
    False leaves the charts out (a page of several runs folds their full sections, tables only)."""
    prefix = "r%d" % index
    doc = run.doc
    return {"index": index, "prefix": prefix, "run": run, "doc": doc, "facts": facts(run),
            "answers": report_answers.summary(doc), "sections": family_sections(run, prefix, charts),
            "probes": probes(run, charts), "detection": detection(run), "libraries": libraries(run),
            "health": [h for h in _get(doc, "context", "health") or [] if isinstance(h, dict)],
            "warnings": [w for w in doc.get("warnings") or [] if isinstance(w, str)],
            "unmeasured": report_tables.unmeasured(doc),
            # the default suite without --runtimes (settings.runtimes false: docs/cli.md, "Suites")
            "runtimes_left_out": _get(doc, "settings", "runtimes") is False,
            # the default suite's limits on an implementation's sizes (settings.size_limits)
            "size_limits": [l for l in _get(doc, "settings", "size_limits") or []
                            if isinstance(l, dict) and {"implementation", "max_size", "why"} <= l.keys()]}
