"""collect's Answers table: one row per run, from the ``answers`` the core wrote into it.

The rules are the core's (src/records/answers*.c, docs/output.md "Answers");
this module only renders them: whether the figures can be quoted (the trust
answer), which crypto features are used by how many of the implementations
judged, and how many findings there are.  A document written before answers
existed gets a row that says so.
"""

from .figures import machine_label


def _accel(answers):
    parts = []
    for a in answers.get("acceleration") or []:
        used, unused = len(a.get("used_by") or []), len(a.get("not_used_by") or [])
        parts.append("%s %d/%d" % (a.get("feature", "?"), used, used + unused))
    return ", ".join(parts) or "none offered or judged"


def _findings(answers):
    kinds = {}
    for f in answers.get("findings") or []:
        kinds[f.get("kind", "?")] = kinds.get(f.get("kind", "?"), 0) + 1
    return ", ".join("%d %s" % (n, k) for k, n in sorted(kinds.items())) or "none"


def answer_rows(runs):
    """(machine, quotable, acceleration, findings) per run; quotable None: no answers in it."""
    rows = []
    for run in runs:
        answers = run.doc.get("answers")
        if not isinstance(answers, dict):
            rows.append((machine_label(run), None, "no answers in this document", "–"))
            continue
        trust = answers.get("trust") or {}
        rows.append((machine_label(run), bool(trust.get("quotable")), _accel(answers), _findings(answers)))
    return rows


def render(rows, esc):
    """The Markdown lines of the Answers table (esc escapes a cell)."""
    lines = ["## Answers", "",
             "Quotable: the run's health flags and clock allow quoting its figures. Acceleration: "
             "feature used/judged implementations (the core's answers, docs/output.md).", "",
             "| machine | quotable? | acceleration | findings |", "|---|---|---|---|"]
    for machine, quotable, accel, findings in rows:
        q = "–" if quotable is None else "yes" if quotable else "no"
        lines.append("| %s | %s | %s | %s |" % (esc(machine), q, esc(accel), esc(findings)))
    return lines + [""]
