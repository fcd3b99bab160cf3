/*
 * files_records.c — see files_records.h: the records of `cryptometer
 * files` and their views (the files document's record, the progress line).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "records/files_records.h"
#include "records/output.h"
#include "util/json.h"
#include "util/stats.h"

void cm_files_record_init(cm_record *r, const char *backend, const char *variant,
                          const cm_algorithm *alg, cm_op op, size_t size, const char *cache,
                          const char *reason)
{
    cm_record_init(r, backend, variant, alg, op, size,
                   reason ? CM_RECORD_UNAVAILABLE : CM_RECORD_ERROR, reason);
    char path[160];
    cm_files_record_path(r, path, sizeof path);
    snprintf(r->name, sizeof r->name, "%s/%s/%s", path, alg->name, cm_op_name(op));
    r->cpu = -1; /* files runs where the scheduler puts it */
    r->cache = cache;
    r->resident_before = NAN;
}

int cm_files_record_measured(cm_record *r, const double *seconds, int n, double user_s,
                             double sys_s, cm_error *err)
{
    cm_measurement *m = &r->m;
    m->samples = malloc(sizeof *m->samples * (size_t)n);
    m->outlier = malloc((size_t)n);
    if (!m->samples || !m->outlier) {
        cm_measurement_free(m);
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory for the records");
    }
    for (int i = 0; i < n; i++) {
        m->samples[i] = seconds[i] * 1e9;
        m->wall_s += seconds[i];
    }
    m->n_samples = (size_t)n;
    m->user_ns = user_s * 1e9 / n;
    m->sys_ns = sys_s * 1e9 / n;
    m->cpu_ns = m->user_ns + m->sys_ns;
    m->cpu_split_known = 1;
    m->iters_per_sample = 1;
    m->total_ops = (uint64_t)n;
    cm_stats_compute(m->samples, m->n_samples, &m->stats, m->outlier);
    r->status = CM_RECORD_OK;
    r->reason[0] = '\0';
    return 0;
}

void cm_files_record_path(const cm_record *r, char *buf, size_t len)
{
    snprintf(buf, len, "%s%s%s", r->backend, r->variant[0] ? ":" : "", r->variant);
}

/* The measurement of an ok record: the median, every repetition, MB/s. */
static int put_seconds(json_t *o, const cm_record *r)
{
    cm_figures f;
    json_t *all = json_array();
    int rc = all ? 0 : -1;
    cm_record_figures(r, &f);
    for (size_t i = 0; rc == 0 && i < r->m.n_samples; i++)
        rc |= json_array_append_new(all, json_real(r->m.samples[i] / 1e9));
    rc |= cm_json_put(o, "seconds", json_real(r->m.stats.median / 1e9));
    rc |= cm_json_put(o, "seconds_all", all);
    rc |= cm_json_put(o, "throughput_mb_s", json_real(f.has_byte ? f.throughput_mb_s : 0));
    return rc;
}

/* One record of the files document (docs/cli.md, "files"). */
static json_t *files_record_json(const cm_record *r)
{
    char path[160];
    cm_files_record_path(r, path, sizeof path);
    json_t *o = json_pack("{s:s, s:s, s:s, s:I, s:s}", "path", path, "algorithm", r->alg->name,
                          "operation", cm_op_name(r->op), "file_bytes", (json_int_t)r->size,
                          "cache", r->cache ? r->cache : "warm");
    int rc = o ? 0 : -1;
    if (!isnan(r->resident_before))
        rc |= cm_json_put(o, "resident_before", r->resident_before < 0
                                                    ? json_null() : json_real(r->resident_before));
    rc |= cm_json_put(o, "status", json_string(cm_record_status_name(r->status)));
    if (r->status == CM_RECORD_OK)
        rc |= put_seconds(o, r);
    else
        rc |= cm_json_put(o, "reason", cm_json_string_lossy(r->reason));
    if (r->checked) {
        rc |= cm_json_put(o, "verified", json_boolean(r->verified));
        rc |= cm_json_put(o, "verified_how", json_string(r->verified_how));
    }
    return cm_json_checked(o, rc);
}

json_t *cm_files_records_json(const cm_record *recs, size_t n)
{
    return cm_records_json_as(recs, n, files_record_json);
}

void cm_files_record_line(FILE *out, const cm_record *r)
{
    char path[160], figure[64] = "";
    cm_figures f;
    cm_files_record_path(r, path, sizeof path);
    cm_record_figures(r, &f);
    if (r->status == CM_RECORD_OK)
        snprintf(figure, sizeof figure, "%10.1f MB/s (median of %zu)",
                 f.has_byte ? f.throughput_mb_s : 0, r->m.n_samples);
    fprintf(out, "%-18s %-12s %-8s %10zu B  %-5s %s%s\n", path, r->alg->name, cm_op_name(r->op),
            r->size, r->cache ? r->cache : "", r->status == CM_RECORD_UNAVAILABLE
            ? "unavailable: " : "", r->status == CM_RECORD_OK ? figure : r->reason);
}
