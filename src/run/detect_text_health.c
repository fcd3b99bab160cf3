/*
 * detect_text_health.c — the last two sections of detect's text
 * (detect_text_health.h): the verdicts that weigh all the evidence
 * (platform/verdict.h) and the health flags, from their typed lists.
 */
#include <stdio.h>
#include <jansson.h>

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
void cm_detect_render_judgement(FILE *out, const struct json_t *verdicts, const struct json_t *health)
{
    platform_verdict_list vs;
    platform_flags flags;
    cm_error err = {0};
    int shown = verdicts && !json_is_null(verdicts);
    if (shown && platform_verdict_list_from_json(verdicts, &vs, &err) != 0)
        fprintf(out, "\nVerdicts  not shown: %s\n", err.msg);
    else if (shown)
        cm_detect_render_verdicts(out, &vs);
    if (shown)
        platform_verdict_list_free(&vs);
    if (platform_flags_from_json(health, &flags, &err) != 0)
        fprintf(out, "\nHealth    not shown: %s\n", err.msg);
    else
        cm_detect_render_health(out, &flags);
    platform_flags_free(&flags);
}
