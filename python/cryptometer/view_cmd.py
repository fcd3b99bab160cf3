"""``cryptometer view generations|kex|signature INPUT...``: like-for-like tables of a run.

- ``generations``: the OpenSSL generations of a run as columns (cryptometer.generations),
  each other generation's ratio to the system's with its significance test;
- ``kex``, ``signature``: the choice tables of data/choices.json (cryptometer.choices),
  ops/s per operation and bytes on the wire.

Each run of the inputs gets its own table.  Output: text (statuses other than
``ok`` and the sources of wire sizes as numbered notes under each table), or
JSON with ``--json``; ``-o FILE`` writes it to a file.  Exit codes: 0 written;
2 usage or unwritable output; 3 an input refused, a data table unreadable, or
no run with a record the view shows.
"""

import json
import os
import sys

from . import __version__, choices, data, outputs, sources

EXIT_OK, EXIT_USAGE, EXIT_ENVIRONMENT = 0, 2, 3
VIEWS = ("generations", "kex", "signature")
FORMAT = "cryptometer-view-v1"


def add_arguments(parser):
    parser.add_argument("view", choices=VIEWS, help="generations: OpenSSL generations side by side; "
                        "kex, signature: the choice tables of data/choices.json")
    sources.add_arguments(parser)
    parser.add_argument("--threshold", type=float, default=5.0, metavar="PERCENT",
                        help="generations: flag significant ratios beyond this (default: %(default)s%%)")
    parser.add_argument("--alpha", type=float, default=0.01,
                        help="generations: significance level of the adjusted p-value (default: %(default)s)")
    parser.add_argument("--json", action="store_true", help="write JSON instead of text")
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")


# ---- building -----------------------------------------------------------------------------------

def build(view, runs, threshold=0.05, alpha=0.01):
    """[(run, View or None)] for each run; raise data.DataError when a data table cannot be read."""
    if view == "generations":
        from . import generations   # SciPy, for the test: only when asked for
        rules = generations.load_focus()
        return [(run, generations.build(run, rules, threshold, alpha)) for run in runs]
    table = choices.load_table()
    return [(run, choices.build(run, view, table)) for run in runs]


# ---- text ---------------------------------------------------------------------------------------

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


# ---- the command --------------------------------------------------------------------------------

def run(args):
    command = "view %s" % args.view
    if args.output:   # the output first, as every command checks it before its work
        try:
            outputs.check_target(args.output, inputs=[i for i in args.inputs if os.path.exists(i)])
        except outputs.OutputError as exc:
            print("cryptometer %s: %s" % (command, exc), file=sys.stderr)
            return EXIT_USAGE
    runs, errors = sources.load_reported(args, command)
    if not runs:
        return EXIT_ENVIRONMENT
    try:
        built = build(args.view, runs, args.threshold / 100.0, args.alpha)
    except data.DataError as exc:
        print("cryptometer %s: %s" % (command, exc), file=sys.stderr)
        return EXIT_ENVIRONMENT
    if all(view is None for _, view in built):
        print("cryptometer %s: %s in the inputs" % (command, nothing(args.view)), file=sys.stderr)
        return EXIT_ENVIRONMENT
    text = (format_json if args.json else format_text)(args.view, built)
    if args.output:
        try:
            outputs.write_atomic(args.output, text, inputs=[r.path for r in runs if r.path])
        except outputs.OutputError as exc:
            print("cryptometer %s: %s" % (command, exc), file=sys.stderr)
            return EXIT_USAGE
    else:
        sys.stdout.write(text)
    return EXIT_ENVIRONMENT if errors else EXIT_OK
