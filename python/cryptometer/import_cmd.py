"""``cryptometer import FORMAT FILE...``: turn other tools' output into result documents.

Formats:
  sbc-bench LOG...       sbc-bench result logs (cryptometer.importers.sbcbench)
  openssl-speed FILE...  saved ``openssl speed`` output, human or -mr, -multi (cryptometer.importers.opensslspeed)
  cryptsetup FILE...     saved ``cryptsetup benchmark`` output (cryptometer.importers.cryptsetup)

Each input becomes one result document (built by the format's importer, the
registry is cryptometer.importers), written
atomically to ``--out-dir`` (default: ``results/``, where ``cryptometer run``
writes too) as ``<name of the log without extension>.json`` (``-2``, ``-3``
... when two inputs share a name), or to ``--json FILE`` when one input is
given (``--json -`` prints it on standard output).

The output place is checked before any input is read or anything is written,
as ``cryptometer run`` checks its ``--json``: when it cannot be written, one
line on standard error and exit code 2.  ``--json FILE``: FILE's directory
must exist (nothing is created).  ``--out-dir DIR``: DIR is created when the
first document is written if it does not exist, but only DIR itself: its
parent must exist (as ``run`` creates ``results/`` in the current directory).

A summary per input goes to standard output (to standard error with
``--json -``), drawn by the importer's renderer: for sbc-bench the clusters,
their clock, AES score per MHz and the verdict in words.

An input that cannot be read, or that holds nothing recognisable, gets one
line on standard error and no document, and the exit code is 3; the other
inputs are still imported.  What could not be read inside a recognised log is
listed in the document's ``warnings`` and in the summary.
"""

import os
import sys
import tempfile
from pathlib import Path

from . import inputs, loader, outputs, resultdoc
from .aes_score import AesScoreTable, TableError
from .importers import FORMATS
from .importers.common import NotRecognised, TooLarge

EXIT_OK, EXIT_USAGE, EXIT_ENVIRONMENT = 0, 2, 3
DEFAULT_OUT_DIR = "results"


def add_arguments(parser):
    formats = parser.add_subparsers(dest="format", metavar="FORMAT")
    formats.required = True
    for name, importer in FORMATS.items():
        p = formats.add_parser(name, help=importer.HELP, description=importer.DESCRIPTION)
        p.add_argument("logs", nargs="+", metavar="FILE", help="file(s) to import")
        where = p.add_mutually_exclusive_group()
        where.add_argument("--json", metavar="FILE",
                           help="write the document to FILE ('-' for standard output); one input only; "
                                "FILE's directory must exist")
        where.add_argument("--out-dir", metavar="DIR", default=None,
                           help="directory for <input name>.json documents (default: %s/); created if "
                                "missing, but its parent directory must exist" % DEFAULT_OUT_DIR)
        outputs.add_force_option(p)


def _error(msg):
    print("cryptometer import: %s" % msg, file=sys.stderr)


def run(args):
    importer = FORMATS[args.format]
    if args.json and len(args.logs) > 1:
        _error("--json takes one input (%d given); use --out-dir for several" % len(args.logs))
        return EXIT_USAGE
    try:
        table = AesScoreTable.load()
    except TableError as exc:
        _error(str(exc))
        return EXIT_ENVIRONMENT
    out_dir = Path(args.out_dir) if args.out_dir else Path(DEFAULT_OUT_DIR)
    problem = _target_problem(args.json, out_dir)
    if problem:
        _error(problem)
        return EXIT_USAGE
    status = EXIT_OK
    used_names = set()
    for log_path in args.logs:
        doc = _build(importer, log_path, table)
        if doc is None:
            status = max(status, EXIT_ENVIRONMENT)
            continue
        if args.json == "-":
            sys.stdout.write(resultdoc.dumps(doc))
            target = None
        else:
            target = Path(args.json) if args.json else out_dir / _unique_name(Path(log_path).stem, used_names)
            if not _write(doc, target, args, out_dir):
                return EXIT_USAGE
        print(importer.summary(doc, log_path, target), file=sys.stderr if args.json == "-" else sys.stdout)
    return status


def _build(importer, log_path, table):
    """The document of one input, its problems said on standard error; None (said) when it has none."""
    try:
        raw = inputs.read_input(log_path, "log")
    except inputs.InputError as exc:
        _error(str(exc))
        return None
    try:
        doc = importer.build(raw, log_path, table)
    except NotRecognised as exc:
        _error("%s: %s%s" % (inputs.shown(log_path), exc, "" if isinstance(exc, TooLarge) else "; nothing imported"))
        return None
    for w in doc["warnings"]:   # refused values: named with the file on standard error too
        if "implausible" in w:
            print("warning: %s: %s" % (inputs.shown(log_path), w), file=sys.stderr)
    problems = loader.violations(doc)
    if problems:
        print("warning: %s: the document does not match docs/result.schema.json (%d problems), "
              "first: %s" % (inputs.shown(log_path), len(problems), problems[0]), file=sys.stderr)
    return doc


def _write(doc, target, args, out_dir):
    """Write one document to ``target`` (creating ``--out-dir``); False (said) when it cannot be."""
    try:
        if not args.json:
            out_dir.mkdir(exist_ok=True)   # its parent was checked: never more than one level
        resultdoc.write_atomic(target, doc, inputs=args.logs)
    except OSError as exc:
        _error("cannot create output directory '%s': %s" % (inputs.shown(out_dir), exc.strerror or exc))
        return False
    except resultdoc.WriteError as exc:
        _error(str(exc))
        return False
    return True


def _target_problem(json_target, out_dir):
    """A sentence if the output place (``--json`` FILE, else ``--out-dir``) cannot be written, else None."""
    if json_target == "-":
        return None
    if json_target is not None:
        return _json_target_problem(json_target)
    return _out_dir_problem(out_dir)


def _probe(directory):
    """None if a file can be created in ``directory``, else the reason.

    Tried for real (a temporary file, removed at once), as ``run`` does:
    access() says yes to root everywhere, even on a read-only mount.
    """
    try:
        fd, name = tempfile.mkstemp(prefix=".cryptometer-probe.", dir=str(directory))
    except OSError as exc:
        return exc.strerror or str(exc)
    os.close(fd)
    try:
        os.unlink(name)
    except OSError:
        pass
    return None


def _json_target_problem(path):
    """A sentence if ``--json`` FILE cannot be written (its directory must exist), else None."""
    target = Path(path)
    directory = target.parent
    if target.is_dir():
        return "cannot write '%s': it is a directory" % path
    if not directory.is_dir():
        return "cannot write '%s': directory '%s' %s" % (
            path, directory, "is not a directory" if directory.exists() else "does not exist")
    reason = _probe(directory)
    return None if reason is None else "cannot write '%s': %s" % (path, reason)


def _out_dir_problem(path):
    """A sentence if documents cannot go into ``--out-dir`` DIR, else None.

    DIR may be missing (it is created with the first document) when its parent
    is an existing, writable directory; nothing above DIR is ever created.
    """
    out_dir = Path(path)
    if out_dir.exists():
        if not out_dir.is_dir():
            return "cannot write into '%s': it is not a directory" % out_dir
        reason = _probe(out_dir)
        return None if reason is None else "cannot write into '%s': %s" % (out_dir, reason)
    parent = out_dir.parent
    if not parent.is_dir():
        return "cannot create output directory '%s': '%s' %s" % (
            out_dir, parent, "is not a directory" if parent.exists() else "does not exist")
    reason = _probe(parent)
    return None if reason is None else "cannot create output directory '%s': %s" % (out_dir, reason)


def _unique_name(stem, used):
    name, n = stem, 1
    while name in used:
        n += 1
        name = "%s-%d" % (stem, n)
    used.add(name)
    return name + ".json"
