"""``cryptometer compare A B`` or ``compare A1 A2 ... vs B1 B2 ...``: two sides, benchmark by benchmark.

Each side is one run or several (result files, or run ids with ``--db``), as
benchstat takes several runs per side.  The statistics are
cryptometer.comparison's.  Output: a benchstat-like table that fits 100
columns, with a geometric-mean line, or Markdown with ``--markdown`` (``-o FILE``
writes it to a file).  Exit codes (EXIT_*, the one place; docs/cli.md): 0 nothing
flagged, 1 a significant regression beyond ``--threshold``, 2 usage, 3 an input
unreadable or refused, 4 inconclusive: a change would be flagged but a side's
health flags say the machine was busy or its clock unsteady, or its trust answer
that most of its figures are not reproducible and the change is within their
spread.
"""

import argparse
import sys

from . import outputs, sources, textfit
from .comparison import compare_sides, geometric_means
from .figures import benchmark_label

EXIT_OK, EXIT_REGRESSION, EXIT_USAGE, EXIT_ENVIRONMENT, EXIT_INCONCLUSIVE = 0, 1, 2, 3, 4
SEPARATOR = "vs"      # between the runs of side A and those of side B
WIDTH = textfit.COLUMNS   # the text table's lines fit this; the benchmark column takes what is left
MIN_NAME_WIDTH = 24
VERDICT_TEXT = {"inconclusive": "inconclusive (machine busy)"}   # Markdown; the text table's
                      # preamble and summary say "(machine busy)" once


def add_arguments(parser):
    sources.add_arguments(parser, inputs_help="A and B: two result files (or run ids with --db), or "
                                              "several per side: A1 A2 ... vs B1 B2 ...")
    parser.add_argument("--threshold", type=float, default=5.0, metavar="PERCENT",
                        help="flag significant changes larger than this (default: %(default)s%%)")
    parser.add_argument("--alpha", type=float, default=0.01,
                        help="significance level of the adjusted p-value (default: %(default)s)")
    parser.add_argument("--markdown", action="store_true", help="write Markdown instead of a text table")
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")


def _sides(inputs):
    """(A inputs, B inputs) of the command line, or None when they do not make two sides."""
    if SEPARATOR in inputs:
        i = inputs.index(SEPARATOR)
        a, b = inputs[:i], inputs[i + 1:]
        return (a, b) if a and b and SEPARATOR not in b else None
    return ([inputs[0]], [inputs[1]]) if len(inputs) == 2 else None


def load_pair(args, command):
    """(runs of A, runs of B) of ``args.inputs``, or (None, exit code) after printing why."""
    sides = _sides(args.inputs)
    if sides is None:
        print("cryptometer %s: needs two sides: A B, or A1 A2 ... %s B1 B2 ... (%d inputs given)"
              % (command, SEPARATOR, len(args.inputs)), file=sys.stderr)
        return None, EXIT_USAGE
    loaded = []
    for inputs in sides:
        runs, errors = sources.load(argparse.Namespace(**dict(vars(args), inputs=inputs)))
        sources.report_errors(command, errors)
        if errors or len(runs) < len(inputs):
            if not errors:
                print("cryptometer %s: the inputs %s name %d runs, not %d"
                      % (command, " ".join(inputs), len(runs), len(inputs)), file=sys.stderr)
            return None, EXIT_ENVIRONMENT
        loaded.append(runs)
    return loaded, EXIT_OK


def _figure(ns, spread):
    text = "%.4g" % ns if ns < 1e4 else "%.0f" % ns
    return text + (" ±%.0f%%" % (100 * spread / 2) if spread else "")


def _name(label, width):
    """The label in ``width`` columns: its middle left out, so that both the implementation and
    the size stay."""
    if len(label) <= width:
        return label
    head = (width - 1) // 2
    return label[:head] + "…" + label[len(label) - (width - 1 - head):]


def rows(comparison):
    """(benchmark, A ns/op ±, B ns/op ±, B/A, change, CI, p, n, verdict) per benchmark, flagged first."""
    order = {"regression": 0, "improvement": 1, "inconclusive": 2, "not-tested": 3, "same": 4}
    out = []
    for c in sorted(comparison.changes, key=lambda c: (order[c.verdict], -abs(c.ratio - 1))):
        tested = c.p_value is not None
        out.append((benchmark_label(c.key), _figure(c.median_a, c.spread_a), _figure(c.median_b, c.spread_b),
                    "%.3f" % c.ratio, "%+.1f%%" % c.change_pct,
                    "%.3f–%.3f" % (c.ci_low, c.ci_high) if tested else "-",
                    "p=%.2g" % c.p_adjusted if tested else "-", "n=%d+%d" % (c.n_a, c.n_b),
                    c.verdict))
    return out


HEADER = ("benchmark", "A ns/op", "B ns/op", "B/A time", "change", "95% CI of ratio", "p (adj.)", "n", "verdict")
TEXT_COLUMNS = (0, 1, 2, 4, 6, 8)     # the text table leaves out B/A, the interval and n (Markdown has all)


def _side_lines(name, runs):
    if len(runs) == 1:
        return ["%s: %s (%s)" % (name, runs[0].label, runs[0].origin)]
    return ["%s: %d runs: %s" % (name, len(runs), ", ".join(r.label for r in runs))]


def _preamble(comparison, runs_a, runs_b):
    lines = _side_lines("A", runs_a) + _side_lines("B", runs_b)
    lines += ["warning: %s" % w for w in comparison.warnings]
    if comparison.distrusted:
        beyond = ("" if comparison.ceiling is None else ", unless it is beyond the most a figure "
                  "moved between rounds in either side (%.0f%%)" % (100 * comparison.ceiling))
        lines.append("machine busy, clock unsteady or figures not reproducible (flags %s): a change "
                     "that would be flagged is reported as inconclusive (machine busy)%s"
                     % (", ".join(comparison.distrusted), beyond))
    lines += ["note: %s" % n for n in comparison.notes]
    for side, keys in (("A", comparison.only_a), ("B", comparison.only_b)):
        if keys:
            lines.append("only in %s: %s" % (side, ", ".join(benchmark_label(k) for k in keys)))
    return lines


def format_text(comparison, runs_a, runs_b, threshold):
    table = [tuple(r[i] for i in TEXT_COLUMNS) for r in [HEADER] + rows(comparison)]
    widths = [max(len(r[i]) for r in table) for i in range(len(TEXT_COLUMNS))]
    widths[0] = min(widths[0], max(MIN_NAME_WIDTH, WIDTH - sum(widths[1:]) - 2 * (len(widths) - 1)))
    table = [(_name(r[0], widths[0]),) + r[1:] for r in table]
    lines = _preamble(comparison, runs_a, runs_b) + textfit.aligned(table)
    lines += [geomean_line(comparison), summary(comparison, threshold)]
    return textfit.fit("\n".join(lines) + "\n")


def format_markdown(comparison, runs_a, runs_b, threshold):
    esc = lambda s: s.replace("|", "\\|")
    lines = ["# Comparison", ""] + ["- %s" % esc(l) for l in _preamble(comparison, runs_a, runs_b)]
    lines += ["", "| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
    lines += ["| " + " | ".join(esc(c) for c in r[:-1] + (VERDICT_TEXT.get(r[-1], r[-1]),)) + " |"
              for r in rows(comparison)]
    lines += ["", geomean_line(comparison), "", summary(comparison, threshold)]
    return "\n".join(lines) + "\n"


def geomean_line(comparison):
    means = geometric_means(comparison)
    if means is None:
        return "geomean: no benchmark compared"
    return "geomean: A %.4g ns/op, B %.4g ns/op, B/A %.3f (%+.1f%%)" % (
        means[0], means[1], means[2], 100 * (means[2] - 1))


def summary(comparison, threshold):
    counts = {}
    for c in comparison.changes:
        counts[c.verdict] = counts.get(c.verdict, 0) + 1
    text = ("%d benchmarks compared (threshold %g%%): %d regressions, %d improvements, %d without a "
            "significant change, %d not tested (no samples)"
            % (len(comparison.changes), threshold, counts.get("regression", 0), counts.get("improvement", 0),
               counts.get("same", 0), counts.get("not-tested", 0)))
    if counts.get("inconclusive"):
        text += ", %d inconclusive (machine busy)" % counts["inconclusive"]
    if comparison.only_a or comparison.only_b:
        text += "; %d only in A, %d only in B" % (len(comparison.only_a), len(comparison.only_b))
    return text


def exit_code(comparison):
    """The exit code of a comparison: regression before inconclusive before ok."""
    if comparison.regressions():
        return EXIT_REGRESSION
    return EXIT_INCONCLUSIVE if comparison.inconclusive() else EXIT_OK


def run(args):
    sides, status = load_pair(args, "compare")
    if sides is None:
        return status
    comparison = compare_sides(sides[0], sides[1], threshold=args.threshold / 100.0, alpha=args.alpha)
    text = (format_markdown if args.markdown else format_text)(comparison, sides[0], sides[1], args.threshold)
    for w in comparison.warnings:
        print("cryptometer compare: warning: %s" % w, file=sys.stderr)
    if args.output:
        try:
            outputs.write_atomic(args.output, text, inputs=[i for i in args.inputs if i != SEPARATOR])
        except outputs.OutputError as exc:
            print("cryptometer compare: %s" % exc, file=sys.stderr)
            return EXIT_USAGE
    else:
        sys.stdout.write(text)
    return exit_code(comparison)
