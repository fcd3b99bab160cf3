/*
 * flags_text.c — the health flags as text (flags_text.h): the lines every
 * view prints, and the "Health:" section of run's table.
 */
#include <stdio.h>

#include "records/flags_text.h"

/* See flags_text.h. */
void cm_flags_render_lines(FILE *out, const platform_flags *flags)
{
    for (size_t i = 0; i < flags->n; i++)
        fprintf(out, "  [%s] %s\n", platform_severity_name(flags->items[i].severity), flags->items[i].message);
}

/* See flags_text.h. */
void cm_flags_render_table(FILE *out, const platform_flags *flags, const char *unparsed)
{
    if (unparsed && unparsed[0])
        fprintf(out, "\nHealth: not shown: %s\n", unparsed);
    else if (flags->n) {
        fprintf(out, "\nHealth:\n");
        cm_flags_render_lines(out, flags);
    }
}
