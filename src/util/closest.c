/*
 * closest.c — see closest.h: edit distance with neighbour swaps (the
 * optimal string alignment distance) and the word test.
 */
#include <stdio.h>
#include <string.h>
#include "util/closest.h"

#define LONGEST 64 /* longer names are compared on their first 64 bytes */

/* The edits from a to b (each cut at LONGEST bytes). */
static int distance(const char *a, const char *b)
{
    size_t n = strnlen(a, LONGEST), m = strnlen(b, LONGEST);
    int d[LONGEST + 1][LONGEST + 1];
    for (size_t i = 0; i <= n; i++)
        d[i][0] = (int)i;
    for (size_t j = 0; j <= m; j++)
        d[0][j] = (int)j;
    for (size_t i = 1; i <= n; i++)
        for (size_t j = 1; j <= m; j++) {
            int best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[n][m];
}

/* 1 when every dash-separated word of typed is in candidate, in order. */
static int holds_words(const char *typed, const char *candidate)
{
    const char *at = candidate;
    int words = 0;
    for (const char *p = typed; *p;) {
        size_t n = strcspn(p, "-");
        char word[LONGEST + 1];
        snprintf(word, sizeof word, "%.*s", (int)(n < LONGEST ? n : LONGEST), p);
        if (n && !(at = strstr(at, word)))
            return 0;
        if (n)
            at += n, words++;
        p += n + (p[n] == '-');
    }
    return words > 1;
}

void cm_closest_init(cm_closest *c, const char *typed)
{
    memset(c, 0, sizeof *c);
    c->typed = typed;
}

void cm_closest_offer(cm_closest *c, const char *candidate)
{
    int limit = (int)strlen(c->typed) / 3, cost = distance(c->typed, candidate);
    if (limit < 2)
        limit = 2;
    if (cost > limit && !holds_words(c->typed, candidate))
        return;
    if (cost > limit)
        cost = limit + 1; /* after every name within the edit limit */
    for (int k = 0; k < CM_CLOSEST_MAX && c->names[k]; k++)
        if (strcmp(c->names[k], candidate) == 0)
            return; /* offered before (variants repeat across algorithms) */
    for (int k = 0; k < CM_CLOSEST_MAX; k++)
        if (!c->names[k] || cost < c->cost[k]) {
            for (int j = CM_CLOSEST_MAX - 1; j > k; j--) {
                c->names[j] = c->names[j - 1];
                c->cost[j] = c->cost[j - 1];
            }
            c->names[k] = candidate;
            c->cost[k] = cost;
            return;
        }
}

void cm_closest_text(const cm_closest *c, char *buf, size_t len)
{
    int n = 0;
    while (n < CM_CLOSEST_MAX && c->names[n])
        n++;
    buf[0] = '\0';
    for (int k = 0; k < n; k++) {
        size_t used = strlen(buf);
        snprintf(buf + used, len - used, "%s'%s'", k == 0 ? "" : k == n - 1 ? " or " : ", ",
                 c->names[k]);
    }
}
