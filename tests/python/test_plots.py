"""plot: every kind drawn from real runs and imports; kinds without data say so and draw nothing."""

from cryptometer import plots
from cryptometer.loader import load_paths
from analysis_helpers import ROOT


def test_every_kind_with_data_is_written(cli, tmp_path, our_runs, sbc_docs):
    multi = tmp_path / "multi.json"
    assert cli("import", "openssl-speed", ROOT / "tests/fixtures/openssl-speed/mrmulti.txt",
               "--json", multi).returncode == 0
    out = tmp_path / "plots"
    r = cli("plot", "all", our_runs[0], sbc_docs, multi, "-o", out, "--overlay")   # one figure of all runs
    assert r.returncode == 0, r.stderr
    for kind in ("throughput", "cpb", "bars", "threads", "aes-score"):
        assert (out / (kind + ".png")).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert b"<svg" in (out / (kind + ".svg")).read_bytes()
    assert not (out / "sweep.png").exists()
    assert "sweep: not drawn: no chunk-size sweep records" in r.stderr


def test_no_threads_is_said_plainly(our_runs):
    runs, _ = load_paths([our_runs[0]])
    try:
        plots.plot_threads(runs)
    except plots.NoData as exc:
        assert str(exc) == "no multi-thread records (threads > 1) in the inputs"
    else:
        raise AssertionError("drew a threads plot without multi-thread records")


def test_unknown_kind_is_a_usage_error(cli, tmp_path):
    assert cli("plot", "pie", "-o", tmp_path).returncode == 2
