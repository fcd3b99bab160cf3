"""The fleet front end without SSH: a host's status from the callback's events
(cryptometer.fleet.outcomes), the run options forwarded, host names as file names.
The real runs over SSH are in tests/e2e/test_fleet.py."""
import argparse
import json

from analysis_helpers import ROOT
from cryptometer import fleet, fleet_cmd


def events(tmp_path, hosts):
    path = tmp_path / "events.json"
    path.write_text(json.dumps({"hosts": hosts}))
    return path


def host(**kw):
    return dict({"unreachable": None, "failures": [], "tasks_ok": [], "arch": "x86_64", "binary": "/b"}, **kw)


def test_statuses_from_events(tmp_path):
    fetched = tmp_path / "fetched"
    fetched.mkdir()
    (fetched / "good.run.json").write_text("{}")
    path = events(tmp_path, {
        "good": host(),
        "lost": host(),     # every step ok, but no JSON came home
        "down": host(unreachable='Task failed: Data could not be sent to remote host "10.0.0.9". Make sure '
                                 'this host can be reached over ssh: ssh: connect to host 10.0.0.9 port 22: '
                                 'No route to host', arch=None),
        "odd": host(arch="riscv64", failures=[{"task": "Stop here when there is no binary for it",
                                               "msg": "unsupported architecture: riscv64", "rc": None}]),
        "slow": host(failures=[{"task": "Run", "rc": 124, "msg": "non-zero return code",
                                "stderr_tail": ["cryptometer-guard: timed out after 5 s: ./cryptometer run stopped"],
                                "stdout_tail": []}]),
        "bad": host(failures=[{"task": "Run", "rc": 1, "msg": "non-zero return code",
                               "stderr_tail": ["kat failed"], "stdout_tail": ["line"]}]),
        "own124": host(failures=[{"task": "Run", "rc": 124, "msg": "", "stderr_tail": ["other"], "stdout_tail": []}]),
    })
    got = {o.host: o for o in fleet.outcomes(path, fetched, "run")}
    assert got["good"].status == fleet.OK and got["good"].files["run"] == fetched / "good.run.json"
    assert got["lost"].status == fleet.FAILED and "no run JSON came home" in got["lost"].reason
    assert got["down"].status == fleet.UNREACHABLE
    assert got["down"].reason == "ssh: connect to host 10.0.0.9 port 22: No route to host"
    assert got["odd"].status == fleet.UNSUPPORTED and "riscv64" in got["odd"].reason
    assert got["slow"].status == fleet.TIMED_OUT and got["slow"].exit_code == 124
    assert "timed out after 5 s" in got["slow"].reason
    assert got["bad"].status == fleet.FAILED and got["bad"].exit_code == 1
    assert got["bad"].reason == "Run: exit code 1" and got["bad"].last_lines == ["kat failed", "line"]
    assert got["own124"].status == fleet.FAILED     # 124 without the guard's line is the program's own


def test_no_events_means_no_hosts(tmp_path):
    assert fleet.outcomes(tmp_path / "missing.json", tmp_path, "run") == []


def test_forwarded_run_options():
    parser = argparse.ArgumentParser()
    fleet_cmd.add_arguments(parser)
    args = parser.parse_args(["run", "inv", "--filter", "sha256", "--time", "0.2", "--per-cluster",
                              "--host-timeout", "60"])
    assert fleet_cmd.forwarded(args) == ["--filter", "sha256", "--time", "0.2", "--per-cluster"]
    assert args.host_timeout == 60


def test_binaries_from_option_environment_and_builds(monkeypatch, tmp_path):
    monkeypatch.setenv("CRYPTOMETER_AARCH64_BIN", str(tmp_path / "a64"))
    monkeypatch.delenv("CRYPTOMETER_X86_64_BIN", raising=False)
    chosen = fleet.default_binaries({"armhf": str(tmp_path / "arm")})
    assert chosen["aarch64"] == str(tmp_path / "a64")
    assert chosen["armhf"] == str(tmp_path / "arm")
    assert chosen["x86_64"] == str(fleet.ROOT / "build-static" / "cryptometer")


def test_host_names_as_file_names():
    assert fleet.safe_name("rpi5") == "rpi5"
    assert fleet.safe_name("../etc/passwd") == "_etc_passwd"
    assert fleet.safe_name("a b:c") == "a_b_c"


def test_detect_table_of_many_hosts_fits_in_column_groups(tmp_path, capsys):
    """Seven hosts side by side would be ~230 columns: as many as fit, then the next group, each
    with the row labels (the same rule as view's tables: cryptometer.textfit.column_groups)."""
    from cryptometer import fleet_detect
    doc = ROOT / "tests" / "data" / "context" / "detect.json"
    names = ["host-%d.example.org" % i for i in range(7)]
    hosts = [fleet.HostOutcome(h, fleet.OK, arch="x86_64", files={"detect": doc}) for h in names]
    assert fleet_detect.finish(hosts, None, "r1") == fleet.EXIT_OK
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 100
    headers = [line.split() for line in lines if line.startswith(" ") and "host-" in line]
    assert len(headers) > 1 and sum(headers, []) == names          # every host once, in order
    status = [line for line in lines if line.startswith("status ")]
    assert len(status) == len(headers) and all(set(line.split()[1:]) == {"ok"} for line in status)
