#!/usr/bin/env python3
"""bench/store_scale.py — how long the results database takes at scale (issue #10's store acceptance).

Generates N result files (default 1000) from real ones (each copy gets its own
host name and slightly scaled samples, so every run is distinct), then times
``cryptometer store add`` of the directory and ``cryptometer collect --db``.
Prints the times; asserts nothing (timings belong here, not in tests).

    .venv/bin/python bench/store_scale.py RESULT.json... [--count 1000]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def generate(sources, count, out_dir):
    docs = [json.loads(Path(s).read_text()) for s in sources]
    for i in range(count):
        doc = json.loads(json.dumps(docs[i % len(docs)]))
        doc["context"]["host"]["hostname"] = "generated-%04d" % i
        factor = 1 + (i % 17) * 0.003
        for r in doc["results"]:
            if r.get("samples_ns"):
                r["samples_ns"] = [s * factor for s in r["samples_ns"]]
        (out_dir / ("run-%04d.json" % i)).write_text(json.dumps(doc))


def timed(*args):
    env = dict(os.environ, PYTHONPATH=str(ROOT / "python"))
    start = time.monotonic()
    r = subprocess.run([sys.executable, "-m", "cryptometer"] + [str(a) for a in args], env=env,
                       capture_output=True, text=True)
    elapsed = time.monotonic() - start
    if r.returncode != 0:
        sys.exit("cryptometer %s failed: %s" % (args[0], r.stderr))
    return elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("sources", nargs="+", help="real result files to copy")
    parser.add_argument("--count", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        (tmp / "runs").mkdir()
        generate(args.sources, args.count, tmp / "runs")
        records = sum(len(json.loads(p.read_text())["results"]) for p in (tmp / "runs").glob("*.json"))
        add = timed("store", "add", tmp / "runs", "--db", tmp / "scale.db")
        collect = timed("collect", "--db", tmp / "scale.db", "-o", tmp / "RESULTS.md")
        size = (tmp / "scale.db").stat().st_size
        print("files: %d, records: %d, database: %.1f MB" % (args.count, records, size / 1e6))
        print("store add:      %.1f s (%.1f ms per file)" % (add, 1000 * add / args.count))
        print("collect --db:   %.1f s" % collect)


if __name__ == "__main__":
    main()
