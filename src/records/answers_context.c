/*
 * answers_context.c — the answers of a run (answers.h) from its records and
 * the context of its document: the cpu object, the health flags and the
 * kernel_crypto object, and its analysis.emulation, each read by its own
 * parser (platform/cpu_doc.h, flags.h, kernel_crypto.h, emulation.h). A part that does not parse is left out, and
 * the answer that needs it says it is not known.
 */
#include <stdlib.h>
#include <jansson.h>
#include "records/answers.h"
#include "util/json_read.h"

cm_answers *cm_answers_for_document(json_t *doc, const cm_record *recs, size_t n)
{
    const json_t *context = NULL, *cpu_o = NULL, *health_o = NULL, *kernel_o = NULL, *analysis = NULL,
                 *emulation_o = NULL;
    cm_error err = {0};
    platform_cpu_doc cpu;
    platform_flags health = {0};
    platform_kcrypto kernel = {0};
    platform_emulation_doc emulation = {0};
    cm_answers_input in = {recs, n, NULL, NULL, NULL, NULL};
    if (cm_jr_container(doc, "context", 'o', 1, &context, "document", &err) == 0 && context) {
        if (cm_jr_container(context, "cpu", 'o', 1, &cpu_o, "context", &err) == 0 && cpu_o &&
            platform_cpu_doc_from_json(cpu_o, &cpu, &err) == 0)
            in.cpu = &cpu;
        if (cm_jr_container(context, "health", 'a', 1, &health_o, "context", &err) == 0 &&
            health_o && platform_flags_from_json(health_o, &health, &err) == 0)
            in.health = &health;
        if (cm_jr_container(context, "kernel_crypto", 'o', 1, &kernel_o, "context", &err) == 0 &&
            kernel_o && platform_kcrypto_from_json(kernel_o, &kernel, &err) == 0)
            in.kernel = &kernel;
    }
    if (cm_jr_container(doc, "analysis", 'o', 1, &analysis, "document", &err) == 0 && analysis &&
        cm_jr_container(analysis, "emulation", 'o', 1, &emulation_o, "analysis", &err) == 0 &&
        emulation_o && platform_emulation_from_json(emulation_o, &emulation, &err) == 0)
        in.emulation = &emulation;
    cm_answers *a = calloc(1, sizeof *a);
    if (a)
        cm_answers_build(&in, a);
    json_t *o = a ? cm_answers_to_json(a) : NULL;
    if (in.cpu)
        platform_cpu_doc_free(&cpu);
    platform_flags_free(&health);
    if (in.kernel)
        platform_kcrypto_free(&kernel);
    platform_emulation_free(&emulation);
    if (!o || json_object_set_new(doc, "answers", o) != 0) {
        free(a);
        return NULL;
    }
    return a;
}
