/*
 * test_context_json.c — the typed context's one writer and parser per
 * part (src/measure/probe_json.c, src/platform/aes_result_json.c,
 * src/platform/library_json.c): a struct written as JSON, parsed back and
 * written again gives the same text, key order and number types included;
 * the verdicts the AES rule gives (unknown family with its closest, table
 * code, twins with what the run showed) survive the round trip; a field
 * of the wrong type is one line naming it.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "check.h"
#include "measure/probe.h"
#include "platform/aes_result.h"
#include "platform/aes_score.h"
#include "platform/library.h"
#include "platform/verdict.h"

/* The compact text of o, in its key order (freed by the caller). */
static char *text(const json_t *o)
{
    return o ? json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
}

/* 1 when a and b are the same text (both non-NULL). */
static int same_text(const json_t *a, const json_t *b)
{
    char *ta = text(a), *tb = text(b);
    int same = ta && tb && strcmp(ta, tb) == 0;
    if (!same)
        fprintf(stderr, "  %s\n  %s\n", ta ? ta : "(null)", tb ? tb : "(null)");
    free(ta);
    free(tb);
    return same;
}

/* A measured figure of 4 cycles from three samples. */
static void figure(cm_probe_figure *f, int per_cycle)
{
    static const double samples[] = {4.0, 3.9, 4.1};
    f->measured = 1;
    f->cycles = 4.0, f->min = 3.9, f->max = 4.1, f->mad = 0.1, f->ci_low = 3.9, f->ci_high = 4.1;
    f->ci_rel = 0.025, f->cv = 0.02, f->n = 3, f->ns = 1.1, f->mhz = 3600.0;
    f->samples_cycles = malloc(sizeof samples);
    memcpy(f->samples_cycles, samples, sizeof samples);
    f->n_samples = 3;
    f->has_per_cycle = per_cycle;
    f->per_cycle = 0.25;
    f->how = strdup("a chain");
}

/* A probe document with a measured probe, a crashed one and its bounds. */
static void probe_doc(cm_probe_doc *d)
{
    cm_error err = {0};
    memset(d, 0, sizeof *d);
    d->schema_version = 1;
    d->tool_name = strdup("cryptometer");
    d->tool_version = strdup("0.1.0");
    d->arch = strdup("x86_64");
    d->model_name = strdup("a CPU");
    d->cpu = 1;
    d->clock = (cm_probe_clock){1, 3500.0, NAN, 3500.0, NAN, 3400.0, 0, 0.01, strdup("a chain"), 1, 3600.0};
    d->emulation = json_pack("{s:b, s:[]}", "emulated", 0, "evidence");
    d->probes = calloc(2, sizeof *d->probes);
    d->n_probes = 2;
    cm_probe_result *p = d->probes;
    p[0].name = strdup("aesenc-xmm"), p[0].instruction = strdup("AESENC"), p[0].status = strdup("measured");
    p[0].needs = calloc(1, sizeof *p[0].needs), p[0].needs[0] = strdup("aes"), p[0].n_needs = 1;
    figure(&p[0].latency, 0);
    figure(&p[0].throughput, 1);
    p[1].name = strdup("pclmulqdq-xmm"), p[1].instruction = strdup("PCLMULQDQ"), p[1].status = strdup("crashed");
    p[1].reason = strdup("SIGILL while the probe ran");
    p[1].latency.how = strdup("a chain");
    CHECK(cm_probe_bounds(d->arch, d->probes, d->n_probes, &d->bounds, &d->n_bounds, &err) == 0);
    d->elapsed_s = 0.5;
}

static void test_probe(void)
{
    cm_probe_doc d, back;
    cm_error err = {0};
    probe_doc(&d);
    json_t *a = cm_probe_doc_to_json(&d);
    CHECK(cm_probe_doc_from_json(a, &back, &err) == 0);
    json_t *b = cm_probe_doc_to_json(&back);
    CHECK(same_text(a, b));
    /* the bounds: one computed from the measured probe, one naming the crash */
    const cm_probe_bound *cbc = cm_probe_bound_for(back.bounds, back.n_bounds, "aes-128-cbc", "encrypt", NULL);
    CHECK(cbc && fabs(cbc->bound_cpb - 41.0 / 16) < 1e-9);
    const cm_probe_bound *gcm = cm_probe_bound_for(back.bounds, back.n_bounds, "aes-128-gcm", "seal", NULL);
    CHECK(gcm && isnan(gcm->bound_cpb) && strstr(gcm->reason, "pclmulqdq-xmm crashed: SIGILL"));
    CHECK(back.probes[1].latency.measured == 0 && back.clock.measured && isnan(back.clock.mhz_after));
    json_decref(b);
    /* the short form, measured and not */
    cm_probe_summary s = {1, 1, 3600.0, 0, back.probes, back.n_probes, back.bounds, back.n_bounds, NULL}, s2;
    b = cm_probe_summary_to_json(&s);
    CHECK(cm_probe_summary_from_json(b, &s2, &err) == 0 && s2.measured && s2.cpu == 1);
    json_t *c = cm_probe_summary_to_json(&s2);
    CHECK(same_text(b, c));
    cm_probe_summary_free(&s2);
    json_decref(b);
    json_decref(c);
    b = cm_probe_summary_json("not measured (--no-clock)");
    CHECK(cm_probe_summary_from_json(b, &s2, &err) == 0 && !s2.measured && s2.n_bounds == 0);
    CHECK(strcmp(s2.reason, "not measured (--no-clock)") == 0);
    cm_probe_summary_free(&s2);
    json_decref(b);
    /* a wrong type: one line naming the field */
    json_object_set_new(json_array_get(json_object_get(a, "probes"), 1), "status", json_integer(3));
    cm_probe_doc_free(&back);
    CHECK(cm_probe_doc_from_json(a, &back, &err) == -1);
    CHECK_CONTAINS(err.msg, "probe document probes[1]: \"status\" is not a string");
    cm_probe_doc_free(&back);
    cm_probe_doc_free(&d);
    json_decref(a);
}

/* The verdict of one figure, with a cluster and what the run showed. */
static void judged(platform_aes_result *r, const char *core, const char *arch, double mhz, double kbs, int cluster,
                   const char *observed)
{
    platform_aes_figure fig = {core, mhz, kbs, NAN, "measured", arch, NULL, NULL, NULL, NULL, NULL, NULL};
    CHECK(platform_aes_judge(NULL, &fig, r) == 0);
    r->added.cluster.kind = PLATFORM_CLUSTER_INT;
    r->added.cluster.index = cluster;
    if (observed) {
        r->added.has_observed = 1;
        r->added.observed = calloc(1, sizeof *r->added.observed);
        r->added.observed[0] = strdup(observed);
        r->added.n_observed = 1;
    }
}

static void test_aes(void)
{
    platform_aes_result *r = calloc(5, sizeof *r), *back;
    size_t n;
    cm_error err = {0};
    judged(&r[0], "Cortex-A53", "aarch64", 1800, 467 * 1800.0, 0, NULL);
    judged(&r[1], "Cortex-A53", "aarch64", 1810, 466 * 1810.0, 1, NULL);
    judged(&r[2], "Cortex-A53", "aarch64", 1790, 452 * 1790.0, 2, "the temperature rose to 85 °C");
    judged(&r[3], "Cortex-A7", "armv7l", 1000, 20000, 3, NULL);
    judged(&r[4], "Foo", "x86_64", 1000, 300000, 4, NULL);
    CHECK(platform_aes_twins(r, 5) == 0);
    CHECK(r[2].added.twins.flagged && strstr(r[2].added.twins.message, "85 °C"));
    CHECK(r[3].has_table_code && r[4].has_closest && strcmp(r[4].verdict, "unknown-family") == 0);
    json_t *a = platform_aes_results_to_json(r, 5);
    CHECK(platform_aes_results_from_json(a, &back, &n, &err) == 0 && n == 5);
    json_t *b = platform_aes_results_to_json(back, n);
    CHECK(same_text(a, b));
    /* the JSON of one figure is the struct's: platform_aes_verdict */
    platform_aes_figure fig = {"Cortex-A7", 1000, 20000, NAN, "measured", "armv7l", NULL, NULL, NULL, NULL, NULL, NULL};
    json_t *v = platform_aes_verdict(NULL, &fig), *one = json_array_get(b, 3);
    json_object_del(one, "cluster");
    CHECK(same_text(v, one));
    json_decref(v);
    platform_aes_results_free(back, n);
    /* a cluster of the wrong type */
    json_object_set_new(json_array_get(a, 1), "cluster", json_real(1.5));
    CHECK(platform_aes_results_from_json(a, &back, &n, &err) == -1);
    CHECK_CONTAINS(err.msg, "aes score 1: \"cluster\" is not an integer, a string or null");
    platform_aes_results_free(back, n);
    platform_aes_results_free(r, 5);
    json_decref(a);
    json_decref(b);
}

static void test_library(void)
{
    json_t *o = json_pack("{s:{s:s, s:{s:s, s:s, s:s, s:{s:b, s:b}, s:s}, s:{s:s, s:{s:n, s:s}}}, s:{s:s, s:n}}",
                          "openssl", "version", "OpenSSL 3", "capabilities", "variable", "OPENSSL_ia32cap", "value",
                          "0x0", "source", "env", "features", "aes-ni", 0, "sse2", 1, "env", "~0x200",
                          "default_path", "how", "words", "algorithms", "aes-128-cbc", "sha256", "afalg",
                          "afalg", "libkcapi", "libkcapi 1.4", "version");
    platform_libraries libs;
    cm_error err = {0};
    CHECK(platform_libraries_from_json(o, &libs, &err) == 0 && libs.n == 2);
    json_t *back = platform_libraries_to_json(&libs);
    CHECK(same_text(o, back));
    const platform_library *ossl = platform_library_find(&libs, "openssl");
    CHECK(ossl && ossl->caps.present && ossl->caps.n_features == 2 && strcmp(ossl->caps.env, "~0x200") == 0);
    const platform_lib_feature *f = ossl ? platform_lib_feature_find(&ossl->caps, "aes-ni") : NULL;
    CHECK(f && !f->on);
    CHECK(ossl && ossl->default_path.n_algorithms == 2 && !ossl->default_path.algorithms[0].engine &&
          strcmp(ossl->default_path.algorithms[1].engine, "afalg") == 0);
    CHECK(!platform_library_find(&libs, "afalg")->version);
    platform_libraries_free(&libs);
    json_decref(back);
    json_object_set_new(json_object_get(json_object_get(json_object_get(o, "openssl"), "capabilities"), "features"),
                        "aes-ni", json_string("yes"));
    CHECK(platform_libraries_from_json(o, &libs, &err) == -1);
    CHECK_CONTAINS(err.msg, "backends.openssl: feature \"aes-ni\" is not true or false");
    platform_libraries_free(&libs);
    json_decref(o);
}

int main(void)
{
    test_probe();
    test_aes();
    test_library();
    return check_done("test_context_json");
}
