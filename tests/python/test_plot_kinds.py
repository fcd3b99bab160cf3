"""plot (issue 24): each kind drawn from real documents and answering its question; a library keeps
its colour in two different runs; several runs give a figure each unless --overlay.

The documents: the default suite's results of tests/data/report (two real runs of the CI), and a
threads run and a sweep measured by the build under test."""

import json
import subprocess

import pytest
from matplotlib.colors import to_hex
from matplotlib.container import BarContainer

from analysis_helpers import binary
from cryptometer import plot_palette, plots
from cryptometer.loader import load_paths
from report_docs import default_doc, sweep_document


@pytest.fixture(scope="module")
def default_runs(tmp_path_factory):
    d = tmp_path_factory.mktemp("default")
    paths = []
    for n in (1, 2):
        path = d / ("default-%d.json" % n)
        path.write_text(json.dumps(default_doc(n)))
        paths.append(path)
    runs, errors = load_paths(paths)
    assert not errors and len(runs) == 2
    return runs


@pytest.fixture(scope="module")
def sweep_run(tmp_path_factory):
    path = sweep_document(tmp_path_factory.mktemp("sweep"))
    from cryptometer import doc_kinds
    runs, errors = load_paths([path], kinds=(doc_kinds.RESULT, doc_kinds.SWEEP))
    assert not errors
    return runs


def titles(fig):
    return [ax.get_title() for ax in fig.axes]


def test_bars_are_sorted_with_error_bars_and_the_host_in_the_title(default_runs):
    fig = plots.draw("bars", default_runs[:1])
    assert "vm · AMD EPYC · 2026-11-28" in fig._suptitle.get_text()
    ax = next(a for a in fig.axes if a.get_title() == "aes-128-gcm seal")
    widths = [p.get_width() for p in ax.patches]
    assert widths == sorted(widths, reverse=True) and len(widths) > 8
    bars = [c for c in ax.containers if isinstance(c, BarContainer)]
    assert bars[0].errorbar is not None and "MB/s at 16384 bytes" in ax.get_xlabel()
    grey = [p for p in ax.patches if to_hex(p.get_facecolor()) == plot_palette.OTHER]
    assert len(ax.patches) - len(grey) == plot_palette.MAX_HIGHLIGHT
    plots.close(fig)


def test_cpb_has_the_probe_bound_and_no_band_wider_than_the_spread(default_runs):
    fig = plots.draw("cpb", default_runs[:1])
    ax = next(a for a in fig.axes if a.get_title() == "aes-128-gcm seal")
    bound = [line for line in ax.get_lines() if line.get_label().startswith("probe's bound")]
    assert len(bound) == 1 and bound[0].get_linestyle() == "--"
    coloured = [line for line in ax.get_lines() if line.get_label() and not line.get_label().startswith(("_", "probe"))]
    assert len(coloured) <= plot_palette.MAX_HIGHLIGHT + 1          # and one entry for the grey ones
    # our portable code against our SIMD code (the slowest, yet coloured), beside the best libraries
    assert {"ref:portable", "ref:aesni"} <= {line.get_label() for line in coloured}
    assert ax.get_ylabel() == "cycles per byte (log scale)" and "bytes" in ax.get_xlabel()
    plots.close(fig)


def test_threads_plot_shows_ideal_scaling(tmp_path):
    out = tmp_path / "threads.json"
    subprocess.run([str(binary("CRYPTOMETER_BIN", "build/cryptometer")), "run", "--filter", "^ref:portable/sha256/",
                    "--sizes", "16k", "--threads", "2", "--time", "0.05", "--json", str(out), "--quiet"],
                   capture_output=True, timeout=300)
    runs, _ = load_paths([out])
    fig = plots.draw("threads", runs)
    ideal = [line for ax in fig.axes for line in ax.get_lines() if line.get_label().endswith(", ideal")]
    assert ideal and all(line.get_linestyle() == "--" for line in ideal)
    assert list(ideal[0].get_xdata()) == [1, 2]
    assert all(ax.get_xlabel() == "threads (pinned copies)" for ax in fig.axes if ax.get_lines())
    plots.close(fig)


def test_sweep_plot_has_throughput_and_cpu_time_one_line_per_path(sweep_run):
    fig = plots.draw("sweep", sweep_run)
    left, right = fig.axes[:2]
    assert left.get_ylabel() == "throughput (MB/s)" and right.get_ylabel().startswith("CPU time per GB (s")
    paths = {line.get_label().rsplit(" · ", 1)[-1] for line in left.get_lines()}
    assert {"ref:portable"} <= paths and len(left.get_lines()) == len(right.get_lines())
    assert all(len(line.get_xdata()) == 3 for line in left.get_lines())   # the three chunk sizes
    plots.close(fig)


def test_a_library_keeps_its_colour_in_two_runs(default_runs):
    """openssl:evp and ref:portable are drawn in the same colours in two different runs, whatever
    else each run holds (the second is given fewer libraries)."""
    first = plots.draw("throughput", default_runs[:1])
    second_run = default_runs[1]
    kept = [r for r in second_run.doc["results"] if r["backend"] in ("openssl", "ref", "wolfssl")]
    import dataclasses
    second = plots.draw("throughput", [dataclasses.replace(second_run, doc=dict(second_run.doc, results=kept))])

    def colours(fig):
        return {line.get_label(): to_hex(line.get_color()) for ax in fig.axes for line in ax.get_lines()
                if line.get_label() in ("openssl:evp", "wolfssl:wolfcrypt")}
    a, b = colours(first), colours(second)
    assert "openssl:evp" in a and a == {k: v for k, v in b.items() if k in a}
    assert a["openssl:evp"] == plot_palette.colour("openssl:evp").lower() != plot_palette.colour("openssl-3.5:evp").lower()
    plots.close(first)
    plots.close(second)


def test_the_subtitle_names_a_machine_once_with_its_count_of_runs(default_runs):
    fig = plots.draw("bars", default_runs + default_runs[:1])
    assert fig._suptitle.get_text().endswith("\nvm · AMD EPYC · 2026-11-28 (3 runs)")
    plots.close(fig)


def test_several_runs_give_a_figure_each_unless_overlaid(cli, tmp_path, default_runs):
    a, b = (run.path for run in default_runs)
    r = cli("plot", "bars,aes-score", a, b, "-o", tmp_path / "each", "--format", "png", "--filter", "aes-")
    assert r.returncode == 0, r.stderr
    names = sorted(p.name for p in (tmp_path / "each").iterdir())
    assert names[0] == "aes-score.png" and len(names) == 3
    assert names[1].startswith("bars-01-vm_") and names[2].startswith("bars-02-vm_")
    r = cli("plot", "bars", a, b, "-o", tmp_path / "overlay", "--format", "png", "--overlay", "--filter", "aes-")
    assert r.returncode == 0 and [p.name for p in (tmp_path / "overlay").iterdir()] == ["bars.png"]


def test_the_palette_is_fixed():
    assert plot_palette.colour("openssl:evp") == plot_palette.PALETTE[0]
    assert plot_palette.colour("newlib:x") == plot_palette.colour("newlib:y")            # by library
    assert plot_palette.marker("newlib:x") == plot_palette.marker("other:x")              # by variant
    assert len({plot_palette.marker("ref:" + v) for v in plot_palette.VARIANTS}) == len(plot_palette.VARIANTS)
    assert len(set(plot_palette.colour(lib + ":v") for lib in plot_palette.LIBRARIES)) == len(plot_palette.LIBRARIES)
    assert plot_palette.highlight({"s%d" % i: i for i in range(12)}) == {"s%d" % i for i in range(4, 12)}
    assert plot_palette.highlight({"s%d" % i: i for i in range(12)}, keep={"s0", "x"}) == {"s0"} | {
        "s%d" % i for i in range(5, 12)}
    assert json.dumps(plot_palette.style("x:y", highlighted=False)["color"]) == '"%s"' % plot_palette.OTHER
