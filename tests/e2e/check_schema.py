#!/usr/bin/env python3
"""Schema conformance of a real run, as a CTest test: runs the cryptometer
binary given as argument on a small selection, then validates the JSON it
wrote against docs/result.schema.json. Exit 0 when valid."""
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import jsonschema

ROOT = Path(__file__).resolve().parents[2]


def main(binary):
    schema = json.loads((ROOT / "docs" / "result.schema.json").read_text())
    with tempfile.TemporaryDirectory() as d:
        out = Path(d) / "r.json"
        p = subprocess.run([binary, "run", "--filter", "gcm|/sha256/|hmac-sha256|ecdsa-p256-sha256", "--sizes", "16,256",
                            "--time", "0.02", "--quiet", "--json", str(out)],
                           capture_output=True, text=True)
        if not out.exists():
            print(f"no result file; exit {p.returncode}: {p.stderr}")
            return 1
        doc = json.loads(out.read_text())
    jsonschema.validate(doc, schema)
    print(f"schema conformance: {len(doc['results'])} records valid; 1 passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
