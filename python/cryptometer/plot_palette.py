"""The one colour and marker of each library, on every plot and page (the report's legend too).

A fixed palette (Okabe–Ito's colour-blind-safe colours, their pale yellow
swapped for a brown that reads on white, then Paul Tol's 'muted' and 'light'
eight each) and a fixed table of the libraries cryptometer ships
backends and runtimes for: a library keeps its colour and marker in every
run, on every machine, whatever else the run holds.  A library outside the
table (an imported tool's name, a new backend) gets a slot from a stable hash
of its name (SHA-256, not Python's salted ``hash``), so it too is the same in
every run.  The colour follows the library (the backend, the part before
``:``); the marker follows the variant, so two variants of one library are
one colour with two markers: cryptometer's own variants (VARIANTS: portable
code and each SIMD path) a marker each, any other variant one from a stable
hash.

``highlight`` picks the series a chart colours (at most MAX_HIGHLIGHT: those
it must keep, then the best); the others are drawn in OTHER (grey) and named
on hover.
"""

import hashlib

PALETTE = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#994F00", "#000000",
           "#332288", "#88CCEE", "#44AA99", "#117733", "#999933", "#DDCC77", "#CC6677", "#882255",
           "#EE8866", "#77AADD", "#AAAA00", "#BBCC33", "#EEDD88", "#FFAABB", "#99DDFF", "#44BB99")
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "<", ">", "*")
OTHER = "#b8b8b8"
MAX_HIGHLIGHT = 8

# library (backend) -> palette slot: fixed, so the mapping never depends on which libraries a run has
LIBRARIES = ("openssl", "ref", "libsodium", "wolfssl", "mbedtls", "botan", "libgcrypt", "system",
             "openssl-3.5", "nettle", "afalg", "gnutls", "cryptopp", "libtomcrypt-ltm", "libtomcrypt-gmp",
             "openssl-1.1.1", "go", "java", "gmp", "libtommath", "node", "python", "rust", "cryptsetup")
LIBRARY_SLOTS = {name: i for i, name in enumerate(LIBRARIES)}
# variant -> marker slot: our own code's paths, so portable and each SIMD path never share a marker
VARIANTS = ("portable", "aesni", "vaes256", "vaes512", "avx2", "shani", "neon", "armce", "rdrand", "rdseed")
VARIANT_SLOTS = {name: i for i, name in enumerate(VARIANTS)}


def _stable_index(text, modulo):
    return int.from_bytes(hashlib.sha256(text.encode("utf-8", "replace")).digest()[:4], "big") % modulo


def library(series):
    """The library of a series name ``backend:variant`` (or ``… · backend:variant``: the
    implementation comes last in every label the plots make)."""
    name = str(series).rsplit(" · ", 1)[-1]
    return name.split(":", 1)[0].split(" ", 1)[0]


def colour(series):
    """The fixed colour of the library of ``series``."""
    lib = library(series)
    slot = LIBRARY_SLOTS.get(lib)
    return PALETTE[slot if slot is not None else _stable_index(lib, len(PALETTE))]


def marker(series):
    """The marker of the variant of ``series`` (VARIANTS' own, else from a stable hash of the variant)."""
    name = str(series).rsplit(" · ", 1)[-1]
    variant = name.split(":", 1)[1] if ":" in name else ""
    slot = VARIANT_SLOTS.get(variant)
    return MARKERS[slot if slot is not None else _stable_index(variant, len(MARKERS))]


def style(series, highlighted=True):
    """matplotlib keyword arguments for a line or marker of ``series``."""
    if not highlighted:
        return {"color": OTHER, "marker": ".", "alpha": 0.7, "zorder": 1}
    return {"color": colour(series), "marker": marker(series), "zorder": 2}


def highlight(scores, keep=()):
    """The series to colour ({series: score}): those of ``keep`` that are there (up to
    MAX_HIGHLIGHT), then the highest scores up to MAX_HIGHLIGHT in all."""
    ranked = sorted(scores, key=lambda s: (s not in keep, -scores[s], str(s)))
    return set(ranked[:MAX_HIGHLIGHT])
