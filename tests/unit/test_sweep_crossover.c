/*
 * test_sweep_crossover.c — the crossover chunk of engine paths against CPU
 * paths (core/sweep_crossover.h) on synthetic figures: the run of wins from
 * the largest chunk down, ties, a loss at a large chunk, points that are not
 * ok, wide-spread points, the fastest ref path as the second CPU path, one
 * entry per total, the sentences, and the records of a sweep document read
 * back (and refused when malformed, or without what the text needs).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "check.h"
#include "run/sweep_crossover.h"
#include "run/sweep_doc.h"

#define MIB ((size_t)1 << 20)

static cm_sweep_row pts[256];
static size_t n_pts;

/* Adds path's points at total: chunks[i] with mb[i] MB/s and cpu[i] CPU s/GB;
 * a negative mb is a point that is not ok. */
static void add(const char *path, const char *served_by, size_t total, int n, const size_t *chunks,
                const double *mb, const double *cpu)
{
    for (int i = 0; i < n; i++) {
        cm_sweep_row *p = &pts[n_pts++];
        memset(p, 0, sizeof *p);
        snprintf(p->path, sizeof p->path, "%s", path);
        snprintf(p->served_by, sizeof p->served_by, "%s", served_by);
        p->chunk = chunks[i];
        p->total = total;
        p->ok = mb[i] >= 0;
        p->mb_s = p->ok ? mb[i] : 0;
        p->cpu_s_per_gb = p->ok ? cpu[i] : 0;
    }
}

/* The crossover of engine against cpu at total in xo[0..n), or NULL. */
static const cm_crossover *pick(const cm_crossover *xo, size_t n, const char *engine,
                                const char *cpu, size_t total)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(xo[i].engine_path, engine) && !strcmp(xo[i].cpu_path, cpu) &&
            xo[i].total == total)
            return &xo[i];
    return NULL;
}

static const size_t CH[] = {16, 256, 4096, 65536};

/* The example of docs/sweep.md: faster from 4 KiB, less CPU from 256 B;
 * against the fastest ref path (ref:aesni, not ref:portable) never faster,
 * less CPU from 4 KiB; openssl:evp itself is no engine path. */
static void test_basic(void)
{
    cm_crossover xo[16];
    n_pts = 0;
    add("afalg:kernel", "cbc-aes-aesni", 16 * MIB, 4, CH, (double[]){1, 10, 550, 900},
        (double[]){50, 3, 1, 0.5});
    add("openssl:evp", "", 16 * MIB, 4, CH, (double[]){100, 300, 500, 600},
        (double[]){10, 3.3, 2, 1.6});
    add("ref:portable", "", 16 * MIB, 4, CH, (double[]){20, 30, 40, 40}, (double[]){50, 33, 25, 25});
    add("ref:aesni", "", 16 * MIB, 4, CH, (double[]){150, 400, 800, 1000},
        (double[]){6, 2.5, 1.25, 1});
    size_t n = cm_sweep_crossovers(pts, n_pts, xo, 16);
    CHECK(n == 2);
    const cm_crossover *x = pick(xo, n, "afalg:kernel", "openssl:evp", 16 * MIB);
    CHECK(x && x->throughput_chunk == 4096 && x->cpu_time_chunk == 256 && x->compared == 4);
    CHECK(x && !x->wide_spread && !x->skipped && !strcmp(x->served_by, "cbc-aes-aesni"));
    /* a CPU driver is never called an engine */
    CHECK(x && !strcmp(x->message, "afalg:kernel (cbc-aes-aesni, CPU instructions in the kernel, not an engine) "
                                   "beats openssl:evp in throughput "
                                   "from 4096-byte chunks, and in CPU time from 256-byte chunks, "
                                   "at 16 MiB totals"));
    x = pick(xo, n, "afalg:kernel", "ref:aesni", 16 * MIB);
    CHECK(x && x->throughput_chunk == 0 && x->cpu_time_chunk == 4096);
    CHECK(x && strstr(x->message, "never beats ref:aesni in throughput within the swept chunks, "
                                  "but in CPU time from 4096-byte chunks"));
    CHECK(!pick(xo, n, "afalg:kernel", "ref:portable", 16 * MIB));
    /* the largest chunk the answer can hold */
    CHECK(cm_sweep_crossovers(pts, n_pts, xo, 1) == 1);
}

/* A win at 256 B broken by a loss at 4 KiB: the crossover is where the
 * wins run unbroken to the largest chunk; a tie is a win; one entry per
 * total; openssl engine variants are engine paths. */
static void test_run_of_wins(void)
{
    cm_crossover xo[16];
    n_pts = 0;
    add("openssl:afalg-engine", "afalg", 4 * MIB, 4, CH, (double[]){1, 500, 100, 700},
        (double[]){9, 1, 9, 1});
    add("openssl:evp", "", 4 * MIB, 4, CH, (double[]){100, 300, 500, 700}, (double[]){2, 2, 2, 1});
    add("openssl:afalg-engine", "afalg", 8 * MIB, 4, CH, (double[]){1, 1, 1, 1},
        (double[]){9, 9, 9, 9});
    add("openssl:evp", "", 8 * MIB, 4, CH, (double[]){100, 300, 500, 700}, (double[]){2, 2, 2, 1});
    size_t n = cm_sweep_crossovers(pts, n_pts, xo, 16);
    CHECK(n == 2);
    const cm_crossover *x = pick(xo, n, "openssl:afalg-engine", "openssl:evp", 4 * MIB);
    CHECK(x && x->throughput_chunk == 65536 && x->cpu_time_chunk == 65536);
    x = pick(xo, n, "openssl:afalg-engine", "openssl:evp", 8 * MIB);
    CHECK(x && x->throughput_chunk == 0 && x->cpu_time_chunk == 0 && x->compared == 4);
    CHECK(x && !strcmp(x->message, "openssl:afalg-engine (afalg) never beats openssl:evp in "
                                   "throughput or in CPU time within the swept chunks, at 8 MiB "
                                   "totals"));
}

/* Points not ok on one side are left out (and flagged); a wide-spread
 * point is used (and flagged); a path with no ok point is not compared. */
static void test_not_ok_and_spread(void)
{
    cm_crossover xo[16];
    n_pts = 0;
    /* the engine's 64 KiB point failed: without it, the run starts at 4 KiB */
    add("afalg:gcm(aes-generic)", "", 16 * MIB, 4, CH, (double[]){1, 10, 900, -1},
        (double[]){50, 3, 1, 0});
    add("openssl:evp", "", 16 * MIB, 4, CH, (double[]){100, 300, 500, 600},
        (double[]){10, 3.3, 2, 1.6});
    pts[n_pts - 2].wide_spread = 1; /* evp at 4 KiB */
    add("afalg:kernel", "", 16 * MIB, 4, CH, (double[]){-1, -1, -1, -1}, (double[]){0, 0, 0, 0});
    size_t n = cm_sweep_crossovers(pts, n_pts, xo, 16);
    CHECK(n == 2);
    const cm_crossover *x = pick(xo, n, "afalg:gcm(aes-generic)", "openssl:evp", 16 * MIB);
    CHECK(x && x->throughput_chunk == 4096 && x->cpu_time_chunk == 256 && x->compared == 3);
    CHECK(x && x->skipped && x->wide_spread);
    CHECK(x && strstr(x->message, "rests on wide-spread points"));
    x = pick(xo, n, "afalg:kernel", "openssl:evp", 16 * MIB);
    CHECK(x && x->compared == 0 && x->throughput_chunk == 0 && x->cpu_time_chunk == 0);
    CHECK(x && strstr(x->message, "cannot be compared at 16 MiB totals"));
    json_t *a = cm_crossovers_json(xo, n);
    json_t *first = json_array_get(a, 0);
    CHECK(json_array_size(a) == 2);
    CHECK(json_integer_value(json_object_get(first, "throughput_chunk")) == 4096);
    CHECK(json_is_null(json_object_get(first, "served_by")));
    CHECK(json_array_size(json_object_get(first, "flags")) == 2);
    CHECK(json_is_null(json_object_get(json_array_get(a, 1), "cpu_time_chunk")));
    json_decref(a);
}

/* A sweep document's records give the same figures; a malformed one is an
 * environment error naming the record. */
static void test_records(void)
{
    cm_error err = {0};
    size_t n = 0;
    json_t *recs = json_loads(
        "[{\"path\":\"afalg:kernel\",\"served_by\":\"cbc-aes-aesni\",\"chunk\":16,"
        "\"total\":1024,\"status\":\"ok\",\"throughput_mb_s\":2.5,\"cpu_s_per_gb\":7,"
        "\"flags\":[\"short\",\"wide-spread\"]},"
        "{\"path\":\"openssl:evp\",\"served_by\":null,\"chunk\":16,\"total\":1024,"
        "\"status\":\"unavailable\",\"throughput_mb_s\":null,\"cpu_s_per_gb\":null,\"flags\":[]}]",
        0, NULL);
    cm_sweep_row *p = cm_sweep_rows_of_records(recs, 0, &n, &err);
    CHECK(p && n == 2);
    CHECK(p && p[0].ok && p[0].wide_spread && p[0].mb_s == 2.5 && p[0].cpu_s_per_gb == 7);
    CHECK(p && !strcmp(p[0].served_by, "cbc-aes-aesni") && p[0].chunk == 16 && p[0].total == 1024);
    CHECK(p && !p[1].ok && !p[1].served_by[0]);
    free(p);
    /* the text needs an ok record's spread too; the user/system split may be unknown */
    CHECK(cm_sweep_rows_of_records(recs, 1, &n, &err) == NULL);
    CHECK_CONTAINS(err.msg, "spread");
    json_object_set_new(json_array_get(recs, 0), "spread", json_real(0.25));
    json_object_set_new(json_array_get(recs, 0), "cpu_user_s_per_gb", json_null());
    p = cm_sweep_rows_of_records(recs, 1, &n, &err);
    CHECK(p && p[0].spread == 0.25 && isnan(p[0].user_s_per_gb) && !strcmp(p[0].status, "ok"));
    CHECK(p && !strcmp(p[1].status, "unavailable"));
    free(p);
    json_object_del(json_array_get(recs, 0), "cpu_s_per_gb");
    CHECK(cm_sweep_rows_of_records(recs, 0, &n, &err) == NULL && err.code == CM_EXIT_ENVIRONMENT);
    CHECK_CONTAINS(err.msg, "record 1");
    json_decref(recs);
    recs = json_loads("[{\"path\":\"afalg:kernel\",\"chunk\":0,\"total\":1,\"status\":\"ok\"}]",
                      0, NULL);
    CHECK(cm_sweep_rows_of_records(recs, 0, &n, &err) == NULL);
    json_decref(recs);
    CHECK(cm_sweep_rows_of_records(NULL, 0, &n, &err) == NULL);
}

int main(void)
{
    test_basic();
    test_run_of_wins();
    test_not_ok_and_spread();
    test_records();
    return check_done("test_sweep_crossover");
}
