/*
 * sweep_crossover.c — the crossover chunk of each engine path against each
 * CPU path at each total (sweep_crossover.h, docs/sweep.md "Crossovers"):
 * the one computation on a sweep's rows (sweep.h), its sentence and its
 * JSON.
 */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "run/sweep_crossover.h"
#include "run/sweep_out.h"
#include "platform/kcrypto.h"
#include "util/json.h"

/* ---- which paths -------------------------------------------------------------- */

/* An engine path: the kernel's drivers through AF_ALG, OpenSSL's engines. */
static int is_engine(const char *path)
{
    size_t n = strlen(path);
    return strncmp(path, "afalg:", 6) == 0 ||
           (strncmp(path, "openssl:", 8) == 0 && n > 15 && strcmp(path + n - 7, "-engine") == 0);
}

/* The point of path at (chunk, total), or NULL. */
static const cm_sweep_row *find(const cm_sweep_row *pts, size_t n, const char *path, size_t chunk,
                               size_t total)
{
    for (size_t i = 0; i < n; i++)
        if (pts[i].chunk == chunk && pts[i].total == total && strcmp(pts[i].path, path) == 0)
            return &pts[i];
    return NULL;
}

/* The fastest `ref:` path at total: the one with the highest throughput at
 * the largest chunk where a ref path is ok. NULL when none is ok. */
static const char *fastest_ref(const cm_sweep_row *pts, size_t n, size_t total)
{
    const cm_sweep_row *best = NULL;
    for (size_t i = 0; i < n; i++) {
        const cm_sweep_row *p = &pts[i];
        if (p->total != total || !p->ok || strncmp(p->path, "ref:", 4) != 0)
            continue;
        if (!best || p->chunk > best->chunk || (p->chunk == best->chunk && p->mb_s > best->mb_s))
            best = p;
    }
    return best ? best->path : NULL;
}

/* 1 when pts[i] is the first point of its path (with the same total when
 * by_total). */
static int first_of(const cm_sweep_row *pts, size_t i, int by_total)
{
    for (size_t k = 0; k < i; k++)
        if (strcmp(pts[k].path, pts[i].path) == 0 && (!by_total || pts[k].total == pts[i].total))
            return 0;
    return 1;
}

/* ---- the computation ------------------------------------------------------------ */

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

/* What kind of code a kernel driver is, for the sentence: "" for an engine
 * or a driver the table does not know, else a phrase that keeps a CPU driver
 * from reading as an engine. */
static const char *kind_of(const cm_crossover *x)
{
    const char *what;
    if (strncmp(x->engine_path, "afalg:", 6) != 0 || !x->served_by[0])
        return "";
    const char *k = platform_kdriver_class(x->served_by, NULL, &what);
    return strcmp(k, "cpu-instructions") == 0 ? ", CPU instructions in the kernel, not an engine"
           : strcmp(k, "software") == 0 || strcmp(k, "library") == 0 ? ", the kernel's CPU code, not an engine"
                                                                       : "";
}

/* The sentence of x. */
static void message_of(cm_crossover *x)
{
    char engine[400], total[32], tp[64] = "", ct[64] = "";
    const char *flag = x->wide_spread ? "; it rests on wide-spread points" : "";
    snprintf(engine, sizeof engine, "%s%s%s%s%s", x->engine_path, x->served_by[0] ? " (" : "", x->served_by,
             kind_of(x), x->served_by[0] ? ")" : "");
    cm_sweep_size_text(total, sizeof total, x->total);
    if (x->throughput_chunk)
        snprintf(tp, sizeof tp, "from %zu-byte chunks", x->throughput_chunk);
    if (x->cpu_time_chunk)
        snprintf(ct, sizeof ct, "from %zu-byte chunks", x->cpu_time_chunk);
    if (x->compared == 0)
        snprintf(x->message, sizeof x->message,
                 "%s and %s cannot be compared at %s totals: no chunk where both ran ok", engine,
                 x->cpu_path, total);
    else if (tp[0] && ct[0])
        snprintf(x->message, sizeof x->message,
                 "%s beats %s in throughput %s, and in CPU time %s, at %s totals%s", engine,
                 x->cpu_path, tp, ct, total, flag);
    else if (tp[0])
        snprintf(x->message, sizeof x->message,
                 "%s beats %s in throughput %s, but never in CPU time within the swept chunks, "
                 "at %s totals%s", engine, x->cpu_path, tp, total, flag);
    else if (ct[0])
        snprintf(x->message, sizeof x->message,
                 "%s never beats %s in throughput within the swept chunks, but in CPU time %s, "
                 "at %s totals%s", engine, x->cpu_path, ct, total, flag);
    else
        snprintf(x->message, sizeof x->message,
                 "%s never beats %s in throughput or in CPU time within the swept chunks, at %s "
                 "totals%s", engine, x->cpu_path, total, flag);
}

/* engine against cpu at total into x: over the chunks both paths have at
 * that total, from the largest down, the last chunk of the unbroken run of
 * wins (ties win). 0 when out of memory. */
static int compare(const cm_sweep_row *pts, size_t n, const char *engine, const char *cpu,
                   size_t total, cm_crossover *x)
{
    size_t *chunks = malloc((n ? n : 1) * sizeof *chunks), m = 0;
    if (!chunks)
        return 0;
    memset(x, 0, sizeof *x);
    for (size_t i = 0; i < n; i++)
        if (pts[i].total == total && strcmp(pts[i].path, engine) == 0 &&
            find(pts, n, cpu, pts[i].chunk, total)) {
            chunks[m++] = pts[i].chunk;
            if (!x->served_by[0])
                snprintf(x->served_by, sizeof x->served_by, "%s", pts[i].served_by);
        }
    qsort(chunks, m, sizeof *chunks, cmp_size);
    int tp_on = 1, ct_on = 1;
    for (size_t k = m; k-- > 0;) {
        if (k + 1 < m && chunks[k] == chunks[k + 1])
            continue;
        const cm_sweep_row *e = find(pts, n, engine, chunks[k], total);
        const cm_sweep_row *c = find(pts, n, cpu, chunks[k], total);
        if (!e->ok || !c->ok) {
            x->skipped |= e->ok != c->ok;
            continue;
        }
        x->compared++;
        x->wide_spread |= e->wide_spread || c->wide_spread;
        tp_on &= e->mb_s >= c->mb_s;
        ct_on &= e->cpu_s_per_gb <= c->cpu_s_per_gb;
        if (tp_on)
            x->throughput_chunk = chunks[k];
        if (ct_on)
            x->cpu_time_chunk = chunks[k];
    }
    free(chunks);
    snprintf(x->engine_path, sizeof x->engine_path, "%s", engine);
    snprintf(x->cpu_path, sizeof x->cpu_path, "%s", cpu);
    x->total = total;
    message_of(x);
    return 1;
}

size_t cm_sweep_crossovers(const cm_sweep_row *pts, size_t n, cm_crossover *out, size_t max)
{
    size_t got = 0;
    for (size_t i = 0; i < n; i++) {
        if (!is_engine(pts[i].path) || !first_of(pts, i, 1))
            continue;
        const char *cpus[2] = {"openssl:evp", fastest_ref(pts, n, pts[i].total)};
        for (size_t c = 0; c < 2 && got < max; c++)
            if (cpus[c] && find(pts, n, cpus[c], pts[i].chunk, pts[i].total) &&
                compare(pts, n, pts[i].path, cpus[c], pts[i].total, &out[got]))
                got++;
    }
    return got;
}

/* ---- output ----------------------------------------------------------------------- */

static json_t *chunk_json(size_t chunk)
{
    return chunk ? json_integer((json_int_t)chunk) : json_null();
}

json_t *cm_crossovers_json(const cm_crossover *xo, size_t n)
{
    json_t *a = json_array();
    int rc = a ? 0 : -1;
    for (size_t i = 0; i < n && !rc; i++) {
        const cm_crossover *x = &xo[i];
        json_t *flags = json_array();
        rc |= flags ? 0 : -1;
        if (flags && x->wide_spread)
            rc |= json_array_append_new(flags, json_string("wide-spread"));
        if (flags && x->skipped)
            rc |= json_array_append_new(flags, json_string("not-ok-points"));
        if (flags && !x->compared)
            rc |= json_array_append_new(flags, json_string("not-compared"));
        rc |= json_array_append_new(
            a, json_pack("{s:s, s:s?, s:s, s:I, s:o, s:o, s:I, s:o, s:s}", "engine_path",
                         x->engine_path, "served_by", x->served_by[0] ? x->served_by : NULL,
                         "cpu_path", x->cpu_path, "total", (json_int_t)x->total,
                         "throughput_chunk", chunk_json(x->throughput_chunk), "cpu_time_chunk",
                         chunk_json(x->cpu_time_chunk), "chunks_compared",
                         (json_int_t)x->compared, "flags", flags ? flags : json_array(),
                         "message", x->message));
    }
    return cm_json_checked(a, rc);
}

cm_crossover *cm_sweep_crossovers_of(const cm_sweep_row *rows, size_t n_rows, size_t *n)
{
    size_t max = 2 * n_rows;
    cm_crossover *xo = calloc(max ? max : 1, sizeof *xo);
    *n = xo ? cm_sweep_crossovers(rows, n_rows, xo, max) : 0;
    return xo;
}

void cm_crossovers_print(FILE *out, const cm_crossover *xo, size_t n)
{
    if (n)
        fprintf(out, "\ncrossovers (kernel or engine path against CPU path; ok points only):\n");
    for (size_t i = 0; i < n; i++)
        fprintf(out, "  %s.\n", xo[i].message);
}
