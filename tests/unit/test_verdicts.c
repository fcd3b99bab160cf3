/*
 * test_verdicts.c — the verdicts that weigh all the evidence
 * (src/platform/verdict*.c, aes_twins.c, the evidence steps of
 * aes_score.c): emulated CPUs on the qemu-recorded trees and on documents
 * shaped like a user-mode emulator's, the AES score with the CPU's
 * instructions and the library's capability vector, twin clusters, and the
 * kernel engines of tests/data/engines (also under a Linux 7.2 version,
 * where AF_ALG cannot reach them).
 *
 * Usage: test_verdicts [SOURCE_DIR]
 */
#include <math.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdio.h>
#include <string.h>
#include <jansson.h>

#include "check.h"
#include "check_root.h"
#include "run/detect.h"
#include "platform/aes_result.h"
#include "platform/aes_score.h"
#include "platform/emulation.h"
#include "platform/kernel_crypto.h"
#include "platform/library.h"
#include "platform/verdict.h"

/* Checks that string a equals b; a failure prints both. */
#define CHECK_STR(a, b)                                                                      \
    do {                                                                                     \
        const char *a_ = (a), *b_ = (b);                                                     \
        if (a_ && strcmp(a_, b_) == 0) {                                                     \
            check_passed++;                                                                  \
        } else {                                                                             \
            check_failed++;                                                                  \
            fprintf(stderr, "%s:%d: FAILED: %s = \"%s\", expected \"%s\"\n", __FILE__, __LINE__, \
                    #a, a_ ? a_ : "(null)", b_);                                             \
        }                                                                                    \
    } while (0)

/* The emulator evidence of a document's "cpu" and "health_snapshot"
 * (parsed as platform_verdicts() parses them); NULL when they do not parse. */
static json_t *emulation_of(const json_t *doc)
{
    platform_cpu_doc cpu;
    if (platform_cpu_doc_from_json(json_object_get(doc, "cpu"), &cpu, NULL) != 0)
        return NULL;
    json_t *em = platform_emulation_of(&cpu, json_object_get(doc, "health_snapshot"));
    platform_cpu_doc_free(&cpu);
    return em;
}

/* The codes of a verdicts array with id id, joined by spaces ("" for none). */
static const char *codes(const json_t *verdicts, const char *id, char *buf, size_t len)
{
    size_t i, used;
    const json_t *v;
    buf[0] = '\0';
    json_array_foreach(verdicts, i, v) {
        if (strcmp(json_string_value(json_object_get(v, "id")), id) != 0)
            continue;
        used = strlen(buf);
        snprintf(buf + used, len - used, "%s%s", used ? " " : "", json_string_value(json_object_get(v, "code")));
    }
    return buf;
}

/* Whether any verdict's message or code contains text. */
static int mentions(const json_t *verdicts, const char *text)
{
    size_t i;
    const json_t *v;
    json_array_foreach(verdicts, i, v)
        if (strstr(json_string_value(json_object_get(v, "message")), text) ||
            strstr(json_string_value(json_object_get(v, "code")), text))
            return 1;
    return 0;
}

/* The qemu-recorded trees: -cpu max on both architectures is emulated from
 * positive evidence; the Cortex-A53/A72 models carry none (a real MIDR under
 * a virt machine may be KVM on such a host), so nothing is claimed there. */
static void test_recorded_trees(void)
{
    static const struct {
        const char *tree;
        const char *cpu;
    } cases[] = {{"sysroots/arm64-max", "emulated-cpu"},
                 {"sysroots/x86_64-aesni", "emulated-cpu"},
                 {"sysroots/arm64-cortex-a53", ""},
                 {"sysroots/arm64-cortex-a72", ""},
                 {"platform/biglittle", ""}};
    char buf[256];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        cm_error err = {0};
        json_t *doc = cm_detect_document(tree(cases[i].tree), 0, &err);
        CHECK(doc != NULL);
        if (!doc)
            continue;
        const json_t *vs = json_object_get(doc, "verdicts");
        CHECK(json_is_array(vs));
        CHECK_STR(codes(vs, "cpu", buf, sizeof buf), cases[i].cpu);
        CHECK(!mentions(vs, "absent-or-unused") && !mentions(vs, "absent or unused"));
        CHECK(json_is_boolean(json_object_get(json_object_get(doc, "emulation"), "emulated")));
        if (cases[i].cpu[0])
            CHECK(json_array_size(json_object_get(json_object_get(doc, "emulation"), "evidence")) > 0);
        json_decref(doc);
    }
}

/* The boards with engines: each tree's engine verdicts, in order. */
static void test_engines(void)
{
    static const struct {
        const char *tree, *codes, *needle;
    } cases[] = {
        {"engines/allwinner-h6-sun8i-ce", "engine-selected", "cbc-aes-sun8i-ce, priority 400, over cbc-aes-ce"},
        {"engines/amlogic-s905x-gxl", "engine-selected", "cbc-aes-gxl, priority 400"},
        {"engines/nxp-imx8mm-caam", "engine-selected", "priority 3000"},
        {"engines/rockchip-rk3399-crypto", "engine-selected engine-not-selected", "a tie"},
        {"engines/marvell-armada8040-safexcel", "engine-selected", "a tie"},
        {"engines/marvell-armada388-cesa", "engine-selected engine-not-selected engine-selected-alone",
         "only because nothing else is loaded"},
        {"engines/ti-am335x-omap", "engine-selected", "omap-hmac-sha256, priority 400"},
    };
    char buf[256];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        cm_error err = {0};
        json_t *doc = cm_detect_document(tree(cases[i].tree), 0, &err);
        CHECK(doc != NULL);
        if (!doc)
            continue;
        const json_t *vs = json_object_get(doc, "verdicts");
        CHECK_STR(codes(vs, "kernel", buf, sizeof buf), cases[i].codes);
        CHECK(mentions(vs, cases[i].needle));
        CHECK(mentions(vs, "run --filter afalg"));
        CHECK_STR(codes(vs, "cpu", buf, sizeof buf), "");
        json_decref(doc);
    }
    /* an engine whose self-test did not pass is never selected */
    json_t *kc = json_pack("{s:[{s:s, s:s, s:[{s:s, s:s, s:i, s:s, s:s, s:b, s:b, s:s}, "
                           "{s:s, s:s, s:i, s:s, s:s, s:b, s:b, s:s}]}]}",
                           "algorithms", "name", "cbc(aes)", "selected", "cbc-aes-ce", "drivers", "driver",
                           "cbc-aes-ce", "class", "cpu-instructions", "priority", 300, "selftest", "passed", "module",
                           "aes_ce_blk", "internal", 0, "selected", 1, "type", "skcipher", "driver",
                           "cbc-aes-sun8i-ce", "class", "hardware-engine", "priority", 400, "selftest", "unknown",
                           "module", "sun8i_ce", "internal", 0, "selected", 0, "type", "skcipher");
    json_t *vs = json_array();
    platform_kcrypto parsed;
    CHECK(platform_kcrypto_from_json(kc, &parsed, NULL) == 0);
    CHECK(platform_kernel_verdicts(&parsed, vs) == 0);
    platform_kcrypto_free(&parsed);
    CHECK_STR(codes(vs, "kernel", buf, sizeof buf), "engine-unusable");
    CHECK(mentions(vs, "selftest unknown"));
    json_decref(vs);
    json_decref(kc);
}

/* The AES rule with the other evidence: far below every family. */
static void test_aes_evidence(void)
{
    static const struct {
        const char *instr, *lib, *masked_by, *emulated;
        double kbs;
        const char *code, *needle;
    } cases[] = {
        {"present", "used", NULL, NULL, 16000, "emulated-cpu", "emulated CPU (QEMU TCG or similar)"},
        {"present", "masked", "OPENSSL_armcap=0 in the environment", NULL, 16000, "crypto-extensions-unused",
         "OPENSSL_armcap=0 in the environment keeps OpenSSL from using them"},
        {"absent", "masked", "x", NULL, 16000, "crypto-extensions-absent", "reports no AES instructions"},
        {NULL, NULL, NULL, NULL, 16000, "crypto-extensions-absent-or-unused", "absent or unused"},
        /* positive evidence: no conclusion from the timing, even a consistent one */
        {"present", "used", NULL, "MIDR 0x000f0510 is QEMU's", 840600, "emulated-cpu", "says nothing about"},
        /* under a hardware hypervisor the instructions run natively: the timing is what disagrees */
        {"present", "used", NULL, NULL, 16000, "score-contradicts-features", "other work or the hypervisor"},
        /* masked, at any score: portable code, no family judged */
        {"present", "masked", "OPENSSL_ia32cap=~0x200000000000000 in the environment", NULL, 600000,
         "crypto-extensions-unused", "the figure is of portable code"},
        /* a consistent figure: the evidence changes nothing */
        {"present", "used", NULL, NULL, 840600, "consistent", "consistent with"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        int kvm = strcmp(cases[i].code, "score-contradicts-features") == 0;
        platform_aes_figure fig = {"Cortex-A53", 1800, cases[i].kbs, NAN, "measured", "aarch64", NULL,
                                   cases[i].instr, cases[i].lib, cases[i].masked_by, cases[i].emulated,
                                   kvm ? "KVM (cpuid leaf 0x40000000 \"KVMKVMKVM\")" : NULL};
        json_t *v = platform_aes_verdict(NULL, &fig);
        CHECK(v != NULL);
        if (!v)
            continue;
        CHECK_STR(json_string_value(json_object_get(v, "verdict")), cases[i].code);
        const char *msg = json_string_value(json_object_get(v, "message"));
        CHECK(msg && strstr(msg, cases[i].needle));
        CHECK(json_is_object(json_object_get(v, "evidence")));
        json_decref(v);
    }
}

/* The verdicts of the JSON array *scores through their structs
 * (aes_result_json.c): weighed with doc's evidence when em is given, else
 * their twins compared; *scores replaced by the result. 0 or -1. */
static int through_structs(json_t **scores, const json_t *doc, const json_t *em)
{
    platform_aes_result *r;
    platform_library openssl;
    platform_cpu_doc cpu;
    size_t n;
    int rc = platform_aes_results_from_json(*scores, &r, &n, NULL);
    rc |= platform_library_from_json("openssl", json_object_get(json_object_get(doc, "backends"), "openssl"),
                                     &openssl, NULL);
    platform_emulation_doc emulation;
    if (rc == 0 && em && platform_cpu_doc_from_json(json_object_get(doc, "cpu"), &cpu, NULL) == 0 &&
        platform_emulation_from_json(em, &emulation, NULL) == 0) {
        rc = platform_weigh_aes_scores(r, n, &cpu, &openssl, &emulation);
        platform_emulation_free(&emulation);
        platform_cpu_doc_free(&cpu);
    } else if (rc == 0) {
        rc = em ? -1 : platform_aes_twins(r, n);
    }
    platform_library_free(&openssl);
    json_decref(*scores);
    *scores = rc == 0 ? platform_aes_results_to_json(r, n) : NULL;
    platform_aes_results_free(r, n);
    return *scores ? rc : -1;
}

/* A live-shaped document judged again with its evidence. */
static void test_weigh(void)
{
    json_t *doc = json_pack("{s:{s:s, s:s, s:s, s:[{s:s, s:b}], s:[]}, s:{s:{s:{s:s, s:s, s:s, s:{s:b}}}}}",
                            "cpu", "arch", "x86_64", "vendor", "GenuineIntel", "model_name", "Intel Golden Cove",
                            "features", "name", "aes", "cpu", 1, "clusters", "backends", "openssl",
                            "capabilities", "variable", "OPENSSL_ia32cap", "value", "0x0", "env",
                            "~0x200000000000000", "features", "aes-ni", 0);
    json_t *em = emulation_of(doc);
    CHECK(em && json_is_false(json_object_get(em, "emulated")));
    platform_aes_figure fig = {"Intel Golden Cove", 4000, 100000, NAN, "measured", "x86_64", NULL,
                               NULL, NULL, NULL, NULL, NULL};
    json_t *scores = json_pack("[o]", platform_aes_verdict(NULL, &fig));
    json_object_set_new(json_array_get(scores, 0), "cluster", json_integer(0));
    CHECK_STR(json_string_value(json_object_get(json_array_get(scores, 0), "verdict")),
              "crypto-extensions-absent-or-unused");
    CHECK(through_structs(&scores, doc, em) == 0);
    const json_t *s = json_array_get(scores, 0);
    CHECK_STR(json_string_value(json_object_get(s, "verdict")), "crypto-extensions-unused");
    CHECK(strstr(json_string_value(json_object_get(s, "message")), "OPENSSL_ia32cap=~0x200000000000000"));
    CHECK(json_integer_value(json_object_get(s, "cluster")) == 0); /* the other keys are kept */
    json_decref(scores);
    json_decref(em);
    json_decref(doc);
}

/* Emulator evidence from documents shaped like the environments. */
static void test_emulation(void)
{
    /* qemu-aarch64 user mode: an aarch64 binary, the x86 host's /proc/cpuinfo */
    json_t *doc = json_pack("{s:{s:s, s:s, s:[]}}", "cpu", "arch", "aarch64", "vendor", "AuthenticAMD", "clusters");
    json_t *em = emulation_of(doc);
    CHECK(em && json_is_true(json_object_get(em, "emulated")));
    CHECK(strstr(json_string_value(json_array_get(json_object_get(em, "evidence"), 0)), "qemu-aarch64"));
    json_decref(em);
    json_decref(doc);
    /* KVM: a hypervisor, not an emulator */
    doc = json_pack("{s:{s:s, s:s, s:s, s:[]}, s:{s:{s:s, s:s}}}", "cpu", "arch", "x86_64", "vendor", "AuthenticAMD",
                    "model_name", "AMD EPYC", "clusters", "health_snapshot", "hypervisor", "vendor", "KVM",
                    "evidence", "cpuid hypervisor bit, leaf 0x40000000 \"KVMKVMKVM\"");
    em = emulation_of(doc);
    CHECK(em && json_is_false(json_object_get(em, "emulated")) &&
          json_array_size(json_object_get(em, "hints")) == 0);
    CHECK(json_string_value(json_object_get(em, "native")) &&
          strstr(json_string_value(json_object_get(em, "native")), "KVMKVMKVM"));
    json_decref(em);
    json_decref(doc);
    /* TCG's hypervisor leaf: positive; a QEMU machine and clock chains 2x apart: hints only */
    doc = json_pack("{s:{s:s, s:s, s:s, s:[]}, s:{s:{s:s, s:s}}}", "cpu", "arch", "x86_64", "vendor", "AuthenticAMD",
                    "model_name", "AMD EPYC", "clusters", "health_snapshot", "hypervisor", "vendor", "QEMU (TCG)",
                    "evidence", "cpuid hypervisor bit, leaf 0x40000000 \"TCGTCGTCGTCG\"");
    em = emulation_of(doc);
    CHECK(em && json_is_true(json_object_get(em, "emulated")));
    json_decref(em);
    json_decref(doc);
    doc = json_pack("{s:{s:s, s:s, s:[{s:f, s:f}]}, s:{s:{s:s, s:s}}}", "cpu", "arch", "aarch64", "vendor", "ARM",
                    "clusters", "measured_mhz", 1608.0, "measured_check_mhz", 744.0, "health_snapshot", "hypervisor",
                    "vendor", "QEMU/KVM (arm virt machine)", "evidence", "device-tree compatible \"linux,dummy-virt\"");
    em = emulation_of(doc);
    CHECK(em && json_is_false(json_object_get(em, "emulated")) &&
          json_array_size(json_object_get(em, "hints")) == 2);
    json_decref(em);
    json_decref(doc);
}

/* qemu-system-arm -M virt -cpu cortex-a15 (tests/vm/test-armhf-vm.sh): a real
 * core's MIDR, so no positive evidence; a QEMU machine (a hint) and AES in
 * table code at 5.2 per MHz against the Cortex-A15 table-code family's 35.84
 * make the CPU verdict emulated-cpu. Without the hint, nothing is claimed. */
static void test_table_code_emulation(void)
{
    platform_aes_figure fig = {.core_name = "Cortex-A15", .mhz = 3143, .kbs_16k = 16489, .claimed_mhz = NAN,
                               .mhz_label = "measured", .arch = "arm", .aes_instructions = "absent"};
    char buf[256];
    for (int hint = 0; hint < 2; hint++) {
        json_t *v = platform_aes_verdict(NULL, &fig);
        json_object_set_new(v, "cluster", json_integer(0));
        json_t *doc = json_pack("{s:{s:s, s:s, s:s, s:[{s:s, s:b}], s:[]}, s:{s:o, s:n}}", "cpu", "arch",
                                "armv7l", "vendor", "ARM", "model_name", "Cortex-A15", "features", "name", "aes",
                                "cpu", 0, "clusters", "aes_score", "scores", json_pack("[o]", v), "reason");
        if (hint)
            json_object_set_new(doc, "health_snapshot",
                                json_pack("{s:{s:s, s:s}}", "hypervisor", "vendor", "QEMU/KVM (arm virt machine)",
                                          "evidence", "device-tree compatible \"linux,dummy-virt\""));
        json_t *vs = platform_verdicts(doc);
        CHECK(vs != NULL);
        CHECK_STR(codes(vs, "cpu", buf, sizeof buf), hint ? "emulated-cpu" : "");
        CHECK(!hint || mentions(vs, "in table code scores 5.2 per MHz, 85% below the Cortex-A15 (32-bit, "
                                    "table code) family (35.84)"));
        CHECK(mentions(vs, "crypto-extensions-absent"));
        json_decref(vs);
        json_decref(doc);
    }
}

/* One verdict of a Cortex-A53 cluster at mhz scoring spm per MHz. */
static json_t *a53(int cluster, double mhz, double spm)
{
    platform_aes_figure fig = {"Cortex-A53", mhz, spm * mhz, NAN, "measured", "aarch64", NULL,
                               NULL, NULL, NULL, NULL, NULL};
    json_t *v = platform_aes_verdict(NULL, &fig);
    json_object_set_new(v, "cluster", json_integer(cluster));
    return v;
}

/* Twins: the same family at clocks within 3% must score within 2.5%. */
static void test_twins(void)
{
    json_t *scores = json_pack("[o, o, o, o]", a53(0, 1800, 467), a53(1, 1810, 466), a53(2, 1790, 452),
                               a53(3, 1400, 440));
    json_object_set_new(json_array_get(scores, 2), "observed", json_pack("[s]", "the temperature rose to 85 °C"));
    CHECK(through_structs(&scores, NULL, NULL) == 0);
    const json_t *t0 = json_object_get(json_array_get(scores, 0), "twins");
    const json_t *t2 = json_object_get(json_array_get(scores, 2), "twins");
    const json_t *t3 = json_object_get(json_array_get(scores, 3), "twins");
    CHECK(json_is_false(json_object_get(t0, "flagged")));
    CHECK(json_is_true(json_object_get(t2, "flagged")));
    CHECK(json_array_size(json_object_get(t2, "clusters")) == 2);
    CHECK(fabs(json_number_value(json_object_get(t2, "reference_score_per_mhz")) - 466.5) < 0.01);
    const char *m = json_string_value(json_object_get(t2, "message"));
    CHECK(m && strstr(m, "cluster 2") && strstr(m, "throttling") && strstr(m, "85 °C"));
    CHECK(t3 == NULL); /* 1400 MHz: no twin */
    /* inside the family's tolerance but 3.1% apart: both of a pair flagged */
    json_t *pair = json_pack("[o, o]", a53(0, 1800, 467), a53(1, 1800, 452.5));
    CHECK(through_structs(&pair, NULL, NULL) == 0);
    CHECK(json_is_true(json_object_get(json_object_get(json_array_get(pair, 0), "twins"), "flagged")));
    CHECK(json_is_true(json_object_get(json_object_get(json_array_get(pair, 1), "twins"), "flagged")));
    json_decref(pair);
    json_decref(scores);
}

/* The driver object named driver in doc's kernel_crypto, or NULL. */
static const json_t *driver_of(const json_t *doc, const char *driver)
{
    size_t i, j;
    const json_t *a, *d;
    json_array_foreach(json_object_get(json_object_get(doc, "kernel_crypto"), "algorithms"), i, a)
        json_array_foreach(json_object_get(a, "drivers"), j, d)
            if (strcmp(json_string_value(json_object_get(d, "driver")), driver) == 0)
                return d;
    return NULL;
}

/* The OMAP and CESA boards under a Linux 7.2 version: AF_ALG is CPU-only,
 * the engines are unreachable from user space and measurable through
 * dm-crypt; under 6.1 the same tree says the engine is selected. */
static void test_engines_7_2(void)
{
    static const struct {
        const char *tree, *engine, *version, *codes, *state;
    } cases[] = {
        {"engines/ti-am335x-omap", "cbc-aes-omap", "7.2.13+deb14-armmp", "engine-unreachable engine-unreachable",
         "restricted"},
        {"engines/marvell-armada388-cesa", "mv-cbc-aes", "7.2.13+deb14-armmp", "engine-unreachable engine-unreachable",
         "restricted"},
        {"engines/ti-am335x-omap", "cbc-aes-omap", "6.1.0-56-armmp", "engine-selected", "present"},
    };
    char buf[256], dir[256];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        cm_error err = {0};
        CHECK(root_with_version(cases[i].tree, cases[i].version, dir, sizeof dir) == 0);
        json_t *doc = cm_detect_document(dir, 0, &err);
        CHECK(doc != NULL);
        remove_root(dir);
        if (!doc)
            continue;
        const json_t *vs = json_object_get(doc, "verdicts");
        const json_t *af = json_object_get(json_object_get(doc, "kernel_crypto"), "af_alg");
        int restricted = strcmp(cases[i].state, "restricted") == 0;
        CHECK_STR(codes(vs, "kernel", buf, sizeof buf), cases[i].codes);
        CHECK_STR(json_string_value(json_object_get(af, "state")), cases[i].state);
        CHECK(json_is_true(json_object_get(af, "cpu_only")) == restricted);
        CHECK(mentions(vs, "AF_ALG cannot reach it") == restricted);
        CHECK(mentions(vs, "measurable through an in-kernel user: dm-crypt") == restricted);
        CHECK(json_is_true(json_object_get(driver_of(doc, cases[i].engine), "af_alg_reachable")) == !restricted);
        CHECK(json_is_true(json_object_get(driver_of(doc, "sha1-neon"), "af_alg_reachable")));
        CHECK(strstr(json_string_value(json_object_get(af, "deprecation")), "iwd") != NULL);
        json_decref(doc);
    }
}

int main(int argc, char **argv)
{
    snprintf(check_src, sizeof check_src, "%s", argc > 1 ? argv[1] : CM_SOURCE_DIR);
    test_recorded_trees();
    test_engines();
    test_engines_7_2();
    test_aes_evidence();
    test_weigh();
    test_emulation();
    test_table_code_emulation();
    test_twins();
    return check_done("test_verdicts");
}
