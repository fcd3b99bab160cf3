"""``cryptometer fleet run|detect INVENTORY``: the same measurement on many hosts, through Ansible.

``run`` forwards the run options to every host (fleet/measure.yml), brings each
host's result home as ``results/fleet/<run id>/<host>.json`` (written with the
output policy of cryptometer.outputs, validated against the result schema),
adds it to the results database (``--db``; ``--no-store`` to skip), writes
``status.jsonl`` (one line per host) beside them and prints a summary.
``detect`` runs only the detection and prints one table of hosts by features,
drivers and verdicts (``--save`` keeps each host's detect document).

Exit codes: 0 every host ok; 1 some host was unreachable, failed, timed out or
has an unsupported architecture (the others still ran and came home); 2 usage
(bad option, unwritable output); 3 environment (no Ansible, inventory or
playbook unusable: Ansible ran no host); 130 interrupted (what the run left
on the hosts was removed).  docs/fleet.md has the details.
"""

import json
import re
import secrets
import shutil
import sys
from datetime import datetime, timezone
from pathlib import Path

from . import fleet, fleet_detect, inputs, loader, outputs, store, textfit
from .fleet import EXIT_ENVIRONMENT, EXIT_FAILURES, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, make_dir, safe_name

# `cryptometer run` options forwarded to every host: option -> takes a value
RUN_OPTIONS = {"--filter": True, "--algorithms": True, "--backends": True, "--sizes": True,
               "--time": True, "--target-ci": True, "--cpu": True, "--per-cluster": False,
               "--timeout": True}


def _binary(text):
    arch, sep, path = text.partition("=")
    if not sep or not arch or not path:
        raise ValueError(text)
    return arch, path


def add_arguments(parser):
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True
    for name, help_text in (("run", "detect and run on every host; results come home"),
                            ("detect", "only the detection: one table of hosts x features, drivers, verdicts")):
        p = actions.add_parser(name, help=help_text, description=help_text)
        p.add_argument("inventory", metavar="INVENTORY", help="an Ansible inventory (INI or YAML)")
        p.add_argument("--binary", action="append", type=_binary, default=[], metavar="ARCH=PATH",
                       help="the static binary for ARCH (x86_64, aarch64, armhf); default "
                            "$CRYPTOMETER_<ARCH>_BIN, else build-static/ and build-aarch64/ of the project")
        p.add_argument("--forks", type=int, default=10, help="hosts measured at once (default 10)")
        p.add_argument("--limit", metavar="PATTERN", help="only these inventory hosts (Ansible pattern)")
        p.add_argument("--host-timeout", type=float, metavar="SECONDS",
                       help="detect and run each stopped after this long on a host (default: the "
                            "inventory's cryptometer_timeout, else 1800)")
        p.add_argument("--become", action="store_true",
                       help="run detect and run with privilege escalation (for kernel paths that need it)")
        p.add_argument("--output-dir", default="results/fleet" if name == "run" else "results/fleet-detect",
                       metavar="DIR",
                       help="results go to DIR/<run id>/ (default %(default)s)")
        p.add_argument("--run-id", metavar="ID", help="name of this run (default: UTC time stamp)")
        p.add_argument("-v", "--verbose", action="store_true", help="show Ansible's output")
        if name == "run":
            p.add_argument("--db", default=store.DEFAULT_DB, help="results database (default %(default)s)")
            p.add_argument("--no-store", action="store_true", help="do not add the results to the database")
            group = p.add_argument_group("run options (forwarded to `cryptometer run` on every host)")
            for option, takes_value in RUN_OPTIONS.items():
                if takes_value:
                    group.add_argument(option, dest="fwd" + option, metavar="VALUE")
                else:
                    group.add_argument(option, dest="fwd" + option, action="store_true")
        else:
            p.add_argument("--save", action="store_true",
                           help="keep each host's detect document in DIR/<run id>/<host>.detect.json")


def forwarded(args):
    """The run options given, as a list for `cryptometer run`."""
    out = []
    for option, takes_value in RUN_OPTIONS.items():
        value = getattr(args, "fwd" + option, None)
        if takes_value and value is not None:
            out += [option, value]
        elif not takes_value and value:
            out.append(option)
    return out


def _run_id(args):
    if args.run_id:
        if not re.fullmatch(r"[A-Za-z0-9._-]{1,64}", args.run_id):
            raise ValueError("--run-id takes letters, digits, '.', '-' and '_' (at most 64)")
        return args.run_id
    return datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ") + "-" + secrets.token_hex(2)


def _playbook(args, run_id, stage):
    # extra variables win over the inventory's: only what the command line says is passed
    variables = {"cryptometer_mode": args.action, "cryptometer_run_id": run_id,
                 "cryptometer_binaries": fleet.default_binaries(dict(args.binary)),
                 "cryptometer_run_args": forwarded(args) if args.action == "run" else []}
    if args.host_timeout is not None:
        variables["cryptometer_timeout"] = args.host_timeout
    if args.become:
        variables["cryptometer_become"] = True
    return fleet.Playbook(args.inventory, variables, forks=args.forks, limit=args.limit,
                          echo=args.verbose, stage=stage)


def run(args):
    if args.forks < 1 or (args.host_timeout is not None and args.host_timeout <= 0):
        print("cryptometer fleet: --forks and --host-timeout must be positive", file=sys.stderr)
        return EXIT_USAGE
    if not Path(args.inventory).exists():
        print("cryptometer fleet: %s: no such inventory" % args.inventory, file=sys.stderr)
        return EXIT_ENVIRONMENT
    try:
        run_id = _run_id(args)
        out_dir = Path(args.output_dir) / run_id
        if args.action == "run" or args.save:
            fleet.check_dir(out_dir)    # the output first, before any host is contacted
        stage = fleet.staging_dir()
    except (ValueError, outputs.OutputError) as exc:
        print("cryptometer fleet: %s" % exc, file=sys.stderr)
        return EXIT_USAGE
    try:
        hosts, code, tail = _playbook(args, run_id, stage).run()
        if not hosts:
            print("cryptometer fleet: Ansible ran no host (exit %d):\n  %s"
                  % (code, "\n  ".join(tail[-8:]) or "(see -v)"), file=sys.stderr)
            return EXIT_ENVIRONMENT
        if args.action == "detect":
            return fleet_detect.finish(hosts, out_dir if args.save else None, run_id)
        return finish_run(args, hosts, out_dir, run_id)
    except fleet.FleetError as exc:
        print("cryptometer fleet: %s" % exc, file=sys.stderr)
        return EXIT_ENVIRONMENT
    except outputs.OutputError as exc:
        print("cryptometer fleet: %s" % exc, file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("cryptometer fleet: interrupted (run %s)" % run_id, file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        shutil.rmtree(stage, ignore_errors=True)


def bring_home(outcome, out_dir, conn):
    """Validate a host's fetched result, write it as <host>.json, add it to the store."""
    fetched = outcome.files["run"]
    try:
        result = loader.load_file(fetched)
    except loader.LoadError as exc:
        outcome.status, outcome.reason = fleet.FAILED, "the result that came home was refused: %s" % exc
        return
    target = out_dir / (safe_name(outcome.host) + ".json")
    outputs.write_atomic(target, inputs.read_input(fetched, "result"))
    outcome.files["result"] = target
    if conn is not None:
        store.add_rows(conn, store.rows_of(result))


def finish_run(args, hosts, out_dir, run_id):
    make_dir(out_dir)
    conn = None
    if not args.no_store and any(h.status == fleet.OK for h in hosts):
        Path(args.db).parent.mkdir(parents=True, exist_ok=True)
        outputs.check_target(args.db)
        try:
            conn = store.open_db(args.db)
        except store.StoreError as exc:
            print("cryptometer fleet: %s (results kept in %s, not stored)" % (exc, out_dir), file=sys.stderr)
    for outcome in hosts:
        if outcome.status == fleet.OK:
            bring_home(outcome, out_dir, conn)
    lines = [json.dumps(dict(h.as_dict(), file=str(h.files.get("result", "")) or None)) for h in hosts]
    outputs.write_atomic(out_dir / "status.jsonl", "\n".join(lines) + "\n")
    print_summary(hosts, run_id, out_dir, None if conn is None else args.db)
    return EXIT_OK if all(h.status == fleet.OK for h in hosts) else EXIT_FAILURES


def print_summary(hosts, run_id, out_dir, db):
    width = max(len(h.host) for h in hosts)
    lines = ["fleet run %s: %d of %d hosts ok" % (run_id, sum(h.status == fleet.OK for h in hosts), len(hosts))]
    for h in hosts:
        where = str(h.files.get("result", "")) if h.status == fleet.OK else h.reason
        lines.append("  %-*s  %-11s  %-7s  %s" % (width, h.host, h.status, h.arch or "?", where))
        if h.status in (fleet.FAILED, fleet.TIMED_OUT):
            lines += ["  %-*s    | %s" % (width, "", line) for line in h.last_lines[-5:]]
    lines.append("results: %s/ (status.jsonl)%s" % (out_dir, "; added to %s" % db if db else ""))
    textfit.say("\n".join(lines))
