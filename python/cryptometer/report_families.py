"""The report's operation families: which section of the page a measured record belongs to.

One table, in the order the tests are tried (PAGE_ORDER is the page's).  A
record goes to the first family whose test it passes; the tests read record fields (class, backend, threads, chunk), and
post-quantum signatures are told from classical ones by the FIPS 204/205
name prefix of their algorithm (docs/post-quantum.md lists the rows).
Families without records on a page are left out of it and of its table of
contents; the context sections (probes and bounds, detection, context and
health) are drawn from the document's context, not from records.
"""

import re
from collections import OrderedDict

PQ_SIGNATURE = re.compile(r"^(ml-dsa|slh-dsa|falcon|fn-dsa)-")

# (id, title, what the table's figure means, test of a record)
FAMILIES = (
    ("threads", "Threads", "aggregate figure of N pinned copies",
     lambda r: r.get("threads", 1) > 1),
    ("files", "Files and chunk sizes", "throughput and CPU time per chunk size",
     lambda r: r.get("chunk") is not None),
    ("kernel", "Kernel paths", "the kernel's crypto API (AF_ALG)",
     lambda r: r["backend"] == "afalg"),
    ("block", "Block ciphers", "MB/s by message size",
     lambda r: r.get("class") == "cipher"),
    ("aead", "AEAD", "MB/s by message size",
     lambda r: r.get("class") == "aead"),
    ("hash", "Hashes and MACs", "MB/s by message size",
     lambda r: r.get("class") in ("hash", "mac")),
    ("pq", "Post-quantum", "operations per second",
     lambda r: r.get("class") == "kem" or (r.get("class") == "signature" and PQ_SIGNATURE.match(r["algorithm"]))),
    ("pk", "Public key", "operations per second",
     lambda r: r.get("class") in ("signature", "kex", "pke")),
    ("bignum", "Bignum", "operations per second",
     lambda r: r.get("class") == "bignum"),
    ("rng", "RNG", "MB/s by request size",
     lambda r: r.get("class") == "rng"),
    ("other", "Other operations", "figure per record", lambda r: True),
)
PAGE_ORDER = ("block", "aead", "hash", "pk", "pq", "bignum", "rng", "kernel", "files", "threads", "other")
TITLES = OrderedDict((f[0], f[1]) for f in FAMILIES)
CONTEXT_SECTIONS = (("probes", "Probes and bounds"), ("detection", "Detection"), ("context", "Context and health"))


def family(record):
    """The id of the family ``record`` belongs to."""
    for fid, _, _, test in FAMILIES:
        if test(record):
            return fid
    return "other"


def split(records):
    """OrderedDict {family id: [records]} in page order, only the families that have records."""
    out = OrderedDict((fid, []) for fid in PAGE_ORDER)
    for r in records:
        out[family(r)].append(r)
    return OrderedDict((k, v) for k, v in out.items() if v)


def about(fid):
    """What a family's figure means (the sentence under its heading)."""
    return next(f[2] for f in FAMILIES if f[0] == fid)
