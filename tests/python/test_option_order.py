"""A subcommand's options may come before its inputs as well as after them
(__main__.parse: parse_intermixed_args), e.g. ``plot throughput --format png -o DIR FILE``."""

import json

from analysis_helpers import flat
from view_docs import choice_doc, write

PNG = b"\x89PNG\r\n\x1a\n"


def test_plot_options_before_the_inputs(cli, tmp_path, our_runs):
    out = tmp_path / "d"
    r = cli("plot", "throughput", "--format", "png", "-o", out, our_runs[0])
    assert r.returncode == 0, r.stderr
    assert (out / "throughput.png").read_bytes()[:8] == PNG
    assert not (out / "throughput.svg").exists()


def test_view_options_before_and_after_the_input_agree(cli, tmp_path):
    doc = write(tmp_path / "choice.json", choice_doc())
    before = cli("view", "kex", "--json", doc)
    after = cli("view", "kex", doc, "--json")
    assert before.returncode == 0, before.stderr
    assert json.loads(before.stdout)["view"] == "kex"
    assert before.stdout == after.stdout


def test_a_missing_input_is_still_a_usage_error(cli, tmp_path):
    r = cli("plot", "--format", "png", "-o", tmp_path)   # no KIND at all
    assert r.returncode == 2 and "KIND" in r.stderr


# ---- every Python command that takes inputs, options before and after them (issue 23 item 5) ----

def _both_orders(cli, tmp_path, before, after):
    """Runs the two argument lists (each with '{o}' for its own output) in their own directories."""
    results = []
    for name, argv in (("before", before), ("after", after)):
        d = tmp_path / name
        d.mkdir()
        r = cli(*[str(a).replace("{o}", str(d)) for a in argv])
        assert r.returncode == 0, (name, r.stderr)
        results.append((r, d))
    return results


def test_store_add_options_anywhere(cli, tmp_path, our_runs):
    a, b = our_runs
    (r1, _), (r2, _) = _both_orders(cli, tmp_path, ["store", "add", "--db", "{o}/s.db", a, b],
                                    ["store", "add", a, "--db", "{o}/s.db", b])
    # (flat: the two paths differ in length, so the line may wrap at another word)
    assert flat(r1.stdout).replace(str(tmp_path / "before"), "") == flat(r2.stdout).replace(str(tmp_path / "after"), "")
    assert "2 run(s) added" in r2.stdout


def test_import_options_anywhere(cli, tmp_path, fixtures_dir):
    logs = sorted(fixtures_dir.glob("*.txt"))[:2]
    (_, d1), (_, d2) = _both_orders(cli, tmp_path, ["import", "sbc-bench", "--out-dir", "{o}/i", *logs],
                                    ["import", "sbc-bench", logs[0], "--out-dir", "{o}/i", logs[1]])
    names = sorted(p.name for p in (d1 / "i").iterdir())
    assert len(names) == 2 and names == sorted(p.name for p in (d2 / "i").iterdir())


def test_compare_options_anywhere(cli, our_runs):
    a, b = our_runs
    before = cli("compare", "--markdown", "--threshold", "50", a, b)
    after = cli("compare", a, "--threshold", "50", b, "--markdown")
    # 4: inconclusive, when a run's health flags say the machine was busy (docs/cli.md)
    assert before.returncode in (0, 1, 4) and before.stdout.startswith("# Comparison"), before.stderr
    assert (before.returncode, before.stdout) == (after.returncode, after.stdout)


def test_report_options_anywhere(cli, tmp_path, our_runs):
    a, b = our_runs
    (_, d1), (_, d2) = _both_orders(cli, tmp_path, ["report", "-o", "{o}/r.html", "--threshold", "9", a, b],
                                    ["report", a, "-o", "{o}/r.html", b, "--threshold", "9"])
    assert (d1 / "r.html").read_text().startswith("<!DOCTYPE html>")
    assert (d2 / "r.html").is_file()


def test_export_options_anywhere(cli, tmp_path, our_runs):
    a, b = our_runs
    (_, d1), (_, d2) = _both_orders(cli, tmp_path, ["export", "--filter", "sha256", "-o", "{o}/e.csv", a, b],
                                    ["export", a, "-o", "{o}/e.csv", b, "--filter", "sha256"])
    assert (d1 / "e.csv").read_text() == (d2 / "e.csv").read_text()
    assert "sha256" in (d1 / "e.csv").read_text()


def test_plot_and_collect_options_after_the_inputs(cli, tmp_path, our_runs):
    a, b = our_runs
    r = cli("plot", "throughput", a, "--format", "svg", b, "-o", tmp_path / "p")
    assert r.returncode == 0, r.stderr
    # one figure per run (docs/report.md), each in the format asked for
    figures = sorted(p.name for p in (tmp_path / "p").iterdir())
    assert len(figures) == 2 and all(f.startswith("throughput-") and f.endswith(".svg") for f in figures), figures
    (_, d1), (_, d2) = _both_orders(cli, tmp_path, ["collect", "-o", "{o}/R.md", "--sizes", "16,1024", a, b],
                                    ["collect", a, "--sizes", "16,1024", b, "-o", "{o}/R.md"])
    assert (d1 / "R.md").read_text() == (d2 / "R.md").read_text()
