"""`cryptometer files` end to end: every record present (our hashes and
ciphers, and sha1sum, sha256sum, sha512sum, b2sum and openssl enc beside
them), every digest, ciphertext and round trip verified, the page-cache
state in each record, the cold pass said not run with the reason, and the
private temporary directory gone afterwards, also after SIGINT or SIGTERM
mid-run, with nothing else written."""
import json
import os
import signal
import subprocess
import time

import pytest

from conftest import run

HASHES = {"sha1": "sha1sum", "sha256": "sha256sum", "sha512": "sha512sum", "blake2b-512": "b2sum"}
CIPHERS = ("aes-128-cbc", "aes-256-cbc", "aes-256-gcm")


@pytest.fixture(scope="module")
def files_run(cm_bin, tmp_path_factory, need_backend_module):
    base = tmp_path_factory.mktemp("files")
    tmp, cwd = base / "tmp", base / "cwd"
    tmp.mkdir(), cwd.mkdir()
    out = base / "files.json"
    p = subprocess.run([str(cm_bin), "files", "--quick", "--repeat", "1", "--quiet", "--json",
                        str(out)], cwd=cwd, env={**os.environ, "TMPDIR": str(tmp)},
                       capture_output=True, text=True, timeout=600)
    return p, json.loads(out.read_text()) if out.exists() else None, tmp, cwd


@pytest.fixture(scope="module")
def need_backend_module(cm_bin):
    doc = json.loads(subprocess.run([str(cm_bin), "list", "--json"], capture_output=True,
                                    text=True).stdout)
    if any(m["backend"] == "openssl" for m in doc["missing_backends"]):
        pytest.skip("this build has no openssl backend")


def test_records_and_verification(files_run):
    p, doc, tmp, cwd = files_run
    assert p.returncode == 0, p.stderr
    assert doc["schema"] == "cryptometer-files-v1"
    assert doc["temporary_directory_removed"] is True
    assert doc["settings"]["sizes"] == [262144, 1048576]
    recs = doc["records"]
    for size in (262144, 1048576):
        got = {(r["path"], r["algorithm"], r["operation"]): r for r in recs
               if r["file_bytes"] == size}
        for alg, tool in HASHES.items():
            assert got[("openssl:evp", alg, "digest")]["status"] == "ok"
            for name in (tool, "openssl-dgst"):
                t = got[(name, alg, "digest")]
                assert t["status"] == "ok" and t["verified"] is True and t["throughput_mb_s"] > 0
        for alg in CIPHERS:
            assert got[("openssl:evp", alg, "encrypt")]["status"] == "ok"
            d = got[("openssl:evp", alg, "decrypt")]
            assert d["verified"] is True and "byte for byte" in d["verified_how"]
        for alg in CIPHERS[:2]:
            assert got[("openssl-enc", alg, "encrypt")]["verified"] is True
            assert got[("openssl-enc", alg, "decrypt")]["verified"] is True
        assert ("openssl-enc", "aes-256-gcm", "encrypt") not in got  # enc has no AEAD modes
    for r in recs:
        assert r["cache"] == "warm" and 0.0 <= r["resident_before"] <= 1.0
    assert doc["cold_note"].startswith("cold: not run")


def test_nothing_left_behind(files_run):
    _, _, tmp, cwd = files_run
    assert list(tmp.iterdir()) == [] and list(cwd.iterdir()) == []


def test_bad_sizes_are_a_usage_error(cm_bin, tmp_path):
    p = subprocess.run([str(cm_bin), "files", "--sizes", "1000", "--json", str(tmp_path / "x.json")],
                       capture_output=True, text=True)
    assert p.returncode == 2 and "multiples of 16" in p.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_signal_mid_run_removes_the_directory(cm_bin, tmp_path, sig, need_backend_module):
    tmp, cwd = tmp_path / "tmp", tmp_path / "cwd"
    tmp.mkdir(), cwd.mkdir()
    out = tmp_path / "files.json"
    p = subprocess.Popen([str(cm_bin), "files", "--sizes", "16M", "--repeat", "15", "--quiet",
                          "--json", str(out)], cwd=cwd, env={**os.environ, "TMPDIR": str(tmp)},
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    # mid-run: the data file is whole and the timed steps have begun
    deadline = time.monotonic() + 120
    seen = False
    while time.monotonic() < deadline and not seen and p.poll() is None:
        data = list(tmp.glob("cryptometer-files-*/data-0"))
        seen = bool(data) and data[0].stat().st_size == 16 << 20
        time.sleep(0.05)
    assert seen, "the run never wrote its data file"
    time.sleep(0.5)
    assert p.poll() is None, "the run ended before the signal"
    p.send_signal(sig)
    p.wait(timeout=60)
    assert p.returncode == -sig
    assert list(tmp.iterdir()) == []
    assert list(cwd.iterdir()) == [] and not out.exists()
    assert not (tmp_path / "files.json.partial").exists()


def files_through(cm_bin, tmp_path, impl):
    out = tmp_path / "files.json"
    p = subprocess.run([str(cm_bin), "files", "--sizes", "64k", "--repeat", "1", "--quiet",
                        "--impl", impl, "--json", str(out)], cwd=tmp_path,
                       env={**os.environ, "TMPDIR": str(tmp_path)}, capture_output=True,
                       text=True, timeout=300)
    return p, json.loads(out.read_text()) if out.exists() else None


def test_impl_ref_portable_is_ours_and_the_tools_check_it(cm_bin, tmp_path):
    p, doc = files_through(cm_bin, tmp_path, "ref:portable")
    assert p.returncode == 0, p.stderr
    assert doc["settings"]["impl"] == "ref:portable"
    got = {(r["path"], r["algorithm"], r["operation"]): r for r in doc["records"]}
    for alg, tool in HASHES.items():
        assert got[("ref:portable", alg, "digest")]["status"] == "ok"
        t = got[(tool, alg, "digest")]
        assert t["verified"] is True and t["verified_how"] == "its digest equals ref:portable's"
    for alg in CIPHERS:
        assert got[("ref:portable", alg, "decrypt")]["verified"] is True
    for alg in CIPHERS[:2]:
        assert got[("openssl-enc", alg, "encrypt")]["verified_how"].startswith(
            "its ciphertext equals ref:portable's")
    assert not any(r["path"].startswith("openssl:") for r in doc["records"])
    assert sorted(os.listdir(tmp_path)) == ["files.json"]


def test_impl_lacking_an_algorithm_says_so_and_goes_on(cm_bin, tmp_path, need_backend):
    need_backend("libsodium")
    p, doc = files_through(cm_bin, tmp_path, "libsodium")
    assert p.returncode == 0, p.stderr
    cbc = [r for r in doc["records"] if r["algorithm"] == "aes-128-cbc"]
    assert [r["operation"] for r in cbc] == ["encrypt", "decrypt"]  # no tool without ours
    assert all(r["status"] == "unavailable" and "libsodium" in r["reason"] for r in cbc)
    sha = {r["path"]: r for r in doc["records"] if r["algorithm"] == "sha256"}
    ours = [path for path in sha if path.startswith("libsodium:")]
    assert len(ours) == 1 and sha[ours[0]]["status"] == "ok"
    assert sha["sha256sum"]["verified"] is True


@pytest.mark.parametrize("impl, code, words", [
    ("nosuch", 2, "is not BACKEND[:VARIANT] of a backend in this build"),
    ("ref:", 2, "is not BACKEND[:VARIANT]"),
    ("ref:nosuch", 2, "has no variant 'nosuch'"),
])
def test_bad_impl_is_one_line_and_writes_nothing(cm_bin, tmp_path, impl, code, words):
    p, doc = files_through(cm_bin, tmp_path, impl)
    assert p.returncode == code and doc is None
    assert words in p.stderr and p.stderr.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_impl_afalg_follows_the_kernel(cm_bin, tmp_path, need_backend):
    need_backend("afalg")
    rows = json.loads(run(cm_bin, "list", "--json", "--backends", "afalg").stdout)["benchmarks"]
    p, doc = files_through(cm_bin, tmp_path, "afalg")
    if any(r["available"] for r in rows):
        assert p.returncode == 0, p.stderr
    else:  # this kernel has no AF_ALG: one line with the reason, nothing written
        assert p.returncode == 3 and doc is None
        assert "can run none of the file workloads' algorithms here: AF_ALG" in p.stderr
        assert list(tmp_path.iterdir()) == []


def _files_json(cm_bin, out, cwd):
    return subprocess.run([str(cm_bin), "files", "--sizes", "64k", "--repeat", "1", "--quiet",
                           "--json", str(out)], cwd=cwd, capture_output=True, text=True,
                          timeout=300)


def test_json_never_writes_through_a_planted_link(cm_bin, tmp_path, need_backend_module):
    """Issue 29, the worst defect: `files --json o.json` dumped to o.json.partial following
    any symlink there (`ln -s victim o.json.partial` overwrote victim). It now goes through
    the one writing policy: a temporary file created exclusively, renamed over o.json."""
    victim = tmp_path / "victim"
    victim.write_text("precious\n")
    (tmp_path / "o.json.partial").symlink_to(victim)
    out = tmp_path / "o.json"
    p = _files_json(cm_bin, out, tmp_path)
    assert p.returncode == 0, p.stderr
    assert victim.read_text() == "precious\n"
    assert json.loads(out.read_text())["schema"] == "cryptometer-files-v1"
    assert not out.is_symlink() and (tmp_path / "o.json.partial").is_symlink()


@pytest.mark.parametrize("kind", ["symlink", "fifo", "device", "directory", "read-only"])
def test_json_refuses_a_target_that_is_not_a_writable_regular_file(cm_bin, tmp_path, kind):
    """A FIFO, a symlink or a device given as OUT was replaced by a regular file (as root, a
    device node in /dev). Refused before anything runs: exit 2, one line, nothing changed."""
    out = tmp_path / "o.json"
    if kind == "symlink":
        (tmp_path / "victim").write_text("precious\n")
        out.symlink_to(tmp_path / "victim")
    elif kind == "fifo":
        os.mkfifo(out)
    elif kind == "device":
        if os.geteuid() != 0:
            pytest.skip("making a device node needs root")
        os.mknod(out, 0o600 | 0o020000, os.makedev(1, 3))    # a /dev/null twin
    elif kind == "directory":
        out.mkdir()
    else:
        out.write_text("old\n")
        out.chmod(0o444)
    before = os.lstat(out)
    p = _files_json(cm_bin, out, tmp_path)
    assert p.returncode == 2, p.stderr
    assert len(p.stderr.strip().splitlines()) == 1 and str(out) in p.stderr, p.stderr
    after = os.lstat(out)
    assert (after.st_mode, after.st_ino, after.st_rdev) == (before.st_mode, before.st_ino, before.st_rdev)
    assert sorted(f.name for f in tmp_path.iterdir()) == sorted(
        ["o.json"] + (["victim"] if kind == "symlink" else []))
    if kind == "symlink":
        assert (tmp_path / "victim").read_text() == "precious\n"


def test_options_are_the_tables_same_errors_and_help(cm_bin, tmp_path):
    """files parses with the one options table: run's error for an unknown option, the
    table's --repeat range error, and a help that fits 100 columns and lists every option."""
    for argv, words in ((["--bogus"], "unknown or incomplete option '--bogus' (see --help)"),
                        (["--repeat", "16"], "--repeat: '16' is not a whole number from 1 to 15"),
                        (["--sizes", "2048M"], "--sizes: 2048M is out of range (1 byte to 1024M)"),
                        (["--sizes", "16,32,48,64,80,96,112,128,144"], "files takes 1 to 8")):
        p = subprocess.run([str(cm_bin), "files", *argv], cwd=tmp_path, capture_output=True,
                           text=True)
        assert p.returncode == 2 and p.stderr.startswith("cryptometer files: error: "), p.stderr
        assert p.stderr.count("\n") == 1
        assert words in p.stderr, p.stderr
    run_err = subprocess.run([str(cm_bin), "run", "--bogus"], capture_output=True, text=True)
    assert run_err.stderr.replace("run", "files", 1) == "cryptometer files: error: unknown or " \
        "incomplete option '--bogus' (see --help)\n"
    help_text = run(cm_bin, "files", "--help").stdout
    assert max(len(line) for line in help_text.splitlines()) <= 100
    for option in ("--sizes", "--quick", "--repeat", "--cold", "--impl", "--json", "--csv",
                   "--force", "--quiet"):
        assert "\n  " + option + " " in help_text
    assert list(tmp_path.iterdir()) == []


def test_csv_is_runs_view_of_the_same_records(cm_bin, tmp_path):
    """--csv writes the typed records in run's CSV columns, beside the JSON, one row each."""
    import csv
    out, table = tmp_path / "files.json", tmp_path / "files.csv"
    p = subprocess.run([str(cm_bin), "files", "--sizes", "64k", "--repeat", "3", "--quiet",
                        "--impl", "ref:portable", "--json", str(out), "--csv", str(table)],
                       cwd=tmp_path, env={**os.environ, "TMPDIR": str(tmp_path)},
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    recs = json.loads(out.read_text())["records"]
    rows = list(csv.DictReader(table.read_text().splitlines()))
    assert len(rows) == len(recs)
    for r, row in zip(recs, rows):
        assert row["name"] == "%s/%s/%s" % (r["path"], r["algorithm"], r["operation"])
        assert row["status"] == r["status"] and int(row["size"]) == r["file_bytes"]
        if r["status"] == "ok":
            assert int(row["stats.n"]) == 3 == len(r["seconds_all"])
            assert abs(float(row["stats.median_ns"]) / 1e9 - r["seconds"]) <= 1e-5 * r["seconds"]
            assert abs(float(row["throughput_mb_s"]) / r["throughput_mb_s"] - 1) < 1e-4
            assert r["seconds"] == sorted(r["seconds_all"])[1]
    assert sorted(os.listdir(tmp_path)) == ["files.csv", "files.json"]
