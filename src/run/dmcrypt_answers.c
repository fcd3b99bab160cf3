/*
 * dmcrypt_answers.c — a dmcrypt document's answers (dmcrypt.h, answers.h):
 * per cipher, the driver the kernel chose and its class, its dm-crypt MB/s
 * against the same mapping through the generic driver and against
 * dm-linear, from which I/O size (and sector size) it pays off, the CPU
 * seconds it saves per GB, and whether user space reaches the driver
 * through AF_ALG. Each figure is one pass, so the spread is read from the
 * pairs themselves: at an I/O size a difference is called only when the
 * chosen driver is faster (or slower) in every pair of the same sector size
 * and direction, else "no clear difference"; likewise the CPU time saved.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform/kcrypto.h"
#include "platform/kernel_crypto.h"
#include "records/answers.h"
#include "run/dmcrypt.h"
#include "run/sweep_out.h"
#include "util/stats.h"
#include "util/text.h"

#define MAX_PAIRS 64
#define MAX_SIZES 16

/* The pairs of one I/O size: chosen / generic MB/s, CPU s/GB saved, sector. */
typedef struct pairs {
    size_t n;
    double ratio[MAX_PAIRS], saved[MAX_PAIRS], chosen[MAX_PAIRS], generic[MAX_PAIRS];
    unsigned sector[MAX_PAIRS];
} pairs;

/* 1 when p is a pass of the generic mapping of cipher (label "cipher (driver)"). */
static int generic_of(const cm_dmc_point *p, const char *cipher)
{
    size_t n = strlen(cipher);
    return !strncmp(p->spec, "capi:", 5) && !strncmp(p->label, cipher, n) && p->label[n] == ' ';
}

/* The passes of cipher at io (generic or its own) paired by sector size and op. */
static void pair_up(const cm_dmc_result *r, const char *cipher, size_t io, pairs *out)
{
    out->n = 0;
    for (size_t i = 0; i < r->n && out->n < MAX_PAIRS; i++) {
        const cm_dmc_point *c = &r->pts[i];
        if (!c->ok || c->io_size != io || strcmp(c->label, cipher))
            continue;
        for (size_t k = 0; k < r->n; k++) {
            const cm_dmc_point *g = &r->pts[k];
            if (g->ok && g->io_size == io && g->sector_size == c->sector_size && !strcmp(g->op, c->op) &&
                generic_of(g, cipher) && cm_dmc_mb_s(g) > 0 && cm_dmc_mb_s(c) > 0) {
                out->chosen[out->n] = cm_dmc_mb_s(c);
                out->generic[out->n] = cm_dmc_mb_s(g);
                out->ratio[out->n] = cm_dmc_mb_s(c) / cm_dmc_mb_s(g);
                out->saved[out->n] = cm_dmc_cpu_per_gb(g) - cm_dmc_cpu_per_gb(c);
                out->sector[out->n++] = c->sector_size;
                break;
            }
        }
    }
}

/* The verdict of pairs whose sector is at least from (0: all): every one
 * faster, every one slower (at least two), else no clear difference. */
static int verdict(const pairs *p, unsigned from)
{
    size_t n = 0, up = 0, down = 0;
    for (size_t i = 0; i < p->n; i++)
        if (p->sector[i] >= from) {
            n++;
            up += p->ratio[i] > 1;
            down += p->ratio[i] < 1;
        }
    return n < 2 ? CM_DMC_NO_CLEAR : up == n ? CM_DMC_FASTER : down == n ? CM_DMC_SLOWER : CM_DMC_NO_CLEAR;
}

static double median_of(const double *v, size_t n)
{
    double c[MAX_PAIRS];
    memcpy(c, v, n * sizeof *v);
    return n ? cm_median_sort(c, n) : NAN;
}

/* The I/O sizes at which cipher has pairs, ascending; their count. */
static size_t io_sizes(const cm_dmc_result *r, const char *cipher, size_t *io)
{
    size_t n = 0;
    pairs p;
    for (size_t i = 0; i < r->n; i++) {
        size_t s = r->pts[i].io_size, k = 0;
        while (k < n && io[k] != s)
            k++;
        if (k < n || n == MAX_SIZES || strcmp(r->pts[i].label, cipher))
            continue;
        pair_up(r, cipher, s, &p);
        if (!p.n)
            continue;
        for (k = n++; k > 0 && io[k - 1] > s; k--)
            io[k] = io[k - 1];
        io[k] = s;
    }
    return n;
}

/* The cipher driver inside served_by (ESSIV's first argument: its hash is not the cipher). */
static void cipher_driver(const char *served_by, char *out, size_t len)
{
    const char *p = served_by;
    if (!strncmp(p, "essiv(", 6)) {
        p += 6;
        int depth = 0;
        size_t n = 0;
        while (p[n] && (depth || p[n] != ',')) {
            depth += (p[n] == '(') - (p[n] == ')');
            n++;
        }
        snprintf(out, len, "%.*s", (int)n, p);
    } else {
        snprintf(out, len, "%s", p);
    }
}

/* The skcipher interface as probed (a live kernel), or NULL. */
static const platform_af_alg_type *skcipher_probe(const platform_af_alg *af)
{
    for (size_t i = 0; i < af->n_types; i++)
        if (!strcmp(af->types[i].name, "skcipher"))
            return &af->types[i];
    return NULL;
}

/* Whether user space reaches driver (an skcipher, as dm-crypt's ciphers
 * are) through AF_ALG, from kc's facts: on a recorded root as judged there;
 * live, by the skcipher interface's probe (what cryptsetup uses) and the
 * CPU-only rule of Linux 7.2. */
static void af_alg_reach(const platform_kcrypto *kc, const char *driver, cm_answer_dmcrypt *d)
{
    d->af_alg = -1;
    for (size_t i = 0; kc && i < kc->n_algorithms; i++)
        for (size_t k = 0; k < kc->algorithms[i].n_drivers; k++) {
            const platform_kc_driver *e = &kc->algorithms[i].drivers[k];
            const platform_af_alg *af = &kc->af_alg;
            const platform_af_alg_type *sk = skcipher_probe(af);
            const char *why = NULL;
            if (strcmp(e->driver, driver))
                continue;
            if (!sk && af->available < 0)
                why = e->af_alg_reachable ? NULL : e->af_alg_why ? e->af_alg_why : "not a driver AF_ALG binds";
            else if (af->cpu_only == 1 && e->af_alg_cpu_only_excludes)
                why = e->af_alg_why ? e->af_alg_why : "Linux 7.2's AF_ALG binds only synchronous CPU drivers";
            else if (sk ? !sk->available : af->available != 1)
                why = sk && sk->available == 0 && sk->reason ? sk->reason : "";
            d->af_alg = why == NULL;
            snprintf(d->af_alg_why, sizeof d->af_alg_why, "%s", why ? why : "");
            if (why && !why[0]) /* the socket itself does not open: its errno says enough */
                snprintf(d->af_alg_why, sizeof d->af_alg_why, "AF_ALG does not open here: %s",
                         af->err_name ? af->err_name : "no reason recorded");
            return;
        }
}

/* "512 B", "64 KiB", "1 MiB" (sweep's rule). */
static const char *size_text(size_t s, char *buf, size_t len)
{
    cm_sweep_size_text(buf, len, s);
    return buf;
}

/* The figures at the headline I/O size (the largest with pairs) and the pay-off points. */
static void figures(const cm_dmc_result *r, cm_answer_dmcrypt *d)
{
    size_t io[MAX_SIZES], n = io_sizes(r, d->cipher, io);
    pairs p;
    d->verdict = CM_DMC_NOT_COMPARED;
    d->cpu_s_per_gb_saved = d->cpu_saved_lo = d->cpu_saved_hi = NAN;
    if (!n)
        return;
    for (size_t i = n; i-- > 0;) { /* the smallest I/O size from which every one is faster */
        pair_up(r, d->cipher, io[i], &p);
        if (verdict(&p, 0) != CM_DMC_FASTER)
            break;
        d->pays_from_io = io[i];
    }
    d->io_size = io[n - 1];
    pair_up(r, d->cipher, d->io_size, &p);
    d->verdict = verdict(&p, 0);
    d->mb_s = median_of(p.chosen, p.n);
    d->generic_mb_s = median_of(p.generic, p.n);
    d->cpu_s_per_gb_saved = median_of(p.saved, p.n);
    d->ratio_lo = d->ratio_hi = p.ratio[0];
    d->cpu_saved_lo = d->cpu_saved_hi = p.saved[0];
    for (size_t i = 0; i < p.n; i++) {
        d->ratio_lo = fmin(d->ratio_lo, p.ratio[i]);
        d->ratio_hi = fmax(d->ratio_hi, p.ratio[i]);
        d->cpu_saved_lo = fmin(d->cpu_saved_lo, p.saved[i]);
        d->cpu_saved_hi = fmax(d->cpu_saved_hi, p.saved[i]);
        if (verdict(&p, p.sector[i]) == CM_DMC_FASTER && (!d->pays_from_sector || p.sector[i] < d->pays_from_sector))
            d->pays_from_sector = p.sector[i];
    }
    double lin[MAX_PAIRS];
    size_t nl = 0;
    for (size_t i = 0; i < r->n && nl < MAX_PAIRS; i++)
        if (r->pts[i].ok && !r->pts[i].spec[0] && r->pts[i].io_size == d->io_size)
            lin[nl++] = cm_dmc_mb_s(&r->pts[i]);
    d->linear_mb_s = nl ? median_of(lin, nl) : 0;
}

/* The smallest sector size measured at d's I/O size. */
static unsigned smallest_sector(const cm_dmc_result *r, const cm_answer_dmcrypt *d)
{
    unsigned s = 0;
    for (size_t i = 0; i < r->n; i++)
        if (!strcmp(r->pts[i].label, d->cipher) && r->pts[i].io_size == d->io_size &&
            (!s || r->pts[i].sector_size < s))
            s = r->pts[i].sector_size;
    return s;
}

/* Digits after the point for CPU seconds per GB: none from 10 on. */
static int cpu_digits(double v)
{
    return fabs(v) >= 10 ? 0 : 2;
}

/* What the figures say, after the driver's words (generic: the AES driver
 * the generic mapping forced). */
static void comparison(const cm_dmc_result *r, const cm_answer_dmcrypt *d, char *out, size_t len)
{
    char a[16], b[16];
    if (d->verdict == CM_DMC_NOT_COMPARED) {
        snprintf(out, len, "; no generic mapping measured to compare with");
        return;
    }
    snprintf(out, len, ": %.1f MB/s at %s I/O vs %.1f with %s, dm-linear %.1f; ", d->mb_s,
             size_text(d->io_size, a, sizeof a), d->generic_mb_s, r->generic_driver[0] ? r->generic_driver : d->generic,
             d->linear_mb_s);
    if (d->verdict == CM_DMC_NO_CLEAR)
        cm_text_append(out, len, "no clear difference (%.2fx to %.2fx over sector sizes and directions)",
                       d->ratio_lo, d->ratio_hi);
    else
        cm_text_append(out, len, "%s in every pair (%.2fx to %.2fx)", d->verdict == CM_DMC_FASTER ? "faster" : "slower",
                       d->ratio_lo, d->ratio_hi);
    int all_sectors = d->pays_from_sector == smallest_sector(r, d);
    if (d->pays_from_io)
        cm_text_append(out, len, "; pays off from %s I/O", size_text(d->pays_from_io, a, sizeof a));
    if (d->pays_from_sector && !all_sectors)
        cm_text_append(out, len, "%s sector >= %u at %s", d->pays_from_io ? "," : "; pays off from",
                       d->pays_from_sector, size_text(d->io_size, b, sizeof b));
    if (isnan(d->cpu_s_per_gb_saved))
        return;
    if (d->cpu_saved_lo < 0 && d->cpu_saved_hi > 0) /* the pairs disagree: no claim */
        cm_text_append(out, len, "; CPU time: no clear difference (%+.*f to %+.*f s/GB)", cpu_digits(d->cpu_saved_lo),
                       d->cpu_saved_lo, cpu_digits(d->cpu_saved_hi), d->cpu_saved_hi);
    else
        cm_text_append(out, len, "; %s %.*f CPU s/GB", d->cpu_s_per_gb_saved >= 0 ? "saves" : "costs",
                       cpu_digits(d->cpu_s_per_gb_saved), fabs(d->cpu_s_per_gb_saved));
}

/* How a driver class reads in the answer (an engine's name follows). */
static const char *class_words(const char *klass)
{
    static const struct {
        const char *klass, *words;
    } words[] = {{"hardware-engine", "off-CPU engine: "}, {"cpu-instructions", "CPU instructions"},
                 {"software", "generic C"}, {"library", "the kernel's library code"}};
    for (size_t i = 0; klass && i < sizeof words / sizeof *words; i++)
        if (!strcmp(klass, words[i].klass))
            return words[i].words;
    return klass ? klass : "class unknown";
}

/* The answer of cipher, whose first pass through the kernel's choice is c. */
static void cipher_answer(const cm_dmc_result *r, const cm_dmc_point *c, const platform_kcrypto *kc,
                          cm_answer_dmcrypt *d)
{
    char drv[CM_ANSWER_NAME], cmp[CM_ANSWER_TEXT], how[CM_ANSWER_TEXT] = "";
    const char *what = NULL;
    memset(d, 0, sizeof *d);
    snprintf(d->cipher, sizeof d->cipher, "%s", c->label);
    snprintf(d->served_by, sizeof d->served_by, "%s", c->drivers[0] ? c->drivers : "unknown");
    for (size_t i = 0; i < r->n && !d->generic[0]; i++)
        if (generic_of(&r->pts[i], c->label) && r->pts[i].drivers[0])
            snprintf(d->generic, sizeof d->generic, "%s", r->pts[i].drivers);
    cipher_driver(d->served_by, drv, sizeof drv);
    const char *klass = c->drivers[0] ? platform_kdriver_class(drv, NULL, &what) : NULL;
    snprintf(d->driver_class, sizeof d->driver_class, "%s", klass ? klass : "");
    af_alg_reach(kc, drv, d);
    figures(r, d);
    comparison(r, d, cmp, sizeof cmp);
    if (d->af_alg == 1)
        snprintf(how, sizeof how, "; AF_ALG reaches %s too", drv);
    else if (d->af_alg == 0)
        snprintf(how, sizeof how, "; AF_ALG cannot reach %s (%s)", drv, d->af_alg_why);
    int same = d->generic[0] && !strcmp(d->generic, d->served_by);
    int engine = klass && !strcmp(klass, "hardware-engine") && what;
    snprintf(d->text, sizeof d->text, "%s via %s%s (%s%.*s)%s%s.", d->cipher,
             same ? "the generic driver itself, " : "", d->served_by, class_words(klass),
             engine ? (int)strcspn(what, "(") - (strchr(what, '(') ? 1 : 0) : 0, engine ? what : "", cmp, how);
}

/* See dmcrypt.h. */
void cm_dmcrypt_answers(const cm_dmc_result *r, const platform_kcrypto *kc, cm_answers *a)
{
    memset(a, 0, sizeof *a);
    char dev[16];
    a->trust.quotable = 0; /* no health checks, single passes */
    if (r->unavailable)
        snprintf(a->trust.text, sizeof a->trust.text, "dm-crypt: not measured here (%s).", r->unavailable);
    else
        snprintf(a->trust.text, sizeof a->trust.text,
                 "dm-crypt: each figure is one pass over a %s RAM device, with no health checks; a "
                 "difference is called only where every sector size and direction agree.",
                 size_text((size_t)r->device_bytes, dev, sizeof dev));
    for (size_t i = 0; i < r->n && a->n_dmcrypt < CM_ANSWER_MAX_DMCRYPT; i++) {
        const cm_dmc_point *c = &r->pts[i];
        int seen = !c->spec[0] || !strncmp(c->spec, "capi:", 5);
        for (size_t k = 0; k < a->n_dmcrypt && !seen; k++)
            seen = !strcmp(a->dmcrypt[k].cipher, c->label);
        if (!seen)
            cipher_answer(r, c, kc, &a->dmcrypt[a->n_dmcrypt++]);
    }
    cm_answers_lines(a);
}

/* See dmcrypt.h. */
struct cm_answers *cm_dmcrypt_answers_here(const cm_dmc_result *r)
{
    platform_kcrypto kc;
    cm_error err = {0};
    cm_answers *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    int have = !r->unavailable && platform_kcrypto_read(NULL, &kc, &err) == 0;
    cm_dmcrypt_answers(r, have ? &kc : NULL, a);
    if (have)
        platform_kcrypto_free(&kc);
    return a;
}
