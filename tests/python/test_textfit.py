"""cryptometer.textfit, the one wrapping rule of the Python commands (as src/util/text.c's):
the value column or 4 past the indent, a break after the last space that fits, else after
':' ',' '/', else at the width; characters counted, not bytes."""

import random

from cryptometer.textfit import COLUMNS, fit, hanging_indent, wrap_line


def test_a_line_that_fits_is_left_alone():
    line = "x" * COLUMNS
    assert wrap_line(line) == [line]
    assert fit("a  b\n\nc\n") == "a  b\n\nc\n"


def test_continuation_under_the_value_column():
    line = "AF_ALG    " + " ".join("word%02d" % i for i in range(30))
    out = wrap_line(line)
    assert len(out) == 3 and all(len(l) <= COLUMNS for l in out)
    assert all(l.startswith(" " * 10 + "word") for l in out[1:])
    assert " ".join(" ".join(out).split()) == " ".join(line.split())   # no word lost or cut


def test_value_column_past_half_the_width_falls_back_to_indent_plus_4():
    line = "  " + "k" * 60 + "   " + "v " * 40
    assert hanging_indent(line) == 6
    out = wrap_line(line)
    assert out[1].startswith(" " * 6 + "v") and all(len(l) <= COLUMNS for l in out)
    # a label followed by one space has no value column: indent + 4
    assert hanging_indent("  note: a b c") == 6
    # two spaces at the end of the line are no value column either
    assert hanging_indent("label  ") == 4


def test_breaks_after_the_last_space_that_fits():
    line = "a" * 95 + " bb ccc"
    assert wrap_line(line) == ["a" * 95 + " bb", "    ccc"]
    # a space just past the width: the first piece is exactly the width
    line = "a" * 100 + " b"
    assert wrap_line(line) == ["a" * 100, "    b"]


def test_a_long_word_breaks_after_punctuation_else_at_the_width():
    mask = "0x" + ":".join("%08x" % i for i in range(20))
    out = wrap_line("cap " + mask, 40)
    assert out[0] == "cap"
    assert all(l.rstrip().endswith(":") for l in out[1:-1]) and all(len(l) <= 40 for l in out)
    assert "".join(l.strip() for l in out[1:]) == mask
    assert wrap_line("x" * 25, 10) == ["x" * 10, "    " + "x" * 6, "    " + "x" * 6, "    " + "x" * 3]
    for mark in ",/":
        assert wrap_line("w" * 5 + mark + "w" * 10, 10)[0] == "w" * 5 + mark


def test_utf8_counts_as_one_column_each():
    line = "±" * 60 + " " + "×" * 39
    assert wrap_line(line) == [line]               # 100 characters, 199 bytes: fits
    out = wrap_line("—" * 60 + " " + "µ" * 50)
    assert out == ["—" * 60, "    " + "µ" * 50]


def test_fit_keeps_the_final_newline_and_wraps_every_line():
    text = "short\n" + "word " * 30 + "\n"
    out = fit(text)
    assert out.endswith("\n") and out.startswith("short\n")
    assert max(len(l) for l in out.split("\n")) <= COLUMNS and out.count("\n") == 3


def test_a_deep_indent_continues_at_half_the_width():
    assert wrap_line("              ab first second third", 20) == [
        "              ab", "          first", "          second", "          third"]


def test_random_texts_fit_and_keep_their_words():
    """Seeded random lines of words, runs of spaces, punctuation, '±', long words and deep indents,
    at widths 8 to 100: every line fits, and only spaces and line breaks change."""
    rng = random.Random(12345)
    pieces = ["a", "word", "  ", "   ", ":", ",", "/", "±1.2%", "—", "0x0123456789abcdef" * 2, " " * 50]
    for width in range(8, 101):
        line = "".join(rng.choice(pieces) for _ in range(40))
        out = wrap_line(line, width)
        assert all(len(part) <= width for part in out), (width, line)
        assert "".join(out).replace(" ", "") == line.replace(" ", "")
