#!/usr/bin/env python3
"""bench/vs_library_tools.py — cryptometer beside each library's own speed tool:
`gnutls-cli --benchmark-ciphers` (GnuTLS backend) and `botan speed` (Botan backend),
interleaved (tool, cryptometer; then cryptometer, tool; ...), with repeats. OpenSSL's
`openssl speed` has its own script, bench/vs_openssl_speed.py; mbedTLS has no packaged
benchmark program on Debian 12 (said in the output).

For every figure both sides have (bench/tool_outputs.py maps them: same algorithm,
operation and message size) it prints each side's median over the rounds, its spread
((max-min)/median) and the ratio cryptometer / tool (above 1: cryptometer's figure is
higher), and the same ratio for cryptometer's mean sample instead of its median
(`mean ratio`: a tool that divides its total bytes by its total wall time counts every
preemption of a shared machine, as a mean does, where a median does not) and for its
CPU time per operation (`cpu ratio`: gnutls-cli 3.7 times with CLOCK_PROCESS_CPUTIME_ID,
which a trace shows: `clock_gettime(2, ...)`; botan speed with the wall clock). Every ratio
outside 0.95-1.05 is followed by what the tool does per operation that cryptometer
does not (from the tool's source, bench/tool_outputs.py) and, with --trace, by one
message of each side's library calls as ltrace shows them (the calls the program makes
into the library, and indented the calls the library makes into the next one: libgnutls
into Nettle, libbotan into libc). A benchmark, not a test: it asserts nothing.

gnutls-cli takes about 110 s per run (5 s per figure, all its ciphers, 16 KiB only; it
has no option to pick some). Needs gnutls-bin, botan (Debian packages), ltrace for
--trace.

usage: bench/vs_library_tools.py [--binary build/cryptometer] [--tools gnutls,botan]
          [--rounds 3] [--seconds 1] [--botan-msec 1000] [--sizes 16,16384] [--trace]
          [--keep-output DIR]
"""
import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import tool_outputs as T
from benchlib import (DEFAULT_BINARY, cryptometer_records, figure, format_calls, in_order,
                      ltrace_calls, one_message, spread)

BAND = (0.95, 1.05)


class Tool:
    """One library's speed tool: how to run it, read it, and trace one message of it."""

    def __init__(self, name, program, package, backend, pairs, unshared, sizes):
        self.name, self.program, self.package, self.backend = name, program, package, backend
        self.pairs, self.unshared, self.sizes = pairs, unshared, sizes

    def version(self):
        out = subprocess.run(self.version_argv, capture_output=True, text=True).stdout
        return out.splitlines()[0].strip() if out else "?"


def gnutls_tool(args):
    t = Tool("gnutls-cli", "gnutls-cli", "gnutls-bin", "gnutls", T.GNUTLS_PAIRS,
             T.GNUTLS_UNSHARED, [16384])
    t.argv = lambda size=None: ["gnutls-cli", "--benchmark-ciphers"]
    t.version_argv = ["gnutls-cli", "--version"]
    t.parse = T.parse_gnutls
    # the tool's own calls into libgnutls, and libgnutls's calls into Nettle
    t.trace_pattern = "gnutls_*@MAIN+nettle_*@libgnutls.so.30+clock_gettime@MAIN"
    return t


def botan_tool(args):
    t = Tool("botan speed", "botan", "botan", "botan", T.BOTAN_PAIRS, T.BOTAN_UNSHARED,
             args.sizes)
    t.argv = lambda size=None, algos=T.BOTAN_ARGS: [
        "botan", "speed", f"--msec={args.botan_msec if size is None else 50}",
        f"--buf-size={','.join(map(str, args.sizes if size is None else [size]))}",
        f"--ecc-groups={T.BOTAN_ECC_GROUPS}", *algos]
    t.version_argv = ["botan", "version"]
    t.parse = T.parse_botan
    # the program's calls into Botan (the FFI for cryptometer; the CLI's Timer), and
    # libbotan's own calls to the clock, allocator and memory copies
    t.trace_pattern = ("botan_*@MAIN+_ZN5Botan5Timer*@MAIN+_ZN5Botan2OS*@libbotan-2.so.19"
                       "+memcpy@libbotan-2.so.19+memmove@libbotan-2.so.19"
                       "+_ZN5Botan15allocate_memory*@libbotan-2.so.19"
                       "+_ZN5Botan17deallocate_memory*@libbotan-2.so.19+clock_gettime")
    return t


def measure(tool, args, workdir):
    """{(algorithm, operation, size): {"tool": [...], "cm": [...], "pair": Pair}} and the
    last raw output of the tool."""
    figures, raw = {}, ""
    algorithms = sorted({p.algorithm for p in tool.pairs})
    operations = sorted({p.operation for p in tool.pairs})

    def run_tool():
        nonlocal raw
        raw = subprocess.run(tool.argv(), capture_output=True, text=True, check=True).stdout
        for pair, f in T.match(tool.parse(raw), tool.pairs):
            if f.size is None or f.size in tool.sizes:
                entry = figures.setdefault((pair.algorithm, pair.operation, f.size),
                                           {"tool": [], "cm": [], "pair": pair})
                entry["tool"].append(f.value)

    def run_cm():
        records = cryptometer_records(args.binary, tool.backend, algorithms, operations,
                                      tool.sizes, args.seconds, workdir)
        for key, entry in figures.items():
            rec = records.get(key)
            entry["cm"].append(figure(rec) if rec else None)
            for stat in ("mean", "cpu"):
                entry.setdefault("cm_" + stat, []).append(figure(rec, stat) if rec else None)
            if rec and rec["status"] != "ok":
                entry["status"] = f"{rec['status']}: {rec.get('reason') or ''}"

    for r in range(args.rounds):  # round 1 runs the tool first: it names the figures
        for run in in_order(r, [run_tool, run_cm]):
            run()
        print(f"  {tool.name}: round {r + 1} of {args.rounds} done", flush=True)
    return figures, raw


def ratio_rows(figures):
    """[(key, entry, tool median, cm median, ratio, mean ratio, cpu ratio)]: cryptometer's
    median, mean-based and CPU-time figures over the tool's, None where a side has none."""
    rows = []
    for key, e in figures.items():
        t = e["tool"]
        tm = statistics.median(t) if t else None
        cmm, mean, cpu = (statistics.median(e[k]) if e[k] and None not in e[k] else None
                          for k in ("cm", "cm_mean", "cm_cpu"))
        rows.append((key, e, tm, cmm, *(v / tm if tm and v else None for v in (cmm, mean, cpu))))
    return rows


def print_table(tool, rows):
    print(f"\n{tool.name} ({tool.version()}) vs cryptometer --backends {tool.backend}")
    print(f"{'algorithm':<18}{'operation':<10}{'size':>7}{tool.name:>14}{'spread':>8}"
          f"{'cryptometer':>13}{'spread':>8}{'ratio':>7}{'mean ratio':>11}{'cpu ratio':>10}  unit")
    for (alg, op, size), e, tm, cmm, ratio, mean_ratio, cpu_ratio in rows:
        unit = "op/s" if size is None else "MB/s"
        cm_txt = f"{cmm:>13.1f}{spread(e['cm']):>8.1%}" if cmm else f"{e.get('status', 'none'):>21}"
        flag = "" if ratio is None or BAND[0] <= ratio <= BAND[1] else "  outside 0.95-1.05"
        print(f"{alg:<18}{op:<10}{size if size else '-':>7}{tm:>14.1f}{spread(e['tool']):>8.1%}"
              f"{cm_txt}{ratio or float('nan'):>7.3f}{mean_ratio or float('nan'):>11.3f}"
              f"{cpu_ratio or float('nan'):>10.3f}"
              f"  {unit}{flag}")
    print(f"not compared: {tool.unshared}")


def explain(tool, rows, args):
    """For every ratio outside the band: what differs per operation, and with --trace one
    message of each side's library calls (traced once per algorithm and operation)."""
    outside = [(k, e, r) for k, e, _, _, r, _, _ in rows if r and not BAND[0] <= r <= BAND[1]]
    if not outside:
        return
    print(f"\nratios outside {BAND[0]}-{BAND[1]} ({tool.name}): what each side does per operation")
    traced = {}
    gnutls_messages = trace_gnutls_tool(tool) if args.trace and tool.backend == "gnutls" else {}
    for (alg, op, size), e, r in outside:
        pair = e["pair"]
        print(f"- {alg} {op} {size if size else ''} (ratio {r:.3f}): {pair.differs}")
        if not args.trace or (alg, op) in traced:
            continue
        traced[(alg, op)] = True
        if tool.backend == "gnutls":
            tool_msg = gnutls_messages.get(pair.tool_name + "/" + pair.tool_op)
        else:
            tool_msg = one_message(ltrace_calls(tool.trace_pattern,
                                                tool.argv(size or 16, algos=[pair.tool_arg]))[0])
        cm_argv = [args.binary, "run", "--backends", tool.backend, "--algorithms", alg,
                   "--filter", f"/{op}$", "--sizes", str(size or 16), "--time", "0.3", "-q",
                   "--json", "r.json"]
        # cryptometer reads the clock per sample of many operations, not per operation
        cm_msg = one_message([c for c in ltrace_calls(tool.trace_pattern, cm_argv)[0]
                              if c[2] != "clock_gettime"])
        for side, caller, msg in ((tool.name, tool.program, tool_msg),
                                  ("cryptometer", "cryptometer", cm_msg)):
            print(f"    {side}, one {'message' if size else 'operation'} "
                  f"({len(msg) if msg else 0} calls traced):")
            print("\n".join(format_calls(msg, caller)) if msg
                  else "      (no repeating calls traced)")


def trace_gnutls_tool(tool):
    """{"NAME/section": one message} from one traced gnutls-cli run: the trace is cut where
    the tool asks a name to print (gnutls_*_get_name), in the order of its printed figures."""
    calls, out = ltrace_calls(tool.trace_pattern, tool.argv(), timeout=900)
    clocks = sorted({c[3].split(",")[0] for c in calls
                     if c[1] == "gnutls-cli" and c[2] == "clock_gettime"})
    print(f"  gnutls-cli reads clock ids {', '.join(clocks) or 'none'} around each figure "
          "(0 CLOCK_REALTIME, 1 CLOCK_MONOTONIC, 2 CLOCK_PROCESS_CPUTIME_ID)")
    names = [f"{f.name}/{f.operation}" for f in tool.parse(out)]
    segments, current, last_was_name = [], None, False
    for c in calls:
        is_name = c[1] == "gnutls-cli" and c[2].endswith("_get_name")
        if is_name and not last_was_name:
            current = []
            segments.append(current)
        last_was_name = is_name
        if current is not None and not is_name:
            current.append(c)
    return {n: one_message(seg) for n, seg in zip(names, segments)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default=DEFAULT_BINARY)
    ap.add_argument("--tools", default="gnutls,botan")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=1.0, help="cryptometer --time per figure")
    ap.add_argument("--botan-msec", type=int, default=1000, help="botan speed --msec")
    ap.add_argument("--sizes", default="16,16384", help="botan speed message sizes")
    ap.add_argument("--trace", action="store_true", help="ltrace both sides of every ratio "
                    "outside 0.95-1.05 (gnutls-cli: one more full run, about 2 minutes)")
    ap.add_argument("--keep-output", help="save each tool's last raw output in this directory")
    args = ap.parse_args()
    args.sizes = [int(s) for s in args.sizes.split(",")]
    if args.trace and not shutil.which("ltrace"):
        sys.exit("--trace needs ltrace (Debian: apt-get install ltrace)")
    makers = {"gnutls": gnutls_tool, "botan": botan_tool}
    print(T.MBEDTLS_ABSENT)
    with tempfile.TemporaryDirectory() as workdir:
        for name in args.tools.split(","):
            if name == "mbedtls":
                continue  # nothing to run: said on the first line
            if name not in makers:
                ap.error(f"unknown tool {name!r}: one of {', '.join(makers)}, mbedtls")
            tool = makers[name](args)
            if not shutil.which(tool.program):
                print(f"{tool.name}: not compared: {tool.program} is not installed "
                      f"(Debian: apt-get install {tool.package})")
                continue
            figures, raw = measure(tool, args, workdir)
            if args.keep_output:
                Path(args.keep_output).mkdir(parents=True, exist_ok=True)
                (Path(args.keep_output) / f"{tool.backend}.txt").write_text(raw)
            rows = ratio_rows(figures)
            print_table(tool, rows)
            explain(tool, rows, args)
    print(f"\n{args.rounds} rounds, tool and cryptometer alternating first; cryptometer "
          f"--time {args.seconds} s per figure; MB/s = 10^6 bytes/s (botan's MiB/s and "
          "gnutls-cli's powers-of-1000 units converted); ratio = cryptometer / tool")


if __name__ == "__main__":
    main()
