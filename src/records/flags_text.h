/*
 * flags_text.h — the health flags (platform/flags.h) as text lines, the
 * same in run's table (report.c), `show` and detect's text
 * (run/detect_text_health.c): one "  [severity] message" line per flag.
 */
#ifndef CM_RECORDS_FLAGS_TEXT_H
#define CM_RECORDS_FLAGS_TEXT_H

#include <stdio.h>
#include "platform/flags.h"

/* Writes one "  [severity] message" line per flag of flags. */
void cm_flags_render_lines(FILE *out, const platform_flags *flags);

/* The "Health:" section of run's table: nothing without flags, else the
 * heading and the lines; when the context's "health" did not parse
 * (unparsed: why, not empty), one line saying why it is not shown. */
void cm_flags_render_table(FILE *out, const platform_flags *flags, const char *unparsed);

#endif
