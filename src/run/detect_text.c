/*
 * detect_text.c — the detect document (detect.h) for a person, readable in
 * ten seconds: CPU and clusters, features, kernel drivers, AF_ALG and RNG,
 * libraries, clock, AES score, the verdicts, health flags. A view of the
 * document only, read back once (detect_json.c), so it never states a fact
 * that `detect --json` lacks.
 */
#include <stdio.h>

#include "run/detect.h"
#include "run/detect_doc.h"
#include "run/detect_text_health.h"
#include "run/detect_text_kernel.h"
#include "run/detect_text_cpu.h"
#include "run/detect_text_score.h"
#include "util/text.h"

/* The whole text, unwrapped. */
static void render(FILE *out, const struct json_t *doc)
{
    cm_detect_doc d;
    cm_detect_doc_parse(doc, &d);
    if (d.sysroot)
        fprintf(out, "(read from the recorded root %s)\n", d.sysroot);
    cm_detect_render_cpu(out, d.cpu_ok ? &d.cpu : NULL, d.cpu_err.msg, d.system_ok ? &d.system : NULL,
                         d.system_err.msg);
    if (d.kernel_ok)
        cm_detect_render_kernel(out, &d.kernel);
    else
        fprintf(out, "\nKernel    not shown: %s\n", d.kernel_err.msg);
    if (d.libraries_ok)
        cm_detect_render_backends(out, &d.libraries);
    cm_detect_render_clock(out, d.cpu_ok ? &d.cpu : NULL, d.cpu_err.msg, d.sysroot != NULL);
    if (d.aes_ok)
        cm_detect_render_aes_score(out, &d.aes);
    if (d.bounds_ok)
        cm_detect_render_instruction_bounds(out, &d.bounds);
    cm_detect_render_judgement(out, &d);
    cm_detect_doc_free(&d);
}

/* See detect.h. */
void cm_detect_render_text(FILE *out, const struct json_t *doc)
{
    cm_text_gathered g;
    render(cm_text_gather(&g, out), doc);
    cm_text_flush_wrapped(&g, CM_TEXT_COLUMNS);
}
