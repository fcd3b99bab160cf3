#!/usr/bin/env python3
"""bench/fuzz_schema.py — the long run of the schema fuzzer (issue #29): many documents per command.

Runs tests/python/test_fuzz_schema.py (the same property as the test command's
bounded run: exit 0, 2 or 3, no traceback, never cryptometer.guard's catch-all)
with CRYPTOMETER_FUZZ_DOCS documents per command (default 20000; the test
command uses 2000), and prints how long each command took. Needs the binary
for the seed document (CRYPTOMETER_BIN, default build/cryptometer).

    .venv/bin/python bench/fuzz_schema.py [--docs 20000] [-k COMMAND]
"""

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--docs", type=int, default=20000, help="documents per command (default: %(default)s)")
    parser.add_argument("-k", metavar="COMMAND", help="only this command (compare, store, export, collect, "
                        "view, plot, report)")
    args = parser.parse_args()
    env = dict(os.environ, CRYPTOMETER_FUZZ_DOCS=str(args.docs))
    env.setdefault("CRYPTOMETER_BIN", str(ROOT / "build" / "cryptometer"))
    argv = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--durations=0",
            str(ROOT / "tests" / "python" / "test_fuzz_schema.py")] + (["-k", args.k] if args.k else [])
    return subprocess.call(argv, env=env, cwd=str(ROOT))


if __name__ == "__main__":
    sys.exit(main())
