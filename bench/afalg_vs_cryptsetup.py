#!/usr/bin/env python3
"""bench/afalg_vs_cryptsetup.py — cryptometer's afalg backend beside
`cryptsetup benchmark --cipher C --key-size K` (Debian cryptsetup-bin), both
through the kernel's AF_ALG, in ONE boot of the x86_64 VM of tests/vm/
(run-in-vm.sh; Debian's kernel with af_alg, algif_skcipher, aesni_intel).
A benchmark, not a test: it asserts nothing.

What cryptsetup measures (read in its source, v2.6.1 = Debian 12's):
- src/cryptsetup.c benchmark_cipher_loop: a buffer of 1 MiB (doubled only when
  one pass takes under 0.001 ms), zeroed, with a random key and IV;
- lib/crypto_backend/cipher_check.c: the buffer is cut into AF_ALG requests of
  CIPHER_BLOCK_BYTES = 65536 bytes, each an independent `sendmsg` (operation,
  the same IV, 64 KiB) + `read` in place on one socket (crypto_cipher_kernel.c);
  passes of the buffer are timed with CLOCK_MONOTONIC_RAW until 1000 ms of
  encryption (then of decryption) are summed; MiB/s = 2^20 bytes/s. Up to 2.7
  the socket set-up (socket, bind, setsockopt key, accept) is inside every
  pass's time (moved out in 2.8.0, commit 209e6167);
- its count starts at 1 (`repeat_enc = 1`, incremented after each pass), so it
  counts one buffer more than it timed (2.1 to 2.8.6): its figure is high by
  1 MiB / (about 1 s), i.e. about +1 MiB/s. The ratio "corr" takes that buffer
  out (error below 1 MiB/s x one pass's time / 1 s);
- no dm-crypt: `benchmark --cipher` opens only AF_ALG sockets (it runs with
  af_alg, algif_skcipher and aesni_intel alone; no dm-mod or dm-crypt);
- key sizes are the whole key in bits: aes-xts 256 is two 128-bit AES keys,
  cryptometer's aes-128-xts; aes-xts 512 is aes-256-xts.

So cryptometer runs at --sizes 65536: one message is one 64 KiB request,
`sendmsg` + `read` on the copy path (docs/afalg.md), through afalg:kernel (the
kernel's choice, as cryptsetup binds the generic name); --drivers adds every
named driver without `.splice` (cryptsetup does not splice): cbc-aes-aesni,
cbc(aes-generic), ... (the modules ecb, xts and ctr are loaded so that the
generic templates bind; the kernel builds xts over ecb, so its generic XTS
driver is xts(ecb(aes-generic)): binding xts(aes-generic) fails but creates it,
and cryptometer lists it from /proc/crypto in the rounds after the first).
Encrypt and decrypt; CTR has only `encrypt` in cryptometer (decryption is the same
operation), so its decrypt row shows cryptsetup's figure alone. cryptometer
has no ecb(aes) row, so ECB is not compared.

Units: cryptsetup prints MiB/s (2^20 B/s); cryptometer's MB/s is 10^6 B/s. The
table converts cryptsetup's figures to MB/s. Ratios are cryptometer /
cryptsetup (above 1: cryptometer's figure is higher): "ratio" from
cryptometer's median sample and cryptsetup as printed, "corr" against
cryptsetup less that one buffer, "mean" from cryptometer's mean sample (like
cryptsetup, a total divided by a total wall time, which counts every
preemption). Under TCG
the absolute figures are the emulator's, not a real machine's; both tools run
in the same VM back to back, so their ratio is what is meaningful.

Each round runs cryptsetup over the ciphers and one cryptometer run of their
algorithms (about 15 s and 11 s under TCG), which goes first alternating from
round to round (benchlib.in_order). Printed: each side's median over the
rounds with its spread ((max-min)/median), and the median of the per-round
ratios (the two figures of a round lie seconds apart, so a host whose load
drifts weighs on both alike) with its spread. The VM has one CPU by default:
an AF_ALG request with these (synchronous) drivers runs in the calling
thread, so a second one adds nothing to measure, and on a busy 2-core host
(load 3-4) it made cryptometer's per-round spread 50-135% instead of 2-22%.

usage: bench/afalg_vs_cryptsetup.py [--binary build-static/cryptometer]
                                    [--cryptsetup /usr/sbin/cryptsetup]
                                    [--rounds 4] [--seconds 0.5] [--drivers] [--smp 1]
Exit codes: 0 the table was printed; 3 environment (no static binary, no
cryptsetup, the VM did not run or gave no output).
"""
import argparse
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchlib import ROOT, figure, in_order, spread

# (cryptsetup --cipher, --key-size in bits, cryptometer algorithm, cryptometer operations)
CIPHERS = [
    ("aes-cbc", 128, "aes-128-cbc", ("encrypt", "decrypt")),
    ("aes-cbc", 256, "aes-256-cbc", ("encrypt", "decrypt")),
    ("aes-xts", 256, "aes-128-xts", ("encrypt", "decrypt")),
    ("aes-xts", 512, "aes-256-xts", ("encrypt", "decrypt")),
    ("aes-ctr", 128, "aes-128-ctr", ("encrypt",)),
    ("aes-ctr", 256, "aes-256-ctr", ("encrypt",)),
]
SIZE = 65536                 # cryptsetup's AF_ALG request (CIPHER_BLOCK_BYTES)
BUFFER_MIB = 1               # cryptsetup's timed pass (benchmark_cipher_loop)
MIB_IN_MB = 2 ** 20 / 1e6    # 1 MiB/s = 1.048576 MB/s
# ecb, xts, ctr: the generic templates (--drivers); crypto_user: libkcapi asks it for sizes
MODULES = "crypto_user af_alg algif_skcipher aesni_intel ecb xts ctr"
COPY_PATH = r"^afalg:[^/.]+/"  # variants without ".splice" (driver names have no dot)
MARK = "@@cm-bench"

# cryptsetup's figure line: "    aes-cbc        128b        23.1 MiB/s        32.0 MiB/s"
_CS_ROW = re.compile(r"^\s*(\S+)\s+(\d+)b\s+([\d.]+) MiB/s\s+([\d.]+) MiB/s\s*$")
_CS_NA = re.compile(r"^\s*(\S+)\s+(\d+)b\s+N/A\s+N/A\s*$")


def parse_cryptsetup(text):
    """{(cipher, key bits): (encrypt MiB/s, decrypt MiB/s) or None for N/A} of the
    figure lines of `cryptsetup benchmark` output; comment lines (#) and error lines are
    skipped. A line that names a cipher and key size but has no readable figures raises
    ValueError."""
    got = {}
    for line in text.splitlines():
        if line.lstrip().startswith("#") or not line.strip():
            continue
        row, na = _CS_ROW.match(line), _CS_NA.match(line)
        if row:
            got[(row.group(1), int(row.group(2)))] = (float(row.group(3)), float(row.group(4)))
        elif na:
            got[(na.group(1), int(na.group(2)))] = None
        elif re.match(r"^\s*\S+-\S+\s+\d+b\s", line):
            raise ValueError(f"cryptsetup: unreadable figure line: {line.strip()!r}")
    return got


def shared_objects(program):
    """The files a dynamically linked program needs: itself, the libraries `ldd` lists
    and the dynamic loader, as absolute paths (copied to the same paths in the VM)."""
    out = subprocess.run(["ldd", program], capture_output=True, text=True, check=True).stdout
    return [program] + sorted(set(re.findall(r"(?:=> |^\s*)(/\S+)", out, re.M)))


def missing_tool(script, binary, cryptsetup):
    """True, having said so on stderr, when the static cryptometer or cryptsetup is missing
    (exit 3 in the scripts that run both in the VM)."""
    if not Path(binary).is_file():
        print(f"{script}: no static cryptometer at {binary}: build it with cmake -S . -B "
              "build-static -DCRYPTOMETER_STATIC=ON && cmake --build build-static", file=sys.stderr)
        return True
    if not Path(cryptsetup).is_file():
        print(f"{script}: no cryptsetup at {cryptsetup}: ./bootstrap.sh bench-tools installs it "
              "(Debian cryptsetup-bin)", file=sys.stderr)
        return True
    return False


def vm_script(cryptsetup, seconds, rounds, drivers):
    """The shell script run in the VM: per round, cryptsetup over CIPHERS and one
    cryptometer run of all their algorithms, which goes first alternating from round to
    round (benchlib.in_order); each output block after a MARK line."""
    filt = COPY_PATH if drivers else "^afalg:kernel/"
    algorithms = ",".join(alg for _, _, alg, _ in CIPHERS)
    cs = "\n".join(f"echo '{MARK} cs {c} {k}';"
                   f" {cryptsetup} benchmark --cipher {c} --key-size {k} 2>&1"
                   for c, k, _, _ in CIPHERS)
    cm = (f"/cryptometer run --backends afalg --algorithms {algorithms} --filter '{filt}'"
          f" --sizes {SIZE} --time {seconds} --quiet --json /tmp/r.json >/tmp/cm.err 2>&1;"
          f" echo '{MARK} cm-exit' $?; cat /tmp/cm.err;"
          f" echo '{MARK} cm-json'; cat /tmp/r.json 2>/dev/null; rm -f /tmp/r.json")
    lines = ["#!/bin/sh", "# written by bench/afalg_vs_cryptsetup.py"]
    for r in range(rounds):
        lines.append(f"echo '{MARK} round {r}'")
        lines += in_order(r, [cs, cm])
    return "\n".join(lines) + "\n"


def split_output(text):
    """[{"cs": {(cipher, key bits): cryptsetup's output}, "cm": [records] or why there
    are none}] per round, from the VM's stdout."""
    rounds, blocks = [], []
    for line in text.splitlines():
        if line.startswith(MARK):
            words = line[len(MARK):].split()
            if words[0] == "round":
                blocks = []
                rounds.append(blocks)
            blocks.append((words, []))
        elif blocks:
            blocks[-1][1].append(line)
    out = []
    for blocks in rounds:
        rnd = {"cs": {}, "cm": "cryptometer did not run"}
        said = ""
        for words, body in blocks:
            body = "\n".join(body)
            if words[0] == "cs":
                rnd["cs"][(words[1], int(words[2]))] = body
            elif words[0] == "cm-exit":
                said = f"cryptometer exit {words[1]}: {body.strip()[-300:]}"
            elif words[0] == "cm-json":
                try:
                    rnd["cm"] = json.loads(body)["results"]
                except (ValueError, KeyError) as e:
                    rnd["cm"] = f"no result document ({e}); {said}"
        out.append(rnd)
    return out


def cryptsetup_figure(text, cipher, key, op):
    """(MiB/s as printed, None) or (None, why there is none)."""
    try:
        got = parse_cryptsetup(text)
    except ValueError as e:
        return None, str(e)
    fig = got.get((cipher, key), "missing")
    if fig == "missing":
        said = [ln.strip() for ln in text.splitlines()
                if ln.strip() and not ln.lstrip().startswith("#")]
        return None, "N/A: " + ("; ".join(said) or "no figure line")
    if fig is None:
        return None, "N/A"
    return fig[0 if op == "encrypt" else 1], None


def collect(rounds):
    """({(cipher, key, op): {round: cryptsetup MiB/s}}, {(cipher, key, op, variant):
    {round: (cryptometer median MB/s, mean MB/s, served_by)}}, {(cipher, key, op) or
    (cipher, key, op, variant) or "cryptometer": why there is no figure}) of split_output()."""
    cs, cm, why = {}, {}, {}
    by_alg = {(alg, op): (c, k) for c, k, alg, ops in CIPHERS for op in ops}
    for r, rnd in enumerate(rounds):
        for (c, k), text in rnd["cs"].items():
            for op in ("encrypt", "decrypt"):
                value, no = cryptsetup_figure(text, c, k, op)
                if value is None:
                    why[(c, k, op)] = no
                else:
                    cs.setdefault((c, k, op), {})[r] = value
        if isinstance(rnd["cm"], str):
            why["cryptometer"] = rnd["cm"]
            continue
        for rec in rnd["cm"]:
            c, k = by_alg[(rec["algorithm"], rec["operation"])]
            key = (c, k, rec["operation"], rec["variant"])
            if rec["status"] == "ok":
                cm.setdefault(key, {})[r] = (figure(rec), figure(rec, "mean"),
                                             rec.get("served_by") or rec["variant"])
            else:
                why[key] = f"{rec['status']}: {rec.get('reason') or ''}".strip()
    return cs, cm, why


def with_spread(values, digits=1):
    """"median (spread%)" of per-round figures; the spread only with two or more."""
    m = statistics.median(values)
    return f"{m:.{digits}f}" + (f" ({spread(values) * 100:.0f}%)" if len(values) > 1 else "")


COLUMNS = ["cipher", "key", "op", "cs MiB/s", "cs MB/s", "cryptometer", "served by", "cm MB/s",
           "ratio", "corr", "mean"]


def rows_of(rounds):
    """[(cells of COLUMNS, note)]: one row per (cipher, key, op, cryptometer variant). Each
    side's median over the rounds (spread); the ratios are medians of the per-round ratios
    of the rounds where both sides have a figure. A side without a figure shows N/A or -
    and the note says why."""
    cs, cm, why = collect(rounds)
    variants = sorted({k[3] for k in list(cm) + list(why) if len(k) == 4},
                      key=lambda v: (v != "kernel", v))
    rows = []
    for c, k, alg, ops in CIPHERS:
        for op in ("encrypt", "decrypt"):
            mine = cs.get((c, k, op), {})
            left = [c, f"{k}b", op]
            if mine:
                left += [with_spread(list(mine.values())),
                         f"{statistics.median(mine.values()) * MIB_IN_MB:.1f}"]
            else:
                left += ["N/A", "-"]
            notes = [] if mine else [f"cryptsetup: {why.get((c, k, op), 'no output')}"]
            if op not in ops:
                rows.append((left + ["-"] * 6, "; ".join(
                    notes + [f"cryptometer has no {alg} {op} (CTR decryption is encryption)"])))
                continue
            found = [v for v in variants if (c, k, op, v) in cm or (c, k, op, v) in why]
            if not found:
                rows.append((left + ["-"] * 6, "; ".join(
                    notes + [why.get("cryptometer", "no cryptometer record")])))
            for v in found:
                theirs = cm.get((c, k, op, v), {})
                if not theirs:
                    rows.append((left + [v, "-", "-", "-", "-", "-"],
                                 "; ".join(notes + [why.get((c, k, op, v), "no record")])))
                    continue
                right = [v, next(iter(theirs.values()))[2],
                         with_spread([t[0] for t in theirs.values()])]
                both = [(mine[r] * MIB_IN_MB, theirs[r]) for r in theirs if r in mine]
                if both:
                    corr = statistics.median(t[0] / (m - BUFFER_MIB * MIB_IN_MB) for m, t in both)
                    right += [with_spread([t[0] / m for m, t in both], 2), f"{corr:.2f}",
                              with_spread([t[1] / m for m, t in both], 2)]
                else:
                    right += ["-", "-", "-"]
                rows.append((left + right, "; ".join(notes)))
    return rows


def table(rounds):
    """Print rows_of(rounds) in aligned columns, each row's note after it."""
    rows = rows_of(rounds)
    widths = [max(len(r[i]) for r in [COLUMNS] + [cells for cells, _ in rows])
              for i in range(len(COLUMNS))]
    for cells, note in [(COLUMNS, "")] + rows:
        print("  ".join(x.ljust(widths[j]) if j in (0, 1, 2, 5, 6) else x.rjust(widths[j])
                        for j, x in enumerate(cells)) + (f"  {note}" if note else ""))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default=str(ROOT / "build-static" / "cryptometer"),
                    help="static x86_64 cryptometer (build-static: -DCRYPTOMETER_STATIC=ON)")
    ap.add_argument("--cryptsetup", default=shutil.which("cryptsetup") or "/usr/sbin/cryptsetup")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=0.5, help="cryptometer's --time per benchmark")
    ap.add_argument("--drivers", action="store_true",
                    help="also every named driver (cbc-aes-aesni, cbc(aes-generic), ...)")
    ap.add_argument("--timeout", type=int, default=900, help="VM timeout in seconds")
    ap.add_argument("--smp", type=int, default=1, help="virtual CPUs of the VM (default 1)")
    a = ap.parse_args()
    if missing_tool("afalg_vs_cryptsetup", a.binary, a.cryptsetup):
        return 3
    version = subprocess.run([a.cryptsetup, "--version"], capture_output=True,
                             text=True).stdout.strip()
    with tempfile.TemporaryDirectory() as d:
        script = Path(d) / "bench.sh"
        script.write_text(vm_script(a.cryptsetup, a.seconds, a.rounds, a.drivers))
        files = [f"{a.binary}:/cryptometer", f"{script}:/bench.sh"]
        files += [f"{f}:{f}" for f in shared_objects(a.cryptsetup)]
        cmd = [str(ROOT / "tests" / "vm" / "run-in-vm.sh"), "--arch", "x86_64",
               "--modules", MODULES, "--timeout", str(a.timeout), "--smp", str(a.smp)]
        for f in files:
            cmd += ["--file", f]
        cmd += ["--", "sh", "/bench.sh"]
        print(f"{version} and {a.binary}, {a.rounds} round(s), cryptometer --time {a.seconds} s,"
              f" in one x86_64 VM ({a.smp} CPUs; modules: {MODULES})", flush=True)
        p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0 or MARK not in p.stdout:
        print(f"afalg_vs_cryptsetup: the VM did not run the benchmark (exit {p.returncode}):\n"
              + "\n".join(p.stderr.strip().splitlines()[-30:]), file=sys.stderr)
        return 3
    rounds = split_output(p.stdout)
    boot = [ln for ln in p.stderr.splitlines() if "VM ran for" in ln]
    print(f"{boot[-1].split(': ', 1)[-1] if boot else ''}; AF_ALG request {SIZE} B on both sides,"
          f" cryptsetup's pass {BUFFER_MIB} MiB")
    print("Emulated CPU (TCG): absolute figures are qemu's, not a machine's; both tools ran in"
          " the same VM, so the ratios are what is meaningful.")
    print("MB = 10^6 B; cryptsetup prints MiB/s (cs MB/s = x 1.048576). cryptsetup counts one 1 MiB"
          " buffer more than it timed (lib/crypto_backend/cipher_check.c: repeat_enc starts at 1).")
    print("ratio = cryptometer's median sample / cryptsetup as printed; corr = the same against"
          " cryptsetup less that buffer; mean = cryptometer's mean sample / cryptsetup as printed;"
          " each the median of the per-round ratios (spread).\n")
    table(rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
