/*
 * kernel_crypto.c — the kernel_crypto struct (kernel_crypto.h) filled from
 * the running kernel or a recorded root: /proc/crypto's drivers grouped by
 * algorithm with the kernel's choice and whether AF_ALG reaches each
 * (kcrypto.c), what AF_ALG allows (afalg_state.c), /dev/crypto and the
 * hardware RNG; and the struct's release. kernel_crypto_json.c writes it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "platform/kcrypto.h"
#include "platform/kernel_crypto.h"
#include "platform/sysroot.h"

/* See kernel_crypto.h. */
int platform_kc_copy(char **out, const char *s)
{
    *out = s ? strdup(s) : NULL;
    return s && !*out ? -1 : 0;
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
