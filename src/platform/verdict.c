/*
 * verdict.c — one set of verdicts from all the evidence of a detect
 * document (verdict.h): the AES score of each cluster judged again with the
 * CPU's AES instructions, OpenSSL's capability vector and the emulator
 * evidence (the rule stays in aes_score.c), twins compared (aes_twins.c),
 * the CPU's emulation (verdict_emulation.c) and the kernel's engines
 * (verdict_kernel.c), each as one sentence.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <jansson.h>

#include "platform/aes_result.h"
#include "platform/aes_score.h"
#include "platform/emulation.h"
#include "platform/evidence.h"
#include "platform/kernel_crypto.h"
#include "platform/library.h"
#include "platform/verdict.h"
#include "platform/verdict_list.h"
#include "util/json.h"
#include "util/json_read.h"

/* "present" or "absent": the CPU's AES instructions as the feature table
 * read them (cpuid, hwcaps; a CRYPTOMETER_ISA_MASK does not hide them from
 * OpenSSL), or NULL when the table has no AES entry. */
static const char *aes_instructions(const platform_cpu_doc *cpu)
{
    for (size_t i = 0; i < cpu->n_features; i++)
        if (cpu->features[i].name && strcmp(cpu->features[i].name, "aes") == 0)
            return cpu->features[i].cpu ? "present" : "absent";
    return NULL;
}

/* "used" or "masked": OpenSSL's capability vector for AES ("aes-ni" on
 * x86, "aes" on Arm), with who masks it into masked_by; NULL: unknown
 * (openssl NULL: not in this build). */
static const char *library_aes(const platform_library *openssl, char *masked_by, size_t len)
{
    const platform_lib_caps *caps = openssl ? &openssl->caps : NULL;
    const platform_lib_feature *v = caps ? platform_lib_feature_find(caps, "aes-ni") : NULL;
    if (caps && !v)
        v = platform_lib_feature_find(caps, "aes");
    if (!v)
        return NULL;
    if (v->on)
        return "used";
    if (caps->env)
        snprintf(masked_by, len, "%s=%s in the environment", caps->variable, caps->env);
    else
        snprintf(masked_by, len, "OpenSSL's own capability vector (%s=%s: a library too old for this CPU, or "
                 "built without its assembly)", caps->variable ? caps->variable : "?",
                 caps->value ? caps->value : "?");
    return "masked";
}

/* *s judged again with the evidence, what was added after the rule kept
 * (cluster, quick, observed, twins). -1 when out of memory. */
static int rejudge(platform_aes_result *s, const platform_aes_figure *ev)
{
    platform_aes_figure fig = *ev;
    fig.core_name = s->core_name;
    fig.mhz = s->mhz;
    fig.kbs_16k = s->kbs_16k;
    fig.claimed_mhz = s->claimed_mhz;
    fig.mhz_label = s->mhz_source;
    fig.arch = s->arch;
    platform_aes_result out;
    if (platform_aes_judge(NULL, &fig, &out) != 0) {
        platform_aes_result_free(&out);
        return -1;
    }
    out.added = s->added;
    memset(&s->added, 0, sizeof s->added);
    platform_aes_result_free(s);
    *s = out;
    return 0;
}

/* The sentences v[0..n) as one phrase, each after sep but the first
 * (lead: the first too). */
static void phrase(char *const *v, size_t n, const char *sep, int lead, char *buf, size_t len)
{
    size_t used;
    buf[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        used = strlen(buf);
        snprintf(buf + used, len - used, "%s%s", i || lead ? sep : "", v[i]);
    }
}

/* The evidence then the hints of em as a JSON array; NULL when out of
 * memory. */
static json_t *all_sentences(const platform_emulation_doc *em)
{
    json_t *a = cm_jw_strings(em->evidence, em->n_evidence), *hints = cm_jw_strings(em->hints, em->n_hints);
    int rc = a && hints ? json_array_extend(a, hints) : -1;
    json_decref(hints);
    return cm_json_checked(a, rc);
}

/* See verdict.h. */
int platform_weigh_aes_scores(platform_aes_result *scores, size_t n, const platform_cpu_doc *cpu,
                              const platform_library *openssl, const platform_emulation_doc *em)
{
    char masked_by[256] = "", emulated[1024];
    platform_aes_figure ev = {0};
    ev.aes_instructions = aes_instructions(cpu);
    ev.library_aes = library_aes(openssl, masked_by, sizeof masked_by);
    ev.masked_by = masked_by;
    phrase(em->evidence, em->n_evidence, "; ", 0, emulated, sizeof emulated);
    ev.emulated = em->emulated ? emulated : NULL;
    ev.native = em->native;
    for (size_t i = 0; i < n; i++)
        if (rejudge(&scores[i], &ev) != 0)
            return -1;
    return platform_aes_twins(scores, n);
}

/* A hint of emulation (a QEMU machine: KVM or TCG) and AES in table code
 * far below its core's table-code family (aes_score.c step 7): under KVM
 * table code runs at the core's speed, so TCG. (A qemu-system-arm guest
 * with -cpu cortex-a15 has no positive evidence: its MIDR is a real core's.) */
static int table_code_verdict(const platform_cpu_doc *cpu, const platform_emulation_doc *em,
                              const platform_aes_block *scores, platform_verdict_list *verdicts)
{
    double fraction = platform_aes_absent_fraction();
    char ev[1024], msg[2048];
    for (size_t i = 0; em->n_hints && i < scores->n; i++) {
        const platform_aes_result *s = &scores->scores[i];
        const platform_aes_table_code *t = &s->table_code;
        if (!s->has_table_code || !(t->deviation < fraction - 1.0))
            continue;
        phrase(em->hints, em->n_hints, "; ", 0, ev, sizeof ev);
        snprintf(msg, sizeof msg, "Emulated CPU (QEMU TCG or similar), inferred: %s, and cluster %lld's AES "
                 "in table code scores %.1f per MHz, %.0f%% below the %s family (%.2f), under %.0f%% of it, "
                 "where KVM would run it at the core's speed; timings describe the emulator, not a core, so "
                 "no conclusion about the CPU's clock is drawn from them; run on bare metal to measure the "
                 "core.", ev, platform_aes_cluster_number(&s->added.cluster), s->score_per_mhz,
                 -100 * t->deviation, t->family, t->ratio, 100 * fraction);
        return platform_verdict_add(verdicts, "cpu", cpu->model_name, "emulated-cpu", msg,
                                    cm_jw_strings(em->hints, em->n_hints));
    }
    return 0;
}

/* The CPU's verdict: emulated from positive evidence, or likely emulated
 * from an AES score (AES instructions used, or table code, with a QEMU
 * machine); nothing to say otherwise. */
static int cpu_verdict(const platform_cpu_doc *cpu, const platform_emulation_doc *em, const platform_aes_block *scores,
                       platform_verdict_list *verdicts)
{
    const char *model = cpu->model_name;
    char ev[1024], msg[2048];
    if (em->emulated) {
        phrase(em->evidence, em->n_evidence, "; ", 0, ev, sizeof ev);
        snprintf(msg, sizeof msg, "Emulated CPU (QEMU TCG or similar): %s; timings describe the emulator, not a "
                 "core, so no conclusion about the CPU's crypto extensions or clock is drawn from them (the "
                 "features and drivers above are the emulated ones); run on bare metal (or under KVM) to measure "
                 "the core.", ev);
        return platform_verdict_add(verdicts, "cpu", model, "emulated-cpu", msg,
                                    all_sentences(em));
    }
    for (size_t i = 0; i < scores->n; i++) {
        const platform_aes_result *s = &scores->scores[i];
        if (!s->verdict || strcmp(s->verdict, "emulated-cpu") != 0)
            continue;
        phrase(em->hints, em->n_hints, "; ", 1, ev, sizeof ev);
        snprintf(msg, sizeof msg, "Emulated CPU (QEMU TCG or similar): the CPU reports AES instructions and "
                 "OpenSSL uses them, yet cluster %lld scores %.1f per MHz, far below every core family%s; "
                 "timings describe the emulator, not a core, so no conclusion about the CPU's crypto extensions "
                 "or clock is drawn from them; run on bare metal (or under KVM) to measure the core.",
                 platform_aes_cluster_number(&s->added.cluster), s->score_per_mhz, ev);
        return platform_verdict_add(verdicts, "cpu", model, "emulated-cpu", msg,
                                    cm_jw_strings(em->hints, em->n_hints));
    }
    return table_code_verdict(cpu, em, scores, verdicts);
}

/* Adds the verdicts of every AES score and of twins that disagree. */
static int score_verdicts(const platform_aes_block *scores, platform_verdict_list *verdicts)
{
    char subject[64];
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < scores->n; i++) {
        const platform_aes_result *s = &scores->scores[i];
        snprintf(subject, sizeof subject, "cluster %lld", platform_aes_cluster_number(&s->added.cluster));
        rc |= platform_verdict_add(verdicts, "aes-score", subject, s->verdict, s->message, NULL);
        if (s->added.twins.flagged)
            rc |= platform_verdict_add(verdicts, "twins", subject, "twin-disagrees",
                                       s->added.twins.message, NULL);
    }
    return rc;
}

/* The verdicts of ev (its AES scores judged again in place, em filled). */
static json_t *verdicts_of(platform_evidence *ev, platform_emulation_doc *em)
{
    platform_verdict_list verdicts = {0};
    json_t *out = NULL;
    int rc = platform_emulation_fill(em, &ev->cpu, ev->snapshot);
    if (rc == 0)
        rc |= platform_weigh_aes_scores(ev->scores.scores, ev->scores.n, &ev->cpu, &ev->openssl, em);
    if (rc == 0)
        rc |= cpu_verdict(&ev->cpu, em, &ev->scores, &verdicts);
    if (rc == 0)
        rc |= score_verdicts(&ev->scores, &verdicts);
    if (rc == 0 && !(out = platform_verdict_list_to_json(&verdicts)))
        rc = -1;
    platform_verdict_list_free(&verdicts);
    if (rc == 0)
        rc |= platform_kernel_verdicts(&ev->kc, out);
    return cm_json_checked(out, rc);
}

/* See verdict.h. */
json_t *platform_verdicts(json_t *doc)
{
    platform_evidence ev;
    platform_emulation_doc em = {0};
    json_t *out = platform_evidence_from_json(doc, PLATFORM_EVIDENCE_DETECT, &ev, NULL) == 0
                      ? verdicts_of(&ev, &em)
                      : NULL;
    int rc = out ? 0 : -1;
    if (rc == 0 && ev.has_scores)
        rc |= cm_json_put(doc, "aes_score", platform_aes_block_to_json(&ev.scores));
    if (rc == 0)
        rc |= cm_json_put(doc, "emulation", platform_emulation_to_json(&em));
    platform_emulation_free(&em);
    platform_evidence_free(&ev);
    return cm_json_checked(out, rc);
}
