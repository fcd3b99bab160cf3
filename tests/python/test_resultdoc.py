"""Result documents: atomic writing and the schema check."""

import json
import os

import pytest

from cryptometer import loader, resultdoc
from cryptometer.importers import common


def test_write_atomic_creates_and_replaces(tmp_path):
    target = tmp_path / "doc.json"
    resultdoc.write_atomic(target, {"a": 1})
    assert json.loads(target.read_text()) == {"a": 1}
    inode = os.stat(target).st_ino
    resultdoc.write_atomic(target, {"a": 2, "text": "é"})
    assert json.loads(target.read_text(encoding="utf-8")) == {"a": 2, "text": "é"}
    assert os.stat(target).st_ino != inode          # a new file was renamed over the old one
    assert [p.name for p in tmp_path.iterdir()] == ["doc.json"]


def test_write_atomic_leaves_the_old_file_when_it_fails(tmp_path):
    target = tmp_path / "doc.json"
    resultdoc.write_atomic(target, {"a": 1})
    with pytest.raises(TypeError):
        resultdoc.write_atomic(target, {"a": object()})      # not serialisable: nothing written
    assert json.loads(target.read_text()) == {"a": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["doc.json"]


def test_write_atomic_error_names_the_path(tmp_path):
    with pytest.raises(resultdoc.WriteError, match="cannot write .*nodir.*doc.json"):
        resultdoc.write_atomic(tmp_path / "nodir" / "doc.json", {})


def test_validate_reports_violations(schema):
    problems = loader.violations({"schema": "cryptometer-result", "schema_version": 2})
    assert problems and any(p.startswith("complete:") for p in problems)


def test_source_info(tmp_path):
    info = common.source_info(tmp_path / "x.txt", b"abc")
    assert info == {"tool": "sbc-bench", "file": "x.txt",
                    "sha256": "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"}
