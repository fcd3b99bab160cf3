/*
 * test_platform_aes_score.c — the AES-score-per-MHz rule
 * (src/platform/aes_score.c) against sentences worked out for the same
 * figures (they are also those of tests/python/test_aes_score.py, which
 * reaches the same rule through `cryptometer aes-score`), the circular
 * verdict of a derived log, and what sbc-bench measures (the table's
 * "metric").
 *
 * Usage: test_platform_aes_score
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "check.h"
#include "platform/aes_score.h"

/* One golden case: the verdict and its sentence. */
struct golden {
    const char *core;
    double mhz, kbs, claimed;
    const char *verdict, *claimed_verdict, *message;
    const char *arm32_more; /* a 32-bit ARM build's message goes on with this (step 7) */
};

/* The golden cases of a live figure (this binary's architecture). */
static const struct golden golden_cases[] = {
    {"Cortex-A72", 1800, 1026000.0, 0, "consistent", NULL,
     "Cortex-A72 at 1800 MHz measured should score ~1026000 k/s in AES-256-CBC 16 KiB (570 per MHz); it "
     "scores 1026000 (+0.0%): consistent with the Cortex-A72/A73/A76/A77/A78, Neoverse-N1 family."},
    {"Cortex-A53", 1512, 660000.0, 1512, "clock-lower-than-claimed", "clock-lower-than-claimed",
     "Cortex-A53 at 1512 MHz measured should score ~706104 k/s in AES-256-CBC 16 KiB (467 per MHz); it "
     "scores 660000 (-6.5%), as a core at ~1413 MHz would: the clock was likely lower than the 1512 MHz "
     "measured."},
    {"Cortex-A53", 1412, 660000.0, 1512, "consistent", "clock-lower-than-claimed",
     "Cortex-A53 at 1412 MHz measured should score ~659404 k/s in AES-256-CBC 16 KiB (467 per MHz); it "
     "scores 660000 (+0.1%): consistent with the Cortex-A53/A55 family. cpufreq claims 1512 MHz, which "
     "the score does not fit (-6.5%): the score confirms the measured clock, not the claimed one."},
    {"Cortex-A72", 2000, 1026000.0, 1800, "clock-lower-than-claimed", "consistent",
     "Cortex-A72 at 2000 MHz measured should score ~1140000 k/s in AES-256-CBC 16 KiB (570 per MHz); it "
     "scores 1026000 (-10.0%), as a core at ~1800 MHz would: the clock was likely lower than the 2000 MHz "
     "measured. The cpufreq claim of 1800 MHz fits the score instead (+0.0%)."},
    {"Cortex-A7", 1396, 27148.29, 0, "crypto-extensions-absent-or-unused", NULL,
     "Cortex-A7 at 1396 MHz measured scores 27148 k/s in AES-256-CBC 16 KiB, 19.4 per MHz: below 40% of "
     "the smallest ratio in the table (217), so AES ran without AES instructions: crypto extensions are "
     "absent or unused. Check the CPU's features and the library's capability vector with `cryptometer "
     "detect`.",
     " Against the arm table of cores without AES instructions: at 1396 MHz the Cortex-A7 (32-bit, table "
     "code) family should score ~27152 k/s (19.45 per MHz); it scores 27148 (+0.0%): consistent."},
    {"Kryo-4XX-Gold", 2552, 1455702.02, 0, "consistent", NULL, NULL},
    {"Cortex-A53", 0, 100.0, 0, "insufficient-data", NULL,
     "Cortex-A53: scores 100 k/s in AES-256-CBC 16 KiB but no clock is known, so the score per MHz "
     "cannot be checked."},
    {"Cortex-A53", 1000, 0, 0, "insufficient-data", NULL,
     "Cortex-A53: no AES-256-CBC 16 KiB figure, so the AES score per MHz cannot be checked."},
    {"Neoverse-N1", 3000, 1500000.0, 2800, "clock-lower-than-claimed", "clock-lower-than-claimed",
     "Neoverse-N1 at 3000 MHz measured should score ~1710000 k/s in AES-256-CBC 16 KiB (570 per MHz); it "
     "scores 1500000 (-12.3%), as a core at ~2632 MHz would: the clock was likely lower than the 3000 MHz "
     "measured. cpufreq claims 2800 MHz, which the score does not fit either (-6.0%)."},
    {"Cortex-A76", 2400, 1300000.0, 2600, "consistent", "clock-lower-than-claimed",
     "Cortex-A76 at 2400 MHz measured should score ~1368000 k/s in AES-256-CBC 16 KiB (570 per MHz); it "
     "scores 1300000 (-5.0%): consistent with the Cortex-A72/A73/A76/A77/A78, Neoverse-N1 family. cpufreq "
     "claims 2600 MHz, which the score does not fit (-12.3%): the score confirms the measured clock, not "
     "the claimed one."},
    /* names not in the table: the verdict only (the closest family
     * depends on the whole table) */
    {NULL, 2764, 1800000.0, 2000, "unknown-family", NULL, NULL},
    {"P-core", 2764, 1000000.0, 2000, "unknown-family", NULL, NULL},
};

/* The AES-score rule on the golden cases: verdict, claimed verdict, sentence. */
static void test_golden(void)
{
    for (size_t i = 0; i < sizeof golden_cases / sizeof *golden_cases; i++) {
        json_t *r = platform_aes_score(golden_cases[i].core, golden_cases[i].mhz, golden_cases[i].kbs, golden_cases[i].claimed, "measured");
        CHECK(r != NULL);
        if (!r)
            continue;
        const char *v = json_string_value(json_object_get(r, "verdict"));
        const char *cv = json_string_value(json_object_get(r, "claimed_verdict"));
        const char *m = json_string_value(json_object_get(r, "message"));
        CHECK(v && strcmp(v, golden_cases[i].verdict) == 0);
        CHECK(golden_cases[i].claimed_verdict ? cv && strcmp(cv, golden_cases[i].claimed_verdict) == 0 : cv == NULL);
        char want_buf[1024];
        const char *want = golden_cases[i].message;
#if defined(__arm__)
        if (want && golden_cases[i].arm32_more) {
            snprintf(want_buf, sizeof want_buf, "%s%s", want, golden_cases[i].arm32_more);
            want = want_buf;
        }
#else
        (void)want_buf;
#endif
        if (want) {
            int same = m && strcmp(m, want) == 0;
            if (!same)
                fprintf(stderr, "  case %zu:\n  got      %s\n  expected %s\n", i, m ? m : "(none)", want);
            CHECK(same);
        }
        json_decref(r);
    }
}

/* Cases of a figure of a given architecture: the closest family is sought
 * within the figure's architecture only (sentences from
 * python/cryptometer/aes_score.py, tests/python/test_aes_score.py). */
static const struct {
    const char *arch, *core;
    double mhz, kbs;
    const char *want_arch, *closest, *message;
} arch_cases[] = {
    {"amd64", "Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz", 3000, 1053000.0, "x86_64",
     "Intel Golden Cove/Raptor Cove (P-core)",
     "Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz is not a core family in the AES score table; at 3000 MHz "
     "measured it scores 1053000 k/s, 351.0 per MHz, closest to Intel Golden Cove/Raptor Cove (P-core) "
     "(356 per MHz, -1.4%) of the x86_64 families in the table."},
    {"aarch64", "Mystery-1", 3000, 1053000.0, "aarch64", "Apple Firestorm",
     "Mystery-1 is not a core family in the AES score table; at 3000 MHz measured it scores 1053000 k/s, "
     "351.0 per MHz, closest to Apple Firestorm (351 per MHz, +0.0%) of the aarch64 families in the "
     "table."},
    {"riscv64", "eswin,eic770x", 1800, 540000.0, "riscv64", NULL,
     "eswin,eic770x is not a core family in the AES score table; at 1800 MHz measured it scores 540000 "
     "k/s, 300.0 per MHz; the table has no riscv64 family to compare it with."},
    {NULL, NULL, 1800, 540000.0, NULL, NULL,
     "this core is not a core family in the AES score table; at 1800 MHz measured it scores 540000 k/s, "
     "300.0 per MHz; its architecture is unknown, so no family is compared with it."},
    /* a known core is found by name, whatever the architecture */
    {"x86_64", "Cortex-A720", 2598, 1458356.22, "x86_64", NULL,
     "Cortex-A720 at 2598 MHz measured should score ~1457478 k/s in AES-256-CBC 16 KiB (561 per MHz); it "
     "scores 1458356 (+0.1%): consistent with the Cortex-A720 family."},
};

/* The verdict of a figure of another architecture than this binary's. */
static void test_by_arch(void)
{
    for (size_t i = 0; i < sizeof arch_cases / sizeof *arch_cases; i++) {
        platform_aes_figure fig = {arch_cases[i].core, arch_cases[i].mhz, arch_cases[i].kbs, 0, "measured", arch_cases[i].arch, NULL};
        json_t *r = platform_aes_verdict(NULL, &fig);
        CHECK(r != NULL);
        if (!r)
            continue;
        const char *arch = json_string_value(json_object_get(r, "arch"));
        const char *m = json_string_value(json_object_get(r, "message"));
        const char *near = json_string_value(json_object_get(json_object_get(r, "closest_family"), "family"));
        CHECK(arch_cases[i].want_arch ? arch && strcmp(arch, arch_cases[i].want_arch) == 0 : json_is_null(json_object_get(r, "arch")));
        CHECK(arch_cases[i].closest ? near && strcmp(near, arch_cases[i].closest) == 0
                           : json_is_null(json_object_get(r, "closest_family")));
        CHECK(json_is_false(json_object_get(r, "circular")));
        int same = m && strcmp(m, arch_cases[i].message) == 0;
        if (!same)
            fprintf(stderr, "  arch case %zu:\n  got      %s\n  expected %s\n", i, m ? m : "(none)",
                    arch_cases[i].message);
        CHECK(same);
        json_decref(r);
    }
}

/* platform_aes_score() is platform_aes_verdict() with the binary's own
 * architecture; the figures themselves. */
static void test_own_arch_and_figures(void)
{
    {
        json_t *r = platform_aes_score("P-core", 2764, 1000000.0, 0, "measured");
        CHECK(r != NULL && json_is_false(json_object_get(r, "circular")));
        const char *arch = r ? json_string_value(json_object_get(r, "arch")) : NULL;
#if defined(__x86_64__) || defined(__aarch64__)
        CHECK(arch != NULL);
#endif
        platform_aes_figure fig = {"P-core", 2764, 1000000.0, 0, "measured", arch, NULL};
        json_t *same = platform_aes_verdict(NULL, &fig);
        CHECK(same != NULL && json_equal(r, same));
        json_decref(r);
        json_decref(same);
    }

    /* the figures themselves */
    json_t *r = platform_aes_score("Cortex-A72", 1800, 1026000.0, 0, NULL);
    CHECK_NEAR(json_real_value(json_object_get(r, "score_per_mhz")), 570.0, 1e-9);
    CHECK_NEAR(json_real_value(json_object_get(r, "expected_kbs")), 1026000.0, 1e-6);
    CHECK_NEAR(json_real_value(json_object_get(r, "implied_mhz")), 1800.0, 1e-9);
    CHECK(strcmp(json_string_value(json_object_get(r, "mhz_source")), "measured") == 0);
    json_decref(r);
}

/* Step 6: a family whose ratio was derived from the log judged (the
 * SHA-256 of tests/fixtures/sbc-bench/1ET4.txt, as derived_from lists it). */
static void test_circular(void)
{
    static const char sha[] = "b159408f43ce13dbf2460951f0760921832452a6cce9acce73dd5b6c39abdd10";
    platform_aes_figure fig = {"Cortex-A720", 2598, 1458356.22, 0, "measured", "aarch64", sha};
    json_t *r = platform_aes_verdict(NULL, &fig);
    const char *m = json_string_value(json_object_get(r, "message"));
    CHECK(json_is_true(json_object_get(r, "circular")));
    CHECK(m && strcmp(m, "Cortex-A720 at 2598 MHz measured should score ~1457478 k/s in AES-256-CBC 16 KiB "
                         "(561 per MHz); it scores 1458356 (+0.1%): consistent with the Cortex-A720 family (the "
                         "table's ratio for this family was derived from this log, so agreement proves "
                         "nothing).") == 0);
    json_decref(r);
    fig.log_sha256 = NULL; /* a live run judges no log */
    r = platform_aes_verdict(NULL, &fig);
    CHECK(json_is_false(json_object_get(r, "circular")));
    json_decref(r);
}

/* What sbc-bench measures comes from the table. */
static void test_source(void)
{
    platform_aes_source src;
    CHECK(platform_aes_score_source(&src) == 0);
    CHECK(strcmp(src.backend, "openssl") == 0 && strcmp(src.algorithm, "aes-256-cbc") == 0);
    CHECK(strcmp(src.operation, "encrypt") == 0 && src.size == 16384);
}

/* A table given by the caller replaces the embedded one; a malformed one
 * gives NULL. */
static void test_given_table(void)
{
    json_t *t = json_loads("{\"families\": [{\"family\": \"X\", \"cores\": [\"X1\"], \"arch\": \"aarch64\", "
                           "\"ratio\": 100, \"tolerance\": 0.1}], \"crypto_extensions_absent\": {\"fraction\": 0.4}}",
                           0, NULL);
    platform_aes_figure fig = {"X1", 1000, 100000.0, 0, NULL, NULL, NULL};
    json_t *r = platform_aes_verdict(t, &fig);
    CHECK(r && strcmp(json_string_value(json_object_get(r, "family")), "X") == 0);
    CHECK(r && strcmp(json_string_value(json_object_get(r, "verdict")), "consistent") == 0);
    json_decref(r);
    json_t *bad = json_pack("{s:[]}", "families");
    CHECK(platform_aes_verdict(bad, &fig) == NULL);
    json_decref(bad);
    json_decref(t);
}

int main(void)
{
    test_golden();
    test_by_arch();
    test_own_arch_and_figures();
    test_circular();
    test_source();
    test_given_table();
    return check_done("test_platform_aes_score");
}
