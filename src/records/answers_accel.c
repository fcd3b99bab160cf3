/*
 * answers_accel.c — the acceleration answer (answers.h): each crypto
 * feature the CPU offers (present: detected, enabled by the OS, not
 * masked), and which measured implementations use it (the kernel's
 * drivers: answers_kernel.c). The evidence is said with each name:
 * "declared" when the implementation's own variant names the feature (our
 * `aesni`, `shani`, `armce` code; a kernel driver's name, or the driver
 * that served afalg:kernel), "inferred" from
 * its speed against our portable code at the headline size (the ratio is
 * given); a library whose use cannot be inferred from speed (VAES over
 * AES-NI) is not named. A feature the CPU lacks (or --isa masks) whose
 * algorithms were measured is said too, with the implementations measured
 * that run without it (software code: tables, bit-slicing, portable C); and
 * for NEON (ASIMD), our NEON code's speed-up over our portable code, per
 * algorithm.
 */
#include <stdio.h>
#include <string.h>
#include "records/answers.h"
#include "util/text.h"

#define HEADLINE_SIZE 16384

/* One feature: the algorithms (name prefixes) it speeds up, the words of a
 * variant or kernel driver name that declare its use, and the speed-up
 * over the portable code from which its use is inferred (0: never). */
typedef struct accel_rule {
    const char *feature, *algorithms, *declare;
    double speedup;
} accel_rule;

static const accel_rule RULES[] = {
    {"aes", "aes-", "aesni vaes256 vaes512 armce aes-ce", 3.0},
    {"pclmulqdq", "aes-128-gcm aes-256-gcm", "aesni clmulni", 3.0},
    {"vaes", "aes-", "vaes256 vaes512", 0},
    {"vpclmulqdq", "aes-128-gcm aes-256-gcm", "vaes256 vaes512", 0},
    {"sha_ni", "sha1 sha256 hmac-sha1 hmac-sha256", "shani sha1-ni sha256-ni", 2.0},
    {"pmull", "aes-128-gcm aes-256-gcm", "armce ghash-ce", 3.0},
    {"sha1", "sha1 hmac-sha1", "armce sha1-ce", 2.0},
    {"sha2", "sha256 hmac-sha256", "armce sha2-ce sha256-ce", 2.0},
    {"sha512", "sha512 hmac-sha512", "sha512ce sha512-ce", 2.0},
};

/* Our NEON code (ref:neon) against our portable code: the feature's name on
 * each architecture, the algorithms our NEON code has. */
static const accel_rule NEON_RULES[] = {
    {"neon", "chacha20 blake2 norx", "neon", 0},
    {"asimd", "chacha20 blake2 norx", "neon", 0},
};

/* 1 when s contains one of the space-separated words (as prefixes when
 * prefix, else anywhere). */
static int has_word(const char *s, const char *words, int prefix)
{
    char w[64];
    for (const char *p = words; *p; p += strspn(p, " ")) {
        size_t n = strcspn(p, " ");
        snprintf(w, sizeof w, "%.*s", (int)n, p);
        p += n;
        if (prefix ? strncmp(s, w, strlen(w)) == 0 : strstr(s, w) != NULL)
            return 1;
    }
    return 0;
}

/* Our portable code's figure for r's operation at r's size, or 0. */
static double portable_figure(const cm_answers_input *in, const cm_record *r)
{
    double v, lo, hi;
    for (size_t i = 0; i < in->n; i++) {
        const cm_record *p = &in->recs[i];
        if (p->alg == r->alg && p->op == r->op && p->size == r->size &&
            !strcmp(p->backend, "ref") && !strcmp(p->variant, "portable") &&
            cm_answers_figure(p, &v, &lo, &hi))
            return v;
    }
    return 0;
}

/* The best speed-up over the portable code of implementation name's
 * records of the rule's algorithms at the headline size (0: none known). */
static double best_ratio(const cm_answers_input *in, const accel_rule *rule, const char *name)
{
    double best = 0, v, lo, hi;
    for (size_t i = 0; i < in->n; i++) {
        const cm_record *r = &in->recs[i];
        char n[CM_ANSWER_NAME];
        cm_answers_impl_name(r, n, sizeof n);
        if (strcmp(n, name) || r->size != HEADLINE_SIZE ||
            !has_word(r->alg->name, rule->algorithms, 1) || !cm_answers_figure(r, &v, &lo, &hi))
            continue;
        double p = portable_figure(in, r);
        if (p > 0 && v / p > best)
            best = v / p;
    }
    return best;
}

static int emulated(const cm_answers_input *in)
{
    return in->emulation && in->emulation->emulated;
}

/* Adds implementation r to the rule's answer x (once), as using it or not,
 * with its evidence appended to used or unused; a library under an
 * emulator, to unknown (" name," each), not judged. */
static void judge(const cm_answers_input *in, const accel_rule *rule, const cm_record *r,
                  cm_answer_accel *x, char *used, char *unused, char *unknown, size_t len)
{
    char name[CM_ANSWER_NAME];
    cm_answers_impl_name(r, name, sizeof name);
    if (cm_answer_names_has(x->used_by, x->n_used, name) ||
        cm_answer_names_has(x->not_used_by, x->n_not, name))
        return;
    int ours = !strcmp(r->backend, "ref") || !strcmp(r->backend, "afalg");
    /* afalg:kernel is served by the kernel's choice, named in served_by (cbc-aes-ce ...) */
    int declared = has_word(r->variant, rule->declare, 0) ||
                   (r->served_by && has_word(r->served_by, rule->declare, 0));
    if (!ours && !declared && emulated(in)) {
        char said[CM_ANSWER_NAME + 4];
        snprintf(said, sizeof said, " %s,", name);
        if (!strstr(unknown, said))
            cm_text_append(unknown, len, "%s", said);
        return; /* an emulator's speed tells nothing of a library's use */
    }
    double ratio = ours || declared || rule->speedup <= 0 ? 0 : best_ratio(in, rule, name);
    if (!ours && !declared && ratio <= 0)
        return; /* nothing to judge by */
    int uses = declared || (!ours && ratio >= rule->speedup);
    char ev[64];
    if (ours || declared)
        snprintf(ev, sizeof ev, "%s", declared ? " (declared)" : "");
    else
        snprintf(ev, sizeof ev, " %.1fx", ratio);
    if (uses && cm_answer_names_add(x->used_by, &x->n_used, name))
        cm_text_append(used, len, "%s%s%s", used[0] ? ", " : "", name, ev);
    else if (!uses && cm_answer_names_add(x->not_used_by, &x->n_not, name))
        cm_text_append(unused, len, "%s%s%s", unused[0] ? ", " : "", name, ev);
}

static void cpu_feature(const cm_answers_input *in, const accel_rule *rule,
                        const platform_feature *f, cm_answers *a)
{
    cm_answer_accel *x = &a->accel[a->n_accel];
    char used[CM_ANSWER_TEXT] = "", unused[CM_ANSWER_TEXT] = "", unknown[CM_ANSWER_TEXT] = "";
    memset(x, 0, sizeof *x);
    snprintf(x->feature, sizeof x->feature, "%s", rule->feature);
    snprintf(x->offered_by, sizeof x->offered_by, "cpu");
    for (size_t i = 0; i < in->n; i++)
        if (cm_record_measured(&in->recs[i]) &&
            has_word(in->recs[i].alg->name, rule->algorithms, 1))
            judge(in, rule, &in->recs[i], x, used, unused, unknown, sizeof used);
    if (!x->n_used && !x->n_not && !unknown[0])
        return; /* nothing measured that it would speed up */
    const char *label = f->label && f->label[0] ? f->label : rule->feature;
    if (unknown[0])
        unknown[strlen(unknown) - 1] = '\0'; /* the last comma */
    snprintf(x->text, sizeof x->text, "%s (CPU): %s%s%s%s%s%s%s", label,
             unused[0] ? "not used by " : "", unused,
             unused[0] ? "; used by " : unknown[0] ? "used by " : "used by every one measured: ",
             used[0] ? used : "none", unknown[0] ? "; " CM_ANSWER_NOT_JUDGED ":" : "",
             unknown, unknown[0] ? "."
             : rule->speedup > 0 ? " (Nx: inferred, speed over our portable code at 16 KiB)."
                                 : " (declared only: speed cannot tell this feature's use).");
    a->n_accel++;
}

/* A feature the CPU lacks or --isa masks (only those that speed up a whole
 * algorithm: not VAES over AES-NI): the measured implementations of its
 * algorithms, all running without it. */
static void absent_feature(const cm_answers_input *in, const accel_rule *rule,
                           const platform_feature *f, cm_answers *a)
{
    cm_answer_accel *x = &a->accel[a->n_accel];
    char names[CM_ANSWER_TEXT] = "", n[CM_ANSWER_NAME];
    if (rule->speedup <= 0)
        return;
    memset(x, 0, sizeof *x);
    for (size_t i = 0; i < in->n && x->n_not < CM_ANSWER_MAX_IMPLS; i++) {
        const cm_record *r = &in->recs[i];
        if (!cm_record_measured(r) || !has_word(r->alg->name, rule->algorithms, 1))
            continue;
        cm_answers_impl_name(r, n, sizeof n);
        if (!cm_answer_names_add(x->not_used_by, &x->n_not, n))
            continue;
        cm_text_append(names, sizeof names, "%s%s", names[0] ? ", " : "", n);
    }
    if (!x->n_not)
        return;
    snprintf(x->feature, sizeof x->feature, "%s", rule->feature);
    snprintf(x->offered_by, sizeof x->offered_by, "absent");
    snprintf(x->text, sizeof x->text, "%s (CPU): absent (%s): software fallback (tables, bit-slicing, C) "
             "in %s.", f->label && f->label[0] ? f->label : rule->feature,
             f->cpu && f->masked ? "masked by --isa" : "the CPU lacks it", names);
    a->n_accel++;
}

/* Our NEON code's speed-up over our portable code at the headline size, per
 * algorithm measured both ways (its first operation measured). */
static void own_neon(const cm_answers_input *in, const accel_rule *rule, const platform_feature *f,
                     cm_answers *a)
{
    cm_answer_accel *x = &a->accel[a->n_accel];
    char ratios[CM_ANSWER_TEXT] = "";
    double v, lo, hi;
    memset(x, 0, sizeof *x);
    for (size_t i = 0; i < in->n; i++) {
        const cm_record *r = &in->recs[i];
        if (strcmp(r->backend, "ref") || strcmp(r->variant, rule->declare) || r->size != HEADLINE_SIZE ||
            !has_word(r->alg->name, rule->algorithms, 1) || !cm_answers_figure(r, &v, &lo, &hi))
            continue;
        double p = portable_figure(in, r);
        char said[CM_ANSWER_NAME + 2];
        snprintf(said, sizeof said, " %s ", r->alg->name);
        if (p > 0 && !strstr(ratios, said))
            cm_text_append(ratios, sizeof ratios, " %s %.1fx,", r->alg->name, v / p);
    }
    if (!ratios[0])
        return;
    snprintf(x->feature, sizeof x->feature, "%s", rule->feature);
    snprintf(x->offered_by, sizeof x->offered_by, "cpu");
    snprintf(x->used_by[x->n_used++], CM_ANSWER_NAME, "ref:%s", rule->declare);
    ratios[strlen(ratios) - 1] = '\0'; /* the last comma */
    snprintf(x->text, sizeof x->text, "%s (CPU): our ref:%s over ref:portable at 16 KiB:%s.",
             f->label && f->label[0] ? f->label : rule->feature, rule->declare, ratios);
    a->n_accel++;
}

void cm_answers_accel(const cm_answers_input *in, cm_answers *a)
{
    for (size_t k = 0; in->cpu && k < sizeof RULES / sizeof RULES[0]; k++)
        for (size_t i = 0; i < in->cpu->n_features && a->n_accel < CM_ANSWER_MAX_ACCEL; i++)
            if (!strcmp(in->cpu->features[i].name, RULES[k].feature))
                (in->cpu->features[i].present ? cpu_feature : absent_feature)(in, &RULES[k],
                                                                              &in->cpu->features[i], a);
    for (size_t k = 0; in->cpu && k < sizeof NEON_RULES / sizeof NEON_RULES[0]; k++)
        for (size_t i = 0; i < in->cpu->n_features && a->n_accel < CM_ANSWER_MAX_ACCEL; i++)
            if (in->cpu->features[i].present && !strcmp(in->cpu->features[i].name, NEON_RULES[k].feature))
                own_neon(in, &NEON_RULES[k], &in->cpu->features[i], a);
}
