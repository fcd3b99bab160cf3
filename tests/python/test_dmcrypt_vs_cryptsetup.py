"""Reading the VM's output in bench/dmcrypt_vs_cryptsetup.py: a recorded dmcrypt document
(tests/data/dmcrypt/bookworm-6.1-x86_64-quick.json) as the rounds of one boot, the rows of the
kernel's choice only, the ratios of each round's own figures, and a round without a document.
No timing is asserted."""
import sys

from analysis_helpers import ROOT

sys.path.insert(0, str(ROOT / "bench"))
import dmcrypt_vs_cryptsetup as B  # noqa: E402

DOC = (ROOT / "tests" / "data" / "dmcrypt" / "bookworm-6.1-x86_64-quick.json").read_text()


def test_rows_of_the_kernels_choice_with_both_ratios():
    stdout = f"boot noise\n{B.MARK} 0\n{DOC}\n{B.MARK} 1\n{DOC}\n"
    rounds = B.rounds_of(stdout)
    assert len(rounds) == 2 and all(isinstance(r, list) for r in rounds)
    rows = B.rows_of(rounds)
    keys = sorted((c[0], c[1], c[2]) for c, _ in rows)
    assert keys == sorted((m, s, op) for m in ("aes-xts-plain64", "aes-cbc-essiv:sha256")
                          for s in ("512", "4096") for op in ("write", "read"))
    cells, note = next(r for r in rows if r[0][:3] == ["aes-xts-plain64", "512", "write"])
    p = next(p for p in rounds[0] if p.get("cipher_spec") == "aes-xts-plain64"
             and p["sector_size"] == 512 and p["op"] == "write" and p["io_size"] == 1048576)
    # the same document twice: spread 0, ratios of its own figures
    assert cells[7] == f"{p['dd_mb_per_s'] / p['mb_per_s']:.2f} (0%)"
    assert cells[8] == f"{p['mb_per_s'] / p['cryptsetup_mb_per_s']:.2f} (0%)"
    lin = p["linear_mb_per_s"]
    assert cells[9] == f"{lin / (lin + p['cryptsetup_mb_per_s']):.2f} (0%)"
    assert cells[10] == "xts-aes-aesni" and note == "2 rounds"


def test_a_round_without_a_document_says_why():
    rounds = B.rounds_of(f"{B.MARK} 0\ncryptometer: not found\n")
    assert len(rounds) == 1 and rounds[0].startswith("no dmcrypt document")
    assert B.rows_of(rounds) == []
