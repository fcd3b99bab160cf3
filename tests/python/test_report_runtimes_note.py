"""The report says when a run is the default suite without the language runtimes
(settings.runtimes false: docs/cli.md, "Suites"), under "Not measured", as the text table's
preamble does; a run that had them, or a document from before the setting, says nothing."""
import gzip
import json
from pathlib import Path

import pytest

from cryptometer import loader, report

DOC = Path(__file__).resolve().parents[1] / "data" / "report" / "default-suite-1.json.gz"
NOTE = "The default suite leaves out the language runtimes (Go, Rust, Java, Node.js, Python)"


@pytest.mark.parametrize("runtimes, shown", [(False, True), (True, False), (None, False)])
def test_the_note_follows_settings_runtimes(tmp_path, runtimes, shown):
    doc = json.loads(gzip.decompress(DOC.read_bytes()))
    doc["settings"].pop("runtimes", None)
    if runtimes is not None:
        doc["settings"]["runtimes"] = runtimes
    path = tmp_path / "r.json"
    path.write_text(json.dumps(doc))
    page = report.render([loader.load_file(path)])
    assert (NOTE in page) is shown
