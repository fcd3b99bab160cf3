/*
 * kat_builtin.c — our own vector format, "cryptometer-kat-v1", used for the
 * NIST examples that have no Wycheproof file (vectors/nist/fips180.json,
 * vectors/nist/sp800-38a-ctr.json; format in vectors/README.md):
 *
 *   {"format": "cryptometer-kat-v1", "source": [...], "tests": [
 *      {"id", "algorithm", "comment", ...fields of the algorithm's class}]}
 *
 *   hash:   "msg" (hex) or "msg_ascii" (text) with optional "repeat"
 *           (the text repeated that many times, e.g. one million 'a');
 *           "digest" (hex)
 *   cipher: "key", "iv", "pt", "ct" (hex); both directions are checked
 *
 * Only entries whose "algorithm" is the algorithm under test are run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "core/kat.h"
#include "core/kat_internal.h"

#define MAX_REPEAT 100000000LL /* bounds the memory a hash message may take */

/* The message of a hash entry into *msg (allocated, never NULL), *len.
 * Returns 0 or -1 with why. */
static int hash_message(const json_t *test, uint8_t **msg, size_t *len, char *why, size_t why_len)
{
    const json_t *ascii = json_object_get(test, "msg_ascii");
    if (!ascii)
        return kat_hex_field(test, "msg", msg, len, why, why_len);
    if (!json_is_string(ascii)) {
        snprintf(why, why_len, "\"msg_ascii\" is not a string");
        return -1;
    }
    long long repeat = 1;
    const json_t *r = json_object_get(test, "repeat");
    if (r) {
        if (!json_is_integer(r) || json_integer_value(r) < 0 ||
            json_integer_value(r) > MAX_REPEAT) {
            snprintf(why, why_len, "\"repeat\" is not an integer in 0..%lld", MAX_REPEAT);
            return -1;
        }
        repeat = json_integer_value(r);
    }
    size_t unit = json_string_length(ascii);
    if (unit && (size_t)repeat > ((size_t)1 << 30) / unit) {
        snprintf(why, why_len, "message of %zu x %lld bytes is too long", unit, repeat);
        return -1;
    }
    *len = unit * (size_t)repeat;
    *msg = malloc(*len + 1);
    if (!*msg) {
        snprintf(why, why_len, "out of memory for a %zu-byte message", *len);
        return -1;
    }
    for (long long i = 0; i < repeat; i++)
        memcpy(*msg + (size_t)i * unit, json_string_value(ascii), unit);
    return 0;
}

/* Records whether out equals want; returns 1 if it does. */
static int same(cm_kat_report *rep, const char *label, const char *what,
                const uint8_t *out, const uint8_t *want, size_t len)
{
    size_t at = kat_diff_at(out, want, len);
    if (at == len)
        return 1;
    kat_fail(rep, "%s: %s differs from the expected at byte %zu of %zu (0x%02x, expected 0x%02x)",
             label, what, at, len, out[at], want[at]);
    return 0;
}

/* One hash entry. Returns 0, or -1 with why when the entry is malformed. */
static int hash_case(const cm_hash_vtable *vt, const cm_algorithm *alg, const json_t *test,
                     const char *label, cm_kat_report *rep, char *why, size_t why_len)
{
    uint8_t *msg = NULL, *digest = NULL, *out = NULL;
    size_t msg_len = 0, digest_len = 0;
    int ret = -1;
    if (hash_message(test, &msg, &msg_len, why, why_len) != 0 ||
        kat_hex_field(test, "digest", &digest, &digest_len, why, why_len) != 0)
        goto done;
    if (digest_len != alg->out_len) {
        snprintf(why, why_len, "digest is %zu bytes, %s gives %zu", digest_len, alg->name,
                 alg->out_len);
        goto done;
    }
    ret = 0;
    out = malloc(alg->out_len);
    void *st = NULL;
    int rc = out ? vt->create(&st) : CM_ERR_NOMEM;
    if (rc != CM_OK) {
        kat_fail(rep, "%s: create returned %s", label, kat_rc_name(rc));
        goto done;
    }
    rc = vt->digest(st, msg, msg_len, out);
    vt->destroy(st);
    if (rc != CM_OK)
        kat_fail(rep, "%s: digest returned %s", label, kat_rc_name(rc));
    else if (same(rep, label, "digest", out, digest, alg->out_len))
        kat_pass(rep);
done:
    free(msg);
    free(digest);
    free(out);
    return ret;
}

/* One cipher entry (encrypt pt -> ct, decrypt ct -> pt). Returns 0, or -1
 * with why when the entry is malformed. */
static int cipher_case(const cm_cipher_vtable *vt, const cm_algorithm *alg, const json_t *test,
                       const char *label, cm_kat_report *rep, char *why, size_t why_len)
{
    uint8_t *key = NULL, *iv = NULL, *pt = NULL, *ct = NULL, *out = NULL;
    size_t key_len, iv_len, pt_len, ct_len;
    int ret = -1;
    if (kat_hex_field(test, "key", &key, &key_len, why, why_len) ||
        kat_hex_field(test, "iv", &iv, &iv_len, why, why_len) ||
        kat_hex_field(test, "pt", &pt, &pt_len, why, why_len) ||
        kat_hex_field(test, "ct", &ct, &ct_len, why, why_len))
        goto done;
    if (key_len != alg->key_len || iv_len != alg->iv_len || pt_len != ct_len ||
        pt_len % alg->block_len) {
        snprintf(why, why_len, "lengths (key %zu, iv %zu, pt %zu, ct %zu) do not fit %s", key_len,
                 iv_len, pt_len, ct_len, alg->name);
        goto done;
    }
    ret = 0;
    void *st = NULL;
    out = malloc(pt_len + 1);
    int rc = out ? vt->create(&st, key, key_len) : CM_ERR_NOMEM;
    if (rc == CM_ERR_UNSUPPORTED) {
        kat_skip(rep, "%s: create with a %zu-byte key returned CM_ERR_UNSUPPORTED", label, key_len);
        goto done;
    }
    if (rc != CM_OK) {
        kat_fail(rep, "%s: create returned %s", label, kat_rc_name(rc));
        goto done;
    }
    rc = vt->encrypt(st, iv, pt, out, pt_len);
    if (rc != CM_OK)
        kat_fail(rep, "%s: encrypt returned %s", label, kat_rc_name(rc));
    else if (same(rep, label, "encrypt: ciphertext", out, ct, ct_len)) {
        rc = vt->decrypt(st, iv, ct, out, ct_len);
        if (rc != CM_OK)
            kat_fail(rep, "%s: decrypt returned %s", label, kat_rc_name(rc));
        else if (same(rep, label, "decrypt: plaintext", out, pt, pt_len))
            kat_pass(rep);
    }
    vt->destroy(st);
done:
    free(key);
    free(iv);
    free(pt);
    free(ct);
    free(out);
    return ret;
}

/* Sets *tests to the "tests" array of doc; -1 with err when doc is not a
 * cryptometer-kat-v1 document. */
static int check_format(json_t *doc, const char *source, json_t **tests, cm_error *err)
{
    const json_t *format = json_object_get(doc, "format");
    *tests = json_object_get(doc, "tests");
    if (!json_is_string(format) || strcmp(json_string_value(format), "cryptometer-kat-v1") != 0 ||
        !json_is_array(*tests))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: not a cryptometer-kat-v1 file "
                            "(\"format\" and a \"tests\" array)", source);
    return 0;
}

/* See kat_internal.h. */
int kat_builtin_scan(json_t *doc, const char *source, cm_kat_file_info *info, cm_error *err)
{
    json_t *tests, *test;
    size_t i;
    memset(info, 0, sizeof *info);
    if (check_format(doc, source, &tests, err) != 0)
        return -1;
    json_array_foreach(tests, i, test) {
        const char *name = json_string_value(json_object_get(test, "algorithm"));
        if (!json_is_object(test) || !name || !json_is_integer(json_object_get(test, "id")))
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: tests[%zu] is not an object with "
                                "\"algorithm\" and an integer \"id\"", source, i);
        const cm_algorithm *alg = cm_algorithm_find(name);
        char why[192];
        size_t k = 0;
        if (alg) {
            while (k < info->n_algs && info->algs[k] != alg)
                k++;
            if (k == info->n_algs && k < CM_KAT_FILE_MAX_ALGS) {
                info->algs[info->n_algs++] = alg;
            } else if (k == info->n_algs) {
                snprintf(why, sizeof why, "%s: more algorithms in one file than %d", name,
                         CM_KAT_FILE_MAX_ALGS);
                alg = NULL;
            }
        } else {
            snprintf(why, sizeof why, "algorithm \"%s\": not in this build", name);
        }
        if (alg) {
            info->cases++;
            info->alg_cases[k]++;
        } else {
            info->cases_left_out++;
            cm_kat_file_add_gap(info, why, 1);
        }
    }
    return 0;
}

/* See kat_internal.h: runs the entries of doc whose "algorithm" is alg. */
int kat_builtin_run(json_t *doc, const char *source, const cm_impl *impl,
                    const cm_algorithm *alg, cm_kat_report *rep, cm_error *err)
{
    json_t *tests;
    if (check_format(doc, source, &tests, err) != 0)
        return -1;
    if (alg->cls != CM_CLASS_HASH && alg->cls != CM_CLASS_CIPHER)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: cryptometer-kat-v1 has no %s entries",
                            source, cm_class_name(alg->cls));
    int run = 0;
    size_t i;
    json_t *test;
    json_array_foreach(tests, i, test) {
        const char *name = json_string_value(json_object_get(test, "algorithm"));
        const json_t *id = json_object_get(test, "id");
        const char *comment = json_string_value(json_object_get(test, "comment"));
        if (!json_is_object(test) || !name || !json_is_integer(id))
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: tests[%zu] is not an object with "
                                "\"algorithm\" and an integer \"id\"", source, i);
        if (strcmp(name, alg->name) != 0)
            continue;
        char label[192], why[160];
        snprintf(label, sizeof label, "%s id %lld (\"%s\")", source,
                 (long long)json_integer_value(id), comment ? comment : "");
        kat_progress("%s id %lld", source, (long long)json_integer_value(id));
        int rc = alg->cls == CM_CLASS_HASH
                     ? hash_case(impl->vtable, alg, test, label, rep, why, sizeof why)
                     : cipher_case(impl->vtable, alg, test, label, rep, why, sizeof why);
        if (rc != 0)
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: tests[%zu] (id %lld): %s", source,
                                i, (long long)json_integer_value(id), why);
        run++;
    }
    kat_settle_vectors(rep);
    return run;
}
