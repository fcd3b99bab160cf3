/*
 * detect_json.c — the one reader of a detect document's parts (see
 * detect_doc.h); each part is parsed by its own file (the platform layer's
 * <part>_json.c, measure/probe_json.c).
 */
#include <string.h>
#include <jansson.h>

#include "run/detect_doc.h"

/* See detect_doc.h. */
void cm_detect_doc_parse(const json_t *doc, cm_detect_doc *d)
{
    memset(d, 0, sizeof *d);
    d->sysroot = json_string_value(json_object_get(doc, "sysroot"));
    d->cpu_ok = platform_cpu_doc_from_json(json_object_get(doc, "cpu"), &d->cpu, &d->cpu_err) == 0;
    d->system_ok = platform_system_doc_from_json(json_object_get(doc, "system"), &d->system,
                                                 &d->system_err) == 0;
    d->kernel_ok = platform_kcrypto_from_json(json_object_get(doc, "kernel_crypto"), &d->kernel,
                                              &d->kernel_err) == 0;
    d->libraries_ok = platform_libraries_from_json(json_object_get(doc, "backends"), &d->libraries,
                                                   NULL) == 0;
    d->aes_ok = platform_aes_block_from_json(json_object_get(doc, "aes_score"), &d->aes, NULL) == 0;
    d->bounds_ok = cm_probe_summary_from_json(json_object_get(doc, "instruction_bounds"), &d->bounds,
                                              NULL) == 0;
    const json_t *verdicts = json_object_get(doc, "verdicts");
    d->has_verdicts = verdicts && !json_is_null(verdicts);
    d->verdicts_ok = d->has_verdicts &&
                     platform_verdict_list_from_json(verdicts, &d->verdicts, &d->verdicts_err) == 0;
    d->health_ok = platform_flags_from_json(json_object_get(doc, "health"), &d->health,
                                            &d->health_err) == 0;
}

/* See detect_doc.h. */
void cm_detect_doc_free(cm_detect_doc *d)
{
    if (d->cpu_ok)
        platform_cpu_doc_free(&d->cpu);
    platform_kcrypto_free(&d->kernel);
    platform_libraries_free(&d->libraries);
    platform_aes_block_free(&d->aes);
    cm_probe_summary_free(&d->bounds);
    if (d->has_verdicts)
        platform_verdict_list_free(&d->verdicts);
    platform_flags_free(&d->health);
}
