/*
 * sysroot.c — file access under a sysroot prefix and the shared small
 * parsers of the platform module. See sysroot.h.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <jansson.h>

#include "util/embedded.h"
#include "util/input.h"
#include "util/json.h"
#include "platform/cpu.h"
#include "platform/sysroot.h"

#define PF_MAX_FILE CM_CAP_SYSFS

/* See sysroot.h. */
int pf_has_sysroot(const char *sysroot)
{
    return sysroot && sysroot[0];
}

/* See sysroot.h. */
char *pf_path(char *buf, size_t len, const char *sysroot, const char *path)
{
    int n;
    if (pf_has_sysroot(sysroot)) {
        size_t sl = strlen(sysroot);
        /* "dir/" + "/proc" must not become "dir//proc" (harmless, but ugly
         * in messages). */
        while (sl > 1 && sysroot[sl - 1] == '/')
            sl--;
        n = snprintf(buf, len, "%.*s%s", (int)sl, sysroot, path);
    } else {
        n = snprintf(buf, len, "%s", path);
    }
    if (n < 0 || (size_t)n >= len) {
        errno = ENAMETOOLONG;
        return NULL;
    }
    return buf;
}

/* See sysroot.h. Every read goes through the reading policy of
 * util/input.h: regular files only, opened without blocking, capped. */
char *pf_read_text(const char *sysroot, const char *path, size_t *len_out)
{
    char full[4096], *buf;
    size_t len;
    if (!pf_path(full, sizeof full, sysroot, path))
        return NULL;
    if (cm_read_file(full, PF_MAX_FILE, "file", &buf, &len, NULL) != 0)
        return NULL;
    if (len_out)
        *len_out = len;
    return buf;
}

/* See sysroot.h. */
char *pf_read_dt(const char *sysroot, const char *prop, size_t *len_out)
{
    static const char *const roots[] = {"/proc/device-tree", "/sys/firmware/devicetree/base"};
    for (size_t i = 0; i < sizeof roots / sizeof *roots; i++) {
        char path[256];
        size_t len = 0;
        snprintf(path, sizeof path, "%s/%s", roots[i], prop);
        char *v = pf_read_text(sysroot, path, &len);
        if (v && v[0]) {
            if (len_out)
                *len_out = len;
            return v;
        }
        free(v);
    }
    return NULL;
}

/* See sysroot.h. */
int pf_read_line(const char *sysroot, const char *path, char *buf, size_t len)
{
    char full[4096];
    if (len == 0 || !pf_path(full, sizeof full, sysroot, path))
        return -1;
    int fd = cm_open_regular(full, "file", NULL);
    FILE *f = fd >= 0 ? fdopen(fd, "re") : NULL;
    if (!f) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    char *got = fgets(buf, (int)len, f);
    fclose(f);
    if (!got)
        return -1;
    char *t = pf_trim(buf);
    if (t != buf)
        memmove(buf, t, strlen(t) + 1);
    cm_utf8_scrub(buf, strlen(buf)); /* system strings are data (util/json.h) */
    return buf[0] ? 0 : -1;
}

/* See sysroot.h. */
int pf_read_ll(const char *sysroot, const char *path, long long *out)
{
    char line[64], *end;
    if (pf_read_line(sysroot, path, line, sizeof line) != 0)
        return -1;
    errno = 0;
    long long v = strtoll(line, &end, 10);
    if (errno || end == line)
        return -1;
    *out = v;
    return 0;
}

/* See sysroot.h. */
int pf_read_u64(const char *sysroot, const char *path, uint64_t *out)
{
    char line[64], *end;
    if (pf_read_line(sysroot, path, line, sizeof line) != 0)
        return -1;
    errno = 0;
    unsigned long long v = strtoull(line, &end, 0);
    if (errno || end == line)
        return -1;
    *out = v;
    return 0;
}

/* See sysroot.h. */
int pf_exists(const char *sysroot, const char *path)
{
    char full[4096];
    struct stat st;
    if (!pf_path(full, sizeof full, sysroot, path))
        return 0;
    return stat(full, &st) == 0 || lstat(full, &st) == 0;
}

/* See sysroot.h. */
int pf_next_line(const char **text, char **line, size_t *cap)
{
    const char *p = *text;
    if (!p || !*p)
        return 0;
    const char *eol = strchr(p, '\n');
    size_t ll = eol ? (size_t)(eol - p) : strlen(p);
    if (!*line || *cap < ll + 1) {
        size_t want = ll + 1 > 256 ? ll + 1 : 256;
        char *bigger = realloc(*line, want);
        if (!bigger) {
            *text = NULL;
            errno = ENOMEM;
            return -1;
        }
        *line = bigger;
        *cap = want;
    }
    memcpy(*line, p, ll);
    (*line)[ll] = '\0';
    cm_utf8_scrub(*line, strlen(*line)); /* system strings are data (util/json.h) */
    *text = eol ? eol + 1 : NULL;
    return 1;
}

/* See sysroot.h. */
void pf_warn(const char *sysroot, const char *path, int line, const char *fmt, ...)
{
    char full[4096], msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (!pf_path(full, sizeof full, sysroot, path))
        snprintf(full, sizeof full, "%s", path);
    fprintf(stderr, "cryptometer: warning: %s line %d: %s\n", full, line, msg);
}

/* See sysroot.h. */
char *pf_trim(char *s)
{
    while (*s && isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

/* See sysroot.h. */
int pf_parse_cpulist(const char *s, int *cpus, int max)
{
    int n = 0;
    const char *p = s;
    for (;;) {
        while (*p == ' ' || *p == ',' || *p == '\t' || *p == '\n')
            p++;
        if (!*p)
            break;
        if (!isdigit((unsigned char)*p))
            return -1;
        char *end;
        long a = strtol(p, &end, 10), b = a;
        p = end;
        if (*p == '-') {
            p++;
            if (!isdigit((unsigned char)*p))
                return -1;
            b = strtol(p, &end, 10);
            p = end;
        }
        if (a < 0 || b < a || b > 1 << 20)
            return -1;
        for (long c = a; c <= b; c++) {
            if (n >= max)
                return -1;
            cpus[n++] = (int)c;
        }
        if (*p && *p != ',' && *p != ' ' && *p != '\n' && *p != '\t')
            return -1;
    }
    return n;
}

/* See cpu.h (the counterpart of pf_parse_cpulist). */
char *platform_format_cpulist(const int *cpus, int n, char *buf, size_t len)
{
    size_t used = 0;
    if (len == 0)
        return buf;
    buf[0] = '\0';
    for (int i = 0; i < n;) {
        int j = i;
        while (j + 1 < n && cpus[j + 1] == cpus[j] + 1)
            j++;
        int w;
        if (j > i)
            w = snprintf(buf + used, len - used, "%s%d-%d", used ? "," : "", cpus[i], cpus[j]);
        else
            w = snprintf(buf + used, len - used, "%s%d", used ? "," : "", cpus[i]);
        if (w < 0 || (size_t)w >= len - used)
            break;
        used += (size_t)w;
        i = j + 1;
    }
    return buf;
}

/* One cached table. */
struct pf_table {
    const char *path;
    json_t *json;
};

/* See sysroot.h. Tables are few and small; a short linear cache suffices. */
json_t *pf_data_table(const char *path)
{
    static struct pf_table cache[8];
    for (size_t i = 0; i < sizeof cache / sizeof cache[0]; i++) {
        if (cache[i].path && strcmp(cache[i].path, path) == 0)
            return cache[i].json;
        if (!cache[i].path) {
            cache[i].path = path;
            const cm_embedded_file *f = cm_embedded_find(path);
            if (f) {
                json_error_t jerr;
                cache[i].json = json_loadb((const char *)f->data, f->len, 0, &jerr);
            }
            return cache[i].json;
        }
    }
    return NULL;
}

/* Folds a character for pf_name_eq. */
static int name_fold(int c)
{
    if (c == '-' || c == ' ')
        return '_';
    return tolower(c);
}

/* See sysroot.h. */
int pf_name_eq(const char *a, const char *b)
{
    while (*a && *b) {
        if (name_fold((unsigned char)*a) != name_fold((unsigned char)*b))
            return 0;
        a++;
        b++;
    }
    return *a == *b;
}

/* See sysroot.h. */
int pf_list_has(const char *list, const char *word)
{
    size_t wl = strlen(word);
    for (const char *p = list; p && *p;) {
        while (*p == ' ' || *p == '\t' || *p == '\n')
            p++;
        const char *e = p;
        while (*e && *e != ' ' && *e != '\t' && *e != '\n')
            e++;
        if (wl && (size_t)(e - p) == wl && strncmp(p, word, wl) == 0)
            return 1;
        p = e;
    }
    return 0;
}

/* See sysroot.h. */
int pf_dev_exists(const char *sysroot, const char *name)
{
    char path[256];
    snprintf(path, sizeof path, "/dev/%s", name);
    if (!pf_has_sysroot(sysroot) || pf_exists(sysroot, "/dev"))
        return pf_exists(sysroot, path);
    char *list = pf_read_text(sysroot, "/dev.txt", NULL);
    if (!list)
        return -1;
    int found = pf_list_has(list, name);
    free(list);
    return found;
}
