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

#include "platform/aes_score.h"
#include "platform/kernel_crypto.h"
#include "platform/verdict.h"
#include "platform/verdict_list.h"
#include "util/json.h"

static const char *sget(const json_t *o, const char *k)
{
    return json_string_value(json_object_get(o, k));
}

static double nget(const json_t *o, const char *k)
{
    const json_t *v = json_object_get(o, k);
    return json_is_number(v) ? json_number_value(v) : NAN;
}

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
 * x86, "aes" on Arm), with who masks it into masked_by; NULL: unknown. */
static const char *library_aes(const json_t *doc, char *masked_by, size_t len)
{
    const json_t *caps = json_object_get(json_object_get(json_object_get(doc, "backends"), "openssl"), "capabilities");
    const json_t *feats = json_object_get(caps, "features");
    const json_t *v = json_object_get(feats, "aes-ni") ? json_object_get(feats, "aes-ni") : json_object_get(feats, "aes");
    if (!json_is_boolean(v))
        return NULL;
    if (json_is_true(v))
        return "used";
    if (sget(caps, "env"))
        snprintf(masked_by, len, "%s=%s in the environment", sget(caps, "variable"), sget(caps, "env"));
    else
        snprintf(masked_by, len, "OpenSSL's own capability vector (%s=%s: a library too old for this CPU, or "
                 "built without its assembly)", sget(caps, "variable") ? sget(caps, "variable") : "?",
                 sget(caps, "value") ? sget(caps, "value") : "?");
    return "masked";
}

/* s judged again with the evidence, its other keys kept; NULL when out of
 * memory. */
static json_t *rejudge(const json_t *s, const platform_aes_figure *ev)
{
    platform_aes_figure fig = *ev;
    fig.core_name = sget(s, "core_name");
    fig.mhz = nget(s, "mhz");
    fig.kbs_16k = nget(s, "kbs_16k");
    fig.claimed_mhz = nget(s, "claimed_mhz");
    fig.mhz_label = sget(s, "mhz_source");
    fig.arch = sget(s, "arch");
    json_t *out = platform_aes_verdict(NULL, &fig);
    const char *k;
    json_t *v;
    json_object_foreach((json_t *)s, k, v)
        if (out && !json_object_get(out, k) && json_object_set(out, k, v) != 0) {
            json_decref(out);
            return NULL;
        }
    return out;
}

/* The positive emulator evidence as one phrase. */
static void evidence_phrase(const json_t *emulation, char *buf, size_t len)
{
    size_t i, used;
    const json_t *e;
    buf[0] = '\0';
    json_array_foreach(json_object_get(emulation, "evidence"), i, e) {
        used = strlen(buf);
        snprintf(buf + used, len - used, "%s%s", i ? "; " : "", json_string_value(e));
    }
}

/* See verdict.h. */
int platform_weigh_aes_scores(json_t *scores, const platform_cpu_doc *cpu, const json_t *doc,
                              const json_t *emulation)
{
    char masked_by[256] = "", emulated[1024];
    platform_aes_figure ev = {0};
    ev.aes_instructions = aes_instructions(cpu);
    ev.library_aes = library_aes(doc, masked_by, sizeof masked_by);
    ev.masked_by = masked_by;
    evidence_phrase(emulation, emulated, sizeof emulated);
    ev.emulated = json_is_true(json_object_get(emulation, "emulated")) ? emulated : NULL;
    ev.native = sget(emulation, "native");
    for (size_t i = 0; i < json_array_size(scores); i++) {
        json_t *n = rejudge(json_array_get(scores, i), &ev);
        if (!n || json_array_set_new(scores, i, n) != 0)
            return -1;
    }
    return platform_aes_twins(scores);
}

/* Appends a verdict to verdicts (verdict_list.h; evidence stolen). */
static int add(platform_verdict_list *verdicts, const char *id, const char *subject, const char *code,
               const char *message, json_t *evidence)
{
    return platform_verdict_add(verdicts, id, subject, code, message, evidence);
}

/* The CPU's verdict: emulated from positive evidence, or likely emulated
 * from an AES score; nothing to say otherwise. */
static int cpu_verdict(const platform_cpu_doc *cpu, const json_t *emulation, const json_t *scores,
                       platform_verdict_list *verdicts)
{
    const char *model = cpu->model_name;
    char ev[1024], msg[2048];
    size_t i;
    const json_t *s;
    if (json_is_true(json_object_get(emulation, "emulated"))) {
        evidence_phrase(emulation, ev, sizeof ev);
        snprintf(msg, sizeof msg, "Emulated CPU (QEMU TCG or similar): %s; timings describe the emulator, not a "
                 "core, so no conclusion about the CPU's crypto extensions or clock is drawn from them (the "
                 "features and drivers above are the emulated ones); run on bare metal (or under KVM) to measure "
                 "the core.", ev);
        json_t *all = json_deep_copy(json_object_get(emulation, "evidence"));
        if (all)
            json_array_extend(all, json_object_get(emulation, "hints"));
        return add(verdicts, "cpu", model, "emulated-cpu", msg, all);
    }
    json_array_foreach(scores, i, s) {
        if (!sget(s, "verdict") || strcmp(sget(s, "verdict"), "emulated-cpu") != 0)
            continue;
        size_t j, used;
        const json_t *h;
        ev[0] = '\0';
        json_array_foreach(json_object_get(emulation, "hints"), j, h) {
            used = strlen(ev);
            snprintf(ev + used, sizeof ev - used, "; %s", json_string_value(h));
        }
        snprintf(msg, sizeof msg, "Emulated CPU (QEMU TCG or similar): the CPU reports AES instructions and "
                 "OpenSSL uses them, yet cluster %lld scores %.1f per MHz, far below every core family%s; "
                 "timings describe the emulator, not a core, so no conclusion about the CPU's crypto extensions "
                 "or clock is drawn from them; run on bare metal (or under KVM) to measure the core.",
                 (long long)json_integer_value(json_object_get(s, "cluster")), nget(s, "score_per_mhz"), ev);
        return add(verdicts, "cpu", model, "emulated-cpu", msg, json_deep_copy(json_object_get(emulation, "hints")));
    }
    return 0;
}

/* See verdict.h. */
json_t *platform_verdicts(json_t *doc)
{
    platform_cpu_doc cpu;
    if (platform_cpu_doc_from_json(json_object_get(doc, "cpu"), &cpu, NULL) != 0)
        return NULL;
    json_t *emulation = platform_emulation_of(&cpu, json_object_get(doc, "health_snapshot")), *out = NULL;
    json_t *scores = json_object_get(json_object_get(doc, "aes_score"), "scores"), *s;
    platform_verdict_list verdicts = {0};
    int rc = emulation ? 0 : -1;
    size_t i;
    char subject[64];
    if (rc == 0)
        rc |= platform_weigh_aes_scores(scores, &cpu, doc, emulation);
    if (rc == 0)
        rc |= cpu_verdict(&cpu, emulation, scores, &verdicts);
    platform_cpu_doc_free(&cpu);
    json_array_foreach(scores, i, s) {
        snprintf(subject, sizeof subject, "cluster %lld", (long long)json_integer_value(json_object_get(s, "cluster")));
        rc |= add(&verdicts, "aes-score", subject, sget(s, "verdict"), sget(s, "message"), NULL);
        json_t *tw = json_object_get(s, "twins");
        if (json_is_true(json_object_get(tw, "flagged")))
            rc |= add(&verdicts, "twins", subject, "twin-disagrees", sget(tw, "message"), NULL);
    }
    if (rc == 0 && !(out = platform_verdict_list_to_json(&verdicts)))
        rc = -1;
    platform_verdict_list_free(&verdicts);
    platform_kcrypto kc = {0};
    if (rc == 0)
        rc |= platform_kcrypto_from_json(json_object_get(doc, "kernel_crypto"), &kc, NULL);
    if (rc == 0)
        rc |= platform_kernel_verdicts(&kc, out);
    platform_kcrypto_free(&kc);
    rc |= cm_json_put(doc, "emulation", emulation);
    return cm_json_checked(out, rc);
}
