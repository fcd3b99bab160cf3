"""The renderings of ``cryptometer view`` (cryptometer.view_cmd): one table of text per run, with
numbered notes for statuses other than ``ok`` and for the sources of wire sizes, or one JSON
document (format ``cryptometer-view-v1``) of every run's view."""

import json

from . import __version__

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
        return ["  [%d] %s" % (i + 1, t) for i, t in enumerate(self.texts)]


def aligned(table):
    """Rows of cells as lines, each column as wide as its widest cell."""
    widths = [max(len(r[i]) for r in table) for i in range(len(table[0]))]
    return ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in table]


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


def generations_text(view):
    gens = view.generations
    lines = ["OpenSSL generations: " + "; ".join(
        "%s%s (%s)" % (g.backend, " = the system's" if g.system else "",
                       g.version if g.available else "unavailable: %s" % (g.reason or "no reason given"))
        for g in gens)]
    lines.append("ratio: time per operation / the system's (above 1: slower than the system's); * significant "
                 "(Mann-Whitney U, Benjamini-Hochberg p < %g, 95%% CI of the ratio excludes 1); slower/faster: "
                 "significant and beyond %g%%" % (view.alpha, 100 * view.threshold))
    header = ["benchmark"]
    for g in gens:
        header.append(g.backend)
        if not g.system:
            header.append("%s/system" % g.backend)
    header.append("focus")
    notes, table = Notes(), [header]
    for row in view.rows:
        line = [row.label]
        for g in gens:
            line.append(cell_text(row.cells[g.backend], notes, g.backend))
            if not g.system:
                line.append(ratio_text(row, g.backend))
        why = "; ".join(row.focus)
        if row.params_differ:
            why = (why + "; " if why else "") + notes.ref("the generations' records differ in params")
        line.append(why)
        table.append(line)
    return lines + aligned(table) + notes.lines()


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
    out = lines + aligned(table) + notes.lines()
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
    return "\n".join(lines)


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
