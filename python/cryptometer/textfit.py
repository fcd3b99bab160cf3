"""Fitting the commands' text to 100 columns: the one wrapping rule of the Python commands, the
same as the C commands' (src/util/text.c, cm_text_wrap_line; docs/cli.md, "100 columns").

A line wider than the width breaks after its last space that fits and continues under its value
column (where the text after a label and two or more spaces begins) when that lies in the first
half of the width, else 4 columns past its own indent.  A word longer than the room breaks after
its last ':' ',' or '/', else at the width.  Columns are characters, not bytes ('±' is one).
"""

import re

COLUMNS = 100
INDENT = 4


def hanging_indent(line, width=COLUMNS):
    """The column a continuation of ``line`` starts at."""
    lead = len(line) - len(line.lstrip(" "))
    gap = re.search(r"[^ ]  +", line[lead:])
    if gap:
        value = lead + gap.end()
        if value < len(line) and value <= width // 2:
            return value
    return lead + INDENT


def _cut_at(line, room):
    """Where the first piece of ``line`` (wider than ``room``) ends: after the last space that fits,
    else after the last ':' ',' '/' that fits, else at ``room``."""
    for i in range(room, 0, -1):
        if line[i] == " " and line[i - 1] != " ":
            return i
    for i in range(room, 1, -1):
        if line[i - 1] in ":,/":
            return i
    return room


def wrap_line(line, width=COLUMNS):
    """``line`` (without its newline) as lines of at most ``width`` columns."""
    indent, pad, out = hanging_indent(line, width), 0, []
    while len(line) > max(width - pad, 1):   # (an indent past the width: a column a line)
        cut = _cut_at(line, max(width - pad, 1))
        out.append(" " * pad + line[:cut])
        line = line[cut:].lstrip(" ")
        if not line:
            return out
        pad = indent
    return out + [" " * pad + line]


def fit(text, width=COLUMNS):
    """``text`` with every line wrapped by the rule (its final newline kept)."""
    end = "\n" if text.endswith("\n") else ""
    lines = text[:-1].split("\n") if end else text.split("\n")
    return "\n".join(part for line in lines for part in wrap_line(line, width)) + end
