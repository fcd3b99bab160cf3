"""The report says what the default suite left out (docs/cli.md, "Suites"), under "Not
measured", as the text table's preamble does: the language runtimes (settings.runtimes false)
and an implementation's sizes above a limit (settings.size_limits). A run that had the
runtimes, or a document from before these settings, says nothing."""
import gzip
import json
from pathlib import Path

import pytest

from cryptometer import loader, report

DOC = Path(__file__).resolve().parents[1] / "data" / "report" / "default-suite-1.json.gz"
NOTE = "The default suite leaves out the language runtimes (Go, Rust, Java, Node.js, Python)"
LIMIT = {"implementation": "system:hwrng", "max_size": 1024, "why": "a device's pace"}


def render(tmp_path, settings):
    doc = json.loads(gzip.decompress(DOC.read_bytes()))
    doc["settings"].pop("runtimes", None)
    doc["settings"].pop("size_limits", None)
    doc["settings"].update(settings)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(doc))
    return report.render([loader.load_file(path)])


@pytest.mark.parametrize("runtimes, shown", [(False, True), (True, False), (None, False)])
def test_the_note_follows_settings_runtimes(tmp_path, runtimes, shown):
    page = render(tmp_path, {} if runtimes is None else {"runtimes": runtimes})
    assert (NOTE in page) is shown


@pytest.mark.parametrize("limits, shown", [([LIMIT], True), ([], False), (None, False)])
def test_a_size_limit_is_said_with_its_reason(tmp_path, limits, shown):
    page = render(tmp_path, {} if limits is None else {"size_limits": limits})
    said = "The default suite measures system:hwrng up to 1024 bytes: a device&#39;s pace."
    assert (said in page) is shown
