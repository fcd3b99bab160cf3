/*
 * answers.c — what the answers' rules share (answers.h): the headline
 * figure of a record with its interval, an implementation's short name, the
 * order the rules run in, and the printing of the lines.
 */
#include <stdio.h>
#include <string.h>
#include "records/answers.h"

int cm_answers_figure(const cm_record *r, double *value, double *lo, double *hi)
{
    cm_figures f;
    if (!cm_record_measured(r) || r->threads > 1 || r->cache)
        return 0;
    cm_record_figures(r, &f);
    double v = f.has_byte ? f.throughput_mb_s : f.has_op ? f.ops_per_s : 0;
    const cm_stats *s = &r->m.stats;
    if (v <= 0 || s->median <= 0)
        return 0;
    /* a figure is inverse to the time: the time's interval, turned over */
    *value = v;
    *lo = s->ci_high > 0 ? v * s->median / s->ci_high : v;
    *hi = s->ci_low > 0 ? v * s->median / s->ci_low : v;
    return 1;
}

void cm_answers_impl_name(const cm_record *r, char *out, size_t len)
{
    if (strcmp(r->variant, "default") == 0)
        snprintf(out, len, "%s", r->backend);
    else
        snprintf(out, len, "%s:%s", r->backend, r->variant);
}

int cm_answer_names_has(char (*names)[CM_ANSWER_NAME], size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0)
            return 1;
    return 0;
}

int cm_answer_names_add(char (*names)[CM_ANSWER_NAME], size_t *n, const char *name)
{
    if (*n >= CM_ANSWER_MAX_IMPLS || cm_answer_names_has(names, *n, name))
        return 0;
    snprintf(names[(*n)++], CM_ANSWER_NAME, "%s", name);
    return 1;
}

void cm_answers_build(const cm_answers_input *in, cm_answers *a)
{
    memset(a, 0, sizeof *a);
    cm_answers_trust(in, a);
    cm_answers_accel(in, a);
    cm_answers_kernel(in, a);
    cm_answers_fastest(in, a);
    cm_answers_findings(in, a);
    cm_answers_lines(a);
}

void cm_answers_print(FILE *out, const cm_answers *a)
{
    for (size_t i = 0; i < a->n_lines; i++)
        fprintf(out, "%s\n", a->lines[i]);
}
