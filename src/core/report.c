/*
 * report.c — views of the result document's records: CSV, and the text
 * table laid out like `openssl speed` (see output.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "core/output.h"

/* --- CSV ---------------------------------------------------------------------- */

/* A number field of obj at path "a.b" (NULL when absent or null). */
static json_t *field(json_t *obj, const char *path)
{
    char key[64];
    const char *dot;
    while ((dot = strchr(path, '.')) != NULL && obj) {
        snprintf(key, sizeof key, "%.*s", (int)(dot - path), path);
        obj = json_object_get(obj, key);
        path = dot + 1;
    }
    return obj ? json_object_get(obj, path) : NULL;
}

static const char *const csv_columns[] = {
    "name", "backend", "variant", "algorithm", "class", "operation", "unit", "size", "threads",
    "cpu", "cluster", "status", "reason", "throughput_mb_s", "cycles_per_byte", "cycles_per_op",
    "ops_per_s", "us_per_op",
    "stats.median_ns", "stats.min_ns", "stats.mad_ns", "stats.ci95_low_ns", "stats.ci95_high_ns",
    "stats.ci95_rel", "stats.cv", "stats.n", "cpu_time_ns_per_op.total",
    "cpu_time_ns_per_op.user", "cpu_time_ns_per_op.system", "clock.mhz_used", "kat.status",
    "flags"};
#define N_CSV_COLUMNS (sizeof csv_columns / sizeof csv_columns[0])

/* A growing text buffer. */
typedef struct text_buf {
    char *p;
    size_t len, cap;
    int failed; /* an allocation failed: the text is incomplete */
} text_buf;

/* Appends n bytes of s; on a failed allocation the buffer is marked
 * broken (failed) and left as it was. */
static void append(text_buf *b, const char *s, size_t n)
{
    if (b->failed)
        return;
    if (b->len + n + 1 > b->cap) {
        char *bigger = realloc(b->p, (b->len + n + 1) * 2);
        if (!bigger) {
            b->failed = 1;
            return;
        }
        b->p = bigger;
        b->cap = (b->len + n + 1) * 2;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

/* Appends one CSV cell, quoted (RFC 4180) when it holds a comma, a quote
 * or a line break. */
static void csv_cell(text_buf *b, const char *s)
{
    if (!strpbrk(s, ",\"\n\r")) {
        append(b, s, strlen(s));
        return;
    }
    append(b, "\"", 1);
    for (; *s; s++) {
        if (*s == '"')
            append(b, "\"", 1); /* a quote is doubled */
        append(b, s, 1);
    }
    append(b, "\"", 1);
}

/* The text of a JSON scalar for a CSV cell ("" for null). */
static void scalar_text(json_t *v, char *out, size_t len)
{
    if (!v || json_is_null(v))
        out[0] = '\0';
    else if (json_is_string(v))
        snprintf(out, len, "%s", json_string_value(v));
    else if (json_is_integer(v))
        snprintf(out, len, "%lld", (long long)json_integer_value(v));
    else if (json_is_real(v))
        snprintf(out, len, "%.6g", json_real_value(v));
    else if (json_is_boolean(v))
        snprintf(out, len, "%s", json_is_true(v) ? "true" : "false");
    else if (json_is_array(v)) { /* a list of words, e.g. flags: "a;b" */
        size_t i, used = 0;
        json_t *item;
        out[0] = '\0';
        json_array_foreach(v, i, item)
        if (json_is_string(item) && used < len)
            used += (size_t)snprintf(out + used, len - used, "%s%s", i ? ";" : "",
                                     json_string_value(item));
    }
    else
        out[0] = '\0';
}

char *cm_csv_text(json_t *doc, size_t *len)
{
    text_buf b = {0};
    char cell[1024];
    for (size_t c = 0; c < N_CSV_COLUMNS; c++) {
        if (c)
            append(&b, ",", 1);
        csv_cell(&b, csv_columns[c]);
    }
    append(&b, "\n", 1);
    size_t i;
    json_t *rec;
    json_array_foreach(json_object_get(doc, "results"), i, rec)
    {
        for (size_t c = 0; c < N_CSV_COLUMNS; c++) {
            if (c)
                append(&b, ",", 1);
            scalar_text(field(rec, csv_columns[c]), cell, sizeof cell);
            csv_cell(&b, cell);
        }
        append(&b, "\n", 1);
    }
    if (b.failed) {
        free(b.p);
        return NULL;
    }
    *len = b.len;
    return b.p;
}

int cm_write_csv(const char *path, json_t *doc, cm_error *err)
{
    size_t len;
    char *text = cm_csv_text(doc, &len);
    if (!text)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory rendering the CSV");
    cm_output out = {path, text, len};
    int rc = cm_write_outputs(&out, 1, err);
    free(text);
    return rc;
}

/* --- the text table -------------------------------------------------------- */

/* Short word shown in a cell for a record that has no figure. */
static const char *status_word(const char *status)
{
    if (strcmp(status, "unavailable") == 0)
        return "n/a";
    if (strcmp(status, "skipped") == 0)
        return "-";
    if (strcmp(status, "failed-kat") == 0)
        return "FAILED-KAT";
    if (strcmp(status, "crashed") == 0)
        return "CRASHED";
    if (strcmp(status, "timeout") == 0)
        return "TIMEOUT";
    return "ERROR";
}

/* 1 if rec carries flag. */
static int has_flag(json_t *rec, const char *flag)
{
    size_t i;
    json_t *f;
    json_array_foreach(json_object_get(rec, "flags"), i, f)
    if (json_string_value(f) && strcmp(json_string_value(f), flag) == 0)
        return 1;
    return 0;
}

/* 1 if a and b are in the same row: same name and same cluster (or none). */
static int same_row(json_t *a, json_t *b)
{
    json_t *ca = json_object_get(a, "cluster"), *cb = json_object_get(b, "cluster");
    return json_equal(json_object_get(a, "name"), json_object_get(b, "name")) &&
           ((!ca && !cb) || (ca && cb && json_equal(ca, cb)));
}

/* The record of row (backend, algorithm, operation) at size, or NULL. */
static json_t *row_record(json_t *results, json_t *first, long long size)
{
    size_t i;
    json_t *r;
    json_array_foreach(results, i, r)
    {
        json_t *rs = json_object_get(r, "size");
        if (same_row(r, first) && (json_is_null(rs) || json_integer_value(rs) == size))
            return r;
    }
    return NULL;
}

/* 1 if an earlier record has the same name (and cluster) as results[k]. */
static int row_seen(json_t *results, size_t k)
{
    json_t *rk = json_array_get(results, k);
    for (size_t i = 0; i < k; i++)
        if (same_row(json_array_get(results, i), rk))
            return 1;
    return 0;
}

/* The KAT column: pass (vectors and cross-check passed), vec (vectors
 * passed, but no other backend was there to cross-check against), FAIL, or
 * "-" when the implementation never got to its checks (unavailable, crashed
 * before reporting). */
static const char *kat_word(json_t *rec)
{
    const char *st = json_string_value(field(rec, "kat.status"));
    const char *cross = json_string_value(field(rec, "kat.cross_check.status"));
    if (!st)
        return "-";
    if (strcmp(st, "passed") == 0)
        return cross && strcmp(cross, "passed") == 0 ? "pass" : "vec";
    return strcmp(st, "failed") == 0 ? "FAIL" : st;
}

typedef enum table_kind { TABLE_MBS, TABLE_CPB, TABLE_OPS } table_kind;

/* 1 if rec's figures are per operation (unit "op"). */
static int per_op(json_t *rec)
{
    const char *unit = json_string_value(json_object_get(rec, "unit"));
    return unit && strcmp(unit, "op") == 0;
}

/* "backend:variant" of rec. */
static void impl_of(json_t *rec, char *buf, size_t len)
{
    snprintf(buf, len, "%s:%s", json_string_value(json_object_get(rec, "backend")),
             json_string_value(json_object_get(rec, "variant")));
}

/* One cell: MB/s, or cycles per byte with the CI half-width in %. */
static void format_cell(char *cell, size_t len, json_t *rec, table_kind kind)
{
    const char *status = rec ? json_string_value(json_object_get(rec, "status")) : NULL;
    if (!rec) {
        snprintf(cell, len, "?");
        return;
    }
    if (strcmp(status, "ok") != 0) {
        snprintf(cell, len, "%s", status_word(status));
        return;
    }
    const char *mark = has_flag(rec, "ci-not-reached") || has_flag(rec, "overhead-dominated") ? "~" : "";
    if (kind == TABLE_MBS) {
        snprintf(cell, len, "%s%.2f", mark, json_real_value(json_object_get(rec, "throughput_mb_s")));
        return;
    }
    json_t *cpb = json_object_get(rec, "cycles_per_byte");
    double ci = json_real_value(json_object_get(rec, "cycles_rel_uncertainty")) * 100;
    if (json_is_real(cpb))
        snprintf(cell, len, "%s%.2f ±%.1f%%", mark, json_real_value(cpb), ci);
    else
        snprintf(cell, len, "%s? ±%.1f%%", mark, ci);
}

/* The cells of a record of figures per operation: ops/s, µs/op, cycles/op. */
static void print_op_cells(FILE *out, json_t *rec)
{
    const char *status = json_string_value(json_object_get(rec, "status"));
    if (strcmp(status, "ok") != 0) {
        fprintf(out, "%14s\n", status_word(status));
        return;
    }
    const char *mark = has_flag(rec, "ci-not-reached") || has_flag(rec, "overhead-dominated") ? "~" : "";
    json_t *cycles = json_object_get(rec, "cycles_per_op");
    char c[64] = "?";
    if (json_is_real(cycles))
        snprintf(c, sizeof c, "%.0f ±%.1f%%", json_real_value(cycles),
                 json_real_value(json_object_get(rec, "cycles_rel_uncertainty")) * 100);
    fprintf(out, "%s%13.1f%14.2f%22s\n", mark, json_real_value(json_object_get(rec, "ops_per_s")),
            json_real_value(json_object_get(rec, "us_per_op")), c);
}

static void print_block(FILE *out, json_t *doc, table_kind kind)
{
    json_t *results = json_object_get(doc, "results");
    json_t *sizes = field(doc, "settings.sizes");
    int per_cluster = json_is_true(field(doc, "settings.per_cluster"));
    int width = kind == TABLE_MBS ? 13 : 16;
    size_t i, k;
    json_t *s, *rec;
    fprintf(out, "%-26s%-19s%-9s%-6s", "implementation", "algorithm", "op", "KAT");
    if (per_cluster)
        fprintf(out, "%-9s", "cluster");
    if (kind == TABLE_OPS)
        fprintf(out, "%14s%14s%22s", "ops/s", "µs/op", "cycles/op");
    json_array_foreach(sizes, i, s)
    {
        char head[32];
        if (kind == TABLE_OPS)
            break;
        snprintf(head, sizeof head, "%lld bytes", (long long)json_integer_value(s));
        fprintf(out, "%*s", width, head);
    }
    fputc('\n', out);
    json_array_foreach(results, k, rec)
    {
        char impl[96];
        if (row_seen(results, k) || per_op(rec) != (kind == TABLE_OPS))
            continue;
        impl_of(rec, impl, sizeof impl);
        fprintf(out, "%-26s%-19s%-9s%-6s", impl, json_string_value(json_object_get(rec, "algorithm")),
                json_string_value(json_object_get(rec, "operation")), kat_word(rec));
        if (per_cluster)
            fprintf(out, "%-9lld", (long long)json_integer_value(json_object_get(rec, "cluster")));
        if (kind == TABLE_OPS) {
            print_op_cells(out, rec);
            continue;
        }
        json_array_foreach(sizes, i, s)
        {
            char cell[64];
            format_cell(cell, sizeof cell, row_record(results, rec, json_integer_value(s)), kind);
            fprintf(out, "%*s", width, cell);
        }
        fputc('\n', out);
    }
}

/* The notes under the table: every record that has no figure, once per
 * row, with its reason; and the libraries that are not built in. */
static void print_notes(FILE *out, json_t *doc)
{
    json_t *results = json_object_get(doc, "results");
    size_t k, i;
    json_t *rec, *lib;
    int header = 0;
    json_array_foreach(results, k, rec)
    {
        const char *status = json_string_value(json_object_get(rec, "status"));
        if (strcmp(status, "ok") == 0 || strcmp(status, "skipped") == 0 || row_seen(results, k))
            continue;
        if (!header++)
            fprintf(out, "\nNot measured:\n");
        fprintf(out, "  %-44s %s: %s\n", json_string_value(json_object_get(rec, "name")), status,
                json_string_value(json_object_get(rec, "reason")));
    }
    json_array_foreach(field(doc, "context.libraries"), i, lib)
    {
        if (json_is_true(json_object_get(lib, "available")))
            continue;
        if (!header++)
            fprintf(out, "\nNot measured:\n");
        fprintf(out, "  %-44s not built: %s (install %s)\n",
                json_string_value(json_object_get(lib, "backend")),
                json_string_value(json_object_get(lib, "reason")),
                json_string_value(json_object_get(lib, "package")));
    }
}

/* One line per cluster: the clock measured before the run and what the
 * system claims. */
static void print_clocks(FILE *out, json_t *doc)
{
    size_t i;
    json_t *cl;
    json_array_foreach(field(doc, "context.cpu.clusters"), i, cl)
    {
        json_t *measured = json_object_get(cl, "measured_mhz");
        json_t *claimed = json_object_get(cl, "claimed_mhz");
        const char *name = json_string_value(json_object_get(cl, "core_name"));
        fprintf(out, "  cluster %zu%s%s: ", i, name ? " " : "", name ? name : "");
        if (json_is_number(measured))
            fprintf(out, "%.0f MHz measured", json_number_value(measured));
        else
            fprintf(out, "clock not measured");
        if (json_is_number(claimed))
            fprintf(out, " (%.0f MHz claimed)", json_number_value(claimed));
        fputc('\n', out);
    }
}

/* 1 if some record's figures are per operation (op 1) or per byte (op 0). */
static int has_unit(json_t *doc, int op)
{
    size_t k;
    json_t *rec;
    json_array_foreach(json_object_get(doc, "results"), k, rec)
    if (per_op(rec) == op)
        return 1;
    return 0;
}

void cm_print_table(FILE *out, json_t *doc)
{
    const char *model = json_string_value(field(doc, "context.cpu.model_name"));
    if (json_is_true(field(doc, "settings.per_cluster")))
        fprintf(out, "%s, measured on the first CPU of each cluster\n", model ? model : "unknown CPU");
    else
        fprintf(out, "%s, measured on CPU %lld\n", model ? model : "unknown CPU",
                (long long)json_integer_value(field(doc, "settings.cpu")));
    print_clocks(out, doc);
    if (json_is_true(json_object_get(doc, "interrupted")))
        fprintf(out, "\nINTERRUPTED: only the measurements that finished are shown; ? marks one "
                     "that never ran\n");
    if (has_unit(doc, 0)) {
        fprintf(out, "\nThroughput in MB/s (10^6 bytes per second), median of the samples\n");
        print_block(out, doc, TABLE_MBS);
        fprintf(out, "\nCycles per byte at the core clock measured beside each implementation, "
                     "± the 95%% confidence interval of the median plus the clock's uncertainty\n");
        print_block(out, doc, TABLE_CPB);
    }
    if (has_unit(doc, 1)) {
        fprintf(out, "\nPer operation: operations per second and µs per operation (median), cycles "
                     "per operation ± the 95%% confidence interval plus the clock's uncertainty\n");
        print_block(out, doc, TABLE_OPS);
    }
    fprintf(out, "\n~ marks a figure whose confidence interval stayed wider than the target "
                 "within the time budget, or that the loop overhead dominates.\n"
                 "KAT: known-answer vectors and cross-check against another implementation, run "
                 "before timing (pass; vec: vectors only, nothing else to cross-check against; none: "
                 "neither had anything to check; FAIL; - not run).\n");
    print_notes(out, doc);
    json_t *score;
    size_t k;
    json_array_foreach(field(doc, "analysis.aes_score"), k, score)
    {
        if (!k)
            fprintf(out, "\nAES score per MHz (openssl aes-256-cbc, 16 KiB):\n");
        fprintf(out, "  %s\n", json_string_value(json_object_get(score, "message")));
    }
    json_t *health = field(doc, "context.health"), *h;
    size_t i;
    if (json_array_size(health))
        fprintf(out, "\nHealth:\n");
    json_array_foreach(health, i, h)
    fprintf(out, "  [%s] %s\n", json_string_value(json_object_get(h, "severity")),
            json_string_value(json_object_get(h, "message")));
}
