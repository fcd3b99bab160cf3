/*
 * kcrypto.c — the kernel's crypto: every /proc/crypto driver with the one
 * the kernel selects per algorithm and its class (data/kernel_drivers.json),
 * and whether AF_ALG sockets work (and exactly why not). kernel_crypto.c
 * gathers them, /dev/crypto and the hardware RNG into the kernel_crypto
 * struct. See kcrypto.h for the selection rule.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <jansson.h>
#if defined(__linux__)
#include <linux/if_alg.h>
#endif

#include "platform/kcrypto.h"
#include "platform/kernel_crypto.h"
#include "platform/sysroot.h"

#ifndef AF_ALG
#define AF_ALG 38
#endif

/* ------------------------------------------------------------------------
 * /proc/crypto
 * ---------------------------------------------------------------------- */

/* A priority: a decimal integer in [0, INT_MAX); -1 otherwise. */
static int parse_priority(const char *val)
{
    char *end;
    errno = 0;
    long v = strtol(val, &end, 10);
    if (errno || end == val || *end || v < 0 || v >= INT_MAX || !isdigit((unsigned char)*val))
        return -1;
    return (int)v;
}

/* See kcrypto.h. */
platform_kdriver *platform_kcrypto_parse(const char *text, size_t *n)
{
    return platform_kcrypto_parse_file(text, n, NULL, NULL);
}

/* See kcrypto.h. */
platform_kdriver *platform_kcrypto_parse_file(const char *text, size_t *n, const char *sysroot,
                                              const char *path)
{
    int lineno = 0;
    size_t cap = 0, cnt = 0;
    platform_kdriver *d = NULL, *cur = NULL;
    *n = 0;
    const char *p = text;
    char *line = NULL;
    size_t line_cap = 0;
    while (pf_next_line(&p, &line, &line_cap) == 1) {
        lineno++;
        char *colon = strchr(line, ':');
        if (!colon) {
            cur = NULL; /* a blank line ends an entry */
            continue;
        }
        *colon = '\0';
        char *key = pf_trim(line), *val = pf_trim(colon + 1);
        if (strcmp(key, "name") == 0) {
            if (cnt == cap) {
                cap = cap ? cap * 2 : 64;
                platform_kdriver *bigger = realloc(d, cap * sizeof *d);
                if (!bigger)
                    break;
                d = bigger;
            }
            cur = &d[cnt++];
            memset(cur, 0, sizeof *cur);
            cur->async = -1;
            snprintf(cur->name, sizeof cur->name, "%s", val);
        } else if (!cur) {
            continue;
        } else if (strcmp(key, "driver") == 0) {
            snprintf(cur->driver, sizeof cur->driver, "%s", val);
        } else if (strcmp(key, "module") == 0) {
            snprintf(cur->module, sizeof cur->module, "%s", val);
        } else if (strcmp(key, "priority") == 0) {
            cur->priority = parse_priority(val);
            cur->priority_bad = cur->priority < 0;
            if (cur->priority_bad && path)
                pf_warn(sysroot, path, lineno, "priority '%.40s' of %s is not an integer in "
                        "[0, %d); ignored", val, cur->name, INT_MAX);
        } else if (strcmp(key, "type") == 0) {
            snprintf(cur->type, sizeof cur->type, "%s", val);
        } else if (strcmp(key, "selftest") == 0) {
            snprintf(cur->selftest, sizeof cur->selftest, "%s", val);
        } else if (strcmp(key, "internal") == 0) {
            cur->internal = strcmp(val, "yes") == 0;
        } else if (strcmp(key, "async") == 0) {
            cur->async = strcmp(val, "yes") == 0;
        } else if (strcmp(key, "refcnt") == 0) {
            cur->refcnt = atoi(val);
        }
    }
    free(line);
    if (cnt == 0) {
        free(d);
        return NULL;
    }
    for (size_t i = 0; i < cnt; i++)
        d[i].klass = platform_kdriver_class(d[i].driver, d[i].module, &d[i].what);
    *n = cnt;
    return d;
}

/* The family of a /proc/crypto type: types the kernel's type/mask lookup
 * treats as one (CRYPTO_ALG_TYPE_*_MASK): the lskcipher/skcipher pair and
 * older block cipher types, the hash types, the compression types. */
static const char *type_family(const char *type)
{
    static const char *const sk[] = {"skcipher", "lskcipher", "blkcipher", "ablkcipher", "givcipher"};
    static const char *const hash[] = {"shash", "ahash", "digest"};
    static const char *const comp[] = {"acomp", "scomp", "compression"};
    for (size_t i = 0; i < sizeof sk / sizeof *sk; i++)
        if (strcmp(type, sk[i]) == 0)
            return "skcipher";
    for (size_t i = 0; i < sizeof hash / sizeof *hash; i++)
        if (strcmp(type, hash[i]) == 0)
            return "hash";
    for (size_t i = 0; i < sizeof comp / sizeof *comp; i++)
        if (strcmp(type, comp[i]) == 0)
            return "comp";
    return type;
}

/* 1 when the kernel would consider this entry in a normal lookup. */
static int selectable(const platform_kdriver *e)
{
    if (e->internal || strcmp(e->type, "larval") == 0)
        return 0;
    /* Kernels before 4.x print no selftest line: every entry is eligible. */
    return e->selftest[0] == '\0' || strcmp(e->selftest, "passed") == 0;
}

/* See kcrypto.h. */
void platform_kcrypto_select(platform_kdriver *d, size_t n)
{
    for (size_t i = 0; i < n; i++)
        d[i].selected = 0;
    for (size_t i = 0; i < n; i++) {
        /* Handle each (name, type family) group once, at its first entry. */
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++)
            seen = strcmp(d[j].name, d[i].name) == 0 &&
                   strcmp(type_family(d[j].type), type_family(d[i].type)) == 0;
        if (seen)
            continue;
        long best = -1;
        for (size_t j = i; j < n; j++) {
            if (strcmp(d[j].name, d[i].name) != 0 ||
                strcmp(type_family(d[j].type), type_family(d[i].type)) != 0 || !selectable(&d[j]))
                continue;
            /* strictly greater: on a tie the earlier entry stays */
            if (best < 0 || d[j].priority > d[best].priority)
                best = (long)j;
        }
        if (best >= 0)
            d[best].selected = 1;
    }
}

/* Rank of a class when combining the parts of a template driver. */
static int class_rank(const char *k)
{
    if (strcmp(k, "hardware-engine") == 0)
        return 5;
    if (strcmp(k, "cpu-instructions") == 0)
        return 4;
    if (strcmp(k, "library") == 0)
        return 3;
    if (strcmp(k, "unknown") == 0)
        return 2;
    return 1; /* software */
}

/* Classifies one plain driver name (no parentheses) by the rules. */
static const char *classify_leaf(const char *driver, const char *module, const char **what)
{
    json_t *table = pf_data_table("data/kernel_drivers.json");
    json_t *rules = table ? json_object_get(table, "rules") : NULL;
    size_t i;
    json_t *r;
    *what = NULL;
    json_array_foreach(rules, i, r) {
        const char *dp = json_string_value(json_object_get(r, "driver"));
        const char *mp = json_string_value(json_object_get(r, "module"));
        if (!dp && !mp)
            continue;
        if (dp && fnmatch(dp, driver, 0) != 0)
            continue;
        if (mp && (!module || fnmatch(mp, module, 0) != 0))
            continue;
        const char *k = json_string_value(json_object_get(r, "class"));
        *what = json_string_value(json_object_get(r, "what"));
        return k ? k : "unknown";
    }
    return "unknown";
}

/* See kcrypto.h. */
long long platform_kdriver_generic_priority(void)
{
    json_t *gp = json_object_get(pf_data_table("data/kernel_drivers.json"), "generic_priority");
    return (long long)json_integer_value(json_object_get(gp, "value"));
}

/* See kcrypto.h. */
const char *platform_kdriver_class(const char *driver, const char *module, const char **what)
{
    const char *dummy;
    if (!what)
        what = &dummy;
    if (!strchr(driver, '('))
        return classify_leaf(driver, module, what);
    /* A template instance: classify the names inside the parentheses (the
     * leaves, i.e. names not followed by '('); the best class wins. */
    const char *best = NULL, *best_what = NULL;
    char tok[128];
    size_t tl = 0;
    int depth = 0;
    for (const char *p = driver;; p++) {
        char c = *p;
        if (c == '(' || c == ')' || c == ',' || c == '\0') {
            if (tl > 0 && depth > 0 && c != '(') {
                tok[tl] = '\0';
                const char *w;
                /* the module line names the template's module, not the
                 * leaf's: classify leaves by name only */
                const char *k = classify_leaf(tok, NULL, &w);
                if (!best || class_rank(k) > class_rank(best)) {
                    best = k;
                    best_what = w;
                }
            }
            tl = 0;
            if (c == '(')
                depth++;
            else if (c == ')')
                depth--;
            if (c == '\0')
                break;
        } else if (tl + 1 < sizeof tok && c != ' ') {
            tok[tl++] = c;
        }
    }
    *what = best_what;
    return best ? best : "unknown";
}

/* ------------------------------------------------------------------------
 * AF_ALG, /dev/crypto, hwrng
 * ---------------------------------------------------------------------- */

/* What an errno from socket(AF_ALG) or bind() means here. */
static const char *af_alg_meaning(int e, int at_bind, const char *type)
{
    static char buf[256];
    switch (e) {
    case EAFNOSUPPORT:
        return "the kernel has no AF_ALG: it was built without CONFIG_CRYPTO_USER_API, or the "
               "af_alg module is not loaded (modprobe af_alg)";
    case ENOENT:
        snprintf(buf, sizeof buf,
                 "the kernel has AF_ALG but no \"%s\" interface or no such algorithm: algif_%s is "
                 "not loaded (modprobe algif_%s) or the kernel was built without "
                 "CONFIG_CRYPTO_USER_API_%s",
                 type, type, type,
                 strcmp(type, "hash") == 0       ? "HASH"
                 : strcmp(type, "skcipher") == 0 ? "SKCIPHER"
                 : strcmp(type, "aead") == 0     ? "AEAD"
                                                 : "RNG");
        return buf;
    case EPERM:
    case EACCES:
        return "a security policy refuses AF_ALG sockets (seccomp filter of a container runtime, "
               "SELinux or AppArmor)";
    case ELIBBAD:
        return "the algorithm failed the kernel's self-test";
    case EINVAL:
        return at_bind ? "the kernel refused the bind address (too old for this interface)"
                       : "the kernel refused the socket type";
    case EMFILE:
    case ENFILE:
        return "no file descriptors left";
    case ENOMEM:
    case ENOBUFS:
        return "the kernel is out of memory";
    default:
        return "unexpected error";
    }
}

/* The errno's symbolic name for the common cases, else its number. */
static const char *errno_name(int e)
{
    static char buf[32];
    switch (e) {
    case EAFNOSUPPORT: return "EAFNOSUPPORT";
    case ENOENT: return "ENOENT";
    case EPERM: return "EPERM";
    case EACCES: return "EACCES";
    case ELIBBAD: return "ELIBBAD";
    case EINVAL: return "EINVAL";
    case EMFILE: return "EMFILE";
    case ENFILE: return "ENFILE";
    case ENOMEM: return "ENOMEM";
    case ENOBUFS: return "ENOBUFS";
    default:
        snprintf(buf, sizeof buf, "errno %d", e);
        return buf;
    }
}

/* Tries one AF_ALG bind; 0 on success, else the errno (at_bind tells
 * whether socket() itself worked). */
static int af_alg_try(const char *type, const char *name, int *at_bind)
{
    *at_bind = 0;
#if defined(__linux__)
    int s = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
    if (s < 0)
        return errno;
    *at_bind = 1;
    struct sockaddr_alg sa;
    memset(&sa, 0, sizeof sa);
    sa.salg_family = AF_ALG;
    snprintf((char *)sa.salg_type, sizeof sa.salg_type, "%s", type);
    snprintf((char *)sa.salg_name, sizeof sa.salg_name, "%s", name);
    int rc = bind(s, (struct sockaddr *)&sa, sizeof sa) == 0 ? 0 : errno;
    close(s);
    return rc;
#else
    (void)type;
    (void)name;
    return EAFNOSUPPORT;
#endif
}

/* Probes one AF_ALG interface into t: available, and why not. */
static int af_alg_type_probe(platform_af_alg_type *t, const char *type, const char *alg)
{
    int ab, r = af_alg_try(type, alg, &ab);
    t->available = r == 0;
    int rc = platform_kc_copy(&t->name, type) | platform_kc_copy(&t->algorithm, alg);
    if (r != 0) {
        char reason[512];
        snprintf(reason, sizeof reason, "%s (%s): %s", errno_name(r), strerror(r), af_alg_meaning(r, ab, type));
        rc |= platform_kc_copy(&t->reason, reason);
    }
    return rc;
}

/* See kcrypto.h. */
int platform_af_alg_probe(platform_af_alg *af)
{
    static const struct {
        const char *type, *alg;
    } probes[] = {{"hash", "sha256"}, {"skcipher", "cbc(aes)"}, {"aead", "gcm(aes)"}, {"rng", "stdrng"}};
    enum { N_PROBES = sizeof probes / sizeof *probes };
    int at_bind, rc = 0;
    memset(af, 0, sizeof *af);
    af->cpu_only = -1;
    int e = af_alg_try(probes[0].type, probes[0].alg, &at_bind);
    af->has_types = 1;
    /* The interfaces, only when sockets open at all. */
    if ((e == 0 || at_bind) && !(af->types = calloc(N_PROBES, sizeof *af->types)))
        rc = -1;
    for (size_t i = 0; af->types && i < N_PROBES && rc == 0; i++) {
        rc |= af_alg_type_probe(&af->types[af->n_types++], probes[i].type, probes[i].alg);
        af->available |= af->types[i].available;
    }
    /* Available when any interface binds (algif_skcipher loaded without
     * algif_hash is AF_ALG in use); else the first probe's error says why. */
    if (e != 0 && !af->available) {
        char reason[512];
        snprintf(reason, sizeof reason, "%s %s (%s): %s", at_bind ? "bind(\"hash\", \"sha256\")" : "socket(AF_ALG)",
                 errno_name(e), strerror(e), af_alg_meaning(e, at_bind, "hash"));
        rc |= platform_kc_copy(&af->reason, reason) | platform_kc_copy(&af->err_name, errno_name(e));
    }
    return rc ? -1 : 0;
}
