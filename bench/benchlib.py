"""bench/benchlib.py — what the scripts comparing cryptometer with a library's own speed
tool share: running cryptometer for a set of figures, the spread of repeated figures, the
alternating order of interleaved rounds, and tracing the library calls of a command with
ltrace and cutting the trace into messages, and two implementations measured in
interleaved rounds. Imported by bench/vs_openssl_speed.py, bench/trace_per_message.py,
bench/vs_library_tools.py, bench/own_vs_openssl.py, bench/own_simd.py and
bench/probe_bounds.py; it measures nothing by itself.
"""
import json
import re
import statistics
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_BINARY = str(ROOT / "build" / "cryptometer")

# one ltrace line: "[pid N] " or "N " (with -o), caller->function(arguments...
CALL = re.compile(r"^(?:\[pid (\d+)\] |(\d+) )?([\w.+-]+)->(\w+)\((.*?)(?:\)|<unfinished)")


def spread(values):
    """(max - min) / median: how far repeated figures of one thing lie apart."""
    return (max(values) - min(values)) / statistics.median(values)


def in_order(round_index, runs):
    """The runs of one round, reversed every other round (A B, B A, ...), so that neither
    tool always runs first after the other's heat or cache state."""
    return runs if round_index % 2 == 0 else runs[::-1]


def cryptometer_records(binary, backend, algorithms, operations, sizes, seconds, workdir):
    """Run cryptometer once for these algorithms and operations of one backend; return
    {(algorithm, operation, size): record} (size None for per-operation classes). A record
    whose status is not ok is kept: the caller shows its status, never a figure."""
    out = Path(workdir) / "r.json"
    ops = "|".join(sorted(set(operations)))
    subprocess.run([binary, "run", "--backends", backend, "--algorithms", ",".join(algorithms),
                    "--filter", f"/({ops})$", "--sizes", ",".join(str(s) for s in sizes),
                    "--time", str(seconds), "--quiet", "--json", str(out), "--force"],
                   check=True, capture_output=True)
    records = json.loads(out.read_text())["results"]
    return {(r["algorithm"], r["operation"], r["size"]): r for r in records}


def figure(record, statistic="median"):
    """The comparable figure of a record: MB/s (10^6 B/s) per byte, operations/s per op;
    from the median sample (cryptometer's figure), from the mean of the samples, which,
    like a tool that divides its total work by its total wall time, counts every
    preemption, from the fastest sample ("min"), the least disturbed, or ("cpu") from
    the thread CPU time per operation, which counts no preemption."""
    if record["status"] != "ok":
        return None
    ns = (record["cpu_time_ns_per_op"]["total"] if statistic == "cpu"
          else record["stats"][f"{statistic}_ns"])
    return record["size"] * 1e3 / ns if record["unit"] == "byte" else 1e9 / ns


def one_record(binary, impl, alg, op, size, seconds, cpu, out):
    """(record, None) of one `cryptometer run` of impl/alg/op at one size (pinned to cpu
    when given), or (None, why) when the run failed or its record is not ok."""
    args = [binary, "run", "--filter", f"^{impl}/{alg}/{op}$", "--sizes", str(size),
            "--time", str(seconds), "--json", str(out), "--quiet", "--force"]
    if cpu is not None:
        args += ["--cpu", str(cpu)]
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode != 0:
        return None, p.stderr.strip().splitlines()[-1] if p.stderr.strip() else f"exit {p.returncode}"
    recs = [r for r in json.loads(Path(out).read_text())["results"] if r["size"] == size]
    if len(recs) != 1 or recs[0]["status"] != "ok":
        return None, recs[0]["reason"] if recs else "no record"
    return recs[0], None


def interleaved(binary, impls, alg, op, size, rounds, seconds, cpu, workdir):
    """Measure two implementations of alg/op at size in rounds that alternate their order
    (in_order), one `cryptometer run` each, printing every round. Returns {impl: [(median
    MB/s, best MB/s) per round]}: the median sample is cryptometer's figure; the best
    (fastest) sample is the one least disturbed by a host that takes the core away."""
    out = Path(workdir) / "r.json"
    got = {impl: [] for impl in impls}
    print(f"{alg} {op} at {size} bytes, MB/s per round, median (best) "
          f"({impls[0]} | {impls[1]}):")
    for r in range(rounds):
        row = {}
        for impl in in_order(r, list(impls)):
            rec, why = one_record(binary, impl, alg, op, size, seconds, cpu, out)
            if rec is None:
                print(f"  {impl}: failed: {why}")
                row[impl] = "failed"
                continue
            pair = (figure(rec), figure(rec, "min"))
            got[impl].append(pair)
            row[impl] = f"{pair[0]:.1f} ({pair[1]:.1f})"
        print(f"  round {r + 1}: {row[impls[0]]:>20} | {row[impls[1]]:>20}")
    return got


def ratios(got, impls):
    """(median of a's medians, median of b's medians, their ratio, ratio of the two best
    figures) of interleaved()'s result; None when either side has no figure."""
    a, b = (got[i] for i in impls)
    if not a or not b:
        return None
    ma, mb = statistics.median(x[0] for x in a), statistics.median(x[0] for x in b)
    return ma, mb, ma / mb, max(x[1] for x in a) / max(x[1] for x in b)


def verdict(ratio, best_ratio, target):
    """How a pair of ratios stands against a target ratio (None: reported only)."""
    if target is None:
        return "reported"
    if ratio >= target:
        return f">= {target:.2f}: met"
    if best_ratio >= target:
        return f">= {target:.2f}: met by the best samples only (the medians are disturbed)"
    return f">= {target:.2f}: below target"


def ltrace_calls(pattern, argv, timeout=600):
    """([(pid, caller, function, arguments)] of every call ltrace -f saw for this filter,
    the command's stdout). ltrace's -e syntax: `fn@LIB` is a call to fn made from LIB's
    PLT, MAIN the program; calls through a function pointer or a C++ virtual are not seen."""
    with tempfile.TemporaryDirectory() as d:
        log = Path(d) / "trace"
        out = subprocess.run(["ltrace", "-f", "-o", str(log), "-e", pattern, *argv], cwd=d,
                             capture_output=True, text=True, timeout=timeout).stdout
        lines = log.read_text(errors="replace").splitlines()
    calls = []
    for line in lines:
        m = CALL.match(line.strip())
        if m:
            calls.append((m.group(1) or m.group(2), m.group(3), m.group(4), m.group(5)))
    return calls, out


def one_message(calls, max_period=60, min_repeats=3):
    """The calls of one message of the steady-state loop: the period p with which the
    sequence of (caller, function) repeats the most times in a row (at least min_repeats;
    a timed loop repeats its message far more often than a set-up or check loop repeats
    its longer pattern; of equal counts the shortest period, as a multiple of the period
    repeats too), returned from the stretch's start, so that it begins where a message
    begins. None when nothing repeats."""
    names = [(c[1], c[2]) for c in calls]
    best = None  # (repeats, start, period)
    for p in range(1, max_period + 1):
        run_start, i = 0, 0
        while i + p <= len(names):
            if i + p < len(names) and names[i] == names[i + p]:
                i += 1
                continue
            repeats = (i + p - run_start) // p
            if repeats >= min_repeats and (best is None or repeats > best[0]):
                best = (repeats, run_start, p)
            i += 1
            run_start = i
    if best is None:
        return None
    _, start, p = best
    return calls[start:start + p]


def format_calls(message, tool_caller):
    """Lines naming each call of one message; calls a library makes (not the tool itself)
    are indented under the tool's call they happen in."""
    return ["    %s%s->%s(%s)" % ("" if caller == tool_caller else "    ", caller, fn, args)
            for _, caller, fn, args in message]
