#!/usr/bin/env python3
"""bench/probe_bounds.py — how near OpenSSL's and our own AES, GCM and SHA-256 come to the
bounds the instruction probes give (docs/probes.md): ROUNDS runs of `cryptometer run` at
16 KiB (openssl and ref backends), each carrying its own quick probe
(context.instruction_bounds). Per implementation, the ratio of its cycles per byte to its
bound, two ways, median over the rounds with its spread: at the run's clock (the record's
bound_ratio: cycles from src/platform/cpuclock.c measured beside the implementation), and
at the probe's reference clock of the same run (ns per byte x reference MHz: the clock the
bound itself was taken at). On a quiet machine the two agree; when they do not, the second
is the one to read (a ratio below 1 is impossible for the code: a clock measurement was
wrong). A third ratio takes the fastest sample of all rounds at the probe clock: on a host
that takes the core away now and then (a wide spread), the one least disturbed. Prints
figures and ratios; asserts nothing.

Usage: bench/probe_bounds.py [--binary build/cryptometer] [--rounds 5] [--time 0.3]
"""
import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchlib import DEFAULT_BINARY, spread  # noqa: E402

ALGORITHMS = "aes-256-cbc,aes-128-cbc,aes-128-ctr,aes-128-gcm,sha256"
SIZE = 16384


def one_round(binary, seconds, workdir):
    """{name: (cycles_per_byte, cpb at the reference clock, bound_cpb, formula, cpb of the
    fastest sample at the reference clock)} of one run."""
    out = Path(workdir) / "r.json"
    subprocess.run([binary, "run", "--backends", "openssl,ref", "--algorithms", ALGORITHMS,
                    "--sizes", str(SIZE), "--time", str(seconds), "--quiet", "--json", str(out),
                    "--force"], check=True, capture_output=True)
    doc = json.loads(out.read_text())
    ib = doc["context"]["instruction_bounds"]
    ref_mhz = ib.get("reference_mhz")
    formulas = {(b["algorithm"], b["operation"], b["variant"]): b["formula"] for b in ib["bounds"]}
    figures = {}
    for r in doc["results"]:
        if r["status"] != "ok" or not r.get("bound_cpb"):
            continue
        at_ref = r["ns_per_byte"] * ref_mhz / 1000 if ref_mhz else None
        best = r["stats"]["min_ns"] / r["size"] * ref_mhz / 1000 if ref_mhz else None
        formula = formulas.get((r["algorithm"], r["operation"], r["variant"]),
                               formulas.get((r["algorithm"], r["operation"], None)))
        figures[r["name"]] = (r["cycles_per_byte"], at_ref, r["bound_cpb"], formula, best)
    return figures, ref_mhz, doc["context"]["instruction_bounds"]["probes"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", default=DEFAULT_BINARY)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--time", type=float, default=0.3)
    args = ap.parse_args()
    rounds, refs, probes = [], [], None
    with tempfile.TemporaryDirectory() as work:
        for _ in range(args.rounds):
            figures, ref, probes = one_round(args.binary, args.time, work)
            rounds.append(figures)
            refs.append(ref)
    for p in probes or []:
        if p["status"] == "measured" and p["name"] in ("aesenc-xmm", "aesdec-xmm", "pclmulqdq-xmm",
                                                       "sha256rnds2", "aese+aesmc", "sha256h"):
            print(f"{p['name']:<16} latency {p['latency']['cycles']:.2f}  recip. throughput "
                  f"{p['throughput']['cycles']:.2f} cycles (last round's quick probe)")
    print(f"reference clock beside the probes: median {statistics.median(refs):.0f} MHz over "
          f"{len(refs)} rounds (spread {spread(refs):.1%})\n")
    print(f"{'implementation/algorithm/operation':<40}{'bound':>8}{'cpb (run clock)':>18}{'ratio':>8}"
          f"{'cpb (probe clock)':>20}{'ratio':>8}{'spread':>8}{'best':>8}{'ratio':>8}")
    for name in sorted(set().union(*rounds)):
        got = [r[name] for r in rounds if name in r]
        bound = statistics.median(g[2] for g in got)
        run_cpb = statistics.median(g[0] for g in got)
        at_ref = [g[1] / g[2] for g in got if g[1]]
        ref_ratio = statistics.median(at_ref) if at_ref else float("nan")
        bests = [g[4] for g in got if g[4]]
        best = min(bests) if bests else float("nan")
        print(f"{name:<40}{bound:>8.3f}{run_cpb:>18.3f}{run_cpb / bound:>8.2f}"
              f"{ref_ratio * bound:>20.3f}{ref_ratio:>8.2f}{spread(at_ref) if at_ref else 0:>8.1%}"
              f"{best:>8.3f}{best / bound:>8.2f}")
    print("\nbound: data/probe_bounds.json over the probe figures (e.g. aes-256-cbc encrypt = "
          "14 x AESENC latency + 1 cycles per 16 bytes); ratio = cpb / bound, 1.00 = at the bound;\n"
          "best: the fastest sample of all rounds, at the probe clock")


if __name__ == "__main__":
    main()
