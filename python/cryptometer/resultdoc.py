"""Writing cryptometer result documents (the JSON ``docs/result.schema.json`` describes).

A document is written atomically: a temporary file in the target directory,
flushed and synced, then ``os.replace`` onto the final name, so a reader never
sees half a document.  The documents of an import are built by
cryptometer.importers; they are checked with cryptometer.loader.violations.
"""

import json

from . import outputs

WriteError = outputs.OutputError


def dumps(doc):
    """The document as JSON text (UTF-8, two-space indent, trailing newline)."""
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def write_atomic(path, doc, inputs=()):
    """Write ``doc`` to ``path`` atomically (see outputs.write_atomic); raise WriteError."""
    outputs.write_atomic(path, dumps(doc), inputs)
