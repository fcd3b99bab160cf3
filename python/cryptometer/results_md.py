"""RESULTS.md: the Markdown view of the runs' answers (cryptometer.collect_answers) and collect's tables."""

from . import __version__, collect_answers


def _esc(text):
    return str(text).replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;")


def format_cell(cell):
    """``figure (cycles)`` with three significant digits or more; '–' when absent."""
    if cell is None:
        return "–"
    value, (cyc, label) = cell
    text = "–" if value is None else "%.4g" % value if value < 1000 else "%.0f" % value
    return text if cyc is None else "%s (%.3g %s)" % (text, cyc, label)


def render(tables, families, inputs_count, runs=()):
    lines = ["# Results", "",
             "Collected by cryptometer %s from %d runs. Cells: the figure (MB/s for per-byte benchmarks, "
             "µs per operation for the others), and in parentheses the processor-normalised figure "
             "(cycles per byte or per operation, measured, or from the cluster's measured clock)."
             % (__version__, inputs_count), ""]
    if runs:
        lines += collect_answers.render(runs, _esc)
    for t in tables:
        lines += ["## %s — %s" % (_esc(t.title), t.unit), "",
                  "| machine | " + " | ".join(_esc(c) for c in t.columns) + " |",
                  "|---|" + "---:|" * len(t.columns)]
        for machine in sorted(t.rows):
            lines.append("| %s | " % _esc(machine)
                         + " | ".join(format_cell(t.rows[machine].get(c)) for c in t.columns) + " |")
        lines.append("")
    lines += ["## AES score per MHz by core family", "",
              "openssl aes-256-cbc encryption at 16384 bytes, in 1000 bytes/s per MHz of the measured clock.", "",
              "| family | arch | ratio (median) | machines | clusters | min | max | spread (rel. MAD) |",
              "|---|---|---:|---:|---:|---:|---:|---:|"]
    for f in families:
        lines.append("| %s%s | %s | %.1f | %d | %d | %.1f | %.1f | %.1f%% |"
                     % (_esc(f.family), "" if f.known else " (not in the table)", _esc(f.arch), f.ratio,
                        f.machines, f.clusters, min(f.scores), max(f.scores), 100 * f.spread))
    if not families:
        lines.append("| (no AES score in the inputs) | | | | | | | |")
    return "\n".join(lines) + "\n"
