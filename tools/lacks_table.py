#!/usr/bin/env python3
"""lacks_table.py — the table of docs/backends.md "What a library lacks",
made from data/backend_lacks.json (the one table the registry makes the
lacking rows from). With no argument it rewrites the section between the
markers of docs/backends.md; with --check it exits 1 when the section is
not what the data file gives (tests/python/test_lacks_doc.py runs that)."""
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data/backend_lacks.json"
DOC = ROOT / "docs/backends.md"
BEGIN = "<!-- lacks table: made by tools/lacks_table.py from data/backend_lacks.json -->"
END = "<!-- end of the lacks table -->"


def cell(text):
    """text as one Markdown table cell."""
    return text.replace("|", "\\|")


def when(entry):
    """The builds an entry holds for: every build, or only some."""
    parts = []
    if entry.get("build"):
        parts.append("when this build has no row")
    if "if" in entry:
        parts.append(f"build tag `{entry['if']}`")
    return "; ".join(parts) or "always"


def table(data):
    """The Markdown lines of the section."""
    lines = [BEGIN, "", "| backend | algorithms | when | why |", "| --- | --- | --- | --- |"]
    for e in data["lacks"]:
        lines.append("| {} | {} | {} | {} |".format(
            ", ".join(f"`{b}`" for b in e["backends"]),
            ", ".join(f"`{a}`" for a in e["algorithms"]), when(e), cell(e["why"])))
    scopes = ", ".join(f"`{b}` ({' + '.join(v['scope'])})" for b, v in data["backends"].items())
    lines += ["", f"Scopes: {scopes}. An algorithm of a backend's scope with neither a row nor an "
              f"entry is listed as \"{data['not_implemented']}\".", "", END]
    return lines


def main(argv):
    data = json.loads(DATA.read_text())
    doc = DOC.read_text().split("\n")
    try:
        a, b = doc.index(BEGIN), doc.index(END)
    except ValueError:
        print(f"lacks_table: {DOC} has no lacks table markers", file=sys.stderr)
        return 2
    new = doc[:a] + table(data) + doc[b + 1:]
    if argv[1:] == ["--check"]:
        if new != doc:
            print(f"lacks_table: {DOC}'s lacks table is not {DATA}'s: run tools/lacks_table.py",
                  file=sys.stderr)
            return 1
        return 0
    DOC.write_text("\n".join(new))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
