"""``python -m cryptometer SUBCOMMAND ...``: the dispatcher of the Python subcommands.

The ``cryptometer`` command reaches these subcommands git-style.  Each lives
in its own module, listed with its line of help in ``commands.json`` (the one
list: the C dispatcher reads it too), which provides ``add_arguments(parser)``
and ``run(args) -> int``.  Only the module of the
subcommand asked for is imported (the others would load SciPy and matplotlib
for nothing: seconds on a small board); one whose dependencies are missing
answers with the package to install.

Exit codes (the same as the C command, src/util/error.h):
  0  everything ran
  1  ran, but something failed
  2  usage: bad option, unknown subcommand, unwritable output
  3  environment: an input file unreadable or not recognised, a data table missing,
     and any unexpected error (cryptometer.guard: one line; the traceback with --debug)
  130 interrupted
"""

import argparse
import importlib
import json
import sys
from pathlib import Path

from . import __version__, guard, outputs

# The subcommands, with their line of help: the one list, which the C dispatcher reads too
# (src/commands/python_dispatch.c, from the copy embedded in the binary).  NAME's module is
# cryptometer.NAME_cmd; every subcommand writes files and takes --force (cryptometer.outputs).
COMMANDS_FILE = Path(__file__).resolve().parent / "commands.json"
SUBCOMMANDS = {c["name"]: c["help"] for c in json.loads(COMMANDS_FILE.read_text(encoding="utf-8"))["commands"]}

EXIT_OK, EXIT_FAILURES, EXIT_USAGE, EXIT_ENVIRONMENT, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


def _missing_dependency(name, exc):
    """A stand-in subcommand that says, on one line, which package is missing and what to run."""
    def run(_args):
        print("cryptometer %s: %s" % (name, guard.missing_package(exc)), file=sys.stderr)
        return EXIT_ENVIRONMENT
    return run


def build_parser(chosen=None):
    """The parser; only the subcommand ``chosen`` (if any) has its module imported and its options,
    and its parser is the parser's ``chosen_parser`` (else None)."""
    parser = argparse.ArgumentParser(
        prog="cryptometer",
        description="cryptometer analysis subcommands (Python).",
        epilog="Exit codes: 0 ok, 1 failures, 2 usage, 3 environment (input unreadable, data missing).")
    parser.add_argument("--version", action="version", version="cryptometer %s" % __version__)
    guard.add_debug_option(parser)
    sub = parser.add_subparsers(dest="subcommand", metavar="SUBCOMMAND")
    sub.required = True
    chosen_parser = None
    for name, help_text in SUBCOMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        guard.add_debug_option(p)
        if name != chosen:
            continue
        chosen_parser = p
        try:
            module = importlib.import_module("cryptometer.%s_cmd" % name)
        except ImportError as exc:
            p.add_argument("rest", nargs=argparse.REMAINDER)
            p.set_defaults(func=_missing_dependency(name, exc))
            continue
        module.add_arguments(p)
        outputs.add_force_option(p)
        p.set_defaults(func=module.run)
    parser.chosen_parser = chosen_parser
    return parser


def _innermost(parser, argv):
    """(the parser that reads argv's options and inputs, its namespace so far, the arguments it
    reads): for a subcommand with actions of its own (``store add``, ``import sbc-bench``,
    ``fleet run``), the action's parser, with the subcommand's defaults and the action named."""
    namespace = argparse.Namespace()
    actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not actions:
        return parser, namespace, argv
    if not argv or argv[0] not in actions[0].choices:
        return None, None, None
    for action in parser._actions:
        if action.dest is not argparse.SUPPRESS and action.default is not argparse.SUPPRESS:
            setattr(namespace, action.dest, action.default)
    for dest in ("func",):
        setattr(namespace, dest, parser.get_default(dest))
    setattr(namespace, actions[0].dest, argv[0])
    return actions[0].choices[argv[0]], namespace, argv[1:]


def parse(parser, argv):
    """The parsed arguments (exits 2 on usage errors).  A subcommand takes its options and its
    inputs in any order (``plot cpb --format png -o DIR FILE``, ``view kex --json FILE``,
    ``store add A --db DB B``): the parser that reads them (the action's, for a subcommand with
    actions: ``_innermost``) is parsed with parse_intermixed_args, which argparse refuses
    (TypeError, before reading anything) for a parser with a REMAINDER.  Help is printed by
    parse_args (parse_intermixed_args would leave the inputs out of its usage line)."""
    chosen_parser = parser.chosen_parser
    if (chosen_parser is not None and argv[0] in SUBCOMMANDS   # the subcommand first: no option of ours before
            and not {"-h", "--help"} & set(argv)):
        inner, namespace, rest = _innermost(chosen_parser, argv[1:])
        if inner is None:
            return parser.parse_args(argv)
        try:
            args = inner.parse_intermixed_args(rest, namespace=namespace)
        except TypeError:
            return parser.parse_args(argv)
        args.subcommand = argv[0]
        return args
    return parser.parse_args(argv)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    chosen = next((a for a in argv if not a.startswith("-")), None)
    parser = build_parser(chosen if chosen in SUBCOMMANDS else None)
    for stream in (sys.stdout, sys.stderr):
        try:   # a path with bytes that are not UTF-8 is printed with them replaced, never a traceback
            stream.reconfigure(errors="replace")
        except (AttributeError, ValueError):
            pass
    args = parse(parser, argv)
    outputs.FORCE = bool(getattr(args, "force", False))
    return guard.call(args.func, args)  # one line and exit 2 or 3 for anything unexpected


if __name__ == "__main__":
    sys.exit(main())
