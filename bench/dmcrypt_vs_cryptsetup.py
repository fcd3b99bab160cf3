#!/usr/bin/env python3
"""bench/dmcrypt_vs_cryptsetup.py — `cryptometer dmcrypt`'s figures beside dd through the
same mapping and beside `cryptsetup benchmark` of the same cipher and key size, in ONE boot
of the x86_64 VM of tests/vm/ (run-in-vm.sh; bookworm's 6.1 or sid's 7.2 kernel with
dm-mod, dm-crypt, loop, essiv, xts, aesni_intel, af_alg and algif_skcipher). A benchmark,
not a test: it asserts nothing.

Each round is one `dmcrypt --quick --sizes 1048576 --json` (a 4 MiB RAM device, sector
sizes 512 and 4096): per mapping its own write and read passes, then dd's through the same
mapping, then (kernel's choice only) cryptsetup's benchmark, so the three alternate within
the run (docs/dmcrypt.md, points 6 and 7). Printed per cipher, sector size and op: the
medians over the rounds with their spread ((max-min)/median) of dm-linear's MB/s, dm-crypt's
own, dd's and cryptsetup's (converted from MiB/s), and the medians of the per-round ratios
dd/own, own/cs and "model": the own/cs that a byte through dm-crypt would give if it cost
cryptsetup's cipher time plus dm-linear's block-layer time, linear / (linear + cs). Under TCG the absolute figures are the emulator's, not a machine's; the
ratios are what is meaningful, and on a loaded 2-core host even they spread widely.

usage: bench/dmcrypt_vs_cryptsetup.py [--binary build-static/cryptometer]
                                      [--cryptsetup /usr/sbin/cryptsetup]
                                      [--kernel bookworm|sid] [--rounds 5] [--smp 2]
Exit codes: 0 the table was printed; 3 environment (no static binary, no cryptsetup, the VM
did not run or gave no output).
"""
import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from afalg_vs_cryptsetup import missing_tool, shared_objects, with_spread
from benchlib import ROOT

MODULES = "dm-mod dm-crypt loop essiv xts aesni-intel af_alg algif_skcipher"
MARK = "@@cm-bench round"
COLUMNS = ["mapping", "sector", "op", "linear", "own MB/s", "dd MB/s", "cs MB/s", "dd/own",
           "own/cs", "model", "served by"]


def rounds_of(stdout):
    """The results[] of each round's dmcrypt document, or the reason a round has none."""
    out = []
    for block in stdout.split(MARK)[1:]:
        body = block.split("\n", 1)[1] if "\n" in block else ""
        try:
            out.append(json.loads(body)["results"])
        except (ValueError, KeyError) as e:
            out.append(f"no dmcrypt document ({e}): {body.strip()[-200:]}")
    return out


def rows_of(rounds):
    """[(cells of COLUMNS, note)] per (mapping, sector size, op) of the kernel's choice that
    cryptsetup stood beside, with the medians and per-round ratios."""
    series = {}
    for rnd in rounds:
        if isinstance(rnd, str):
            continue
        for p in rnd:
            if (p.get("cipher_spec") or "capi:").startswith("capi:") or p["status"] != "ok":
                continue
            if "dd_mb_per_s" not in p and "cryptsetup_mb_per_s" not in p:
                continue
            key = (p["mapping"], p["sector_size"], p["op"])
            series.setdefault(key, []).append(p)
    rows = []
    for (mapping, sector, op), ps in series.items():
        def col(field):
            vals = [p[field] for p in ps if field in p]
            return (with_spread(vals), vals) if vals else ("-", [])
        dd = [p["dd_mb_per_s"] / p["mb_per_s"] for p in ps if "dd_mb_per_s" in p]
        cs = [p["mb_per_s"] / p["cryptsetup_mb_per_s"] for p in ps if "cryptsetup_mb_per_s" in p]
        # own/cs if a byte through dm-crypt cost cryptsetup's cipher time plus dm-linear's
        # block-layer time: 1/(1/cs + 1/linear) / cs
        model = [p["linear_mb_per_s"] / (p["linear_mb_per_s"] + p["cryptsetup_mb_per_s"])
                 for p in ps if "cryptsetup_mb_per_s" in p and "linear_mb_per_s" in p]
        why = sorted({p["cryptsetup_error"] for p in ps if "cryptsetup_error" in p})
        rows.append(([mapping, str(sector), op, col("linear_mb_per_s")[0], col("mb_per_s")[0],
                      col("dd_mb_per_s")[0], col("cryptsetup_mb_per_s")[0],
                      with_spread(dd, 2) if dd else "-", with_spread(cs, 2) if cs else "-",
                      with_spread(model, 2) if model else "-", ps[0].get("served_by", "-")],
                     f"{len(ps)} rounds" + (f"; cryptsetup: {'; '.join(why)}" if why else "")))
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default=str(ROOT / "build-static" / "cryptometer"),
                    help="static x86_64 cryptometer (build-static: -DCRYPTOMETER_STATIC=ON)")
    ap.add_argument("--cryptsetup", default=shutil.which("cryptsetup") or "/usr/sbin/cryptsetup")
    ap.add_argument("--kernel", default="bookworm", choices=("bookworm", "sid"))
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--smp", type=int, default=2, help="virtual CPUs of the VM (default 2)")
    ap.add_argument("--timeout", type=int, default=1200, help="VM timeout in seconds")
    a = ap.parse_args()
    if missing_tool("dmcrypt_vs_cryptsetup", a.binary, a.cryptsetup):
        return 3
    with tempfile.TemporaryDirectory() as d:
        script = Path(d) / "bench.sh"
        script.write_text("#!/bin/sh\n" + "".join(
            f"/cryptometer dmcrypt --quick --sizes 1048576 --json >/tmp/r.json 2>/tmp/r.err\n"
            f"echo '{MARK} {r}'; cat /tmp/r.json /tmp/r.err\n" for r in range(a.rounds)))
        cmd = [str(ROOT / "tests" / "vm" / "run-in-vm.sh"), "--arch", "x86_64", "--kernel", a.kernel,
               "--modules", MODULES, "--timeout", str(a.timeout), "--smp", str(a.smp),
               "--file", f"{a.binary}:/cryptometer", "--file", f"{script}:/bench.sh"]
        for f in shared_objects(a.cryptsetup):
            cmd += ["--file", f"{f}:{f}"]
        p = subprocess.run(cmd + ["--", "sh", "/bench.sh"], capture_output=True, text=True)
    if MARK not in p.stdout:
        print(f"dmcrypt_vs_cryptsetup: the VM did not run the benchmark (exit {p.returncode}):\n"
              + "\n".join(p.stderr.strip().splitlines()[-30:]), file=sys.stderr)
        return 3
    rounds = rounds_of(p.stdout)
    boot = [ln.split(": ", 1)[-1] for ln in p.stderr.splitlines() if "VM ran for" in ln]
    print(f"{a.rounds} rounds of `dmcrypt --quick --sizes 1048576` in one x86_64 VM ({a.kernel} kernel,"
          f" {a.smp} CPUs; {boot[-1] if boot else ''}); MB = 10^6 B")
    for r, rnd in enumerate(rounds):
        if isinstance(rnd, str):
            print(f"round {r}: {rnd}")
    rows = rows_of(rounds)
    widths = [max(len(c[i]) for c in [COLUMNS] + [cells for cells, _ in rows])
              for i in range(len(COLUMNS))]
    for cells, note in [(COLUMNS, "")] + rows:
        print("  ".join(x.ljust(widths[j]) if j in (0, 2, 10) else x.rjust(widths[j])
                        for j, x in enumerate(cells)) + (f"  {note}" if note else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
