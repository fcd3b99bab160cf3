"""`cryptometer show FILE`: a saved document printed as its command printed it.

A run's table comes back byte for byte from its result file (per-byte and
per-operation classes, several sizes, a failed and an unavailable record);
probe and detect documents are rendered by their own text, a dmcrypt document
by its answers then dmcrypt's table; a sweep, a tcrypt, a files and a verify
document come back as the command printed them; anything else, or a truncated or corrupt
document of any kind, is one line and a documented exit code.
"""

import json
from pathlib import Path

import jsonschema
import pytest

DMCRYPT = Path(__file__).resolve().parents[1] / "data" / "dmcrypt"


def test_show_reproduces_a_runs_table(cm, tmp_path):
    out = tmp_path / "r.json"
    r = cm("run", "--filter", "ref:portable/(sha256|aes-128-gcm|chacha20)/", "--sizes", "16,1024",
           "--time", "0.05", "--json", out, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    shown = cm("show", out, cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout == r.stdout
    assert "Throughput in MB/s" in shown.stdout


def test_show_reproduces_per_operation_and_failures(cm_test, tmp_path):
    """The test build's broken backend fails its vectors; ref's Ed25519 is
    per operation: both kinds of rows, and the notes, come back the same."""
    out = tmp_path / "r.json"
    r = cm_test("run", "--backends", "broken,ref", "--algorithms", "aes-128-ctr,ed25519",
                "--sizes", "64", "--time", "0.05", "--json", out, cwd=tmp_path)
    assert r.returncode == 1, r.stderr
    shown = cm_test("show", out, cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout == r.stdout
    assert "FAIL" in shown.stdout


def test_show_options_before_or_after_the_file(cm, tmp_path):
    out = tmp_path / "r.json"
    assert cm("run", "--filter", "ref:portable/sha256/", "--sizes", "64", "--time", "0.05",
              "--json", out, "-q", cwd=tmp_path).returncode == 0
    assert cm("show", "--", out).returncode == 0
    assert "usage: cryptometer show FILE" in cm("show", "--help").stdout


def test_show_a_record_this_build_does_not_know(cm, tmp_path):
    out = tmp_path / "r.json"
    assert cm("run", "--filter", "ref:portable/sha256/", "--sizes", "64", "--time", "0.05",
              "--json", out, "-q", cwd=tmp_path).returncode == 0
    doc = json.loads(out.read_text())
    extra = dict(doc["results"][0], algorithm="no-such-algorithm", name="x:y/no-such-algorithm/digest")
    doc["results"].append(extra)
    out.write_text(json.dumps(doc))
    shown = cm("show", out)
    assert shown.returncode == 0, shown.stderr
    assert "1 record(s) not shown: x:y/no-such-algorithm/digest: algorithm no-such-algorithm" \
        in shown.stdout


def test_show_counts_an_imports_figures_without_samples(cm, tmp_path):
    """An import's records carry another tool's figure and no samples: counted, not shown."""
    out = tmp_path / "r.json"
    assert cm("run", "--filter", "ref:portable/sha256/", "--sizes", "64", "--time", "0.05",
              "--json", out, "-q", cwd=tmp_path).returncode == 0
    doc = json.loads(out.read_text())
    rec = {k: v for k, v in doc["results"][0].items()
           if k not in ("samples_ns", "stats", "kat", "clock")}
    rec["source_figure"] = {"value": 1.0, "unit": "1000 bytes/s", "tool": "openssl speed"}
    doc["results"] = [rec]
    out.write_text(json.dumps(doc))
    shown = cm("show", out)
    assert shown.returncode == 0, shown.stderr
    assert "1 record(s) not shown: figures imported from openssl speed, without samples" \
        in shown.stdout


def test_show_a_detect_document(cm, tmp_path):
    doc = cm("detect", "--json", "--no-clock")
    assert doc.returncode == 0, doc.stderr
    (tmp_path / "d.json").write_text(doc.stdout)
    shown = cm("show", tmp_path / "d.json")
    assert shown.returncode == 0, shown.stderr
    facts = json.loads(doc.stdout)
    first = shown.stdout.splitlines()[0]
    assert first.startswith("CPU ") and facts["cpu"]["model_name"] in first
    assert facts["system"]["kernel"] in shown.stdout
    assert not shown.stdout.lstrip().startswith("{")


@pytest.mark.parametrize("content, words", [
    ("{}", 'no "schema" or "format"'),
    ("[1, 2]", "not a JSON document"),
    ("{", "not a JSON document"),
    ('{"format": "cryptometer-other-v9"}', "a cryptometer-other-v9 document"),
    ('{"format": "cryptometer-verify-pairs-v1"}', "verify --pairs document: \"algorithms\""),
    ('{"format": "cryptometer-verify-v1"}', "verify document: \"implementations\""),
    ('{"schema": "cryptometer-files-v1"}', "files document: \"records\""),
    ('{"kind": "tcrypt", "status": "measured"}', "tcrypt document: \"results\""),
    ('{"schema": "cryptometer-result", "results": 3}', "without results"),
])
def test_show_refuses_what_it_cannot_print(cm, tmp_path, content, words):
    path = tmp_path / "x.json"
    path.write_text(content)
    r = cm("show", path)
    assert r.returncode == 3
    assert words in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("args, code", [((), 2), (("a.json", "b.json"), 2), (("--nope",), 2),
                                        (("/nonexistent/x.json",), 3), (("/dev/null",), 3)])
def test_show_usage_and_inputs(cm, tmp_path, args, code):
    r = cm("show", *args, cwd=tmp_path)
    assert r.returncode == code
    assert len(r.stderr.strip().splitlines()) == 1


def test_show_a_detect_document_with_a_malformed_cpu(cm, tmp_path):
    """A cpu or system object with a key of the wrong type: its lines say
    'not shown' and why, the rest of the text is printed as before (exit 0)."""
    doc = json.loads(cm("detect", "--json", "--no-clock").stdout)
    expected = cm("show", _saved(tmp_path, "good.json", doc)).stdout
    doc["cpu"]["clusters"][0]["midr"] = 5
    doc["system"]["os"] = []
    shown = cm("show", _saved(tmp_path, "bad.json", doc))
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    assert lines[0] == "CPU       not shown: cpu.clusters[0].midr: not a string"
    assert lines[1] == "System    not shown: system.os: not a string"
    assert "Clock     not shown: cpu.clusters[0].midr: not a string" in lines
    assert "\nKernel    " in shown.stdout and "\nHealth    " in shown.stdout
    kernel = expected.index("\nKernel    ")
    assert expected[kernel:expected.index("\nClock     ")] in shown.stdout
    doc["cpu"] = {"cores": "2"}
    shown = cm("show", _saved(tmp_path, "bad2.json", doc))
    assert shown.stdout.startswith("CPU       not shown: cpu.cores: not an integer\n")


def _saved(tmp_path, name, doc):
    path = tmp_path / name
    path.write_text(json.dumps(doc))
    return path


def test_show_a_dmcrypt_document_answers_first(cm, schema):
    """The recorded VM run (tests/data/dmcrypt/README.md): its answers (valid
    against the schema's answers) printed as the document holds them, then
    dmcrypt's table; a document from before the answers says it has none and
    still shows the table."""
    path = DMCRYPT / "bookworm-6.1-x86_64-answers.json"
    doc = json.loads(path.read_text())
    jsonschema.validate(doc["answers"], {**schema["$defs"]["answers"], "$defs": schema["$defs"]})
    shown = cm("show", path)
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    assert lines[:len(doc["answers"]["lines"])] == doc["answers"]["lines"]
    assert any(" via xts-aes-aesni (CPU instructions)" in x for x in lines[:12])
    assert "dm-crypt over a 4 MiB RAM device" in shown.stdout
    assert all(len(x) <= 100 for x in lines)
    # a block per mapping, titled with the driver that served it; then the same for the cross-checks
    text = shown.stdout
    for r in doc["results"]:
        title = r["mapping"] + (", served by " + r["served_by"] if r.get("served_by") else "")
        assert "\n" + title + "\n  sector      io     op      MB/s    linear   CPU s/GB\n" in text, title
    cross = text[text.index("\nCross-checks"):]
    assert "\naes-xts-plain64\n  sector      io     op      MB/s        dd  dd/own  cryptsetup  own/cs\n" in cross
    old = cm("show", DMCRYPT / "bookworm-6.1-x86_64-quick.json")
    assert old.returncode == 0, old.stderr
    assert old.stdout.startswith("Answers: no answers in this document")
    assert "xts-aes-aesni" in old.stdout


def test_show_a_malformed_dmcrypt_document(cm, tmp_path):
    path = tmp_path / "d.json"
    path.write_text('{"kind": "dmcrypt", "status": "measured", "results": [{"mapping": "x", "io_size": "big"}]}')
    r = cm("show", path)
    assert r.returncode == 3
    assert "io_size" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def _assert_shown_as_printed(cm, path, printed):
    shown = cm("show", path)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout == printed
    assert all(len(x) <= 100 for x in shown.stdout.splitlines())
    return shown.stdout


def test_show_a_sweep_as_sweep_printed_it(cm, tmp_path, need_backend):
    """Three totals (two side by side, the third below), an unavailable path's note and
    the crossovers, wrapped to 100 columns, by the one renderer from the document's figures."""
    need_backend("openssl")  # two of its paths are swept
    out = tmp_path / "s.json"
    r = cm("sweep", "--chunks", "64,4k", "--totals", "64k,128k,256k", "--backends",
           "ref:portable,ref:armce,ref:aesni,openssl:evp,openssl:afalg-engine", "--json", out)
    assert r.returncode == 0, r.stderr
    text = _assert_shown_as_printed(cm, out, r.stdout)
    assert "\nref:portable/aes-128-cbc/encrypt\n" in text
    heads = [x for x in text.splitlines() if x.startswith("  chunk     | ")]
    firsts = [x for x in heads if "| 64 KiB" in x]
    assert firsts and all("| 128 KiB" in x and "256 KiB" not in x for x in firsts)
    assert len(heads) == 2 * len(firsts)  # each block's 256 KiB column below the others
    md = cm("show", "--markdown", out)  # a run's table only
    assert md.returncode == 2 and "result document only" in md.stderr and md.stdout == ""
    assert "\nnotes:\n" in text  # ref:armce or ref:aesni is not this CPU's
    assert any(f"\n  ref:{v}/aes-128-cbc: unavailable: " in text for v in ("armce", "aesni"))


def test_show_a_sweep_with_a_failed_path(cm_test, tmp_path):
    out = tmp_path / "s.json"
    r = cm_test("sweep", "--backends", "broken,ref:portable", "--algorithms", "aes-128-ctr",
                "--chunks", "64,4k", "--totals", "64k", "--json", out)
    assert r.returncode == 1, r.stderr
    text = _assert_shown_as_printed(cm_test, out, r.stdout)
    assert "failed-kat" in text


def test_show_a_tcrypt_document_as_tcrypt_printed_it(cm, tmp_path):
    """Here tcrypt cannot load (no such module): its unavailable document. The
    measured rows' read-back is tests/unit/test_tcrypt_parse.c's, on a recorded log."""
    missing = tmp_path / "tcrypt.ko"
    text = cm("tcrypt", missing)
    doc = cm("tcrypt", "--json", missing)
    assert text.returncode == doc.returncode == 3
    (tmp_path / "t.json").write_text(doc.stdout)
    assert _assert_shown_as_printed(cm, tmp_path / "t.json", text.stdout).startswith(
        "tcrypt: unavailable: ")


@pytest.mark.parametrize("impl", ["ref:portable", "libsodium"])
def test_show_files_as_files_printed_them(cm, tmp_path, impl, need_backend):
    """A line per record (libsodium: its unavailable ones, their reason wrapped), then the
    cold note; `files --quiet` prints nothing, show prints what files prints without it."""
    need_backend(impl.split(":")[0])
    out = tmp_path / "f.json"
    r = cm("files", "--sizes", "64k", "--repeat", "1", "--impl", impl, "--json", out)
    assert r.returncode == 0, r.stderr
    text = _assert_shown_as_printed(cm, out, r.stdout)
    assert text.endswith("\ncold: not run (not requested: --cold)\n")
    assert len(text.splitlines()) >= len(json.loads(out.read_text())["records"]) + 1


@pytest.mark.parametrize("args", [
    ("--backends", "ref"),  # passes, and the unavailable variants of other CPUs
    ("--wycheproof", "vectors/wycheproof/aes_gcm_test.json"),  # cases applied to nothing
])
def test_show_verify_as_verify_printed_it(cm, tmp_path, args):
    out = tmp_path / "v.json"
    root = Path(__file__).resolve().parents[2]
    r = cm("verify", *args, "--json", out, cwd=root)
    assert r.returncode in (0, 1), r.stderr
    text = _assert_shown_as_printed(cm, out, r.stdout)
    assert text.splitlines()[-1].startswith("verify: ") and "\nCOVERAGE    " in text


def test_show_verify_with_a_failure_and_quiet(cm_test, tmp_path):
    """The test build's broken backend fails its vectors: its FAIL line comes back; with
    --quiet verify printed less, show prints what verify prints without it."""
    out, quiet = tmp_path / "v.json", tmp_path / "q.json"
    args = ("verify", "--backends", "broken,ref", "--algorithms", "aes-128-ctr")
    r = cm_test(*args, "--json", out)
    assert r.returncode == 1, r.stderr
    assert "FAIL" in _assert_shown_as_printed(cm_test, out, r.stdout)
    q = cm_test(*args, "--json", quiet, "--quiet")
    assert q.returncode == 1 and len(q.stdout) < len(r.stdout)
    shown = cm_test("show", quiet)
    assert shown.returncode == 0 and shown.stdout.splitlines()[:-1] == r.stdout.splitlines()[:-1]


@pytest.mark.parametrize("kind", ["sweep", "tcrypt", "files", "verify"])
def test_show_a_truncated_or_corrupt_document(cm, tmp_path, kind):
    if kind == "verify":
        out = tmp_path / "good.json"
        assert cm("verify", "--backends", "ref", "--algorithms", "sha256", "--json", out,
                  "-q").returncode == 0
        doc = json.loads(out.read_text())
        imp, cov = doc["implementations"][0], doc["coverage"][0]
        corrupt = [dict(doc, implementations=[dict(imp, status="great")]),
                   dict(doc, implementations=[dict(imp, kat={"status": 3})]),
                   dict(doc, coverage=[dict(cov, run={"sha256": "all"})]),
                   dict(doc, coverage=[{k: v for k, v in cov.items() if k != "skipped"}]),
                   dict(doc, summary={"passed": 1}), dict(doc, backends_not_built=[{}])]
        text = out.read_text()
    elif kind == "files":
        out = tmp_path / "good.json"
        assert cm("files", "--sizes", "64k", "--repeat", "1", "--impl", "ref:portable",
                  "--json", out, "-q").returncode == 0
        doc = json.loads(out.read_text())
        ok = next(x for x in doc["records"] if x["status"] == "ok")
        corrupt = [dict(doc, records=[dict(ok, throughput_mb_s="fast")]),
                   dict(doc, records=[{k: v for k, v in ok.items() if k != "seconds_all"}]),
                   dict(doc, records=[dict(ok, status="error")]),  # no reason
                   dict(doc, records=[dict(ok, file_bytes=-1)]), dict(doc, cold_note=[])]
        text = out.read_text()
    elif kind == "sweep":
        out = tmp_path / "good.json"
        assert cm("sweep", "--chunks", "4k", "--totals", "64k", "--backends", "ref:portable",
                  "--json", out, "-q").returncode == 0
        doc = json.loads(out.read_text())
        corrupt = [dict(doc, records=[dict(doc["records"][0], spread="wide")]),
                   {k: v for k, v in doc.items() if k != "settings"},
                   dict(doc, records=[{"path": "ref:portable"}])]
        text = out.read_text()
    else:
        doc = {"kind": "tcrypt", "status": "measured", "kernel": "6.1", "module": "tcrypt.ko",
               "results": [{"algorithm": "cbc(aes)", "driver": "cbc(aes-aesni)", "op": "encrypt",
                            "key_bits": 128, "block_bytes": 16, "ops_per_s": 1.0,
                            "bytes_per_s": 16.0}]}
        assert cm("show", _saved(tmp_path, "good.json", doc)).returncode == 0
        corrupt = [dict(doc, results=[dict(doc["results"][0], key_bits="128")]),
                   dict(doc, status="maybe"), dict(doc, results=[3])]
        text = json.dumps(doc)
    for i, bad in enumerate(corrupt):
        r = cm("show", _saved(tmp_path, f"bad{i}.json", bad))
        assert r.returncode == 3 and r.stdout == "", (bad, r.stdout)
        assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
    cut = tmp_path / "cut.json"
    cut.write_text(text[:len(text) // 2])
    r = cm("show", cut)
    assert r.returncode == 3 and "not a JSON document" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
