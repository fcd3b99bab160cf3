/*
 * detect_text_health.h — the verdicts and the health flags of a detect
 * document as text (detect_text_health.c), the last two sections of
 * cm_detect_render_text().
 */
#ifndef CM_RUN_DETECT_TEXT_HEALTH_H
#define CM_RUN_DETECT_TEXT_HEALTH_H

#include <stdio.h>
#include "platform/flags.h"
#include "platform/verdict_list.h"
#include "run/detect_doc.h"

/* The "Verdicts" section: a heading, then one "  [code] message" line per
 * verdict. */
void cm_detect_render_verdicts(FILE *out, const platform_verdict_list *verdicts);

/* The "Health" section: a heading (or that there are no flags), then one
 * line per flag. */
void cm_detect_render_health(FILE *out, const platform_flags *flags);

/* The two sections from the document's verdicts and health flags: no
 * Verdicts section for a document without them, and one line saying why
 * a malformed list is not shown. */
void cm_detect_render_judgement(FILE *out, const cm_detect_doc *d);

#endif
