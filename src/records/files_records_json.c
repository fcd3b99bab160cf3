/*
 * files_records_json.c — the records of the `cryptometer-files-v1` document
 * (docs/cli.md, "files"), written from the typed records (files_records.h)
 * and read back as the progress lines `files` printed, for `show`.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "records/files_records.h"
#include "records/output.h"
#include "util/json.h"
#include "util/json_each.h"
#include "util/json_read.h"

/* ---- writing ---------------------------------------------------------------- */

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

/* ---- reading ---------------------------------------------------------------- */

/* Record i of "records" into the next line of the document d; 0, or -1
 * with err (cm_json_item_parser). */
static int line_from(const json_t *o, size_t i, void *list, cm_error *err)
{
    cm_files_doc *d = list;
    cm_files_line *l = &d->lines[d->n];
    const json_t *all = NULL;
    long long size = -1;
    char where[48];
    snprintf(where, sizeof where, "files records[%zu]", i);
    memset(l, 0, sizeof *l);
    if (!json_is_object(o))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: not an object", where);
    if (cm_jr_string_into(o, "path", 0, l->path, sizeof l->path, where, err) ||
        cm_jr_string_into(o, "algorithm", 0, l->algorithm, sizeof l->algorithm, where, err) ||
        cm_jr_string_into(o, "operation", 0, l->operation, sizeof l->operation, where, err) ||
        cm_jr_string_into(o, "cache", 0, l->cache, sizeof l->cache, where, err) ||
        cm_jr_string_into(o, "status", 0, l->status, sizeof l->status, where, err) ||
        cm_jr_int(o, "file_bytes", 0, &size, where, err))
        return -1;
    if (size < 0)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: file_bytes is negative", where);
    l->size = (size_t)size;
    if (strcmp(l->status, "ok") != 0) {
        if (cm_jr_string_into(o, "reason", 0, l->reason, sizeof l->reason, where, err))
            return -1;
    } else if (cm_jr_number(o, "throughput_mb_s", 0, &l->mb_s, where, err) ||
               cm_jr_container(o, "seconds_all", 'a', 0, &all, where, err)) {
        return -1;
    }
    l->n_samples = all ? json_array_size(all) : 0;
    d->n++;
    return 0;
}

/* See files_records.h. */
int cm_files_doc_from_json(const json_t *doc, cm_files_doc *d, cm_error *err)
{
    const char *where = "files document";
    const json_t *records = NULL;
    memset(d, 0, sizeof *d);
    if (cm_jr_string(doc, "cold_note", 1, &d->cold_note, where, err) ||
        cm_jr_container(doc, "records", 'a', 0, &records, where, err))
        return -1;
    d->lines = calloc(json_array_size(records) + 1, sizeof *d->lines);
    if (!d->lines)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    return cm_json_each(records, "files records", line_from, d, err);
}

/* See files_records.h. */
void cm_files_doc_free(cm_files_doc *d)
{
    free(d->lines);
    free(d->cold_note);
    memset(d, 0, sizeof *d);
}
