/*
 * detect_text_cpu.h — the CPU's sections of the detect text (detect_text.c
 * calls them): the CPU, system and clusters with the features, and each
 * cluster's measured clock against the claimed one (detect_text_cpu.c).
 */
#ifndef CM_RUN_DETECT_TEXT_CPU_H
#define CM_RUN_DETECT_TEXT_CPU_H

#include <stdio.h>
#include "platform/cpu_doc.h"

/* The CPU line, the system line, one line per cluster, and the features:
 * present, absent, masked, disabled by the OS. cpu NULL: the "cpu" object
 * did not parse, and why says why in place of its lines; sys NULL: the
 * same for the "system" object, with sys_why. */
void cm_detect_render_cpu(FILE *out, const platform_cpu_doc *cpu, const char *why,
                          const platform_system_doc *sys, const char *sys_why);

/* Measured against claimed clock per cluster; from_sysroot says why
 * nothing was measured when the document names no clock method. cpu NULL:
 * why in place of the section's lines. */
void cm_detect_render_clock(FILE *out, const platform_cpu_doc *cpu, const char *why, int from_sysroot);

#endif
