"""A real run: the JSON document validates against the schema, every
record's figures agree with its samples, the CSV and the table are views of
the same records, and Ctrl-C leaves a valid document marked incomplete."""
import csv
import json
import signal
import subprocess
import time

import jsonschema
import pytest

SIZES = [16, 1024]


def run_binary(binary, *args, cwd=None):
    return subprocess.run([str(binary), *map(str, args)], cwd=cwd, capture_output=True,
                          text=True, timeout=300)


@pytest.fixture(scope="module")
def small_run(cm_bin, tmp_path_factory):
    d = tmp_path_factory.mktemp("run")
    # the portable and library implementations, all available everywhere
    p = run_binary(cm_bin, "run", "--wide", "--filter",
            "^(openssl:evp|ref:portable)/(aes-128-(cbc|gcm)|sha256|chacha20-poly1305)", "--sizes",
            ",".join(map(str, SIZES)), "--time", "0.05", "--json", d / "r.json", "--csv",
            d / "r.csv", cwd=d)
    return p, json.loads((d / "r.json").read_text()), (d / "r.csv").read_text()


def test_run_succeeds(small_run):
    p, doc, _ = small_run
    assert p.returncode == 0, p.stderr
    assert doc["complete"] is True and doc["interrupted"] is False


def test_document_matches_schema(small_run, schema):
    jsonschema.validate(small_run[1], schema)


def test_one_record_per_implementation_operation_and_size(small_run, missing_backends):
    doc = small_run[1]
    names = {(r["name"], r["size"]) for r in doc["results"]}
    for backend in {"openssl:evp", "ref:portable"} - {f"{m}:evp" for m in missing_backends}:
        for bench in ("aes-128-cbc/encrypt", "aes-128-cbc/decrypt", "aes-128-gcm/seal",
                      "aes-128-gcm/open", "sha256/digest", "chacha20-poly1305/seal",
                      "chacha20-poly1305/open"):
            for size in SIZES:
                assert (f"{backend}/{bench}", size) in names
    assert len(names) == len(doc["results"])


def test_records_are_consistent(small_run, missing_backends):
    # with both ref and openssl built, each is the other's cross-check peer; without
    # openssl, another library built here may be ref's peer
    for r in small_run[1]["results"]:
        assert r["status"] == "ok", r
        assert r["kat"]["status"] == "passed"
        if "openssl" in missing_backends:
            assert r["kat"]["cross_check"]["status"] in ("none", "passed"), r["kat"]
        else:
            assert r["kat"]["cross_check"]["status"] == "passed", r["kat"]
        s = r["stats"]
        assert s["n"] == len(r["samples_ns"]) >= 10
        assert s["ci95_low_ns"] <= s["median_ns"] <= s["ci95_high_ns"]
        assert s["min_ns"] == pytest.approx(min(r["samples_ns"]))
        assert r["throughput_mb_s"] == pytest.approx(r["size"] / s["median_ns"] * 1e3)
        assert r["ops_per_s"] == pytest.approx(1e9 / s["median_ns"])
        mhz = r["clock"]["mhz_used"]
        assert mhz > 0
        assert r["cycles_per_byte"] == pytest.approx(s["median_ns"] * mhz / 1e3 / r["size"])
        cpu = r["cpu_time_ns_per_op"]
        # one thread: its CPU time cannot exceed the wall time (other work on the machine
        # can make it much smaller, so there is no lower bound but zero)
        assert 0 < cpu["total"] < 2 * s["median_ns"] + 100
        assert cpu["user"] is None or cpu["user"] + cpu["system"] == pytest.approx(cpu["total"])
        assert r["iterations_per_sample"] >= 1


def test_a_group_takes_the_previous_groups_clock_after_as_its_before(small_run):
    """The clock check before an implementation is the one after the previous, on
    the same CPU with nothing measured since (docs/methodology.md): measured once."""
    groups = []  # (implementation, its clock) in the order they ran
    for r in small_run[1]["results"]:
        impl = r["name"].rsplit("/", 1)[0]
        if not groups or groups[-1][0] != impl:
            groups.append((impl, r["clock"]))
    assert len(groups) >= 2
    for (_, prev), (impl, clock) in zip(groups, groups[1:]):
        assert clock["before"] == prev["after"] and clock["after"]["supported"] is not None, impl


def test_context(small_run):
    ctx = small_run[1]["context"]
    clusters = ctx["cpu"]["clusters"]
    assert clusters and all(c["measured_mhz"] > 0 for c in clusters)
    assert ctx["cpu"]["arch"] == "x86_64"
    present = {f["name"] for f in ctx["cpu"]["features"] if f["present"]}
    assert "aes" in present
    assert ctx["kernel_crypto"]["af_alg"]["available"] is False
    assert ctx["kernel_crypto"]["af_alg"]["reason"]
    assert all(h["message"].endswith(".") for h in ctx["health"])
    assert ctx["health_before"] and ctx["health_after"]
    assert ctx["timer"]["wall"] == "CLOCK_MONOTONIC"
    libs = {lib["backend"]: lib for lib in ctx["libraries"]}
    assert libs["ref"]["available"]
    if libs["openssl"]["available"]:
        assert libs["openssl"]["version"].startswith("OpenSSL")
    else:
        assert libs["openssl"]["reason"] and libs["openssl"]["package"]


def test_csv_is_a_view_of_the_records(small_run):
    doc, text = small_run[1], small_run[2]
    rows = list(csv.DictReader(text.splitlines()))
    assert len(rows) == len(doc["results"])
    for row, rec in zip(rows, doc["results"]):
        assert row["name"] == rec["name"]
        assert int(row["size"]) == rec["size"]
        assert float(row["throughput_mb_s"]) == pytest.approx(rec["throughput_mb_s"], rel=1e-5)
        assert row["flags"] == ";".join(rec["flags"])
        assert row["kat.status"] == rec["kat"]["status"]


def test_table_on_stdout(small_run, need_backend):
    need_backend("openssl")
    out = small_run[0].stdout
    assert "Throughput in MB/s" in out and "Cycles per byte" in out
    header = next(l for l in out.splitlines() if l.startswith("implementation"))
    assert "16 bytes" in header and "1024 bytes" in header
    rows = [l for l in out.splitlines() if l.split()[:3] == ["openssl:evp", "aes-128-gcm", "seal"]]
    assert len(rows) == 2  # one in each block
    assert len(rows[0].split()) == 4 + 2 * len(SIZES)  # each cell: figure and ±spread
    assert rows[0].split()[3] == "pass"  # the KAT column
    assert all(c.startswith("±") for c in rows[0].split()[5::2])


def test_table_compares_implementations_of_one_operation(small_run, need_backend):
    """The comparison view (issue 7): the rows of one operation are together and, at each
    size, exactly one of them (the one with the lowest median) is marked with *."""
    need_backend("openssl")
    doc, out = small_run[1], small_run[0].stdout
    block = out.split("Throughput in MB/s")[1].split("Cycles per byte")[0]
    lines = block.splitlines()
    at = [i for i, l in enumerate(lines) if l.split()[1:3] == ["aes-128-gcm", "seal"]]
    assert at == list(range(at[0], at[0] + len(at))), "the rows of one operation are apart"
    rows = [lines[i].split() for i in at]
    # and the library backends built here (gnutls, nettle...)
    assert {r[0] for r in rows} >= {"openssl:evp", "ref:portable"}
    for i, size in enumerate(SIZES):
        marked = [r[0] for r in rows if r[5 + 2 * i].endswith("*")]
        recs = [r for r in doc["results"] if r["algorithm"] == "aes-128-gcm"
                and r["operation"] == "seal" and r["size"] == size]
        fastest = min(recs, key=lambda r: r["stats"]["median_ns"])
        assert marked == ["%s:%s" % (fastest["backend"], fastest["variant"])], (size, marked)


def test_per_cluster_runs_on_the_first_cpu_of_each_cluster(cm, tmp_path, schema, need_backend):
    need_backend("openssl")  # the AES score is taken from openssl's aes-256-cbc
    out = tmp_path / "r.json"
    p = cm("run", "--per-cluster", "--algorithms", "aes-256-cbc", "--backends", "openssl:evp",
           "--sizes", "16384", "--time", "0.05", "--json", out)
    assert p.returncode == 0, p.stderr
    doc = json.loads(out.read_text())
    jsonschema.validate(doc, schema)
    clusters = doc["context"]["cpu"]["clusters"]
    assert doc["settings"]["per_cluster"] is True
    assert len(doc["results"]) == 2 * len(clusters)
    for rec in doc["results"]:
        assert rec["cpu"] == clusters[rec["cluster"]]["cpus"][0]
    scores = doc["analysis"]["aes_score"]
    assert len(scores) == len(clusters)
    enc = [r for r in doc["results"] if r["operation"] == "encrypt"]
    assert scores[0]["kbs_16k"] == pytest.approx(enc[0]["throughput_mb_s"] * 1000)
    assert scores[0]["score_per_mhz"] == pytest.approx(scores[0]["kbs_16k"] / scores[0]["mhz"])
    assert "cluster" in p.stdout and "AES score per MHz" in p.stdout


def test_default_json_goes_to_results_dir(cm, tmp_path):
    p = cm("run", "--algorithms", "sha256", "--sizes", "64", "--time", "0.02", "--quiet",
           cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    files = list((tmp_path / "results").glob("*.json"))
    assert len(files) == 1
    assert p.stdout == ""
    assert json.loads(files[0].read_text())["results"]


def test_repeated_size_is_measured_once(cm, tmp_path):
    p = cm("run", "--algorithms", "sha256", "--backends", "ref:portable", "--sizes", "64,16,64",
           "--time", "0.02", "--json", tmp_path / "r.json")
    assert p.returncode == 0, p.stderr
    doc = json.loads((tmp_path / "r.json").read_text())
    assert doc["settings"]["sizes"] == [64, 16]
    assert [r["size"] for r in doc["results"]] == [64, 16]


@pytest.mark.parametrize("alg", ["aes-128-cbc", "aes-128-ecb"])
def test_block_mode_size_not_a_whole_block_is_skipped_with_reason(cm, tmp_path, alg):
    p = cm("run", "--algorithms", alg, "--backends", "ref", "--sizes", "15,16",
           "--time", "0.02", "--json", tmp_path / "r.json")
    assert p.returncode == 0, p.stderr
    recs = json.loads((tmp_path / "r.json").read_text())["results"]
    skipped = [r for r in recs if r["size"] == 15]
    assert skipped and all(r["status"] == "skipped" and r["reason"] ==
                           f"{alg} takes whole 16-byte blocks" for r in skipped)
    assert {r["operation"] for r in skipped} == {"encrypt", "decrypt"}
    assert all(r["status"] == "ok" for r in recs if r["size"] == 16)


def test_ctrl_c_writes_finished_measurements_marked_incomplete(cm_bin, tmp_path, schema):
    out = tmp_path / "r.json"
    proc = subprocess.Popen([str(cm_bin), "run", "--time", "0.3", "--json", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(4)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    doc = json.loads(out.read_text())
    jsonschema.validate(doc, schema)
    assert doc["complete"] is False and doc["interrupted"] is True
    assert 0 < len(doc["results"])
    assert all(r["status"] in ("ok", "skipped", "unavailable") for r in doc["results"])
    assert "interrupted" in stderr
    assert not list(tmp_path.glob("*.tmp*"))
