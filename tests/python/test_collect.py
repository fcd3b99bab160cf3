"""collect: RESULTS.md from the 20 sbc-bench fixtures and two of our runs has the inputs' figures."""

import json

import pytest

from cryptometer import aes_score, loader, results_md
from cryptometer.collect import column_name, operation_tables
from cryptometer.figures import cycles, figure, machine_label
from analysis_helpers import ROOT, run_cli


def _cells(markdown):
    """{(section title, machine, column): cell text} of every table in RESULTS.md."""
    cells, title, header = {}, None, None
    for line in markdown.splitlines():
        if line.startswith("## "):
            title, header = line[3:], None
        elif line.startswith("| machine |"):
            header = [c.strip() for c in line.strip("|").split("|")]
        elif header and line.startswith("| ") and not line.startswith("|---"):
            row = [c.strip() for c in line.strip("|").split("|")]
            for col, cell in zip(header[1:], row[1:]):
                cells[(title, row[0], col)] = cell
    return cells


@pytest.fixture(scope="module")
def collected(tmp_path_factory, sbc_docs, our_runs):
    out = tmp_path_factory.mktemp("collect") / "RESULTS.md"
    r = run_cli("collect", sbc_docs, *our_runs, "-o", out)
    assert r.returncode == 0, r.stderr
    runs, errors = loader.load_paths([sbc_docs] + list(our_runs))
    assert not errors and len(runs) == 22
    return out.read_text(), runs


def test_every_figure_of_the_inputs_is_in_its_cell(collected):
    text, runs = collected
    cells = _cells(text)
    checked = 0
    for run in runs:
        for r in run.doc["results"]:
            if r["status"] != "ok" or r["size"] not in (16, 16384):
                continue
            title = "%s %s (%s), %d bytes — MB/s" % (r["algorithm"], r["operation"], r["class"], r["size"])
            cell = cells[(title, machine_label(run, r), column_name(r))]
            assert cell == results_md.format_cell((figure(r)[0], cycles(run.doc, r))), (title, cell)
            assert float(cell.split()[0]) == pytest.approx(r["throughput_mb_s"], rel=5e-4)
            checked += 1
    assert checked > 300


def test_aes_table_counts_machines_and_clusters(collected):
    text, runs = collected
    row = [l for l in text.splitlines() if l.startswith("| Cortex-A53/A55 |")][0]
    cols = [c.strip() for c in row.strip("|").split("|")]
    scores = [a["score_per_mhz"] for run in runs for a in (run.doc.get("analysis") or {}).get("aes_score", [])
              if a.get("family") == "Cortex-A53/A55" and a.get("score_per_mhz") is not None]
    assert int(cols[4]) == len(scores) and float(cols[5]) == pytest.approx(min(scores), abs=0.05)


def test_write_table_is_a_table_the_inference_reads(cli, tmp_path, sbc_docs):
    target = tmp_path / "table.json"
    r = cli("collect", sbc_docs, "-o", tmp_path / "R.md", "--write-table", target)
    assert r.returncode == 0, r.stderr
    table_json = json.loads(target.read_text())
    table = aes_score.AesScoreTable.from_json(table_json)
    a53 = [f for f in table_json["families"] if f["family"] == "Cortex-A53/A55"][0]
    # a published ratio is kept: the logs are its evidence, not its source (no circular verdicts)
    assert a53["ratio"] == 467 and a53["learned"]["clusters"] >= 8 and a53["learned"]["logs"]
    assert "derived_from" not in a53
    assert table.family_of("Cortex-A53").ratio == 467
    # a ratio derived from logs follows them
    silver = [f for f in table_json["families"] if f["family"].startswith("Qualcomm Kryo Silver")][0]
    assert silver["ratio"] == round(silver["learned"]["median"]) and silver["derived_from"]
    # x86 hybrid cluster labels are no core family
    assert not [f for f in table_json["families"] if f["family"] in ("Performance", "Efficiency")]


def test_per_operation_records_get_a_table_in_us_per_op(tmp_path):
    from analysis_helpers import ROOT
    from cryptometer.importers import opensslspeed
    doc = opensslspeed.from_openssl_speed(opensslspeed.parse_text(
        (ROOT / "tests/fixtures/openssl-speed/asym.txt").read_text()), {"file": "asym.txt"})
    run = loader.Run("x", doc, "asym")
    titles = [t.title + " " + t.unit for t in operation_tables([run])]
    assert "rsa-2048 sign (signature) µs/op" in titles


def test_write_table_without_a_file_writes_under_results_of_the_cwd(cli, tmp_path, sbc_docs):
    """Run from another directory, --write-table alone writes ./results/aes_score_per_mhz.json
    (made there) and leaves the project's data/ table as it was (issue 23 item 5)."""
    project_table = ROOT / "data" / "aes_score_per_mhz.json"
    before = project_table.read_bytes()
    cwd = tmp_path / "elsewhere"
    cwd.mkdir()
    r = cli("collect", sbc_docs, "-o", "R.md", "--write-table", cwd=cwd)
    assert r.returncode == 0, r.stderr
    written = cwd / "results" / "aes_score_per_mhz.json"
    assert "wrote results/aes_score_per_mhz.json" in r.stdout
    assert json.loads(written.read_text())["families"]
    assert project_table.read_bytes() == before


def test_write_table_given_as_option_before_the_inputs(cli, tmp_path, sbc_docs):
    target = tmp_path / "t.json"
    r = cli("collect", "--write-table=%s" % target, "-o", tmp_path / "R.md", sbc_docs)
    assert r.returncode == 0, r.stderr
    assert json.loads(target.read_text())["families"]
