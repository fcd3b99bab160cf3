/*
 * test_detect.c — the detect document (src/run/detect.c), its text view
 * (detect_text.c) and its command (cmd_detect.c), on recorded trees and
 * on the live system.
 *
 * Usage: test_detect [SOURCE_DIR]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>

#include "check.h"
#include "commands/commands.h"
#include "run/detect.h"

/* Runs `detect` (cm_command_main; argv[0] is "detect") with stdout and
 * stderr sent to /dev/null. */
static int run_detect(int argc, char **argv)
{
    fflush(stdout);
    fflush(stderr);
    int out = dup(1), err = dup(2);
    FILE *null = fopen("/dev/null", "w");
    dup2(fileno(null), 1);
    dup2(fileno(null), 2);
    int rc = cm_command_main(argc, argv);
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
        json_t *doc = cm_detect_document(tree(trees[i]), 1, &err);
        CHECK(doc != NULL);
        if (!doc)
            continue;
        check_doc(doc);
        CHECK(json_object_get(doc, "backends") == NULL); /* not this binary's business */
        /* the text view renders without trouble */
        FILE *devnull = fopen("/dev/null", "w");
        cm_detect_render_text(devnull, doc);
        fclose(devnull);
        json_decref(doc);
    }

    cm_error err = {0};
    json_t *doc = cm_detect_document(NULL, 0, &err);
    CHECK(doc != NULL);
    check_doc(doc);
    CHECK(json_is_boolean(json_object_get(json_object_get(json_object_get(doc, "kernel_crypto"), "af_alg"),
                                          "available")));
    CHECK(json_is_object(json_object_get(doc, "backends")));
    json_decref(doc);

    /* with the clock: measured clusters and, with the openssl backend, the
     * AES score per MHz of each (or the reason there is none) */
    doc = cm_detect_document(NULL, 1, &err);
    CHECK(doc != NULL);
    json_t *cl0 = json_array_get(json_object_get(json_object_get(doc, "cpu"), "clusters"), 0);
#if defined(__x86_64__) || defined(__aarch64__) || defined(__arm__)
    CHECK(json_number_value(json_object_get(cl0, "measured_mhz")) > 100);
#endif
    json_t *as = json_object_get(doc, "aes_score");
    CHECK(json_array_size(json_object_get(as, "scores")) > 0 || json_is_string(json_object_get(as, "reason")));
    json_t *s0 = json_array_get(json_object_get(as, "scores"), 0);
    if (s0)
        CHECK(json_number_value(json_object_get(s0, "kbs_16k")) > 0 &&
              json_string_value(json_object_get(s0, "verdict")) != NULL);
    json_decref(doc);

    doc = cm_detect_document(tree("platform/no-such-tree"), 0, &err);
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

int main(int argc, char **argv)
{
    snprintf(check_src, sizeof check_src, "%s", argc > 1 ? argv[1] : CM_SOURCE_DIR);
    test_documents();
    test_command();
    return check_done("test_detect");
}
