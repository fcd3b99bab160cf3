/*
 * detect_text_health.c — the last two sections of detect's text
 * (detect_text_health.h): the verdicts that weigh all the evidence
 * (platform/verdict.h) and the health flags, from their typed lists.
 */
#include <stdio.h>

#include "records/flags_text.h"
#include "run/detect_text_health.h"

/* See detect_text_health.h. */
void cm_detect_render_verdicts(FILE *out, const platform_verdict_list *verdicts)
{
    fprintf(out, "\nVerdicts  %s\n", verdicts->n ? "(all the evidence above, weighed together)"
                                                 : "nothing beyond the sections above");
    for (size_t i = 0; i < verdicts->n; i++)
        fprintf(out, "  [%s] %s\n", verdicts->items[i].code, verdicts->items[i].message);
}

/* See detect_text_health.h. */
void cm_detect_render_health(FILE *out, const platform_flags *flags)
{
    fprintf(out, "\nHealth    %s\n", flags->n ? "" : "no flags: nothing seen that makes figures less trustworthy");
    cm_flags_render_lines(out, flags);
}

/* See detect_text_health.h. */
void cm_detect_render_judgement(FILE *out, const cm_detect_doc *d)
{
    if (d->has_verdicts && !d->verdicts_ok)
        fprintf(out, "\nVerdicts  not shown: %s\n", d->verdicts_err.msg);
    else if (d->has_verdicts)
        cm_detect_render_verdicts(out, &d->verdicts);
    if (!d->health_ok)
        fprintf(out, "\nHealth    not shown: %s\n", d->health_err.msg);
    else
        cm_detect_render_health(out, &d->health);
}
