"""docs/backends.md's table of what each library lacks is the one
data/backend_lacks.json gives (tools/lacks_table.py makes it), and the check
fails on a doc that differs."""
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOOL = "tools/lacks_table.py"


def check(root):
    return subprocess.run([sys.executable, str(root / TOOL), "--check"], capture_output=True,
                          text=True, check=False)


def test_doc_table_is_the_data_file():
    p = check(ROOT)
    assert p.returncode == 0, p.stderr


def test_a_doc_that_differs_fails(tmp_path):
    for rel in (TOOL, "data/backend_lacks.json", "docs/backends.md"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / rel, tmp_path / rel)
    doc = tmp_path / "docs/backends.md"
    doc.write_text(doc.read_text().replace("libsodium has no SHA-1", "libsodium has SHA-1"))
    p = check(tmp_path)
    assert p.returncode == 1 and "run tools/lacks_table.py" in p.stderr
