"""The documents the report and plot tests read: the CI's default-suite results (tests/data/report)
and a chunk-size sweep measured by the build under test."""

import gzip
import json
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
