/*
 * detect_text_score.h — the parts of the detect document's text
 * (detect_text.c) that say how fast crypto runs here: the libraries'
 * capability vectors, the AES score per cluster and the instruction
 * bounds, each rendered from its struct (detect_text_score.c).
 */
#ifndef CM_RUN_DETECT_TEXT_SCORE_H
#define CM_RUN_DETECT_TEXT_SCORE_H

#include <stdio.h>
#include "measure/probe_doc.h"
#include "platform/aes_result.h"
#include "platform/library.h"

/* Each library's version, capability vector and default path. */
void cm_detect_render_backends(FILE *out, const platform_libraries *libs);

/* The "AES score" block: a quick figure per cluster, or why none. */
void cm_detect_render_aes_score(FILE *out, const platform_aes_block *as);

/* The "Instruction bounds" block of a quick probe's summary. */
void cm_detect_render_instruction_bounds(FILE *out, const cm_probe_summary *ib);

#endif
