"""The parts every importer shares: one record of another tool's figure, and the document around it.

The importers (sbc-bench logs, ``openssl speed``, ``cryptsetup benchmark``)
turn a figure that another tool printed into a schema-v2 record: no samples
and no statistics of ours, but ``source_figure`` (the value as printed, its
unit and the tool), ``repeats`` when the tool ran it more than once, and the
derived figures: for a per-byte figure (``unit`` "byte") MB/s, ns per byte,
operations per second and µs per message; for a per-operation figure
(``unit`` "op": signatures, key exchange) operations per second and µs per
operation, with the byte figures null.
"""

import re

from . import __version__

SCHEMA_NAME = "cryptometer-result"
SCHEMA_VERSION = 2


def record(backend, variant, algorithm, klass, operation, *, size, throughput_mb_s=None,
           ops_per_s=None, source_figure, threads=1, cluster=None, cpu=None, repeats=None,
           params=None):
    """One imported record; give ``throughput_mb_s`` with a size, or ``ops_per_s`` without one."""
    if size is not None:
        unit = "byte"
        ops_per_s = throughput_mb_s * 1e6 / size if throughput_mb_s else None
        ns_per_byte = 1000.0 / throughput_mb_s if throughput_mb_s else None
    else:
        unit, ns_per_byte = "op", None
    rec = {
        "name": "%s:%s/%s/%s" % (backend, variant, algorithm, operation),
        "backend": backend,
        "variant": variant,
        "algorithm": algorithm,
        "params": dict(params or {}),
        "class": klass,
        "operation": operation,
        "unit": unit,
        "size": size,
        "threads": threads,
        "cluster": cluster,
        "cpu": cpu,
        "status": "ok",
        "throughput_mb_s": None if throughput_mb_s is None else round(throughput_mb_s, 6),
        "ns_per_byte": None if ns_per_byte is None else round(ns_per_byte, 6),
        "ops_per_s": None if ops_per_s is None else round(ops_per_s, 3),
        "us_per_op": None if not ops_per_s else round(1e6 / ops_per_s, 6),
        "source_figure": source_figure,
    }
    if repeats:
        rec["repeats"] = list(repeats)
    return rec


def unavailable(backend, variant, algorithm, klass, operation, params, reason):
    """A record of a benchmark the other tool could not run, with the reason."""
    return {"name": "%s:%s/%s/%s" % (backend, variant, algorithm, operation), "backend": backend,
            "variant": variant, "algorithm": algorithm, "params": dict(params), "class": klass,
            "operation": operation, "unit": "byte", "size": None, "threads": 1, "status": "unavailable",
            "reason": reason}


def document(source, context, results, warnings, complete=True, analysis=None):
    """The document around imported records (schema version 2)."""
    doc = {
        "schema": SCHEMA_NAME,
        "schema_version": SCHEMA_VERSION,
        "tool": {"name": "cryptometer", "version": __version__},
        "complete": bool(complete),
        "source": source,
        "context": context,
        "results": results,
        "warnings": list(warnings),
    }
    if analysis is not None:
        doc["analysis"] = analysis
    return doc


# --------------------------------------------------------------------------
# openssl speed and cryptsetup benchmark
# --------------------------------------------------------------------------

# Class of an `openssl speed` algorithm by its name (the first pattern that matches).
OPENSSL_CLASSES = (
    (re.compile(r"^(hmac|cmac|gmac|poly1305$)"), "mac", "mac"),
    (re.compile(r"(gcm|ccm|ocb|siv|poly1305)"), "aead", "seal"),
    (re.compile(r"^(md[245]|sha|sm3|blake|ripemd|rmd|whirlpool|shake|keccak|mdc2)"), "hash", "digest"),
    (re.compile(r""), "cipher", "encrypt"),
)
ASYMMETRIC_CLASSES = {"ecdh": "kex", "ffdh": "kex"}  # any other kind is a signature
OPENSSL_VARIANT = "speed"  # the output does not say whether EVP or the low-level API ran


def openssl_algorithm(name):
    """``hmac(md5)`` -> ``hmac-md5``; names are lower-cased."""
    return re.sub(r"\((.*)\)", r"-\1", name.lower())


def from_openssl_speed(parsed, source):
    """A result document from an opensslspeed.SpeedOutput."""
    results = []
    figure_unit = "bytes/s" if parsed.machine_readable else "1000 bytes/s"
    for row in parsed.symmetric:
        algorithm = openssl_algorithm(row.algorithm)
        klass, operation = next((c, o) for pattern, c, o in OPENSSL_CLASSES if pattern.search(algorithm))
        for size, value in sorted(row.values.items()):
            printed = value if parsed.machine_readable else value / 1000.0
            results.append(record("openssl", OPENSSL_VARIANT, algorithm, klass, operation, size=size,
                                  throughput_mb_s=value / 1e6, threads=parsed.processes,
                                  source_figure={"value": round(printed, 6), "unit": figure_unit,
                                                 "tool": "openssl speed"}))
    for row in parsed.asymmetric:
        params = {"key_bits": row.bits}
        if row.curve:
            params["curve"] = row.curve
        for operation, rate in row.rates.items():
            results.append(record("openssl", OPENSSL_VARIANT, row.algorithm,
                                  ASYMMETRIC_CLASSES.get(row.kind, "signature"), operation, size=None,
                                  ops_per_s=rate, threads=parsed.processes, params=params,
                                  source_figure={"value": rate, "unit": "%s/s" % operation,
                                                 "tool": "openssl speed"}))
    libraries = [{"backend": "openssl", "available": True, "version": parsed.version}]
    source = dict(source, tool="openssl speed", processes=parsed.processes,
                  form="-mr" if parsed.machine_readable else "human")
    return document(source, {"host": {}, "libraries": libraries, "health": []}, results,
                    parsed.warnings, complete=bool(results))


def cryptsetup_algorithm(row):
    """aes, cbc, 128 -> ``aes-128-cbc``; an XTS key is two keys: aes, xts, 512 -> ``aes-256-xts``."""
    return "%s-%d-%s" % (row.cipher, row.key_bits // 2 if row.mode == "xts" else row.key_bits, row.mode)


def from_cryptsetup(parsed, source):
    """A result document from a cryptsetup.CryptsetupOutput (cipher rows are the kernel's, via AF_ALG)."""
    from .cryptsetup import BUFFER_BYTES
    results = []
    for row in parsed.ciphers:
        for operation, mib in (("encrypt", row.encrypt_mib_s), ("decrypt", row.decrypt_mib_s)):
            params = {"key_bits": row.key_bits}
            if mib is None:
                rec = unavailable("kernel", "cryptsetup", cryptsetup_algorithm(row), "cipher", operation,
                                  params, "cryptsetup benchmark printed N/A: the kernel crypto interface "
                                  "(AF_ALG) is missing or has no driver for this cipher")
            else:
                rec = record("kernel", "cryptsetup", cryptsetup_algorithm(row), "cipher", operation,
                             size=BUFFER_BYTES, throughput_mb_s=mib * 1.048576, params=params,
                             source_figure={"value": mib, "unit": "MiB/s", "tool": "cryptsetup benchmark"})
            results.append(rec)
    for row in parsed.pbkdf2:
        results.append(record("cryptsetup", "pbkdf2", "pbkdf2-%s" % row.hash, "kdf", "iterate", size=None,
                              ops_per_s=row.iterations_per_s, params={"key_bits": row.key_bits, "hash": row.hash},
                              source_figure={"value": row.iterations_per_s, "unit": "iterations/s",
                                             "tool": "cryptsetup benchmark"}))
    warnings = list(parsed.warnings)
    if parsed.kernel_interface_missing:
        warnings.append("cryptsetup says the kernel crypto interface is not available (no AF_ALG): "
                        "no cipher figure")
    return document(dict(source, tool="cryptsetup benchmark"),
                    {"host": {}, "libraries": [], "health": []}, results, warnings, complete=bool(results))
