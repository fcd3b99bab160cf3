"""The report's first screen: a run's ``answers`` (acceleration, fastest, findings, trust).

The ``answers`` object is written by the C core (issue 23, "Answers first";
its shape is docs/result-format.md's): every item carries ``text``, one
sentence with its evidence, which the page prints as written; the structured
fields make the fastest-per-operation table.  A document without ``answers``
(older runs, imports) still renders: ``summary`` says "no answers in this
document" and the page goes on with its sections.  Fields are read
defensively (a missing or wrongly typed field is left out, never printed as
``None``), since imported and hand-made documents reach the report too.
"""

from . import report_numbers as num

NO_ANSWERS = "No answers in this document: it was written before run recorded them, or imported."


def _items(answers, key):
    value = answers.get(key)
    return [i for i in value if isinstance(i, dict)] if isinstance(value, list) else []


def _text(item, key="text"):
    value = item.get(key)
    return value if isinstance(value, str) else ""


def _after_heading(text, *headings):
    """``text`` without a leading heading the card already shows ("Trust: quotable: ", "Security: "):
    the C core writes each answer as a sentence that stands alone in a terminal."""
    for heading in headings:
        if heading and text.lower().startswith(heading.lower()):
            return text[len(heading):].lstrip(": ")
    return text


def _names(item, key):
    value = item.get(key)
    return ", ".join(v for v in value if isinstance(v, str)) if isinstance(value, list) else ""


def _fastest_row(item):
    unit = _text(item, "unit")
    low_high = item.get("margin_ci") if isinstance(item.get("margin_ci"), list) else []
    ci = ("%s–%s" % (num.number(low_high[0]), num.number(low_high[1]))
          if len(low_high) == 2 and num.number(low_high[0]) and num.number(low_high[1]) else "")
    return {"operation": _text(item, "operation"), "size": num.size(item.get("size")),
            "winner": _text(item, "winner"), "value": num.with_unit(item.get("winner_value"), unit),
            "runner_up": _text(item, "runner_up"), "runner_up_value": num.with_unit(item.get("runner_up_value"), unit),
            "margin": num.ratio(item.get("margin")), "margin_ci": ci, "clear": item.get("clear") is True,
            "text": _text(item)}


def summary(doc):
    """The first screen of one run: {present, note, acceleration, fastest, findings, trust, lines}."""
    answers = doc.get("answers")
    if not isinstance(answers, dict):
        return {"present": False, "note": NO_ANSWERS, "acceleration": [], "fastest": [], "findings": [],
                "trust": None, "lines": []}
    trust = answers.get("trust") if isinstance(answers.get("trust"), dict) else {}
    flags = trust.get("flags") if isinstance(trust.get("flags"), list) else []
    return {
        "present": True, "note": None,
        "acceleration": [{"feature": _text(a, "feature"), "used_by": _names(a, "used_by"),
                          "not_used_by": _names(a, "not_used_by"), "text": _text(a)}
                         for a in _items(answers, "acceleration")],
        "fastest": [_fastest_row(f) for f in _items(answers, "fastest")],
        "findings": [{"kind": _text(f, "kind"), "implementation": _text(f, "implementation"),
                      "security": f.get("security_relevant") is True,
                      "text": _after_heading(_text(f), _text(f, "kind").replace("-", " "))}
                     for f in _items(answers, "findings")],
        "trust": {"quotable": trust.get("quotable") is True,
                  "text": _after_heading(_text(trust), "Trust: not quotable", "Trust: quotable", "Trust"),
                  "flags": ", ".join(f for f in flags if isinstance(f, str))} if trust else None,
        "lines": [line for line in answers.get("lines") or [] if isinstance(line, str)]
        if isinstance(answers.get("lines"), list) else [],
    }
