/*
 * runtime_bench.c — a runtime backend's timed measurement (runtime_bench.h).
 * The runner (core/runner.h) calibrates, warms up, subtracts the overhead
 * and samples exactly as for C; each of its runs is one request, in
 * which the runtime times iters calls of the operation (or of a function
 * that does nothing: the overhead loop) with no IPC inside. The clock the
 * runner reads advances by the runtime's measured wall time only, and the
 * CPU time it charges is the server process's: so the request's own cost
 * is in no figure. Collections that ended during samples are summed.
 */
#include <string.h>
#include <jansson.h>
#include "measure/runtime_bench.h"
#include "runtimes/runtime.h"

/* The runner's clock: the sum of the wall times the runtime measured. */
static uint64_t virtual_ns = 1;
static uint64_t cpu_total, cpu_user, cpu_sys;

static uint64_t clock_now(void *ctx)
{
    (void)ctx;
    return virtual_ns;
}

static uint64_t cpu_now(void *ctx)
{
    (void)ctx;
    return cpu_total;
}

static void cpu_split(void *ctx, uint64_t *user_ns, uint64_t *sys_ns)
{
    (void)ctx;
    *user_ns = cpu_user;
    *sys_ns = cpu_sys;
}

static const cm_clock_source runtime_clock = {clock_now, NULL};
static const cm_cpu_source runtime_cpu = {cpu_now, cpu_split, NULL};

static uint64_t member(const json_t *r, const char *key)
{
    json_int_t v = json_integer_value(json_object_get(r, key));
    return v > 0 ? (uint64_t)v : 0;
}

/* One sample in the runtime: iters calls; non-zero on failure (why kept). */
static int run(void *ctx, uint64_t iters)
{
    cm_runtime_bench *b = ctx;
    json_t *r = cm_runtime_call(json_pack("{s:s, s:s, s:s, s:s, s:I, s:I, s:b}", "op", "bench",
                                          "algorithm", cm_runtime_algorithm(), "variant",
                                          cm_runtime_variant(), "operation", b->op,
                                          "size", (json_int_t)b->size, "iters", (json_int_t)iters,
                                          "overhead", b->overhead),
                                b->why, sizeof b->why);
    if (!r || !json_is_true(json_object_get(r, "ok"))) {
        if (r)
            snprintf(b->why, sizeof b->why, "%s", json_string_value(json_object_get(r, "why")));
        json_decref(r);
        return -1;
    }
    uint64_t wall = member(r, "wall_ns");
    virtual_ns += wall ? wall : 1;
    cpu_total += member(r, "cpu_ns");
    cpu_user += member(r, "user_ns");
    cpu_sys += member(r, "sys_ns");
    b->wall_ns += wall;
    b->gc += member(r, "gc");
    b->gc_pause_ns += member(r, "gc_pause_ns");
    b->warmup_ns = member(r, "warmup_ns");
    b->warmup_steady = json_is_true(json_object_get(r, "warmup_steady"));
    b->warmup_reused = json_is_integer(json_object_get(r, "warmup_from"));
    b->warmup_from = member(r, "warmup_from");
    json_decref(r);
    return 0;
}

void cm_runtime_workloads(cm_runtime_bench *timed, cm_runtime_bench *over, const char *op,
                          size_t size, cm_workload *w, cm_workload *o, cm_runner_config *rc)
{
    memset(timed, 0, sizeof *timed);
    memset(over, 0, sizeof *over);
    timed->op = over->op = op;
    timed->size = over->size = size;
    over->overhead = 1;
    *w = (cm_workload){run, timed};
    *o = (cm_workload){run, over};
    rc->clock = &runtime_clock;
    rc->cpu = &runtime_cpu;
}
