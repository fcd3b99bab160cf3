"""view generations|kex|signature: shapes, ratios and their significance, cells that are not ok,
wire sizes and where they come from, text and JSON output, exit codes on bad input."""

import gzip
import json
from pathlib import Path

import pytest

from analysis_helpers import flat, widest
from cryptometer import choices, generations
from cryptometer.loader import load_file
from view_docs import SLOW_111, choice_doc, generations_doc, write

CLASSES = Path(__file__).resolve().parents[1] / "data" / "runs" / "classes.json.gz"


@pytest.fixture
def gen_file(tmp_path):
    return write(tmp_path / "gen.json", generations_doc())


@pytest.fixture
def choice_file(tmp_path):
    return write(tmp_path / "choice.json", choice_doc())


def gen_view(path, **kw):
    return generations.build(load_file(path), generations.load_focus(), **kw)


def row(view, label):
    return next(r for r in view.rows if r.label == label)


# ---- generations --------------------------------------------------------------------------------

def test_generations_are_columns_system_first_with_versions(gen_file):
    view = gen_view(gen_file)
    assert [g.backend for g in view.generations] == ["openssl", "openssl-1.1.1", "openssl-3.5"]
    assert [g.system for g in view.generations] == [True, False, False]
    assert view.generations[1].version == "OpenSSL 1.1.1w 11 Sep 2023"
    # the other backend is not a generation; every row has a cell for every generation
    assert all(not r.label.startswith("portable") for r in view.rows)
    assert all(list(r.cells) == ["openssl", "openssl-1.1.1", "openssl-3.5"] for r in view.rows)


def test_ratio_and_significance_against_the_system(gen_file):
    view = gen_view(gen_file)
    seal16 = row(view, "evp aes-128-gcm seal @ 16 B")
    fast = seal16.changes["openssl-1.1.1"]
    assert fast.ratio == pytest.approx(1 / SLOW_111, rel=0.02)
    assert fast.significant and fast.p_adjusted < 0.01 and fast.ci_high < 1
    assert seal16.verdict("openssl-1.1.1") == "faster"
    same = seal16.changes["openssl-3.5"]
    assert same.ratio == pytest.approx(1.0, abs=0.02) and seal16.verdict("openssl-3.5") == "same"
    assert "openssl" not in seal16.changes   # the system's is the base, not a ratio
    # the figure has its spread
    assert seal16.cells["openssl"].ok and seal16.cells["openssl"].spread > 0
    assert seal16.cells["openssl-1.1.1"].figure_text().endswith("%") and "MB/s" in seal16.cells["openssl"].unit


def test_a_slower_generation_is_flagged_slower(tmp_path):
    doc = generations_doc()
    for r in doc["results"]:   # the system's becomes the fast one: 1.1.1 is now slower than it
        if r["backend"] == "openssl" and r["algorithm"] == "aes-128-gcm" and r["size"] == 16:
            r["samples_ns"] = [s / 4 for s in r["samples_ns"]]
            r["stats"]["median_ns"] /= 4
    view = gen_view(write(tmp_path / "slow.json", doc))
    seal16 = row(view, "evp aes-128-gcm seal @ 16 B")
    assert seal16.verdict("openssl-1.1.1") == "slower" and seal16.changes["openssl-1.1.1"].ratio > 1.5


def test_focus_rows_first_with_why(gen_file):
    view = gen_view(gen_file)
    focus = [r for r in view.rows if r.focus]
    assert view.rows[:len(focus)] == focus
    assert "AEAD seal: per-message set-up" in row(view, "evp aes-128-gcm seal @ 1024 B").focus
    assert row(view, "evp rsa-2048-pss-sha256 sign").focus == ["RSA/ECDSA sign"]
    assert len(row(view, "evp hmac-sha256 mac @ 64 B").focus) == 2
    assert row(view, "evp sha256 digest @ 1024 B").focus == []


def test_cells_not_ok_keep_status_and_reason(gen_file):
    view = gen_view(gen_file)
    for size in (16, 1024):   # a record without a size stands for every size of its benchmark
        cell = row(view, "evp sha3-256 digest @ %d B" % size).cells["openssl-1.1.1"]
        assert (cell.status, cell.reason) == ("unavailable", "OpenSSL 1.1.1 has no SHA-3 in this build")
    hmac = row(view, "evp hmac-sha256 mac @ 64 B")
    assert (hmac.cells["openssl-3.5"].status, hmac.cells["openssl-3.5"].reason) == ("failed-kat", "vector 3: tag differs")
    assert "openssl-3.5" not in hmac.changes and "openssl-1.1.1" in hmac.changes


def test_an_unavailable_generation_is_a_column_with_its_reason(tmp_path):
    doc = generations_doc()
    doc["results"] = [r for r in doc["results"] if r["backend"] != "openssl-3.5"]
    doc["context"]["libraries"][2] = {"backend": "openssl-3.5", "available": False,
                                      "reason": "OpenSSL 3.5 not found: run ./bootstrap.sh openssl35"}
    view = gen_view(write(tmp_path / "only.json", doc))
    assert [g.available for g in view.generations] == [True, True, False]
    cell = row(view, "evp sha256 digest @ 16 B").cells["openssl-3.5"]
    assert cell.status == "not-measured" and "OpenSSL 3.5 not found" in cell.reason


def test_the_system_alone_is_nothing_to_show(tmp_path, cli):
    doc = generations_doc()
    doc["results"] = [r for r in doc["results"] if r["backend"] in ("openssl", "ref")]
    doc["context"]["libraries"] = doc["context"]["libraries"][:1]
    path = write(tmp_path / "system.json", doc)
    assert gen_view(path) is None
    r = cli("view", "generations", path)
    assert r.returncode == 3 and r.stdout == ""
    assert r.stderr.strip().splitlines() == [
        "cryptometer view generations: no record of an OpenSSL generation (backend openssl or openssl-*), "
        "or only one generation known in the inputs"]


def test_params_that_differ_are_said(tmp_path):
    doc = generations_doc()
    for r in doc["results"]:
        if r["backend"] == "openssl-3.5" and r["algorithm"] == "aes-128-gcm":
            r["params"]["aad_bytes"] = 16
    view = gen_view(write(tmp_path / "params.json", doc))
    assert row(view, "evp aes-128-gcm seal @ 16 B").params_differ
    assert not row(view, "evp sha256 digest @ 16 B").params_differ


def test_generations_text_never_blank(gen_file, cli):
    r = cli("view", "generations", gen_file)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    sha3 = [l for l in lines if l.startswith("evp sha3-256 digest @ 16 B")][0]
    ref = sha3.split("unavailable ")[1].split()[0]
    assert "%s openssl-1.1.1: OpenSSL 1.1.1 has no SHA-3 in this build" % ref in flat(r.stdout)
    seal = [l for l in lines if l.startswith("evp aes-128-gcm seal @ 16 B")][0]
    assert "×0.5" in seal and "* faster" in seal and "±" in seal
    assert lines.index(seal) < lines.index([l for l in lines if l.startswith("evp sha256 digest @ 1024 B")][0])


def test_generations_json_shape(gen_file, cli):
    r = cli("view", "generations", gen_file, "--json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["format"] == "cryptometer-view-v1" and doc["view"] == "generations" and len(doc["runs"]) == 1
    view = doc["runs"][0]["view"]
    assert [g["backend"] for g in view["generations"]] == ["openssl", "openssl-1.1.1", "openssl-3.5"]
    seal = next(x for x in view["rows"] if x["algorithm"] == "aes-128-gcm" and x["size"] == 16)
    fast = seal["cells"]["openssl-1.1.1"]
    assert fast["verdict"] == "faster" and fast["significant"] is True and len(fast["ci95_ratio"]) == 2
    assert fast["ratio"] == pytest.approx(0.5, rel=0.02) and fast["status"] == "ok" and fast["unit"] == "MB/s"
    assert "ratio" not in seal["cells"]["openssl"]
    hmac = next(x for x in view["rows"] if x["algorithm"] == "hmac-sha256")
    assert hmac["cells"]["openssl-3.5"] == {"status": "failed-kat", "reason": "vector 3: tag differs",
                                            "value": None, "unit": "MB/s", "ci95_rel": None, "n": None,
                                            "median_ns": None}


def _groups(text, first):
    """The column groups of a table: lists of lines, each from its header (starting ``first``)."""
    groups = []
    for line in text.splitlines():
        if line.startswith(first):
            groups.append([line])
        elif groups and groups[-1] and line and not line.startswith(("  [", "Run ", " ")):
            groups[-1].append(line)
        elif groups:
            groups.append([]) if groups[-1] else None
    return [g for g in groups if g]


def _starts(header):
    """Where each of a header's cells begins, in characters."""
    return [i for i, c in enumerate(header) if c != " " and (i == 0 or header[i - 1:i + 1] == " " + c
                                                              and header[i - 2:i] == "  ")]


def test_generations_text_fits_in_aligned_column_groups(gen_file, cli):
    r = cli("view", "generations", gen_file)
    assert r.returncode == 0, r.stderr
    assert widest(r.stdout) <= 100
    groups = _groups(r.stdout, "benchmark ")
    # each other generation with its ratio beside the system's, as many side by side as fit
    assert [g[0].split() for g in groups] == [["benchmark", "openssl", "openssl-1.1.1", "ratio"],
                                              ["benchmark", "openssl", "openssl-3.5", "ratio"]]
    for group in groups:   # every row's cells begin where the header's do ('±', '×', '—': one column)
        starts = _starts(group[0])
        assert len(group) == 9 and all(row[s - 2:s] == "  " and row[s] != " " for row in group for s in starts[1:])
    # why a row is first: a note beside its benchmark
    seal = [l for l in groups[0] if l.startswith("evp aes-128-gcm seal @ 16 B")][0]
    ref = seal.split("B ")[1].split()[0]
    assert "%s in focus: short message: per-call overhead; AEAD seal: per-message set-up" % ref in flat(r.stdout)


@pytest.fixture(scope="module")
def classes_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("classes") / "classes.json"
    path.write_bytes(gzip.decompress(CLASSES.read_bytes()))
    return path


@pytest.mark.parametrize("view", ["generations", "kex", "signature"])
def test_every_view_fits_100_columns_on_a_real_run(classes_file, cli, view):
    r = cli("view", view, classes_file)
    assert r.returncode == 0, r.stderr
    assert widest(r.stdout) <= 100, max(r.stdout.splitlines(), key=len)
    if view == "generations":   # the generations this build lacked: said once, no column of not-measured
        text = flat(r.stdout)
        assert "openssl-1.1.1 unavailable: no OpenSSL 1.1.1 prefix was given to this build; not in the table" in text
        assert [g[0].split() for g in _groups(r.stdout, "benchmark ")] == [["benchmark", "openssl"]]
        assert "not-measured" not in r.stdout
    else:   # the operations, then the rest of the columns with the wire sizes
        headers = [g[0] for g in _groups(r.stdout, "algorithm ")]
        assert len(headers) == 2 and headers[1].rstrip().endswith("(B)")


# ---- choices ------------------------------------------------------------------------------------

def choice_view(path, name):
    return choices.build(load_file(path), name, choices.load_table())


def test_kex_choice_rows_operations_and_cells(choice_file):
    view = choice_view(choice_file, "kex")
    assert view.operations == ["keygen", "encapsulate", "decapsulate", "derive"]
    assert [(r.algorithm, r.implementation) for r in view.rows] == [
        ("x25519", "libsodium:default"), ("x25519", "openssl:evp"), ("ecdh-p256", "openssl:evp"),
        ("ml-kem-768", "botan:default"), ("ml-kem-768", "openssl:evp"), ("x25519mlkem768", "openssl:evp")]
    x_sodium, x_ossl = view.rows[0], view.rows[1]
    assert x_sodium.cells["encapsulate"] is None                        # X25519 has no encapsulate
    assert (x_sodium.cells["derive"].status, x_sodium.cells["derive"].reason) == \
        ("crashed", "signal 11 (SIGSEGV) in derive")
    assert x_ossl.cells["derive"].ok and x_ossl.cells["derive"].unit == "ops/s"
    assert x_ossl.cells["derive"].value == pytest.approx(1e9 / 50000.0, rel=0.02)
    botan = view.rows[3]
    assert botan.cells["encapsulate"].status == "not-measured" and botan.cells["derive"] is None
    assert view.absent == []


def test_kex_wire_sizes_from_params_table_or_unknown(choice_file):
    view = choice_view(choice_file, "kex")
    wire = {(r.algorithm, r.implementation): r.wire for r in view.rows}
    x = wire[("x25519", "openssl:evp")]
    assert x["public_key_bytes"].value == 32 and x["ciphertext_bytes"].value == 32      # DH: reply = public key
    assert "RFC 7748" in x["public_key_bytes"].source
    assert wire[("ecdh-p256", "openssl:evp")]["ciphertext_bytes"].value == 65
    kem = wire[("ml-kem-768", "openssl:evp")]
    assert (kem["public_key_bytes"].value, kem["ciphertext_bytes"].value) == (1184, 1088)
    assert kem["ciphertext_bytes"].source == "record params (ciphertext_bytes)"
    hybrid = wire[("x25519mlkem768", "openssl:evp")]
    assert hybrid["public_key_bytes"].value is None and hybrid["public_key_bytes"].source.startswith("unknown")


def test_signature_choice(choice_file):
    view = choice_view(choice_file, "signature")
    assert view.operations == ["keygen", "sign", "verify"]
    assert view.absent == ["slh-dsa-sha2-128s", "slh-dsa-sha2-128f"]
    wire = {r.algorithm: r.wire for r in view.rows}
    assert wire["ml-dsa-65"]["signature_bytes"].value == 3309            # params as text are read too
    assert wire["ed25519"]["signature_bytes"].value == 64 and wire["rsa-2048-pss-sha256"]["public_key_bytes"].value == 256


def test_choice_text_and_json(choice_file, cli):
    r = cli("view", "kex", choice_file)
    assert r.returncode == 0, r.stderr
    hybrid = [l for l in r.stdout.splitlines() if l.startswith("x25519mlkem768")][-1]   # the wire sizes' group
    assert hybrid.split()[-4] == "?" and hybrid.split()[-2] == "?"
    crashed = [l for l in r.stdout.splitlines() if l.startswith("x25519") and "crashed" in l][0]
    ref = crashed.split("crashed ")[1].split()[0]
    assert "%s signal 11 (SIGSEGV) in derive" % ref in flat(r.stdout)
    r = cli("view", "signature", choice_file, "--json")
    assert r.returncode == 0, r.stderr
    view = json.loads(r.stdout)["runs"][0]["view"]
    assert view["choice"] == "signature" and view["unit"] == "ops/s"
    assert view["not_in_run"] == ["slh-dsa-sha2-128s", "slh-dsa-sha2-128f"]
    ed = view["rows"][0]
    assert ed["algorithm"] == "ed25519" and set(ed["operations"]) == {"keygen", "sign", "verify"}
    assert ed["wire"]["signature_bytes"]["bytes"] == 64
    r = cli("view", "kex", choice_file, "--json")
    hybrid = json.loads(r.stdout)["runs"][0]["view"]["rows"][-1]
    assert hybrid["wire"]["ciphertext_bytes"]["bytes"] is None
    assert hybrid["operations"]["derive"] == {"status": "n/a"}


# ---- errors -------------------------------------------------------------------------------------

def test_bad_inputs_exit_codes(tmp_path, gen_file, cli):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    r = cli("view", "generations", bad)
    assert r.returncode == 3 and r.stdout == "" and "bad.json: (document): not valid JSON" in r.stderr
    wrong = tmp_path / "wrong.json"
    doc = generations_doc()
    del doc["results"][0]["variant"]
    wrong.write_text(json.dumps(doc))
    r = cli("view", "kex", wrong)
    assert r.returncode == 3 and "results/0/variant" in r.stderr
    # a bad file beside a good one: the good one is shown, the exit says something was refused
    r = cli("view", "generations", gen_file, bad)
    assert r.returncode == 3 and "evp aes-128-gcm seal @ 16 B" in r.stdout
    assert cli("view", "nonsense", gen_file).returncode == 2
    assert cli("view", "kex", tmp_path / "missing.json").returncode == 3
    assert cli("view", "kex", gen_file).returncode == 3        # no algorithm of the choice in it


def test_output_file_and_refusals(tmp_path, gen_file, cli):
    out = tmp_path / "gen.txt"
    r = cli("view", "generations", gen_file, "-o", out)
    assert r.returncode == 0 and r.stdout == "" and "* faster" in out.read_text()
    assert out.read_text() == cli("view", "generations", gen_file).stdout   # the same text as printed
    r = cli("view", "generations", gen_file, "-o", gen_file)   # never over an input
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1
    assert json.loads(gen_file.read_text())["schema"] == "cryptometer-result"


def test_missing_data_table_is_an_environment_error(tmp_path, gen_file, cli):
    r = cli("view", "signature", gen_file, env_extra={"CRYPTOMETER_DATA_DIR": str(tmp_path)})
    assert r.returncode == 3 and "choices.json" in r.stderr and len(r.stderr.strip().splitlines()) == 1
