/*
 * kcrypto.c — the kernel's crypto: every /proc/crypto driver with the one
 * the kernel selects per algorithm and its class (data/kernel_drivers.json),
 * whether AF_ALG sockets work (and exactly why not), /dev/crypto, and the
 * hardware RNG. See platform.h for the selection rule.
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
#include "util/json.h"

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

/* See kernel_crypto.h. */
int platform_kc_copy(char **out, const char *s)
{
    *out = s ? strdup(s) : NULL;
    return s && !*out ? -1 : 0;
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
    af->available = e == 0;
    if (e != 0) {
        char reason[512];
        snprintf(reason, sizeof reason, "%s %s (%s): %s", at_bind ? "bind(\"hash\", \"sha256\")" : "socket(AF_ALG)",
                 errno_name(e), strerror(e), af_alg_meaning(e, at_bind, "hash"));
        rc |= platform_kc_copy(&af->reason, reason) | platform_kc_copy(&af->err_name, errno_name(e));
    }
    af->has_types = 1;
    /* The other interfaces, only when sockets open at all. */
    if ((e == 0 || at_bind) && !(af->types = calloc(N_PROBES, sizeof *af->types)))
        rc = -1;
    for (size_t i = 0; af->types && i < N_PROBES && rc == 0; i++)
        rc |= af_alg_type_probe(&af->types[af->n_types++], probes[i].type, probes[i].alg);
    return rc ? -1 : 0;
}

/* Reads the hardware RNG from sysfs and /dev/hwrng under sysroot into h.
 * 0, or -1 when out of memory. */
static int hwrng_read(const char *sysroot, platform_hwrng *h)
{
    static const char *const dirs[] = {"/sys/class/misc/hw_random", "/sys/devices/virtual/misc/hw_random"};
    char path[128], cur[128] = "", avail[1024] = "", q[32];
    const char *dir = dirs[0];
    for (size_t i = 0; i < 2 && !h->sysfs; i++) {
        dir = dirs[i];
        snprintf(path, sizeof path, "%s/rng_current", dir);
        if (pf_read_line(sysroot, path, cur, sizeof cur) == 0)
            h->sysfs = 1;
        snprintf(path, sizeof path, "%s/rng_available", dir);
        if (pf_read_line(sysroot, path, avail, sizeof avail) == 0)
            h->sysfs = 1;
    }
    int rc = platform_kc_copy(&h->current, cur[0] && strcmp(cur, "none") != 0 ? cur : NULL);
    /* at most one name per two bytes of the line */
    h->available = calloc(sizeof avail / 2, sizeof *h->available);
    rc |= h->available ? 0 : -1;
    for (char *save = NULL, *tok = strtok_r(avail, " \t", &save); tok && rc == 0; tok = strtok_r(NULL, " \t", &save))
        if (strcmp(tok, "none") != 0) /* the kernel lists "none" as a choice */
            rc |= platform_kc_copy(&h->available[h->n_available++], tok);
    h->dev_hwrng = pf_dev_exists(sysroot, "hwrng");
    snprintf(path, sizeof path, "%s/rng_quality", dir);
    if (pf_read_line(sysroot, path, q, sizeof q) == 0) {
        h->has_quality = 1;
        h->quality = atoi(q);
    }
    return rc;
}

/* One driver of an algorithm; af: AF_ALG here (whether user space reaches
 * the driver, and why not). */
static int driver_fill(platform_kc_driver *o, const platform_kdriver *e, const platform_af_alg *af)
{
    const char *af_state = af->state ? af->state : "unknown";
    const char *why = platform_af_alg_unreachable(e, af->cpu_only == 1);
    char buf[160];
    if (!why && strcmp(af_state, "present") != 0 && strcmp(af_state, "restricted") != 0) {
        snprintf(buf, sizeof buf, "AF_ALG here: %s", af_state);
        why = buf;
    }
    o->has_priority = !e->priority_bad;
    o->priority = e->priority_bad ? 0 : e->priority;
    o->internal = e->internal;
    o->async = e->async < 0 ? -1 : e->async;
    o->selected = e->selected;
    o->af_alg_reachable = why == NULL;
    o->af_alg_cpu_only_excludes = platform_af_alg_cpu_only_excludes(e);
    return platform_kc_copy(&o->driver, e->driver) | platform_kc_copy(&o->module, e->module) | platform_kc_copy(&o->type, e->type) |
           platform_kc_copy(&o->selftest, e->selftest) | platform_kc_copy(&o->klass, e->klass) | platform_kc_copy(&o->what, e->what) |
           platform_kc_copy(&o->af_alg_why, why);
}

/* The algorithm of d[i]'s name with the drivers of that name by priority
 * (stable). 0, or -1 when out of memory. */
static int algorithm_fill(platform_kc_algorithm *a, const platform_kdriver *d, size_t n, size_t i,
                          const platform_af_alg *af)
{
    size_t idx[256], k = 0;
    for (size_t j = i; j < n && k < 256; j++)
        if (strcmp(d[j].name, d[i].name) == 0)
            idx[k++] = j;
    for (size_t x = 1; x < k; x++)
        for (size_t y = x; y > 0 && d[idx[y]].priority > d[idx[y - 1]].priority; y--) {
            size_t t = idx[y];
            idx[y] = idx[y - 1];
            idx[y - 1] = t;
        }
    int rc = platform_kc_copy(&a->name, d[i].name);
    if (rc || !(a->drivers = calloc(k, sizeof *a->drivers)))
        return -1;
    for (size_t x = 0; x < k && rc == 0; x++) {
        const platform_kdriver *e = &d[idx[x]];
        rc |= driver_fill(&a->drivers[a->n_drivers++], e, af);
        if (e->selected && !a->selected)
            rc |= platform_kc_copy(&a->selected, e->driver);
    }
    return rc;
}

/* The algorithms of /proc/crypto, in order of first appearance. 0, or -1
 * when out of memory. */
static int algorithms_fill(platform_kcrypto *kc, const platform_kdriver *d, size_t n)
{
    int rc = 0;
    if (n && !(kc->algorithms = calloc(n, sizeof *kc->algorithms)))
        return -1;
    for (size_t i = 0; i < n && rc == 0; i++) {
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++)
            seen = strcmp(d[j].name, d[i].name) == 0;
        if (!seen)
            rc |= algorithm_fill(&kc->algorithms[kc->n_algorithms++], d, n, i, &kc->af_alg);
    }
    return rc;
}

/* See kcrypto.h. */
int platform_kcrypto_read(const char *sysroot, platform_kcrypto *kc, cm_error *err)
{
    size_t n = 0;
    char *text = pf_read_text(sysroot, "/proc/crypto", NULL);
    platform_kdriver *d = text ? platform_kcrypto_parse_file(text, &n, sysroot, "/proc/crypto") : NULL;
    memset(kc, 0, sizeof *kc);
    kc->proc_crypto = text != NULL;
    free(text);
    platform_kcrypto_select(d, n);
    int rc = 0;
    if (pf_has_sysroot(sysroot)) {
        kc->af_alg.available = kc->af_alg.cpu_only = -1;
        rc |= platform_kc_copy(&kc->af_alg.reason, "not probed (--sysroot)");
    } else {
        rc |= platform_af_alg_probe(&kc->af_alg);
    }
    rc |= rc ? -1 : platform_af_alg_state(&kc->af_alg, sysroot, d, n);
    rc |= rc ? -1 : algorithms_fill(kc, d, n);
    free(d);
    kc->dev_crypto = pf_dev_exists(sysroot, "crypto");
    rc |= rc ? -1 : hwrng_read(sysroot, &kc->hwrng);
    if (rc != 0) {
        platform_kcrypto_free(kc);
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory describing the kernel's crypto");
    }
    return 0;
}

/* See kcrypto.h. */
json_t *platform_kernel_crypto(const char *sysroot, cm_error *err)
{
    platform_kcrypto kc;
    if (platform_kcrypto_read(sysroot, &kc, err) != 0)
        return NULL;
    json_t *o = platform_kcrypto_to_json(&kc);
    platform_kcrypto_free(&kc);
    if (!o)
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory describing the kernel's crypto");
    return o;
}

/* Frees n strings and the array. */
static void free_strings(char **s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(s[i]);
    free(s);
}

/* See kernel_crypto.h. */
void platform_af_alg_clear(platform_af_alg *af)
{
    free(af->reason);
    free(af->err_name);
    for (size_t i = 0; i < af->n_types; i++) {
        free(af->types[i].name);
        free(af->types[i].algorithm);
        free(af->types[i].reason);
    }
    free(af->types);
    free(af->state);
    free(af->splice);
    free(af->kernel_release);
    free_strings(af->evidence, af->n_evidence);
    free(af->deprecation);
    memset(af, 0, sizeof *af);
}

/* See kernel_crypto.h. */
void platform_kcrypto_free(platform_kcrypto *kc)
{
    for (size_t i = 0; i < kc->n_algorithms; i++) {
        platform_kc_algorithm *a = &kc->algorithms[i];
        for (size_t j = 0; j < a->n_drivers; j++) {
            platform_kc_driver *d = &a->drivers[j];
            free(d->driver);
            free(d->module);
            free(d->type);
            free(d->selftest);
            free(d->klass);
            free(d->what);
            free(d->af_alg_why);
        }
        free(a->drivers);
        free(a->name);
        free(a->selected);
    }
    free(kc->algorithms);
    platform_af_alg_clear(&kc->af_alg);
    free(kc->hwrng.current);
    free_strings(kc->hwrng.available, kc->hwrng.n_available);
    memset(kc, 0, sizeof *kc);
}
