/*
 * sweep_text.c — the text of a sweep (sweep_out.h) from its rows: the one
 * layout `sweep` prints after measuring and `show` prints from a saved
 * sweep document.
 */
#include <stdio.h>
#include <string.h>
#include "run/sweep_out.h"
#include "util/text.h"

#define CHUNK_COLUMN 11 /* "  %-9s" */
#define CELL_COLUMN 38  /* " | %-35s" */
#define MAX_TOTALS 64   /* distinct totals of a path that the table shows */

/* The distinct totals of the rows of path, in order of appearance. */
static size_t totals_of(const cm_sweep_row *rows, size_t n, const char *path, size_t *totals)
{
    size_t m = 0;
    for (size_t k = 0; k < n; k++) {
        size_t j = 0;
        while (j < m && totals[j] != rows[k].total)
            j++;
        if (strcmp(rows[k].path, path) == 0 && j == m && m < MAX_TOTALS)
            totals[m++] = rows[k].total;
    }
    return m;
}

/* The row of path at (chunk, total), or NULL. */
static const cm_sweep_row *row_at(const cm_sweep_row *rows, size_t n, const char *path,
                                  size_t chunk, size_t total)
{
    for (size_t k = 0; k < n; k++)
        if (rows[k].chunk == chunk && rows[k].total == total && strcmp(rows[k].path, path) == 0)
            return &rows[k];
    return NULL;
}

/* One cell: "MB/s  CPU s/GB (user+sys)  spread%" or the status. */
static void cell_text(char *buf, size_t len, const cm_sweep_row *w)
{
    if (!w)
        snprintf(buf, len, "-");
    else if (!w->ok)
        snprintf(buf, len, "%s", w->status);
    else if (w->user_s_per_gb == w->user_s_per_gb) /* not NAN: the split is known */
        snprintf(buf, len, "%9.1f %6.2f=%.2f+%.2f %3.0f%%%s", w->mb_s, w->cpu_s_per_gb,
                 w->user_s_per_gb, w->sys_s_per_gb, w->spread * 100, w->wide_spread ? "!" : " ");
    else
        snprintf(buf, len, "%9.1f %6.2f=?+? %3.0f%%%s", w->mb_s, w->cpu_s_per_gb,
                 w->spread * 100, w->wide_spread ? "!" : " ");
}

/* The columns totals[0..m) of the block of the path of rows[first]: the
 * heading, then a row per chunk. */
static void print_columns(FILE *out, const cm_sweep_row *rows, size_t n, size_t first,
                          const size_t *totals, size_t m)
{
    const char *path = rows[first].path;
    char buf[96];
    fprintf(out, "  %-9s", "chunk");
    for (size_t t = 0; t < m; t++) {
        cm_sweep_size_text(buf, sizeof buf, totals[t]);
        fprintf(out, " | %-35s", buf);
    }
    fputc('\n', out);
    size_t last_chunk = 0;
    for (size_t k = first; k < n; k++) {
        if (strcmp(rows[k].path, path) != 0 || rows[k].chunk == last_chunk)
            continue;
        last_chunk = rows[k].chunk;
        cm_sweep_size_text(buf, sizeof buf, rows[k].chunk);
        fprintf(out, "  %-9s", buf);
        for (size_t t = 0; t < m; t++) {
            cell_text(buf, sizeof buf, row_at(rows, n, path, rows[k].chunk, totals[t]));
            fprintf(out, " | %-35s", buf);
        }
        fputc('\n', out);
    }
}

/* The block of the path of rows[first]: its title, then its columns, as
 * many totals side by side as fit in CM_TEXT_COLUMNS. */
static void print_path(FILE *out, const cm_sweep_row *rows, size_t n, size_t first)
{
    const cm_sweep_row *w = &rows[first];
    size_t totals[MAX_TOTALS], m = totals_of(rows, n, w->path, totals);
    size_t per = (CM_TEXT_COLUMNS - CHUNK_COLUMN) / CELL_COLUMN;
    fprintf(out, "\n%s/%s/%s%s%s%s\n", w->path, w->algorithm, w->operation,
            w->served_by[0] ? " (served by " : "", w->served_by, w->served_by[0] ? ")" : "");
    for (size_t t = 0; t < m; t += per)
        print_columns(out, rows, n, first, totals + t, m - t < per ? m - t : per);
}

/* 1 when rows[i] is the first row of its path. */
static int first_of_path(const cm_sweep_row *rows, size_t i)
{
    for (size_t k = 0; k < i; k++)
        if (strcmp(rows[k].path, rows[i].path) == 0)
            return 0;
    return 1;
}

/* The first row of the path of rows[i] that is ok (want_ok) or that did not
 * run as planned (neither ok nor skipped); NULL when none. */
static const cm_sweep_row *find_row(const cm_sweep_row *rows, size_t n, size_t i, int want_ok)
{
    for (size_t k = i; k < n; k++)
        if (strcmp(rows[k].path, rows[i].path) == 0 &&
            (want_ok ? rows[k].ok : !rows[k].ok && strcmp(rows[k].status, "skipped") != 0))
            return &rows[k];
    return NULL;
}

/* The notes: every path that did not run as planned, once, with why. */
static void print_notes(FILE *out, const cm_sweep_row *rows, size_t n)
{
    int header = 0;
    for (size_t i = 0; i < n; i++) {
        const cm_sweep_row *bad = first_of_path(rows, i) ? find_row(rows, n, i, 0) : NULL;
        if (!bad)
            continue;
        if (!header++)
            fprintf(out, "\nnotes:\n");
        fprintf(out, "  %s/%s: %s: %s\n", bad->path, bad->algorithm, bad->status, bad->reason);
    }
}

/* See sweep_out.h. */
void cm_sweep_text(FILE *out, const cm_sweep_row *rows, size_t n, int repeat,
                   const cm_crossover *xo, size_t n_xo)
{
    cm_text_gathered g;
    FILE *o = cm_text_gather(&g, out);
    fprintf(o, "sweep: each cell is MB/s (median of %d repetitions), CPU seconds per GB "
               "(median) = user + system\n(split by getrusage; ? where it counted no tick), "
               "spread (max-min)/median of the elapsed times (! above %.0f%%)\n",
            repeat, CM_SWEEP_WIDE_SPREAD * 100);
    for (size_t i = 0; i < n; i++)
        if (first_of_path(rows, i) && find_row(rows, n, i, 1))
            print_path(o, rows, n, i);
    print_notes(o, rows, n);
    cm_crossovers_print(o, xo, n_xo);
    cm_text_flush_wrapped(&g, CM_TEXT_COLUMNS);
}
