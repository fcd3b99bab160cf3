/*
 * measuring.h — how a measuring command (`run`, `sweep`) starts and ends,
 * written once (measuring.c). Before anything runs: the options (the one
 * table, options.h), the command's own defaults, the outputs (the one
 * writing policy), the plan and the command's judgement of it, the default
 * document name claimed. Then: interrupts caught, pinned to --cpu, the
 * platform read and the document begun (tool, command line, settings, the
 * core's and the platform's context with the health snapshot before). At
 * the end: an existing file kept when an interrupt came before anything
 * was measured, the claimed name released on an error, the "written" line.
 */
#ifndef CM_COMMANDS_MEASURING_H
#define CM_COMMANDS_MEASURING_H

#include <stddef.h>
#include "commands/options.h"
#include "platform/cpu.h"
#include "platform/health.h"
#include "registry/plan.h"
#include "util/error.h"

struct json_t;

/* What differs between the measuring commands. */
typedef struct cm_measuring_kind {
    const cm_command *cmd;
    const char *dir;       /* of the default document name: "results", "sweeps" */
    /* after parsing: the command's defaults (sweep) or its suite (run); 0, or -1 with err */
    int (*settle)(cm_options *o, cm_error *err);
    /* the plan is one the command can measure: 0, or -1 with err (usage) */
    int (*judge)(const cm_options *o, const cm_group *groups, size_t n, cm_error *err);
    /* the document's "settings" (NULL when out of memory) */
    struct json_t *(*settings)(const cm_options *o);
} cm_measuring_kind;

/* One measuring command from start to end. */
typedef struct cm_measuring {
    const cm_measuring_kind *kind;
    cm_options o;              /* o.json_path is set: given, or the claimed default */
    cm_group *groups;          /* the plan (the caller frees it: records point into it) */
    size_t n;
    char json_buf[512];        /* the claimed default name */
    int existed;               /* an output file was there before */
    platform_cpu *pc;          /* NULL when the platform could not be read */
    platform_health *before;
    struct json_t *doc;        /* NULL when out of memory */
    struct json_t *context;    /* doc's "context" (borrowed), NULL with doc */
} cm_measuring;

/* Checks everything before anything runs (o, parsed by the dispatcher),
 * then catches interrupts, pins the process to o->cpu, reads the platform
 * and begins m->doc (see above). -1 to go on (m filled), else the exit code
 * (an error printed as one line, nothing run). */
int cm_measuring_begin(cm_measuring *m, const cm_measuring_kind *kind, const cm_options *o);

/* Adds the health flags (the snapshot before against now, and what the
 * context shows) as m->doc's context.health, when the platform was read.
 * 0, or -1 when out of memory. */
int cm_measuring_health(const cm_measuring *m);

/* Adds the end time ("finished") to doc, and after an interrupt
 * "complete": false and "interrupted": true. 0, or -1 when out of memory. */
int cm_measuring_ended(struct json_t *doc);

/* The platform and the health snapshot freed (m->doc and m->groups are
 * left to the caller). */
void cm_measuring_release(cm_measuring *m);

/* 1 when the outputs must be left as they were: interrupted before any of
 * what (measurement, point) finished and an output was there before; err
 * then says so. */
int cm_measuring_keep(const cm_measuring *m, int failures, size_t measured, const char *what,
                      cm_error *err);

/* The end of a failed write: the empty file that claimed the default name
 * removed, one line on stderr; err's code. */
int cm_measuring_failed(const cm_measuring *m, const cm_error *err);

/* "<json>[ and <also>] written" on stderr, after the table on stdout
 * ("interrupted: finished <what>s ..." after an interrupt). */
void cm_measuring_written(const cm_measuring *m, const char *also, const char *what);

#endif
