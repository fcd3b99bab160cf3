"""Writing output files safely: atomically, and never over an input, a symlink or a device.

Every command that writes a file (result documents, RESULTS.md, plots, the
HTML report, CSV, the data table) goes through ``write_atomic``: the bytes go
to a temporary file in the target's directory, are flushed and synced, then
renamed onto the target, so a reader never sees half a file.  The target is
refused when it is a symlink, exists and is not a regular file (a device, a
FIFO, a directory), or is one of the command's input files.
"""

import os
import tempfile
from pathlib import Path


class OutputError(Exception):
    """An output could not be written; the message names the path and the reason."""


def check_target(path, inputs=()):
    """Raise OutputError if ``path`` must not be written (see the module comment)."""
    path = Path(path)
    if path.is_symlink():
        raise OutputError("refusing to write %s: it is a symbolic link" % path)
    if path.exists():
        if not path.is_file():
            raise OutputError("refusing to write %s: it is not a regular file" % path)
        for source in inputs:
            try:
                if os.path.samefile(str(path), str(source)):
                    raise OutputError("refusing to write %s: it is one of the input files" % path)
            except OSError:
                continue
    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():
        raise OutputError("cannot write %s: directory %s does not exist" % (path, directory))


def write_atomic(path, content, inputs=()):
    """Write ``content`` (str: UTF-8, or bytes) to ``path`` atomically; raise OutputError."""
    check_target(path, inputs)
    path = Path(path)
    data = content.encode("utf-8") if isinstance(content, str) else content
    tmp_name = None
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=".%s." % path.name, suffix=".tmp",
                                        dir=str(path.parent if str(path.parent) else "."))
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp_name, 0o666 & ~mask)
        os.replace(tmp_name, str(path))
        tmp_name = None
    except OSError as exc:
        raise OutputError("cannot write %s: %s" % (path, exc.strerror or exc)) from exc
    finally:
        if tmp_name is not None:
            try:
                os.unlink(tmp_name)
            except OSError:
                pass
