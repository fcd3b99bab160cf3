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
#include <stdio.h>
#include <string.h>
#include <jansson.h>

#include "util/text.h"
#include "platform/kcrypto.h"
#include "platform/kernel_crypto.h"
#include "platform/verdict.h"

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
    const platform_kc_driver *drv, *other; /* the example: the engine's driver, the winner or runner-up */
    json_t *algs;
};

/* The engine's name: its table phrase, else its module. */
static const char *engine_of(const platform_kc_driver *d)
{
    return d->what ? d->what : d->module ? d->module : d->driver;
}

/* The first non-internal driver of alg other than d that is selected (or,
 * with want_selected 0, the best other one), or NULL. */
static const platform_kc_driver *other_driver(const platform_kc_algorithm *alg, const platform_kc_driver *d,
                                              int want_selected)
{
    for (size_t i = 0; i < alg->n_drivers; i++) {
        const platform_kc_driver *e = &alg->drivers[i];
        if (e == d || e->internal)
            continue;
        if (!want_selected || e->selected)
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
static const platform_kc_driver *reachable_driver(const platform_kc_algorithm *alg)
{
    for (size_t i = 0; i < alg->n_drivers; i++) {
        const platform_kc_driver *e = &alg->drivers[i];
        if (e->af_alg_reachable && strcmp(e->selftest ? e->selftest : "", "unknown") != 0)
            return e;
    }
    return NULL;
}

/* The situation of engine driver d of algorithm alg (restricted: AF_ALG is
 * CPU-only); -1: none worth a word. */
static int situation_of(const platform_kc_algorithm *alg, const platform_kc_driver *d, long long generic,
                        int restricted, const platform_kc_driver **other)
{
    const char *st = d->selftest;
    if (st && st[0] && strcmp(st, "passed") != 0) {
        *other = NULL;
        return UNUSABLE;
    }
    if (restricted) {
        *other = reachable_driver(alg);
        return d->selected ? UNREACHABLE : UNREACHABLE_IDLE;
    }
    if (d->selected) {
        *other = other_driver(alg, d, 0);
        return !*other && generic > 0 && d->priority < generic ? ALONE : SELECTED;
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
            cm_text_append(algs, sizeof algs, " and %zu more", n - SHOWN_ALGS);
            break;
        }
        cm_text_append(algs, sizeof algs, "%s%s", i ? ", " : "", json_string_value(a));
    }
    const char *drv = g->drv->driver;
    long long prio = g->drv->priority;
    msg[0] = '\0';
    switch (g->sit) {
    case SELECTED:
        cm_text_append(msg, len, "%s is the driver the kernel selects for %s (%s, priority %lld", g->engine, algs, drv, prio);
        if (g->other)
            cm_text_append(msg, len, ", over %s, %s, %lld%s", g->other->driver, g->other->klass, g->other->priority,
                g->other->priority == prio ? TIE : "");
        cm_text_append(msg, len, "): AF_ALG and in-kernel users (dm-crypt, IPsec) get the engine; whether it beats the CPU "
                      "depends on the message size, so compare them with `cryptometer run --filter afalg`.");
        break;
    case NOT_SELECTED:
        cm_text_append(msg, len, "%s is present but not selected for %s: %s (priority %lld) loses to %s (%s, priority %lld%s), "
                      "which AF_ALG and in-kernel users get; to see whether the engine would pay, compare both "
                      "drivers with `cryptometer run --filter afalg`.",
            g->engine, algs, drv, prio, g->other->driver, g->other->klass, g->other->priority,
            g->other->priority == prio ? TIE : "");
        break;
    case ALONE:
        cm_text_append(msg, len, "%s is selected for %s only because nothing else is loaded: %s has priority %lld, below the "
                      "%lld of a generic driver, which would take over once its module is loaded; load the "
                      "CPU-instructions or generic module, then compare them with `cryptometer run --filter afalg`.",
            g->engine, algs, drv, prio, generic);
        break;
    case UNREACHABLE:
    case UNREACHABLE_IDLE:
        cm_text_append(msg, len, g->sit == UNREACHABLE ? "%s: %s (priority %lld) serves %s for in-kernel users such as dm-crypt and "
                                              "IPsec; since Linux 7.2 AF_ALG cannot reach it (%s), so `afalg` figures "
                                              "here are the CPU's"
                                            : "%s: %s (priority %lld) is registered for %s but not selected, and since "
                                              "Linux 7.2 AF_ALG cannot reach it either (%s), so `afalg` figures here are "
                                              "the CPU's",
            engine_of(g->drv), drv, prio, algs, g->drv->af_alg_why ? g->drv->af_alg_why : "CPU-only");
        if (g->other)
            cm_text_append(msg, len, " (%s, %s)", g->other->driver, g->other->klass);
        cm_text_append(msg, len, g->sit == UNREACHABLE ? "; the engine is measurable through an in-kernel user: dm-crypt over a "
                                              "RAM disk."
                                            : "; in-kernel users get the driver of higher priority.");
        break;
    default:
        cm_text_append(msg, len, "%s is registered for %s but its self-test did not pass (%s: selftest %s), so the kernel "
                      "never selects it; look for the driver's self-test failure in dmesg.",
            g->engine, algs, drv, g->drv->selftest);
        break;
    }
}

/* See verdict.h. */
int platform_kernel_verdicts(const platform_kcrypto *kc, json_t *verdicts)
{
    long long generic = platform_kdriver_generic_priority();
    int restricted = kc->af_alg.cpu_only == 1;
    struct group g[MAX_GROUPS];
    size_t ng = 0, i, j;
    int rc = 0;
    for (i = 0; i < kc->n_algorithms; i++) {
        const platform_kc_algorithm *alg = &kc->algorithms[i];
        for (j = 0; j < alg->n_drivers; j++) {
            const platform_kc_driver *d = &alg->drivers[j], *other;
            if (!d->klass || strcmp(d->klass, "hardware-engine") != 0 || d->internal)
                continue;
            int sit = situation_of(alg, d, generic, restricted, &other);
            /* unreachable: one verdict per module (omap-aes and omap-sham are two engines of one table entry) */
            const char *subject = (sit == UNREACHABLE || sit == UNREACHABLE_IDLE) && d->module ? d->module : engine_of(d);
            struct group *gr = sit >= 0 ? group_for(g, &ng, subject, (enum situation)sit) : NULL;
            if (!gr)
                continue;
            if (!json_array_size(gr->algs)) {
                gr->drv = d;
                gr->other = other;
            }
            rc |= json_array_append_new(gr->algs, json_string(alg->name));
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
