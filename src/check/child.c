/*
 * child.c — see child.h: the checks of one implementation in a child
 * process, and the parent's reading of what the child sent.
 */
#include <stdio.h>
#include <string.h>
#include <jansson.h>
#include "check/child.h"
#include "check/findings.h"
#include "model/kat_case.h"
#include "model/class.h"
#include "registry/helper.h"
#include "registry/registry.h"
#include "runtimes/runtime.h"
#include "util/json.h"

/* ---- child side --------------------------------------------------------------- */

void cm_child_progress(FILE *out, const char *where)
{
    cm_isolate_send(out, json_pack("{s:s, s:o}", "type", "progress", "where",
                                   cm_json_string_lossy(where)));
}

/* The KAT runner's progress hook (kat.h): ctx is the child's pipe. */
static void send_progress(void *ctx, const char *where)
{
    cm_child_progress(ctx, where);
}

int cm_child_ready(const cm_backend *backend, FILE *out)
{
    char why[256] = "";
    if (cm_backend_ready(backend, why, sizeof why))
        return 1;
    cm_isolate_send(out, json_pack("{s:s, s:o}", "type", "unavailable", "reason",
                                   cm_json_string_lossy(why)));
    return 0;
}

int cm_child_check(const cm_check_job *job, FILE *out)
{
    cm_kat_report rep;
    int ok;
    char why[512];
    /* a runtime's proxies serve this implementation, in its server */
    if (job->g->backend->runtime &&
        cm_runtime_bind(job->g->backend, job->g->impl, why, sizeof why) != 0) {
        cm_isolate_send(out, json_pack("{s:s, s:o}", "type", "error", "reason",
                                       cm_json_string_lossy(why)));
        return -1;
    }
    cm_kat_set_progress(send_progress, out);
    if (job->wycheproof) {
        cm_error err = {0, ""};
        cm_kat_report_init(&rep);
        if (cm_kat_wycheproof(job->wycheproof, job->source, job->g->impl, job->g->alg, &rep,
                              &err) < 0) {
            cm_kat_set_progress(NULL, NULL);
            cm_isolate_send(out, json_pack("{s:s, s:o}", "type", "error", "reason",
                                           cm_json_string_lossy(err.msg)));
            return -1;
        }
        snprintf(rep.cross_detail, sizeof rep.cross_detail,
                 "not run: --wycheproof checks only the file's vectors");
        ok = cm_kat_report_status(&rep) != CM_CHECK_FAILED;
    } else {
        ok = cm_kat_check(job->g->impl, job->g->alg, job->sizes, job->n_sizes, &rep);
        /* a known library finding (findings.h) is measured when its
         * cases lie outside what the benchmark times */
        if (!ok && cm_findings_match(job->g->backend, job->g->alg, &rep))
            ok = !rep.known_inside;
    }
    cm_kat_set_progress(NULL, NULL);
    cm_isolate_send(out, json_pack("{s:s, s:b, s:o}", "type", "kat", "ok", ok, "report",
                                   cm_kat_report_json(&rep)));
    return ok;
}

int cm_check_child_main(void *arg, FILE *out)
{
    const cm_check_job *job = arg;
    const cm_backend *b = job->g->backend;
    if (b->helper) { /* the same checks, in the backend's helper executable */
        json_t *j = cm_helper_job("verify", job->g, job->sizes, job->n_sizes);
        if (j && job->wycheproof)
            json_object_set_new(j, "wycheproof", json_string(job->source));
        cm_helper_exec(b, j, out);
    }
    int rc = cm_child_ready(job->g->backend, out) ? cm_child_check(job, out) : 0;
    if (job->g->backend->teardown)
        job->g->backend->teardown();
    return rc < 0 ? 1 : 0;
}

/* ---- parent side --------------------------------------------------------------- */

/* Copies the string member key of msg into dst ("" if absent). */
static void copy_member(char *dst, size_t n, const json_t *msg, const char *key)
{
    const char *s = json_string_value(json_object_get(msg, key));
    snprintf(dst, n, "%s", s ? s : "");
}

void cm_check_receive(void *ctx, json_t *msg)
{
    cm_check_result *r = ctx;
    const char *type = json_string_value(json_object_get(msg, "type"));
    if (!type)
        return;
    if (strcmp(type, "progress") == 0) {
        copy_member(r->where, sizeof r->where, msg, "where");
    } else if (strcmp(type, "kat") == 0) {
        r->have_report = cm_kat_report_from_json(json_object_get(msg, "report"), &r->rep) == 0;
    } else if (strcmp(type, "error") == 0 && !json_object_get(msg, "op")) {
        copy_member(r->reason, sizeof r->reason, msg, "reason");
    } else if (strcmp(type, "unavailable") == 0) {
        r->state = CM_OUTCOME_UNAVAILABLE;
        copy_member(r->reason, sizeof r->reason, msg, "reason");
    }
}

/* The reason of a child that ended without a report: the child's own
 * error message, if it sent one, says more than where it was. */
static void conclude_error(cm_check_result *r, const cm_isolate_outcome *oc, const char *where)
{
    char earlier[sizeof r->reason];
    memcpy(earlier, r->reason, sizeof earlier);
    r->state = CM_OUTCOME_ERROR;
    snprintf(r->reason, sizeof r->reason, "%s%s%.200s", oc->detail, earlier[0] ? ": " : "",
             earlier[0] ? earlier : where);
}

void cm_check_conclude(cm_check_result *r, const cm_isolate_outcome *oc)
{
    char where[300] = "";
    if (r->where[0])
        snprintf(where, sizeof where, " during %s", r->where);
    if (r->state == CM_OUTCOME_UNAVAILABLE && oc->status == CM_ISOLATE_OK)
        return;
    switch (oc->status) {
    case CM_ISOLATE_OK:
        if (!r->have_report) {
            r->state = CM_OUTCOME_ERROR;
            snprintf(r->reason, sizeof r->reason, "the check sent no report");
        } else {
            r->state = cm_kat_report_status(&r->rep) == CM_CHECK_PASSED ? CM_OUTCOME_PASSED
                       : cm_kat_report_known(&r->rep)                  ? CM_OUTCOME_KNOWN_FINDING
                                                                       : CM_OUTCOME_FAILED;
        }
        break;
    case CM_ISOLATE_CRASHED:
    case CM_ISOLATE_TIMEOUT:
        r->state = oc->status == CM_ISOLATE_CRASHED ? CM_OUTCOME_CRASHED : CM_OUTCOME_TIMEOUT;
        snprintf(r->reason, sizeof r->reason, "%s%.200s", oc->detail, where);
        break;
    case CM_ISOLATE_INTERRUPTED:
        r->state = CM_OUTCOME_NOT_RUN;
        snprintf(r->reason, sizeof r->reason, "%s", oc->detail);
        break;
    case CM_ISOLATE_EXITED:
    case CM_ISOLATE_ERROR:
    default:
        conclude_error(r, oc, where);
        break;
    }
}

void cm_check_isolated(const cm_check_job *job, double timeout_s, cm_check_result *r)
{
    cm_isolate_outcome oc;
    memset(r, 0, sizeof *r);
    cm_isolate_run(cm_check_child_main, (void *)job, timeout_s, cm_check_receive, r, &oc);
    cm_check_conclude(r, &oc);
    /* A class with nothing to compare against by nature (random bytes:
     * no_peer) has its self-check as its only check: passing it passes. */
    if (r->state == CM_OUTCOME_FAILED && cm_kat_report_status(&r->rep) == CM_CHECK_NONE &&
        cm_class_of(job->g->alg)->no_peer)
        r->state = CM_OUTCOME_PASSED;
}
