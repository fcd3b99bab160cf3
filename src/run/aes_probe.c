/*
 * aes_probe.c — the AES score per MHz, live, for `detect`: a quick
 * measurement of what sbc-bench measures (data/aes_score_per_mhz.json,
 * "metric": the openssl backend's aes-256-cbc encryption of 16384-byte
 * messages, the figure `openssl speed -evp aes-256-cbc` prints in its 16384
 * column) on the first CPU of each cluster, judged against the cluster's
 * measured clock by platform_aes_score().
 *
 * It goes through the registry and the cipher vtable like the runner, in a
 * forked child (src/util/isolate.h) so that a crashing library cannot take
 * detect down. A quick figure (about 60 ms per cluster, best of three runs)
 * is meant to tell families and missing crypto extensions apart, not to
 * replace `cryptometer run`.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "run/detect.h"
#include "util/isolate.h"
#include "registry/registry.h"
#include "cryptometer/algorithm.h"
#include "cryptometer/primitive.h"
#include "platform/aes_result.h"
#include "platform/aes_score.h"
#include "platform/cpuclock.h"
#include "platform/timer.h"
#include "util/json.h"

#define PROBE_RUN_NS 20000000ull /* one timed run */
#define PROBE_RUNS 3

/* What the child measures. */
struct probe_arg {
    const cm_cipher_vtable *vt;
    const cm_algorithm *alg;
    const platform_cpu *cpu;
    size_t len; /* the message size */
};

/* What the parent collects: bytes/s per cluster, 0 when not measured. */
struct probe_result {
    double bytes_per_s[PLATFORM_MAX_CLUSTERS];
};

/* Best of PROBE_RUNS timed runs of len-byte encryptions, in bytes/s; 0
 * on a library error. */
static double measure(const cm_cipher_vtable *vt, void *st, const uint8_t *iv, const uint8_t *in,
                      uint8_t *out, size_t len)
{
    double best = 0;
    for (int r = 0; r <= PROBE_RUNS; r++) {
        uint64_t n = 0, t0 = cm_now_ns(), t;
        do {
            if (vt->encrypt(st, iv, in, out, len) != CM_OK)
                return 0;
            n++;
            t = cm_now_ns() - t0;
        } while (t < PROBE_RUN_NS);
        double bps = (double)n * (double)len / ((double)t * 1e-9);
        if (r > 0 && bps > best) /* run 0 warms up */
            best = bps;
    }
    return best;
}

/* The child: pins to each cluster's first CPU in turn and reports
 * {"cluster": i, "bytes_per_s": x}. */
static int probe_child(void *argp, FILE *out)
{
    const struct probe_arg *a = argp;
    uint8_t key[64] = {0}, iv[64] = {0};
    uint8_t *in = malloc(a->len), *buf = malloc(a->len);
    void *st = NULL;
    int rc = in && buf && a->alg->key_len <= sizeof key && a->alg->iv_len <= sizeof iv ? 0 : 1;
    for (size_t i = 0; i < sizeof key; i++)
        key[i] = (uint8_t)(i * 7 + 1);
    for (size_t i = 0; i < sizeof iv; i++)
        iv[i] = (uint8_t)(i * 13 + 5);
    for (size_t i = 0; rc == 0 && i < a->len; i++)
        in[i] = (uint8_t)i;
    if (rc == 0 && a->vt->create(&st, key, a->alg->key_len) != CM_OK)
        rc = 1;
    for (int c = 0; rc == 0 && c < a->cpu->n_clusters; c++) {
        const platform_cluster *cl = &a->cpu->clusters[c];
        if (cl->n_cpus == 0 || cl->measured_mhz <= 0 || cm_pin_to_cpu(cl->cpus[0]) != 0)
            continue;
        double bps = measure(a->vt, st, iv, in, buf, a->len);
        if (cm_isolate_send(out, json_pack("{s:i, s:f}", "cluster", c, "bytes_per_s", bps)) != 0)
            rc = 1;
    }
    if (st)
        a->vt->destroy(st);
    free(in);
    free(buf);
    return rc;
}

/* The parent's side: keeps each cluster's figure. */
static void probe_message(void *ctx, json_t *msg)
{
    struct probe_result *r = ctx;
    json_int_t c = json_integer_value(json_object_get(msg, "cluster"));
    if (c >= 0 && c < PLATFORM_MAX_CLUSTERS)
        r->bytes_per_s[c] = json_number_value(json_object_get(msg, "bytes_per_s"));
}

/* The implementation of what sbc-bench measures (its algorithm into
 * *alg), or NULL with why set. */
static const cm_impl *source_impl(platform_aes_source *src, const cm_algorithm **alg, char *why,
                                  size_t why_len)
{
    if (platform_aes_score_source(src) != 0) {
        snprintf(why, why_len, "data/aes_score_per_mhz.json does not say what sbc-bench measures");
        return NULL;
    }
    const cm_backend *b = cm_registry_find_backend(src->backend);
    const cm_impl *impl = b ? cm_backend_find_impl(b, src->algorithm, NULL) : NULL;
    char reason[256] = "";
    *alg = cm_algorithm_find(src->algorithm);
    if (!b)
        snprintf(why, why_len, "the %s backend is not built in", src->backend);
    else if (!impl)
        snprintf(why, why_len, "the %s backend has no %s", src->backend, src->algorithm);
    else if (!*alg || (*alg)->cls != CM_CLASS_CIPHER || strcmp(src->operation, "encrypt") != 0)
        snprintf(why, why_len, "the quick probe measures a cipher's encryption, not %s %s", src->algorithm,
                 src->operation);
    else if (!cm_impl_available(b, impl, reason, sizeof reason))
        snprintf(why, why_len, "%s", reason);
    else
        return impl;
    return NULL;
}

/* The verdict of cluster c's figure into *r. -1 when out of memory. */
static int cluster_score(const platform_cpu *cpu, int c, double bytes_per_s, platform_aes_result *r)
{
    const platform_cluster *cl = &cpu->clusters[c];
    /* The rule's "claim" is cpufreq's: a /proc/cpuinfo figure is not one. */
    int cpufreq = cl->claimed_source && strcmp(cl->claimed_source, "cpufreq max") == 0;
    const char *name = cl->core_name[0] ? cl->core_name : cpu->model_name[0] ? cpu->model_name : NULL;
    int rc = platform_aes_score_judge(name, cl->measured_mhz, bytes_per_s / 1000.0, cpufreq ? cl->claimed_mhz : 0,
                                      "measured", r);
    r->added.cluster.kind = PLATFORM_CLUSTER_INT;
    r->added.cluster.index = c;
    r->added.quick = 1;
    return rc;
}

/* See detect.h. */
int cm_aes_probe(const platform_cpu *cpu, platform_aes_block *scores, char *why, size_t why_len)
{
    platform_aes_source src;
    const cm_algorithm *alg;
    const cm_impl *impl = source_impl(&src, &alg, why, why_len);
    if (!impl)
        return 0;
    struct probe_arg arg = {impl->vt.cipher, alg, cpu, src.size};
    struct probe_result res;
    memset(&res, 0, sizeof res);
    cm_isolate_outcome oc;
    cm_isolate_run(probe_child, &arg, 5.0, probe_message, &res, &oc);
    if (oc.status != CM_ISOLATE_OK) {
        snprintf(why, why_len, "the measurement failed: %s", oc.detail[0] ? oc.detail : "child exited");
        return 0;
    }
    int n = 0;
    platform_aes_result *grown = realloc(scores->scores, (scores->n + (size_t)cpu->n_clusters + 1) * sizeof *grown);
    if (!grown)
        return -1;
    scores->scores = grown;
    for (int c = 0; c < cpu->n_clusters; c++) {
        if (res.bytes_per_s[c] <= 0)
            continue;
        if (cluster_score(cpu, c, res.bytes_per_s[c], &scores->scores[scores->n++]) != 0)
            return -1;
        n++;
    }
    if (n == 0)
        snprintf(why, why_len, "no cluster had a measured clock to judge the score against");
    return n;
}
