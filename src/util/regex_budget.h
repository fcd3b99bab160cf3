/*
 * regex_budget.h — the complexity a --filter regex may have before it is
 * compiled (docs/cli.md "--filter limits"): glibc's regcomp expands every
 * counted repetition into copies and a repeated group that holds a
 * repetition multiplies them (`((a{1,100}){1,100}){1,100}` took 1.2 GB,
 * `(x{1,32767}){1,32767}` 12 GB), and Python's backtracking `re` takes
 * exponential time on nested repetition. The same three limits hold in
 * python/cryptometer/patterns.py, on Python's own parse of a pattern.
 */
#ifndef CM_UTIL_REGEX_BUDGET_H
#define CM_UTIL_REGEX_BUDGET_H

#include <stddef.h>

#define CM_REGEX_MAX_BYTES 256   /* bytes of the regex */
#define CM_REGEX_MAX_WEIGHT 1000 /* characters after expanding counted repetitions */

/* 0 when regex is within the limits: at most CM_REGEX_MAX_BYTES bytes; no
 * repetition operator right after another ("a+*", "a*{9}": POSIX leaves it
 * undefined); no repetition more than once of a group that holds a
 * repetition ("(a+)+", "(a{2}){3}"; "(a+)?" is taken); at most CM_REGEX_MAX_WEIGHT atoms once every repetition is
 * counted as its upper bound, or its lower one when it has none ({m,n} n
 * times, {m} and {m,} m times, '*', '+', '?' once). Else -1 with why (one
 * phrase naming the byte where it fails). Bracket expressions and escaped
 * characters are one atom. */
int cm_regex_budget_check(const char *regex, char *why, size_t why_len);

#endif
