"""``cryptometer import FORMAT FILE...``: turn other tools' output into result documents.

Formats:
  sbc-bench LOG...       sbc-bench result logs (see cryptometer.sbcbench)
  openssl-speed FILE...  saved ``openssl speed`` output, human or -mr, -multi (cryptometer.opensslspeed)
  cryptsetup FILE...     saved ``cryptsetup benchmark`` output (cryptometer.cryptsetup)

Each input becomes one result document (see cryptometer.resultdoc), written
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
``--json -``): the clusters, their clock, AES score per MHz and the verdict in
words.

An input that cannot be read, or that holds nothing recognisable, gets one
line on standard error and no document, and the exit code is 3; the other
inputs are still imported.  What could not be read inside a recognised log is
listed in the document's ``warnings`` and in the summary.
"""

import os
import sys
import tempfile
from pathlib import Path

from . import cryptsetup, imported, inputs, opensslspeed, outputs, resultdoc, sbcbench
from .aes_score import AesScoreTable, TableError


EXIT_OK, EXIT_USAGE, EXIT_ENVIRONMENT = 0, 2, 3
DEFAULT_OUT_DIR = "results"


class NotRecognised(Exception):
    """The input holds nothing this format's parser recognises; the message says what was missing."""


class TooLarge(NotRecognised):
    """The input is beyond a documented limit (sbcbench.MAX_OPP_BLOCKS); the message says which."""


def build_sbcbench(raw, path, table):
    blocks = raw.count(b"Checking cpufreq OPP")
    if blocks > sbcbench.MAX_OPP_BLOCKS:
        raise TooLarge("%d cpufreq OPP checks, more than the limit of %d (real logs have a few "
                       "dozen); nothing imported" % (blocks, sbcbench.MAX_OPP_BLOCKS))
    log = sbcbench.parse_bytes(raw)
    if not log.looks_like_sbc_bench():
        raise NotRecognised("not an sbc-bench log (%s)" % ("; ".join(log.warnings[:3]) or "nothing recognised"))
    return resultdoc.build_from_sbcbench(log, resultdoc.source_info(path, raw), table)


def _build_with(parser, builder, what):
    """A build function for a text format: decode, parse, refuse when nothing was found, build."""
    def build(raw, path, _table):
        text, problems = sbcbench.decode(raw)
        parsed = parser.parse_text(text)
        if not parsed.found_anything():
            raise NotRecognised("not %s output (%s)" % (what, "; ".join(problems + parsed.warnings[:2])))
        parsed.warnings[:0] = problems
        return builder(parsed, resultdoc.source_info(path, raw))
    return build


# name -> (help, description, build function, summary function)
FORMATS = {
    "sbc-bench": ("sbc-bench result logs (ThomasKaiser/sbc-bench)",
                  "Import sbc-bench result logs: clusters, measured clock, OpenSSL AES-CBC rows, CPU "
                  "features, and the AES score per MHz verdict.",
                  build_sbcbench, lambda doc, path, target: format_summary(doc, path, target)),
    "openssl-speed": ("saved output of 'openssl speed' (human or -mr, with or without -multi)",
                      "Import the saved output of 'openssl speed': per-size throughput of ciphers, "
                      "hashes and MACs, and signatures and key exchange per second; with -multi N the "
                      "combined figures of N processes (threads N).",
                      _build_with(opensslspeed, imported.from_openssl_speed, "openssl speed"),
                      lambda doc, path, target: format_records_summary(doc, path, target)),
    "cryptsetup": ("saved output of 'cryptsetup benchmark'",
                   "Import the saved output of 'cryptsetup benchmark': the kernel's ciphers (MiB/s, "
                   "through AF_ALG; N/A becomes an unavailable record) and PBKDF2 iterations per second.",
                   _build_with(cryptsetup, imported.from_cryptsetup, "cryptsetup benchmark"),
                   lambda doc, path, target: format_records_summary(doc, path, target)),
}


def add_arguments(parser):
    formats = parser.add_subparsers(dest="format", metavar="FORMAT")
    formats.required = True
    for name, (help_text, description, _, _) in FORMATS.items():
        p = formats.add_parser(name, help=help_text, description=description)
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
    _, _, build, summary = FORMATS[args.format]
    if args.json and len(args.logs) > 1:
        _error("--json takes one input (%d given); use --out-dir for several" % len(args.logs))
        return EXIT_USAGE
    try:
        table = AesScoreTable.load()
    except TableError as exc:
        _error(str(exc))
        return EXIT_ENVIRONMENT

    out = sys.stderr if args.json == "-" else sys.stdout
    out_dir = Path(args.out_dir) if args.out_dir else Path(DEFAULT_OUT_DIR)
    if args.json == "-":
        problem = None
    elif args.json is not None:
        problem = _json_target_problem(args.json)
    else:
        problem = _out_dir_problem(out_dir)
    if problem:
        _error(problem)
        return EXIT_USAGE

    status = EXIT_OK
    used_names = set()
    for log_path in args.logs:
        try:
            raw = inputs.read_input(log_path, "log")
        except inputs.InputError as exc:
            _error(str(exc))
            status = max(status, EXIT_ENVIRONMENT)
            continue
        try:
            doc = build(raw, log_path, table)
        except NotRecognised as exc:
            _error("%s: %s%s" % (inputs.shown(log_path), exc,
                                 "" if isinstance(exc, TooLarge) else "; nothing imported"))
            status = max(status, EXIT_ENVIRONMENT)
            continue
        for w in doc["warnings"]:   # refused values: named with the file on standard error too
            if "implausible" in w:
                print("warning: %s: %s" % (inputs.shown(log_path), w), file=sys.stderr)
        problems = resultdoc.validate(doc)
        if problems:
            print("warning: %s: the document does not match docs/result.schema.json (%d problems), "
                  "first: %s" % (inputs.shown(log_path), len(problems), problems[0]), file=sys.stderr)

        if args.json == "-":
            sys.stdout.write(resultdoc.dumps(doc))
            target = None
        else:
            target = Path(args.json) if args.json else out_dir / _unique_name(Path(log_path).stem, used_names)
            try:
                if not args.json:
                    out_dir.mkdir(exist_ok=True)   # its parent was checked: never more than one level
                resultdoc.write_atomic(target, doc, inputs=args.logs)
            except OSError as exc:
                _error("cannot create output directory '%s': %s" % (inputs.shown(out_dir), exc.strerror or exc))
                return EXIT_USAGE
            except resultdoc.WriteError as exc:
                _error(str(exc))
                return EXIT_USAGE
        print(summary(doc, log_path, target), file=out)
    return status


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


def format_summary(doc, log_path, target):
    """A few lines per document: header, one line per cluster and its verdict sentence, warnings."""
    src = doc["source"]
    libs = doc["context"]["libraries"]
    head = "%s: sbc-bench %s, %s" % (Path(str(log_path)).name, src.get("tool_version", "?"),
                                     src.get("device") or doc["context"]["host"].get("hostname") or "?")
    if libs and libs[0].get("version"):
        head += ", OpenSSL %s" % libs[0]["version"]
    lines = [head]
    clusters = {c["id"]: c for c in doc["context"]["cpu"]["clusters"]}
    lines.append("  %-3s %-13s %-26s %7s %13s %9s  %s"
                 % ("cl", "cpus", "core", "MHz", "256-cbc 16K", "k/s/MHz", "verdict"))
    for a in doc["analysis"]["aes_score"]:
        c = clusters.get(a["cluster"], {})
        lines.append("  %-3s %-13s %-26s %7s %13s %9s  %s" % (
            a["cluster"], sbcbench.format_cpus(c.get("cpus") or []), (a["core_name"] or "?")[:26],
            "-" if a["mhz"] is None else a["mhz"],
            "-" if a["kbs_16k"] is None else "%.0f" % a["kbs_16k"],
            "-" if a["score_per_mhz"] is None else "%.1f" % a["score_per_mhz"],
            a["verdict"] + (" (circular)" if a.get("circular") else "")))
        lines.append("        %s" % a["message"])
        if (a.get("twins") or {}).get("flagged"):
            lines.append("        twin-disagrees: %s" % a["twins"]["message"])
    for h in doc["context"]["health"]:
        if h["severity"] != "info":
            lines.append("  health: %s" % h["message"])
    for w in doc["warnings"]:
        lines.append("  warning: %s" % w)
    if target is not None:
        lines.append("  wrote %s" % target)
    return "\n".join(lines)


def format_records_summary(doc, path, target):
    """One line per input for formats without clusters: records read, warnings, where it went."""
    ok = sum(1 for r in doc["results"] if r["status"] == "ok")
    lines = ["%s: %s, %d figures (%d unavailable)" % (Path(str(path)).name, doc["source"]["tool"], ok,
                                                      len(doc["results"]) - ok)]
    lines += ["  warning: %s" % w for w in doc["warnings"]]
    if target is not None:
        lines.append("  wrote %s" % target)
    return "\n".join(lines)
