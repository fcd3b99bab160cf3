"""``python -m cryptometer SUBCOMMAND ...``: the dispatcher of the Python subcommands.

The ``cryptometer`` command reaches these subcommands git-style.  Each lives
in its own module, named in SUBCOMMANDS, which provides ``HELP`` (one line),
``add_arguments(parser)`` and ``run(args) -> int``.  A module is imported only
to register its subcommand, and one whose dependencies are missing still
appears, answering with the package to install.

Exit codes (the same as the C command, src/util/error.h):
  0  everything ran
  1  ran, but something failed
  2  usage: bad option, unknown subcommand, unwritable output
  3  environment: an input file unreadable or not recognised, a data table missing
  130 interrupted
"""

import argparse
import importlib
import sys

from . import __version__

# name -> module; add a subcommand by adding a module and a line here.
SUBCOMMANDS = {
    "import": "cryptometer.import_cmd",
    "store": "cryptometer.store_cmd",
    "compare": "cryptometer.compare_cmd",
    "collect": "cryptometer.collect_cmd",
    "report": "cryptometer.report_cmd",
    "plot": "cryptometer.plot_cmd",
    "export": "cryptometer.export_cmd",
}

EXIT_OK, EXIT_FAILURES, EXIT_USAGE, EXIT_ENVIRONMENT, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


def _missing_dependency(name, exc):
    """A stand-in subcommand that explains which package is missing."""
    def run(_args):
        print("cryptometer %s: needs the Python package '%s' (%s); install it, e.g. "
              "'pip install %s'" % (name, exc.name or exc, exc, exc.name or "<package>"), file=sys.stderr)
        return EXIT_ENVIRONMENT
    return run


def build_parser():
    parser = argparse.ArgumentParser(
        prog="cryptometer",
        description="cryptometer analysis subcommands (Python).",
        epilog="Exit codes: 0 ok, 1 failures, 2 usage, 3 environment (input unreadable, data missing).")
    parser.add_argument("--version", action="version", version="cryptometer %s" % __version__)
    sub = parser.add_subparsers(dest="subcommand", metavar="SUBCOMMAND")
    sub.required = True
    for name, module_name in SUBCOMMANDS.items():
        try:
            module = importlib.import_module(module_name)
        except ImportError as exc:
            p = sub.add_parser(name, help="(unavailable: %s)" % exc)
            p.add_argument("rest", nargs=argparse.REMAINDER)
            p.set_defaults(func=_missing_dependency(name, exc))
            continue
        p = sub.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(p)
        p.set_defaults(func=module.run)
    return parser


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)  # exits 2 on usage errors
    try:
        return args.func(args)
    except KeyboardInterrupt:
        print("cryptometer: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
