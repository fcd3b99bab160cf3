"""``python -m cryptometer SUBCOMMAND ...``: the dispatcher of the Python subcommands.

The ``cryptometer`` command reaches these subcommands git-style.  Each lives
in its own module, named in SUBCOMMANDS with its line of help, which provides
``add_arguments(parser)`` and ``run(args) -> int``.  Only the module of the
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
import sys

from . import __version__, guard, outputs

# name -> (module, help); add a subcommand by adding a module and a line here.
SUBCOMMANDS = {
    "import": ("cryptometer.import_cmd",
               "import other tools' results (sbc-bench logs, openssl speed, cryptsetup benchmark) into cryptometer result documents"),
    "store": ("cryptometer.store_cmd",
               'results database (SQLite): add result files, list runs'),
    "compare": ("cryptometer.compare_cmd",
               'compare two runs: ratio, Mann-Whitney U, bootstrap CI; flags regressions (exit 1)'),
    "collect": ("cryptometer.collect_cmd",
               'collect many runs (files or --db) into RESULTS.md; --write-table writes the AES ratio table'),
    "report": ("cryptometer.report_cmd",
               'self-contained HTML report (context, health, verdicts, sortable tables, SVG plots, comparison)'),
    "plot": ("cryptometer.plot_cmd",
               'plots (PNG, SVG): throughput, cycles per byte, sweeps, library bars, threads, AES score per MHz'),
    "export": ("cryptometer.export_cmd",
               'export records (files or --db, any selection) as CSV'),
    "view": ("cryptometer.view_cmd",
               'like-for-like tables of a run: OpenSSL generations side by side (view generations), a key-exchange or signature choice (view kex|signature)'),
    "fleet": ("cryptometer.fleet_cmd",
               'the same run on many hosts over SSH through Ansible (fleet run|detect INVENTORY); results come home'),
}

# The subcommands that write files: they take --force (cryptometer.outputs).
WRITERS = {"import", "store", "compare", "collect", "report", "plot", "export", "view", "fleet"}

EXIT_OK, EXIT_FAILURES, EXIT_USAGE, EXIT_ENVIRONMENT, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


def _missing_dependency(name, exc):
    """A stand-in subcommand that explains which package is missing."""
    def run(_args):
        print("cryptometer %s: needs the Python package '%s' (%s); install it, e.g. "
              "'pip install %s'" % (name, exc.name or exc, exc, exc.name or "<package>"), file=sys.stderr)
        return EXIT_ENVIRONMENT
    return run


def build_parser(chosen=None):
    """The parser; only the subcommand ``chosen`` (if any) has its module imported and its options."""
    parser = argparse.ArgumentParser(
        prog="cryptometer",
        description="cryptometer analysis subcommands (Python).",
        epilog="Exit codes: 0 ok, 1 failures, 2 usage, 3 environment (input unreadable, data missing).")
    parser.add_argument("--version", action="version", version="cryptometer %s" % __version__)
    guard.add_debug_option(parser)
    sub = parser.add_subparsers(dest="subcommand", metavar="SUBCOMMAND")
    sub.required = True
    for name, (module_name, help_text) in SUBCOMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        guard.add_debug_option(p)
        if name != chosen:
            continue
        try:
            module = importlib.import_module(module_name)
        except ImportError as exc:
            p.add_argument("rest", nargs=argparse.REMAINDER)
            p.set_defaults(func=_missing_dependency(name, exc))
            continue
        module.add_arguments(p)
        if name in WRITERS:
            outputs.add_force_option(p)
        p.set_defaults(func=module.run)
    return parser


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    chosen = next((a for a in argv if not a.startswith("-")), None)
    parser = build_parser(chosen if chosen in SUBCOMMANDS else None)
    for stream in (sys.stdout, sys.stderr):
        try:   # a path with bytes that are not UTF-8 is printed with them replaced, never a traceback
            stream.reconfigure(errors="replace")
        except (AttributeError, ValueError):
            pass
    args = parser.parse_args(argv)  # exits 2 on usage errors
    outputs.FORCE = bool(getattr(args, "force", False))
    return guard.call(args.func, args)  # one line and exit 2 or 3 for anything unexpected


if __name__ == "__main__":
    sys.exit(main())
