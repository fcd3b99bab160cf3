/*
 * test_platform_cpu.c — CPU detection (src/platform/cpu.c, features.c):
 * the MIDR table, /proc/cpuinfo parsing in its x86, arm64 and old armhf
 * forms, clusters from cpufreq policies and hybrid core types, and the
 * features read from recorded trees (tests/data/sysroots, recorded under
 * qemu) and hand-written ones (tests/data/platform). Also the
 * CRYPTOMETER_ISA_MASK override on the live CPU.
 *
 * Usage: test_platform_cpu [SOURCE_DIR]   (default: the configured source)
 */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "check.h"
#include "platform/platform.h"

/* The feature called name, or NULL. */
static const platform_feature *feature(const platform_features *fs, const char *name)
{
    for (int i = 0; i < fs->n; i++)
        if (strcmp(fs->f[i].name, name) == 0)
            return &fs->f[i];
    return NULL;
}

/* MIDR table lookups. */
static void test_midr_table(void)
{
    platform_core_id id;
    CHECK(platform_core_lookup(0x41, 0xd08, &id) == 1);
    CHECK(id.name && strcmp(id.name, "Cortex-A72") == 0);
    CHECK(id.vendor && strcmp(id.vendor, "ARM") == 0);
    CHECK(platform_midr_lookup(0x410fd034, &id) == 1 && strcmp(id.name, "Cortex-A53") == 0);
    CHECK(platform_midr_lookup(0x410fd0c1, &id) == 1 && strcmp(id.name, "Neoverse-N1") == 0);
    CHECK(platform_core_lookup(0x41, 0xd4f, &id) == 1 && strcmp(id.name, "Neoverse-V2") == 0);
    CHECK(platform_core_lookup(0x41, 0xd82, &id) == 1 && strcmp(id.name, "Cortex-X4") == 0);
    CHECK(platform_core_lookup(0x51, 0x804, &id) == 1 && strcmp(id.name, "Kryo-4XX-Gold") == 0);
    CHECK(id.based_on && strcmp(id.based_on, "Cortex-A76") == 0);
    CHECK(platform_core_lookup(0x51, 0xc00, &id) == 1 && strcmp(id.name, "Falkor") == 0);
    CHECK(platform_core_lookup(0x51, 0x001, &id) == 1 && strcmp(id.name, "Oryon") == 0);
    CHECK(platform_core_lookup(0x4e, 0x004, &id) == 1 && strcmp(id.name, "Carmel") == 0);
    CHECK(platform_core_lookup(0x4e, 0x003, &id) == 1 && strcmp(id.name, "Denver-2") == 0);
    CHECK(platform_core_lookup(0x43, 0x0af, &id) == 1 && strcmp(id.name, "ThunderX2-99xx") == 0);
    CHECK(platform_core_lookup(0xc0, 0xac3, &id) == 1 && strcmp(id.name, "Ampere-1") == 0);
    CHECK(platform_core_lookup(0x46, 0x001, &id) == 1 && strcmp(id.name, "A64FX") == 0);
    CHECK(platform_core_lookup(0x70, 0x663, &id) == 1 && strcmp(id.name, "FTC663") == 0);
    CHECK(platform_core_lookup(0x61, 0x023, &id) == 1 && strcmp(id.name, "Firestorm-M1") == 0);
    CHECK(strcmp(id.vendor, "Apple") == 0);
    /* known implementer, unknown part; unknown implementer */
    CHECK(platform_core_lookup(0x41, 0xfff, &id) == 0 && id.name == NULL && id.vendor != NULL);
    CHECK(platform_core_lookup(0xee, 0x001, &id) == 0 && id.vendor == NULL);
}

/* The raw data file is well formed: every implementer key and part key is
 * in the documented spelling. */
static void test_midr_table_format(void)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/data/cpu_cores.json", check_src);
    json_error_t e;
    json_t *t = json_load_file(path, 0, &e);
    CHECK(t != NULL);
    json_t *impls = json_object_get(t, "implementers"), *impl, *part;
    const char *k, *pk;
    int bad = 0;
    json_object_foreach(impls, k, impl) {
        if (strlen(k) != 4 || strncmp(k, "0x", 2) != 0 || !json_string_value(json_object_get(impl, "vendor")))
            bad++;
        json_object_foreach(json_object_get(impl, "parts"), pk, part) {
            if (strlen(pk) != 5 || strncmp(pk, "0x", 2) != 0)
                bad++;
            for (const char *c = pk + 2; *c; c++)
                if (!strchr("0123456789abcdef", *c))
                    bad++;
            if (!json_is_string(part) && !json_string_value(json_object_get(part, "name")))
                bad++;
        }
    }
    CHECK(bad == 0);
    json_decref(t);
}

/* /proc/cpuinfo texts of each kind. */
static void test_parse_cpuinfo(void)
{
    platform_cpu *c = platform_cpu_new();
    platform_cpu_parse_cpuinfo("processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Xeon\n"
                               "cpu MHz\t\t: 2000.000\nflags\t\t: fpu lm aes sha_ni\n\n"
                               "processor\t: 1\nvendor_id\t: GenuineIntel\nmodel name\t: Xeon\n"
                               "cpu MHz\t\t: 2100.500\nflags\t\t: fpu lm aes sha_ni\n\n",
                               c);
    CHECK(c->n_cpus == 2 && c->cpu_ids[1] == 1);
    CHECK(strcmp(c->arch, "x86_64") == 0 && strcmp(c->vendor, "GenuineIntel") == 0);
    CHECK(strcmp(c->model_name, "Xeon") == 0);
    CHECK_NEAR(c->mhz[1], 2100.5, 1e-9);
    CHECK(c->flags && strstr(c->flags, "sha_ni"));
    CHECK(c->midr[0] == 0);
    platform_cpu_free(c);

    /* arm64: MIDR composed from the ID fields, architecture field 0xf */
    c = platform_cpu_new();
    platform_cpu_parse_cpuinfo("processor\t: 0\nFeatures\t: fp asimd aes\nCPU implementer\t: 0x41\n"
                               "CPU architecture: 8\nCPU variant\t: 0x1\nCPU part\t: 0xd08\n"
                               "CPU revision\t: 3\n\n",
                               c);
    CHECK(c->n_cpus == 1 && c->midr[0] == 0x411fd083u);
    CHECK(strcmp(c->arch, "aarch64") == 0);
    platform_cpu_free(c);

    /* garbage and empty text: nothing, no crash */
    c = platform_cpu_new();
    platform_cpu_parse_cpuinfo("", c);
    platform_cpu_parse_cpuinfo(":::\n\n\nprocessor : x\nCPU part : \n", c);
    CHECK(c->n_cpus == 0);
    platform_cpu_free(c);
}

/* Recorded qemu trees: core names from the MIDR, features from cpuinfo. */
static void test_recorded_arm64(void)
{
    static const struct {
        const char *tree, *core;
        uint32_t midr;
        int sha512;
    } cases[] = {{"sysroots/arm64-cortex-a72", "Cortex-A72", 0x410fd083u, 0},
                 {"sysroots/arm64-cortex-a53", "Cortex-A53", 0x410fd034u, 0},
                 {"sysroots/arm64-max", "QEMU-max", 0x000f0510u, 1}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        platform_cpu *c = platform_cpu_new();
        platform_features fs;
        CHECK(platform_cpu_read(tree(cases[i].tree), c, NULL) == 0);
        CHECK(strcmp(c->arch, "aarch64") == 0);
        CHECK(c->n_cpus == 4);
        CHECK(strcmp(c->midr_source, "sysfs midr_el1") == 0);
        CHECK(c->n_clusters == 1 && c->clusters[0].n_cpus == 4);
        CHECK(c->clusters[0].midr == cases[i].midr);
        CHECK(strcmp(c->clusters[0].core_name, cases[i].core) == 0);
        CHECK(strcmp(c->model_name, cases[i].core) == 0);
        platform_features_read(tree(cases[i].tree), c, &fs, NULL);
        CHECK(fs.table && strcmp(fs.table, "aarch64") == 0);
        CHECK(strcmp(fs.source, "cpuinfo") == 0);
        static const char *const ce[] = {"aes", "pmull", "sha1", "sha2", "asimd"};
        for (size_t k = 0; k < 5; k++) {
            const platform_feature *f = feature(&fs, ce[k]);
            CHECK(f && f->present && f->cpuinfo == 1);
        }
        CHECK(feature(&fs, "sha512") && feature(&fs, "sha512")->present == cases[i].sha512);
        CHECK(feature(&fs, "sha3") && feature(&fs, "sha3")->present == cases[i].sha512);
        platform_cpu_free(c);
    }
}

/* Recorded x86_64 tree: arch, vendor, features from cpuinfo. */
static void test_recorded_x86(void)
{
    platform_cpu *c = platform_cpu_new();
    platform_features fs;
    platform_cpu_read(tree("sysroots/x86_64-aesni"), c, NULL);
    CHECK(strcmp(c->arch, "x86_64") == 0 && strcmp(c->vendor, "AuthenticAMD") == 0);
    CHECK(c->n_cpus == 2 && c->n_clusters == 1);
    CHECK(c->clusters[0].claimed_mhz > 1990 && c->clusters[0].claimed_mhz < 2010);
    CHECK(c->clusters[0].claimed_source && strcmp(c->clusters[0].claimed_source, "/proc/cpuinfo cpu MHz") == 0);
    platform_features_read(tree("sysroots/x86_64-aesni"), c, &fs, NULL);
    CHECK(strcmp(fs.table, "x86") == 0);
    CHECK(feature(&fs, "aes")->present && feature(&fs, "pclmulqdq")->present);
    CHECK(feature(&fs, "vaes")->present && feature(&fs, "avx2")->present);
    CHECK(!feature(&fs, "sha_ni")->present && !feature(&fs, "avx512f")->present);
    platform_cpu_free(c);
}

/* Hand-written trees: policies, hybrids, old armhf, empty root. */
static void test_written_trees(void)
{
    char cpus[64];
    platform_cpu *c = platform_cpu_new();
    platform_cpu_read(tree("platform/biglittle"), c, NULL);
    CHECK(c->n_cpus == 6 && c->n_clusters == 2);
    CHECK(strcmp(c->cluster_source, "cpufreq policy") == 0);
    CHECK(strcmp(platform_cluster_cpus(&c->clusters[0], cpus, sizeof cpus), "0-3") == 0);
    CHECK(strcmp(platform_cluster_cpus(&c->clusters[1], cpus, sizeof cpus), "4-5") == 0);
    CHECK(strcmp(c->clusters[0].core_name, "Cortex-A53") == 0);
    CHECK(strcmp(c->clusters[1].core_name, "Cortex-A72") == 0);
    CHECK_NEAR(c->clusters[0].freq_max_mhz, 1416, 1e-9);
    CHECK_NEAR(c->clusters[1].freq_min_mhz, 408, 1e-9);
    CHECK_NEAR(c->clusters[1].freq_cur_mhz, 1200, 1e-9);
    CHECK_NEAR(c->clusters[1].claimed_mhz, 1800, 1e-9);
    CHECK(strcmp(c->clusters[1].claimed_source, "cpufreq max") == 0);
    CHECK(strcmp(c->clusters[1].governor, "schedutil") == 0);
    CHECK(strcmp(c->clusters[1].policy, "policy4") == 0);
    CHECK(strcmp(c->board, "Pine64 RockPro64 v2.1") == 0);
    CHECK(strcmp(c->midr_source, "/proc/cpuinfo") == 0);
    CHECK(strcmp(c->model_name, "Cortex-A53 + Cortex-A72") == 0);
    platform_cpu_free(c);

    c = platform_cpu_new();
    platform_cpu_read(tree("platform/x86-hybrid"), c, NULL);
    CHECK(c->hybrid == 1 && c->n_clusters == 2);
    CHECK(strcmp(c->cluster_source, "core type") == 0);
    CHECK(strcmp(c->clusters[0].core_name, "P-core") == 0);
    CHECK(strcmp(c->clusters[1].core_name, "E-core") == 0);
    CHECK_NEAR(c->clusters[0].freq_max_mhz, 5000, 1e-9); /* widest of the per-CPU policies */
    CHECK_NEAR(c->clusters[1].freq_max_mhz, 3700, 1e-9);
    CHECK(strcmp(c->clusters[0].governor, "powersave") == 0);
    CHECK(strcmp(c->board, "LENOVO 21HF") == 0);
    platform_cpu_free(c);

    c = platform_cpu_new();
    platform_features fs;
    platform_cpu_read(tree("platform/armhf-old"), c, NULL);
    CHECK(c->n_cpus == 2 && strcmp(c->arch, "arm") == 0);
    CHECK(c->midr[0] == 0x410fc075u && c->midr[1] == 0x410fc075u);
    CHECK(strcmp(c->clusters[0].core_name, "Cortex-A7") == 0);
    CHECK(strcmp(c->model_name, "ARMv7 Processor rev 5 (v7l)") == 0);
    CHECK(strcmp(c->board, "Allwinner sun7i (A20) Family") == 0);
    platform_features_read(tree("platform/armhf-old"), c, &fs, NULL);
    CHECK(strcmp(fs.table, "arm") == 0);
    CHECK(feature(&fs, "neon")->present && !feature(&fs, "aes")->present);
    platform_cpu_free(c);

    /* RISC-V: extensions from the ISA string, versions dropped */
    c = platform_cpu_new();
    platform_cpu_read(tree("platform/riscv"), c, NULL);
    CHECK(c->n_cpus == 2 && strcmp(c->arch, "riscv64") == 0);
    CHECK(strcmp(c->model_name, "sifive,u74-mc") == 0);
    platform_features_read(tree("platform/riscv"), c, &fs, NULL);
    CHECK(fs.table && strcmp(fs.table, "riscv") == 0);
    CHECK(feature(&fs, "zbkb") && feature(&fs, "zbkb")->present);
    CHECK(feature(&fs, "zvkned") && feature(&fs, "zvkned")->present);
    CHECK(feature(&fs, "zvknhb") && feature(&fs, "zvknhb")->present);
    CHECK(feature(&fs, "zvknha") && !feature(&fs, "zvknha")->present);
    CHECK(feature(&fs, "zkne") && !feature(&fs, "zkne")->present);
    platform_cpu_free(c);

    /* A root with nothing in it: empty answers, no crash. */
    c = platform_cpu_new();
    CHECK(platform_cpu_read(tree("platform/no-such-tree"), c, NULL) == 0);
    CHECK(c->n_cpus == 0);
    platform_features_read(tree("platform/no-such-tree"), c, &fs, NULL);
    CHECK(fs.n == 0);
    platform_cpu_free(c);
}

/* Checks that each comma-separated feature of list is (want=1) or is not
 * (want=0) present in fs. */
static void expect_features(const platform_features *fs, const char *list, int want)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        const platform_feature *f = feature(fs, tok);
        if (!f || f->present != want)
            fprintf(stderr, "  feature %s: expected %s\n", tok, want ? "present" : "absent");
        CHECK(f && f->present == want);
    }
}

/* The live CPU and the mask override. Where the CPU is known (qemu-aarch64
 * -cpu cortex-a53 in the VM tests), CRYPTOMETER_TEST_EXPECT_PRESENT and
 * CRYPTOMETER_TEST_EXPECT_ABSENT list the features its hwcaps must show. */
static void test_live_and_mask(void)
{
    platform_cpu *c = platform_cpu_new();
    platform_features fs;
    platform_cpu_read(NULL, c, NULL);
    CHECK(c->n_cpus >= 1 && c->n_clusters >= 1);
    unsetenv("CRYPTOMETER_ISA_MASK");
    platform_features_read(NULL, c, &fs, NULL);
    if (getenv("CRYPTOMETER_TEST_EXPECT_PRESENT"))
        expect_features(&fs, getenv("CRYPTOMETER_TEST_EXPECT_PRESENT"), 1);
    if (getenv("CRYPTOMETER_TEST_EXPECT_ABSENT"))
        expect_features(&fs, getenv("CRYPTOMETER_TEST_EXPECT_ABSENT"), 0);
#if defined(__x86_64__) || defined(__aarch64__)
    CHECK(fs.n > 0);
    const char *aes_name = "aes";
    const platform_feature *aes = feature(&fs, aes_name);
    CHECK(aes != NULL);
    int had_aes = aes && aes->present;
    /* mask by name and by label, case and dash insensitive */
    setenv("CRYPTOMETER_ISA_MASK", "AES,Sha-Ni, nosuchfeature", 1);
    platform_features_read(NULL, c, &fs, NULL);
    aes = feature(&fs, aes_name);
    CHECK(aes && aes->masked == 1 && aes->present == 0 && aes->cpu == had_aes);
    CHECK(strstr(fs.mask_unknown, "nosuchfeature") != NULL);
    /* the disagreement list never reports a masked feature as a mismatch */
    char msg[512];
    for (int i = 0; i < fs.n; i++)
        if (platform_feature_disagreement(&fs.f[i], msg, sizeof msg))
            CHECK(strcmp(fs.f[i].name, "aes") != 0);
    unsetenv("CRYPTOMETER_ISA_MASK");
#endif
    platform_cpu_free(c);
}

/* The bit positions typed into data/cpu_features.json agree with the
 * system headers of the architecture this test is built for. */
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
static void test_table_bits(void)
{
    static const struct {
        const char *name, *reg;
        unsigned leaf, mask;
    } ref[] = {
        {"aes", "ecx", 1, bit_AES},           {"pclmulqdq", "ecx", 1, bit_PCLMUL},
        {"ssse3", "ecx", 1, bit_SSSE3},       {"sse4_1", "ecx", 1, bit_SSE4_1},
        {"avx", "ecx", 1, bit_AVX},           {"rdrand", "ecx", 1, bit_RDRND},
        {"sha_ni", "ebx", 7, bit_SHA},        {"avx2", "ebx", 7, bit_AVX2},
        {"bmi2", "ebx", 7, bit_BMI2},         {"adx", "ebx", 7, bit_ADX},
        {"rdseed", "ebx", 7, bit_RDSEED},     {"avx512f", "ebx", 7, bit_AVX512F},
        {"avx512dq", "ebx", 7, bit_AVX512DQ}, {"avx512bw", "ebx", 7, bit_AVX512BW},
        {"avx512vl", "ebx", 7, bit_AVX512VL}, {"avx512ifma", "ebx", 7, bit_AVX512IFMA},
        {"avx512vbmi", "ecx", 7, bit_AVX512VBMI}, {"avx512_vbmi2", "ecx", 7, bit_AVX512VBMI2},
        {"gfni", "ecx", 7, bit_GFNI},         {"vaes", "ecx", 7, bit_VAES},
        {"vpclmulqdq", "ecx", 7, bit_VPCLMULQDQ},
    };
    char path[2200];
    snprintf(path, sizeof path, "%s/data/cpu_features.json", check_src);
    json_t *t = json_load_file(path, 0, NULL);
    json_t *list = json_object_get(t, "x86"), *e;
    size_t i;
    size_t matched = 0;
    json_array_foreach(list, i, e) {
        const char *name = json_string_value(json_object_get(e, "name"));
        json_t *c = json_object_get(e, "cpuid");
        for (size_t k = 0; k < sizeof ref / sizeof *ref; k++) {
            if (strcmp(name, ref[k].name) != 0)
                continue;
            matched++;
            CHECK((unsigned)json_integer_value(json_array_get(c, 0)) == ref[k].leaf);
            CHECK(strcmp(json_string_value(json_array_get(c, 2)), ref[k].reg) == 0);
            CHECK((1u << json_integer_value(json_array_get(c, 3))) == ref[k].mask);
        }
    }
    CHECK(matched == sizeof ref / sizeof *ref);
    json_decref(t);
}
#elif defined(__aarch64__) && defined(__linux__)
#include <asm/hwcap.h>
static void test_table_bits(void)
{
    static const struct {
        const char *name, *word;
        unsigned long mask;
    } ref[] = {
        {"aes", "AT_HWCAP", HWCAP_AES},       {"pmull", "AT_HWCAP", HWCAP_PMULL},
        {"sha1", "AT_HWCAP", HWCAP_SHA1},     {"sha2", "AT_HWCAP", HWCAP_SHA2},
        {"sha512", "AT_HWCAP", HWCAP_SHA512}, {"sha3", "AT_HWCAP", HWCAP_SHA3},
        {"sm3", "AT_HWCAP", HWCAP_SM3},       {"sm4", "AT_HWCAP", HWCAP_SM4},
        {"asimd", "AT_HWCAP", HWCAP_ASIMD},   {"crc32", "AT_HWCAP", HWCAP_CRC32},
        {"sve", "AT_HWCAP", HWCAP_SVE},       {"rng", "AT_HWCAP2", HWCAP2_RNG},
        {"sve2", "AT_HWCAP2", HWCAP2_SVE2},   {"sveaes", "AT_HWCAP2", HWCAP2_SVEAES},
        {"svepmull", "AT_HWCAP2", HWCAP2_SVEPMULL}, {"svesha3", "AT_HWCAP2", HWCAP2_SVESHA3},
        {"svesm4", "AT_HWCAP2", HWCAP2_SVESM4},
    };
    char path[2200];
    snprintf(path, sizeof path, "%s/data/cpu_features.json", check_src);
    json_t *t = json_load_file(path, 0, NULL);
    json_t *list = json_object_get(t, "aarch64"), *e;
    size_t i, matched = 0;
    json_array_foreach(list, i, e) {
        const char *name = json_string_value(json_object_get(e, "name"));
        for (size_t k = 0; k < sizeof ref / sizeof *ref; k++) {
            if (strcmp(name, ref[k].name) != 0)
                continue;
            matched++;
            CHECK(strcmp(json_string_value(json_object_get(e, "hwcap")), ref[k].word) == 0);
            CHECK((1ul << json_integer_value(json_object_get(e, "bit"))) == ref[k].mask);
        }
    }
    CHECK(matched == sizeof ref / sizeof *ref);
    json_decref(t);
}
#else
static void test_table_bits(void)
{
}
#endif

int main(int argc, char **argv)
{
    snprintf(check_src, sizeof check_src, "%s", argc > 1 ? argv[1] : CM_SOURCE_DIR);
    test_midr_table();
    test_midr_table_format();
    test_parse_cpuinfo();
    test_recorded_arm64();
    test_recorded_x86();
    test_written_trees();
    test_live_and_mask();
    test_table_bits();
    return check_done("test_platform_cpu");
}
