"""Fitting the commands' text to 100 columns: the one wrapping rule of the Python commands, the
same as the C commands' (src/util/text.c, cm_text_wrap_line; docs/cli.md, "100 columns").

A line wider than the width breaks after its last space that fits and continues under its value
column (where the text after a label and two or more spaces begins) when that lies in the first
half of the width, else 4 columns past its own indent (at most half the width).  A word longer
than the room breaks after its last ':' ',' or '/', else at the width.  Columns are characters, not bytes ('±' is one).
A table fits by its columns, not by wrapping its rows: ``column_groups`` sets as many columns side
by side as fit, the next ones in a group of their own, each group with the key columns.
"""

import re
import sys

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
    return min(lead + INDENT, width // 2)  # a continuation keeps at least half the width


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
    while len(line) > width - pad:
        cut = _cut_at(line, width - pad)
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


def say(text, file=None):
    """Print ``text`` (one line or several) fitted to the width, on standard output by default."""
    print(fit(text), file=file or sys.stdout)


def aligned(table, right=()):
    """Rows of cells as lines, each column as wide as its widest cell (padded by characters), the
    columns whose index is in ``right`` right-aligned."""
    widths = [max(len(r[i]) for r in table) for i in range(len(table[0]))]
    return ["  ".join(c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip()
            for r in table]


def column_groups(table, keys, units, width=COLUMNS):
    """``table`` (header first) as one or more aligned tables of at most ``width`` columns: its first
    ``keys`` columns in each, then as many of ``units`` (lists of columns kept side by side) as fit,
    in order; the groups apart by a blank line.  (Key columns wider than the width: a unit a group.)"""
    widths = [max(len(r[i]) for r in table) + 2 for i in range(len(table[0]))]
    groups, room = [[]], width + 2 - sum(widths[:keys])
    for unit in units:
        need = sum(widths[i] for i in unit)
        if groups[-1] and need > room:
            groups.append([])
            room = width + 2 - sum(widths[:keys])
        groups[-1] += unit
        room -= need
    lines = []
    for group in groups:
        columns = list(range(keys)) + group
        lines += ([""] if lines else []) + aligned([[r[i] for i in columns] for r in table])
    return lines
