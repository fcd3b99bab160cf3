/*
 * measuring.c — see measuring.h: the start and end that `run` and `sweep`
 * share.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <jansson.h>
#include "commands/measuring.h"
#include "platform/context.h"
#include "platform/cpuclock.h"
#include "records/output.h"
#include "util/isolate.h"
#include "util/json.h"

/* 1 when path is a file to check and write (not "-": standard output). */
static int is_file(const char *path)
{
    return path && !cm_is_stdout(path);
}

/* 1 when --json and --csv name the same file (by name, or by device and
 * inode when both exist). */
static int same_outputs(const cm_options *o)
{
    struct stat sj, sc;
    return o->json_path && o->csv_path &&
           (cm_same_path(o->json_path, o->csv_path) ||
            (stat(o->json_path, &sj) == 0 && stat(o->csv_path, &sc) == 0 &&
             sj.st_dev == sc.st_dev && sj.st_ino == sc.st_ino));
}

/* The checks of prepare, in order; 0, or -1 with err. */
static int check_all(cm_measuring *m, cm_error *err)
{
    cm_options *o = &m->o;
    if (same_outputs(o))
        return cm_error_set(err, CM_EXIT_USAGE, "--json and --csv name the same file '%s'",
                            o->csv_path);
    if (m->kind->settle && m->kind->settle(o, err) != 0)
        return -1;
    /* outputs first: this also finishes an interrupted commit of them */
    if ((is_file(o->json_path) && cm_output_check(o->json_path, NULL, 0, o->force, err) != 0) ||
        (is_file(o->csv_path) && cm_output_check(o->csv_path, NULL, 0, o->force, err) != 0))
        return -1;
    if (cm_options_plan(o, NULL, 0, &m->groups, &m->n, err) != 0 ||
        m->kind->judge(o, m->groups, m->n, err) != 0)
        return -1;
    if (!o->json_path &&
        cm_default_json_path_in(m->kind->dir, m->json_buf, sizeof m->json_buf, err) != 0)
        return -1;
    return 0;
}

/* The checks before anything runs: -1 to go on, else the exit code. */
static int prepare(cm_measuring *m, const cm_measuring_kind *kind, const cm_options *o)
{
    cm_error err = {0};
    struct stat st;
    memset(m, 0, sizeof *m);
    m->kind = kind;
    m->o = *o;
    if (check_all(m, &err) != 0) {
        free(m->groups);
        m->groups = NULL;
        return cm_command_fail(kind->cmd, &err);
    }
    /* an existing result set is never replaced by one with no measurement */
    m->existed = (is_file(m->o.json_path) && lstat(m->o.json_path, &st) == 0) ||
                 (is_file(m->o.csv_path) && lstat(m->o.csv_path, &st) == 0);
    if (!m->o.json_path)
        m->o.json_path = m->json_buf;
    return -1;
}

/* Interrupts caught, pinned, the platform read, the document begun. */
static void start(cm_measuring *m)
{
    cm_error err = {0};
    cm_catch_interrupt();
    cm_pin_to_cpu(m->o.cpu);
    m->pc = platform_cpu_new();
    json_t *doc = cm_document_new(m->o.argc + 1, m->o.argv - 1);
    json_t *context = cm_core_context();
    json_t *pctx = m->pc ? platform_run_context(m->pc, &m->before, &err) : NULL;
    int rc = doc && context ? 0 : -1;
    if (!rc && pctx)
        rc |= json_object_update(context, pctx);
    json_decref(pctx);
    rc |= cm_json_put(doc, "settings", m->kind->settings(&m->o));
    rc |= cm_json_put(doc, "context", context);
    m->doc = cm_json_checked(doc, rc);
    m->context = m->doc ? context : NULL;
}

int cm_measuring_begin(cm_measuring *m, const cm_measuring_kind *kind, const cm_options *o)
{
    int early = prepare(m, kind, o);
    if (early < 0)
        start(m);
    return early;
}

int cm_measuring_health(const cm_measuring *m)
{
    cm_error err = {0};
    json_t *flags = m->pc && m->context ? platform_run_health(m->pc, m->before, m->context, &err) : NULL;
    return flags ? cm_json_put(m->context, "health", flags) : 0;
}

int cm_measuring_ended(json_t *doc)
{
    char now[32];
    cm_utc_now(now, sizeof now);
    int rc = cm_json_put(doc, "finished", json_string(now));
    if (cm_interrupted) {
        rc |= cm_json_put(doc, "complete", json_false());
        rc |= cm_json_put(doc, "interrupted", json_true());
    }
    return rc;
}

void cm_measuring_release(cm_measuring *m)
{
    platform_health_free(m->before);
    platform_cpu_free(m->pc);
    m->before = NULL, m->pc = NULL;
}

int cm_measuring_keep(const cm_measuring *m, int failures, size_t measured, const char *what,
                      cm_error *err)
{
    const cm_options *o = &m->o;
    if (failures < 0 || !cm_interrupted || measured > 0 || !m->existed)
        return 0;
    cm_error_set(err, cm_interrupted_exit(), "interrupted before any %s finished: %s%s%s left "
                 "as it was", what, o->json_path, o->csv_path ? " and " : "",
                 o->csv_path ? o->csv_path : "");
    return 1;
}

int cm_measuring_failed(const cm_measuring *m, const cm_error *err)
{
    struct stat st; /* the empty file that claimed the default name */
    if (m->o.json_path == m->json_buf && lstat(m->json_buf, &st) == 0 && st.st_size == 0)
        unlink(m->json_buf);
    fprintf(stderr, "cryptometer %s: error: %s\n", m->kind->cmd->name, err->msg);
    return err->code;
}

void cm_measuring_written(const cm_measuring *m, const char *also, const char *what)
{
    const char *json = m->o.json_path;
    fflush(stdout);
    fprintf(stderr, "%s%s%s%s written%s%s\n", cm_interrupted ? "interrupted: finished " : "",
            cm_interrupted ? what : "", cm_interrupted ? "s " : "",
            is_file(json) ? json : "standard output", also ? " and " : "",
            !also ? "" : is_file(also) ? also : "standard output");
}
