"""The table of ``cryptometer fleet detect``: hosts side by side, one row per feature, driver, verdict.

Reads each host's ``detect --json`` document (docs/detect.md) and prints one
column per host: status and architecture, CPU, every crypto feature seen on
any host (yes / no), AF_ALG, the kernel driver selected for a few common
algorithms, the AES-score verdict and the health flags.
"""

import json

from . import fleet, inputs, outputs, textfit
from .fleet import EXIT_FAILURES, EXIT_OK, make_dir, safe_name

# the kernel algorithms whose selected driver the table shows
KERNEL_ALGORITHMS = ("cbc(aes)", "gcm(aes)", "xts(aes)", "sha1", "sha256", "sha512")
CELL = 28


def _load(outcome):
    try:
        # a host's answer is a file like any other: the one reading policy (inputs.read_input)
        return json.loads(inputs.read_input(outcome.files["detect"], "result"))
    except (inputs.InputError, ValueError) as exc:
        outcome.status, outcome.reason = fleet.FAILED, "detect document unreadable: %s" % exc
        return None


def rows(hosts, docs):
    """[(label, [cell per host])] for the table."""
    def each(get):
        return [get(docs[h.host]) if docs.get(h.host) else "" for h in hosts]

    features = []
    for doc in docs.values():
        for f in doc["cpu"].get("features", []):
            if f["name"] not in features:
                features.append(f["name"])
    table = [("status", [h.status for h in hosts]),
             ("arch", [h.arch or "?" for h in hosts]),
             ("cpu", each(lambda d: d["cpu"].get("model_name") or "")),
             ("cores", each(lambda d: str(d["cpu"].get("cores", ""))))]
    for name in features:
        table.append(("feature " + name, each(
            lambda d, n=name: next(("yes" if f["present"] else "no" for f in d["cpu"].get("features", [])
                                    if f["name"] == n), "-"))))
    table.append(("AF_ALG", each(lambda d: "yes" if d["kernel_crypto"]["af_alg"].get("available") else "no")))
    for alg in KERNEL_ALGORITHMS:
        table.append(("kernel " + alg, each(
            lambda d, a=alg: next((e.get("selected") or "-" for e in d["kernel_crypto"].get("algorithms", [])
                                   if e.get("name") == a), "-"))))
    table.append(("AES score verdict", each(
        lambda d: ", ".join(s.get("verdict") or "?" for s in (d.get("aes_score") or {}).get("scores", [])) or "-")))
    table.append(("health", each(lambda d: ", ".join(f["id"] for f in d.get("health", [])) or "-")))
    return table


def _cut(text):
    return text if len(text) <= CELL else text[:CELL - 1] + "~"


def finish(hosts, save_dir, run_id):
    docs = {h.host: doc for h in hosts if h.status == fleet.OK for doc in [_load(h)] if doc is not None}
    table = rows(hosts, docs)
    grid = [[""] + [_cut(h.host) for h in hosts]] + [[label] + [_cut(c) for c in cells] for label, cells in table]
    lines = ["fleet detect %s: %d of %d hosts ok" % (run_id, len(docs), len(hosts))]
    lines += textfit.column_groups(grid, 1, [[i] for i in range(1, len(hosts) + 1)])   # hosts as many as fit
    for h in hosts:
        if h.status != fleet.OK:
            lines.append("%s: %s: %s" % (h.host, h.status, h.reason))
            lines += ["    | %s" % line for line in h.last_lines[-5:]]
    textfit.say("\n".join(lines))
    if save_dir is not None:
        make_dir(save_dir)
        for h in hosts:
            if h.host in docs:
                outputs.write_atomic(save_dir / (safe_name(h.host) + ".detect.json"),
                                     inputs.read_input(h.files["detect"], "result"))
        lines = [json.dumps(h.as_dict()) for h in hosts]
        outputs.write_atomic(save_dir / "status.jsonl", "\n".join(lines) + "\n")
        textfit.say("detect documents: %s/" % save_dir)
    return EXIT_OK if all(h.status == fleet.OK for h in hosts) else EXIT_FAILURES
