"""collect's Answers section: each run's ``answers`` as the core wrote them, one block per run.

The rules are the core's (src/records/answers*.c, docs/output.md "Answers"):
this module decides nothing.  It prints each run's ``lines`` (what ``run``
and ``show`` print first) as they are in the document, under the run's
machine label (in the tables' order, so files and a database give the same
page), and names the runs whose document has no answers (written
before run recorded them, or imported).  A database keeps a run's answers
with its document (cryptometer.store), so files and a database render alike.
"""

import re

from .figures import machine_label


def _lines(run):
    """The run's answer lines, or None when its document has none (or not as text)."""
    answers = run.doc.get("answers")
    lines = answers.get("lines") if isinstance(answers, dict) else None
    if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
        return None
    return lines


def _fence(lines):
    """A code fence longer than any run of backticks in the lines (so none closes it early)."""
    longest = max((len(m) for line in lines for m in re.findall(r"`+", line)), default=0)
    return "`" * max(3, longest + 1)


def render(runs, esc):
    """The Markdown lines of the Answers section (esc escapes text outside code)."""
    out = ["## Answers", "",
           "What each run's figures say, as its document's `answers` holds them: the lines "
           "`run` and `show` print first (docs/output.md).", ""]
    without = []
    for run in sorted(runs, key=lambda r: (machine_label(r), r.id)):  # as the tables: not by input order
        lines = _lines(run)
        if lines is None:
            without.append(machine_label(run))
            continue
        fence = _fence(lines)
        out += ["### %s" % esc(machine_label(run)), "", fence] + lines + [fence, ""]
    if without:
        out += ["No answers in the document of %d run(s) (written before run recorded them, or "
                "imported): %s." % (len(without), ", ".join(esc(label) for label in without)), ""]
    return out
