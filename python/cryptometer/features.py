"""CPU crypto features in a flag list: which are present and what each accelerates.

The features and their descriptions are data/cpu_features.json (one list per
architecture: x86, aarch64, arm), the table the C core's detection uses too.
An imported log gives only the flag list (lscpu ``Flags:`` or /proc/cpuinfo
``Features``/``flags``); this module turns it into the result document's
``features`` entries ``{name, present, source, accelerates}``.

RISC-V has no flag list in lscpu and no list in the data table yet; for it the
ISA string (``rv64imafdc_zba_zbb``) is read against RISCV_FALLBACK, the scalar
and vector crypto extensions, until data/cpu_features.json gains a "riscv" list.
"""

import re

from . import data

TABLE_NAME = "cpu_features.json"

RISCV_FALLBACK = (
    {"name": "zkne", "accelerates": "AES encryption rounds (scalar crypto)"},
    {"name": "zknd", "accelerates": "AES decryption rounds (scalar crypto)"},
    {"name": "zknh", "accelerates": "SHA-256 and SHA-512 sigma functions (scalar crypto)"},
    {"name": "zbkc", "accelerates": "carry-less multiply (scalar crypto): GHASH"},
    {"name": "zvkned", "accelerates": "AES rounds on vectors"},
    {"name": "zvkg", "accelerates": "GHASH on vectors (AES-GCM)"},
    {"name": "zvknha", "accelerates": "SHA-256 rounds on vectors"},
    {"name": "zvknhb", "accelerates": "SHA-256 and SHA-512 rounds on vectors"},
)


def arch_list_name(arch):
    """The data table's list for an architecture name: x86, aarch64, arm, riscv, or None."""
    if not arch:
        return None
    a = arch.lower()
    if a in ("aarch64", "arm64") or a.startswith("aarch64"):
        return "aarch64"
    if a.startswith("arm"):
        return "arm"
    if a in ("x86_64", "amd64", "i386", "i486", "i586", "i686", "x86"):
        return "x86"
    if a.startswith("riscv"):
        return "riscv"
    return None


def load_table():
    """data/cpu_features.json, or None when it cannot be read (the caller says so)."""
    try:
        return data.load_json(TABLE_NAME)
    except data.DataError:
        return None


def riscv_extensions(isa_string):
    """The multi-letter extension names (z*, s*, x*) of a RISC-V ISA string, lower case."""
    s = isa_string.lower()
    parts = s.split("_")
    names = {m.group(1) for m in (re.match(r"^([a-z]+)", p) for p in parts[1:]) if m}
    names.update(m.group(1) for m in re.finditer(r"(z[a-z]+)\d*(?:p\d+)?", parts[0]))
    return names


def crypto_features(arch, flags, isa_string=None, table=None, source="lscpu"):
    """Return [{name, present, source, accelerates}] for ``arch``, in the table's order.

    ``flags`` is the flag list as printed; ``table`` the parsed
    data/cpu_features.json (None: nothing to describe, empty list).  Empty
    when the architecture is unknown or nothing was read.
    """
    which = arch_list_name(arch)
    if which == "riscv":
        if not isa_string:
            return []
        entries = (table or {}).get("riscv") or RISCV_FALLBACK
        present = riscv_extensions(isa_string)
        return [{"name": e["name"], "present": e["name"] in present, "source": "isa-string",
                 "accelerates": e["accelerates"]} for e in entries]
    if which is None or not flags or not table or not table.get(which):
        return []
    present = set(flags)
    return [{"name": e["name"], "present": e["name"] in present, "source": source,
             "accelerates": e["accelerates"]} for e in table[which]]
