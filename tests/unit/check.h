/*
 * check.h — the few assertion macros the C unit tests share. Each failed
 * CHECK prints the file, line and expression; check_done() prints the
 * "N passed, N failed" line and gives main's return value; CHECK_CONTAINS
 * checks a message, check_skip() says why some checks do not run. tree() finds
 * the recorded test trees under check_src (set it in main).
 */
#ifndef CM_TESTS_CHECK_H
#define CM_TESTS_CHECK_H

#include <math.h>
#include <stdio.h>
#include <string.h>

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

/* Checks that string s contains sub; a failure prints both. */
#define CHECK_CONTAINS(s, sub)                                                         \
    do {                                                                               \
        const char *s_ = (s), *sub_ = (sub);                                           \
        if (s_ && strstr(s_, sub_)) {                                                  \
            check_passed++;                                                            \
        } else {                                                                       \
            check_failed++;                                                            \
            fprintf(stderr, "%s:%d: FAILED: %s = \"%s\" does not contain \"%s\"\n",    \
                    __FILE__, __LINE__, #s, s_ ? s_ : "(null)", sub_);                 \
        }                                                                              \
    } while (0)

/* Says why the checks that follow are not run (printed, not counted). */
static inline void check_skip(const char *what, const char *why)
{
    printf("SKIP %s: %s\n", what, why);
}

/* The source directory the test reads its data from; main sets it from
 * argv[1], else CM_SOURCE_DIR. */
static char check_src[2048];

/* The path of a test tree under the source directory:
 * check_src/tests/data/rel. The result lives in one of 8 static buffers
 * used in turn, so up to 8 paths may be held at once. */
static inline const char *tree(const char *rel)
{
    static char buf[8][4096];
    static int k;
    char *b = buf[k++ % 8];
    snprintf(b, sizeof buf[0], "%s/tests/data/%s", check_src, rel);
    return b;
}

static inline int check_done(const char *name)
{
    printf("%s: %d passed, %d failed\n", name, check_passed, check_failed);
    return check_failed ? 1 : 0;
}

#endif
