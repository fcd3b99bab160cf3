/*
 * check_counted.h — the KAT tests' counted check (test_kat.c, test_kat_verify.c,
 * test_kat_sym.c): each check prints "ok     what" or "not ok what" with its own
 * message, and check_summary() prints the "PASSED: 0 checks failed" line and
 * gives main's exit status. Each test program includes it once, in its main file.
 */
#ifndef CM_TESTS_CHECK_COUNTED_H
#define CM_TESTS_CHECK_COUNTED_H

#include <stdarg.h>
#include <stdio.h>

static int check_failures;

/* Prints "ok     what" or "not ok what" and counts failures. */
static inline void check(int cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline void check(int cond, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("%s ", cond ? "ok    " : "not ok");
    vprintf(fmt, ap);
    printf("\n");
    fflush(stdout);
    va_end(ap);
    if (!cond)
        check_failures++;
}

/* Prints the summary line; main's exit status, 1 if any check failed. */
static inline int check_summary(void)
{
    printf("%s: %d check%s failed\n", check_failures ? "FAILED" : "PASSED", check_failures,
           check_failures == 1 ? "" : "s");
    return check_failures ? 1 : 0;
}

#endif
