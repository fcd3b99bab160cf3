/*
 * report_narrow.c — the narrow layout of run's and show's table
 * (report_narrow.h, docs/cli.md "The table"): one block per operation,
 * implementations as rows, sizes as columns, wrapped into column groups
 * that fit CM_TEXT_COLUMNS; figures to 3 significant digits; the spread
 * only where it is wider than WIDE_SPREAD; the same marks as the wide
 * layout (report.c, whose rules it calls through report_table.h). The
 * lines around the table are the wide layout's, wrapped. Markdown: the
 * same blocks as GitHub tables, the other lines in a fenced block.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "records/output.h"
#include "registry/plan.h"
#include "records/report_narrow.h"
#include "records/report_table.h"
#include "util/text.h"

#define NAME_COLS 28      /* the widest implementation name; longer ones are shortened */
#define NAME_HEAD 13      /* a shortened name: its first NAME_HEAD characters, "…", */
#define NAME_TAIL 14      /* and its last NAME_TAIL */
#define KAT_COLS 5        /* "pass!", "FAIL" */
#define WIDE_SPREAD 0.05  /* a relative spread shown in the cell when above this (5 %) */

/* One rendering: the stream, Markdown or text, and whether a name was shortened. */
typedef struct narrow {
    FILE *out;
    int markdown, shortened;
    const cm_record *recs;
    size_t n;
    size_t sizes[CM_MAX_SIZES];
    size_t n_sizes;
    int per_cluster, bound;
} narrow;

/* text (lines ended by '\n') wrapped line by line; in Markdown, in a fenced block. */
static void wrap_text(const narrow *w, const char *text)
{
    if (!text[0])
        return;
    if (w->markdown)
        fprintf(w->out, "\n```text\n");
    for (const char *p = text; *p;) {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (!(w->markdown && len == 0 && p == text)) /* the fence replaces a leading blank line */
            cm_text_wrap_line(w->out, p, len, CM_TEXT_COLUMNS);
        p += len + (end != NULL);
    }
    if (w->markdown)
        fprintf(w->out, "```\n");
}

/* What print(out, ...) writes, wrapped (wrap_text). */
#define WRAPPED(w, call)                                                                           \
    do {                                                                                           \
        char *buf_ = NULL;                                                                         \
        size_t len_ = 0;                                                                           \
        FILE *out = open_memstream(&buf_, &len_);                                                  \
        if (out) {                                                                                 \
            call;                                                                                  \
            fclose(out);                                                                           \
            wrap_text(w, buf_);                                                                    \
        }                                                                                          \
        free(buf_);                                                                                \
    } while (0)

/* v to 3 significant digits, with k, M, G above 999 ("12.3k", "0.0512"). */
static void sig3(char *buf, size_t len, double v)
{
    static const char *const suffix[] = {"", "k", "M", "G", "T"};
    int s = 0;
    while (v >= 999.5 && s < 4) {
        v /= 1000;
        s++;
    }
    if (s == 0 && v < 0.9995)
        snprintf(buf, len, "%.3g", v);
    else
        snprintf(buf, len, "%.*f%s", v >= 99.95 ? 0 : v >= 9.995 ? 1 : 2, v, suffix[s]);
}

/* A figure's cell: the weak mark, the figure (or "?" when has is 0), the
 * spread when it is wide, the fastest mark. */
static void figure_cell(char *cell, size_t len, const char *weak, int has, double v,
                        double spread, const char *best)
{
    char fig[32] = "?", wide[16] = "";
    if (has)
        sig3(fig, sizeof fig, v);
    if (spread > WIDE_SPREAD && spread * 100 < 99.5)
        snprintf(wide, sizeof wide, "±%.0f%%", spread * 100);
    else if (spread > WIDE_SPREAD)
        snprintf(wide, sizeof wide, "±>99%%");
    snprintf(cell, len, "%s%s%s%s", weak, fig, wide, best);
}

/* The cell of r in a per-byte block (cycles per byte when cpb, else MB/s). */
static void byte_cell(const narrow *w, char *cell, size_t len, const cm_record *r, int cpb)
{
    cm_figures f;
    if (!r || !cm_record_measured(r)) {
        snprintf(cell, len, "%s", r ? cm_table_status_word(r->status) : "?");
        return;
    }
    cm_record_figures(r, &f);
    const char *best = cm_table_fastest_mark(w->recs, w->n, r);
    if (cpb)
        figure_cell(cell, len, cm_table_weak_mark(&f), f.has_cycles_byte, f.cycles_per_byte,
                    f.cycles_rel_uncertainty, best);
    else
        figure_cell(cell, len, cm_table_weak_mark(&f), 1, f.throughput_mb_s, r->m.stats.ci_rel, best);
}

/* The three cells of a per-operation row: ops/s, µs/op, cycles/op. */
static void op_cells(const narrow *w, char cells[3][48], const cm_record *r)
{
    cm_figures f;
    if (!cm_record_measured(r)) {
        snprintf(cells[0], 48, "%s", cm_table_status_word(r->status));
        cells[1][0] = cells[2][0] = '\0';
        return;
    }
    cm_record_figures(r, &f);
    const char *weak = cm_table_weak_mark(&f);
    figure_cell(cells[0], 48, weak, 1, f.ops_per_s, r->m.stats.ci_rel,
                cm_table_fastest_mark(w->recs, w->n, r));
    figure_cell(cells[1], 48, weak, 1, f.us_per_op, 0, "");
    figure_cell(cells[2], 48, weak, f.has_cycles, f.cycles_per_op, f.cycles_rel_uncertainty, "");
}

/* The row name of r ("backend:variant", " xN" for copies); shortened to
 * NAME_COLS columns in text (first NAME_HEAD, "…", last NAME_TAIL). */
static void row_name(narrow *w, char *name, size_t len, const cm_record *r)
{
    char full[160];
    if (r->threads > 1)
        snprintf(full, sizeof full, "%s:%s x%d", r->backend, r->variant, r->threads);
    else
        snprintf(full, sizeof full, "%s:%s", r->backend, r->variant);
    size_t flen = strlen(full), cols = cm_text_columns(full, flen);
    if (w->markdown || cols <= NAME_COLS) {
        snprintf(name, len, "%s", full);
        return;
    }
    size_t head = cm_text_offset_at(full, flen, NAME_HEAD), tail = cm_text_offset_at(full, flen, cols - NAME_TAIL);
    snprintf(name, len, "%.*s…%s", (int)head, full, full + tail);
    w->shortened = 1;
}

/* A cell to out: right-aligned in width columns (left-aligned when left),
 * or a Markdown cell. */
static void put_cell(const narrow *w, const char *text, size_t width, int left)
{
    if (w->markdown) {
        fprintf(w->out, "| %s ", text);
        return;
    }
    size_t cols = cm_text_columns(text, strlen(text)), pad = cols < width ? width - cols : 0;
    if (!text[0])
        return; /* an empty cell ends a row: no trailing blanks */
    if (left)
        fprintf(w->out, "%s%*s", text, (int)pad, "");
    else
        fprintf(w->out, "%*s%s", (int)pad, "", text);
}

/* Ends a row. */
static void end_row(const narrow *w)
{
    fputs(w->markdown ? "|\n" : "\n", w->out);
}

/* The header of column i of a block: a size ("16 B", "1 KiB"), "bound",
 * or a per-operation column. */
static void column_head(const narrow *w, int ops, size_t i, char *buf, size_t len)
{
    static const char *const op_heads[] = {"ops/s", "µs/op", "cycles/op"};
    size_t s = i < w->n_sizes ? w->sizes[i] : 0;
    if (ops)
        snprintf(buf, len, "%s", op_heads[i]);
    else if (i >= w->n_sizes)
        snprintf(buf, len, "bound");
    else if (s >= 1024 * 1024 && s % (1024 * 1024) == 0)
        snprintf(buf, len, "%zu MiB", s / (1024 * 1024));
    else if (s >= 1024 && s % 1024 == 0)
        snprintf(buf, len, "%zu KiB", s / 1024);
    else
        snprintf(buf, len, "%zu B", s);
}

/* The header row of columns [from, to) of a block, and in Markdown its
 * alignment row. */
static void put_head(narrow *w, size_t name_cols, int ops, size_t from, size_t to, size_t cell_cols)
{
    char head[32];
    put_cell(w, "implementation", name_cols, 1);
    put_cell(w, "KAT", KAT_COLS + 1, 0);
    for (size_t i = from; i < to; i++) {
        column_head(w, ops, i, head, sizeof head);
        put_cell(w, head, cell_cols, 0);
    }
    end_row(w);
    if (!w->markdown)
        return;
    fprintf(w->out, "| --- | --- ");
    for (size_t i = from; i < to; i++)
        fprintf(w->out, "| ---: ");
    end_row(w);
}

/* 1 when a and b are rows of one block: same algorithm, operation and cluster. */
static int same_block(const cm_record *a, const cm_record *b)
{
    return a->alg == b->alg && a->op == b->op && a->cluster == b->cluster;
}

/* The name column's width for rows[from..to). */
static size_t name_width(narrow *w, const cm_record **rows, size_t from, size_t to)
{
    size_t width = strlen("implementation");
    for (size_t k = from; k < to; k++) {
        char name[192];
        row_name(w, name, sizeof name, rows[k]);
        size_t c = cm_text_columns(name, strlen(name));
        width = c > width ? c : width;
    }
    return width;
}

/* A block's heading: its algorithm and operation (and cluster). */
static void put_heading(const narrow *w, const cm_record *r)
{
    char cluster[32] = "";
    if (w->per_cluster)
        snprintf(cluster, sizeof cluster, ", cluster %d", r->cluster);
    fprintf(w->out, w->markdown ? "\n#### %s %s%s\n\n" : "\n%s %s%s\n", r->alg->name,
            cm_op_name(r->op), cluster);
}

/* The cell of row r in column i of a block: ops (the per-operation
 * columns), a size, or the bound. */
static void block_cell(const narrow *w, char *cell, size_t len, const cm_record *r, int kind,
                       size_t i)
{
    char cells[3][48];
    if (kind == 2) {
        op_cells(w, cells, r);
        snprintf(cell, len, "%s", cells[i]);
    } else if (i < w->n_sizes)
        byte_cell(w, cell, len, cm_table_row_record(w->recs, w->n, r, w->sizes[i]), kind);
    else if (r->bound_cpb > 0)
        sig3(cell, len, r->bound_cpb);
    else
        snprintf(cell, len, "-");
}

/* The column width of a block: its widest cell or header and a space. */
static size_t cell_width(const narrow *w, const cm_record **rows, size_t from, size_t to, int kind,
                         size_t n_cols)
{
    size_t width = 0;
    char cell[64];
    for (size_t i = 0; i < n_cols; i++) {
        column_head(w, kind == 2, i, cell, sizeof cell);
        width = cm_text_columns(cell, strlen(cell)) > width ? cm_text_columns(cell, strlen(cell)) : width;
        for (size_t k = from; k < to; k++) {
            block_cell(w, cell, sizeof cell, rows[k], kind, i);
            width = cm_text_columns(cell, strlen(cell)) > width ? cm_text_columns(cell, strlen(cell)) : width;
        }
    }
    return width + 1;
}

/* One block, rows[from..to): kind 0 MB/s, 1 cycles per byte (with the
 * bound column when there is one), 2 per operation; its columns in
 * groups that fit CM_TEXT_COLUMNS (one group in Markdown). */
static void put_block(narrow *w, const cm_record **rows, size_t from, size_t to, int kind)
{
    size_t n_cols = kind == 2 ? 3 : w->n_sizes + (kind == 1 && w->bound);
    size_t cell_cols = cell_width(w, rows, from, to, kind, n_cols);
    size_t name_cols = name_width(w, rows, from, to), lead = name_cols + KAT_COLS + 1;
    size_t per_group = w->markdown ? n_cols : (CM_TEXT_COLUMNS - lead) / cell_cols;
    per_group = per_group ? per_group : 1;
    put_heading(w, rows[from]);
    for (size_t g = 0; g < n_cols; g += per_group) {
        size_t end = g + per_group < n_cols ? g + per_group : n_cols;
        if (g)
            fputc('\n', w->out);
        put_head(w, name_cols, kind == 2, g, end, cell_cols);
        for (size_t k = from; k < to; k++) {
            char name[192], cell[64];
            row_name(w, name, sizeof name, rows[k]);
            put_cell(w, name, name_cols, 1);
            put_cell(w, cm_table_kat_word(rows[k]), KAT_COLS + 1, 0);
            for (size_t i = g; i < end; i++) {
                block_cell(w, cell, sizeof cell, rows[k], kind, i);
                put_cell(w, cell, cell_cols, 0);
            }
            end_row(w);
        }
    }
}

/* A section's first line: wrapped text, or a Markdown paragraph. */
static void put_intro(const narrow *w, const char *text)
{
    fputc('\n', w->out);
    if (w->markdown)
        fprintf(w->out, "%s\n", text);
    else
        cm_text_wrap_line(w->out, text, strlen(text), CM_TEXT_COLUMNS);
}

/* A section: its intro, then a block per operation of its rows. */
static void put_section(narrow *w, int kind, const char *intro)
{
    size_t count;
    const cm_record **rows = cm_table_rows(w->recs, w->n, kind == 2, &count);
    put_intro(w, intro);
    for (size_t from = 0, to; rows && from < count; from = to) {
        for (to = from + 1; to < count && same_block(rows[from], rows[to]); to++)
            ;
        put_block(w, rows, from, to, kind);
    }
    free(rows);
}

/* The lines of the legend that only this layout needs. */
static void narrow_legend(FILE *out, int shortened)
{
    fprintf(out, "Figures to 3 significant digits (k 10^3, M 10^6, G 10^9); ± the spread, shown "
                 "only where it is wider than %.0f%% (>99%%: 100%% or more); every figure and spread in full: --wide, the "
                 "JSON and the CSV.\n", WIDE_SPREAD * 100);
    if (shortened)
        fprintf(out, "A name longer than %d columns is shown as its first %d and last %d "
                     "characters around \"…\".\n", NAME_COLS, NAME_HEAD, NAME_TAIL);
}

void cm_print_table_layout(FILE *out, const cm_record *recs, size_t n, struct json_t *doc,
                           cm_table_layout layout)
{
    if (layout == CM_TABLE_WIDE) {
        cm_print_table(out, recs, n, doc);
        return;
    }
    narrow *w = calloc(1, sizeof *w); /* sizes: CM_MAX_SIZES of them */
    if (!w)
        return;
    w->out = out;
    w->markdown = layout == CM_TABLE_MARKDOWN;
    w->recs = recs;
    w->n = n;
    w->n_sizes = cm_table_sizes(doc, w->sizes, &w->per_cluster);
    w->bound = cm_table_has_bound(recs, n);
    WRAPPED(w, cm_table_preamble(out, doc));
    if (cm_table_has_unit(recs, n, CM_UNIT_BYTE)) {
        put_section(w, 0, "Throughput in MB/s (10^6 bytes per second), median of the samples; "
                          "± the 95% confidence interval of the median");
        put_section(w, 1, "Cycles per byte at the core clock measured beside each "
                          "implementation; ± the 95% confidence interval of the median plus the "
                          "clock's uncertainty");
        if (w->bound)
            WRAPPED(w, cm_table_bound_note(out));
    }
    if (cm_table_has_unit(recs, n, CM_UNIT_OP))
        put_section(w, 2, "Per operation: operations per second and µs per operation (median), "
                          "cycles per operation; ± the 95% confidence interval (for cycles plus "
                          "the clock's uncertainty)");
    WRAPPED(w, (fputc('\n', out), cm_table_legend(out), narrow_legend(out, w->shortened)));
    WRAPPED(w, cm_table_after(out, recs, n, doc));
    free(w);
}
