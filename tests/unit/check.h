/*
 * check.h — the few assertion macros the C unit tests share. Each failed
 * CHECK prints the file, line and expression; check_done() prints the
 * "N passed, N failed" line and gives main's return value.
 */
#ifndef CM_TESTS_CHECK_H
#define CM_TESTS_CHECK_H

#include <math.h>
#include <stdio.h>

static int check_passed, check_failed;

#define CHECK(expr)                                                                    \
    do {                                                                               \
        if (expr) {                                                                    \
            check_passed++;                                                            \
        } else {                                                                       \
            check_failed++;                                                            \
            fprintf(stderr, "%s:%d: FAILED: %s\n", __FILE__, __LINE__, #expr);         \
        }                                                                              \
    } while (0)

#define CHECK_NEAR(a, b, tol)                                                          \
    do {                                                                               \
        double a_ = (a), b_ = (b);                                                     \
        if (fabs(a_ - b_) <= (tol)) {                                                  \
            check_passed++;                                                            \
        } else {                                                                       \
            check_failed++;                                                            \
            fprintf(stderr, "%s:%d: FAILED: %s = %.9g, expected %.9g\n", __FILE__,     \
                    __LINE__, #a, a_, b_);                                             \
        }                                                                              \
    } while (0)

static inline int check_done(const char *name)
{
    printf("%s: %d passed, %d failed\n", name, check_passed, check_failed);
    return check_failed ? 1 : 0;
}

#endif
