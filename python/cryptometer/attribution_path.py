"""The path a record took and the bound of that path: decided from figures (docs/attribution.md).

``attribute`` takes one implementation's records at every step of a ladder
(attribution.steps) and returns the record's ``attribution`` object: the
path, how it is known (measured, declared, inferred, unknown), the figure
per step with what each step masked, the speed-up each group brings, and
the bound of the path with a flag when the figure lies below it.
"""

from . import attribution
from .figures import measured

MEASURED, DECLARED, INFERRED, UNKNOWN = "measured", "declared", "inferred", "unknown"


def _levels(table, kind, arch, lib, features):
    """The ladder's levels that can be this library's path on this CPU: the CPU has the
    level's group (the last level always counts) and the library has code for it."""
    have = attribution.present_groups(table, arch, features)
    own = ((lib or {}).get("levels") or {}).get(kind)
    return [lv for lv in table["ladders"][kind].get(arch, [])
            if (lv["mask"] is None or lv["mask"] in have) and (own is None or lv["level"] in own)]


def bound_of(doc, record, level):
    """The bound in cycles per byte of ``level`` for ``record``'s algorithm and operation from the
    document's instruction bounds, or None (no probe figures, or no bound model for the level)."""
    variant = level.get("bound_variant")
    if variant == "none":
        return None
    for b in ((doc.get("context") or {}).get("instruction_bounds") or {}).get("bounds") or []:
        if (b.get("algorithm"), b.get("operation"), b.get("variant")) == \
                (record["algorithm"], record["operation"], variant):
            return b.get("bound_cpb")
    return None


def _step_row(masked, table, arch, rec, env):
    labels = [table["groups"][arch][g]["label"] for g in masked]
    stats = rec.get("stats") or {}
    return {"masked": labels, "env": env, "status": rec.get("status"),
            "median_ns": stats.get("median_ns"), "ci95_low_ns": stats.get("ci95_low_ns"),
            "ci95_high_ns": stats.get("ci95_high_ns"), "cycles_per_byte": rec.get("cycles_per_byte")}


def measure_path(table, kind, arch, lib, features, masks, records, vendor=None):
    """(candidate levels, step rows, speed-ups, any step effective) from the figures per step.
    ``masks[i]`` are the groups masked at step i, ``records[i]`` the record measured then."""
    rule = table["slowdown"]
    ladder = table["ladders"][kind][arch]
    possible = {lv["level"] for lv in _levels(table, kind, arch, lib, features)}
    rows, speedups, last, last_env, effective = [], [], 0, {}, False
    found = None
    for i, masked in enumerate(masks):
        env = attribution.library_env(lib, arch, masked, features, vendor)
        rows.append(_step_row(masked, table, arch, records[i], env))
        if i == 0 or env == last_env or not measured(records[i]):
            continue
        effective = True
        newly = [g for g in masked if g not in masks[last]]
        gain = records[i]["stats"]["median_ns"] / records[last]["stats"]["median_ns"]
        speedups.append({"group": ", ".join(table["groups"][arch][g]["label"] for g in newly),
                         "speedup": gain, "changed": attribution.slower(records[i], records[last], rule)})
        if found is None and speedups[-1]["changed"]:
            found = (masks[last], masked)
        last, last_env = i, env
    if found is None:
        found = (masks[last], None)
    before, upto = found
    lo = next(j for j, lv in enumerate(ladder) if lv["mask"] not in before or lv["mask"] is None)
    hi = len(ladder) if upto is None else \
        max(j for j, lv in enumerate(ladder) if lv["mask"] in upto) + 1
    candidates = [lv for lv in ladder[lo:hi] if lv["level"] in possible]
    changed = any(sp["changed"] for sp in speedups)
    return candidates, rows, speedups, effective and changed


def reference_cpb(doc, record):
    """The record's cycles per byte at the probes' reference clock of the same run (the paired
    chain that holds on a loaded machine, docs/probes.md), else its own cycles per byte."""
    ref = ((doc.get("context") or {}).get("instruction_bounds") or {}).get("reference_mhz")
    nspb = record.get("ns_per_byte")
    return nspb * ref / 1000.0 if ref and nspb else record.get("cycles_per_byte")


def infer_path(table, kind, arch, lib, features, doc, record):
    """(candidate levels, note) from the figure (at the reference clock) against the bound of
    each possible level."""
    cpb = reference_cpb(doc, record)
    levels = _levels(table, kind, arch, lib, features)
    bounded = [(lv, bound_of(doc, record, lv)) for lv in levels]
    bounded = [(lv, b) for lv, b in bounded if b]
    if cpb is None or not bounded:
        return [], "no cycles per byte or no bound to infer from"
    within = table["inference"]["within"]
    reachable = [(lv, b) for lv, b in bounded if b <= cpb]
    if not reachable:
        return [], "%.3g cycles per byte is below the bound of every path here" % cpb
    level, bound = max(reachable, key=lambda x: x[1])
    if level is bounded[-1][0] and cpb > within * bound:
        below = levels[levels.index(level) + 1:]
        return below, "%.1f× the %s bound: slower than that path runs" % (cpb / bound, level["path"])
    return [level], "%.2f× the %s bound (a faster path run slowly is not ruled out)" % (cpb / bound, level["path"])


def declared_path(table, kind, arch, lib, variant):
    """The level our own variant declares, as a one-element list, or []."""
    name = ((lib or {}).get("declared") or {}).get(variant, {}).get(kind)
    return [lv for lv in table["ladders"][kind].get(arch, []) if lv["level"] == name]


def bound_check(doc, record, candidates, how):
    """(bound_cpb of the path, ratio, flag or None): the fastest candidate's bound (never a false
    'below'); a figure below it is flagged with the likely reason."""
    bounds = [b for b in (bound_of(doc, record, lv) for lv in candidates) if b]
    cpb = record.get("cycles_per_byte")
    if not bounds or cpb is None:
        return None, None, None
    bound = min(bounds)
    ratio = cpb / bound
    if ratio >= 1:
        return bound, ratio, None
    if how not in (MEASURED, DECLARED):
        return bound, ratio, "path unknown"
    clock = (record.get("clock") or {}).get("mhz_used")
    ref = ((doc.get("context") or {}).get("instruction_bounds") or {}).get("reference_mhz")
    if clock and ref and clock < 0.97 * ref:
        return bound, ratio, "clock read low (%.0f MHz beside the probes' %.0f)" % (clock, ref)
    return bound, ratio, "bound model incomplete"


def attribute(table, kind, arch, doc, masks, records, vendor=None):
    """The ``attribution`` object of records[0] (the unmasked figure) from its records per step."""
    rec = records[0]
    features = attribution.present_features(doc)
    lib = attribution.library_of(table, rec["backend"], rec["variant"])
    candidates, note = declared_path(table, kind, arch, lib, rec["variant"]), None
    rows, speedups, how = [], [], DECLARED
    if not candidates:
        candidates, rows, speedups, effective = measure_path(table, kind, arch, lib, features,
                                                             masks, records, vendor)
        how = MEASURED
        if not effective:
            candidates, note = infer_path(table, kind, arch, lib, features, doc, rec)
            how = INFERRED if candidates else UNKNOWN
            why = "no switch: %s" % (lib or {}).get("why", "library not in the table") \
                if not (lib or {}).get("switches") else "no mask changed the figure"
            note = "%s; %s" % (note, why)
    bound, ratio, flag = bound_check(doc, rec, candidates, how)
    return {"path": " or ".join(lv["path"] for lv in candidates) or None, "how": how,
            "levels": [lv["level"] for lv in candidates], "note": note,
            "library": (lib or {}).get("name"), "steps": rows, "speedups": speedups,
            "bound_cpb": bound, "bound_ratio": ratio, "bound_flag": flag}
