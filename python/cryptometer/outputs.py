"""Writing output files safely: atomically, and never over an input, a symlink or a device.

Every command that writes a file (result documents, RESULTS.md, plots, the
HTML report, CSV, the data table, the results database) goes through this
module, one policy for all of them (docs/security.md, "Python side"):

- ``check_target`` refuses a target that is a symbolic link, that exists
  and is not a regular file (a device, a FIFO, a socket, a directory), that
  is the same file as one of the command's inputs (device and inode compared,
  not names: a hard link or another spelling is caught; every file read by
  ``inputs.read_input`` or noted by ``inputs.note_read`` counts, besides the
  ``inputs`` given), or that is an
  existing read-only file (no write permission bit) unless ``--force``;
- ``write_atomic`` writes the bytes to a temporary file in the target's
  directory (``.NAME.cmPID.XXXX.tmp``), flushes and syncs it, gives it the
  mode of the file it replaces (a new file: 0666 less the umask), and renames
  it onto the target, so a reader never sees half a file.  Temporary files of
  ours left beside the target by a process that no longer runs are removed.

Paths may be str (undecodable bytes as surrogates) or bytes; messages show
them with undecodable bytes replaced.  A refusal is an ``OutputError``; the
commands answer with one line and exit code 2.
"""

import argparse
import os
import re
import stat
import tempfile

from .inputs import READ, identity, shown


class OutputError(Exception):
    """An output could not be written; the message names the path and the reason."""


# Set from --force by the dispatcher (__main__): replace a read-only existing file.
FORCE = False


def add_force_option(parser):
    """The --force option of every command that writes (SUPPRESS: a subparser keeps a parent's value)."""
    parser.add_argument("--force", action="store_true", default=argparse.SUPPRESS,
                        help="replace an existing output file even when it is read-only")


def _split(path):
    raw = os.fsencode(path)
    directory, name = os.path.split(raw)
    return (directory or b"."), name


def check_target(path, inputs=(), force=None):
    """Raise OutputError if ``path`` must not be written (see the module comment)."""
    force = FORCE if force is None else force
    raw = os.fsencode(path)
    directory, _ = _split(path)
    try:
        st = os.lstat(raw)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise OutputError("cannot write %s: %s" % (shown(raw), exc.strerror or exc)) from exc
    if st is not None:
        if stat.S_ISLNK(st.st_mode):
            raise OutputError("refusing to write %s: it is a symbolic link" % shown(raw))
        if not stat.S_ISREG(st.st_mode):
            raise OutputError("refusing to write %s: it is not a regular file" % shown(raw))
        here = (st.st_dev, st.st_ino)
        if here in READ:
            raise OutputError("refusing to write %s: it is one of the input files" % shown(raw))
        for source in inputs:
            if source is not None and identity(source) == here:
                raise OutputError("refusing to write %s: it is one of the input files (%s)"
                                  % (shown(raw), shown(os.fsencode(source))))
        if not st.st_mode & 0o222 and not force:
            raise OutputError("refusing to write %s: it is read-only (use --force to replace it)"
                              % shown(raw))
    if not os.path.isdir(directory):
        raise OutputError("cannot write %s: directory %s does not exist" % (shown(raw), shown(directory)))
    return st


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def clean_stale(path):
    """Remove temporary files of ours for ``path`` whose writer no longer runs."""
    directory, name = _split(path)
    pattern = re.compile(re.escape(b"." + name + b".cm") + rb"(\d+)\..*\.tmp\Z|"
                         + re.escape(name + b".tmp.") + rb"(\d+)\Z", re.S)
    try:
        entries = os.listdir(directory)
    except OSError:
        return
    for entry in entries:
        m = pattern.match(entry)
        if not m:
            continue
        pid = int(m.group(1) or m.group(2))
        if pid != os.getpid() and _alive(pid):
            continue
        try:
            full = os.path.join(directory, entry)
            if stat.S_ISREG(os.lstat(full).st_mode):
                os.unlink(full)
        except OSError:
            pass


def write_atomic(path, content, inputs=(), force=None):
    """Write ``content`` (str: UTF-8, or bytes) to ``path`` atomically; raise OutputError."""
    old = check_target(path, inputs, force)
    raw = os.fsencode(path)
    directory, name = _split(path)
    data = content.encode("utf-8", "replace") if isinstance(content, str) else content
    clean_stale(path)
    tmp_name = None
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=b"." + name + b".cm%d." % os.getpid(), suffix=b".tmp",
                                        dir=directory)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            if old is not None:
                mode = stat.S_IMODE(old.st_mode)
            else:
                mask = os.umask(0)
                os.umask(mask)
                mode = 0o666 & ~mask
            os.fchmod(handle.fileno(), mode)
            os.fsync(handle.fileno())
        os.replace(tmp_name, raw)
        tmp_name = None
    except OSError as exc:
        raise OutputError("cannot write %s: %s" % (shown(raw), exc.strerror or exc)) from exc
    finally:
        if tmp_name is not None:
            try:
                os.unlink(tmp_name)
            except OSError:
                pass
