"""The renderings of ``cryptometer view`` (cryptometer.view_cmd): one table of text per run, in
column groups that fit 100 columns, with numbered notes for statuses other than ``ok``, for why a
row is in focus and for the sources of wire sizes, or one JSON document (format
``cryptometer-view-v1``) of every run's view."""

import json

from . import __version__, textfit

FORMAT = "cryptometer-view-v1"


class Notes:
    """Numbered notes under a table: the same text gets the same number."""

    def __init__(self):
        self.texts = []

    def ref(self, text):
        if text not in self.texts:
            self.texts.append(text)
        return "[%d]" % (self.texts.index(text) + 1)

    def lines(self):
        """``  [1]  text``, the texts aligned (a long one continues under its text)."""
        width = len("[%d]" % len(self.texts))
        return ["  %s  %s" % (("[%d]" % (i + 1)).ljust(width), t) for i, t in enumerate(self.texts)]


def cell_text(cell, notes, backend=None):
    """A cell's figure and spread, or its status with a note giving the reason: never blank."""
    if cell is None:
        return "—"
    if cell.ok:
        return cell.figure_text()
    who = "%s: " % backend if backend else ""
    return "%s %s" % (cell.status, notes.ref(who + (cell.reason or "no reason given")))


def ratio_text(row, backend):
    change = row.changes.get(backend)
    if change is None:
        return "—"
    mark = "*" if change.significant else ""
    return "×%.3f%s %s" % (change.ratio, mark, row.verdict(backend))


def _in_table(view, gen):
    """False for a generation the run could not have measured: unavailable, without a record."""
    return gen.system or gen.available or any(r.cells[gen.backend].status != "not-measured" for r in view.rows)


def _generation_line(view, gen):
    if gen.available:
        what = gen.version or "version not recorded"
    else:
        what = "unavailable: %s" % (gen.reason or "no reason given")
    if gen.system:
        what += " (the system's: the base of every ratio)"
    elif not _in_table(view, gen):
        what += "; not in the table (no record)"
    return "  %s  %s" % (gen.backend.ljust(max(len(g.backend) for g in view.generations)), what)


def _row_label(row, notes):
    """The benchmark, with the note saying why it is in focus (and that params differ)."""
    why = ["in focus: " + "; ".join(row.focus)] if row.focus else []
    if row.params_differ:
        why.append("the generations' records differ in params")
    return row.label + (" " + "".join(notes.ref(w) for w in why) if why else "")


def generations_text(view):
    lines = ["OpenSSL generations"] + [_generation_line(view, g) for g in view.generations]
    lines.append("ratio: the generation's time per operation (the column to its left) / the system's (above "
                 "1: slower than the system's); * significant (Mann-Whitney U, Benjamini-Hochberg p < %g, "
                 "95%% CI of the ratio excludes 1); slower/faster: significant and beyond %g%%"
                 % (view.alpha, 100 * view.threshold))
    system = view.generations[0]
    others = [g for g in view.generations[1:] if _in_table(view, g)]
    notes = Notes()
    table = [["benchmark", system.backend] + [c for g in others for c in (g.backend, "ratio")]]
    for row in view.rows:
        line = [_row_label(row, notes), cell_text(row.cells[system.backend], notes, system.backend)]
        for g in others:
            line += [cell_text(row.cells[g.backend], notes, g.backend), ratio_text(row, g.backend)]
        table.append(line)
    units = [[2 + 2 * i, 3 + 2 * i] for i in range(len(others))]
    return lines + textfit.column_groups(table, 2, units) + notes.lines()


def choice_text(view):
    lines = ["%s choice (ops/s with the 95%% CI of the median; bytes on the wire)" % view.title.capitalize()]
    header = ["algorithm", "implementation"] + list(view.operations) \
        + [c["column"] for c in view.wire_columns]
    notes, table = Notes(), [header]
    for row in view.rows:
        line = [row.algorithm, row.label] + [cell_text(row.cells[op], notes) for op in view.operations]
        for column in view.wire_columns:
            wire = row.wire[column["param"]]
            line.append("%s %s" % ("?" if wire.value is None else wire.value, notes.ref(wire.source)))
        table.append(line)
    ops = len(view.operations)
    units = [[2 + i] for i in range(ops)] + [list(range(2 + ops, len(header)))]
    out = lines + textfit.column_groups(table, 2, units) + notes.lines()
    out += ["  %s: %s" % (c["column"], c["what"]) for c in view.wire_columns]
    out += ["  —: the algorithm has no such operation"]
    if view.absent:
        out.append("not in this run: %s" % ", ".join(view.absent))
    return out


def format_text(view_name, built):
    lines = []
    for run, view in built:
        lines.append("Run %s (%s)" % (run.label, run.origin))
        if view is None:
            lines.append("  nothing to show: %s" % nothing(view_name))
        else:
            lines += generations_text(view) if view_name == "generations" else choice_text(view)
        lines.append("")
    return textfit.fit("\n".join(lines))


def nothing(view_name):
    if view_name == "generations":
        return "no record of an OpenSSL generation (backend openssl or openssl-*), or only one generation known"
    return "no record of the %s choice's algorithms" % view_name


# ---- JSON ---------------------------------------------------------------------------------------

def format_json(view_name, built):
    doc = {"format": FORMAT, "view": view_name, "cryptometer_version": __version__,
           "runs": [{"run": run.id, "label": run.label, "origin": run.origin,
                     "view": None if view is None else view.as_json(),
                     "note": nothing(view_name) if view is None else None} for run, view in built]}
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
