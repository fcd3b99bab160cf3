/*
 * sweep_out.c — the views of a sweep's points (sweep.h): the JSON records
 * and paths of the `cryptometer-sweep` document (docs/sweep.md) and the
 * rows the text reads (sweep_text.c), both from the same cm_sweep_point
 * array and the one computation of its figures, cm_sweep_figures_of().
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "check/kat.h"
#include "run/sweep_out.h"
#include "util/json.h"

/* "openssl:evp" of a path. */
static void path_name(char *buf, size_t len, const cm_sweep_path *p)
{
    snprintf(buf, len, "%s:%s", p->g->backend->name, p->g->impl->variant);
}

/* See sweep_out.h. */
void cm_sweep_size_text(char *buf, size_t len, size_t n)
{
    if (n >= (1u << 20) && n % (1u << 20) == 0)
        snprintf(buf, len, "%zu MiB", n >> 20);
    else if (n >= 1024 && n % 1024 == 0)
        snprintf(buf, len, "%zu KiB", n >> 10);
    else
        snprintf(buf, len, "%zu B", n);
}

/* ---- JSON ------------------------------------------------------------------ */

/* The seconds of every repetition as an array. */
static json_t *reps_json(const double *x, int n)
{
    json_t *a = json_array();
    int rc = a ? 0 : -1;
    for (int i = 0; i < n && !rc; i++)
        rc |= json_array_append_new(a, json_real(x[i]));
    return cm_json_checked(a, rc);
}

static json_t *flags_json(const cm_sweep_figures *f)
{
    json_t *a = json_array();
    int rc = a ? 0 : -1;
    if (a && f->wide_spread)
        rc |= json_array_append_new(a, json_string("wide-spread"));
    if (a && f->short_run)
        rc |= json_array_append_new(a, json_string("short"));
    if (a && f->cpu_coarse)
        rc |= json_array_append_new(a, json_string("cpu-split-coarse"));
    return cm_json_checked(a, rc);
}

/* The figures of an ok point into rec; nulls otherwise. */
static int put_figures(json_t *rec, const cm_sweep_point *p)
{
    cm_sweep_figures f;
    int ok = p->status == CM_RECORD_OK;
    cm_sweep_figures_of(p, &f);
    static const char *const keys[] = {
        "elapsed_s", "elapsed_s_min", "elapsed_s_max", "throughput_mb_s", "throughput_mb_s_min",
        "throughput_mb_s_max", "cpu_user_s", "cpu_system_s", "cpu_s", "cpu_s_per_gb",
        "cpu_user_s_per_gb", "cpu_system_s_per_gb", "spread"};
    const double vals[] = {f.elapsed_s, f.elapsed_min_s, f.elapsed_max_s, f.mb_s, f.mb_s_min,
                           f.mb_s_max, f.user_s, f.sys_s, f.cpu_s, f.cpu_s_per_gb,
                           f.user_s_per_gb, f.sys_s_per_gb, f.spread};
    /* the user/system split: only where getrusage counted a tick */
    const int split[] = {0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 1, 0};
    int rc = 0;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        rc |= cm_json_put(rec, keys[i],
                          ok && (f.split_known || !split[i]) ? json_real(vals[i]) : json_null());
    rc |= cm_json_put(rec, "flags", ok ? flags_json(&f) : json_array());
    rc |= cm_json_put(rec, "samples",
                      ok ? json_pack("{s:o, s:o, s:o, s:o}", "elapsed_s",
                                     reps_json(p->elapsed_s, p->n_reps), "cpu_s",
                                     reps_json(p->cpu_s, p->n_reps), "rusage_user_s",
                                     reps_json(p->user_s, p->n_reps), "rusage_system_s",
                                     reps_json(p->sys_s, p->n_reps))
                         : json_null());
    return rc;
}

json_t *cm_sweep_point_json(const cm_sweep_result *res, const cm_sweep_point *p)
{
    const cm_sweep_path *path = &res->paths[p->path];
    const cm_group *g = path->g;
    char name[160];
    path_name(name, sizeof name, path);
    json_t *rec = json_pack(
        "{s:s, s:s, s:s, s:s?, s:s, s:s, s:I, s:I, s:I, s:I, s:i, s:s, s:o, s:s?}", "path",
        name, "backend", g->backend->name, "variant", g->impl->variant, "served_by",
        g->impl->served_by, "algorithm", g->alg->name, "operation", cm_op_name(path->op),
        "chunk", (json_int_t)p->chunk, "total", (json_int_t)p->total, "ops",
        (json_int_t)p->ops, "bytes", (json_int_t)p->bytes, "repetitions", p->n_reps, "status",
        cm_record_status_name(p->status), "reason",
        p->status == CM_RECORD_OK ? json_null() : cm_json_string_lossy(p->reason), "kat",
        path->check.have_report ? cm_check_status_name(cm_kat_report_status(&path->check.rep))
                                : NULL);
    int rc = rec ? put_figures(rec, p) : -1;
    return cm_json_checked(rec, rc);
}

json_t *cm_sweep_records_json(const cm_sweep_result *res)
{
    json_t *a = json_array();
    int rc = a ? 0 : -1;
    for (size_t i = 0; i < res->n_points && !rc; i++)
        rc |= json_array_append_new(a, cm_sweep_point_json(res, &res->points[i]));
    return cm_json_checked(a, rc);
}

json_t *cm_sweep_paths_json(const cm_sweep_result *res)
{
    json_t *a = json_array();
    int rc = a ? 0 : -1;
    for (size_t i = 0; i < res->n_paths && !rc; i++) {
        const cm_sweep_path *p = &res->paths[i];
        char name[160];
        path_name(name, sizeof name, p);
        rc |= json_array_append_new(
            a, json_pack("{s:s, s:s?, s:s, s:s, s:o, s:o}", "path", name, "served_by",
                         p->g->impl->served_by, "algorithm", p->g->alg->name, "operation",
                         cm_op_name(p->op), "kat",
                         p->check.have_report ? cm_kat_report_json(&p->check.rep) : json_null(),
                         "reason", p->check.reason[0] ? cm_json_string_lossy(p->check.reason)
                                            : json_null()));
    }
    return cm_json_checked(a, rc);
}

/* A figure of a row: as the document holds it, NAN when not known. */
static double as_written(double x, int known)
{
    return known ? cm_json_real_as_written(x) : NAN;
}

cm_sweep_row *cm_sweep_rows_of_result(const cm_sweep_result *res)
{
    cm_sweep_row *rows = calloc(res->n_points ? res->n_points : 1, sizeof *rows);
    for (size_t i = 0; rows && i < res->n_points; i++) {
        const cm_sweep_point *p = &res->points[i];
        const cm_sweep_path *path = &res->paths[p->path];
        cm_sweep_row *w = &rows[i];
        cm_sweep_figures f;
        cm_sweep_figures_of(p, &f);
        path_name(w->path, sizeof w->path, path);
        snprintf(w->served_by, sizeof w->served_by, "%s",
                 path->g->impl->served_by ? path->g->impl->served_by : "");
        snprintf(w->algorithm, sizeof w->algorithm, "%s", path->g->alg->name);
        snprintf(w->operation, sizeof w->operation, "%s", cm_op_name(path->op));
        snprintf(w->status, sizeof w->status, "%s", cm_record_status_name(p->status));
        w->ok = p->status == CM_RECORD_OK;
        snprintf(w->reason, sizeof w->reason, "%s", w->ok ? "" : p->reason);
        cm_utf8_scrub(w->reason, strlen(w->reason)); /* as the document holds it */
        w->chunk = p->chunk;
        w->total = p->total;
        w->mb_s = as_written(f.mb_s, w->ok);
        w->cpu_s_per_gb = as_written(f.cpu_s_per_gb, w->ok);
        w->user_s_per_gb = as_written(f.user_s_per_gb, w->ok && f.split_known);
        w->sys_s_per_gb = as_written(f.sys_s_per_gb, w->ok && f.split_known);
        w->spread = as_written(f.spread, w->ok);
        w->wide_spread = w->ok && f.wide_spread;
    }
    return rows;
}
