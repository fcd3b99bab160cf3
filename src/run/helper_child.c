/*
 * helper_child.c — `cryptometer __child JOB` (hidden): the helper's side
 * of helper.h. JOB is one JSON object from the parent:
 *   {"mode":"hello"}
 *   {"mode":"run", backend, variant, algorithm, ops, sizes, time_s,
 *    target_ci, cpu, cluster}
 *   {"mode":"verify", backend, variant, algorithm, ops, sizes,
 *    [wycheproof: path]}
 * and the answer goes to standard output as the forked child of a run or a
 * verify would send it (child.h, suite_msg.h): the same code sends it.
 */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "check/child.h"
#include "registry/helper.h"
#include "util/isolate.h"
#include "registry/registry.h"
#include "run/suite.h"
#include "measure/threads.h"
#include "util/error.h"
#include "util/input.h"
#include "util/json.h"

#ifndef CM_COMPILER
#define CM_COMPILER "unknown"
#endif
#ifndef CM_C_FLAGS
#define CM_C_FLAGS ""
#endif
#ifndef CM_OPENSSL_LINK
#define CM_OPENSSL_LINK "" /* how this build linked libcrypto (generation builds) */
#endif

static int send_error(FILE *out, const char *why)
{
    cm_isolate_send(out, json_pack("{s:s, s:o}", "type", "error", "reason",
                                   cm_json_string_lossy(why)));
    return CM_EXIT_ENVIRONMENT;
}

/* {"type":"hello"}: the generation's backend (CM_GENERATION_NAME, set by
 * a generation build; its cross-check peers are there too), its rows
 * as the helper sees them, its version and details with the build. */
static int hello(FILE *out)
{
#ifdef CM_GENERATION_NAME
    const cm_backend *b = cm_registry_find_backend(CM_GENERATION_NAME);
#else
    const cm_backend *b = NULL;
#endif
    if (!b)
        return send_error(out, "this build is not an OpenSSL generation's helper");
    {
        json_t *impls = json_array();
        size_t n;
        const cm_impl *rows = cm_backend_impls(b, &n);
        int rc = impls ? 0 : -1;
        for (size_t k = 0; k < n && !rc; k++) {
            char why[256];
            int ok = cm_impl_available(b, &rows[k], why, sizeof why);
            rc |= json_array_append_new(
                impls, json_pack("{s:s, s:s, s:b, s:s?, s:s?, s:s?}", "algorithm",
                                 rows[k].algorithm, "variant", rows[k].variant, "available", ok,
                                 "reason", ok ? NULL : why, "lacking", rows[k].lacking,
                                 "served_by", rows[k].served_by));
        }
        json_t *details = b->describe ? b->describe() : json_object();
        if (details)
            json_object_set_new(details, "build",
                                json_pack("{s:s, s:s, s:s}", "compiler", CM_COMPILER, "c_flags",
                                          CM_C_FLAGS, "libcrypto", CM_OPENSSL_LINK));
        const char *v = b->version ? b->version() : NULL;
        if (rc || !details)
            return CM_EXIT_ENVIRONMENT;
        return cm_isolate_send(out, json_pack("{s:s, s:s, s:s?, s:o, s:o}", "type", "hello",
                                              "backend", b->name, "version", v, "details",
                                              details, "impls", impls)) == 0
                   ? CM_EXIT_OK
                   : CM_EXIT_ENVIRONMENT;
    }
}

/* The group the job names, its operations and sizes; 0, or -1 with why. */
static int group_of(const json_t *job, cm_group *g, size_t *sizes, size_t *n_sizes, char *why,
                    size_t len)
{
    const char *bn = json_string_value(json_object_get(job, "backend"));
    const char *an = json_string_value(json_object_get(job, "algorithm"));
    const char *vn = json_string_value(json_object_get(job, "variant"));
    memset(g, 0, sizeof *g);
    g->backend = bn ? cm_registry_find_backend(bn) : NULL;
    g->alg = an ? cm_algorithm_find(an) : NULL;
    g->impl = g->backend && an && vn ? cm_backend_find_impl(g->backend, an, vn) : NULL;
    if (!g->impl || !g->alg) {
        snprintf(why, len, "the helper has no %s:%s/%s", bn ? bn : "?", vn ? vn : "?",
                 an ? an : "?");
        return -1;
    }
    const json_t *ops = json_object_get(job, "ops"), *op;
    size_t i;
    json_array_foreach(ops, i, op)
        for (int k = 0; k < g->alg->n_ops; k++)
            if (g->n_ops < CM_MAX_OPS && json_is_string(op) &&
                strcmp(json_string_value(op), cm_op_name(g->alg->ops[k])) == 0)
                g->ops[g->n_ops++] = g->alg->ops[k];
    *n_sizes = 0;
    json_array_foreach(json_object_get(job, "sizes"), i, op)
        if (*n_sizes < CM_MAX_SIZES && json_integer_value(op) > 0)
            sizes[(*n_sizes)++] = (size_t)json_integer_value(op);
    g->available = cm_impl_available(g->backend, g->impl, g->why, sizeof g->why);
    return 0;
}

static int serve(const json_t *job, FILE *out)
{
    const char *mode = json_string_value(json_object_get(job, "mode"));
    char why[256];
    cm_group g;
    static size_t sizes[CM_MAX_SIZES];
    size_t n_sizes;
    if (mode && strcmp(mode, "hello") == 0)
        return hello(out);
    if (!mode || (strcmp(mode, "run") != 0 && strcmp(mode, "verify") != 0))
        return send_error(out, "the helper's job has no mode it knows");
    if (group_of(job, &g, sizes, &n_sizes, why, sizeof why) != 0)
        return send_error(out, why);
    if (!g.available) {
        cm_isolate_send(out, json_pack("{s:s, s:o}", "type", "unavailable", "reason",
                                       cm_json_string_lossy(g.why)));
        return CM_EXIT_OK;
    }
    if (strcmp(mode, "run") == 0) {
        static int cpus[CM_MAX_THREADS];
        const json_t *tc = json_object_get(job, "thread_cpus");
        int threads = (int)json_integer_value(json_object_get(job, "threads"));
        if (threads < 1 || threads > CM_MAX_THREADS || (threads > 1 && (int)json_array_size(tc) != threads))
            threads = 1;
        for (int i = 0; i < threads && threads > 1; i++)
            cpus[i] = (int)json_integer_value(json_array_get(tc, i));
        cm_suite_config cfg = {
            .sizes = sizes, .n_sizes = n_sizes, .threads = threads, .thread_cpus = cpus,
            .time_s = json_number_value(json_object_get(job, "time_s")),
            .target_ci = json_number_value(json_object_get(job, "target_ci")),
            .cpu = (int)json_integer_value(json_object_get(job, "cpu")),
            .cluster = -1,
            .memory = json_is_true(json_object_get(job, "memory")),
            .clock_before_known = json_is_true(json_object_get(job, "clock_before_known")),
        };
        return cm_suite_child(&cfg, &g, out);
    }
    json_t *doc = NULL;
    const char *path = json_string_value(json_object_get(job, "wycheproof"));
    if (path) {
        json_error_t jerr;
        char *text;
        size_t len;
        cm_error rerr = {0};
        if (cm_read_file(path, CM_CAP_WYCHEPROOF, "Wycheproof file", &text, &len, &rerr) != 0)
            return send_error(out, rerr.msg);
        doc = json_loadb(text, len, 0, &jerr);
        free(text);
        if (!doc) {
            snprintf(why, sizeof why, "%s: %s", path, jerr.text);
            return send_error(out, why);
        }
    }
    cm_check_job check = {.g = &g, .sizes = sizes, .n_sizes = n_sizes, .wycheproof = doc,
                          .source = path};
    int rc = cm_check_child_main(&check, out);
    json_decref(doc);
    return rc;
}

int cm_helper_child_main(int argc, char **argv)
{
#ifdef CM_GENERATION_ENGINES
    /* that OpenSSL's engines and providers, never the system's (built for
     * another libcrypto); the user's own setting wins */
    setenv("OPENSSL_ENGINES", CM_GENERATION_ENGINES, 0);
    setenv("OPENSSL_MODULES", CM_GENERATION_MODULES, 0);
#endif
    json_error_t jerr;
    json_t *job = argc == 2 ? json_loads(argv[1], 0, &jerr) : NULL;
    if (!job) {
        fprintf(stderr, "cryptometer: error: __child takes one JSON job (it is the helper side "
                "of an OpenSSL generation, run by cryptometer itself)\n");
        return CM_EXIT_USAGE;
    }
    int rc = serve(job, stdout);
    json_decref(job);
    return rc;
}
