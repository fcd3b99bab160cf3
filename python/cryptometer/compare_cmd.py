"""``cryptometer compare A B``: two runs, benchmark by benchmark, with a significance test.

A and B are result files, or run ids with ``--db``.  The statistics are
cryptometer.comparison's.  Output: a table for the terminal, or Markdown with
``--markdown`` (``-o FILE`` writes it to a file).  Exit codes: 0 no flagged
regression, 1 a significant regression beyond ``--threshold``, 2 usage,
3 an input unreadable or refused.
"""

import sys

from . import outputs, sources
from .comparison import compare_runs
from .figures import benchmark_label

EXIT_OK, EXIT_REGRESSION, EXIT_USAGE, EXIT_ENVIRONMENT = 0, 1, 2, 3


def add_arguments(parser):
    sources.add_arguments(parser, inputs_help="A and B: two result files, or two run ids with --db")
    parser.add_argument("--threshold", type=float, default=5.0, metavar="PERCENT",
                        help="flag significant changes larger than this (default: %(default)s%%)")
    parser.add_argument("--alpha", type=float, default=0.01,
                        help="significance level of the adjusted p-value (default: %(default)s)")
    parser.add_argument("--markdown", action="store_true", help="write Markdown instead of a text table")
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")


def load_pair(args, command):
    """The two runs of ``args.inputs``, or (None, exit code) after printing why."""
    if len(args.inputs) != 2:
        print("cryptometer %s: needs two runs, A and B (%d given)" % (command, len(args.inputs)), file=sys.stderr)
        return None, EXIT_USAGE
    runs, errors = sources.load(args)
    sources.report_errors(command, errors)
    if errors or len(runs) != 2:
        if not errors:
            print("cryptometer %s: the inputs name %d runs, not 2" % (command, len(runs)), file=sys.stderr)
        return None, EXIT_ENVIRONMENT
    return runs, EXIT_OK


def _cell(c):
    if c.p_value is None:
        return ("%+.1f%%" % c.change_pct, "-", "-", c.verdict)
    return ("%+.1f%%" % c.change_pct, "%.3f–%.3f" % (c.ci_low, c.ci_high), "%.2g" % c.p_adjusted, c.verdict)


def rows(comparison):
    """(benchmark, A ns/op, B ns/op, B/A, change, CI, p, verdict) per benchmark, flagged first."""
    order = {"regression": 0, "improvement": 1, "not-tested": 2, "same": 3}
    out = []
    for c in sorted(comparison.changes, key=lambda c: (order[c.verdict], -abs(c.ratio - 1))):
        out.append((benchmark_label(c.key), "%.1f" % c.median_a, "%.1f" % c.median_b, "%.3f" % c.ratio)
                   + _cell(c))
    return out


HEADER = ("benchmark", "A ns/op", "B ns/op", "B/A time", "change", "95% CI of ratio", "p (adj.)", "verdict")


def format_text(comparison, run_a, run_b, threshold):
    lines = ["A: %s (%s)" % (run_a.label, run_a.origin), "B: %s (%s)" % (run_b.label, run_b.origin)]
    lines += ["warning: %s" % w for w in comparison.warnings]
    table = [HEADER] + rows(comparison)
    widths = [max(len(r[i]) for r in table) for i in range(len(HEADER))]
    for r in table:
        lines.append("  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip())
    lines.append(summary(comparison, threshold))
    return "\n".join(lines) + "\n"


def format_markdown(comparison, run_a, run_b, threshold):
    esc = lambda s: s.replace("|", "\\|")
    lines = ["# Comparison", "", "- A: `%s` (%s)" % (run_a.label, esc(run_a.origin)),
             "- B: `%s` (%s)" % (run_b.label, esc(run_b.origin)), ""]
    lines += ["> **Warning:** %s" % esc(w) for w in comparison.warnings]
    lines += ["", "| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
    lines += ["| " + " | ".join(esc(c) for c in r) + " |" for r in rows(comparison)]
    lines += ["", summary(comparison, threshold)]
    return "\n".join(lines) + "\n"


def summary(comparison, threshold):
    counts = {}
    for c in comparison.changes:
        counts[c.verdict] = counts.get(c.verdict, 0) + 1
    text = ("%d benchmarks compared (threshold %g%%): %d regressions, %d improvements, %d without a "
            "significant change, %d not tested (no samples)"
            % (len(comparison.changes), threshold, counts.get("regression", 0), counts.get("improvement", 0),
               counts.get("same", 0), counts.get("not-tested", 0)))
    if comparison.only_a or comparison.only_b:
        text += "; %d only in A, %d only in B" % (len(comparison.only_a), len(comparison.only_b))
    return text


def run(args):
    runs, status = load_pair(args, "compare")
    if runs is None:
        return status
    comparison = compare_runs(runs[0], runs[1], threshold=args.threshold / 100.0, alpha=args.alpha)
    text = (format_markdown if args.markdown else format_text)(comparison, runs[0], runs[1], args.threshold)
    for w in comparison.warnings:
        print("cryptometer compare: warning: %s" % w, file=sys.stderr)
    if args.output:
        try:
            outputs.write_atomic(args.output, text, inputs=args.inputs)
        except outputs.OutputError as exc:
            print("cryptometer compare: %s" % exc, file=sys.stderr)
            return EXIT_USAGE
    else:
        sys.stdout.write(text)
    return EXIT_REGRESSION if comparison.regressions() else EXIT_OK
