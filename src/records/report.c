/*
 * report.c — the text table of the typed records (record.h), laid out like
 * `openssl speed` (see output.h); the CSV view is report_csv.c.
 * Figures come from cm_record_figures(); what is not a record (the CPU
 * model, the clusters' clocks, the libraries not built, the AES score
 * messages, the health flags, the settings' sizes) comes typed from the
 * document (table_facts.h), printed in one section below.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "records/flags_text.h"
#include "records/output.h"
#include "platform/aes_score.h"
#include "registry/plan.h"
#include "records/record.h"
#include "records/report_table.h"
#include "records/report_findings.h"
#include "records/table_facts.h"
#include "util/text.h"

/* --- what the table shows beside the records (table_facts.h) -------------- */

/* One line per cluster: the clock measured before the run and what the
 * system claims. */
static void print_clocks(FILE *out, const cm_table_facts *t)
{
    for (size_t i = 0; i < t->n_clusters; i++) {
        const cm_table_cluster *cl = &t->clusters[i];
        const char *name = cl->core_name;
        fprintf(out, "  cluster %zu%s%s: ", i, name ? " " : "", name ? name : "");
        if (!isnan(cl->measured_mhz))
            fprintf(out, "%.0f MHz measured", cl->measured_mhz);
        else
            fprintf(out, "clock not measured");
        if (!isnan(cl->claimed_mhz))
            fprintf(out, " (%.0f MHz claimed)", cl->claimed_mhz);
        fputc('\n', out);
    }
}

/* The libraries not built, as notes; header counts the notes so far. */
static void print_not_built(FILE *out, const cm_table_facts *t, int *header)
{
    for (size_t i = 0; i < t->n_missing; i++) {
        const cm_table_missing *m = &t->missing[i];
        if (!(*header)++)
            fprintf(out, "\nNot measured:\n");
        fprintf(out, "  %-44s not built: %s (install %s)\n", m->backend, m->reason, m->package);
    }
}

/* The emulation line (when the CPU is emulated), the AES score lines and
 * the health flags. */
static void print_scores_and_health(FILE *out, const cm_table_facts *t)
{
    if (t->emulated)
        fprintf(out, "\nEmulated CPU: %s: every figure above (throughput, cycles per byte, clock) describes the "
                     "emulator, not the hardware.\n",
                t->emulated_why ? t->emulated_why : "analysis.emulation says so");
    for (size_t k = 0; k < t->n_scores; k++) {
        char source[128];
        platform_aes_source_text(source, sizeof source);
        if (!k)
            fprintf(out, "\nAES score per MHz (%s):\n", source);
        fprintf(out, "  %s\n", t->score_messages[k]);
    }
    cm_flags_render_table(out, &t->health, t->health_error.msg);
}

/* --- the text table -------------------------------------------------------- */

/* Short word shown in a cell for a record that has no figure. */
static const char *status_word(cm_record_status s)
{
    switch (s) {
    case CM_RECORD_UNAVAILABLE: return "n/a";
    case CM_RECORD_SKIPPED: return "-";
    case CM_RECORD_FAILED_KAT: return "FAILED-KAT";
    case CM_RECORD_KNOWN_FINDING: return "KNOWN";
    case CM_RECORD_CRASHED: return "CRASHED";
    case CM_RECORD_TIMEOUT: return "TIMEOUT";
    default: return "ERROR";
    }
}

/* 1 if a and b are in the same row: same name, cluster (or none) and
 * thread count. */
static int same_row(const cm_record *a, const cm_record *b)
{
    return strcmp(a->name, b->name) == 0 && a->cluster == b->cluster && a->threads == b->threads;
}

/* The record of first's row at size (any size for a record without one),
 * or NULL. */
static const cm_record *row_record(const cm_record *recs, size_t n, const cm_record *first,
                                   size_t size)
{
    for (size_t i = 0; i < n; i++)
        if (same_row(&recs[i], first) && (recs[i].size == 0 || recs[i].size == size))
            return &recs[i];
    return NULL;
}

/* 1 if an earlier record is in the same row as recs[k]. */
static int row_seen(const cm_record *recs, size_t k)
{
    for (size_t i = 0; i < k; i++)
        if (same_row(&recs[i], &recs[k]))
            return 1;
    return 0;
}

/* The KAT column: pass (vectors and cross-check passed), vec (vectors
 * passed, but no other backend was there to cross-check against), either
 * with "!" when the library accepted invalid cases (findings), FAIL,
 * none, or "-" when the implementation never got to its checks
 * (unavailable, crashed before reporting). */
static const char *kat_word(const cm_record *r)
{
    if (!r->has_kat)
        return "-";
    if (cm_kat_report_known(&r->kat))
        return "known";
    cm_check_status st = cm_kat_report_status(&r->kat);
    if (st == CM_CHECK_PASSED && r->kat.findings > 0)
        return r->kat.cross == CM_CHECK_PASSED ? "pass!" : "vec!";
    if (st == CM_CHECK_PASSED)
        return r->kat.cross == CM_CHECK_PASSED ? "pass" : "vec";
    return st == CM_CHECK_FAILED ? "FAIL" : cm_check_status_name(st);
}

typedef enum table_kind { TABLE_MBS, TABLE_CPB, TABLE_OPS } table_kind;

#define CELL_WIDTH 20 /* a per-size cell: "~12345.67 ±12.3%*" */

/* "~" for a figure whose CI was not reached, that the overhead dominates
 * or whose rounds disagree, else "". */
static const char *weak_mark(const cm_figures *f)
{
    return f->flags & (CM_FLAG_CI_NOT_REACHED | CM_FLAG_OVERHEAD_DOMINATED | CM_FLAG_NOT_REPRODUCIBLE)
           ? "~" : "";
}

/* 1 if a and b measure the same operation: same algorithm, operation and
 * cluster (the rows a comparison puts together). */
static int same_operation(const cm_record *a, const cm_record *b)
{
    return a->alg == b->alg && a->op == b->op && a->cluster == b->cluster;
}

/* "*" when r is the fastest measured record of its operation at its size
 * among at least two, else "". */
static const char *fastest_mark(const cm_record *recs, size_t n, const cm_record *r)
{
    int others = 0;
    if (!cm_record_measured(r) || !(r->m.stats.median > 0))
        return "";
    for (size_t i = 0; i < n; i++) {
        const cm_record *o = &recs[i];
        if (o == r || !same_operation(o, r) || o->size != r->size || o->threads != r->threads ||
            !cm_record_measured(o) || !(o->m.stats.median > 0))
            continue;
        if (o->m.stats.median < r->m.stats.median)
            return "";
        others = 1;
    }
    return others ? "*" : "";
}

/* One cell: MB/s with the confidence interval of its median, or cycles per
 * byte with the uncertainty in %; "*" on the fastest. */
static void format_cell(char *cell, size_t len, const cm_record *recs, size_t n,
                        const cm_record *r, table_kind kind)
{
    cm_figures f;
    if (!r) {
        snprintf(cell, len, "?");
        return;
    }
    if (!cm_record_measured(r)) {
        snprintf(cell, len, "%s", status_word(r->status));
        return;
    }
    cm_record_figures(r, &f);
    const char *best = fastest_mark(recs, n, r);
    double ci = f.cycles_rel_uncertainty * 100;
    if (kind == TABLE_MBS)
        snprintf(cell, len, "%s%.2f ±%.1f%%%s", weak_mark(&f), f.throughput_mb_s,
                 r->m.stats.ci_rel * 100, best);
    else if (f.has_cycles_byte)
        snprintf(cell, len, "%s%.2f ±%.1f%%%s", weak_mark(&f), f.cycles_per_byte, ci, best);
    else
        snprintf(cell, len, "%s? ±%.1f%%%s", weak_mark(&f), ci, best);
}

/* The cells of a record of figures per operation: ops/s with the
 * confidence interval of its median ("*" on the fastest), µs/op,
 * cycles/op. */
static void print_op_cells(FILE *out, const cm_record *recs, size_t n, const cm_record *r)
{
    cm_figures f;
    if (!cm_record_measured(r)) {
        fprintf(out, "%20s\n", status_word(r->status));
        return;
    }
    cm_record_figures(r, &f);
    char ops[48], us[32], c[64] = "?";
    snprintf(ops, sizeof ops, "%s%.1f ±%.1f%%%s", weak_mark(&f), f.ops_per_s,
             r->m.stats.ci_rel * 100, fastest_mark(recs, n, r));
    snprintf(us, sizeof us, "%s%.2f", weak_mark(&f), f.us_per_op);
    if (f.has_cycles)
        snprintf(c, sizeof c, "%s%.0f ±%.1f%%", weak_mark(&f), f.cycles_per_op,
                 f.cycles_rel_uncertainty * 100);
    fprintf(out, "%20s%14s%22s\n", ops, us, c);
}

/* The leading columns of a row and of the header, a space after each
 * however long: implementation (openssl-1.1.1:devcrypto-engine),
 * algorithm, operation (mac-newkey, decapsulate), KAT. */
#define ROW_LEAD "%-30s %-21s %-11s %-5s "

/* 1 when the cycles-per-byte block gets a bound column: some record has
 * an instruction bound (probe.h). */
static int bound_column(const cm_record *recs, size_t n, table_kind kind)
{
    for (size_t k = 0; kind == TABLE_CPB && k < n; k++)
        if (recs[k].bound_cpb > 0)
            return 1;
    return 0;
}

/* The header line of a block. */
static void print_head(FILE *out, const cm_table_facts *t, table_kind kind, int bound)
{
    fprintf(out, ROW_LEAD, "implementation", "algorithm", "op", "KAT");
    if (t->per_cluster)
        fprintf(out, "%-9s", "cluster");
    if (kind == TABLE_OPS)
        fprintf(out, "%20s%14s%22s", "ops/s", "µs/op", "cycles/op");
    for (size_t i = 0; kind != TABLE_OPS && i < t->n_sizes; i++) {
        char head[32];
        snprintf(head, sizeof head, "%zu bytes", t->sizes[i]);
        fprintf(out, "%*s", CELL_WIDTH, head);
    }
    if (bound)
        fprintf(out, "%*s", CELL_WIDTH, "bound");
    fputc('\n', out);
}

/* 1 when row a comes before row b in a comparison: by algorithm (the
 * table's order), operation, cluster, then implementation. */
static int row_before(const cm_record *a, const cm_record *b)
{
    if (a->alg != b->alg)
        return a->alg < b->alg; /* rows of one array: the algorithm table */
    if (a->op != b->op)
        return a->op < b->op;
    if (a->cluster != b->cluster)
        return a->cluster < b->cluster;
    return strcmp(a->name, b->name) < 0;
}

/* The first record of each row of the block's unit, in comparison order:
 * *count of them in a malloc'ed array (NULL when out of memory). */
static const cm_record **block_rows(const cm_record *recs, size_t n, table_kind kind,
                                    size_t *count)
{
    const cm_record **rows = malloc((n ? n : 1) * sizeof *rows);
    *count = 0;
    for (size_t k = 0; rows && k < n; k++) {
        const cm_record *r = &recs[k];
        if (row_seen(recs, k) || (r->unit == CM_UNIT_OP) != (kind == TABLE_OPS))
            continue;
        size_t at = (*count)++;
        while (at > 0 && row_before(r, rows[at - 1])) { /* insertion: rows are few */
            rows[at] = rows[at - 1];
            at--;
        }
        rows[at] = r;
    }
    return rows;
}

/* One block: a row per (implementation, operation[, cluster]) of the
 * block's unit, the implementations of one operation together, a blank
 * line between algorithms. */
static void print_block(FILE *out, const cm_record *recs, size_t n, const cm_table_facts *t,
                        table_kind kind)
{
    size_t count;
    const cm_record **rows = block_rows(recs, n, kind, &count);
    int bound = bound_column(recs, n, kind);
    print_head(out, t, kind, bound);
    for (size_t k = 0; rows && k < count; k++) {
        const cm_record *r = rows[k];
        char impl[96];
        if (k > 0 && rows[k - 1]->alg != r->alg)
            fputc('\n', out);
        if (r->threads > 1)
            snprintf(impl, sizeof impl, "%s:%s x%d", r->backend, r->variant, r->threads);
        else
            snprintf(impl, sizeof impl, "%s:%s", r->backend, r->variant);
        fprintf(out, ROW_LEAD, impl, r->alg->name, cm_op_name(r->op), kat_word(r));
        if (t->per_cluster)
            fprintf(out, "%-9d", r->cluster);
        if (kind == TABLE_OPS) {
            print_op_cells(out, recs, n, r);
            continue;
        }
        for (size_t i = 0; i < t->n_sizes; i++) {
            char cell[64];
            format_cell(cell, sizeof cell, recs, n, row_record(recs, n, r, t->sizes[i]), kind);
            fprintf(out, "%*s", CELL_WIDTH, cell);
        }
        if (bound) {
            char cell[32] = "-";
            if (r->bound_cpb > 0)
                snprintf(cell, sizeof cell, "%.2f", r->bound_cpb);
            fprintf(out, "%*s", CELL_WIDTH, cell);
        }
        fputc('\n', out);
    }
    free(rows);
}

/* --threads: per record of N copies, the copies' own figures and the
 * scaling efficiency (aggregate over N × the single copy). */
static void print_scaling(FILE *out, const cm_record *recs, size_t n)
{
    int header = 0;
    for (size_t k = 0; k < n; k++) {
        const cm_record *r = &recs[k];
        if (r->threads < 2 || r->status != CM_RECORD_OK)
            continue;
        if (!header++)
            fprintf(out, "\nScaling (xN: N pinned copies at once; efficiency = aggregate / (N × "
                         "one copy alone); each copy's figure on its CPU):\n");
        char size[32] = "";
        if (r->size)
            snprintf(size, sizeof size, " %zu B", r->size);
        fprintf(out, "  %s:%s %s %s%s x%d: efficiency ", r->backend, r->variant, r->alg->name,
                cm_op_name(r->op), size, r->threads);
        if (r->scaling_efficiency > 0)
            fprintf(out, "%.2f;", r->scaling_efficiency);
        else
            fprintf(out, "unknown (no single-copy figure);");
        for (int i = 0; i < r->threads; i++) {
            double ns = r->per_thread_ns[i];
            if (r->unit == CM_UNIT_BYTE && r->size && ns > 0)
                fprintf(out, " CPU %d %.1f MB/s", r->per_thread_cpu[i], (double)r->size / ns * 1e3);
            else if (ns > 0)
                fprintf(out, " CPU %d %.0f ops/s", r->per_thread_cpu[i], 1e9 / ns);
        }
        fputc('\n', out);
    }
}

/* The notes under the table: every record that has no figure, once per
 * row, with its reason; and the libraries that are not built in. */
static void print_notes(FILE *out, const cm_record *recs, size_t n, const cm_table_facts *t)
{
    int header = 0;
    const cm_record *prev = NULL;
    for (size_t k = 0; k < n; k++) {
        const cm_record *r = &recs[k];
        if (cm_record_measured(r) || r->status == CM_RECORD_SKIPPED || row_seen(recs, k))
            continue;
        if (!header++)
            fprintf(out, "\nNot measured:\n");
        /* A reason shared by the rows above it (a kernel without AF_ALG) is said once. */
        int same = prev && prev->status == r->status && strcmp(prev->reason, r->reason) == 0;
        fprintf(out, "  %-44s %s: %s\n", r->name, cm_record_status_name(r->status),
                same ? "(as above)" : r->reason);
        prev = r;
    }
    print_not_built(out, t, &header);
}

/* 1 if some record's figures are in unit. */
static int has_unit(const cm_record *recs, size_t n, cm_unit unit)
{
    for (size_t k = 0; k < n; k++)
        if (recs[k].unit == unit)
            return 1;
    return 0;
}

/* The legend of the marks and of the KAT column. */
static void print_legend(FILE *out)
{
    fprintf(out, "* marks the fastest implementation of an operation at a size (of at least "
                 "two measured).\n"
                 "~ marks a figure whose confidence interval stayed wider than the target "
                 "within the time budget, that the loop overhead dominates, or whose rounds "
                 "(--repeat) lie more than %.0f%% apart.\n"
                 "KAT: known-answer vectors and cross-check against another implementation, run "
                 "before timing (pass; vec: vectors only, nothing else to cross-check against; none: "
                 "neither had anything to check; FAIL; - not run; pass! or vec!: passed, but the "
                 "library accepted invalid cases, listed below; known: failed only the cases of a "
                 "known library finding, listed below).\n"
                 "A cell without a figure: n/a unavailable here; - the size does not apply (or lies "
                 "above a limit of the default suite, said above the blocks); "
                 "FAILED-KAT, KNOWN (a known finding whose cases the benchmark would time), CRASHED, "
                 "TIMEOUT, ERROR: not measured, the reason under \"Not measured\".\n", 100 * CM_ROUNDS_AGREE);
}

/* The lines above the blocks: the CPU, the clusters' clocks, the runtimes
 * the default suite left out, its size limits, an interruption. */
static void preamble(FILE *out, const cm_table_facts *t)
{
    const char *model = t->model ? t->model : "unknown CPU";
    if (t->per_cluster)
        fprintf(out, "%s, measured on the first CPU of each cluster\n", model);
    else
        fprintf(out, "%s, measured on CPU %d\n", model, t->cpu);
    print_clocks(out, t);
    if (t->runtimes_left_out)
        fprintf(out, "Default suite: no language runtimes (Go, Rust, Java, Node.js, Python); "
                     "--runtimes adds them\n");
    for (size_t i = 0; i < t->n_size_limits; i++) {
        char line[400];
        int n = snprintf(line, sizeof line, "Default suite: %s up to %zu B: %s; --sizes "
                         "measures more", t->size_limits[i].impl, t->size_limits[i].max_size,
                         t->size_limits[i].why);
        cm_text_wrap_line(out, line, n < 0 ? 0 : (size_t)n < sizeof line ? (size_t)n : sizeof line - 1,
                          CM_TEXT_COLUMNS);
    }
    if (t->interrupted)
        fprintf(out, "\nINTERRUPTED: only the measurements that finished are shown; ? marks one "
                     "that never ran\n");
}

/* The sections under the blocks. */
static void after(FILE *out, const cm_record *recs, size_t n, const cm_table_facts *t)
{
    print_scaling(out, recs, n);
    cm_print_findings(out, recs, n);
    print_notes(out, recs, n, t);
    print_scores_and_health(out, t);
}

void cm_print_table(FILE *out, const cm_record *recs, size_t n, json_t *doc)
{
    cm_table_facts t;
    cm_table_facts_read(doc, &t);
    preamble(out, &t);
    if (has_unit(recs, n, CM_UNIT_BYTE)) {
        fprintf(out, "\nThroughput in MB/s (10^6 bytes per second), median of the samples ± the 95%% "
                     "confidence interval of the median\n");
        print_block(out, recs, n, &t, TABLE_MBS);
        fprintf(out, "\nCycles per byte at the core clock measured beside each implementation, "
                     "± the 95%% confidence interval of the median plus the clock's uncertainty\n");
        print_block(out, recs, n, &t, TABLE_CPB);
        if (bound_column(recs, n, TABLE_CPB))
            cm_table_bound_note(out);
    }
    if (has_unit(recs, n, CM_UNIT_OP)) {
        fprintf(out, "\nPer operation: operations per second and µs per operation (median), cycles "
                     "per operation ± the 95%% confidence interval plus the clock's uncertainty\n");
        print_block(out, recs, n, &t, TABLE_OPS);
    }
    fputc('\n', out);
    print_legend(out);
    after(out, recs, n, &t);
    cm_table_facts_free(&t);
}

/* --- shared with the narrow layout (report_table.h) ------------------------- */

void cm_table_preamble(FILE *out, json_t *doc)
{
    cm_table_facts t;
    cm_table_facts_read(doc, &t);
    preamble(out, &t);
    cm_table_facts_free(&t);
}

void cm_table_legend(FILE *out) { print_legend(out); }

void cm_table_bound_note(FILE *out)
{
    fprintf(out, "bound: the lower bound the instruction probes give on this CPU (cryptometer probe, "
                 "docs/probes.md); - : none applies\n");
}

void cm_table_after(FILE *out, const cm_record *recs, size_t n, json_t *doc)
{
    cm_table_facts t;
    cm_table_facts_read(doc, &t);
    after(out, recs, n, &t);
    cm_table_facts_free(&t);
}

size_t cm_table_sizes(json_t *doc, size_t *sizes, int *per_cluster)
{
    cm_table_facts t;
    cm_table_facts_read(doc, &t);
    memcpy(sizes, t.sizes, t.n_sizes * sizeof *sizes);
    *per_cluster = t.per_cluster;
    cm_table_facts_free(&t);
    return t.n_sizes;
}

const char *cm_table_status_word(cm_record_status s) { return status_word(s); }
const char *cm_table_kat_word(const cm_record *r) { return kat_word(r); }
const char *cm_table_weak_mark(const cm_figures *f) { return weak_mark(f); }

const char *cm_table_fastest_mark(const cm_record *recs, size_t n, const cm_record *r)
{
    return fastest_mark(recs, n, r);
}

const cm_record *cm_table_row_record(const cm_record *recs, size_t n, const cm_record *first,
                                     size_t size)
{
    return row_record(recs, n, first, size);
}

const cm_record **cm_table_rows(const cm_record *recs, size_t n, int per_operation, size_t *count)
{
    return block_rows(recs, n, per_operation ? TABLE_OPS : TABLE_MBS, count);
}

int cm_table_has_bound(const cm_record *recs, size_t n) { return bound_column(recs, n, TABLE_CPB); }
int cm_table_has_unit(const cm_record *recs, size_t n, cm_unit unit) { return has_unit(recs, n, unit); }
