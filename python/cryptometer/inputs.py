"""Reading input files safely: regular files only, opened without blocking, with a size cap.

Every file the Python side reads that someone else may have written (the
logs given to ``import``, result documents given to ``store``, ``collect``,
``report``, ``plot``, ``export`` and ``compare``) is read by ``read_input``:

- the path is used as bytes (``os.fsencode``), so any name the file system
  holds can be read, and shown with undecodable bytes replaced (``shown``);
- it is opened with ``O_NONBLOCK`` (a FIFO or a device never blocks the
  open), then ``fstat`` must say it is a regular file: a FIFO, a socket, a
  device or a directory is refused;
- at most the cap of its kind is read (``LIMITS``); a larger file is refused
  (``/dev/urandom`` is refused at once, as a character device).

Errors are ``InputError`` with one line naming the file; the commands exit 3.
"""

import os
import stat

MB = 1024 * 1024

# kind -> the largest file read, in bytes (documented in docs/security.md and docs/analysis.md)
LIMITS = {
    "log": 16 * MB,       # sbc-bench logs, openssl speed and cryptsetup benchmark output
    "result": 256 * MB,   # result documents (JSON)
    "table": 16 * MB,     # data tables (data/aes_score_per_mhz.json, CRYPTOMETER_DATA_DIR)
}


# (st_dev, st_ino) of every file this process has read as an input (read_input, and the
# databases the commands read: note_read): cryptometer.outputs refuses to write over any of them.
READ = set()


def note_read(path):
    """Record ``path`` as an input of this process (see READ); quietly nothing if it cannot be stat'ed."""
    ident = identity(path)
    if ident is not None:
        READ.add(ident)


class InputError(Exception):
    """An input could not be read; the message names the file and the reason.

    ``reason`` is the message without the file name ("cannot read: ...").
    """

    def __init__(self, verb, path, why):
        super().__init__("%s %s: %s" % (verb, shown(path), why))
        self.reason = "%s: %s" % (verb, why)


def shown(path):
    """``path`` as text for a message: bytes that are not UTF-8 replaced, never an exception."""
    if isinstance(path, bytes):
        raw = path
    else:
        try:
            raw = os.fsencode(str(path))
        except (UnicodeError, TypeError):
            return repr(path)
    return raw.decode("utf-8", "replace")


def read_input(path, kind, note=True):
    """The bytes of the regular file ``path`` (at most LIMITS[kind]); raise InputError.

    ``note``: remember it in READ (a data table that a command updates is read with False).
    """
    limit = LIMITS[kind]
    name = os.fsencode(path)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(name, flags)
    except OSError as exc:
        raise InputError("cannot read", name, exc.strerror or str(exc)) from exc
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise InputError("cannot read", name, "it is not a regular file (%s)" % _kind_of(st.st_mode))
        if st.st_size > limit:
            raise InputError("refusing to read", name, "%d bytes, more than the %d MB limit for a %s file"
                             % (st.st_size, limit // MB, kind))
        if note:
            READ.add((st.st_dev, st.st_ino))
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, min(1 * MB, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise InputError("refusing to read", name, "more than the %d MB limit for a %s file"
                                 % (limit // MB, kind))
        return b"".join(chunks)
    except OSError as exc:
        raise InputError("cannot read", name, exc.strerror or str(exc)) from exc
    finally:
        os.close(fd)


def identity(path):
    """(st_dev, st_ino) of ``path`` (following links), or None when it cannot be stat'ed."""
    try:
        st = os.stat(os.fsencode(path))
    except (OSError, ValueError):
        return None
    return (st.st_dev, st.st_ino)


def _kind_of(mode):
    for test, what in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"),
                       (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device")):
        if test(mode):
            return what
    return "not a file"
