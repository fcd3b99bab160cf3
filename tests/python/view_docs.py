"""Synthetic result documents for the view tests (generations, choices): built record by record
from samples drawn with a fixed seed, with the statistics computed from them, and checked against
docs/result.schema.json by the loader when a test writes and loads them.

``generations_doc`` holds three OpenSSL generations (the system's ``openssl``, ``openssl-1.1.1``
and ``openssl-3.5``), where 1.1.1 is SLOW_111 times as fast on short AEAD seals and otherwise the
same distribution; ``choice_doc`` the classical and post-quantum key-exchange and signature rows.
"""

import json

import numpy as np

SEED = 7


def stats_of(samples):
    a = np.asarray(samples, dtype=float)
    median = float(np.median(a))
    lo, hi = float(np.percentile(a, 40)), float(np.percentile(a, 60))
    return {"n": len(a), "median_ns": median, "min_ns": float(a.min()), "max_ns": float(a.max()),
            "mean_ns": float(a.mean()), "stddev_ns": float(a.std()),
            "mad_ns": float(np.median(np.abs(a - median))), "ci95_low_ns": lo, "ci95_high_ns": hi,
            "ci95_rel": max(median - lo, hi - median) / median, "cv": float(a.std() / a.mean()), "outliers": []}


def record(backend, algorithm, klass, operation, median_ns, rng, size=None, variant="evp", params=None,
           status="ok", reason=None, n=30):
    unit = "op" if size is None else "byte"
    r = {"name": "%s:%s/%s/%s" % (backend, variant, algorithm, operation), "backend": backend,
         "variant": variant, "algorithm": algorithm, "class": klass, "operation": operation, "unit": unit,
         "size": size, "threads": 1, "params": dict(params or {}), "status": status}
    if status != "ok":
        r["reason"] = reason
        return r
    samples = list(median_ns * (1 + 0.01 * rng.standard_normal(n)))
    st = stats_of(samples)
    r.update(samples_ns=samples, stats=st, us_per_op=st["median_ns"] / 1000.0,
             ops_per_s=1e9 / st["median_ns"], cycles_per_op=None, kat=None,
             cpu_time_ns_per_op={"total": st["median_ns"], "user": None, "system": None})
    if unit == "byte":
        r.update(throughput_mb_s=size * 1000.0 / st["median_ns"], ns_per_byte=st["median_ns"] / size,
                 cycles_per_byte=None)
    return r


def document(results, libraries):
    return {"schema": "cryptometer-result", "schema_version": 2,
            "tool": {"name": "cryptometer", "version": "0.0-test"}, "command": ["cryptometer", "run"],
            "complete": True,
            "context": {"host": {"hostname": "testhost"}, "libraries": libraries}, "results": results}


LIBRARIES = [
    {"backend": "openssl", "available": True, "version": "OpenSSL 3.0.15 3 Sep 2024", "description": "system"},
    {"backend": "openssl-1.1.1", "available": True, "version": "OpenSSL 1.1.1w 11 Sep 2023", "description": "prefix"},
    {"backend": "openssl-3.5", "available": True, "version": "OpenSSL 3.5.1 1 Jul 2025", "description": "prefix"},
]
SLOW_111 = 2.0   # 3.0 takes this many times 1.1.1's time on a 16-byte AES-GCM seal


def generations_doc():
    rng = np.random.default_rng(SEED)
    out = []
    for backend in ("openssl", "openssl-1.1.1", "openssl-3.5"):
        for size in (16, 1024):
            base = 100.0 + size
            faster = backend == "openssl-1.1.1" and size == 16
            out.append(record(backend, "aes-128-gcm", "aead", "seal", base / SLOW_111 if faster else base, rng,
                              size=size, params={"key_bits": 128, "aad_bytes": 13}))
            out.append(record(backend, "sha256", "hash", "digest", base, rng, size=size))
        out.append(record(backend, "rsa-2048-pss-sha256", "signature", "sign", 500000.0, rng,
                          params={"key_bits": 2048}))
    # 3.5 failed its vectors on HMAC; 1.1.1 lacks an algorithm (a record without a size)
    out.append(record("openssl", "hmac-sha256", "mac", "mac", 300.0, rng, size=64))
    out.append(record("openssl-1.1.1", "hmac-sha256", "mac", "mac", 280.0, rng, size=64))
    out.append(record("openssl-3.5", "hmac-sha256", "mac", "mac", 0, rng, size=64, status="failed-kat",
                      reason="vector 3: tag differs"))
    for backend, status, reason in (("openssl", "ok", None), ("openssl-3.5", "ok", None),
                                    ("openssl-1.1.1", "unavailable", "OpenSSL 1.1.1 has no SHA-3 in this build")):
        if status == "ok":
            for size in (16, 1024):
                out.append(record(backend, "sha3-256", "hash", "digest", 400.0 + size, rng, size=size))
        else:
            out.append(record(backend, "sha3-256", "hash", "digest", 0, rng, status=status, reason=reason,
                              size=None))
            out[-1]["unit"] = "byte"
    # another backend: not a generation
    out.append(record("ref", "sha256", "hash", "digest", 900.0, rng, size=16, variant="portable"))
    return document(out, LIBRARIES + [{"backend": "ref", "available": True, "version": "1"}])


def choice_doc():
    rng = np.random.default_rng(SEED)
    out = []
    kex = {"x25519": ("kex", ("keygen", "derive"), {}),
           "ecdh-p256": ("kex", ("keygen", "derive"), {"encoding": "uncompressed"}),
           "ml-kem-768": ("kem", ("keygen", "encapsulate", "decapsulate"),
                          {"public_key_bytes": 1184, "ciphertext_bytes": 1088}),
           "x25519mlkem768": ("kem", ("keygen", "encapsulate", "decapsulate"), {})}
    sig = {"ed25519": {}, "ecdsa-p256-sha256": {"encoding": "der"}, "rsa-2048-pss-sha256": {},
           "ml-dsa-44": {"public_key_bytes": 1312, "signature_bytes": 2420},
           "ml-dsa-65": {"public_key_bytes": "1952", "signature_bytes": "3309"}}
    for algorithm, (klass, ops, params) in kex.items():
        for op in ops:
            out.append(record("openssl", algorithm, klass, op, 50000.0, rng, params=params))
    for algorithm, params in sig.items():
        for op in ("keygen", "sign", "verify"):
            out.append(record("openssl", algorithm, "signature", op, 80000.0, rng, params=params))
    out.append(record("libsodium", "x25519", "kex", "keygen", 40000.0, rng, variant="default"))
    out.append(record("libsodium", "x25519", "kex", "derive", 0, rng, variant="default", status="crashed",
                      reason="signal 11 (SIGSEGV) in derive"))
    out.append(record("botan", "ml-kem-768", "kem", "keygen", 30000.0, rng, variant="default",
                      params=kex["ml-kem-768"][2]))
    return document(out, LIBRARIES[:1])


def write(path, doc):
    path.write_text(json.dumps(doc))
    return path
