#!/usr/bin/env python3
"""bench/default_suite_time.py — how long the default suite (`./bootstrap.sh run`) takes, and where.

Runs `cryptometer run` with no selection (what `./bootstrap.sh run` runs; the
document goes to a temporary file) once per round for each binary given,
interleaved (A B, B A, ...: benchlib.in_order), and prints per run: the wall
time, the records by status, the load average before and after, and a
breakdown read from the run's own progress line (stderr on a pseudo-terminal,
timestamped as it is redrawn) and its records:

  start      from exec to the first group's first progress line (detection, health, plan)
  kat        per group, from its first progress line to its first "measuring" line
             (the known-answer checks, the child's set-up after its first message)
  timing     the records' own wall_s (calibration, warm-up, samples)
  jit        the language runtimes' JIT warm-ups before the runner's own (the records'
             runtime_warmup seconds: docs/runtimes.md)
  other      the rest of the groups' time: fork/exec and the child's start (a runtime's
             server), the clock checks before and after, per-call and memory figures,
             the parent's work
  end        from the last group's last line to exit (answers, tables, the document)

and the precision of its figures (the records measured: the median and 90th
percentile of their relative 95% CI widths, the median sample count, how many
did not reach the target CI), for all of them and for the language runtimes'
(whose JIT warm-up is reused across sizes: docs/runtimes.md).

The main figure is the ratio of the binaries' median wall times (the machine may
be shared: absolute seconds move with its load). A benchmark, not a test: it
asserts nothing.

usage: bench/default_suite_time.py [--binary B]... [--rounds N] [--trace DIR] [-- RUN OPTIONS...]
"""
import argparse
import json
import os
import pty
import re
import select
import statistics
import subprocess
import tempfile
import time
from collections import Counter
from pathlib import Path

from benchlib import DEFAULT_BINARY, in_order

# "[done/total] backend/algorithm: what  ETA m:ss" (src/run/suite.c, draw_progress)
LINE = re.compile(r"\[(\d+)/(\d+)\] (\S+): (.*?)  ETA \d+:\d\d")


def read_progress(fd, proc):
    """[(time, group, what)] of each redraw of the progress line, until the process ends."""
    events, buf = [], b""
    while True:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                break
            now = time.monotonic()
            buf += chunk
            # a redraw is "\r\033[K[...] ...  ETA m:ss", flushed whole: it is an event when it
            # arrives, not when the next redraw's "\r" ends it
            parts = re.split(rb"[\r\n]", buf)
            buf = b""
            for i, p in enumerate(parts):
                m = LINE.search(p.decode("utf-8", "replace"))
                if m:
                    events.append((now, m.group(3), m.group(4)))
                elif i == len(parts) - 1:
                    buf = p  # a line cut short: the rest comes with the next read
        elif proc.poll() is not None:
            break
    return events


def phases(t0, t_end, events, records):
    """The breakdown (seconds) of one run: start, kat, timing, other, end."""
    # one child after another: [first line, first "measuring" line, last line]; a child
    # starts at a new name, or at a check after measuring (two variants share a name)
    groups, name = [], None
    for t, group, what in events:
        measuring = what.startswith("measuring")
        if group != name or (not measuring and groups[-1][1] is not None):
            groups.append([t, None, t])
            name = group
        g = groups[-1]
        if g[1] is None and measuring:
            g[1] = t
        g[2] = t
    if not groups:
        return None
    first, last = groups[0][0], max(g[2] for g in groups)
    kat = sum((g[1] if g[1] is not None else g[2]) - g[0] for g in groups)
    timing = sum(r.get("wall_s") or 0 for r in records)
    jit = sum((r.get("runtime_warmup") or {}).get("seconds") or 0 for r in records)
    span = last - first
    return {"start": first - t0, "kat": kat, "timing": timing, "jit": jit,
            "other": span - kat - timing - jit, "end": t_end - last}


RUNTIMES = ("go", "java", "node", "python", "rust")  # docs/runtimes.md


def by_backend(t_end, events):
    """{backend: seconds} of the run's span: each progress line's time runs until the next
    line (the last, until the run's end)."""
    out = Counter()
    for (t, group, _), nxt in zip(events, events[1:] + [(t_end, None, None)]):
        out[group.split("/")[0]] += nxt[0] - t
    return out


def precision(records):
    """{scope: (measured, median ci95_rel, p90 ci95_rel, median n, CI not reached)}."""
    out = {}
    for scope, keep in (("all", lambda r: True), ("runtimes", lambda r: r["backend"] in RUNTIMES)):
        rs = [r for r in records if r.get("stats") and keep(r)]
        if rs:
            ci = sorted(r["stats"]["ci95_rel"] for r in rs)
            out[scope] = (len(rs), statistics.median(ci), ci[int(0.9 * (len(ci) - 1))],
                          statistics.median(r["stats"]["n"] for r in rs),
                          sum("ci-not-reached" in r.get("flags", []) for r in rs))
    return out


def one_run(binary, extra, workdir, trace=None):
    """Run the default suite once; return its figures (wall, records, statuses, load, phases).
    With ``trace``, the progress events (seconds from exec) and the records go there as JSON."""
    out = Path(workdir) / "r.json"
    load_before = os.getloadavg()[0]
    master, slave = pty.openpty()
    t0 = time.monotonic()
    proc = subprocess.Popen([binary, "run", "--json", str(out), "--force", *extra],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    events = read_progress(master, proc)
    rc = proc.wait()
    t_end = time.monotonic()
    os.close(master)
    records = json.loads(out.read_text())["results"] if out.exists() else []
    if trace:
        Path(trace).parent.mkdir(parents=True, exist_ok=True)
        Path(trace).write_text(json.dumps({"events": [(t - t0, g, w) for t, g, w in events],
                                           "wall": t_end - t0, "records": records}))
    return {"wall": t_end - t0, "rc": rc, "records": len(records),
            "status": Counter(r["status"] for r in records), "load": (load_before, os.getloadavg()[0]),
            "phases": phases(t0, t_end, events, records), "precision": precision(records),
            "backends": by_backend(t_end, events)}


def show(label, r):
    ph = r["phases"]
    print("%s: %.1f s, exit %d, %d records (%s), load %.1f -> %.1f" % (
        label, r["wall"], r["rc"], r["records"],
        ", ".join("%s %d" % kv for kv in sorted(r["status"].items())), *r["load"]))
    if ph:
        print("    " + "  ".join("%s %.1f s" % kv for kv in ph.items()), flush=True)
    b = r["backends"]
    if b:
        rt = sum(v for k, v in b.items() if k in RUNTIMES)
        print("    backends: runtimes %.1f s (%s)\n              the others %.1f s (slowest: %s)" % (
            rt, ", ".join("%s %.0f" % (k, b[k]) for k in RUNTIMES if k in b),
            sum(b.values()) - rt, ", ".join(["%s %.0f" % kv for kv in b.most_common()
                                             if kv[0] not in RUNTIMES][:3])), flush=True)
    for scope, p in r["precision"].items():
        print("    precision (%s, %d measured): CI95 width median %.2f%%, p90 %.2f%%, samples median %d, "
              "CI not reached %d" % (scope, p[0], 100 * p[1], 100 * p[2], p[3], p[4]), flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", action="append", help="a cryptometer binary (repeat to compare; "
                    "default %s)" % DEFAULT_BINARY)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--trace", metavar="DIR", help="write each run's progress events and records here")
    ap.add_argument("run_options", nargs="*", help="after --: options added to `run`")
    args = ap.parse_args()
    binaries = args.binary or [DEFAULT_BINARY]
    walls = {b: [] for b in binaries}
    with tempfile.TemporaryDirectory() as d:
        for i in range(args.rounds):
            for b in in_order(i, binaries):
                trace = args.trace and Path(args.trace) / ("round%d-%d.json" % (i + 1, binaries.index(b)))
                r = one_run(b, args.run_options, d, trace)
                walls[b].append(r["wall"])
                show("round %d %s" % (i + 1, b), r)
    for b in binaries:
        print("median %s: %.1f s over %d runs" % (b, statistics.median(walls[b]), len(walls[b])))
    if len(binaries) == 2:
        a, b = (statistics.median(walls[x]) for x in binaries)
        print("ratio %s / %s: %.3f" % (binaries[1], binaries[0], b / a))


if __name__ == "__main__":
    main()
