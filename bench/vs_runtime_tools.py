#!/usr/bin/env python3
"""bench/vs_runtime_tools.py — cryptometer's runtime backends beside each runtime's own
way of timing the same operation at the same size, interleaved in rounds (the order
alternates), with the ratio of the medians (docs/runtimes.md "Checked against each
runtime's own tool"):

  go      `go test -bench` (runtimes/go/bench_test.go: AES-128-GCM seal, SHA-256 16 KiB,
          written as the standard library's benchmarks) beside go:stdlib;
  python  one call in a loop with time.perf_counter_ns (hashlib.sha256,
          cryptography's AESGCM.encrypt) in the server's own interpreter;
  node    one call in a loop with process.hrtime.bigint (node:crypto) after a warm-up;
  java    one call in a loop with System.nanoTime (the JCA's SunJCE and SUN: java:jca) after
          a warm-up, a single-file program run by the server's own java;
  rust    criterion (runtimes/rust/benches/ring_gcm.rs: ring's AES-128-GCM seal, 16 KiB,
          the call rust:ring makes) with `cargo bench`, its samples read from criterion's
          sample.json.

MB/s is 10^6 bytes per second on both sides. Prints every round and the ratios
(cryptometer / tool); a timing threshold is never asserted."""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchlib import DEFAULT_BINARY, ROOT, figure, in_order, one_record  # noqa: E402

SIZE = 16384
GO = {("aes-128-gcm", "seal"): "BenchmarkAESGCMSeal16K", ("sha256", "digest"): "BenchmarkSHA256Digest16K"}
PY = {("sha256", "digest"): ("hashlib", "import hashlib; f = lambda: hashlib.sha256(msg).digest()"),
      ("aes-128-gcm", "seal"): ("cryptography",
                               "from cryptography.hazmat.primitives.ciphers.aead import AESGCM\n"
                               "a = AESGCM(bytes(16)); nonce = bytes(12); aad = bytes(13)\n"
                               "f = lambda: a.encrypt(nonce, msg, aad)")}
# each loop tool: a warm-up, then 400 batches of 50 calls (about a millisecond each at
# 16 KiB, as cryptometer's samples, so that on a shared host some batches run undisturbed);
# prints the whole loop's MB/s (total bytes / total time, as such a loop is usually read)
# and its fastest batch's
PY_LOOP = """import time
msg = bytes({size})
{setup}
for _ in range(2000): f()
ts = []
for _ in range(400):
    t = time.perf_counter_ns()
    for _ in range(50): f()
    ts.append(time.perf_counter_ns() - t)
print({size} * 20000 * 1e3 / sum(ts), {size} * 50 * 1e3 / min(ts))
"""
NODE = {("sha256", "digest"): "const f = () => c.createHash('sha256').update(msg).digest();",
        ("aes-128-gcm", "seal"): "const k = Buffer.alloc(16), iv = Buffer.alloc(12), aad = Buffer.alloc(13);\n"
                                 "const f = () => { const e = c.createCipheriv('aes-128-gcm', k, iv); e.setAAD(aad);"
                                 " e.update(msg); e.final(); return e.getAuthTag(); };"}
NODE_LOOP = """const c = require('node:crypto'); const msg = Buffer.alloc({size});
{setup}
for (let i = 0; i < 20000; i++) f();
const ts = [];
for (let b = 0; b < 400; b++) {{
  const t = process.hrtime.bigint();
  for (let i = 0; i < 50; i++) f();
  ts.push(Number(process.hrtime.bigint() - t));
}}
console.log({size} * 20000 * 1e3 / ts.reduce((a, b) => a + b), {size} * 50 * 1e3 / Math.min(...ts));
"""
# the same loop in Java (a single-file program, `java Loop.java`): the seal counts its
# nonce up, as java:jca's does (the JDK refuses a key and nonce twice in a row)
JAVA = {("sha256", "digest"): "var md = java.security.MessageDigest.getInstance(\"SHA-256\");\n"
                              "Op f = () -> { md.update(msg); return md.digest()[0]; };",
        ("aes-128-gcm", "seal"): "var c = javax.crypto.Cipher.getInstance(\"AES/GCM/NoPadding\");\n"
                                 "var k = new javax.crypto.spec.SecretKeySpec(new byte[16], \"AES\");\n"
                                 "byte[] iv = new byte[12], aad = new byte[13], out = new byte[msg.length + 16];\n"
                                 "long[] n = {0};\n"
                                 "Op f = () -> { n[0]++; for (int i = 0; i < 8; i++) iv[4 + i] = (byte) (n[0] >>> (8 * i));\n"
                                 "  c.init(javax.crypto.Cipher.ENCRYPT_MODE, k, new javax.crypto.spec.GCMParameterSpec(128, iv));\n"
                                 "  c.updateAAD(aad); return c.doFinal(msg, 0, msg.length, out, 0); };"}
JAVA_LOOP = """public class Loop {{
  interface Op {{ int run() throws Exception; }}
  public static void main(String[] a) throws Exception {{
    byte[] msg = new byte[{size}];
    {setup}
    int sink = 0;
    for (int i = 0; i < 20000; i++) sink += f.run();
    long[] ts = new long[400];
    for (int b = 0; b < 400; b++) {{
      long t = System.nanoTime();
      for (int i = 0; i < 50; i++) sink += f.run();
      ts[b] = System.nanoTime() - t;
    }}
    long sum = 0, min = Long.MAX_VALUE;
    for (long t : ts) {{ sum += t; min = Math.min(min, t); }}
    System.out.println({size} * 20000 * 1e3 / sum + " " + {size} * 50 * 1e3 / min + (sink == 42 ? " " : ""));
  }}
}}
"""


def server_command(build, name):
    """The interpreter line of a wrapper server (cryptometer-python, cryptometer-node)."""
    text = (build / f"cryptometer-{name}").read_text()
    return re.search(r"exec '?\"?([^'\" ]+)", text.splitlines()[-1]).group(1)


def go_tool(bench):
    env = dict(os.environ, GOFLAGS="-mod=readonly",
               GOCACHE=str(Path.home() / ".cache/cryptometer-deps/go/build"),
               GOMODCACHE=str(Path.home() / ".cache/cryptometer-deps/go/mod"))
    go = "go" if subprocess.run(["sh", "-c", "command -v go"], capture_output=True).returncode == 0 \
        else "/usr/local/go/bin/go"
    # 100 calls a run (about a millisecond, as a cryptometer sample), 40 runs: the median
    # run and the fastest
    p = subprocess.run([go, "test", "-run", "^$", "-bench", f"^{bench}$", "-benchtime", "100x",
                        "-count", "40"],
                       cwd=ROOT / "runtimes/go", env=env, capture_output=True, text=True, check=True)
    mbs = [float(x) for x in re.findall(r"([\d.]+) MB/s", p.stdout)]
    return statistics.median(mbs), max(mbs)


def java_tool(java, program):
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "Loop.java").write_text(program)
        p = subprocess.run([java, str(Path(tmp) / "Loop.java")], capture_output=True, text=True, check=True)
    whole, best = p.stdout.split()[-2:]
    return float(whole), float(best)


def criterion_tool(bench, name):
    """criterion's samples of runtimes/rust's bench (per-iteration ns, as MB/s): the median
    sample and the fastest; built and run with the server's caches."""
    cache = Path(os.environ.get("CRYPTOMETER_DEPS_CACHE", Path.home() / ".cache/cryptometer-deps")) / "rust"
    env = dict(os.environ, CARGO_HOME=str(cache / "cargo"), CARGO_TARGET_DIR=str(cache / "target"))
    cargo = shutil.which("cargo") or str(Path.home() / ".cargo/bin/cargo")
    subprocess.run([cargo, "bench", "--locked", "--quiet", "--bench", bench, "--", "--warm-up-time", "1",
                    "--measurement-time", "3", "--noplot"],
                   cwd=ROOT / "runtimes/rust", env=env, capture_output=True, text=True, check=True)
    doc = json.loads((cache / "target/criterion" / name / "new/sample.json").read_text())
    mbs = [SIZE * i * 1e3 / t for i, t in zip(doc["iters"], doc["times"])]
    return statistics.median(mbs), max(mbs)


def loop_tool(interpreter, program):
    p = subprocess.run([interpreter, "-c" if interpreter.endswith(("python", "python3")) else "-e", program],
                       capture_output=True, text=True, check=True)
    whole, best = p.stdout.split()[-2:]
    return float(whole), float(best)


def pairs(build):
    """(implementation, algorithm, operation, tool name, tool function) to compare."""
    out = []
    for (alg, op), bench in GO.items():
        out.append(("go:stdlib", alg, op, f"go test -bench {bench}", lambda b=bench: go_tool(b)))
    if (build / "cryptometer-python").exists():
        py = server_command(build, "python")
        for (alg, op), (variant, setup) in PY.items():
            prog = PY_LOOP.format(size=SIZE, setup=setup)
            out.append((f"python:{variant}", alg, op, "python loop", lambda p=prog: loop_tool(py, p)))
    if (build / "cryptometer-node").exists():
        node = server_command(build, "node")
        for (alg, op), setup in NODE.items():
            prog = NODE_LOOP.format(size=SIZE, setup=setup)
            out.append(("node:crypto", alg, op, "node loop", lambda p=prog: loop_tool(node, p)))
    if (build / "cryptometer-java").exists():
        java = server_command(build, "java")
        for (alg, op), setup in JAVA.items():
            prog = JAVA_LOOP.format(size=SIZE, setup=setup)
            out.append(("java:jca", alg, op, "java loop", lambda p=prog: java_tool(java, p)))
    if (build / "cryptometer-rust").exists():
        out.append(("rust:ring", "aes-128-gcm", "seal", "criterion (cargo bench)",
                    lambda: criterion_tool("ring_gcm", "ring/aes-128-gcm-seal-16k")))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default=DEFAULT_BINARY)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--only", help="only these implementations (comma-separated)")
    args = ap.parse_args()
    build = Path(args.binary).resolve().parent
    todo = [p for p in pairs(build) if not args.only or p[0] in args.only.split(",")]
    summary = []
    with tempfile.TemporaryDirectory() as tmp:
        for impl, alg, op, tool, measure in todo:
            ours, theirs = [], []
            print(f"{impl}/{alg}/{op} at {SIZE} bytes, MB/s per round, median (best) "
                  f"(cryptometer | {tool}):")
            for r in range(args.rounds):
                row = {}
                for side in in_order(r, ["cm", "tool"]):
                    if side == "cm":
                        rec, why = one_record(args.binary, impl, alg, op, SIZE, args.seconds, None,
                                              Path(tmp) / "r.json")
                        row[side] = (figure(rec), figure(rec, "min")) if rec else None
                        if rec:
                            ours.append(row[side])
                    else:
                        row[side] = measure()
                        theirs.append(row[side])
                cm = f"{row['cm'][0]:.1f} ({row['cm'][1]:.1f})" if row["cm"] else f"failed: {why}"
                print(f"  round {r + 1}: {cm:>20} | {row['tool'][0]:.1f} ({row['tool'][1]:.1f})")
            if ours and theirs:
                mo, mt = (statistics.median(x[0] for x in v) for v in (ours, theirs))
                bo, bt = (max(x[1] for x in v) for v in (ours, theirs))
                summary.append(f"{impl}/{alg}/{op} vs {tool}: median {mo:.1f} / {mt:.1f} MB/s = "
                               f"{mo / mt:.3f}; best {bo:.1f} / {bt:.1f} = {bo / bt:.3f}")
    print("\nratios (cryptometer / the runtime's own timing): the medians of the rounds "
          "(cryptometer's median sample; the tool's whole loop) and the best (fastest sample "
          "or batch) of all rounds:")
    for line in summary:
        print("  " + line)


if __name__ == "__main__":
    main()
