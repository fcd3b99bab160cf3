"""The report's first screen (cryptometer.report_answers): the cards' texts as the page prints
them, from an answers object shaped as the C core writes it (src/records/answers_*.c)."""

from cryptometer import report_answers

ANSWERS = {
    "trust": {"quotable": False, "flags": ["busy"],
              "text": "Trust: not quotable: machine busy (load); core clock 3647 MHz measured, steady."},
    "findings": [
        {"kind": "security", "implementation": "botan", "security_relevant": True,
         "text": "Security: botan/rsa-2048-oaep-sha256 accepted 1 invalid case (KAT pass!)."},
        {"kind": "known-finding", "implementation": "wolfssl:wolfcrypt",
         "text": "Known finding wolfssl:wolfcrypt/rsa-2048-oaep-sha256: an empty message refused."},
        {"kind": "failed-kat", "text": "ref:x failed 2 cases."},
    ],
}


def test_a_card_does_not_repeat_its_heading():
    s = report_answers.summary({"answers": ANSWERS})
    assert s["trust"]["text"] == "machine busy (load); core clock 3647 MHz measured, steady."
    assert [f["text"] for f in s["findings"]] == [
        "botan/rsa-2048-oaep-sha256 accepted 1 invalid case (KAT pass!).",
        "wolfssl:wolfcrypt/rsa-2048-oaep-sha256: an empty message refused.",
        "ref:x failed 2 cases."]


def test_a_document_without_answers_says_so():
    s = report_answers.summary({"results": []})
    assert not s["present"] and s["note"] == report_answers.NO_ANSWERS and s["trust"] is None
