/*
 * detect_text.c — the detect document (detect.h) for a person, readable in
 * ten seconds: CPU and clusters, features, kernel drivers, AF_ALG and RNG,
 * libraries, clock, AES score, the verdicts, health flags. A view of the JSON only, so it
 * never states a fact that `detect --json` lacks.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "run/detect.h"
#include "run/detect_text_health.h"
#include "run/detect_text_kernel.h"
#include "measure/probe.h"
#include "platform/aes_score.h"
#include "run/detect_text_cpu.h"

/* Field shortcuts on jansson objects. */
static const char *sget(const json_t *o, const char *k)
{
    return json_string_value(json_object_get(o, k));
}

static double nget(const json_t *o, const char *k)
{
    json_t *v = json_object_get(o, k);
    return json_is_number(v) ? json_number_value(v) : 0;
}

/* Renders an OpenSSL backend's default path (openssl_default_path.c): the
 * algorithms whose default is an engine, then those that run OpenSSL's own
 * code, in words. */
static void render_default_path(FILE *out, const json_t *dp)
{
    json_t *algs = json_object_get(dp, "algorithms"), *v;
    const char *alg;
    if (!json_is_object(dp))
        return;
    if (sget(dp, "reason"))
        fprintf(out, "\n          default path: %s", sget(dp, "reason"));
    json_object_foreach(algs, alg, v)
        if (json_is_string(v))
            fprintf(out, "\n          default path: %s goes through the %s engine (an engine made "
                         "the default: openssl.cnf or the environment)", alg, json_string_value(v));
    size_t n = 0;
    json_object_foreach(algs, alg, v)
        if (json_is_null(v))
            fprintf(out, "%s%s", n++ ? ", " : "\n          default path: OpenSSL's own code for ", alg);
    if (n)
        fprintf(out, " (no engine is the default: AF_ALG or /dev/crypto only through an engine "
                     "variant)");
}

/* Renders each backend's version and capability vector. */
static void render_backends(FILE *out, const json_t *doc)
{
    const char *name;
    json_t *b, *all = json_object_get(doc, "backends");
    if (json_object_size(all))
        fprintf(out, "\n");
    json_object_foreach(all, name, b) {
        fprintf(out, "%-9s %s", name, sget(b, "version") ? sget(b, "version") : "(no version)");
        json_t *caps = json_object_get(b, "capabilities");
        if (json_is_object(caps)) {
            if (sget(caps, "value"))
                fprintf(out, "\n          %s=%s", sget(caps, "variable") ? sget(caps, "variable") : "capabilities",
                        sget(caps, "value"));
            json_t *feats = json_object_get(caps, "features"), *v;
            const char *fname;
            for (int on = 1; on >= 0; on--) {
                size_t n = 0;
                json_object_foreach(feats, fname, v) {
                    if (json_is_true(v) != on)
                        continue;
                    fprintf(out, "%s%s", n ? " " : (on ? "\n          uses: " : "\n          not used: "), fname);
                    n++;
                }
            }
            if (sget(caps, "env"))
                fprintf(out, "\n          (%s set in the environment: %s)", sget(caps, "variable"), sget(caps, "env"));
            if (sget(caps, "reason"))
                fprintf(out, "\n          capability vector unknown: %s", sget(caps, "reason"));
        }
        render_default_path(out, json_object_get(b, "default_path"));
        fprintf(out, "\n");
    }
}

/* Renders the AES-score-per-MHz verdicts. */
static void render_aes_score(FILE *out, const json_t *doc)
{
    const json_t *as = json_object_get(doc, "aes_score");
    json_t *scores = json_object_get(as, "scores"), *s;
    size_t i;
    if (!as)
        return;
    fprintf(out, "\nAES score ");
    if (!json_array_size(scores)) {
        fprintf(out, "%s\n", sget(as, "reason") ? sget(as, "reason") : "not measured");
        return;
    }
    char source[128];
    platform_aes_source_text(source, sizeof source);
    fprintf(out, "(%s; a quick figure per cluster, in 1000 bytes/s per MHz)\n", source);
    json_array_foreach(scores, i, s)
        fprintf(out, "  cluster %lld: %.0f per MHz, %s — %s\n",
                (long long)json_integer_value(json_object_get(s, "cluster")), nget(s, "score_per_mhz"),
                sget(s, "verdict"), sget(s, "message"));
}

/* Renders the instruction bounds (a quick probe; probe.h). */
static void render_instruction_bounds(FILE *out, const json_t *doc)
{
    const json_t *ib = json_object_get(doc, "instruction_bounds");
    if (!ib)
        return;
    fprintf(out, "\nInstruction bounds ");
    if (sget(ib, "reason")) {
        fprintf(out, "%s\n", sget(ib, "reason"));
        return;
    }
    fprintf(out, "(a quick probe at %.0f MHz%s; lower bounds on cycles per byte; `cryptometer probe` for the\n"
                 "          figures with their spread)\n",
            nget(ib, "reference_mhz"), json_is_true(json_object_get(ib, "emulated")) ? ", EMULATED: the emulator's, not a core's" : "");
    cm_probe_render_bounds(out, json_object_get(ib, "bounds"), 1);
}

/* See detect.h. */
void cm_detect_render_text(FILE *out, const json_t *doc)
{
    platform_cpu_doc cpu;
    cm_error cpu_err = {0};
    int cpu_ok = platform_cpu_doc_from_json(json_object_get(doc, "cpu"), &cpu, &cpu_err) == 0;
    if (json_is_string(json_object_get(doc, "sysroot")))
        fprintf(out, "(read from the recorded root %s)\n", sget(doc, "sysroot"));
    cm_detect_render_cpu(out, cpu_ok ? &cpu : NULL, cpu_err.msg, json_object_get(doc, "system"));
    platform_kcrypto kc;
    cm_error kerr = {0};
    if (platform_kcrypto_from_json(json_object_get(doc, "kernel_crypto"), &kc, &kerr) == 0)
        cm_detect_render_kernel(out, &kc);
    else
        fprintf(out, "\nKernel    not shown: %s\n", kerr.msg);
    platform_kcrypto_free(&kc);
    render_backends(out, doc);
    cm_detect_render_clock(out, cpu_ok ? &cpu : NULL, cpu_err.msg, json_is_string(json_object_get(doc, "sysroot")));
    render_aes_score(out, doc);
    render_instruction_bounds(out, doc);
    cm_detect_render_judgement(out, json_object_get(doc, "verdicts"), json_object_get(doc, "health"));
    platform_cpu_doc_free(&cpu);
}
