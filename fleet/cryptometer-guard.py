"""cryptometer-guard.py — runs one cryptometer command on a fleet host (fleet/measure.yml).

usage: python3 cryptometer-guard.py --timeout SECONDS --lock DIR [--stdout FILE] -- COMMAND...

- Holds an exclusive lock (flock) on DIR, the host's temporary directory, while the
  command runs: two fleet runs, or two inventory names for one machine, never measure
  on the host at the same time; the second waits (within the same timeout).
- Runs COMMAND in its own process group, and writes that group's id and its own
  process id to guard.pgid in the current directory, so that fleet/cleanup.yml can
  stop it after a Ctrl-C and wait for the guard to end.
- After SECONDS, stops the group (TERM, then KILL) and exits 124 with a line
  "cryptometer-guard: timed out ..." on stderr.
- Otherwise exits with the command's status (128 + N when signal N ended it).
Standard library only, Python 3.6+: it runs on the host with the Python Ansible uses.
"""
import argparse
import fcntl
import os
import signal
import subprocess
import sys
import time

TIMED_OUT = 124


def lock(directory, deadline):
    """Take the lock on directory before deadline; return the descriptor, or None."""
    fd = os.open(directory, os.O_RDONLY)
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return fd
        except BlockingIOError:
            if time.monotonic() >= deadline:
                os.close(fd)
                return None
            time.sleep(0.2)


def stop(group):
    """TERM then KILL the process group."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(group, sig)
        except ProcessLookupError:
            return
        time.sleep(2 if sig == signal.SIGTERM else 0)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--timeout", type=float, required=True)
    parser.add_argument("--lock", required=True)
    parser.add_argument("--stdout")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    deadline = time.monotonic() + args.timeout
    if lock(args.lock, deadline) is None:
        print("cryptometer-guard: timed out after %g s waiting for another measurement on this "
              "host to finish (lock on %s)" % (args.timeout, args.lock), file=sys.stderr)
        return TIMED_OUT
    out = open(args.stdout, "wb") if args.stdout else None
    child = subprocess.Popen(command, stdout=out, start_new_session=True)
    with open("guard.pgid", "w") as f:
        f.write("%d %d\n" % (child.pid, os.getpid()))
    try:
        status = child.wait(timeout=max(0.0, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:
        stop(child.pid)
        child.wait()
        print("cryptometer-guard: timed out after %g s: %s stopped" % (args.timeout, " ".join(command)),
              file=sys.stderr)
        return TIMED_OUT
    return 128 - status if status < 0 else status


if __name__ == "__main__":
    sys.exit(main())
