"""``cryptometer explain --filter REGEX [--sizes LIST] [--time S] [--json FILE]``: which code path each
library took, and what each CPU feature group is worth (docs/attribution.md).

Runs ``cryptometer run`` once as it is, then once per step of the ladder of
data/cpu_switches.json (and, with ``--rounds 2``, the default, every step
again in reverse order, keeping per record the faster run), each time with every library's switch set to mask
the groups of the levels above (OPENSSL_ia32cap, NETTLE_FAT_OVERRIDE,
GNUTLS_CPUID_OVERRIDE, BOTAN_CLEAR_CPUID, GODEBUG, our variable for
libgcrypt).  The document written is the unmasked run's, each attributed
record carrying ``attribution`` and ``settings.attribute`` the steps and
their environments.  Exit codes: 0 written, 1 a run failed, 2 usage or
unwritable output, 3 no binary or a broken table.
"""

import json
import os
import subprocess
import sys
import time

from . import aes_score, attribution, attribution_path, data, outputs, textfit
from .figures import MEASURED_STATUSES, measured

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_ENVIRONMENT = 0, 1, 2, 3


def add_arguments(parser):
    parser.add_argument("--filter", required=True, metavar="REGEX",
                        help="benchmarks to explain, as for run (e.g. aes-128-gcm/seal)")
    parser.add_argument("--sizes", default="16384", help="message sizes, as for run (default 16384)")
    parser.add_argument("--time", default="0.2", help="sampling budget per benchmark and size (default 0.2)")
    parser.add_argument("--cpu", help="pin to this CPU, as for run")
    parser.add_argument("--rounds", type=int, choices=(1, 2), default=2,
                        help="2 (default): every step measured again in reverse order, the faster run "
                             "kept, so a burst of load does not pass for a mask's effect; 1: once")
    parser.add_argument("--json", metavar="FILE",
                        help="document to write (default results/explain-<UTC time>.json)")


def _switch_vars(table):
    return {s["env"] for lib in table["libraries"] for s in lib["switches"]}


def _run(binary, args, extra_env, table, algorithms=None):
    """One `run` with ``extra_env`` over the switch variables (none inherited): its document."""
    env = {k: v for k, v in os.environ.items() if k not in _switch_vars(table)}
    env.update(extra_env)
    cmd = [binary, "run", "--filter", args.filter, "--sizes", args.sizes, "--time", args.time,
           "--json", "-", "--quiet"]
    if args.cpu:
        cmd += ["--cpu", args.cpu]
    if algorithms:
        cmd += ["--algorithms", ",".join(sorted(algorithms))]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if done.returncode not in (0, 1) or not done.stdout.strip():
        raise RuntimeError("run with %s exited %d: %s" % (extra_env or "no mask", done.returncode,
                                                          done.stderr.strip().splitlines()[-1:]))
    return json.loads(done.stdout)


def _by_key(doc):
    return {(r["name"], r.get("size")): r for r in doc["results"]}


def _faster(first, second):
    """Per record, the run of the two with the lower median (an ok one before any other)."""
    def median(r):
        return ((r or {}).get("stats") or {}).get("median_ns") if r and measured(r) else None
    out = dict(first)
    for key, rec in second.items():
        a, b = median(out.get(key)), median(rec)
        if b is not None and (a is None or b < a):
            out[key] = rec
    return out


def _attribute_kind(binary, args, table, base, kind, arch, vendor):
    """Run the steps of ladder ``kind`` and attach ``attribution`` to base's records of it;
    returns the steps as settings.attribute lists them."""
    features = attribution.present_features(base)
    masks = attribution.steps(table, kind, arch, features)
    algos = {r["algorithm"] for r in base["results"] if attribution.ladder_kind(table, r["algorithm"]) == kind}
    keyed = [_by_key(base)]
    for masked in masks[1:]:
        env = attribution.step_env(table, arch, masked, features, vendor)
        print("explain: %s with %s masked" % (kind, ", ".join(masked)), file=sys.stderr)
        keyed.append(_by_key(_run(binary, args, env, table, algos)))
    for i in reversed(range(len(masks)) if args.rounds == 2 else []):
        env = attribution.step_env(table, arch, masks[i], features, vendor)
        print("explain: %s with %s masked, again" % (kind, ", ".join(masks[i]) or "nothing"), file=sys.stderr)
        keyed[i] = _faster(keyed[i], _by_key(_run(binary, args, env, table, algos)))
    for n, rec in enumerate(base["results"]):
        key = (rec["name"], rec.get("size"))
        rec = base["results"][n] = keyed[0].get(key, rec)
        if rec["algorithm"] not in algos or not measured(rec) or rec.get("unit") != "byte":
            continue
        per_step = [k.get(key, {"status": "missing"}) for k in keyed]
        rec["attribution"] = attribution_path.attribute(table, kind, arch, base, masks, per_step, vendor)
    return [{"ladder": kind, "masked": m, "env": attribution.step_env(table, arch, m, features, vendor)}
            for m in masks]


def _line(rec):
    """One sentence per record: the path, how it is known, the figure, and what each masked group
    cost (e.g. "without AES-NI + PCLMULQDQ 17.6x slower"), with the total over the unmasked figure."""
    a = rec["attribution"]
    cpb = rec.get("cycles_per_byte")
    costs = ["without %s %.2f× slower" % (s["group"], s["speedup"]) for s in a["speedups"] if s["changed"]]
    steps = [s["median_ns"] for s in a["steps"] if s["status"] in MEASURED_STATUSES and s["median_ns"]]
    if len(costs) > 1 and steps:
        costs.append("%.1f× in all" % (steps[-1] / steps[0]))
    figure = "%.3f cpb" % cpb if cpb is not None else "%.3f ns/B" % (rec.get("ns_per_byte") or 0)
    flag = "; BELOW ITS BOUND: %s" % a["bound_flag"] if a["bound_flag"] else ""
    return "  %s at %s B: %s (%s), %s%s%s" % (rec["name"], rec.get("size"), a["path"] or "path unknown",
                                            a["how"], figure, "; " + ", ".join(costs) if costs else "", flag)


def run(args):
    try:
        binary = aes_score.find_binary()
        table = attribution.load()
    except (aes_score.TableError, data.DataError) as exc:
        print("cryptometer explain: %s" % exc, file=sys.stderr)
        return EXIT_ENVIRONMENT
    target = args.json or os.path.join("results", time.strftime("explain-%Y%m%dT%H%M%SZ.json", time.gmtime()))
    try:
        outputs.check_target(target)
        base = _run(binary, args, {}, table)
        cpu = (base.get("context") or {}).get("cpu") or {}
        arch, vendor = cpu.get("arch"), (cpu.get("vendor") or "").lower()
        vendor = "intel" if "intel" in vendor else "amd" if "amd" in vendor else None
        kinds = {attribution.ladder_kind(table, r["algorithm"]) for r in base["results"]} - {None}
        steps = []
        for kind in sorted(kinds):
            steps += _attribute_kind(binary, args, table, base, kind, arch, vendor)
    except outputs.OutputError as exc:
        print("cryptometer explain: %s" % exc, file=sys.stderr)
        return EXIT_USAGE
    except RuntimeError as exc:
        print("cryptometer explain: %s" % exc, file=sys.stderr)
        return EXIT_FAILED
    base["settings"]["attribute"] = {"table": "data/" + attribution.TABLE, "steps": steps}
    os.makedirs(os.path.dirname(target) or ".", exist_ok=True)
    outputs.write_atomic(target, json.dumps(base, indent=1).encode("utf-8"))
    textfit.say("\n".join([_line(rec) for rec in base["results"] if "attribution" in rec]
                          + ["written: %s" % target]))
    return EXIT_OK
