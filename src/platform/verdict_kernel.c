/*
 * verdict_kernel.c — the kernel's drivers read as a whole (verdict.h): for
 * each hardware engine of /proc/crypto (class "hardware-engine", from
 * data/kernel_drivers.json), whether the kernel selects it, loses it to a
 * CPU-instructions or generic driver of higher priority, selects it only
 * because nothing else is loaded (a priority any generic driver would
 * beat: the table's generic_priority), or never can (self-test not
 * passed); on a kernel whose AF_ALG is restricted (Linux 7.2: CPU-only),
 * that user space cannot reach it through AF_ALG and in-kernel users can.
 * One verdict per engine and situation, naming its algorithms.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <jansson.h>

#include "platform/sysroot.h"
#include "platform/verdict.h"
#include "util/json.h"

#define TABLE_PATH "data/kernel_drivers.json"
#define MAX_GROUPS 64
#define SHOWN_ALGS 6
#define TIE ": a tie, which the driver registered last wins, so the order modules load in decides"

/* The situations, in the order verdicts are listed. */
enum situation { SELECTED, NOT_SELECTED, ALONE, UNREACHABLE, UNREACHABLE_IDLE, UNUSABLE, N_SITUATIONS };
static const char *const codes[N_SITUATIONS] = {"engine-selected", "engine-not-selected", "engine-selected-alone",
                                                "engine-unreachable", "engine-unreachable", "engine-unusable"};

/* One engine in one situation: its algorithms and the first example. */
struct group {
    const char *engine;
    enum situation sit;
    const json_t *drv, *other; /* the example: the engine's driver, the winner or runner-up */
    json_t *algs;
};

static const char *sget(const json_t *o, const char *k)
{
    return json_string_value(json_object_get(o, k));
}

static long long iget(const json_t *o, const char *k)
{
    return (long long)json_integer_value(json_object_get(o, k));
}

/* Appends printf-style text to buf. */
__attribute__((format(printf, 3, 4))) static void cat(char *buf, size_t len, const char *fmt, ...)
{
    size_t used = strlen(buf);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + used, len - used, fmt, ap);
    va_end(ap);
}

/* The engine's name: its table phrase, else its module. */
static const char *engine_of(const json_t *d)
{
    return sget(d, "what") ? sget(d, "what") : sget(d, "module") ? sget(d, "module") : sget(d, "driver");
}

/* The first non-internal driver of alg other than d that is selected (or,
 * with want_selected 0, the best other one), or NULL. */
static const json_t *other_driver(const json_t *alg, const json_t *d, int want_selected)
{
    size_t i;
    const json_t *e;
    json_array_foreach(json_object_get(alg, "drivers"), i, e) {
        if (e == d || json_is_true(json_object_get(e, "internal")))
            continue;
        if (!want_selected || json_is_true(json_object_get(e, "selected")))
            return e;
    }
    return NULL;
}

/* The group of (engine, sit), created on first use; NULL when full. */
static struct group *group_for(struct group *g, size_t *n, const char *engine, enum situation sit)
{
    for (size_t i = 0; i < *n; i++)
        if (g[i].sit == sit && strcmp(g[i].engine, engine) == 0)
            return &g[i];
    if (*n == MAX_GROUPS)
        return NULL;
    g[*n] = (struct group){.engine = engine, .sit = sit, .algs = json_array()};
    return &g[(*n)++];
}

/* The driver of alg that AF_ALG reaches and the kernel would pick among
 * those (the first listed: drivers are by priority), or NULL. */
static const json_t *reachable_driver(const json_t *alg)
{
    size_t i;
    const json_t *e;
    json_array_foreach(json_object_get(alg, "drivers"), i, e)
        if (json_is_true(json_object_get(e, "af_alg_reachable")) && strcmp(sget(e, "selftest"), "unknown") != 0)
            return e;
    return NULL;
}

/* The situation of engine driver d of algorithm alg (restricted: AF_ALG is
 * CPU-only); -1: none worth a word. */
static int situation_of(const json_t *alg, const json_t *d, long long generic, int restricted, const json_t **other)
{
    const char *st = sget(d, "selftest");
    if (st && st[0] && strcmp(st, "passed") != 0) {
        *other = NULL;
        return UNUSABLE;
    }
    if (restricted) {
        *other = reachable_driver(alg);
        return json_is_true(json_object_get(d, "selected")) ? UNREACHABLE : UNREACHABLE_IDLE;
    }
    if (json_is_true(json_object_get(d, "selected"))) {
        *other = other_driver(alg, d, 0);
        return !*other && generic > 0 && iget(d, "priority") < generic ? ALONE : SELECTED;
    }
    *other = other_driver(alg, d, 1);
    return *other ? NOT_SELECTED : -1;
}

/* The sentence of group g. */
static void message(const struct group *g, long long generic, char *msg, size_t len)
{
    size_t i, n = json_array_size(g->algs);
    const json_t *a;
    char algs[512] = "";
    json_array_foreach(g->algs, i, a) {
        if (i == SHOWN_ALGS) {
            cat(algs, sizeof algs, " and %zu more", n - SHOWN_ALGS);
            break;
        }
        cat(algs, sizeof algs, "%s%s", i ? ", " : "", json_string_value(a));
    }
    const char *drv = sget(g->drv, "driver");
    long long prio = iget(g->drv, "priority");
    msg[0] = '\0';
    switch (g->sit) {
    case SELECTED:
        cat(msg, len, "%s is the driver the kernel selects for %s (%s, priority %lld", g->engine, algs, drv, prio);
        if (g->other)
            cat(msg, len, ", over %s, %s, %lld%s", sget(g->other, "driver"), sget(g->other, "class"),
                iget(g->other, "priority"), iget(g->other, "priority") == prio ? TIE : "");
        cat(msg, len, "): AF_ALG and in-kernel users (dm-crypt, IPsec) get the engine; whether it beats the CPU "
                      "depends on the message size, so compare them with `cryptometer run --filter afalg`.");
        break;
    case NOT_SELECTED:
        cat(msg, len, "%s is present but not selected for %s: %s (priority %lld) loses to %s (%s, priority %lld%s), "
                      "which AF_ALG and in-kernel users get; to see whether the engine would pay, compare both "
                      "drivers with `cryptometer run --filter afalg`.",
            g->engine, algs, drv, prio, sget(g->other, "driver"), sget(g->other, "class"), iget(g->other, "priority"),
            iget(g->other, "priority") == prio ? TIE : "");
        break;
    case ALONE:
        cat(msg, len, "%s is selected for %s only because nothing else is loaded: %s has priority %lld, below the "
                      "%lld of a generic driver, which would take over once its module is loaded; load the "
                      "CPU-instructions or generic module, then compare them with `cryptometer run --filter afalg`.",
            g->engine, algs, drv, prio, generic);
        break;
    case UNREACHABLE:
    case UNREACHABLE_IDLE:
        cat(msg, len, g->sit == UNREACHABLE ? "%s: %s (priority %lld) serves %s for in-kernel users such as dm-crypt and "
                                              "IPsec; since Linux 7.2 AF_ALG cannot reach it (%s), so `afalg` figures "
                                              "here are the CPU's"
                                            : "%s: %s (priority %lld) is registered for %s but not selected, and since "
                                              "Linux 7.2 AF_ALG cannot reach it either (%s), so `afalg` figures here are "
                                              "the CPU's",
            engine_of(g->drv), drv, prio, algs, sget(g->drv, "af_alg_why") ? sget(g->drv, "af_alg_why") : "CPU-only");
        if (g->other)
            cat(msg, len, " (%s, %s)", sget(g->other, "driver"), sget(g->other, "class"));
        cat(msg, len, g->sit == UNREACHABLE ? "; the engine is measurable through an in-kernel user: dm-crypt over a "
                                              "RAM disk."
                                            : "; in-kernel users get the driver of higher priority.");
        break;
    default:
        cat(msg, len, "%s is registered for %s but its self-test did not pass (%s: selftest %s), so the kernel "
                      "never selects it; look for the driver's self-test failure in dmesg.",
            g->engine, algs, drv, sget(g->drv, "selftest"));
        break;
    }
}

/* See verdict.h. */
int platform_kernel_verdicts(const json_t *kernel_crypto, json_t *verdicts)
{
    long long generic = (long long)json_integer_value(
        json_object_get(json_object_get(pf_data_table(TABLE_PATH), "generic_priority"), "value"));
    int restricted = json_is_true(json_object_get(json_object_get(kernel_crypto, "af_alg"), "cpu_only"));
    struct group g[MAX_GROUPS];
    size_t ng = 0, i, j;
    const json_t *alg, *d;
    int rc = 0;
    json_array_foreach(json_object_get(kernel_crypto, "algorithms"), i, alg) {
        json_array_foreach(json_object_get(alg, "drivers"), j, d) {
            const char *k = sget(d, "class");
            const json_t *other;
            if (!k || strcmp(k, "hardware-engine") != 0 || json_is_true(json_object_get(d, "internal")))
                continue;
            int sit = situation_of(alg, d, generic, restricted, &other);
            /* unreachable: one verdict per module (omap-aes and omap-sham are two engines of one table entry) */
            const char *subject = (sit == UNREACHABLE || sit == UNREACHABLE_IDLE) && sget(d, "module") ? sget(d, "module") : engine_of(d);
            struct group *gr = sit >= 0 ? group_for(g, &ng, subject, (enum situation)sit) : NULL;
            if (!gr)
                continue;
            if (!json_array_size(gr->algs)) {
                gr->drv = d;
                gr->other = other;
            }
            rc |= json_array_append_new(gr->algs, json_string(sget(alg, "name")));
        }
    }
    char msg[2048];
    for (int sit = 0; sit < N_SITUATIONS; sit++)
        for (i = 0; i < ng; i++) {
            if (g[i].sit != (enum situation)sit)
                continue;
            message(&g[i], generic, msg, sizeof msg);
            rc |= json_array_append_new(verdicts, json_pack("{s:s, s:s, s:s, s:s, s:O}", "id", "kernel", "subject",
                                                            g[i].engine, "code", codes[sit], "message", msg,
                                                            "evidence", g[i].algs));
        }
    for (i = 0; i < ng; i++)
        json_decref(g[i].algs);
    return rc ? -1 : 0;
}
