"""The Answers block (docs/output.md, "Answers"; src/records/answers*.c):
`run` prints it first, within 30 lines and 100 columns, naming the trust,
the acceleration, the fastest per operation and the findings; the same
answers are in the document (valid against the schema) and `show` prints
them first; a document written before answers existed says so in one line;
`collect` renders each run's lines, from files and from a store alike."""
import json

import jsonschema

SELECTION = ["--filter", r"^(ref|openssl):[a-z0-9]+/(aes-128-gcm/seal|sha256/digest|ed25519/sign)$",
             "--sizes", "1024,16384", "--time", "0.03"]


def answers_block(stdout):
    """The lines of the block: from its title to the first empty line."""
    lines = stdout.splitlines()
    assert lines[0].startswith("Answers"), lines[:3]
    return lines[:lines.index("")]


def test_run_prints_the_answers_first_and_the_document_holds_them(cm, need_backend, tmp_path, schema):
    need_backend("openssl")
    out = tmp_path / "r.json"
    p = cm("run", *SELECTION, "--json", out)
    assert p.returncode == 0, p.stderr
    block = answers_block(p.stdout)
    assert len(block) <= 30
    assert all(len(line) <= 100 for line in p.stdout.splitlines())
    doc = json.loads(out.read_text())
    jsonschema.validate(doc, schema)
    answers = doc["answers"]
    assert block == answers["lines"]
    text = "\n".join(block)
    assert "Trust: " in text and answers["trust"]["text"].startswith("Trust: ")
    # the fastest of each operation measured, with its runner-up and the margin's interval
    ops = {f["operation"]: f for f in answers["fastest"]}
    assert set(ops) == {"aes-128-gcm/seal", "sha256/digest", "ed25519/sign"}
    gcm = ops["aes-128-gcm/seal"]
    assert gcm["size"] == 16384 and gcm["unit"] == "MB/s" and gcm["runner_up"]
    lo, hi = gcm["margin_ci"]
    assert lo <= gcm["margin"] <= hi and gcm["clear"] == (lo > 1)
    assert ops["ed25519/sign"]["size"] is None and ops["ed25519/sign"]["unit"] == "ops/s"
    assert "Fastest" in text and "  aes-128-gcm 16K: " + gcm["winner"] + (">" if gcm["clear"] else "~") in text
    # acceleration: each feature the CPU offers that a measured operation would use
    features = {f["name"] for f in doc["context"]["cpu"]["features"] if f["present"]}
    accel = {a["feature"]: a for a in answers["acceleration"]}
    if "aes" in features:
        assert "ref:aesni" in accel["aes"]["used_by"] and "ref:portable" in accel["aes"]["not_used_by"]
        assert "AES-NI (CPU): not used by ref:portable" in text and "ref:aesni (declared)" in text
    if "sha_ni" in features:
        assert "ref:shani" in accel["sha_ni"]["used_by"]


def test_show_prints_the_same_answers_and_an_older_document_says_it_has_none(cm, tmp_path):
    out = tmp_path / "r.json"
    p = cm("run", "--filter", "ref:portable/sha256/", "--sizes", "64", "--time", "0.02", "--json", out)
    assert p.returncode == 0, p.stderr
    shown = cm("show", out)
    assert shown.returncode == 0 and answers_block(shown.stdout) == answers_block(p.stdout)
    doc = json.loads(out.read_text())
    del doc["answers"]
    out.write_text(json.dumps(doc))
    shown = cm("show", out)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.splitlines()[0] == \
        "Answers: no answers in this document (written before run wrote them)."


def test_findings_name_a_new_failure_and_a_known_finding(cm_test, tmp_path, schema):
    """The test build's broken backend fails its vectors: a new failure, first
    among the findings, and the run exits 1."""
    out = tmp_path / "r.json"
    p = cm_test("run", "--backends", "broken,ref", "--algorithms", "aes-128-ctr", "--sizes", "64",
                "--time", "0.02", "--json", out)
    assert p.returncode == 1, p.stderr
    doc = json.loads(out.read_text())
    jsonschema.validate(doc, schema)
    first = doc["answers"]["findings"][0]
    assert first["kind"] == "failed-kat" and first["implementation"].startswith("broken")
    assert "New failure (failed-kat, exit 1): broken" in "\n".join(answers_block(p.stdout))


def test_a_known_finding_is_named(cm, need_backend, tmp_path):
    need_backend("cryptopp")
    out = tmp_path / "r.json"
    p = cm("run", "--backends", "cryptopp", "--algorithms", "aes-128-gcm", "--sizes", "1024",
           "--time", "0.02", "--json", out)
    assert p.returncode == 0, p.stderr
    found = [f for f in json.loads(out.read_text())["answers"]["findings"] if f["kind"] == "known-finding"]
    assert found and found[0]["finding"] == "cryptopp-gcm-inc32" and not found[0]["security_relevant"]
    joined = " ".join(line.strip() for line in answers_block(p.stdout))  # wrapped lines joined
    assert "Known findings" in joined and "cryptopp-gcm-inc32 (cryptopp/aes-128-gcm)" in joined


def test_collect_renders_each_runs_answers_from_files_and_from_a_store_alike(cm, tmp_path):
    out = tmp_path / "r.json"
    assert cm("run", "--filter", "ref:portable/sha256/", "--sizes", "64", "--time", "0.02", "--json", out,
              "-q").returncode == 0
    doc = json.loads(out.read_text())
    lines = doc["answers"]["lines"]
    del doc["answers"]
    doc["context"]["host"]["hostname"] = "before-answers"   # another run: one without answers
    old = tmp_path / "old.json"
    old.write_text(json.dumps(doc))
    db = tmp_path / "r.db"
    assert cm("store", "add", old, out, "--db", db).returncode == 0
    pages = []
    for inputs in ([out, old], ["--db", db]):
        md = tmp_path / "R.md"
        p = cm("collect", *inputs, "-o", md, cwd=tmp_path)
        assert p.returncode == 0, p.stderr
        pages.append(md.read_text())
    assert pages[0] == pages[1]   # the store keeps the answers with the run's document
    text = pages[0].splitlines()
    start = text.index("## Answers")
    block = text[text.index("```", start) + 1:]
    assert block[:len(lines) + 1] == lines + ["```"]   # the core's lines, as written
    assert any(l.startswith("No answers in the document of 1 run(s)") and "before-answers" in l
               for l in text[start:])
