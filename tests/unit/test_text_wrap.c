/*
 * test_text_wrap.c — cm_text_print_wrapped (util/text.h), which fits
 * detect's text and run's notes to 100 columns: lines that fit are kept
 * byte for byte, a long line breaks at spaces under its value column
 * (after a label and two spaces) or four past its indent, UTF-8 characters
 * count as one column, and a word longer than the width breaks after a
 * ':' ',' '/' or at the width: no line is ever wider, and nothing but
 * spaces and line ends changes (random texts at widths 8 to 100).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "util/text.h"

/* text wrapped to columns, in a malloc'ed string. */
static char *wrapped(const char *text, size_t columns)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    cm_text_print_wrapped(mem, text, columns);
    fclose(mem);
    return buf;
}

static void check_case(const char *text, size_t columns, const char *want)
{
    char *got = wrapped(text, columns);
    CHECK(strcmp(got, want) == 0);
    if (strcmp(got, want) != 0)
        fprintf(stderr, "got:\n%s\nwanted:\n%s\n", got, want);
    free(got);
}

/* Every line of out at most columns characters, and out's non-blank bytes
 * those of in, in order: wrapping loses and adds nothing but spaces and
 * line ends. */
static int fits_and_keeps(const char *in, const char *out, size_t columns)
{
    for (const char *p = out; *p;) {
        size_t n = strcspn(p, "\n");
        if (cm_text_columns(p, n) > columns)
            return 0;
        p += n + (p[n] == '\n');
    }
    const char *a = in, *b = out;
    while (1) {
        while (*a == ' ' || *a == '\n')
            a++;
        while (*b == ' ' || *b == '\n')
            b++;
        if (*a != *b)
            return 0;
        if (!*a)
            return 1;
        a++, b++;
    }
}

/* Random text of words, runs of spaces, ':' and ',', '±' and '—', long
 * words and deep indents (a fixed seed: the same cases every run), wrapped
 * at widths 8 to 100. */
static void check_random_texts(void)
{
    static const char *const pieces[] = {"a", "word", "  ", "   ", ":", ",", "/", "±1.2%", "—",
                                         "0x0123456789abcdef0123456789abcdef", "\n",
                                         "                                                  "};
    unsigned seed = 12345;
    for (int round = 0; round < 400; round++) {
        char in[1200] = "";
        size_t len = 0;
        for (int k = 0; k < 60; k++) {
            seed = seed * 1103515245u + 12345u;
            const char *piece = pieces[(seed >> 16) % (sizeof pieces / sizeof *pieces)];
            if (len + strlen(piece) + 1 >= sizeof in)
                break;
            memcpy(in + len, piece, strlen(piece) + 1);
            len += strlen(piece);
        }
        size_t columns = 8 + (size_t)(round % 93);
        char *out = wrapped(in, columns);
        CHECK(fits_and_keeps(in, out, columns));
        free(out);
    }
}

int main(void)
{
    check_random_texts();
    /* a line indented past half the width continues at half the width */
    check_case("              ab first second third\n", 20,
               "              ab\n          first\n          second\n          third\n");
    /* fits: unchanged, blank lines kept, a last line without a newline ends with one */
    check_case("CPU  x86_64\n\n  cluster 0\n", 20, "CPU  x86_64\n\n  cluster 0\n");
    check_case("short", 20, "short\n");
    /* a label and two spaces: continuations under the value column */
    check_case("  + AES-NI  AES rounds in one instruction\n", 24,
               "  + AES-NI  AES rounds\n            in one\n            instruction\n");
    /* no value column (a sentence): four past the indent */
    check_case("  [info] the kernel has no cpufreq here\n", 20,
               "  [info] the kernel\n      has no cpufreq\n      here\n");
    /* a value column past half the width: four past the indent instead */
    check_case("a long label  value one two\n", 20, "a long label  value\n    one two\n");
    /* UTF-8: '×' and '—' are one column each (the line is 20 columns, 24 bytes) */
    check_case("x 10 × aesenc — 1 cy\n", 20, "x 10 × aesenc — 1 cy\n");
    /* a word longer than the width: after its last ':' that fits, else at the width */
    check_case("m=0x0123:0x4567:0x89ab end\n", 16, "m=0x0123:0x4567:\n    0x89ab end\n");
    check_case("0123456789abcdefghij\n", 8, "01234567\n    89ab\n    cdef\n    ghij\n");
    return check_done("test_text_wrap");
}
