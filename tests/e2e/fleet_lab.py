"""A lab of SSH hosts on this machine for the fleet tests: one sshd per network namespace.

Each host is a network namespace (``ip netns``) joined to this one by a veth
pair with private addresses (10.213.X.1 here, 10.213.X.2 there), with its own
UTS namespace (so its host name differs) and an sshd on port 22 of its
address, with a host key made for the test.  The client logs in as root with
a user key made for the test; known_hosts is written by the lab, and host-key
checking stays on.  Each host's sessions get their own TMPDIR (sshd SetEnv),
so the tests can check that nothing is left there.  All traffic stays on the
namespaces' addresses.  Needs root, ip, unshare and sshd; ``close()`` tears
everything down, also after a failed test.
"""
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

SSHD = "/usr/sbin/sshd"
START_TIMEOUT_S = 10        # sshd must answer within this
PORT = 22
CONTROL_PERSIST_S = 10      # SSH master connections close this long after their last use


def missing_requirements():
    """Why the lab cannot be built here, or None."""
    if os.geteuid() != 0:
        return "needs root (network namespaces)"
    for tool in ("ip", "unshare", "ssh-keygen"):
        if not shutil.which(tool):
            return "needs %s" % tool
    if not os.access(SSHD, os.X_OK):
        return "needs openssh-server (%s)" % SSHD
    return None


def _sh(*args, check=True):
    return subprocess.run([str(a) for a in args], check=check, capture_output=True, text=True, timeout=30)


class Host:
    def __init__(self, lab, index, name):
        self.lab, self.index, self.name = lab, index, name
        tag = "%d%d" % (lab.tag, index)
        self.netns = "cmfleet%s" % tag
        self.veth_here, self.veth_there = "cmf%sa" % tag, "cmf%sb" % tag
        subnet = "10.213.%d" % ((lab.tag % 60) * 4 + index)
        self.gateway, self.address = subnet + ".1", subnet + ".2"
        self.dir = lab.dir / name
        self.tmp = self.dir / "tmp"             # the TMPDIR of its sessions
        self.remote_tmp = self.dir / "ansible"  # Ansible's remote_tmp
        self.proc = None

    def create(self):
        self.tmp.mkdir(parents=True)
        self.remote_tmp.mkdir()
        _sh("ip", "netns", "add", self.netns)
        _sh("ip", "link", "add", self.veth_here, "type", "veth", "peer", "name", self.veth_there,
            "netns", self.netns)
        _sh("ip", "addr", "add", self.gateway + "/30", "dev", self.veth_here)
        _sh("ip", "link", "set", self.veth_here, "up")
        _sh("ip", "-n", self.netns, "addr", "add", self.address + "/30", "dev", self.veth_there)
        _sh("ip", "-n", self.netns, "link", "set", self.veth_there, "up")
        _sh("ip", "-n", self.netns, "link", "set", "lo", "up")
        _sh("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", self.name, "-f", self.dir / "host_key")
        (self.dir / "sshd_config").write_text(
            "Port %d\nListenAddress %s\nHostKey %s\nPidFile none\n"
            "AuthorizedKeysFile %s\nPermitRootLogin prohibit-password\nPasswordAuthentication no\n"
            "KbdInteractiveAuthentication no\nUsePAM no\nSubsystem sftp internal-sftp\nStrictModes no\nSetEnv TMPDIR=%s\n"
            % (PORT, self.address, self.dir / "host_key", self.lab.dir / "authorized_keys", self.tmp))
        self.start()

    def start(self):
        """Start sshd in the namespace and wait (bounded) until it answers."""
        log = open(self.dir / "sshd.log", "ab")
        self.proc = subprocess.Popen(
            ["ip", "netns", "exec", self.netns, "unshare", "--uts", "sh", "-c",
             'hostname "$1" && exec "$2" -D -e -f "$3"', "sh", self.name, SSHD, str(self.dir / "sshd_config")],
            stdout=log, stderr=log, stdin=subprocess.DEVNULL, start_new_session=True)
        log.close()
        deadline = time.monotonic() + START_TIMEOUT_S
        for _ in range(int(START_TIMEOUT_S / 0.1)):
            if self.proc.poll() is not None:
                raise RuntimeError("sshd of %s exited: %s" % (self.name, (self.dir / "sshd.log").read_text()))
            try:
                socket.create_connection((self.address, PORT), timeout=1).close()
                return
            except OSError:
                if time.monotonic() > deadline:
                    break
                time.sleep(0.1)
        raise RuntimeError("sshd of %s did not answer within %d s" % (self.name, START_TIMEOUT_S))

    def stop(self):
        """Stop this host's sshd and every process in its namespace (the SSH sessions it
        started, which would otherwise keep an SSH master connection working)."""
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)
        self.proc = None
        for _ in range(10):       # bounded: sessions end at once on SIGKILL
            pids = [int(p) for p in _sh("ip", "netns", "pids", self.netns, check=False).stdout.split()]
            if not pids:
                break
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            time.sleep(0.2)

    def destroy(self):
        self.stop()
        _sh("ip", "link", "del", self.veth_here, check=False)
        _sh("ip", "netns", "del", self.netns, check=False)

    def known_hosts_line(self):
        key = (self.dir / "host_key.pub").read_text().split()
        return "%s %s %s\n" % (self.address, key[0], key[1])

    def leftovers(self):
        """Files and directories left in this host's TMPDIR and Ansible's remote_tmp."""
        return sorted(str(p) for d in (self.tmp, self.remote_tmp) for p in d.iterdir())


class Lab:
    def __init__(self, directory, names):
        self.dir = Path(directory)
        # SSH control sockets in a short directory: a Unix socket path has at most
        # 107 bytes, and pytest's directories (with xdist's popen-gwN) are longer
        self.cp_dir = Path(tempfile.mkdtemp(prefix="cmf", dir="/tmp"))
        self.tag = os.getpid() % 1000
        self.hosts = {}
        Path("/run/sshd").mkdir(mode=0o755, exist_ok=True)   # sshd's privilege-separation directory
        _sh("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "fleet-test", "-f", self.dir / "user_key")
        (self.dir / "authorized_keys").write_text((self.dir / "user_key.pub").read_text())
        try:
            for i, name in enumerate(names):
                self.hosts[name] = Host(self, i, name)
                self.hosts[name].create()
        except Exception:
            self.close()
            raise
        self.known_hosts = self.dir / "known_hosts"
        self.known_hosts.write_text("".join(h.known_hosts_line() for h in self.hosts.values()))

    def close(self):
        """Close the SSH master connections, stop every sshd, remove the namespaces."""
        for sock in self.cp_dir.glob("cp-*"):
            _sh("ssh", "-o", "ControlPath=%s" % sock, "-O", "exit", "lab", check=False)
        shutil.rmtree(self.cp_dir, ignore_errors=True)
        for host in self.hosts.values():
            host.destroy()

    def entry(self, name, host, known_hosts=None, **variables):
        """One inventory line: NAME reaching HOST's sshd, with the lab's key and known_hosts."""
        h = self.hosts[host]
        ssh_args = ("-o UserKnownHostsFile=%s -o GlobalKnownHostsFile=/dev/null -o IdentitiesOnly=yes "
                    "-o ConnectTimeout=5" % (known_hosts or self.known_hosts))
        fields = {"ansible_host": h.address, "ansible_user": "root",
                  "ansible_ssh_private_key_file": self.dir / "user_key",
                  "ansible_ssh_common_args": "'%s'" % ssh_args,
                  "ansible_ssh_args": "'-o ControlMaster=auto -o ControlPersist=%ds -o ControlPath=%s/cp-%%C'"
                  % (CONTROL_PERSIST_S, self.cp_dir),
                  "ansible_python_interpreter": "/usr/bin/python3",
                  "ansible_remote_tmp": h.remote_tmp}
        fields.update(variables)
        return name + " " + " ".join("%s=%s" % (k, v) for k, v in fields.items())

    def inventory(self, path, lines):
        Path(path).write_text("[fleet]\n" + "\n".join(lines) + "\n")
        return Path(path)
