/*
 * aes_probe.c — the AES score per MHz, live, for `detect`: a quick
 * measurement of the openssl backend's aes-256-cbc encryption of 16384-byte
 * messages on the first CPU of each cluster (the figure `openssl speed
 * -evp aes-256-cbc` prints in its 16384 column, as sbc-bench uses it),
 * judged against the cluster's measured clock by platform_aes_score().
 *
 * It goes through the registry and the cipher vtable like the runner, in a
 * forked child (src/core/isolate.h) so that a crashing library cannot take
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
#include <time.h>
#include <jansson.h>

#include "core/cpuclock.h"
#include "core/isolate.h"
#include "core/registry.h"
#include "cryptometer/primitive.h"
#include "platform/platform.h"

#define PROBE_LEN 16384
#define PROBE_RUN_NS 20000000ull /* one timed run */
#define PROBE_RUNS 3

/* What the child measures. */
struct probe_arg {
    const cm_cipher_vtable *vt;
    const platform_cpu *cpu;
};

/* What the parent collects: bytes/s per cluster, 0 when not measured. */
struct probe_result {
    double bytes_per_s[PLATFORM_MAX_CLUSTERS];
};

/* Nanoseconds on CLOCK_MONOTONIC. */
static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Best of PROBE_RUNS timed runs of 16 KiB encryptions, in bytes/s; 0 on
 * a library error. */
static double measure(const cm_cipher_vtable *vt, void *st, const uint8_t *iv, const uint8_t *in,
                      uint8_t *out)
{
    double best = 0;
    for (int r = 0; r <= PROBE_RUNS; r++) {
        uint64_t n = 0, t0 = now_ns(), t;
        do {
            if (vt->encrypt(st, iv, in, out, PROBE_LEN) != CM_OK)
                return 0;
            n++;
            t = now_ns() - t0;
        } while (t < PROBE_RUN_NS);
        double bps = (double)n * PROBE_LEN / ((double)t * 1e-9);
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
    static uint8_t in[PROBE_LEN], buf[PROBE_LEN];
    uint8_t key[32], iv[16];
    void *st = NULL;
    for (size_t i = 0; i < sizeof key; i++)
        key[i] = (uint8_t)(i * 7 + 1);
    for (size_t i = 0; i < sizeof iv; i++)
        iv[i] = (uint8_t)(i * 13 + 5);
    for (size_t i = 0; i < sizeof in; i++)
        in[i] = (uint8_t)i;
    if (a->vt->create(&st, key, sizeof key) != CM_OK)
        return 1;
    for (int c = 0; c < a->cpu->n_clusters; c++) {
        const platform_cluster *cl = &a->cpu->clusters[c];
        if (cl->n_cpus == 0 || cl->measured_mhz <= 0 || cm_pin_to_cpu(cl->cpus[0]) != 0)
            continue;
        double bps = measure(a->vt, st, iv, in, buf);
        cm_isolate_send(out, json_pack("{s:i, s:f}", "cluster", c, "bytes_per_s", bps));
    }
    a->vt->destroy(st);
    return 0;
}

/* The parent's side: keeps each cluster's figure. */
static void probe_message(void *ctx, json_t *msg)
{
    struct probe_result *r = ctx;
    json_int_t c = json_integer_value(json_object_get(msg, "cluster"));
    if (c >= 0 && c < PLATFORM_MAX_CLUSTERS)
        r->bytes_per_s[c] = json_number_value(json_object_get(msg, "bytes_per_s"));
}

/* See platform.h. */
int platform_aes_probe(const platform_cpu *cpu, json_t *scores, char *why, size_t why_len)
{
    const cm_backend *b = cm_registry_find_backend("openssl");
    const cm_impl *impl = b ? cm_backend_find_impl(b, "aes-256-cbc", NULL) : NULL;
    char reason[256] = "";
    if (!impl || !cm_impl_available(b, impl, reason, sizeof reason)) {
        snprintf(why, why_len, "%s", !b ? "the openssl backend is not built in"
                                     : !impl ? "the openssl backend has no aes-256-cbc"
                                             : reason);
        return 0;
    }
    struct probe_arg arg = {impl->vt.cipher, cpu};
    struct probe_result res;
    memset(&res, 0, sizeof res);
    cm_isolate_outcome oc;
    cm_isolate_run(probe_child, &arg, 5.0, probe_message, &res, &oc);
    if (oc.status != CM_ISOLATE_OK) {
        snprintf(why, why_len, "the measurement failed: %s", oc.detail[0] ? oc.detail : "child exited");
        return 0;
    }
    int n = 0;
    for (int c = 0; c < cpu->n_clusters; c++) {
        const platform_cluster *cl = &cpu->clusters[c];
        if (res.bytes_per_s[c] <= 0)
            continue;
        /* The rule's "claim" is cpufreq's: a /proc/cpuinfo figure is not one. */
        int cpufreq = cl->claimed_source && strcmp(cl->claimed_source, "cpufreq max") == 0;
        const char *name = cl->core_name[0] ? cl->core_name : cpu->model_name[0] ? cpu->model_name : NULL;
        json_t *s = platform_aes_score(name, cl->measured_mhz, res.bytes_per_s[c] / 1000.0,
                                       cpufreq ? cl->claimed_mhz : 0, "measured");
        if (!s)
            continue;
        json_object_set_new(s, "cluster", json_integer(c));
        json_object_set_new(s, "quick", json_true());
        json_array_append_new(scores, s);
        n++;
    }
    if (n == 0)
        snprintf(why, why_len, "no cluster had a measured clock to judge the score against");
    return n;
}
