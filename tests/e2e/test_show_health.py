"""The health flags and verdicts of a document, read back through their one
parser (src/platform/flags_json.c, verdict_list_json.c) by `show` and
`detect`: what the writers write keeps its keys and their order, an imported
flag's own keys are allowed, and a malformed array is one line saying why it
is not shown, the rest of the text printed as before (exit 0)."""

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SYSROOT = ROOT / "tests" / "data" / "sysroots" / "arm64-max"
ENGINES = ROOT / "tests" / "data" / "engines" / "allwinner-h6-sun8i-ce"


def detect_doc(cm, root):
    p = cm("detect", "--sysroot", root, "--json")
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def test_the_writers_keep_the_keys_and_their_order(cm):
    doc = detect_doc(cm, ENGINES)
    assert doc["health"] and doc["verdicts"]
    assert all(list(f) == ["id", "severity", "message"] for f in doc["health"])
    assert all(list(v) == ["id", "subject", "code", "message", "evidence"] for v in doc["verdicts"])
    assert {v["id"] for v in doc["verdicts"]} >= {"kernel"}


def test_show_of_detect_is_detects_text(cm, tmp_path):
    f = tmp_path / "d.json"
    f.write_text(json.dumps(detect_doc(cm, ENGINES)))
    text = cm("detect", "--sysroot", ENGINES)
    assert text.returncode == 0, text.stderr
    shown = cm("show", f)
    assert shown.returncode == 0, shown.stderr
    # the live document differs only in its recorded root line
    assert shown.stdout.split("\nVerdicts")[1] == text.stdout.split("\nVerdicts")[1]


def test_malformed_verdicts_and_health_are_one_line_each(cm, tmp_path):
    doc = detect_doc(cm, SYSROOT)
    doc["verdicts"] = [{"id": "x", "code": 3, "message": "m"}]
    doc["health"] = [{"id": "load", "severity": "fatal", "message": "m"}]
    f = tmp_path / "d.json"
    f.write_text(json.dumps(doc))
    shown = cm("show", f)
    assert shown.returncode == 0, shown.stderr
    assert "Verdicts  not shown: verdict 0: not an object with a string id, code and message" in shown.stdout
    assert "Health    not shown: health flag 0 (load): severity is not one of info, warning, error" \
        in shown.stdout
    assert "Traceback" not in shown.stdout + shown.stderr and "(null)" not in shown.stdout


def test_a_document_without_verdicts_has_no_verdicts_section(cm, tmp_path):
    doc = detect_doc(cm, SYSROOT)
    del doc["verdicts"]
    f = tmp_path / "d.json"
    f.write_text(json.dumps(doc))
    shown = cm("show", f)
    assert shown.returncode == 0, shown.stderr
    assert "\nVerdicts" not in shown.stdout and "\nHealth    " in shown.stdout


def test_show_of_a_run_with_imported_and_malformed_flags(cm, tmp_path):
    out = tmp_path / "r.json"
    assert cm("run", "--filter", "ref:portable/sha256/", "--sizes", "64", "--time", "0.05",
              "--json", out, "-q", cwd=tmp_path).returncode == 0
    doc = json.loads(out.read_text())
    doc["context"]["health"] = [{"id": "clock-dropped-under-load", "severity": "warning", "cluster": 0,
                                 "source": "sbc-bench", "message": "Measured less under load."}]
    out.write_text(json.dumps(doc))
    shown = cm("show", out)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.endswith("\nHealth:\n  [warning] Measured less under load.\n")
    doc["context"]["health"] = {"id": "load"}
    out.write_text(json.dumps(doc))
    shown = cm("show", out)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.endswith("\nHealth: not shown: health flags: not an array\n")
    assert "Throughput in MB/s" in shown.stdout
