/*
 * test_kernel_crypto_json.c — the kernel_crypto struct and its one JSON
 * file (src/platform/kernel_crypto_json.c): what the kernel's crypto reads
 * (recorded roots and the live kernel) written and read back is the same
 * document, key for key and in order; a missing or null part reads as
 * absent; a value of the wrong type is refused with its path.
 *
 * Usage: test_kernel_crypto_json [SOURCE_DIR]
 */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "check.h"
#include "platform/kcrypto.h"
#include "platform/kernel_crypto.h"

/* The document's text (keys in the order written). */
static char *dump(const json_t *o)
{
    return json_dumps(o, JSON_COMPACT);
}

/* kernel_crypto of root (NULL: the live kernel) written, read back and
 * written again gives the same text. */
static void check_round_trip(const char *root)
{
    json_t *a = platform_kernel_crypto(root, NULL);
    CHECK(a != NULL);
    platform_kcrypto kc;
    cm_error err = {0};
    CHECK(platform_kcrypto_from_json(a, &kc, &err) == 0);
    json_t *b = platform_kcrypto_to_json(&kc);
    char *ta = dump(a), *tb = dump(b);
    CHECK(ta && tb && strcmp(ta, tb) == 0);
    if (ta && tb && strcmp(ta, tb) != 0)
        fprintf(stderr, "  %s: written %.200s\n  read back %.200s\n", root ? root : "live", ta, tb);
    free(ta);
    free(tb);
    json_decref(a);
    json_decref(b);
    platform_kcrypto_free(&kc);
}

static void test_round_trips(void)
{
    static const char *const roots[] = {
        "sysroots/arm64-cortex-a53", "sysroots/arm64-cortex-a72", "sysroots/arm64-max", "sysroots/x86_64-aesni",
        "engines/allwinner-h6-sun8i-ce", "engines/marvell-armada388-cesa", "engines/ti-am335x-omap",
        "platform/biglittle", "platform/armhf-old"};
    for (size_t i = 0; i < sizeof roots / sizeof *roots; i++)
        check_round_trip(tree(roots[i]));
    check_round_trip(NULL);
}

/* Every optional key a live kernel writes (errno, types with a reason,
 * cpu_only, splice, quality, what, af_alg_why), in the order written: read
 * and written again, the same text. */
static void test_every_key(void)
{
    static const char doc[] =
        "{\"proc_crypto\": true, \"algorithms\": [{\"name\": \"cbc(aes)\", \"selected\": \"cbc-aes-aesni\", "
        "\"drivers\": [{\"driver\": \"cbc-aes-aesni\", \"module\": \"aesni_intel\", \"priority\": 400, "
        "\"type\": \"skcipher\", \"selftest\": \"passed\", \"class\": \"cpu-instructions\", \"internal\": false, "
        "\"async\": false, \"selected\": true, \"what\": \"AES-NI\", \"af_alg_reachable\": false, "
        "\"af_alg_why\": \"AF_ALG here: blocked\", \"af_alg_cpu_only_excludes\": false}]}], "
        "\"af_alg\": {\"available\": false, \"reason\": \"bind failed\", \"errno\": \"ENOENT\", "
        "\"types\": {\"hash\": {\"algorithm\": \"sha256\", \"available\": true}, \"skcipher\": {\"algorithm\": "
        "\"cbc(aes)\", \"available\": false, \"reason\": \"ENOENT\"}, \"aead\": {\"algorithm\": \"gcm(aes)\", "
        "\"available\": true}}, \"state\": \"restricted\", \"cpu_only\": true, \"splice\": \"copies\", "
        "\"kernel_release\": \"7.2.1\", \"evidence\": [\"a\", \"b\"], \"deprecation\": \"d\"}, "
        "\"dev_crypto\": false, \"hwrng\": {\"current\": \"virtio_rng.0\", \"available\": [\"virtio_rng.0\", "
        "\"tpm-rng\"], \"sysfs\": true, \"dev_hwrng\": true, \"quality\": 1000}}";
    json_t *a = json_loads(doc, 0, NULL);
    platform_kcrypto kc;
    CHECK(a && platform_kcrypto_from_json(a, &kc, NULL) == 0);
    CHECK(kc.af_alg.n_types == 3 && strcmp(kc.af_alg.types[1].name, "skcipher") == 0);
    CHECK(kc.af_alg.cpu_only == 1 && kc.hwrng.has_quality && kc.hwrng.quality == 1000);
    json_t *b = platform_kcrypto_to_json(&kc);
    char *ta = dump(a), *tb = dump(b);
    CHECK(ta && tb && strcmp(ta, tb) == 0);
    free(ta);
    free(tb);
    json_decref(a);
    json_decref(b);
    platform_kcrypto_free(&kc);
}

/* The struct read from a document (text); the error message in why. */
static int read_doc(const char *text, platform_kcrypto *kc, char *why, size_t len)
{
    json_t *o = json_loads(text, JSON_DECODE_ANY, NULL);
    cm_error err = {0};
    int rc = platform_kcrypto_from_json(o, kc, &err);
    snprintf(why, len, "%s", rc ? err.msg : "");
    json_decref(o);
    return rc;
}

/* Missing and null parts read as absent: false, unknown, empty. */
static void test_absent(void)
{
    static const char all_null[] = "{\"algorithms\": null, \"af_alg\": null, \"hwrng\": null, "
                                   "\"dev_crypto\": null, \"proc_crypto\": null}";
    static const char *const docs[] = {"null", "{}", all_null};
    char why[512];
    for (size_t i = 0; i < sizeof docs / sizeof *docs; i++) {
        platform_kcrypto kc;
        CHECK(read_doc(docs[i], &kc, why, sizeof why) == 0);
        CHECK(!kc.proc_crypto && kc.n_algorithms == 0 && kc.dev_crypto == -1);
        CHECK(kc.af_alg.available == -1 && kc.af_alg.cpu_only == -1 && !kc.af_alg.state && !kc.af_alg.has_types);
        CHECK(!kc.hwrng.current && kc.hwrng.n_available == 0 && kc.hwrng.dev_hwrng == -1);
        platform_kcrypto_free(&kc);
    }
    /* a driver with only some keys: the rest absent */
    platform_kcrypto kc;
    CHECK(read_doc("{\"algorithms\": [{\"name\": \"cbc(aes)\", \"drivers\": [{\"driver\": \"d\", \"priority\": null}]}]}",
                   &kc, why, sizeof why) == 0);
    CHECK(kc.n_algorithms == 1 && kc.algorithms[0].n_drivers == 1 && !kc.algorithms[0].selected);
    const platform_kc_driver *d = &kc.algorithms[0].drivers[0];
    CHECK(strcmp(d->driver, "d") == 0 && !d->has_priority && d->async == -1 && !d->klass && !d->selected);
    platform_kcrypto_free(&kc);
}

/* A value of the wrong type: refused, its path named, nothing kept. */
static void test_wrong_types(void)
{
    static const struct {
        const char *doc, *message;
    } cases[] = {
        {"5", "kernel_crypto is an integer, not an object"},
        {"{\"proc_crypto\": \"yes\"}", "kernel_crypto.proc_crypto is a string, not a boolean"},
        {"{\"algorithms\": {}}", "kernel_crypto.algorithms is an object, not an array"},
        {"{\"algorithms\": [3]}", "kernel_crypto.algorithms[0] is an integer, not an object"},
        {"{\"algorithms\": [{\"drivers\": []}]}", "kernel_crypto.algorithms[0].name is missing"},
        {"{\"algorithms\": [{\"name\": \"a\", \"drivers\": [{\"priority\": \"300\"}]}]}",
         "kernel_crypto.algorithms[0].drivers[0].priority is a string, not an integer"},
        {"{\"algorithms\": [{\"name\": \"a\", \"drivers\": [{\"internal\": 1}]}]}",
         "kernel_crypto.algorithms[0].drivers[0].internal is an integer, not a boolean"},
        {"{\"af_alg\": {\"evidence\": [\"x\", 2]}}", "kernel_crypto.af_alg.evidence[1] is an integer, not a string"},
        {"{\"af_alg\": {\"types\": {\"hash\": true}}}", "kernel_crypto.af_alg.types.hash is a boolean, not an object"},
        {"{\"hwrng\": {\"quality\": 1.5}}", "kernel_crypto.hwrng.quality is a number, not an integer"},
        {"{\"hwrng\": []}", "kernel_crypto.hwrng is an array, not an object"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        platform_kcrypto kc;
        char why[512];
        CHECK(read_doc(cases[i].doc, &kc, why, sizeof why) == -1);
        CHECK_CONTAINS(why, cases[i].message);
        CHECK(kc.n_algorithms == 0 && !kc.algorithms && !kc.af_alg.evidence);
    }
}

int main(int argc, char **argv)
{
    snprintf(check_src, sizeof check_src, "%s", argc > 1 ? argv[1] : CM_SOURCE_DIR);
    test_round_trips();
    test_every_key();
    test_absent();
    test_wrong_types();
    return check_done("test_kernel_crypto_json");
}
