/*
 * test_text_wrap.c — cm_text_print_wrapped (util/text.h), which fits
 * detect's text and run's notes to 100 columns: lines that fit are kept
 * byte for byte, a long line breaks at spaces under its value column
 * (after a label and two spaces) or four past its indent, UTF-8 characters
 * count as one column, and a word longer than the width breaks after a
 * ':' ',' '/' or at the width: no line is ever wider.
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

int main(void)
{
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
