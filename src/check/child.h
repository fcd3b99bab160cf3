/*
 * child.h — the checking half of the child protocol, shared by `run`
 * (suite.c, which goes on to measure) and `verify` (which stops there).
 * The child, forked by cm_isolate_run (isolate.h), sends one JSON line per
 * message:
 *   {"type":"unavailable","reason":..}   the backend's set-up failed here
 *   {"type":"progress","where":..}       before each vector case and
 *                                        cross-check step
 *   {"type":"kat","ok":true|false,"report":{...}}   cm_kat_report_json
 *   {"type":"error","reason":..}         the vectors could not be run
 * and the parent turns them, with the way the child ended, into one
 * outcome: passed, failed, crashed, timeout, error, not run (interrupted)
 * or unavailable, with a reason that says where a crash or a hang
 * happened.
 */
#ifndef CM_CHECK_CHILD_H
#define CM_CHECK_CHILD_H

#include <stdio.h>
#include "util/isolate.h"
#include "check/kat.h"
#include "registry/plan.h"

struct json_t;

/* What the child checks: one implementation, with the built-in vectors
 * and the cross-check at sizes, or the vectors of one Wycheproof document
 * alone. */
typedef struct cm_check_job {
    const cm_group *g;
    const size_t *sizes;          /* cross-check sizes */
    size_t n_sizes;
    struct json_t *wycheproof;    /* a parsed Wycheproof document, or NULL */
    const char *source;           /* its name in reports and messages */
} cm_check_job;

/* Child side: sends {"type":"progress","where":where} (a run's child
 * also says which measurement it starts). */
void cm_child_progress(FILE *out, const char *where);

/* Child side: 1 if the backend of backend is ready in this process, else
 * 0 after sending "unavailable" with the reason. */
int cm_child_ready(const cm_backend *backend, FILE *out);

/* Child side: runs the checks of job, sending "progress" messages, then
 * "kat" (or "error" when a Wycheproof document cannot be run). Returns 1
 * when the checks passed (the caller may go on to measure), 0 when they
 * failed, -1 after "error". */
int cm_child_check(const cm_check_job *job, FILE *out);

/* The whole child of `verify` (a cm_isolate_child_fn; arg is a
 * cm_check_job): ready, checks, the backend's teardown. */
int cm_check_child_main(void *arg, FILE *out);

/* What became of one implementation's checks. */
typedef enum cm_outcome {
    CM_OUTCOME_NOT_RUN = 0, /* interrupted before or during its turn */
    CM_OUTCOME_PASSED,
    CM_OUTCOME_FAILED,        /* ran; a check failed (or nothing was checked) */
    CM_OUTCOME_CRASHED,
    CM_OUTCOME_TIMEOUT,
    CM_OUTCOME_ERROR,       /* the child exited without a report, or fork failed */
    CM_OUTCOME_UNAVAILABLE,
    CM_OUTCOME_KNOWN_FINDING, /* failed only the cases of a known library finding
                                 (findings.h; rep.known_id names it) */
    CM_OUTCOME_COUNT
} cm_outcome;

/* The parent's view of one child: filled by cm_check_receive, settled by
 * cm_check_conclude. */
typedef struct cm_check_result {
    cm_outcome state;
    char reason[256];      /* unavailable, crash or error detail */
    char where[256];       /* the child's last progress message */
    int have_report;
    cm_kat_report rep;
} cm_check_result;

/* Parent side, a cm_isolate_message_fn (ctx is a cm_check_result): keeps
 * the progress, the report, the error or the unavailability the child
 * sent. Ignores messages of other types (a run's clock and records). */
void cm_check_receive(void *ctx, struct json_t *msg);

/* Parent side: sets r->state and r->reason from what was received and how
 * the child ended ("SIGSEGV (Segmentation fault) during nist/fips180.json
 * id 4"). */
void cm_check_conclude(cm_check_result *r, const cm_isolate_outcome *oc);

/* Runs job in a child (cm_check_child_main) with timeout_s of silence
 * allowed and fills r (zeroed first). */
void cm_check_isolated(const cm_check_job *job, double timeout_s, cm_check_result *r);

#endif
