/*
 * detect_text_score.c — the speed parts of detect's text
 * (detect_text_score.h), each from its struct, so they state only what
 * `detect --json` holds.
 */
#include <math.h>
#include <stdio.h>

#include "measure/probe.h"
#include "platform/aes_score.h"
#include "run/detect_text_score.h"

/* A library's default path (openssl_default_path.c): the algorithms
 * whose default is an engine, then those that run the library's own code,
 * in words. */
static void render_default_path(FILE *out, const platform_default_path *dp)
{
    if (!dp->present)
        return;
    if (dp->reason)
        fprintf(out, "\n          default path: %s", dp->reason);
    for (size_t i = 0; i < dp->n_algorithms; i++)
        if (dp->algorithms[i].engine)
            fprintf(out, "\n          default path: %s goes through the %s engine (an engine made "
                         "the default: openssl.cnf or the environment)", dp->algorithms[i].algorithm,
                    dp->algorithms[i].engine);
    size_t n = 0;
    for (size_t i = 0; i < dp->n_algorithms; i++)
        if (!dp->algorithms[i].engine)
            fprintf(out, "%s%s", n++ ? ", " : "\n          default path: OpenSSL's own code for ",
                    dp->algorithms[i].algorithm);
    if (n)
        fprintf(out, " (no engine is the default: AF_ALG or /dev/crypto only through an engine "
                     "variant)");
}

/* A library's capability vector: its value, the features it uses and
 * those it does not, an override in the environment, or why unknown. */
static void render_caps(FILE *out, const platform_lib_caps *caps)
{
    if (caps->value)
        fprintf(out, "\n          %s=%s", caps->variable ? caps->variable : "capabilities", caps->value);
    for (int on = 1; on >= 0; on--) {
        size_t n = 0;
        for (size_t i = 0; i < caps->n_features; i++) {
            if (caps->features[i].on != on)
                continue;
            fprintf(out, "%s%s", n ? " " : (on ? "\n          uses: " : "\n          not used: "),
                    caps->features[i].name);
            n++;
        }
    }
    if (caps->env)
        fprintf(out, "\n          (%s set in the environment: %s)", caps->variable, caps->env);
    if (caps->reason)
        fprintf(out, "\n          capability vector unknown: %s", caps->reason);
}

/* See detect_text_score.h. */
void cm_detect_render_backends(FILE *out, const platform_libraries *libs)
{
    if (libs->n)
        fprintf(out, "\n");
    for (size_t i = 0; i < libs->n; i++) {
        const platform_library *b = &libs->items[i];
        fprintf(out, "%-9s %s", b->name, b->version ? b->version : "(no version)");
        if (b->caps.present)
            render_caps(out, &b->caps);
        render_default_path(out, &b->default_path);
        fprintf(out, "\n");
    }
}

/* See detect_text_score.h. */
void cm_detect_render_aes_score(FILE *out, const platform_aes_block *as)
{
    fprintf(out, "\nAES score ");
    if (!as->n) {
        fprintf(out, "%s\n", as->reason ? as->reason : "not measured");
        return;
    }
    char source[128];
    platform_aes_source_text(source, sizeof source);
    fprintf(out, "(%s; a quick figure per cluster, in 1000 bytes/s per MHz)\n", source);
    for (size_t i = 0; i < as->n; i++) {
        const platform_aes_result *s = &as->scores[i];
        fprintf(out, "  cluster %lld: %.0f per MHz, %s — %s\n",
                platform_aes_cluster_number(&s->added.cluster),
                isnan(s->score_per_mhz) ? 0 : s->score_per_mhz, s->verdict, s->message);
    }
}

/* See detect_text_score.h. */
void cm_detect_render_instruction_bounds(FILE *out, const cm_probe_summary *ib)
{
    fprintf(out, "\nInstruction bounds ");
    if (ib->reason) {
        fprintf(out, "%s\n", ib->reason);
        return;
    }
    fprintf(out, "(a quick probe at %.0f MHz%s; lower bounds on cycles per byte; `cryptometer probe` for the "
                 "figures with their spread)\n",
            isnan(ib->reference_mhz) ? 0 : ib->reference_mhz,
            ib->emulated ? ", EMULATED: the emulator's, not a core's" : "");
    cm_probe_render_bounds(out, ib->bounds, ib->n_bounds, 1);
}
