/*
 * report_memory.c — see report_memory.h.
 */
#include <stdio.h>
#include <string.h>
#include "records/report_memory.h"

/* The reasons of unobservable heaps, each said once under the table. */
typedef struct reasons {
    const char *why[16];
    int n;
} reasons;

/* The reason's number (from 1) in rs, added if new. */
static int reason_mark(reasons *rs, const char *why)
{
    for (int i = 0; i < rs->n; i++)
        if (strcmp(rs->why[i], why) == 0)
            return i + 1;
    if (rs->n == (int)(sizeof rs->why / sizeof rs->why[0]))
        return rs->n;
    rs->why[rs->n++] = why;
    return rs->n;
}

static void print_row(FILE *out, const cm_record *r, reasons *rs)
{
    const cm_memory *m = &r->m.memory;
    char heap[48], stack[24], size[24], rss[24];
    if (m->heap_observable)
        snprintf(heap, sizeof heap, "%8.2f %12.1f", m->allocs_per_op, m->bytes_per_op);
    else
        snprintf(heap, sizeof heap, "%17s[%d]", "not observable", reason_mark(rs, m->heap_why));
    if (m->stack_known)
        snprintf(stack, sizeof stack, "%ld", m->stack_bytes);
    else
        snprintf(stack, sizeof stack, "-");
    if (m->peak_rss_kib > 0)
        snprintf(rss, sizeof rss, "%ld", m->peak_rss_kib);
    else
        snprintf(rss, sizeof rss, "-");
    if (r->size)
        snprintf(size, sizeof size, "%zu", r->size);
    else
        snprintf(size, sizeof size, "-");
    fprintf(out, "%-44s %7s %-21s %9s %9s\n", r->name, size, heap, stack, rss);
}

void cm_print_memory_table(FILE *out, const cm_record *recs, size_t n)
{
    reasons rs = {{0}, 0};
    int any = 0;
    for (size_t i = 0; i < n; i++) {
        const cm_record *r = &recs[i];
        if (!cm_record_measured(r) || !r->m.memory.taken || r->threads > 1)
            continue;
        if (!any)
            fprintf(out, "\nmemory per operation (run --memory)\n%-44s %7s %8s %12s %9s %9s\n",
                    "implementation/algorithm/operation", "size", "allocs", "heap bytes",
                    "stack B", "peak KiB");
        any = 1;
        print_row(out, r, &rs);
    }
    for (int i = 0; i < rs.n; i++)
        fprintf(out, "[%d] not observable: %s\n", i + 1, rs.why[i]);
    if (any)
        fprintf(out, "allocs, heap bytes: per call, counted at the C library's allocator; stack B: "
                "the deepest stack of a call beyond the harness's; peak KiB: the child's peak "
                "resident memory\n");
}
