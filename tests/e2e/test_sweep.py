"""`cryptometer sweep` (docs/sweep.md): the shape of its records and of its
table, the usage errors (one line, exit 2, nothing written), AF_ALG absent
(the line with the errno text, and the rest still runs), a failing backend
marked and not dropped, and an interrupted sweep that writes nothing
half-done. No timing thresholds: relations between the figures only."""
import errno
import json
import signal
import socket
import subprocess
import time

import pytest

from conftest import flat

# small points: the tests check shapes, not speed
SMALL = ["--chunks", "16,4k", "--totals", "64k,256k"]
FIGURES = ["elapsed_s", "elapsed_s_min", "elapsed_s_max", "throughput_mb_s",
           "throughput_mb_s_min", "throughput_mb_s_max", "cpu_user_s", "cpu_system_s", "cpu_s",
           "cpu_s_per_gb", "cpu_user_s_per_gb", "cpu_system_s_per_gb", "spread"]
KEYS = ["path", "backend", "variant", "served_by", "algorithm", "operation", "chunk", "total",
        "ops", "bytes", "repetitions", "status", "reason", "kat", "flags", "samples", *FIGURES]


def kernel_af_alg_error():
    """None when this kernel has AF_ALG, else the errno's text."""
    try:
        socket.socket(socket.AF_ALG, socket.SOCK_SEQPACKET).close()
        return None
    except OSError as e:
        return e.strerror or errno.errorcode.get(e.errno, str(e.errno))


def sweep_doc(path):
    doc = json.loads(path.read_text())
    assert doc["schema"] == "cryptometer-sweep"
    assert doc["schema_version"] == 1
    assert "results" not in doc  # not a result document: loaders refuse it by name
    return doc


def check_ok_record(r, repeat=3):
    assert r["status"] == "ok" and r["reason"] is None and r["kat"] == "passed"
    assert r["repetitions"] == repeat
    assert r["ops"] == r["total"] // r["chunk"] and r["bytes"] == r["ops"] * r["chunk"]
    s = r["samples"]
    assert sorted(s) == ["cpu_s", "elapsed_s", "rusage_system_s", "rusage_user_s"]
    assert all(len(s[k]) == repeat for k in s)
    assert all(x > 0 for x in s["elapsed_s"])
    assert all(x >= 0 for x in s["cpu_s"] + s["rusage_user_s"] + s["rusage_system_s"])
    assert r["cpu_s"] == pytest.approx(sorted(s["cpu_s"])[repeat // 2])
    assert r["elapsed_s_min"] <= r["elapsed_s"] <= r["elapsed_s_max"]
    assert r["elapsed_s"] == pytest.approx(sorted(s["elapsed_s"])[repeat // 2])
    assert r["throughput_mb_s"] == pytest.approx(r["bytes"] / r["elapsed_s"] / 1e6)
    assert r["throughput_mb_s_min"] <= r["throughput_mb_s"] <= r["throughput_mb_s_max"]
    assert r["cpu_s_per_gb"] == pytest.approx(r["cpu_s"] / r["bytes"] * 1e9)
    ticks = sum(s["rusage_user_s"]) + sum(s["rusage_system_s"])
    split = ["cpu_user_s", "cpu_system_s", "cpu_user_s_per_gb", "cpu_system_s_per_gb"]
    if ticks == 0:  # getrusage counted nothing: no split, and said so
        assert all(r[k] is None for k in split) and "cpu-split-coarse" in r["flags"]
    else:  # the thread's CPU time, split by getrusage's ratio over the repetitions
        assert r["cpu_user_s"] + r["cpu_system_s"] == pytest.approx(r["cpu_s"])
        assert r["cpu_user_s"] >= 0 and r["cpu_system_s"] >= 0  # never "-0.00" in the table
        assert r["cpu_user_s"] == pytest.approx(r["cpu_s"] * sum(s["rusage_user_s"]) / ticks)
        assert r["cpu_user_s_per_gb"] == pytest.approx(r["cpu_user_s"] / r["bytes"] * 1e9)
        assert r["cpu_system_s_per_gb"] == pytest.approx(r["cpu_system_s"] / r["bytes"] * 1e9)
    assert ("cpu-split-coarse" in r["flags"]) == (ticks < 0.1)
    assert r["spread"] == pytest.approx((r["elapsed_s_max"] - r["elapsed_s_min"]) / r["elapsed_s"])
    assert ("wide-spread" in r["flags"]) == (r["spread"] > 0.10)
    assert set(r["flags"]) <= {"wide-spread", "short", "cpu-split-coarse"}


def test_records_and_table_of_ref_and_openssl(cm, need_backend, tmp_path):
    need_backend("openssl")
    out = tmp_path / "s.json"
    p = cm("sweep", *SMALL, "--backends", "ref:portable,openssl:evp", "--json", out)
    assert p.returncode == 0, p.stderr
    doc = sweep_doc(out)
    assert doc["complete"] is True and doc["interrupted"] is False
    assert doc["settings"]["chunks"] == [16, 4096]
    assert doc["settings"]["totals"] == [65536, 262144]
    assert doc["settings"]["repeat"] == 3
    recs = doc["records"]
    # one record per (path, chunk, total), laid out flat for plots
    assert sorted((r["path"], r["chunk"], r["total"]) for r in recs) == sorted(
        (path, c, t) for path in ("ref:portable", "openssl:evp") for c in (16, 4096)
        for t in (65536, 262144))
    for r in recs:
        assert sorted(r) == sorted(KEYS)
        assert r["algorithm"] == "aes-128-cbc" and r["operation"] == "encrypt"
        check_ok_record(r)
    assert [p["path"] for p in doc["paths"]] == ["openssl:evp", "ref:portable"]
    assert all(p["kat"]["status"] == "passed" for p in doc["paths"])
    # the table: a block per path, a row per chunk, a column per total
    lines = p.stdout.splitlines()
    for path in ("ref:portable", "openssl:evp"):
        head = lines.index(f"{path}/aes-128-cbc/encrypt")
        assert "64 KiB" in lines[head + 1] and "256 KiB" in lines[head + 1]
        assert lines[head + 2].split()[:2] == ["16", "B"]
        assert lines[head + 3].split()[:2] == ["4", "KiB"]
        assert lines[head + 2].count("|") == 2
    assert f"{out} written" in p.stderr


def test_without_af_alg_the_sweep_says_so_and_goes_on(cm, need_backend, tmp_path):
    need_backend("afalg")
    why = kernel_af_alg_error()
    if why is None:
        pytest.skip("this kernel has AF_ALG (tests/vm/test-vm.sh check f sweeps through it)")
    out = tmp_path / "s.json"
    p = cm("sweep", *SMALL, "--backends", "afalg,ref:portable", "--json", out)
    assert p.returncode == 0, p.stderr
    line = f"AF_ALG: not supported by this kernel ({why})"
    assert f" afalg:kernel/aes-128-cbc: unavailable: {flat(line)}" in flat("\n" + p.stdout)
    assert "ref:portable/aes-128-cbc/encrypt" in p.stdout.splitlines()
    recs = sweep_doc(out)["records"]
    af = [r for r in recs if r["backend"] == "afalg"]
    assert len(af) == 4 and all(r["status"] == "unavailable" and r["reason"] == line for r in af)
    assert all(r[k] is None for r in af for k in FIGURES)
    ref = [r for r in recs if r["path"] == "ref:portable"]
    assert len(ref) == 4
    for r in ref:
        check_ok_record(r)


def test_default_chunks_and_quick_totals(cm, need_backend, tmp_path):
    need_backend("openssl")
    out = tmp_path / "s.json"
    p = cm("sweep", "--quick", "--backends", "openssl:evp", "--json", out, "-q")
    assert p.returncode == 0, p.stderr
    assert p.stdout == ""
    doc = sweep_doc(out)
    assert doc["settings"]["chunks"] == [16 << i for i in range(17)]
    assert doc["settings"]["totals"] == [4 << 20, 8 << 20, 16 << 20]
    assert len(doc["records"]) == 17 * 3
    for r in doc["records"]:
        check_ok_record(r)


def test_a_chunk_larger_than_a_total_is_skipped(cm, tmp_path):
    out = tmp_path / "s.json"
    p = cm("sweep", "--chunks", "16,128k", "--totals", "64k", "--backends", "ref:portable",
           "--json", out)
    assert p.returncode == 0, p.stderr
    recs = {r["chunk"]: r for r in sweep_doc(out)["records"]}
    check_ok_record(recs[16])
    assert recs[131072]["status"] == "skipped"
    assert "larger than the total" in recs[131072]["reason"]


def test_a_chunk_the_algorithm_cannot_take_is_skipped_with_its_rule(cm, tmp_path):
    out = tmp_path / "s.json"
    p = cm("sweep", "--chunks", "24,32", "--totals", "64k", "--backends", "ref:portable",
           "--json", out)
    assert p.returncode == 0, p.stderr
    recs = {r["chunk"]: r for r in sweep_doc(out)["records"]}
    assert recs[24]["status"] == "skipped" and "16-byte blocks" in recs[24]["reason"]
    assert recs[32]["status"] == "ok"


@pytest.mark.parametrize("args, message", [
    (["--chunks", "0"], "--chunks: 0 is out of range"),
    (["--chunks", "abc"], "--chunks: 'abc' is not a size"),
    (["--chunks", "128M"], "--chunks: 128M is out of range"),
    (["--chunks"], "unknown or incomplete option '--chunks' (see --help)"),
    (["--totals", "--quick"], "unknown or incomplete option '--totals' (see --help)"),
    (["--totals", "0"], "--totals: 0 is out of range"),
    (["--totals", "20000M"], "--totals: 20000M is out of range"),
    (["--totals", "1x"], "--totals: '1x' is not a size"),
    (["--totals", ""], "--totals: empty list"),
    (["--chunks", "1M", "--totals", "64k"], "every chunk is larger than every total"),
    (["--repeat", "2"], "--repeat: '2' is not a whole number from 3 to 50"),
    (["--repeat", "x"], "--repeat: 'x' is not a whole number"),
    (["--algorithms", "aes-128-cbc,sha256"], "sweep takes one algorithm at a time"),
    (["--algorithms", "ed25519"], "per operation, not per byte"),
    (["--algorithms", "no-such"], "no-such"),
    (["--sizes", "16"], "unknown or incomplete option '--sizes'"),
])
def test_bad_arguments_are_one_usage_line(cm, tmp_path, args, message):
    out = tmp_path / "s.json"
    p = cm("sweep", "--json", out, *args)
    assert p.returncode == 2, (p.stdout, p.stderr)
    lines = p.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("cryptometer sweep: error: "), p.stderr
    assert message in lines[0]
    assert p.stdout == ""
    assert not out.exists()


def test_help_names_the_sweep_options(cm):
    p = cm("sweep", "--help")
    assert p.returncode == 0
    for opt in ("--chunks", "--totals", "--quick", "--repeat", "--filter", "--backends"):
        assert opt in p.stdout


def test_a_failing_backend_is_marked_not_dropped(cm_test, tmp_path):
    out = tmp_path / "s.json"
    p = cm_test("sweep", "--algorithms", "sha256", "--backends", "broken,ref:portable",
                "--chunks", "64,4k", "--totals", "64k", "--json", out)
    assert p.returncode == 1, p.stderr
    doc = sweep_doc(out)
    broken = [r for r in doc["records"] if r["backend"] == "broken"]
    assert len(broken) == 2
    for r in broken:
        assert r["status"] == "failed-kat" and r["kat"] == "failed" and r["reason"]
        assert all(r[k] is None for k in FIGURES)
    ref = [r for r in doc["records"] if r["path"] == "ref:portable"]
    assert len(ref) == 2
    for r in ref:
        check_ok_record(r)
    assert any(line.startswith("  broken:") and "failed-kat" in line
               for line in p.stdout.splitlines())
    assert [pa["kat"]["status"] for pa in doc["paths"] if pa["path"].startswith("broken:")] == \
        ["failed"]


def start(binary, *args, cwd):
    return subprocess.Popen([str(binary), *map(str, args)], cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_an_interrupted_sweep_writes_only_finished_points(cm_bin, tmp_path, sig):
    """Ctrl-C, and as of issue 29 SIGTERM and SIGHUP too (a terminated sweep wrote nothing
    before), keep the finished points; the exit code is 128 + the signal's number."""
    out = tmp_path / "s.json"
    proc = start(cm_bin, "sweep", "--backends", "ref:portable", "--totals", "16M",
                 "--json", out, cwd=tmp_path)
    time.sleep(3)
    proc.send_signal(sig)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 128 + sig, stderr
    doc = sweep_doc(out)
    assert doc["complete"] is False and doc["interrupted"] is True
    assert len(doc["records"]) < 17  # the sweep did not finish
    for r in doc["records"]:
        check_ok_record(r)  # every point written has all its repetitions
    assert "interrupted: finished points" in stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.json"]


def test_the_filter_chooses_the_operation(cm, tmp_path):
    out = tmp_path / "s.json"
    p = cm("sweep", "--algorithms", "aes-128-cbc", "--filter", "/decrypt$", "--backends",
           "ref:portable", "--chunks", "16", "--totals", "64k", "--json", out)
    assert p.returncode == 0, p.stderr
    recs = sweep_doc(out)["records"]
    assert [(r["operation"], r["status"]) for r in recs] == [("decrypt", "ok")]
    assert "ref:portable/aes-128-cbc/decrypt" in p.stdout.splitlines()


# ---- crossovers (docs/sweep.md "Crossovers") and detect --sweep ----------------

XO_KEYS = ["engine_path", "served_by", "cpu_path", "total", "throughput_chunk",
           "cpu_time_chunk", "chunks_compared", "flags", "message"]


def test_a_sweep_without_engine_paths_has_no_crossovers(cm, need_backend, tmp_path):
    need_backend("openssl")
    out = tmp_path / "s.json"
    p = cm("sweep", "--chunks", "16", "--totals", "64k", "--backends", "ref:portable,openssl:evp",
           "--json", out)
    assert p.returncode == 0, p.stderr
    assert sweep_doc(out)["crossovers"] == []
    assert "crossovers" not in p.stdout


def test_an_unavailable_engine_path_is_not_compared_and_says_so(cm, need_backend, tmp_path):
    need_backend("afalg")
    need_backend("openssl")
    if kernel_af_alg_error() is None:
        pytest.skip("this kernel has AF_ALG (tests/vm/test-vm.sh check f compares through it)")
    out = tmp_path / "s.json"
    p = cm("sweep", *SMALL, "--backends", "afalg:kernel,openssl:evp,ref:portable", "--json", out)
    assert p.returncode == 0, p.stderr
    xo = sweep_doc(out)["crossovers"]
    # one per (engine path, CPU path, total): openssl:evp and the fastest ref path
    assert sorted((x["engine_path"], x["cpu_path"], x["total"]) for x in xo) == sorted(
        ("afalg:kernel", c, t) for c in ("openssl:evp", "ref:portable") for t in (65536, 262144))
    for x in xo:
        assert sorted(x) == sorted(XO_KEYS)
        assert x["throughput_chunk"] is None and x["cpu_time_chunk"] is None
        assert x["chunks_compared"] == 0
        assert x["flags"] == ["not-ok-points", "not-compared"]
        assert "cannot be compared" in x["message"]
    lines = p.stdout.splitlines()
    head = lines.index("crossovers (kernel or engine path against CPU path; ok points only):")
    assert head > lines.index("ref:portable/aes-128-cbc/encrypt")  # after the table
    # a sentence a line, wrapped to 100 columns
    assert flat("\n".join(lines[head + 1:])) == " ".join(f"{flat(x['message'])}." for x in xo)
    assert [x[:22] for x in lines[head + 1:] if not x.startswith("   ")] == [
        f"  {x['message'][:20]}" for x in xo]


def record(path, chunk, total, mb=None, cpu=None, status="ok", served_by=None, flags=()):
    """A record of a sweep document as `detect --sweep` reads it."""
    return {"path": path, "backend": path.split(":")[0], "variant": path.split(":")[1],
            "served_by": served_by, "algorithm": "aes-128-cbc", "operation": "encrypt",
            "chunk": chunk, "total": total, "status": status,
            "throughput_mb_s": mb if status == "ok" else None,
            "cpu_s_per_gb": cpu if status == "ok" else None,
            "flags": list(flags) if status == "ok" else []}


def crafted_sweep():
    """Figures in the shape of the x86_64 VM's (not measured ones): afalg:kernel
    beats openssl:evp in throughput from 4 KiB and in CPU time from 256 B,
    never beats ref:aesni in throughput (less CPU from 4 KiB); its 64 KiB
    point failed; openssl:afalg-engine never pays; evp's 4 KiB point is
    wide-spread."""
    chunks, total = [16, 256, 4096, 65536], 1 << 20
    rows = {
        "afalg:kernel": ([1, 10, 900, 800], [50, 3, 1, 0.5], "cbc-aes-aesni"),
        "openssl:afalg-engine": ([0.5, 5, 50, 60], [60, 30, 20, 20], "afalg"),
        "openssl:evp": ([100, 300, 500, 600], [10, 3.3, 2, 1.6], None),
        "ref:aesni": ([150, 400, 1000, 1100], [6, 2.5, 1.25, 1], None),
    }
    recs = []
    for path, (mbs, cpus, served) in rows.items():
        for c, mb, cpu in zip(chunks, mbs, cpus):
            failed = path == "afalg:kernel" and c == 65536
            recs.append(record(path, c, total, mb, cpu, "error" if failed else "ok", served,
                               ["wide-spread"] if path == "openssl:evp" and c == 4096 else []))
    return {"schema": "cryptometer-sweep", "schema_version": 1, "records": recs}


def test_detect_sweep_states_the_crossovers_in_words(cm, tmp_path):
    f = tmp_path / "sweep.json"
    f.write_text(json.dumps(crafted_sweep()))
    p = cm("detect", "--no-clock", "--json", "--sweep", f)
    assert p.returncode == 0, p.stderr
    doc = json.loads(p.stdout)
    assert [s["algorithm"] for s in doc["sweeps"]] == ["aes-128-cbc"]
    xo = {(v["evidence"]["engine_path"], v["evidence"]["cpu_path"]): v
          for v in doc["verdicts"] if v["id"] == "crossover"}
    assert sorted(xo) == sorted((e, c) for e in ("afalg:kernel", "openssl:afalg-engine")
                                for c in ("openssl:evp", "ref:aesni"))
    v = xo[("afalg:kernel", "openssl:evp")]
    # cbc-aes-aesni is a CPU driver: the code says so, not "engine" (issue 27)
    assert v["code"] == "cpu-driver-faster-from"
    assert (v["evidence"]["throughput_chunk"], v["evidence"]["cpu_time_chunk"]) == (4096, 256)
    assert v["evidence"]["chunks_compared"] == 3  # the failed 64 KiB point left out
    assert v["evidence"]["flags"] == ["wide-spread", "not-ok-points"]
    assert v["message"] == (
        "aes-128-cbc encrypt: afalg:kernel (cbc-aes-aesni, CPU instructions in the kernel, not an engine) "
        "beats openssl:evp in throughput from "
        "4096-byte chunks, and in CPU time from 256-byte chunks, at 1 MiB totals; it rests on "
        "wide-spread points.")
    v = xo[("afalg:kernel", "ref:aesni")]
    assert v["code"] == "cpu-driver-saves-cpu-from"
    assert (v["evidence"]["throughput_chunk"], v["evidence"]["cpu_time_chunk"]) == (None, 4096)
    assert "never beats ref:aesni in throughput within the swept chunks" in v["message"]
    for cpu in ("openssl:evp", "ref:aesni"):
        v = xo[("openssl:afalg-engine", cpu)]
        assert v["code"] == "engine-never-pays"
        assert v["evidence"]["throughput_chunk"] is None and v["evidence"]["cpu_time_chunk"] is None
        assert "never beats" in v["message"] and "within the swept chunks" in v["message"]
    # the text view says the same, each verdict from the start of a line (wrapped to 100 columns)
    t = cm("detect", "--no-clock", "--sweep", f)
    assert t.returncode == 0, t.stderr
    assert max(len(line) for line in t.stdout.splitlines()) <= 100
    for v in xo.values():
        assert f"  [{v['code']}] " in "\n" + t.stdout
        assert f"[{v['code']}] {flat(v['message'])}" in flat(t.stdout)


def test_detect_sweep_recomputes_what_the_sweep_wrote(cm, need_backend, tmp_path):
    need_backend("afalg")
    need_backend("openssl")
    out = tmp_path / "s.json"
    p = cm("sweep", "--chunks", "16,4k", "--totals", "64k", "--backends",
           "afalg,openssl:evp,ref:portable", "--json", out)
    assert p.returncode in (0, 1), p.stderr
    d = cm("detect", "--no-clock", "--json", "--sweep", out)
    assert d.returncode == 0, d.stderr
    assert json.loads(d.stdout)["sweeps"][0]["crossovers"] == sweep_doc(out)["crossovers"]


def test_detect_sweep_without_engine_paths_says_so(cm, tmp_path):
    doc = crafted_sweep()
    doc["records"] = [r for r in doc["records"] if r["path"] in ("openssl:evp", "ref:aesni")]
    f = tmp_path / "sweep.json"
    f.write_text(json.dumps(doc))
    p = cm("detect", "--no-clock", "--json", "--sweep", f)
    assert p.returncode == 0, p.stderr
    codes = [v["code"] for v in json.loads(p.stdout)["verdicts"] if v["id"] == "crossover"]
    assert codes == ["no-engine-path"]


@pytest.mark.parametrize("content, message", [
    (None, "No such file"),
    ("{not json", "--sweep"),
    (json.dumps({"schema": "cryptometer-result", "records": []}), "not a sweep document"),
    (json.dumps([1, 2]), "not a sweep document"),
    (json.dumps({"schema": "cryptometer-sweep", "schema_version": 2, "records": []}),
     "schema_version"),
    (json.dumps({"schema": "cryptometer-sweep", "schema_version": 1, "records": {}}),
     "no \"records\" array"),
    (json.dumps({"schema": "cryptometer-sweep", "schema_version": 1, "records": []}),
     "no records"),
    (json.dumps({"schema": "cryptometer-sweep", "schema_version": 1,
                 "records": [{**record("afalg:kernel", 16, 1024, 1, 2), "cpu_s_per_gb": "x"}]}),
     "record 1 is ok but lacks"),
    (json.dumps({"schema": "cryptometer-sweep", "schema_version": 1,
                 "records": [{**record("afalg:kernel", 16, 1024, 1, 2), "chunk": -4}]}),
     "record 1 lacks"),
])
def test_detect_sweep_refuses_a_bad_file_in_one_line(cm, tmp_path, content, message):
    f = tmp_path / "sweep.json"
    if content is not None:
        f.write_text(content)
    p = cm("detect", "--no-clock", "--json", "--sweep", f)
    assert p.returncode == 3, (p.stdout, p.stderr)
    lines = p.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("cryptometer detect: error: --sweep "), p.stderr
    assert message in lines[0]
    assert p.stdout == ""


def test_detect_sweep_needs_a_file(cm):
    p = cm("detect", "--sweep")
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr == "cryptometer detect: error: unknown or incomplete option '--sweep' (see --help)\n"
    p = cm("detect", "--sweep=")
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr == "cryptometer detect: error: --sweep needs a file (at most 8)\n"
