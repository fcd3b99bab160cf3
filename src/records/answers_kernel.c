/*
 * answers_kernel.c — the kernel's crypto drivers in the Answers block
 * (answers.h), from the run's kernel_crypto facts: one answer per off-CPU
 * engine the kernel selects (the algorithms it serves, the driver and
 * priority /proc/crypto picks, whether user space reaches it through AF_ALG
 * here and why not, and where it can be measured: dm-crypt), then one line
 * for the selected CPU-instruction drivers and whether AF_ALG measured them.
 * A kernel with neither says nothing.
 */
#include <stdio.h>
#include <string.h>
#include "records/answers.h"
#include "util/text.h"

#define SHOWN_ALGS 3

/* 1 when the afalg record r was served by driver (its variant or served_by). */
static int afalg_by(const cm_record *r, const char *driver)
{
    return !strcmp(r->backend, "afalg") && cm_record_measured(r) &&
           (!strcmp(r->variant, driver) || (r->served_by && strstr(r->served_by, driver)));
}

/* The afalg records served by driver, into x's used_by. */
static void measured_by(const cm_answers_input *in, const char *driver, cm_answer_accel *x)
{
    char name[CM_ANSWER_NAME];
    for (size_t k = 0; k < in->n; k++)
        if (afalg_by(&in->recs[k], driver)) {
            cm_answers_impl_name(&in->recs[k], name, sizeof name);
            cm_answer_names_add(x->used_by, &x->n_used, name);
        }
}

/* The selected driver of alg, or NULL. */
static const platform_kc_driver *selected(const platform_kc_algorithm *alg)
{
    for (size_t d = 0; d < alg->n_drivers; d++)
        if (alg->drivers[d].selected)
            return &alg->drivers[d];
    return NULL;
}

static int is_class(const platform_kc_driver *d, const char *klass)
{
    return d && d->klass && !strcmp(d->klass, klass);
}

static const char *engine_of(const platform_kc_driver *d)
{
    return d->what ? d->what : d->module ? d->module : d->driver;
}

/* Whether user space reaches the engine's driver d through AF_ALG here. */
static void reach(const cm_answers_input *in, const platform_kc_driver *d, const cm_answer_accel *x,
                  char *out, size_t len)
{
    const platform_af_alg *af = &in->kernel->af_alg;
    if (x->n_used)
        snprintf(out, len, "measured through AF_ALG (%s)", x->used_by[0]);
    else if (!d->af_alg_reachable)
        snprintf(out, len, "measure it with `cryptometer dmcrypt`: AF_ALG cannot reach it (%s)",
                 d->af_alg_why ? d->af_alg_why : "not a driver AF_ALG binds");
    else if (af->available == 0)
        snprintf(out, len, "AF_ALG is not available here (%s); `cryptometer dmcrypt` measures it",
                 af->reason ? af->reason : "no reason recorded");
    else
        snprintf(out, len, "AF_ALG reaches it (`cryptometer run --filter afalg`), dm-crypt too "
                 "(`cryptometer dmcrypt`)");
}

/* 1 when algorithm i's selected driver is engine name's. */
static int engine_serves(const platform_kcrypto *kc, size_t i, const char *name)
{
    const platform_kc_driver *e = selected(&kc->algorithms[i]);
    return is_class(e, "hardware-engine") && !strcmp(engine_of(e), name);
}

/* The algorithm an engine's answer names first: one dm-crypt uses by default
 * (xts(aes), cbc(aes)) when the engine serves it, else the first (first). */
static size_t headline(const platform_kcrypto *kc, size_t first, const char *name)
{
    static const char *const preferred[] = {"xts(aes)", "cbc(aes)"};
    for (size_t p = 0; p < sizeof preferred / sizeof *preferred; p++)
        for (size_t i = first; i < kc->n_algorithms; i++)
            if (!strcmp(kc->algorithms[i].name, preferred[p]) && engine_serves(kc, i, name))
                return i;
    return first;
}

/* One answer for the engine of algorithm first's selected driver: every
 * algorithm the same engine is selected for. */
static void engine(const cm_answers_input *in, size_t first, cm_answers *a)
{
    const platform_kcrypto *kc = in->kernel;
    const char *name = engine_of(selected(&kc->algorithms[first]));
    size_t head = headline(kc, first, name);
    const platform_kc_driver *d = selected(&kc->algorithms[head]);
    cm_answer_accel *x = &a->accel[a->n_accel++];
    char more[CM_ANSWER_TEXT] = "", how[CM_ANSWER_TEXT];
    size_t n_more = 0;
    memset(x, 0, sizeof *x);
    snprintf(x->feature, sizeof x->feature, "kernel-engine");
    snprintf(x->offered_by, sizeof x->offered_by, "kernel");
    for (size_t i = first; i < kc->n_algorithms; i++) {
        if (!engine_serves(kc, i, name))
            continue;
        measured_by(in, selected(&kc->algorithms[i])->driver, x);
        if (i != head && n_more++ < SHOWN_ALGS)
            cm_text_append(more, sizeof more, "%s%s", n_more > 1 ? ", " : "", kc->algorithms[i].name);
    }
    if (n_more > SHOWN_ALGS)
        cm_text_append(more, sizeof more, " and %zu more", n_more - SHOWN_ALGS);
    reach(in, d, x, how, sizeof how);
    /* the engine's name without the table's parenthesis of its drivers */
    int short_name = (int)(strstr(name, " (") ? (size_t)(strstr(name, " (") - name) : strlen(name));
    snprintf(x->text, sizeof x->text, "Kernel: %s served by %s (priority %lld, off-CPU engine: %.*s)%s%s; %s.",
             kc->algorithms[head].name, d->driver, d->priority, short_name, name, n_more ? ", also " : "", more, how);
}

/* 1 when an algorithm before i already has the engine of its selected driver d. */
static int engine_said(const platform_kcrypto *kc, size_t i, const platform_kc_driver *d)
{
    for (size_t k = 0; k < i; k++) {
        if (engine_serves(kc, k, engine_of(d)))
            return 1;
    }
    return 0;
}

/* The selected CPU-instruction drivers on one line, and whether AF_ALG measured them. */
static void cpu_drivers(const cm_answers_input *in, cm_answers *a)
{
    cm_answer_accel *x = &a->accel[a->n_accel];
    char drivers[CM_ANSWER_TEXT] = "";
    memset(x, 0, sizeof *x);
    for (size_t i = 0; i < in->kernel->n_algorithms; i++) {
        const platform_kc_driver *d = selected(&in->kernel->algorithms[i]);
        if (!is_class(d, "cpu-instructions"))
            continue;
        cm_text_append(drivers, sizeof drivers, "%s%s", drivers[0] ? ", " : "", d->driver);
        measured_by(in, d->driver, x);
    }
    if (!drivers[0])
        return;
    snprintf(x->feature, sizeof x->feature, "kernel-drivers");
    snprintf(x->offered_by, sizeof x->offered_by, "kernel");
    const platform_af_alg *af = &in->kernel->af_alg;
    snprintf(x->text, sizeof x->text, "Kernel drivers selected (CPU instructions): %s; %s.", drivers,
             x->n_used ? "measured through AF_ALG"
             : af->available == 1 ? "AF_ALG is there but none of them was measured"
             : af->available < 0  ? "AF_ALG not probed (a recorded root)"
                                  : "AF_ALG unavailable here: not measured");
    a->n_accel++;
}

void cm_answers_kernel(const cm_answers_input *in, cm_answers *a)
{
    if (!in->kernel)
        return;
    const platform_kcrypto *kc = in->kernel;
    for (size_t i = 0; i < kc->n_algorithms && a->n_accel < CM_ANSWER_MAX_ACCEL; i++) {
        const platform_kc_driver *d = selected(&kc->algorithms[i]);
        if (is_class(d, "hardware-engine") && !engine_said(kc, i, d))
            engine(in, i, a);
    }
    if (a->n_accel < CM_ANSWER_MAX_ACCEL)
        cpu_drivers(in, a);
}
