/*
 * test_platform_detect.c — the detect document and its command
 * (src/platform/detect.c), and the AES-score-per-MHz rule
 * (src/platform/aes_score.c) against sentences the Python side
 * (python/cryptometer/aes_score.py) produced for the same figures.
 *
 * Usage: test_platform_detect [SOURCE_DIR]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>

#include "check.h"
#include "platform/platform.h"

/* Runs cm_detect_main with stdout and stderr sent to /dev/null. */
static int run_detect(int argc, char **argv)
{
    fflush(stdout);
    fflush(stderr);
    int out = dup(1), err = dup(2);
    FILE *null = fopen("/dev/null", "w");
    dup2(fileno(null), 1);
    dup2(fileno(null), 2);
    int rc = cm_detect_main(argc, argv);
    fflush(stdout);
    fflush(stderr);
    dup2(out, 1);
    dup2(err, 2);
    close(out);
    close(err);
    fclose(null);
    return rc;
}

/* The document's required shape (the names the Python importer uses). */
static void check_doc(json_t *doc)
{
    json_t *cpu = json_object_get(doc, "cpu");
    static const char *const cpu_keys[] = {"arch", "vendor", "model_name", "cores", "clusters", "features"};
    for (size_t i = 0; i < sizeof cpu_keys / sizeof *cpu_keys; i++)
        CHECK(json_object_get(cpu, cpu_keys[i]) != NULL);
    static const char *const cl_keys[] = {"id", "cpus", "core_name", "midr", "freq_min_mhz", "freq_max_mhz",
                                          "freq_cur_mhz", "claimed_mhz", "measured_mhz", "governor"};
    size_t i;
    json_t *cl, *f;
    CHECK(json_array_size(json_object_get(cpu, "clusters")) >= 1);
    json_array_foreach(json_object_get(cpu, "clusters"), i, cl)
        for (size_t k = 0; k < sizeof cl_keys / sizeof *cl_keys; k++)
            CHECK(json_object_get(cl, cl_keys[k]) != NULL);
    json_array_foreach(json_object_get(cpu, "features"), i, f) {
        CHECK(json_is_string(json_object_get(f, "name")));
        CHECK(json_is_boolean(json_object_get(f, "present")));
        CHECK(json_is_string(json_object_get(f, "source")));
        CHECK(json_object_get(f, "accelerates") != NULL);
    }
    json_t *kc = json_object_get(doc, "kernel_crypto");
    CHECK(json_is_array(json_object_get(kc, "algorithms")));
    CHECK(json_is_object(json_object_get(kc, "af_alg")));
    CHECK(json_object_get(json_object_get(kc, "af_alg"), "reason") != NULL);
    CHECK(json_object_get(kc, "dev_crypto") != NULL);
    CHECK(json_is_object(json_object_get(kc, "hwrng")));
    CHECK(json_is_array(json_object_get(doc, "health")));
}

/* detect on the recorded trees and on the live system. */
static void test_documents(void)
{
    static const char *const trees[] = {"sysroots/arm64-max", "sysroots/arm64-cortex-a53",
                                        "sysroots/arm64-cortex-a72", "sysroots/x86_64-aesni",
                                        "platform/biglittle", "platform/x86-hybrid", "platform/armhf-old"};
    for (size_t i = 0; i < sizeof trees / sizeof *trees; i++) {
        cm_error err = {0};
        json_t *doc = platform_detect(tree(trees[i]), 1, &err);
        CHECK(doc != NULL);
        if (!doc)
            continue;
        check_doc(doc);
        CHECK(json_object_get(doc, "backends") == NULL); /* not this binary's business */
        /* the text view renders without trouble */
        FILE *devnull = fopen("/dev/null", "w");
        platform_render_text(devnull, doc);
        fclose(devnull);
        json_decref(doc);
    }

    cm_error err = {0};
    json_t *doc = platform_detect(NULL, 0, &err);
    CHECK(doc != NULL);
    check_doc(doc);
    CHECK(json_is_boolean(json_object_get(json_object_get(json_object_get(doc, "kernel_crypto"), "af_alg"),
                                          "available")));
    CHECK(json_is_object(json_object_get(doc, "backends")));
    json_decref(doc);

    /* with the clock: measured clusters and, with the openssl backend, the
     * AES score per MHz of each (or the reason there is none) */
    doc = platform_detect(NULL, 1, &err);
    CHECK(doc != NULL);
    json_t *cl0 = json_array_get(json_object_get(json_object_get(doc, "cpu"), "clusters"), 0);
#if defined(__x86_64__) || defined(__aarch64__)
    CHECK(json_number_value(json_object_get(cl0, "measured_mhz")) > 100);
#endif
    json_t *as = json_object_get(doc, "aes_score");
    CHECK(json_array_size(json_object_get(as, "scores")) > 0 || json_is_string(json_object_get(as, "reason")));
    json_t *s0 = json_array_get(json_object_get(as, "scores"), 0);
    if (s0)
        CHECK(json_number_value(json_object_get(s0, "kbs_16k")) > 0 &&
              json_string_value(json_object_get(s0, "verdict")) != NULL);
    json_decref(doc);

    doc = platform_detect(tree("platform/no-such-tree"), 0, &err);
    CHECK(doc == NULL && err.code == 3 && strstr(err.msg, "no-such-tree"));
}

/* Exit codes of the command. */
static void test_command(void)
{
    char a0[] = "detect", bad[] = "--frobnicate", sr[] = "--sysroot", nc[] = "--no-clock", js[] = "--json";
    char missing[4200], file[4200], ok[4200];
    snprintf(missing, sizeof missing, "%s", tree("platform/no-such-tree"));
    snprintf(file, sizeof file, "%s", tree("platform/README.md"));
    snprintf(ok, sizeof ok, "%s", tree("sysroots/arm64-max"));
    char *v1[] = {a0, bad, NULL};
    CHECK(run_detect(2, v1) == 2);
    char *v2[] = {a0, sr, NULL};
    CHECK(run_detect(2, v2) == 2);
    char *v3[] = {a0, sr, missing, NULL};
    CHECK(run_detect(3, v3) == 3);
    char *v4[] = {a0, sr, file, NULL};
    CHECK(run_detect(3, v4) == 3);
    char *v5[] = {a0, sr, ok, js, NULL};
    CHECK(run_detect(4, v5) == 0);
    char *v6[] = {a0, nc, NULL};
    CHECK(run_detect(2, v6) == 0);
}

/* One golden case: the Python side's verdict and sentence. */
struct golden {
    const char *core;
    double mhz, kbs, claimed;
    const char *verdict, *claimed_verdict, *message;
};

/* The AES-score rule against python/cryptometer/aes_score.py. */
static void test_aes_score(void)
{
    static const struct golden g[] = {
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
         "absent or unused."},
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
    for (size_t i = 0; i < sizeof g / sizeof *g; i++) {
        json_t *r = platform_aes_score(g[i].core, g[i].mhz, g[i].kbs, g[i].claimed, "measured");
        CHECK(r != NULL);
        if (!r)
            continue;
        const char *v = json_string_value(json_object_get(r, "verdict"));
        const char *cv = json_string_value(json_object_get(r, "claimed_verdict"));
        const char *m = json_string_value(json_object_get(r, "message"));
        CHECK(v && strcmp(v, g[i].verdict) == 0);
        CHECK(g[i].claimed_verdict ? cv && strcmp(cv, g[i].claimed_verdict) == 0 : cv == NULL);
        const char *want = g[i].message;
        if (want) {
            int same = m && strcmp(m, want) == 0;
            if (!same)
                fprintf(stderr, "  case %zu:\n  got      %s\n  expected %s\n", i, m ? m : "(none)", want);
            CHECK(same);
        }
        json_decref(r);
    }
    /* The closest family is sought within the figure's architecture only
     * (sentences from python/cryptometer/aes_score.py, tests/python/test_aes_score.py). */
    static const struct {
        const char *arch, *core;
        double mhz, kbs;
        const char *want_arch, *closest, *message;
    } a[] = {
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
    for (size_t i = 0; i < sizeof a / sizeof *a; i++) {
        json_t *r = platform_aes_score_for_arch(a[i].arch, a[i].core, a[i].mhz, a[i].kbs, 0, "measured");
        CHECK(r != NULL);
        if (!r)
            continue;
        const char *arch = json_string_value(json_object_get(r, "arch"));
        const char *m = json_string_value(json_object_get(r, "message"));
        const char *near = json_string_value(json_object_get(json_object_get(r, "closest_family"), "family"));
        CHECK(a[i].want_arch ? arch && strcmp(arch, a[i].want_arch) == 0 : json_is_null(json_object_get(r, "arch")));
        CHECK(a[i].closest ? near && strcmp(near, a[i].closest) == 0
                           : json_is_null(json_object_get(r, "closest_family")));
        CHECK(json_is_false(json_object_get(r, "circular")));
        int same = m && strcmp(m, a[i].message) == 0;
        if (!same)
            fprintf(stderr, "  arch case %zu:\n  got      %s\n  expected %s\n", i, m ? m : "(none)",
                    a[i].message);
        CHECK(same);
        json_decref(r);
    }
    /* platform_aes_score() is the same with the binary's own architecture */
    {
        json_t *r = platform_aes_score("P-core", 2764, 1000000.0, 0, "measured");
        CHECK(r != NULL && json_is_false(json_object_get(r, "circular")));
        const char *arch = r ? json_string_value(json_object_get(r, "arch")) : NULL;
#if defined(__x86_64__) || defined(__aarch64__)
        CHECK(arch != NULL);
#endif
        json_t *same = platform_aes_score_for_arch(arch, "P-core", 2764, 1000000.0, 0, "measured");
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

int main(int argc, char **argv)
{
    snprintf(check_src, sizeof check_src, "%s", argc > 1 ? argv[1] : CM_SOURCE_DIR);
    test_documents();
    test_command();
    test_aes_score();
    return check_done("test_platform_detect");
}
