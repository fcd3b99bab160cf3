"""A subcommand's options may come before its inputs as well as after them
(__main__.parse: parse_intermixed_args), e.g. ``plot throughput --format png -o DIR FILE``."""

import json

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
