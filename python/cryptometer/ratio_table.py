"""``collect --write-table``: the learned AES-score-per-MHz ratios written back as the data table.

The table (data/aes_score_per_mhz.json, read by cryptometer.aes_score and by
the C core) keeps its description, rules and every family.  A family seen in
the collection gets its evidence: ``learned`` {machines, clusters, min, max,
median, spread, logs (imported logs, {log, sha256}), runs (our runs by id),
tool, date}.  Its ratio then follows the data only where the table derived it
from data (the family has ``derived_from``, or is new): the learned ratio (the
median score per MHz, rounded) and ``derived_from`` (the imported logs by
SHA-256, which makes their own verdicts ``circular``).  A ratio the table
takes from a published source (no ``derived_from``) is kept: the logs only
confirm or question it (``learned.median`` beside ``ratio``), and their
verdicts do not become circular.
A core name that no family lists becomes a family of its own, with the
architecture of its verdicts and the tolerance of the table's first family.

Regenerate the committed table from the fixture logs (docs/detect.md):

    cryptometer import sbc-bench tests/fixtures/sbc-bench/*.txt --out-dir /tmp/imported
    cryptometer collect /tmp/imported -o /tmp/RESULTS.md --write-table data/aes_score_per_mhz.json
"""

import copy
import json
from datetime import date

from . import __version__
from .aes_score import AesScoreTable


def updated_table(table_json, families):
    """A copy of the parsed table with ``families`` (collect.FamilyRatio) written in."""
    out = copy.deepcopy(table_json)
    by_name = {f["family"]: f for f in out["families"]}
    tolerance = out["families"][0]["tolerance"] if out["families"] else 0.05
    for fam in families:
        entry = by_name.get(fam.family)
        if entry is None:
            entry = {"family": fam.family, "cores": [fam.family], "arch": fam.arch, "tolerance": tolerance,
                     "source": "learned by cryptometer collect from the core name %r (no family listed it; "
                               "check it names one core type before relying on it)" % fam.family}
            out["families"].append(entry)
            by_name[fam.family] = entry
        logs = [s for s in fam.sources if "sha256" in s]
        if "derived_from" in entry or "ratio" not in entry:
            entry["ratio"] = round(fam.ratio)
            entry["derived_from"] = logs
        entry["learned"] = {"machines": fam.machines, "clusters": fam.clusters, "min": min(fam.scores),
                            "max": max(fam.scores), "median": round(fam.ratio, 1), "spread": round(fam.spread, 4),
                            "logs": logs, "runs": [s["run"] for s in fam.sources if "run" in s],
                            "tool": "cryptometer collect %s" % __version__, "date": date.today().isoformat()}
    AesScoreTable.from_json(out)  # the result must still be a table the inference reads
    return out


def dumps(table_json):
    return json.dumps(table_json, indent=2, ensure_ascii=False) + "\n"
