"""The documents the report and plot tests read: the CI's default-suite results (tests/data/report)
and a chunk-size sweep measured by the build under test; and hostile strings planted in every
free-text field of a document (``plant_everywhere``)."""

import gzip
import json
import re
import subprocess

from analysis_helpers import ROOT, binary

DATA = ROOT / "tests" / "data" / "report"


def default_doc(n=1):
    """The n-th (1 or 2) default-suite result document, parsed."""
    return json.loads(gzip.decompress((DATA / ("default-suite-%d.json.gz" % n)).read_bytes()))


def sweep_document(directory):
    """A sweep of aes-128-cbc through ref:portable and openssl at three chunk sizes: its path."""
    out = directory / "sweep.json"
    subprocess.run([str(binary("CRYPTOMETER_BIN", "build/cryptometer")), "sweep", "--chunks", "16,1k,4k",
                    "--totals", "64k", "--backends", "ref:portable,openssl", "--algorithms", "aes-128-cbc",
                    "--json", str(out), "-q"], capture_output=True, timeout=300, cwd=directory)
    assert out.is_file(), "cryptometer sweep wrote no %s" % out
    return out


def hostile(field):
    """The hostile string planted in a field named ``field``: markup that would set
    window.__pwned if the page ran it, and an entity that must stay as written."""
    return "<img src=x onerror=\"window.__pwned='%s'\"><script>window.__pwned='%s'</script>&amp;" % (field, field)


def planted_fields(text):
    """The names of the fields whose hostile string ``text`` (a page's text) shows as written."""
    return set(re.findall(r"<img src=x onerror=\"window.__pwned='(\w+)'\">", text))


def plant_everywhere(doc, check=None, keep=("schema", "status", "kat", "flags")):
    """``doc`` with hostile(key) after the value of every string field (in lists too), but for the
    keys in ``keep`` and, given ``check`` (a jsonschema validator), the fields it then refuses
    (enums, patterns, lengths): every free-text field the format allows, and the document valid."""
    def plant(node, key):
        if isinstance(node, dict):
            return {k: plant(v, k) for k, v in node.items()}
        if isinstance(node, list):
            return [plant(v, key) for v in node]
        return node + hostile(key) if isinstance(node, str) and key not in keep else node
    planted = plant(doc, None)
    for _ in range(10):
        errors = list(check.iter_errors(planted)) if check else []
        if not errors:
            return planted
        for e in errors:                        # the original value where the schema refuses one
            *parent, leaf = e.absolute_path
            src, dst = doc, planted
            for step in parent:
                src, dst = src[step], dst[step]
            dst[leaf] = src[leaf]
    raise AssertionError("the planted document stays invalid: %s" % errors[0].message)
