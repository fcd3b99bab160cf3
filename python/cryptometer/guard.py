"""The last line of defence of every Python subcommand: no traceback reaches the user.

``call(func, args)`` runs a subcommand.  An exception that the command did
not turn into its own message becomes one line on standard error, naming the
command, the file and the field where they are known (``about``), what went
wrong, and the exit code of its kind (docs/cli.md, "Exit codes"):

  2  usage: a pattern that does not compile (re.error)
  3  everything else: input or environment (a package this Python lacks, a
     disk full, a database busy or read-only, memory exhausted, a value no view
     could use, a bug met on a strange input); never 1, which means a
     regression or a failed check

A package the command imports and this Python lacks (``missing_package``)
is one line naming it and what to run: ``./bootstrap.sh build`` sets up the
project's .venv, which the ``cryptometer`` binary runs these commands with.

The traceback is printed only with ``--debug`` (any subcommand, or before
it) or the environment variable CRYPTOMETER_DEBUG=1.  Ctrl-C stays exit 130.
"""

import argparse
import contextlib
import errno
import os
import re
import sqlite3
import sys
import traceback

EXIT_USAGE, EXIT_ENVIRONMENT, EXIT_INTERRUPTED = 2, 3, 130

# What the command is working on now: {"file": ..., "field": ...}; set by ``about``.
CURRENT = {}


def add_debug_option(parser):
    """--debug on a parser (SUPPRESS: a subparser keeps the value given before the subcommand)."""
    parser.add_argument("--debug", action="store_true", default=argparse.SUPPRESS,
                        help="print the traceback of an unexpected error")


@contextlib.contextmanager
def about(file=None, field=None):
    """Name the file (and field) the code inside works on, for the line of an unexpected error."""
    saved = dict(CURRENT)
    if file is not None:
        CURRENT["file"] = file
    if field is not None:
        CURRENT["field"] = field
    yield   # an exception leaves CURRENT naming this file, for call() to show
    CURRENT.clear()
    CURRENT.update(saved)


def _sqlite_reason(exc):
    text = str(exc)
    if "locked" in text or "busy" in text:
        return "busy: another process holds the database (tried for the lock timeout); try again later"
    if "disk is full" in text or "full" in text:
        return "the disk is full: nothing of the current step was written"
    if "readonly" in text or "read-only" in text:
        return "the database is read-only"
    return "database error: %s" % text


def missing_package(exc):
    """The reason shown for an ImportError: the package, this Python, and what to run."""
    name = (exc.name or "").split(".")[0] or str(exc)
    return ("needs the Python package '%s', which %s lacks: run ./bootstrap.sh build (it sets up "
            ".venv, which cryptometer uses), or pip install %s" % (name, sys.executable or "python", name))


def describe(exc):
    """(exit code, reason) of an unexpected exception."""
    if isinstance(exc, ImportError):
        return EXIT_ENVIRONMENT, missing_package(exc)
    if isinstance(exc, re.error):
        return EXIT_USAGE, "bad pattern: %s" % exc
    if isinstance(exc, MemoryError):
        return EXIT_ENVIRONMENT, "out of memory"
    if isinstance(exc, RecursionError):
        return EXIT_ENVIRONMENT, "a value nested too deeply to handle"
    if isinstance(exc, sqlite3.Error):
        return EXIT_ENVIRONMENT, _sqlite_reason(exc)
    if isinstance(exc, OSError):
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            return EXIT_ENVIRONMENT, "the disk is full (%s)" % (exc.strerror or exc)
        where = "" if exc.filename is None else "%s: " % os.fsdecode(exc.filename)
        return EXIT_ENVIRONMENT, "%s%s" % (where, exc.strerror or exc)
    text = str(exc).replace("\n", " ")[:300]
    return EXIT_ENVIRONMENT, "unexpected %s%s" % (type(exc).__name__, ": " + text if text else "")


def message(command, exc):
    """The one line shown for ``exc`` raised by ``command``, and its exit code."""
    code, reason = describe(exc)
    where = ""
    if not isinstance(exc, ImportError):   # a missing package is about this Python, not the file
        for key in ("file", "field"):
            if CURRENT.get(key) is not None:
                where += "%s: " % CURRENT[key]
    hint = "" if isinstance(exc, (re.error, ImportError)) else " (--debug shows the traceback)"
    line = "cryptometer %s: %s%s%s" % (command, where, reason, hint)
    return code, line.encode("utf-8", "replace").decode("utf-8")


def debugging(args):
    return bool(getattr(args, "debug", False)) or os.environ.get("CRYPTOMETER_DEBUG") == "1"


def call(func, args):
    """``func(args)``, with any exception turned into one line and its exit code (module comment)."""
    CURRENT.clear()
    try:
        return func(args)
    except KeyboardInterrupt:
        print("cryptometer: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Exception as exc:  # noqa: BLE001: the one place every unexpected error is caught
        code, line = message(getattr(args, "subcommand", None) or "", exc)
        if debugging(args):
            traceback.print_exc()
        print(line, file=sys.stderr)
        return code
