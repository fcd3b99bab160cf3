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
#include "run/detect_text_cpu.h"
#include "run/detect_text_score.h"

/* Field shortcuts on jansson objects. */
static const char *sget(const json_t *o, const char *k)
{
    return json_string_value(json_object_get(o, k));
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
    platform_libraries libs;
    if (platform_libraries_from_json(json_object_get(doc, "backends"), &libs, NULL) == 0)
        cm_detect_render_backends(out, &libs);
    platform_libraries_free(&libs);
    cm_detect_render_clock(out, cpu_ok ? &cpu : NULL, cpu_err.msg, json_is_string(json_object_get(doc, "sysroot")));
    platform_aes_block as;
    if (platform_aes_block_from_json(json_object_get(doc, "aes_score"), &as, NULL) == 0)
        cm_detect_render_aes_score(out, &as);
    platform_aes_block_free(&as);
    cm_probe_summary ib;
    if (cm_probe_summary_from_json(json_object_get(doc, "instruction_bounds"), &ib, NULL) == 0)
        cm_detect_render_instruction_bounds(out, &ib);
    cm_probe_summary_free(&ib);
    cm_detect_render_judgement(out, json_object_get(doc, "verdicts"), json_object_get(doc, "health"));
    platform_cpu_doc_free(&cpu);
}
