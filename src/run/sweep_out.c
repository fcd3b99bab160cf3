/*
 * sweep_out.c — the views of a sweep's points (sweep.h): the JSON records
 * and paths of the `cryptometer-sweep` document (docs/sweep.md) and the
 * text table, both from the same cm_sweep_point array and the one
 * computation of its figures, cm_sweep_figures_of().
 */
#include <stdio.h>
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

/* ---- text table ------------------------------------------------------------- */

/* The distinct totals of the points of path i, in order of appearance. */
static size_t totals_of(const cm_sweep_result *res, size_t i, size_t *totals, size_t max)
{
    size_t n = 0;
    for (size_t k = 0; k < res->n_points; k++) {
        const cm_sweep_point *p = &res->points[k];
        size_t j = 0;
        while (j < n && totals[j] != p->total)
            j++;
        if (p->path == i && j == n && n < max)
            totals[n++] = p->total;
    }
    return n;
}

/* The point of path i at (chunk, total), or NULL. */
static const cm_sweep_point *point_at(const cm_sweep_result *res, size_t i, size_t chunk,
                                      size_t total)
{
    for (size_t k = 0; k < res->n_points; k++) {
        const cm_sweep_point *p = &res->points[k];
        if (p->path == i && p->chunk == chunk && p->total == total)
            return p;
    }
    return NULL;
}

/* One cell: "MB/s  CPU s/GB (user+sys)  spread%" or the status. */
static void cell_text(char *buf, size_t len, const cm_sweep_point *p)
{
    cm_sweep_figures f;
    if (!p) {
        snprintf(buf, len, "-");
        return;
    }
    if (p->status != CM_RECORD_OK) {
        snprintf(buf, len, "%s", cm_record_status_name(p->status));
        return;
    }
    cm_sweep_figures_of(p, &f);
    if (f.split_known)
        snprintf(buf, len, "%9.1f %6.2f=%.2f+%.2f %3.0f%%%s", f.mb_s, f.cpu_s_per_gb,
                 f.user_s_per_gb, f.sys_s_per_gb, f.spread * 100, f.wide_spread ? "!" : " ");
    else
        snprintf(buf, len, "%9.1f %6.2f=?+? %3.0f%%%s", f.mb_s, f.cpu_s_per_gb, f.spread * 100,
                 f.wide_spread ? "!" : " ");
}

/* The block of one path: a row per chunk, a column per total. */
static void print_path(FILE *out, const cm_sweep_result *res, size_t i)
{
    const cm_sweep_path *path = &res->paths[i];
    size_t totals[64], n_totals = totals_of(res, i, totals, 64);
    char name[160], buf[64];
    path_name(name, sizeof name, path);
    fprintf(out, "\n%s/%s/%s%s%s%s\n", name, path->g->alg->name, cm_op_name(path->op),
            path->g->impl->served_by ? " (served by " : "",
            path->g->impl->served_by ? path->g->impl->served_by : "",
            path->g->impl->served_by ? ")" : "");
    fprintf(out, "  %-9s", "chunk");
    for (size_t t = 0; t < n_totals; t++) {
        cm_sweep_size_text(buf, sizeof buf, totals[t]);
        fprintf(out, " | %-35s", buf);
    }
    fputc('\n', out);
    size_t last_chunk = 0;
    for (size_t k = 0; k < res->n_points; k++) {
        const cm_sweep_point *p = &res->points[k];
        if (p->path != i || p->chunk == last_chunk)
            continue;
        last_chunk = p->chunk;
        cm_sweep_size_text(buf, sizeof buf, p->chunk);
        fprintf(out, "  %-9s", buf);
        for (size_t t = 0; t < n_totals; t++) {
            char cell[96];
            cell_text(cell, sizeof cell, point_at(res, i, p->chunk, totals[t]));
            fprintf(out, " | %-35s", cell);
        }
        fputc('\n', out);
    }
}

/* The notes: every path that did not run as planned, once, with why. */
static void print_notes(FILE *out, const cm_sweep_result *res)
{
    int header = 0;
    for (size_t i = 0; i < res->n_paths; i++) {
        const cm_sweep_point *bad = NULL;
        for (size_t k = 0; k < res->n_points && !bad; k++)
            if (res->points[k].path == i && res->points[k].status != CM_RECORD_OK &&
                res->points[k].status != CM_RECORD_SKIPPED)
                bad = &res->points[k];
        if (!bad)
            continue;
        char name[160];
        path_name(name, sizeof name, &res->paths[i]);
        if (!header++)
            fprintf(out, "\nnotes:\n");
        fprintf(out, "  %s/%s: %s: %s\n", name, res->paths[i].g->alg->name,
                cm_record_status_name(bad->status), bad->reason);
    }
}

void cm_sweep_print_table(FILE *out, const cm_sweep_result *res, int repeat)
{
    fprintf(out, "sweep: each cell is MB/s (median of %d repetitions), CPU seconds per GB "
                 "(median) = user + system\n(split by getrusage; ? where it counted no tick), "
                 "spread (max-min)/median of the elapsed times (! above %.0f%%)\n",
            repeat, CM_SWEEP_WIDE_SPREAD * 100);
    for (size_t i = 0; i < res->n_paths; i++) {
        int any = 0;
        for (size_t k = 0; k < res->n_points && !any; k++)
            any = res->points[k].path == i && res->points[k].status == CM_RECORD_OK;
        if (any)
            print_path(out, res, i);
    }
    print_notes(out, res);
}
