"""Running the fleet playbook (fleet/measure.yml) with ansible-playbook, and reading what happened.

``cryptometer fleet`` is a thin front end: it finds the playbook and the static
binaries, runs ``ansible-playbook`` as a subprocess with the project's
callback (fleet/callback_plugins/cryptometer_status.py) writing each host's
outcome to a JSON file in a private staging directory, and turns that into
one status per host:

  ok            the JSON came home
  unreachable   SSH could not connect or log in (the SSH error)
  failed        a step failed (the exit code and the last lines of output)
  timed out     detect or run outlived the timeout (the guard stopped it)
  unsupported   no binary for the host's architecture

Safe by default: host-key checking is forced on (ANSIBLE_HOST_KEY_CHECKING),
no privilege escalation unless asked, and nothing the front end passes to
Ansible holds a secret.  After Ctrl-C it stops the run cleanly (Playbook._interrupted):
nothing the run started is left on a host.
"""

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from . import inputs, outputs

ROOT = Path(__file__).resolve().parents[2]

# architecture -> (environment variable, default binary under the project root); the same
# variables and paths as tests/vm/test-vm.sh, which builds them.
BINARIES = {
    "x86_64": ("CRYPTOMETER_X86_64_BIN", "build-static/cryptometer"),
    "aarch64": ("CRYPTOMETER_AARCH64_BIN", "build-aarch64/cryptometer"),
    "armhf": ("CRYPTOMETER_ARMHF_BIN", "build-armhf/cryptometer"),
}

EXIT_OK, EXIT_FAILURES, EXIT_USAGE, EXIT_ENVIRONMENT, EXIT_INTERRUPTED = 0, 1, 2, 3, 130
OK, UNREACHABLE, FAILED, TIMED_OUT, UNSUPPORTED = "ok", "unreachable", "failed", "timed out", "unsupported"
GUARD_TIMED_OUT = 124           # fleet/cryptometer-guard.py's exit status after a timeout
INTERRUPT_GRACE_S = 60          # how long ansible-playbook may take to end after Ctrl-C
CLEANUP_TIMEOUT_S = 300         # the whole cleanup playbook, at most


class FleetError(Exception):
    """The fleet could not be run at all (no Ansible, no playbook); exit code 3."""


@dataclass
class HostOutcome:
    host: str
    status: str
    reason: str = ""
    exit_code: int = None
    last_lines: list = field(default_factory=list)
    arch: str = None
    binary: str = None
    files: dict = field(default_factory=dict)    # "detect"/"run" -> fetched path

    def as_dict(self):
        return {"host": self.host, "status": self.status, "reason": self.reason,
                "exit_code": self.exit_code, "last_lines": self.last_lines,
                "arch": self.arch, "binary": self.binary}


def fleet_dir():
    """The folder of the playbook: $CRYPTOMETER_FLEET_DIR, the project's fleet/, or the installed one."""
    for candidate in (os.environ.get("CRYPTOMETER_FLEET_DIR"), ROOT / "fleet",
                      ROOT.parent / "fleet"):
        if candidate and (Path(candidate) / "measure.yml").is_file():
            return Path(candidate)
    raise FleetError("the fleet playbook is not installed (looked for fleet/measure.yml in %s; "
                     "set CRYPTOMETER_FLEET_DIR)" % ROOT)


def ansible_playbook():
    """The ansible-playbook of this Python environment, else the one on PATH."""
    beside = Path(sys.executable).parent / "ansible-playbook"
    found = str(beside) if os.access(beside, os.X_OK) else shutil.which("ansible-playbook")
    if not found:
        raise FleetError("needs Ansible: install ansible-core (pip install ansible-core; "
                         "./bootstrap.sh test sets it up in .venv)")
    return found


def default_binaries(given):
    """architecture -> binary: --binary ARCH=PATH first, then the environment, then the builds."""
    chosen = {}
    for arch, (env, default) in BINARIES.items():
        chosen[arch] = os.environ.get(env) or str(ROOT / default)
    chosen.update(given)
    return {arch: str(Path(path).resolve()) for arch, path in chosen.items()}


def _environment(events):
    env = dict(os.environ)
    env.update({
        "ANSIBLE_HOST_KEY_CHECKING": "True",          # whatever the user's environment says
        "ANSIBLE_CALLBACK_PLUGINS": os.pathsep.join(filter(None, (str(fleet_dir() / "callback_plugins"),
                                                               env.get("ANSIBLE_CALLBACK_PLUGINS")))),
        "ANSIBLE_CALLBACKS_ENABLED": ",".join(filter(None, (env.get("ANSIBLE_CALLBACKS_ENABLED"),
                                                             "cryptometer_status"))),
        "ANSIBLE_RETRY_FILES_ENABLED": "False",
        # one SSH round trip per task, no module file written on the host (docs/fleet.md)
        "ANSIBLE_PIPELINING": env.get("ANSIBLE_PIPELINING", "True"),
        "ANSIBLE_NOCOLOR": "1",
        "CRYPTOMETER_FLEET_EVENTS": str(events),
    })
    return env


def _ansible(args, env, echo):
    """Start ansible-playbook in a session of its own (a Ctrl-C at the terminal reaches only
    us, so that it stops cleanly); its output goes to our stdout (echo) or is collected."""
    return subprocess.Popen(args, env=env, stdout=None if echo else subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, errors="replace",
                            stdin=subprocess.DEVNULL, start_new_session=True)


def _wait(proc, echo, timeout=None):
    """Wait for proc; return (exit code, its output's last lines)."""
    if echo:
        return proc.wait(timeout=timeout), []
    out, _ = proc.communicate(timeout=timeout)
    return proc.returncode, (out or "").splitlines()[-20:]


@dataclass
class Playbook:
    """One run of fleet/measure.yml: the inventory, the variables, where the JSON comes home."""
    inventory: str
    variables: dict
    forks: int = 10
    limit: str = None
    echo: bool = False
    stage: Path = None

    def command(self, playbook, extra_vars_file):
        args = [ansible_playbook(), "-i", self.inventory, "--forks", str(self.forks),
                "-e", "@%s" % extra_vars_file, str(playbook)]
        if self.limit:
            args[1:1] = ["--limit", self.limit]
        return args

    def run(self):
        """Run the playbook; return (outcomes by host, ansible's exit code, its last lines).
        On Ctrl-C: stop cleanly (_interrupted), then re-raise KeyboardInterrupt."""
        stage = self.stage
        events, fetched, extra = stage / "events.json", stage / "fetched", stage / "vars.json"
        fetched.mkdir(mode=0o700)
        variables = dict(self.variables, cryptometer_fetch_dir=str(fetched),
                         cryptometer_stop_file=str(stage / "stop"))
        outputs.write_atomic(extra, json.dumps(variables))
        env = _environment(events)
        proc = _ansible(self.command(fleet_dir() / "measure.yml", extra), env, self.echo)
        try:
            code, tail = _wait(proc, self.echo)
        except KeyboardInterrupt:
            previous = signal.signal(signal.SIGINT, signal.SIG_IGN)   # the cleanup runs to its end
            try:
                self._interrupted(proc, env, extra, stage / "stop")
            finally:
                signal.signal(signal.SIGINT, previous)
            raise
        return outcomes(events, fetched, variables.get("cryptometer_mode", "run")), code, tail

    def _interrupted(self, proc, env, extra, stop_file):
        """After Ctrl-C: the stop file makes the playbook skip every step still to come on
        every host; fleet/cleanup.yml stops the measurements running now (their step fails,
        the playbook's `always` removes their directories) and removes the directories; then
        the playbook ends by itself.  If it does not within INTERRUPT_GRACE_S, it is stopped
        and the cleanup runs once more."""
        print("cryptometer fleet: interrupted; stopping and removing what this run started on the "
              "hosts (fleet/cleanup.yml)", file=sys.stderr)
        stop_file.touch()
        self._cleanup(env, extra)
        try:
            _wait(proc, self.echo, timeout=INTERRUPT_GRACE_S)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait()
            self._cleanup(env, extra)

    def _cleanup(self, env, extra):
        cleanup = _ansible(self.command(fleet_dir() / "cleanup.yml", extra), env, self.echo)
        try:
            code, tail = _wait(cleanup, self.echo, timeout=CLEANUP_TIMEOUT_S)
            if code != 0:
                print("cryptometer fleet: the cleanup did not reach every host (exit %d):\n  %s"
                      % (code, "\n  ".join(tail[-5:])), file=sys.stderr)
        except subprocess.TimeoutExpired:
            os.killpg(cleanup.pid, signal.SIGKILL)
            cleanup.wait()
            print("cryptometer fleet: the cleanup took over %d s and was stopped" % CLEANUP_TIMEOUT_S,
                  file=sys.stderr)


def _failure_outcome(host, failure, info):
    """The status of a host from its first failed task."""
    rc = failure.get("rc")
    lines = failure.get("stderr_tail", []) + failure.get("stdout_tail", [])
    task = failure.get("task", "")
    if task.startswith("Stop here when there is no binary"):
        return HostOutcome(host, UNSUPPORTED, failure.get("msg", ""), **info)
    if rc == GUARD_TIMED_OUT and any(line.startswith("cryptometer-guard: timed out") for line in lines):
        reason = next(line for line in lines if line.startswith("cryptometer-guard: timed out"))
        return HostOutcome(host, TIMED_OUT, "%s: %s" % (task, reason), rc, lines, **info)
    reason = "%s: %s" % (task, "exit code %d" % rc if rc is not None else failure.get("msg", "failed"))
    return HostOutcome(host, FAILED, reason, rc, lines or [failure.get("msg", "")], **info)


def ssh_error(message):
    """SSH's own words from Ansible's message ("... can be reached over ssh: ERROR"), else the message."""
    return message.split(" over ssh: ", 1)[1].strip() if " over ssh: " in message else message


def outcomes(events_path, fetched, mode):
    """One HostOutcome per host the callback saw, from its events file and the fetched JSON."""
    try:
        hosts = json.loads(inputs.read_input(events_path, "log"))["hosts"]
    except (inputs.InputError, ValueError, KeyError, TypeError):
        return []
    wanted = [mode]
    result = []
    for host, seen in sorted(hosts.items()):
        info = {"arch": seen.get("arch"), "binary": seen.get("binary")}
        if seen.get("unreachable"):
            result.append(HostOutcome(host, UNREACHABLE, ssh_error(seen["unreachable"]), **info))
        elif seen.get("failures"):
            result.append(_failure_outcome(host, seen["failures"][0], info))
        else:
            # the playbook fetches to its cm_host_file, the same rule as safe_name
            files = {kind: fetched / ("%s.%s.json" % (safe_name(host), kind)) for kind in wanted}
            missing = [kind for kind, path in files.items() if not path.is_file()]
            if missing:
                result.append(HostOutcome(host, FAILED, "no %s JSON came home" % " or ".join(missing), **info))
            else:
                result.append(HostOutcome(host, OK, files=files, **info))
    return result


def staging_dir():
    """A private directory on this machine for one fleet run (removed by the caller)."""
    return Path(tempfile.mkdtemp(prefix="cryptometer-fleet-"))


def safe_name(host):
    """An inventory name as a file name: anything but letters, digits, '.', '-', '_' becomes '_'."""
    return re.sub(r"[^A-Za-z0-9._-]", "_", host).lstrip(".") or "_"


def check_dir(out_dir):
    """Before any host is contacted: refuse a run folder that exists, or whose nearest
    existing parent is not a directory (a FIFO, a device, a file: make_dir would fail after
    the measurements)."""
    if out_dir.exists() or out_dir.is_symlink():
        raise outputs.OutputError("refusing to write into %s: it exists already (choose another --run-id)"
                                  % out_dir)
    parent = out_dir.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir():
        raise outputs.OutputError("cannot create %s: %s is not a directory" % (out_dir, parent))


def make_dir(out_dir):
    """Create the run's folder (and its parents); refuse one that exists or is a link."""
    if out_dir.exists() or out_dir.is_symlink():
        raise outputs.OutputError("refusing to write into %s: it exists already (choose another --run-id)"
                                  % out_dir)
    try:
        out_dir.mkdir(parents=True)
    except OSError as exc:
        raise outputs.OutputError("cannot create %s: %s" % (out_dir, exc.strerror or exc)) from exc
