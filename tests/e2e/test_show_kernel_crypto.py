"""The kernel's crypto read back from a saved detect document.

`detect`'s kernel section and `show` of the same document's JSON print the
same text: the kernel_crypto object parsed into its struct
(src/platform/kernel_crypto_json.c) gives back everything the text needs.
A value of the wrong type is one line naming where, and the rest of the
document is still shown.
"""

import json
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[1] / "data"
ROOTS = [p for folder in ("sysroots", "engines") for p in sorted((DATA / folder).iterdir())
         if p.is_dir() and not p.name.startswith(".")]


@pytest.mark.parametrize("root", ROOTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_show_prints_detects_text_of_a_recorded_root(cm, tmp_path, root):
    text = cm("detect", "--sysroot", root)
    doc = cm("detect", "--sysroot", root, "--json")
    assert text.returncode == 0 and doc.returncode == 0, text.stderr + doc.stderr
    (tmp_path / "d.json").write_text(doc.stdout)
    shown = cm("show", tmp_path / "d.json")
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout == text.stdout
    assert "\nKernel    /proc/crypto: " in shown.stdout and "\nAF_ALG    " in shown.stdout


@pytest.mark.parametrize("path, value, words", [
    (("algorithms",), {}, "kernel_crypto.algorithms is an object, not an array"),
    (("algorithms", 0, "drivers", 0, "priority"), "300",
     "kernel_crypto.algorithms[0].drivers[0].priority is a string, not an integer"),
    (("af_alg", "evidence"), [1], "kernel_crypto.af_alg.evidence[0] is an integer, not a string"),
    (("hwrng", "dev_hwrng"), "yes", "kernel_crypto.hwrng.dev_hwrng is a string, not a boolean"),
])
def test_a_wrong_type_is_named_and_the_rest_shown(cm, tmp_path, path, value, words):
    doc = cm("detect", "--sysroot", DATA / "sysroots" / "arm64-max", "--json")
    assert doc.returncode == 0, doc.stderr
    facts = json.loads(doc.stdout)
    where = facts["kernel_crypto"]
    for key in path[:-1]:
        where = where[key]
    where[path[-1]] = value
    (tmp_path / "d.json").write_text(json.dumps(facts))
    shown = cm("show", tmp_path / "d.json")
    assert "Traceback" not in shown.stderr
    assert f"\nKernel    not shown: {words}\n" in shown.stdout
    assert "\nAF_ALG" not in shown.stdout
    assert shown.stdout.startswith("(read from the recorded root") and "\nCPU " in shown.stdout
    assert "\nHealth    " in shown.stdout
