"""Small conventions of the command line (issue 23, item 2; docs/cli.md):
--json - and --csv - write to standard output (never a file named "-"),
--quiet prints nothing but errors, --exclude leaves benchmarks out under
--filter's budget, matching is case-sensitive as documented, an unknown
name suggests the closest ones in one line with exit 2, and the documented
limit on --sizes is the code's."""
import csv
import io
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SMALL = ("--backends", "ref:portable", "--algorithms", "sha256", "--sizes", "64", "--time", "0.02")


def test_json_dash_writes_the_document_to_stdout(cm, tmp_path, schema):
    import jsonschema
    p = cm("run", *SMALL, "--json", "-", cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    doc = json.loads(p.stdout)  # the whole of stdout is the document: no table
    jsonschema.validate(doc, schema)
    assert [r["name"] for r in doc["results"]] == ["ref:portable/sha256/digest"]
    assert not (tmp_path / "-").exists() and not list(tmp_path.iterdir())
    assert "standard output written" in p.stderr


def test_csv_dash_writes_the_rows_to_stdout_beside_the_json_file(cm, tmp_path):
    out = tmp_path / "r.json"
    p = cm("run", *SMALL, "--json", out, "--csv", "-", cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    rows = list(csv.DictReader(io.StringIO(p.stdout)))
    assert [r["name"] for r in rows] == ["ref:portable/sha256/digest"] and rows[0]["status"] == "ok"
    assert json.loads(out.read_text())["results"][0]["status"] == "ok"
    assert sorted(f.name for f in tmp_path.iterdir()) == ["r.json"]


def test_every_command_takes_dash_as_standard_output(cm, tmp_path):
    """verify (its text goes to stderr), verify --pairs, sweep and files (no
    table): the whole of stdout is the document, and no file is made."""
    cases = {
        "cryptometer-verify-v1": ("verify", "--filter", "^ref:portable/sha256/"),
        "cryptometer-verify-pairs-v1": ("verify", "--pairs", "--filter", "^ref:.*/sha256$"),
        "cryptometer-files-v1": ("files", "--sizes", "4096", "--quick", "--impl", "ref:portable"),
    }
    for kind, args in cases.items():
        p = cm(*args, "--json", "-", cwd=tmp_path)
        assert p.returncode == 0, (args, p.stderr)
        doc = json.loads(p.stdout)
        assert doc.get("format", doc.get("schema")) == kind
    p = cm("sweep", "--quick", "--filter", "^ref:.*/aes-128-cbc", "--chunks", "1024", "--totals", "64k",
           "--json", "-", cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["tool"]["name"] == "cryptometer" and "standard output written" in p.stderr
    assert not list(tmp_path.iterdir())
    verify = cm("verify", "--filter", "^ref:portable/sha256/", "--json", "-", cwd=tmp_path)
    assert "verify: 1 passed" in verify.stderr, verify.stderr


def test_both_to_stdout_is_refused(cm, tmp_path):
    p = cm("run", *SMALL, "--json", "-", "--csv", "-", cwd=tmp_path)
    assert p.returncode == 2 and len(p.stderr.splitlines()) == 1, p.stderr
    assert p.stdout == "" and not list(tmp_path.iterdir())


def test_quiet_prints_nothing_but_errors(cm, tmp_path):
    p = cm("run", *SMALL, "--json", tmp_path / "r.json", "--quiet")
    assert p.returncode == 0 and p.stdout == "" and p.stderr == "", (p.stdout, p.stderr)
    assert (tmp_path / "r.json").is_file()
    bad = cm("run", *SMALL, "--json", tmp_path / "r.json", "--quiet", "--algorithms", "nope")
    assert bad.returncode == 2 and bad.stdout == "" and len(bad.stderr.splitlines()) == 1


def test_exclude_leaves_out_what_it_matches(cm, tmp_path):
    out = tmp_path / "r.json"
    p = cm("run", "--backends", "ref:portable", "--algorithms", "sha256,sha1,hmac-sha256", "--sizes",
           "64", "--time", "0.02", "--exclude", "sha1|/mac(-newkey)?$", "--json", out, "--quiet")
    assert p.returncode == 0, p.stderr
    assert {r["name"] for r in json.loads(out.read_text())["results"]} == {"ref:portable/sha256/digest"}
    listed = cm("list", "--algorithms", "sha256", "--filter", "^ref:", "--exclude", "^ref:portable/")
    names = [l.split()[0] for l in listed.stdout.splitlines() if l.startswith("  ref:")]
    assert names and not any(n.startswith("ref:portable/") for n in names), listed.stdout


def test_exclude_has_the_filter_budget(cm, tmp_path):
    for pattern, why in (("(a+)+", "nested repetition"), ("(", "")):
        p = cm("run", *SMALL, "--exclude", pattern, "--json", tmp_path / "r.json")
        assert p.returncode == 2 and len(p.stderr.splitlines()) == 1, p.stderr
        assert "--exclude" in p.stderr and why in p.stderr
    assert not list(tmp_path.iterdir())


def test_matching_is_case_sensitive_as_documented(cm):
    assert cm("run", "--filter", "SHA256", "--json", "/nonexistent/r.json").returncode == 2
    assert "case-sensitive" in (ROOT / "docs" / "cli.md").read_text()
    assert "case-sensitive" in cm("run", "--help").stdout


def test_an_unknown_name_suggests_the_closest(cm, tmp_path):
    cases = (("--algorithms", "aes-gcm", ["'aes-128-gcm'", "'aes-256-gcm'"]),
             ("--algorithms", "chacha20poly1305", ["'chacha20-poly1305'"]),
             ("--backends", "opensll", ["'openssl'"]),
             ("--backends", "ref:portble", ["'ref:portable'"]))
    for option, name, want in cases:
        p = cm("run", option, name, "--json", tmp_path / "r.json")
        assert p.returncode == 2 and p.stdout == "" and len(p.stderr.splitlines()) == 1, p.stderr
        assert f"unknown {option[2:-1]} '{name}' (did you mean " in p.stderr, p.stderr
        assert all(w in p.stderr for w in want), p.stderr
    far = cm("run", "--algorithms", "zzzzzzzz", "--json", tmp_path / "r.json")
    assert far.returncode == 2 and "did you mean" not in far.stderr
    assert not list(tmp_path.iterdir())


def test_the_documented_size_limit_is_the_codes(cm, tmp_path):
    doc = (ROOT / "docs" / "cli.md").read_text()
    limits = set(re.findall(r"at most ([0-9,]+) sizes", doc))
    assert limits == {"4160"}, limits
    over = cm("run", "--sizes", "1-4161", "--json", tmp_path / "r.json")
    assert over.returncode == 2 and "more than 4160 sizes" in over.stderr
    # 4160 sizes parse: the run then stops at the selection, which matches nothing
    at = cm("run", "--sizes", "1-4160", "--filter", "^no-such-thing", "--json", tmp_path / "r.json")
    assert at.returncode == 2 and "no benchmark matches" in at.stderr, at.stderr
