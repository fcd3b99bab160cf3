"""Property-based fuzzing of every analysis command with schema-driven hostile documents (issue 29).

See schema_fuzz.py for the documents and the property.  Each command gets
CRYPTOMETER_FUZZ_DOCS documents (default 2,000): one document a call for
the quick commands; plot and report take them BATCH at a time (a directory
of files: one bad file must never stop the others), as drawing is what
costs there.  bench/fuzz_schema.py runs the same tests with more documents.
"""

import json
import os
import shutil

import pytest
from hypothesis import HealthCheck, Phase, given, settings

import schema_fuzz

DOCS = int(os.environ.get("CRYPTOMETER_FUZZ_DOCS", "2000"))
BATCH = 100

COMMANDS = {   # command -> (argv for a directory D of inputs and an output base O, documents a call)
    "compare": (lambda d, o: ["compare", d / "0.json", d / "0.json", "-o", o / "cmp.txt"], 1),
    "store": (lambda d, o: ["store", "add", d, "--db", o / "db.sqlite"], 1),
    "export": (lambda d, o: ["export", d, "-o", o / "x.csv"], 1),
    "collect": (lambda d, o: ["collect", d, "-o", o / "RESULTS.md"], 1),
    "view": (lambda d, o: ["view", "generations", d, "-o", o / "v.txt"], 1),
    "plot": (lambda d, o: ["plot", "all", d, "-o", o / "plots", "--format", "svg", "--overlay"], BATCH),  # one figure a kind
    "report": (lambda d, o: ["report", d, "-o", o / "r.html"], BATCH),
}


@pytest.fixture(scope="module")
def material(sbc_docs):
    """(a real document to plant records in, the pool of schema-drawn records)."""
    base = json.loads(sorted(sbc_docs.glob("*.json"))[0].read_text(encoding="utf-8"))
    return base, schema_fuzz.record_pool()


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_schema_fuzz_never_tracebacks(command, material, tmp_path):
    argv_of, per_call = COMMANDS[command]
    base, pool = material

    # no shrinking: a batch of documents shrinks for many minutes; the failing line is in the message
    @settings(max_examples=max(1, DOCS // per_call), deadline=None, database=None, derandomize=False,
              suppress_health_check=list(HealthCheck), phases=(Phase.explicit, Phase.reuse, Phase.generate))
    @given(schema_fuzz.documents(base, pool).map(lambda d: [d]) if per_call == 1 else
           schema_fuzz.st.lists(schema_fuzz.documents(base, pool), min_size=per_call, max_size=per_call))
    def one(docs):
        work = tmp_path / "w"
        shutil.rmtree(work, ignore_errors=True)
        (work / "in").mkdir(parents=True)
        (work / "out").mkdir()
        for i, doc in enumerate(docs):
            schema_fuzz.write(doc, work / "in" / ("%d.json" % i), ascii_only=i % 2 == 0)
        code, _, err = schema_fuzz.run_main(argv_of(work / "in", work / "out"))
        schema_fuzz.check(command, code, err)

    one()
