/*
 * test_cpu_doc.c — the typed "cpu" and "system" objects
 * (src/platform/cpu_json.c): what the parser reads back, written again,
 * is the object detect wrote, on every recorded tree and with a measured
 * clock; missing keys and nulls are accepted; a key of the wrong type is
 * one error naming it.
 *
 * Usage: test_cpu_doc [SOURCE_DIR]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "check.h"
#include "platform/cpu_doc.h"
#include "run/detect.h"

/* obj parsed and written again equals obj. */
static void check_cpu_round_trip(const json_t *obj)
{
    platform_cpu_doc doc;
    cm_error err = {0};
    CHECK(platform_cpu_doc_from_json(obj, &doc, &err) == 0);
    json_t *back = platform_cpu_doc_to_json(&doc);
    CHECK(back && json_equal(back, (json_t *)obj));
    json_decref(back);
    platform_cpu_doc_free(&doc);
}

/* Every recorded tree's cpu and system objects, and a measured clock. */
static void test_round_trip(void)
{
    static const char *const trees[] = {"sysroots/arm64-max", "sysroots/arm64-cortex-a53",
                                        "sysroots/arm64-cortex-a72", "sysroots/x86_64-aesni",
                                        "platform/biglittle", "platform/x86-hybrid", "platform/armhf-old",
                                        "platform/riscv", "engines/ti-am335x-omap"};
    for (size_t i = 0; i < sizeof trees / sizeof *trees; i++) {
        cm_error err = {0};
        json_t *d = cm_detect_document(tree(trees[i]), 0, &err);
        CHECK(d != NULL);
        if (!d)
            continue;
        check_cpu_round_trip(json_object_get(d, "cpu"));
        platform_system_doc sys;
        CHECK(platform_system_doc_from_json(json_object_get(d, "system"), &sys, &err) == 0);
        json_t *back = platform_system_doc_to_json(&sys);
        CHECK(back && json_equal(back, json_object_get(d, "system")));
        json_decref(back);
        json_decref(d);
    }
    /* a measured cluster: spread and agreement are written, not null */
    json_t *cpu = json_pack("{s:[{s:i, s:[i, i], s:f, s:f, s:f, s:b}]}", "clusters", "id", 0, "cpus", 0, 1,
                            "measured_mhz", 1800.0, "measured_check_mhz", 1795.0, "measured_spread", 0.25,
                            "clock_agree", 1);
    platform_cpu_doc doc;
    CHECK(platform_cpu_doc_from_json(cpu, &doc, NULL) == 0);
    json_t *back = platform_cpu_doc_to_json(&doc);
    json_t *cl = json_array_get(json_object_get(back, "clusters"), 0);
    CHECK(doc.n_clusters == 1 && doc.clusters[0].n_cpus == 2 && doc.clusters[0].clock_agree == 1);
    CHECK(json_real_value(json_object_get(cl, "measured_spread")) == 0.25);
    CHECK(json_is_true(json_object_get(cl, "clock_agree")));
    CHECK(json_is_null(json_object_get(cl, "midr")));
    check_cpu_round_trip(back);
    json_decref(back);
    json_decref(cpu);
    platform_cpu_doc_free(&doc);
}

/* Missing keys and nulls read as empty; wrong types are one error each. */
static void test_lenient_and_strict(void)
{
    platform_cpu_doc doc;
    cm_error err = {0};
    CHECK(platform_cpu_doc_from_json(NULL, &doc, &err) == 0 && doc.n_clusters == 0 && !doc.model_name);
    json_t *o = json_pack("{s:n, s:[{s:n, s:n, s:n}], s:[{s:s}]}", "model_name", "clusters", "midr",
                          "clock_agree", "measured_mhz", "features", "name", "aes");
    CHECK(platform_cpu_doc_from_json(o, &doc, &err) == 0);
    CHECK(doc.n_clusters == 1 && doc.clusters[0].midr[0] == '\0' && doc.clusters[0].clock_agree == -1);
    CHECK(doc.n_features == 1 && doc.features[0].cpuinfo == -1 && !doc.features[0].present);
    platform_cpu_doc_free(&doc);
    json_decref(o);

    static const struct {
        const char *json, *message;
    } bad[] = {
        {"{\"cores\": \"2\"}", "cpu.cores: not an integer"},
        {"{\"clusters\": 3}", "cpu.clusters: not an array"},
        {"{\"clusters\": [1]}", "cpu.clusters[0]: not an object"},
        {"{\"clusters\": [{\"cpus\": [0, -1]}]}", "cpu.clusters[0].cpus[1]: not a CPU number"},
        {"{\"clusters\": [{}, {\"midr\": \"0x410fd0340000000000000000\"}]}", "cpu.clusters[1].midr: too long"},
        {"{\"features\": [{\"present\": \"yes\"}]}", "cpu.features[0].present: not a boolean"},
        {"{\"clusters\": [{\"measured_mhz\": \"fast\"}]}", "cpu.clusters[0].measured_mhz: not a number"},
        {"[]", "cpu: not an object"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        o = json_loads(bad[i].json, 0, NULL);
        CHECK(o != NULL);
        memset(&err, 0, sizeof err);
        CHECK(platform_cpu_doc_from_json(o, &doc, &err) == -1 && err.code == CM_EXIT_ENVIRONMENT);
        CHECK_CONTAINS(err.msg, bad[i].message);
        json_decref(o);
    }
    platform_system_doc sys;
    o = json_pack("{s:i}", "os", 3);
    CHECK(platform_system_doc_from_json(o, &sys, &err) == -1);
    CHECK_CONTAINS(err.msg, "system.os: not a string");
    json_decref(o);
}

int main(int argc, char **argv)
{
    snprintf(check_src, sizeof check_src, "%s", argc > 1 ? argv[1] : CM_SOURCE_DIR);
    test_round_trip();
    test_lenient_and_strict();
    return check_done("test_cpu_doc");
}
