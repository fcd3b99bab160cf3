"""The test build's deliberately broken backends: a wrong implementation is
caught by its vectors or the cross-check and never timed; one that crashes
or hangs is reported as such and the run goes on."""
import json
import signal
import subprocess
import time

import jsonschema


def records(path):
    return {(r["name"], r["size"]): r for r in json.loads(path.read_text())["results"]}


def test_crash_and_hang_do_not_end_the_run(cm_test, tmp_path, schema):
    out = tmp_path / "r.json"
    p = cm_test("run", "--backends", "faulty,ref", "--algorithms", "sha1,sha256,hmac-sha256",
                "--sizes", "64", "--time", "0.02", "--timeout", "3", "--json", out)
    assert p.returncode == 1, p.stderr
    doc = json.loads(out.read_text())
    jsonschema.validate(doc, schema)
    recs = records(out)
    crash = recs[("faulty:segv/sha256/digest", 64)]
    assert crash["status"] == "crashed" and "SIGSEGV" in crash["reason"]
    hang = recs[("faulty:hang/sha1/digest", 64)]
    assert hang["status"] == "timeout" and "3.0 s" in hang["reason"]
    abort = recs[("faulty:abort/hmac-sha256/mac", 64)]
    assert abort["status"] == "crashed" and "SIGABRT" in abort["reason"]
    for name in ("ref:portable/sha1/digest", "ref:portable/sha256/digest", "ref:portable/hmac-sha256/mac"):
        assert recs[(name, 64)]["status"] == "ok"
    assert "CRASHED" in p.stdout and "TIMEOUT" in p.stdout


def test_wrong_implementation_is_not_timed(cm_test, tmp_path, schema):
    out = tmp_path / "r.json"
    p = cm_test("run", "--backends", "broken", "--sizes", "16,1024", "--time", "0.02",
                "--json", out)
    assert p.returncode == 1, p.stderr
    jsonschema.validate(json.loads(out.read_text()), schema)
    recs = records(out)
    for size in (16, 1024):
        sha = recs[("broken:flipped-bit/sha256/digest", size)]
        assert sha["status"] == "failed-kat"
        assert sha["kat"]["vectors"]["status"] == "failed"
        assert sha["reason"]  # names the failing case
        assert "stats" not in sha and "throughput_mb_s" not in sha
        ctr = recs[("broken:wrong-counter/aes-128-ctr/encrypt", size)]
        assert ctr["status"] == "failed-kat"
        assert ctr["kat"]["vectors"]["status"] == "passed"
        assert ctr["kat"]["cross_check"]["status"] == "failed"
        assert "stats" not in ctr
    assert "FAILED-KAT" in p.stdout


def test_ctrl_c_stops_verify_and_leaves_no_child(cm_test_bin, tmp_path):
    """faulty/sha1 hangs; Ctrl-C during verify kills it and says so."""
    proc = subprocess.Popen([str(cm_test_bin), "verify", "--timeout", "60", "--filter", "faulty",
                             "--json", str(tmp_path / "v.json")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(3)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, err
    assert "interrupted" in out
    doc = json.loads((tmp_path / "v.json").read_text())
    assert doc["complete"] is False
    ps = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True).stdout
    assert f"{cm_test_bin} verify --timeout 60 --filter faulty" not in ps
