/*
 * tcrypt_parse.c — tcrypt's speed lines (tcrypt.h) as rows. The kernel
 * prints, per transform, a header
 *   "testing speed of [sync |async |multibuffer ]ALG (DRIVER)[ encryption|decryption]"
 * (with a leading newline before Linux 6.2) and then per test either
 *   "test N (K bit key, B byte blocks): C operations in S seconds (T bytes)"   (ciphers)
 *   "test  N (  B byte blocks,  P bytes per update,  U updates):  O opers/sec,  T bytes/sec"
 * (hashes), each after "tcrypt: ". The figures of a test line may come as a record of their
 * own (the kernel's pr_cont cut short): such a line is joined with the next.
 */
#include "run/tcrypt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The header's fields into h; 1 when line is one. */
static int header(const char *line, cm_tcrypt_row *h)
{
    const char *p = strstr(line, "testing speed of ");
    if (!p)
        return 0;
    p += strlen("testing speed of ");
    static const char *const kinds[] = {"sync ", "async ", "multibuffer "};
    for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
        if (strncmp(p, kinds[i], strlen(kinds[i])) == 0)
            p += strlen(kinds[i]);
    const char *open = strstr(p, " ("), *close = strrchr(p, ')');
    if (!open || !close || close < open + 2)
        return 0;
    memset(h, 0, sizeof *h);
    snprintf(h->algorithm, sizeof h->algorithm, "%.*s", (int)(open - p), p);
    snprintf(h->driver, sizeof h->driver, "%.*s", (int)(close - open - 2), open + 2);
    const char *op = close + 1 + strspn(close + 1, " ");
    snprintf(h->op, sizeof h->op, "%s", strncmp(op, "encryption", 10) == 0   ? "encrypt"
                                        : strncmp(op, "decryption", 10) == 0 ? "decrypt"
                                                                             : "digest");
    return 1;
}

/* One test line into r (the header's fields already there); 1 when it is one. */
static int test_line(const char *line, cm_tcrypt_row *r)
{
    const char *p = strstr(line, "test");
    unsigned n, secs, updates;
    double count, bytes;
    if (!p)
        return 0;
    if (sscanf(p, "test %u (%d bit key, %u byte blocks): %lf operations in %u seconds (%lf bytes)", &n,
               &r->key_bits, &r->block_bytes, &count, &secs, &bytes) == 6 && secs > 0) {
        r->ops_per_s = count / secs;
        r->bytes_per_s = bytes / secs;
        return 1;
    }
    if (sscanf(p, "test %u (%u byte blocks,%u bytes per update,%u updates): %lf opers/sec, %lf bytes/sec",
               &n, &r->block_bytes, &r->update_bytes, &updates, &count, &bytes) == 6) {
        r->key_bits = 0;
        r->ops_per_s = count;
        r->bytes_per_s = bytes;
        return 1;
    }
    return 0;
}

/* 1 when line is a test line whose figures the kernel logged as a record
 * of their own (pr_cont split by another record or a pause): "...): ". */
static int cut_short(const char *line)
{
    const char *c = strrchr(line, ':');
    return strstr(line, "test") && c && c > line && c[-1] == ')' && c[1 + strspn(c + 1, " ")] == '\0';
}

/* The next line of *p, without a dmesg time stamp, into line; 0 at the end. */
static int next_line(const char **p, char *line, size_t len)
{
    if (!**p)
        return 0;
    size_t l = strcspn(*p, "\n");
    const char *s = *p, *e = *p + l;
    *p = e + (*e == '\n');
    if (*s == '[' && memchr(s, ']', l)) {
        s = (const char *)memchr(s, ']', l) + 1;
        s += *s == ' ';
    }
    snprintf(line, len, "%.*s", (int)(e - s < (long)len ? e - s : (long)len - 1), s);
    return 1;
}

/* See tcrypt.h. */
int cm_tcrypt_parse(const char *text, cm_tcrypt_row **rows)
{
    cm_tcrypt_row h, *out = NULL;
    int n = 0, have = 0;
    char line[512], joined[1024], pending[512] = "";
    *rows = NULL;
    for (const char *p = text; next_line(&p, line, sizeof line);) {
        snprintf(joined, sizeof joined, "%s%s", pending, line);
        pending[0] = '\0';
        if (header(joined, &h)) {
            have = 1;
            continue;
        }
        cm_tcrypt_row r = h;
        if (!have || !test_line(joined, &r)) {
            if (cut_short(joined))
                snprintf(pending, sizeof pending, "%s", line);
            continue;
        }
        cm_tcrypt_row *bigger = realloc(out, (size_t)(n + 1) * sizeof *out);
        if (!bigger) {
            free(out);
            return -1;
        }
        out = bigger;
        out[n++] = r;
    }
    *rows = out;
    return n;
}
