/*
 * test_probe_bounds.c — the bound arithmetic of probe_bounds.c against
 * data/probe_bounds.json, from fixture probe results
 * (tests/data/probes/x86_64.json, aarch64.json: round made-up figures),
 * worked out by hand: latency chains, throughput sums, max() of two units,
 * a variant's own row, a missing or unavailable probe (no bound, the
 * reason named), and the lookup of an implementation's bound.
 */
#include <math.h>
#include <jansson.h>
#include "check.h"
#include "measure/probe.h"

/* The bounds of fixture name (a probe document, parsed by probe_json.c);
 * -1 (a failed check) when unreadable. */
static int fixture_bounds(const char *name, cm_probe_bound **bounds, size_t *n)
{
    char path[512];
    snprintf(path, sizeof path, "%s/tests/data/probes/%s", CM_SOURCE_DIR, name);
    json_error_t e;
    json_t *doc = json_load_file(path, 0, &e);
    cm_probe_doc d;
    cm_error err = {0};
    int rc = doc && cm_probe_doc_from_json(doc, &d, &err) == 0 ? 0 : -1;
    CHECK(rc == 0);
    if (rc == 0)
        rc = cm_probe_bounds(d.arch, d.probes, d.n_probes, bounds, n, &err);
    CHECK(rc == 0);
    if (doc)
        cm_probe_doc_free(&d);
    json_decref(doc);
    return rc;
}

/* The bound of bounds for (alg, op, variant). */
static const cm_probe_bound *get(const cm_probe_bound *bounds, size_t n, const char *alg, const char *op,
                                 const char *variant)
{
    static const cm_probe_bound none = {.cycles = NAN, .bound_cpb = NAN, .formula = "", .limited_by = "",
                                        .status = "", .reason = ""};
    const cm_probe_bound *b = cm_probe_bound_for(bounds, n, alg, op, variant);
    CHECK(b != NULL);
    return b ? b : &none;
}

static double cycles_of(const cm_probe_bound *b)
{
    return b->cycles;
}

static double cpb_of(const cm_probe_bound *b)
{
    return b->bound_cpb;
}

static void test_x86(void)
{
    cm_probe_bound *bounds;
    size_t n;
    if (fixture_bounds("x86_64.json", &bounds, &n) != 0)
        return;
    /* CBC encryption: rounds x AESENC latency + 1, per 16 bytes */
    const cm_probe_bound *b = get(bounds, n, "aes-256-cbc", "encrypt", NULL);
    CHECK_NEAR(cycles_of(b), 14 * 4 + 1, 1e-9);
    CHECK_NEAR(cpb_of(b), 57.0 / 16, 1e-9);
    CHECK(strcmp(b->limited_by, "latency") == 0);
    CHECK_CONTAINS(b->formula, "14 × aesenc-xmm latency + 1 cycles per 16 bytes");
    CHECK_NEAR(cycles_of(get(bounds, n, "aes-128-cbc", "encrypt", NULL)), 41, 1e-9);
    /* CBC decryption and CTR: rounds x reciprocal throughput */
    CHECK_NEAR(cycles_of(get(bounds, n, "aes-128-cbc", "decrypt", NULL)), 5, 1e-9);
    b = get(bounds, n, "aes-256-ctr", "encrypt", NULL);
    CHECK_NEAR(cpb_of(b), 7.0 / 16, 1e-9);
    CHECK(strcmp(b->limited_by, "throughput") == 0);
    /* GCM: the larger of AES (10 x 0.5 = 5) and 3 PCLMULQDQ (3 x 2 = 6); at 14 rounds AES (7) */
    CHECK_NEAR(cycles_of(get(bounds, n, "aes-128-gcm", "seal", NULL)), 6, 1e-9);
    CHECK_NEAR(cycles_of(get(bounds, n, "aes-256-gcm", "open", NULL)), 7, 1e-9);
    /* a variant's own row: VAESENC ymm (1 cycle) per 32 bytes; others get the general row */
    b = get(bounds, n, "aes-128-ctr", "encrypt", "vaes256");
    CHECK(b->variant != NULL);
    CHECK_NEAR(cpb_of(b), 10.0 / 32, 1e-9);
    b = get(bounds, n, "aes-128-ctr", "encrypt", "aesni");
    CHECK(b->variant == NULL);
    CHECK_NEAR(cpb_of(b), 5.0 / 16, 1e-9);
    /* a probe missing from the result: no bound, the probe named */
    b = get(bounds, n, "aes-128-gcm", "seal", "vaes256");
    CHECK(isnan(b->bound_cpb));
    CHECK(strcmp(b->status, "unavailable") == 0);
    CHECK_CONTAINS(b->reason, "vpclmulqdq-ymm was not probed");
    /* an unavailable probe: its reason carried over */
    b = get(bounds, n, "sha1", "digest", NULL);
    CHECK(isnan(b->bound_cpb));
    CHECK_CONTAINS(b->reason, "sha1rnds4 unavailable: needs sha_ni: masked");
    /* SHA-256: 32 x SHA256RNDS2 latency per 64 bytes */
    CHECK_NEAR(cpb_of(get(bounds, n, "sha256", "digest", NULL)), 96.0 / 64, 1e-9);
    /* nothing for an algorithm without a row, nor for another arch's rows */
    CHECK(cm_probe_bound_for(bounds, n, "chacha20", "encrypt", NULL) == NULL);
    for (size_t i = 0; i < n; i++)
        CHECK(!strstr(bounds[i].formula, "aesmc"));
    cm_probe_bounds_free(bounds, n);
}

static void test_aarch64(void)
{
    cm_probe_bound *bounds;
    size_t n;
    if (fixture_bounds("aarch64.json", &bounds, &n) != 0)
        return;
    /* 9 fused pairs (3) + a last AESE (2) + 1 */
    CHECK_NEAR(cycles_of(get(bounds, n, "aes-128-cbc", "encrypt", NULL)), 30, 1e-9);
    CHECK_NEAR(cycles_of(get(bounds, n, "aes-256-cbc", "encrypt", NULL)), 42, 1e-9);
    /* 9 pairs (1) + an AESE (0.5) */
    CHECK_NEAR(cycles_of(get(bounds, n, "aes-128-ctr", "encrypt", NULL)), 9.5, 1e-9);
    const cm_probe_bound *b = get(bounds, n, "aes-128-gcm", "seal", NULL);
    CHECK_NEAR(cycles_of(b), 9.5, 1e-9);
    CHECK_CONTAINS(b->formula,
                   "max(9 × aese+aesmc throughput + 1 × aese throughput, 3 × pmull throughput) cycles per 16 bytes");
    CHECK_NEAR(cpb_of(get(bounds, n, "sha256", "digest", NULL)), 1, 1e-9);
    cm_probe_bounds_free(bounds, n);
}

int main(void)
{
    test_x86();
    test_aarch64();
    return check_done("test_probe_bounds");
}
