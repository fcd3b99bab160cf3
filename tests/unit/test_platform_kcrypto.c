/*
 * test_platform_kcrypto.c — the kernel crypto inventory
 * (src/platform/kcrypto.c): /proc/crypto parsing on recorded trees, the
 * kernel's selection rule, the driver classification table, and the
 * kernel_crypto object under a sysroot (AF_ALG not probed, /dev from
 * dev.txt, hwrng).
 *
 * Usage: test_platform_kcrypto [SOURCE_DIR]
 */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "check.h"
#include "platform/platform.h"
#include "platform/sysroot.h"

/* The selected driver of name in the parsed entries, or NULL. */
static const platform_kdriver *selected(const platform_kdriver *d, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (d[i].selected && strcmp(d[i].name, name) == 0)
            return &d[i];
    return NULL;
}

/* Parses and selects /proc/crypto of a tree. */
static platform_kdriver *load(const char *rel, size_t *n)
{
    char *text = pf_read_text(tree(rel), "/proc/crypto", NULL);
    CHECK(text != NULL);
    platform_kdriver *d = text ? platform_kcrypto_parse(text, n) : NULL;
    free(text);
    platform_kcrypto_select(d, *n);
    return d;
}

/* Recorded trees: what the kernel picks and how it is classified. */
static void test_recorded(void)
{
    size_t n;
    platform_kdriver *d = load("sysroots/arm64-max", &n);
    CHECK(n > 20);
    const platform_kdriver *s = selected(d, n, "cbc(aes)");
    CHECK(s && strcmp(s->driver, "cbc-aes-ce") == 0);
    CHECK(s && s->priority == 300 && strcmp(s->module, "aes_ce_blk") == 0);
    CHECK(s && strcmp(s->klass, "cpu-instructions") == 0);
    s = selected(d, n, "sha256");
    CHECK(s && strcmp(s->driver, "sha256-ce") == 0);
    s = selected(d, n, "sha512");
    CHECK(s && strcmp(s->driver, "sha512-ce") == 0);
    s = selected(d, n, "gcm(aes)");
    CHECK(s && strcmp(s->driver, "gcm-aes-ce") == 0);
    free(d);

    /* cortex-a72: sha512-ce did not load, the scalar arm64 code is chosen */
    d = load("sysroots/arm64-cortex-a72", &n);
    s = selected(d, n, "cbc(aes)");
    CHECK(s && strcmp(s->driver, "cbc-aes-ce") == 0);
    s = selected(d, n, "sha512");
    CHECK(s && strcmp(s->driver, "sha512-arm64") == 0 && strcmp(s->klass, "software") == 0);
    free(d);

    d = load("sysroots/x86_64-aesni", &n);
    static const char *const names[] = {"cbc(aes)", "ctr(aes)", "xts(aes)", "gcm(aes)", "ecb(aes)", "aes"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        s = selected(d, n, names[i]);
        CHECK(s && strstr(s->driver, "aesni") && strcmp(s->klass, "cpu-instructions") == 0);
    }
    s = selected(d, n, "cbc(aes)");
    CHECK(s && strcmp(s->driver, "cbc-aes-aesni") == 0 && strcmp(s->module, "aesni_intel") == 0);
    s = selected(d, n, "sha256");
    CHECK(s && strcmp(s->driver, "sha256-avx2") == 0);
    /* internal helpers (__cbc-aes-aesni, cryptd(...)) are never selected */
    for (size_t i = 0; i < n; i++)
        if (d[i].internal)
            CHECK(!d[i].selected);
    free(d);
}

/* The selection rule on synthetic entries. */
static void test_selection_rule(void)
{
    const char *text =
        "name : cbc(aes)\ndriver : first-300\nmodule : m\npriority : 300\nselftest : passed\n"
        "internal : no\ntype : skcipher\n\n"
        "name : cbc(aes)\ndriver : second-300\nmodule : m\npriority : 300\nselftest : passed\n"
        "internal : no\ntype : skcipher\n\n"
        "name : cbc(aes)\ndriver : untested-900\nmodule : m\npriority : 900\nselftest : unknown\n"
        "internal : no\ntype : skcipher\n\n"
        "name : cbc(aes)\ndriver : internal-800\nmodule : m\npriority : 800\nselftest : passed\n"
        "internal : yes\ntype : skcipher\n\n"
        "name : cbc(aes)\ndriver : lsk-101\nmodule : kernel\npriority : 101\nselftest : passed\n"
        "internal : no\ntype : lskcipher\n\n"
        "name : sha256\ndriver : ahash-50\nmodule : m\npriority : 50\nselftest : passed\n"
        "internal : no\ntype : ahash\n\n"
        "name : sha256\ndriver : shash-60\nmodule : m\npriority : 60\nselftest : passed\n"
        "internal : no\ntype : shash\n\n"
        "name : old\ndriver : no-selftest-line\nmodule : m\npriority : 1\ntype : cipher\n\n"
        "name : only-untested\ndriver : x\nmodule : m\npriority : 1\nselftest : unknown\ntype : cipher\n";
    size_t n;
    platform_kdriver *d = platform_kcrypto_parse(text, &n);
    CHECK(n == 9);
    platform_kcrypto_select(d, n);
    const platform_kdriver *s = selected(d, n, "cbc(aes)");
    /* tie at 300: the first listed (most recently registered) wins; the
     * untested and internal entries are out; lskcipher is the same family */
    CHECK(s && strcmp(s->driver, "first-300") == 0);
    int count = 0;
    for (size_t i = 0; i < n; i++)
        count += d[i].selected && strcmp(d[i].name, "cbc(aes)") == 0;
    CHECK(count == 1);
    s = selected(d, n, "sha256");
    CHECK(s && strcmp(s->driver, "shash-60") == 0); /* shash and ahash compete */
    CHECK(selected(d, n, "old") != NULL);
    CHECK(selected(d, n, "only-untested") == NULL);
    free(d);

    CHECK(platform_kcrypto_parse("", &n) == NULL && n == 0);
    CHECK(platform_kcrypto_parse("garbage\n\n:\n", &n) == NULL && n == 0);
}

/* The classification table. */
static void test_classification(void)
{
    static const struct {
        const char *driver, *module, *klass;
    } cases[] = {
        {"cbc-aes-aesni", "aesni_intel", "cpu-instructions"},
        {"__cbc-aes-aesni", "aesni_intel", "cpu-instructions"},
        {"cryptd(__xts-aes-aesni)", "cryptd", "cpu-instructions"},
        {"xts-aes-vaes-avx2", "aesni_intel", "cpu-instructions"},
        {"sha256-ni", "sha256_ssse3", "cpu-instructions"},
        {"sha256-avx2", "sha256_ssse3", "cpu-instructions"},
        {"sha1-ssse3", "sha1_ssse3", "cpu-instructions"},
        {"ghash-clmulni", "ghash_clmulni_intel", "cpu-instructions"},
        {"crc32c-intel", "crc32c_intel", "cpu-instructions"},
        {"chacha20-simd", "chacha_x86_64", "cpu-instructions"},
        {"cbc-aes-ce", "aes_ce_blk", "cpu-instructions"},
        {"sha256-ce", "sha2_ce", "cpu-instructions"},
        {"ghash-ce", "ghash_ce", "cpu-instructions"},
        {"ctr-aes-neonbs", "aes_neon_bs", "cpu-instructions"},
        {"sha256-arm64-neon", "sha256_arm64", "cpu-instructions"},
        {"chacha20-neon", "chacha_neon", "cpu-instructions"},
        {"cbc-aes-sun8i-ce", "sun8i_ce", "hardware-engine"},
        {"sha256-sun8i-ce", "sun8i_ce", "hardware-engine"},
        {"cbc-aes-sun4i-ss", "sun4i_ss", "hardware-engine"},
        {"cbc-aes-omap", "omap_aes_driver", "hardware-engine"},
        {"omap-sha256", "omap_sham", "hardware-engine"},
        {"mv-cbc-aes", "marvell_cesa", "hardware-engine"},
        {"cbc-aes-rk", "rk_crypto", "hardware-engine"},
        {"rk-sha256", "rk_crypto", "hardware-engine"},
        {"cbc-aes-caam", "caamalg", "hardware-engine"},
        {"qat_aes_cbc", "intel_qat", "hardware-engine"},
        {"cbc-aes-ccp", "ccp_crypto", "hardware-engine"},
        {"atmel-cbc-aes", "atmel_aes", "hardware-engine"},
        {"stm32-cbc-aes", "stm32_cryp", "hardware-engine"},
        {"safexcel-cbc-aes", "crypto_safexcel", "hardware-engine"},
        {"virtio_crypto_aes_cbc", "virtio_crypto", "hardware-engine"},
        {"aes-generic", "kernel", "software"},
        {"aes-fixed-time", "kernel", "software"},
        {"sha512-arm64", "sha512_arm64", "software"},
        {"aes-arm64", "aes_arm64", "software"},
        {"des3_ede-asm", "des3_ede_x86_64", "software"},
        {"drbg_nopr_hmac_sha256", "kernel", "software"},
        {"jitterentropy_rng", "kernel", "software"},
        {"sha256-lib", "kernel", "library"},
        {"crc32c-lib", "kernel", "library"},
        {"cbc(ecb(aes-fixed-time))", "kernel", "software"},
        {"cbc(aes-generic)", "kernel", "software"},
        {"gcm_base(ctr(aes-aesni),ghash-clmulni)", "kernel", "cpu-instructions"},
        {"gcm_base(ctr-aes-ce,ghash-generic)", "kernel", "cpu-instructions"},
        {"authenc(hmac(sha256-generic),cbc-aes-caam)", "kernel", "hardware-engine"},
        {"some-new-thing", "x", "unknown"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const char *what = NULL;
        const char *k = platform_kdriver_class(cases[i].driver, cases[i].module, &what);
        if (strcmp(k, cases[i].klass) != 0)
            fprintf(stderr, "  %s: got %s, expected %s\n", cases[i].driver, k, cases[i].klass);
        CHECK(strcmp(k, cases[i].klass) == 0);
        if (strcmp(cases[i].klass, "unknown") != 0)
            CHECK(what != NULL);
    }
}

/* The kernel_crypto object of recorded and written trees. */
static void test_kernel_crypto_json(void)
{
    json_t *kc = platform_kernel_crypto(tree("sysroots/arm64-max"), NULL);
    CHECK(json_is_true(json_object_get(kc, "proc_crypto")));
    json_t *af = json_object_get(kc, "af_alg");
    CHECK(json_is_null(json_object_get(af, "available")));
    CHECK(strcmp(json_string_value(json_object_get(af, "reason")), "not probed (--sysroot)") == 0);
    CHECK(json_is_false(json_object_get(kc, "dev_crypto"))); /* from dev.txt */
    json_t *rng = json_object_get(kc, "hwrng");
    CHECK(strcmp(json_string_value(json_object_get(rng, "current")), "virtio_rng.0") == 0);
    CHECK(json_array_size(json_object_get(rng, "available")) == 1);
    CHECK(json_is_true(json_object_get(rng, "dev_hwrng")));
    /* cbc(aes): one algorithm entry, drivers sorted by priority, one selected */
    size_t i;
    json_t *a, *found = NULL;
    json_array_foreach(json_object_get(kc, "algorithms"), i, a)
        if (strcmp(json_string_value(json_object_get(a, "name")), "cbc(aes)") == 0) {
            CHECK(found == NULL);
            found = a;
        }
    CHECK(found && strcmp(json_string_value(json_object_get(found, "selected")), "cbc-aes-ce") == 0);
    json_t *d0 = json_array_get(json_object_get(found, "drivers"), 0);
    CHECK(json_is_true(json_object_get(d0, "selected")));
    CHECK(strcmp(json_string_value(json_object_get(d0, "class")), "cpu-instructions") == 0);
    json_decref(kc);

    /* The written big.LITTLE tree: an engine wins a tie by being first. */
    kc = platform_kernel_crypto(tree("platform/biglittle"), NULL);
    json_array_foreach(json_object_get(kc, "algorithms"), i, a) {
        const char *name = json_string_value(json_object_get(a, "name"));
        const char *sel = json_string_value(json_object_get(a, "selected"));
        if (strcmp(name, "cbc(aes)") == 0)
            CHECK(sel && strcmp(sel, "cbc-aes-rk") == 0);
        if (strcmp(name, "sha256") == 0)
            CHECK(sel && strcmp(sel, "rk-sha256") == 0);
    }
    CHECK(strcmp(json_string_value(json_object_get(json_object_get(kc, "hwrng"), "current")), "rockchip") == 0);
    json_decref(kc);

    /* A root without /proc/crypto. */
    kc = platform_kernel_crypto(tree("platform/armhf-old"), NULL);
    CHECK(json_is_false(json_object_get(kc, "proc_crypto")));
    CHECK(json_array_size(json_object_get(kc, "algorithms")) == 0);
    CHECK(json_is_null(json_object_get(kc, "dev_crypto")));
    json_decref(kc);
}

/* Lines of any length come whole: pf_next_line itself, and /proc/crypto
 * lines of over 600 characters whose key or value lies past the point where
 * a fixed buffer would have cut them. */
static void test_long_lines(void)
{
    /* pf_next_line: empty lines, a 10000-character line, no final '\n' */
    char *text = malloc(10100);
    CHECK(text != NULL);
    if (!text)
        return;
    size_t off = (size_t)sprintf(text, "a\n\n");
    memset(text + off, 'y', 10000);
    off += 10000;
    sprintf(text + off, "\nlast");
    const char *p = text;
    char *line = NULL;
    size_t cap = 0;
    CHECK(pf_next_line(&p, &line, &cap) == 1 && strcmp(line, "a") == 0);
    CHECK(pf_next_line(&p, &line, &cap) == 1 && line[0] == '\0');
    CHECK(pf_next_line(&p, &line, &cap) == 1 && strlen(line) == 10000 && line[9999] == 'y');
    CHECK(pf_next_line(&p, &line, &cap) == 1 && strcmp(line, "last") == 0);
    CHECK(pf_next_line(&p, &line, &cap) == 0 && p == NULL);
    CHECK(pf_next_line(&p, &line, &cap) == 0);
    free(line);
    free(text);

    /* /proc/crypto: a key padded past 600 characters, a 700-character
     * driver name, a value after 700 characters of padding */
    char key_pad[700], val_pad[700], driver[700];
    memset(key_pad, ' ', sizeof key_pad - 1);
    key_pad[sizeof key_pad - 1] = '\0';
    memcpy(val_pad, key_pad, sizeof val_pad);
    memset(driver, 'x', sizeof driver - 1);
    memcpy(driver, "cbc-aes-", 8);
    driver[sizeof driver - 1] = '\0';
    size_t len = 4096;
    char *crypto = malloc(len);
    CHECK(crypto != NULL);
    if (!crypto)
        return;
    int w = snprintf(crypto, len,
                     "name%s: cbc(aes)\ndriver       : %s\nmodule       : aes_ce_blk\n"
                     "priority     :%s300\nselftest     : passed\ninternal     : no\n"
                     "type         : skcipher\n\n"
                     "name         : sha256\ndriver       : sha256-ce\nmodule       : kernel\n"
                     "priority     : 200\nselftest     : passed\ntype         : shash\n",
                     key_pad, driver, val_pad);
    CHECK(w > 0 && (size_t)w < len && strlen(key_pad) + 4 > 600 && strlen(driver) + 15 > 600);
    size_t n;
    platform_kdriver *d = platform_kcrypto_parse(crypto, &n);
    free(crypto);
    CHECK(d && n == 2);
    if (d && n == 2) {
        CHECK(strcmp(d[0].name, "cbc(aes)") == 0);
        /* the field keeps what fits; the line itself was read to its end */
        CHECK(strlen(d[0].driver) == sizeof d[0].driver - 1 &&
              strncmp(d[0].driver, driver, sizeof d[0].driver - 1) == 0);
        CHECK(d[0].priority == 300);
        CHECK(strcmp(d[0].module, "aes_ce_blk") == 0 && strcmp(d[0].type, "skcipher") == 0);
        CHECK(strcmp(d[0].selftest, "passed") == 0 && !d[0].internal);
        CHECK(strcmp(d[1].name, "sha256") == 0 && d[1].priority == 200 && strcmp(d[1].type, "shash") == 0);
    }
    free(d);
}

/* The live AF_ALG probe answers with a reason when it fails. */
static void test_af_alg_live(void)
{
    platform_af_alg probed;
    CHECK(platform_af_alg_probe(&probed) == 0);
    json_t *af = platform_af_alg_to_json(&probed);
    platform_af_alg_clear(&probed);
    CHECK(json_is_boolean(json_object_get(af, "available")));
    if (json_is_false(json_object_get(af, "available"))) {
        const char *r = json_string_value(json_object_get(af, "reason"));
        CHECK(r && strlen(r) > 20);
        CHECK(json_string_value(json_object_get(af, "errno")) != NULL);
    }
    json_decref(af);
}

/* Priorities that are not integers are refused (priority -1, flagged),
 * never read as 0 or INT_MAX; an absurd CPU list is refused, not cut. */
static void test_absurd_values(void)
{
    static const char *const bad[] = {"nan", "abc", "1e308", "99999999999999999999", "-5"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char text[256];
        size_t n;
        snprintf(text, sizeof text, "name : cbc(aes)\ndriver : d\nmodule : m\npriority : %s\n",
                 bad[i]);
        platform_kdriver *d = platform_kcrypto_parse(text, &n);
        CHECK(d && n == 1 && d[0].priority == -1 && d[0].priority_bad);
        free(d);
    }
    size_t n;
    platform_kdriver *d = platform_kcrypto_parse("name : x\ndriver : d\npriority : 300\n", &n);
    CHECK(d && n == 1 && d[0].priority == 300 && !d[0].priority_bad);
    free(d);
    int cpus[8];
    CHECK(pf_parse_cpulist("0-99999", cpus, 8) == -1);
    CHECK(pf_parse_cpulist("0-7", cpus, 8) == 8);
}

int main(int argc, char **argv)
{
    test_absurd_values();
    snprintf(check_src, sizeof check_src, "%s", argc > 1 ? argv[1] : CM_SOURCE_DIR);
    test_recorded();
    test_selection_rule();
    test_long_lines();
    test_classification();
    test_kernel_crypto_json();
    test_af_alg_live();
    return check_done("test_platform_kcrypto");
}
