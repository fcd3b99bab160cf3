/*
 * files_records.c — see files_records.h: the records of `cryptometer
 * files` and their progress line (the document's records:
 * files_records_json.c).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "records/files_records.h"
#include "records/output.h"
#include "util/json.h"
#include "util/stats.h"
#include "util/text.h"

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

/* See files_records.h. */
void cm_files_line_of(const cm_record *r, cm_files_line *l)
{
    cm_figures f;
    memset(l, 0, sizeof *l);
    cm_files_record_path(r, l->path, sizeof l->path);
    snprintf(l->algorithm, sizeof l->algorithm, "%s", r->alg->name);
    snprintf(l->operation, sizeof l->operation, "%s", cm_op_name(r->op));
    snprintf(l->cache, sizeof l->cache, "%s", r->cache ? r->cache : "warm");
    snprintf(l->status, sizeof l->status, "%s", cm_record_status_name(r->status));
    l->size = r->size;
    if (r->status == CM_RECORD_OK) {
        cm_record_figures(r, &f);
        l->mb_s = cm_json_real_as_written(f.has_byte ? f.throughput_mb_s : 0);
        l->n_samples = r->m.n_samples;
    } else {
        snprintf(l->reason, sizeof l->reason, "%s", r->reason);
        cm_utf8_scrub(l->reason, strlen(l->reason)); /* as the document holds it */
    }
}

/* See files_records.h. */
void cm_files_line_print(FILE *out, const cm_files_line *l)
{
    char line[1024], figure[64] = "";
    int ok = strcmp(l->status, "ok") == 0;
    if (ok)
        snprintf(figure, sizeof figure, "%10.1f MB/s (median of %zu)", l->mb_s, l->n_samples);
    int n = snprintf(line, sizeof line, "%-18s %-12s %-8s %10zu B  %-5s %s%s", l->path,
                     l->algorithm, l->operation, l->size, l->cache,
                     strcmp(l->status, "unavailable") == 0 ? "unavailable: " : "",
                     ok ? figure : l->reason);
    cm_text_wrap_line(out, line, n < 0 ? 0 : (size_t)n < sizeof line ? (size_t)n : sizeof line - 1,
                      CM_TEXT_COLUMNS);
}

/* See files_records.h. */
void cm_files_record_line(FILE *out, const cm_record *r)
{
    cm_files_line l;
    cm_files_line_of(r, &l);
    cm_files_line_print(out, &l);
}
