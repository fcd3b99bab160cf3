/* regex_budget.c — see regex_budget.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/regex_budget.h"

typedef struct scan {
    const char *start, *p;
    char *why;
    size_t why_len;
    int failed;
} scan;

static void fail(scan *s, const char *at, const char *what)
{
    if (!s->failed)
        snprintf(s->why, s->why_len, "%s at byte %d", what, (int)(at - s->start));
    s->failed = 1;
}

/* The multiplier of the repetition operator at s->p (0 when there is
 * none), moving past it; *many is set when it may match its operand more
 * than once (not '?', {0,1} or {1}). */
static long repetition(scan *s, int *many)
{
    const char *p = s->p;
    *many = 0;
    if (*p == '*' || *p == '+' || *p == '?') {
        *many = *p != '?';
        s->p = p + 1;
        return 1;
    }
    if (*p != '{')
        return 0;
    const char *q = p + 1;
    while (*q && strchr("0123456789,", *q))
        q++;
    if (*q != '}' || q == p + 1)
        return 0; /* not an interval: regcomp says what it is */
    long lo = strtol(p + 1, NULL, 10), hi = lo;
    const char *comma = memchr(p + 1, ',', (size_t)(q - p - 1));
    if (comma)
        hi = comma + 1 < q ? strtol(comma + 1, NULL, 10) : lo;
    s->p = q + 1;
    *many = !comma ? lo > 1 : comma + 1 == q || hi > 1;
    if (hi > CM_REGEX_MAX_WEIGHT)
        hi = CM_REGEX_MAX_WEIGHT + 1;
    return hi > 0 ? hi : 1;
}

static long saturate(long v)
{
    return v > CM_REGEX_MAX_WEIGHT ? CM_REGEX_MAX_WEIGHT + 1 : v;
}

/* The weight of the pieces from s->p to the ')' closing this group (or the
 * end); *repeats is set when one of them is repeated. */
static long group(scan *s, int *repeats)
{
    long weight = 0;
    while (*s->p && *s->p != ')' && !s->failed) {
        const char *atom = s->p;
        int inner = 0;
        long w = 1;
        if (*s->p == '(') {
            s->p++;
            w = group(s, &inner);
            s->p += *s->p == ')';
        } else if (*s->p == '\\' && s->p[1]) {
            s->p += 2;
        } else if (*s->p == '[') { /* a bracket expression: to its closing ']' */
            const char *q = s->p + 1 + (s->p[1] == '^');
            q += *q == ']';
            while (*q && *q != ']')
                q++;
            s->p = *q ? q + 1 : q;
        } else {
            s->p++;
        }
        if (*atom == '|')
            w = 0;
        const char *op = s->p;
        int many = 0, again = 0;
        long times = *atom == '|' ? 0 : repetition(s, &many);
        if (times && repetition(s, &again))
            fail(s, s->p, "repetition operators stacked (POSIX leaves that undefined)");
        /* a group repeated more than once that holds a repetition; (x*)? is not */
        if (many && inner)
            fail(s, op, "nested repetition (a repeated group holding a repetition)");
        *repeats |= inner || times;
        weight = saturate(weight + saturate(w * (times ? times : 1)));
    }
    return weight;
}

int cm_regex_budget_check(const char *regex, char *why, size_t why_len)
{
    if (strlen(regex) > CM_REGEX_MAX_BYTES) {
        snprintf(why, why_len, "longer than %d bytes", CM_REGEX_MAX_BYTES);
        return -1;
    }
    scan s = {regex, regex, why, why_len, 0};
    int repeats = 0;
    long weight = 0;
    while (*s.p && !s.failed) {
        weight = saturate(weight + group(&s, &repeats));
        s.p += *s.p == ')'; /* an unmatched ')': regcomp says so */
    }
    if (!s.failed && weight > CM_REGEX_MAX_WEIGHT)
        snprintf(why, why_len, "more than %d characters once its repetitions are counted out",
                 CM_REGEX_MAX_WEIGHT);
    return s.failed || weight > CM_REGEX_MAX_WEIGHT ? -1 : 0;
}
