/*
 * detect_text_cpu.h — the CPU's sections of the detect text (detect_text.c
 * calls them): the CPU, system and clusters with the features, and each
 * cluster's measured clock against the claimed one (detect_text_cpu.c).
 */
#ifndef CM_RUN_DETECT_TEXT_CPU_H
#define CM_RUN_DETECT_TEXT_CPU_H

#include <stdio.h>
#include "platform/cpu_doc.h"

struct json_t;

/* The CPU line, the system line (of the "system" object system, parsed
 * here), one line per cluster, and the features: present, absent, masked,
 * disabled by the OS. cpu NULL: the "cpu" object did not parse, and why
 * says why in place of its lines; so does a system that does not parse. */
void cm_detect_render_cpu(FILE *out, const platform_cpu_doc *cpu, const char *why, const struct json_t *system);

/* Measured against claimed clock per cluster; from_sysroot says why
 * nothing was measured when the document names no clock method. cpu NULL:
 * why in place of the section's lines. */
void cm_detect_render_clock(FILE *out, const platform_cpu_doc *cpu, const char *why, int from_sysroot);

#endif
