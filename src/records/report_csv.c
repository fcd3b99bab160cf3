/*
 * report_csv.c — the CSV view of the typed records (record.h): one row per
 * record, the columns of csv_columns, figures from cm_record_figures() (see
 * output.h). A text cell that a spreadsheet would read as a formula (it
 * begins with =, +, -, @, a tab or a carriage return) gets a leading quote
 * (OWASP's advice against CSV injection): reasons carry file names and
 * system strings.
 */
#include <stdlib.h>
#include <string.h>
#include "records/output.h"
#include "records/record.h"

/* --- CSV ---------------------------------------------------------------------- */

static const char *const csv_columns[] = {
    "name", "backend", "variant", "algorithm", "class", "operation", "unit", "size", "threads",
    "cpu", "cluster", "status", "reason", "throughput_mb_s", "cycles_per_byte", "cycles_per_op",
    "ops_per_s", "us_per_op", "score",
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

/* Appends one CSV cell (a comma before all but a row's first), quoted
 * (RFC 4180) when it holds a comma, a quote or a line break. */
static void csv_raw(text_buf *b, int *col, const char *s)
{
    if ((*col)++)
        append(b, ",", 1);
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

/* A text cell: csv_raw, after a leading quote where the text would start
 * a spreadsheet formula. */
static void csv_cell(text_buf *b, int *col, const char *s)
{
    if (!s[0] || !strchr("=+-@\t\r", s[0])) {
        csv_raw(b, col, s);
        return;
    }
    size_t n = strlen(s);
    char *quoted = malloc(n + 2);
    if (!quoted) {
        b->failed = 1;
        return;
    }
    quoted[0] = '\'';
    memcpy(quoted + 1, s, n + 1);
    csv_raw(b, col, quoted);
    free(quoted);
}

/* A number cell ("" when there is none). */
static void csv_num(text_buf *b, int *col, int has, double v)
{
    char cell[64] = "";
    if (has)
        snprintf(cell, sizeof cell, "%.6g", v);
    csv_raw(b, col, cell);
}

/* A whole-number cell ("" when there is none). */
static void csv_int(text_buf *b, int *col, int has, long long v)
{
    char cell[32] = "";
    if (has)
        snprintf(cell, sizeof cell, "%lld", v);
    csv_raw(b, col, cell);
}

/* The cells from name to reason. */
static void csv_identity(text_buf *b, int *col, const cm_record *r)
{
    csv_cell(b, col, r->name);
    csv_cell(b, col, r->backend);
    csv_cell(b, col, r->variant);
    csv_cell(b, col, r->alg->name);
    csv_cell(b, col, cm_class_name(r->alg->cls));
    csv_cell(b, col, cm_op_name(r->op));
    csv_cell(b, col, r->unit == CM_UNIT_OP ? "op" : "byte");
    csv_int(b, col, r->size > 0, (long long)r->size);
    csv_int(b, col, 1, r->threads);
    csv_int(b, col, 1, r->cpu);
    csv_int(b, col, r->cluster >= 0, r->cluster);
    csv_cell(b, col, cm_record_status_name(r->status));
    csv_cell(b, col, r->reason);
}

/* The cells from throughput_mb_s to flags. */
static void csv_figures(text_buf *b, int *col, const cm_record *r)
{
    cm_figures f;
    cm_record_figures(r, &f);
    int ok = cm_record_measured(r);
    const cm_stats *s = &r->m.stats;
    const cm_measurement *m = &r->m;
    char flags[96] = "";
    csv_num(b, col, f.has_byte, f.throughput_mb_s);
    csv_num(b, col, f.has_cycles_byte, f.cycles_per_byte);
    csv_num(b, col, f.has_cycles, f.cycles_per_op);
    csv_num(b, col, f.has_op, f.ops_per_s);
    csv_num(b, col, f.has_op, f.us_per_op);
    csv_num(b, col, f.has_score, f.score);
    const double stat[] = {s->median, s->min, s->mad, s->ci_low, s->ci_high, s->ci_rel, s->cv};
    for (size_t i = 0; i < sizeof stat / sizeof stat[0]; i++)
        csv_num(b, col, ok, stat[i]);
    csv_int(b, col, ok, (long long)s->n);
    csv_num(b, col, ok, m->cpu_ns);
    csv_num(b, col, ok && m->cpu_split_known, m->user_ns);
    csv_num(b, col, ok && m->cpu_split_known, m->sys_ns);
    csv_num(b, col, 1, r->clock.mhz_used);
    csv_cell(b, col, r->has_kat ? cm_check_status_name(cm_kat_report_status(&r->kat)) : "");
    for (int i = 0, used = 0; i < CM_FLAG_COUNT; i++)
        if (f.flags & (1u << i))
            used += snprintf(flags + used, sizeof flags - (size_t)used, "%s%s", used ? ";" : "",
                             cm_record_flag_name(i));
    csv_cell(b, col, flags);
}

char *cm_csv_text(const cm_record *recs, size_t n, size_t *len)
{
    text_buf b = {0};
    int col = 0;
    for (size_t c = 0; c < N_CSV_COLUMNS; c++)
        csv_cell(&b, &col, csv_columns[c]);
    append(&b, "\n", 1);
    for (size_t i = 0; i < n; i++) {
        col = 0;
        csv_identity(&b, &col, &recs[i]);
        csv_figures(&b, &col, &recs[i]);
        append(&b, "\n", 1);
    }
    if (b.failed) {
        free(b.p);
        return NULL;
    }
    *len = b.len;
    return b.p;
}

int cm_write_csv(const char *path, const cm_record *recs, size_t n, cm_error *err)
{
    size_t len;
    char *text = cm_csv_text(recs, n, &len);
    if (!text)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory rendering the CSV");
    cm_output out = {path, text, len};
    int rc = cm_write_outputs(&out, 1, err);
    free(text);
    return rc;
}
