#!/usr/bin/env python3
"""bench/vs_openssl_speed.py — cryptometer's openssl backend side by side
with `openssl speed -evp` in one run, on the same machine, printing the
ratio per algorithm and size. A benchmark, not a test: it asserts nothing.

What differs by design (docs/methodology.md): `openssl speed` feeds one
long stream through EVP_*Update without a new IV per message for CBC/CTR,
and re-keys GCM per message; cryptometer starts each message from a fresh
IV (and nonce, with 13 bytes of AAD for AEADs) on a key scheduled once. So
small sizes differ most; at 16 KiB the ratio should be close to 1.

usage: bench/vs_openssl_speed.py [--binary build/cryptometer] [--seconds 1]
"""
import argparse
import json
import re
import subprocess
import tempfile
from pathlib import Path

ALGORITHMS = {  # ours -> openssl speed's -evp name
    "aes-128-cbc": "aes-128-cbc",
    "aes-256-cbc": "aes-256-cbc",
    "aes-128-gcm": "aes-128-gcm",
    "sha256": "sha256",
    "chacha20-poly1305": "chacha20-poly1305",
}
SIZES = [16, 64, 256, 1024, 8192, 16384]


def openssl_speed(evp, seconds):
    """MB/s per size from `openssl speed -elapsed -evp NAME` (k = 1000 bytes/s)."""
    out = subprocess.run(["openssl", "speed", "-elapsed", "-seconds", str(seconds), "-evp", evp],
                         capture_output=True, text=True, check=True).stdout
    row = [line for line in out.splitlines() if re.match(r"^\S.*\s[\d.]+k(\s|$)", line)][-1]
    values = re.findall(r"([\d.]+)k", row)
    return {size: float(v) * 1000 / 1e6 for size, v in zip(SIZES, values)}


def cryptometer(binary, seconds):
    with tempfile.TemporaryDirectory() as d:
        out = Path(d) / "r.json"
        subprocess.run([binary, "run", "--backends", "openssl", "--algorithms",
                        ",".join(ALGORITHMS), "--time", str(seconds / 4), "--quiet", "--json",
                        str(out)], check=True)
        doc = json.loads(out.read_text())
    first_op = {}
    for r in doc["results"]:
        first_op.setdefault(r["algorithm"], r["operation"])
    return {(r["algorithm"], r["size"]): r["throughput_mb_s"] for r in doc["results"]
            if r["status"] == "ok" and r["operation"] == first_op[r["algorithm"]]}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default=str(Path(__file__).resolve().parents[1] / "build" / "cryptometer"))
    ap.add_argument("--seconds", type=float, default=1)
    args = ap.parse_args()
    ours = cryptometer(args.binary, args.seconds)
    print(f"{'algorithm':<20}{'size':>7}{'openssl speed':>15}{'cryptometer':>13}{'ratio':>8}")
    for alg, evp in ALGORITHMS.items():
        theirs = openssl_speed(evp, max(1, round(args.seconds)))
        for size in SIZES:
            a, b = theirs.get(size), ours.get((alg, size))
            ratio = f"{b / a:8.2f}" if a and b else "       ?"
            print(f"{alg:<20}{size:>7}{a or 0:>15.1f}{b or 0:>13.1f}{ratio}")


if __name__ == "__main__":
    main()
