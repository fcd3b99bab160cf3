"""Which code path a library took: the logic of ``cryptometer explain`` (docs/attribution.md).

Everything here works on figures already measured, so tests feed it recorded
documents.  The table is ``data/cpu_switches.json``: feature groups, the
ladders of code paths per kind of algorithm (fastest first), and per library
its switches (environment variables) and how a set of masked groups becomes
each variable's value.  A step of the ladder masks the groups of every level
above it; a library's path is the level whose masking first slowed it down
(measured), the variant's own (declared, our code), or, without a switch,
the level its speed allows against the instruction bounds (inferred).
"""

from . import data

TABLE = "cpu_switches.json"


def load():
    """The switch table (raises data.DataError when missing or malformed)."""
    return data.load_json(TABLE)


def present_features(doc):
    """The set of CPU features a result document's context says are present."""
    feats = ((doc.get("context") or {}).get("cpu") or {}).get("features") or []
    return {f["name"] for f in feats if f.get("present")}


def ladder_kind(table, algorithm):
    """The ladder kind (e.g. 'aes-gcm') that covers ``algorithm``, or None."""
    for kind, ladder in table["ladders"].items():
        if algorithm in ladder["algorithms"]:
            return kind
    return None


def present_groups(table, arch, features):
    """The groups of ``arch`` whose features are all present."""
    groups = table["groups"].get(arch, {})
    return {g for g, spec in groups.items() if all(f in features for f in spec["features"])}


def steps(table, kind, arch, features):
    """The masked groups of each step, step 0 masking nothing: the groups of the levels above,
    leaving out groups the CPU lacks (their levels cannot be the path here)."""
    have = present_groups(table, arch, features)
    out, masked = [[]], []
    for level in table["ladders"][kind].get(arch, []):
        group = level["mask"]
        if group is None or group not in have:
            continue
        masked = masked + [group]
        out.append(list(masked))
    return out


def library_of(table, backend, variant):
    """The library entry that serves ``backend`` (or ``backend:variant``), or None."""
    for lib in table["libraries"]:
        if backend in lib["backends"] or "%s:%s" % (backend, variant) in lib["backends"]:
            return lib
    return None


def _hex_or(values):
    total = 0
    for v in values:
        total |= int(v, 16)
    return total


def _names(switch, masked):
    out = []
    for group in masked:
        for name in switch["names"].get(group, []):
            if name not in out:
                out.append(name)
    return out


def switch_value(switch, masked, features, vendor=None):
    """The value of ``switch``'s variable with ``masked`` groups off, or None when the switch
    names none of them (the library runs as unmasked)."""
    names = _names(switch, masked)
    if not names:
        return None
    enc = switch["encoding"]
    if enc == "openssl-ia32cap":
        words = [_hex_or(switch["names"][g][i] for g in masked if g in switch["names"]) for i in (0, 1)]
        return "~0x%X:~0x%X" % tuple(words)
    if enc == "openssl-armcap":
        bits = _hex_or(b for f, b in switch["bits"].items() if f in features)
        return "0x%X" % (bits & ~_hex_or(names))
    if enc == "nettle-fat":
        keep = [n for n, f in switch["features"].items() if f in features and n not in names]
        return ",".join((["vendor:" + vendor] if vendor in ("intel", "amd") else []) + keep)
    if enc == "gnutls-cpuid":
        bits = _hex_or(b for b, f in switch["features"].items() if f in features) & ~_hex_or(names)
        return "0x%X" % (bits or 1)
    if enc == "comma-list":
        return ",".join(names)
    if enc == "godebug-cpu":
        return ",".join("cpu.%s=off" % n for n in names)
    raise ValueError("unknown switch encoding %r in %s" % (enc, TABLE))


def step_env(table, arch, masked, features, vendor=None):
    """The environment of one step: every library's switch for ``arch`` set for ``masked``."""
    env = {}
    for lib in table["libraries"]:
        for switch in lib["switches"]:
            if switch["arch"] not in (arch, "any"):
                continue
            value = switch_value(switch, masked, features, vendor)
            if value is not None:
                env[switch["env"]] = value
    return env


def library_env(lib, arch, masked, features, vendor=None):
    """What ``lib``'s own switches are set to at a step ({} when unmasked)."""
    env = {}
    for switch in (lib or {}).get("switches", []):
        if switch["arch"] in (arch, "any"):
            value = switch_value(switch, masked, features, vendor)
            if value is not None:
                env[switch["env"]] = value
    return env


def slower(after, before, rule):
    """Whether figure ``after`` (a record) is slower than ``before`` beyond noise (the table's
    ``slowdown`` rule): its median at least ``ratio`` times, and either the 95% confidence
    intervals apart or the median at least ``clear_ratio`` times (a loaded machine widens the
    intervals of both)."""
    a, b = after.get("stats") or {}, before.get("stats") or {}
    if not a.get("median_ns") or not b.get("median_ns"):
        return False
    if a["median_ns"] < rule["ratio"] * b["median_ns"]:
        return False
    if a["median_ns"] >= rule["clear_ratio"] * b["median_ns"]:
        return True
    low, high = a.get("ci95_low_ns"), b.get("ci95_high_ns")
    return low is None or high is None or low > high
