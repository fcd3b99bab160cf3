"""server.py — cryptometer's Python runtime server (docs/runtimes.md): the
runtime child protocol on standard input and output, one JSON object a line
each way (the messages: runtimes/go/main.go). Run by the cryptometer-python
wrapper with the virtual environment CMake made from requirements.txt."""
import gc
import json
import os
import platform
import ssl
import sys
import time
from pathlib import Path

import cryptography
from cryptography.hazmat.backends.openssl import backend as pyca_backend

from algs import Aead, Failure, Hash, Mac
from cipher import Cipher
from pubkey import Kex, Signer
from rsa import Pke, RsaSigner

HERE = Path(__file__).resolve().parent
ROWS = json.loads((HERE / "rows.json").read_text())
CLASS = {"aes-128-gcm": Aead, "aes-256-gcm": Aead, "chacha20-poly1305": Aead,
         "hmac-sha256": Mac, "ed25519": Signer, "ecdsa-p256-sha256": Signer,
         "x25519": Kex, "ecdh-p256": Kex, "aes-128-cbc": Cipher, "aes-256-cbc": Cipher,
         "aes-128-ctr": Cipher, "aes-256-ctr": Cipher, "rsa-2048-pss-sha256": RsaSigner,
         "rsa-2048-oaep-sha256": Pke}
HEX = ("key", "nonce", "aad", "msg", "tag", "peer", "iv", "label")  # iv: null continues a stream


def hello():
    return {"ok": True, "type": "hello", "backend": "python", "version": platform.python_version(),
            "impls": [dict(r, available=True) for r in ROWS],
            "details": {"runtime": "python", "runtime_version": sys.version,
                        "implementation": platform.python_implementation(),
                        "hashlib_openssl": ssl.OPENSSL_VERSION,
                        "cryptography": cryptography.__version__,
                        "cryptography_openssl": pyca_backend.openssl_version_text(),
                        "executable": sys.executable}}


class GcWatch:
    """Collections of the cyclic collector that ended, and their pause time."""

    def __init__(self):
        self.count = self.pause_ns = 0
        self.start = 0
        gc.callbacks.append(self.callback)

    def callback(self, phase, info):
        if phase == "start":
            self.start = time.perf_counter_ns()
        else:
            self.count += 1
            self.pause_ns += time.perf_counter_ns() - self.start


def nothing():
    return None


class Server:
    def __init__(self):
        self.objects, self.next = {}, 1
        self.benches = {}
        self.gc = GcWatch()

    def create(self, r):
        kind = CLASS.get(r["algorithm"], Hash)
        self.objects[self.next] = kind(r["algorithm"], r.get("variant", ""), r.get("key", b""))
        self.next += 1
        return {"h": self.next - 1}

    def bench(self, r):
        key = (r["algorithm"], r.get("variant", ""), r["operation"], r["size"])
        if key not in self.benches:
            obj = CLASS.get(key[0], Hash)(key[0], key[1], os.urandom(16 if key[0].startswith("aes-128-") else 32))
            self.benches[key] = obj.bench(key[2], key[3])
        fn = nothing if r.get("overhead") else self.benches[key]
        n, g0, p0 = range(r["iters"]), self.gc.count, self.gc.pause_ns
        c0, t0 = os.times(), time.process_time_ns()
        w0 = time.perf_counter_ns()
        for _ in n:
            fn()
        wall = time.perf_counter_ns() - w0
        cpu, c1 = time.process_time_ns() - t0, os.times()
        return {"wall_ns": wall, "cpu_ns": cpu, "user_ns": int((c1.user - c0.user) * 1e9),
                "sys_ns": int((c1.system - c0.system) * 1e9), "gc": self.gc.count - g0,
                "gc_pause_ns": self.gc.pause_ns - p0}

    def serve(self, r):
        op = r.get("op")
        if op == "hello":
            return hello()
        for k in HEX:
            if r.get(k) is not None:
                r[k] = bytes.fromhex(r[k])
        if op == "create":
            return self.create(r)
        if op == "bench":
            return self.bench(r)
        if op == "destroy":
            self.objects.pop(r.get("h"), None)
            return {}
        obj = self.objects.get(r.get("h"))
        if obj is None:
            raise Failure("invalid", f"no object {r.get('h')}")
        return obj.call(op, r)


def main():
    server = Server()
    for line in sys.stdin:
        try:
            reply = server.serve(json.loads(line))
            reply.setdefault("ok", True)
        except Failure as f:
            reply = {"ok": False, "err": f.kind, "why": str(f)}
        except (KeyError, ValueError, TypeError) as e:
            reply = {"ok": False, "err": "invalid", "why": f"{type(e).__name__}: {e}"}
        except Exception as e:  # noqa: BLE001 (one reply per request, whatever the library raised)
            reply = {"ok": False, "err": "library", "why": f"{type(e).__name__}: {e}"}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
