/*
 * kat_wycheproof.c — Project Wycheproof documents (see kat.h and
 * vectors/README.md): which of our algorithms a test group tests, the
 * structure check of a whole document, and the cases themselves, class by
 * class:
 *
 *   IndCpaTest (AES-CBC-PKCS5): our cipher interface is raw CBC, so the
 *     harness pads (PKCS#7) before encrypting and checks and strips the
 *     padding after decrypting. A valid case must encrypt to ct and decrypt
 *     back to msg; an invalid case (bad padding) must be rejected after
 *     decryption.
 *   AeadTest (AES-GCM, CHACHA20-POLY1305): a valid case must seal to ct and
 *     tag and open back to msg; an invalid case must not open (CM_ERR_AUTH,
 *     or CM_ERR_INVALID / CM_ERR_UNSUPPORTED for parameters refused).
 *   MacTest (HMACSHA256): the tag, truncated to the group's tagSize, must
 *     match for a valid case and must not for an invalid one.
 *
 * A valid case the implementation declines (CM_ERR_UNSUPPORTED) is counted
 * as skipped. An "acceptable" case passes whatever the implementation
 * decides, as long as what it accepts decrypts correctly and nothing
 * crashes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "core/kat.h"
#include "core/kat_internal.h"

/* ---- from Wycheproof names to our algorithms -------------------------------- */

/* One Wycheproof "algorithm" this build knows. Groups map either to the
 * algorithm of family `family` whose key is keySize bits, or to the one
 * algorithm called `algorithm` (HMAC keys are any length, and HMACSHA1
 * and HMACSHA256 are different algorithms of the same family). */
static const struct wp_kind {
    const char *name;       /* the document's "algorithm" */
    const char *group_type; /* the groups' "type" */
    cm_class cls;
    const char *family;     /* match by family and key size, or */
    const char *algorithm;  /* match this algorithm (NULL: use family) */
} wp_kinds[] = {
    {"AES-CBC-PKCS5", "IndCpaTest", CM_CLASS_CIPHER, "aes-cbc", NULL},
    {"AES-GCM", "AeadTest", CM_CLASS_AEAD, "aes-gcm", NULL},
    {"CHACHA20-POLY1305", "AeadTest", CM_CLASS_AEAD, "chacha20-poly1305", NULL},
    {"HMACSHA1", "MacTest", CM_CLASS_MAC, NULL, "hmac-sha1"},
    {"HMACSHA224", "MacTest", CM_CLASS_MAC, NULL, "hmac-sha224"},
    {"HMACSHA256", "MacTest", CM_CLASS_MAC, NULL, "hmac-sha256"},
    {"HMACSHA384", "MacTest", CM_CLASS_MAC, NULL, "hmac-sha384"},
    {"HMACSHA512", "MacTest", CM_CLASS_MAC, NULL, "hmac-sha512"},
};
#define N_KINDS (sizeof wp_kinds / sizeof wp_kinds[0])

/* 1 if this build has at least one algorithm that kind k maps to. */
static int kind_runnable(const struct wp_kind *k)
{
    if (k->algorithm)
        return cm_algorithm_find(k->algorithm) != NULL;
    size_t n;
    const cm_algorithm *all = cm_algorithm_all(&n);
    for (size_t i = 0; i < n; i++)
        if (strcmp(all[i].family, k->family) == 0 && all[i].cls == k->cls)
            return 1;
    return 0;
}

/* Writes "AES-CBC-PKCS5, AES-GCM, ..." (the kinds this build runs). */
static void runnable_kinds(char *out, size_t out_len)
{
    size_t used = 0;
    out[0] = '\0';
    for (size_t i = 0; i < N_KINDS && used < out_len; i++)
        if (kind_runnable(&wp_kinds[i])) {
            int n = snprintf(out + used, out_len - used, "%s%s", used ? ", " : "",
                             wp_kinds[i].name);
            used += n > 0 ? (size_t)n : 0;
        }
}

/* The entry for a Wycheproof "algorithm", or NULL. */
static const struct wp_kind *find_kind(const char *name)
{
    for (size_t i = 0; i < N_KINDS; i++)
        if (strcmp(wp_kinds[i].name, name) == 0)
            return &wp_kinds[i];
    return NULL;
}

/* The integer member key of group into *out: 1 found, 0 absent, -1 not an
 * integer. */
static int group_int(const json_t *group, const char *key, long long *out)
{
    const json_t *v = json_object_get(group, key);
    if (!v)
        return 0;
    if (!json_is_integer(v))
        return -1;
    *out = json_integer_value(v);
    return 1;
}

/* The name the algorithm of family family and class cls with a key of
 * bits bits would have, from one of this build that shows its key size in
 * its name ("aes-192-gcm" from "aes-128-gcm"); "" when none does. */
static void sibling_name(const char *family, cm_class cls, long long bits, char *out,
                         size_t out_len)
{
    size_t n;
    const cm_algorithm *all = cm_algorithm_all(&n);
    out[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        char own[24];
        if (all[i].cls != cls || strcmp(all[i].family, family) != 0 || all[i].key_len == 0)
            continue;
        snprintf(own, sizeof own, "%zu", all[i].key_len * 8);
        const char *at = strstr(all[i].name, own);
        if (at) {
            snprintf(out, out_len, "%.*s%lld%s", (int)(at - all[i].name), all[i].name, bits,
                     at + strlen(own));
            return;
        }
    }
}

/* See kat.h. */
const cm_algorithm *cm_kat_wycheproof_algorithm(const char *wp_algorithm,
                                                const json_t *group,
                                                char *why, size_t why_len)
{
    const struct wp_kind *k = find_kind(wp_algorithm);
    if (!k || !kind_runnable(k)) {
        char known[160];
        runnable_kinds(known, sizeof known);
        if (k)
            snprintf(why, why_len, "Wycheproof algorithm \"%s\" is %s, which this build "
                     "does not measure (it runs %s)", wp_algorithm,
                     k->algorithm ? k->algorithm : k->family, known);
        else
            snprintf(why, why_len, "Wycheproof algorithm \"%s\" is not one this build "
                     "runs (it runs %s)", wp_algorithm, known);
        return NULL;
    }
    const char *type = json_string_value(json_object_get(group, "type"));
    if (type && strcmp(type, k->group_type) != 0) {
        snprintf(why, why_len, "type \"%s\": %s groups are of type \"%s\"", type, k->name,
                 k->group_type);
        return NULL;
    }
    if (k->algorithm)
        return cm_algorithm_find(k->algorithm);

    long long key_bits = 0, iv_bits = 0;
    if (group_int(group, "keySize", &key_bits) != 1) {
        snprintf(why, why_len, "no integer keySize: %s groups need one", k->name);
        return NULL;
    }
    int has_iv = group_int(group, "ivSize", &iv_bits);
    size_t n;
    const cm_algorithm *all = cm_algorithm_all(&n);
    for (size_t i = 0; i < n; i++) {
        const cm_algorithm *a = &all[i];
        if (a->cls != k->cls || strcmp(a->family, k->family) != 0 ||
            (long long)a->key_len * 8 != key_bits)
            continue;
        /* A cipher's IV is part of the algorithm; AEAD nonces of any size
         * are Wycheproof parameters the implementation may refuse. */
        if (a->cls == CM_CLASS_CIPHER && has_iv == 1 && (long long)a->iv_len * 8 != iv_bits) {
            snprintf(why, why_len, "ivSize %lld: %s takes a %zu-bit IV", iv_bits, a->name,
                     a->iv_len * 8);
            return NULL;
        }
        return a;
    }
    char name[64];
    sibling_name(k->family, k->cls, key_bits, name, sizeof name);
    if (name[0])
        snprintf(why, why_len, "keySize %lld: no %s implementation in this build", key_bits, name);
    else
        snprintf(why, why_len, "keySize %lld: no %s with a %lld-bit key in this build", key_bits,
                 k->family, key_bits);
    return NULL;
}

/* ---- one test group, one test case ------------------------------------------ */

enum wp_result { WP_VALID, WP_INVALID, WP_ACCEPTABLE };
static const char *const result_names[] = {"valid", "invalid", "acceptable"};

/* Parameters of a group that apply to every case. */
typedef struct wp_group {
    size_t tag_len;          /* bytes: the group's tagSize, or the full tag */
    long long key_bits;      /* keySize, or -1 */
    long long iv_bits;       /* ivSize, or -1 */
} wp_group;

/* One decoded test case; buffers are NULL when the class has no such field. */
typedef struct wp_case {
    long long tc_id;
    const char *comment;
    const json_t *flags;
    enum wp_result result;
    uint8_t *key, *iv, *aad, *msg, *ct, *tag;
    size_t key_len, iv_len, aad_len, msg_len, ct_len, tag_len;
} wp_case;

/* Frees the decoded buffers of c and clears it. */
static void case_free(wp_case *c)
{
    free(c->key);
    free(c->iv);
    free(c->aad);
    free(c->msg);
    free(c->ct);
    free(c->tag);
    memset(c, 0, sizeof *c);
}

/* Reads the group parameters for algorithm alg. Returns 0 or -1 with why. */
static int group_parse(const json_t *group, const cm_algorithm *alg, wp_group *g,
                       char *why, size_t why_len)
{
    long long tag_bits = 0;
    g->key_bits = g->iv_bits = -1;
    g->tag_len = alg->out_len;
    if (group_int(group, "keySize", &g->key_bits) < 0 ||
        group_int(group, "ivSize", &g->iv_bits) < 0) {
        snprintf(why, why_len, "keySize or ivSize is not an integer");
        return -1;
    }
    int has_tag = group_int(group, "tagSize", &tag_bits);
    if (has_tag < 0) {
        snprintf(why, why_len, "tagSize is not an integer");
        return -1;
    }
    if (has_tag && alg->cls != CM_CLASS_CIPHER) {
        if (tag_bits <= 0 || tag_bits % 8 || (size_t)tag_bits > alg->out_len * 8) {
            snprintf(why, why_len, "tagSize %lld does not fit %s (whole bytes, at most %zu bits)",
                     tag_bits, alg->name, alg->out_len * 8);
            return -1;
        }
        g->tag_len = (size_t)tag_bits / 8;
    }
    return 0;
}

/* Decodes one case for alg. Returns 0, or -1 with why. */
static int case_parse(const json_t *test, const cm_algorithm *alg, const wp_group *g,
                      wp_case *c, char *why, size_t why_len)
{
    memset(c, 0, sizeof *c);
    c->tc_id = -1;
    if (!json_is_object(test)) {
        snprintf(why, why_len, "not a JSON object");
        return -1;
    }
    const json_t *id = json_object_get(test, "tcId");
    if (!json_is_integer(id)) {
        snprintf(why, why_len, "no integer \"tcId\"");
        return -1;
    }
    c->tc_id = json_integer_value(id);
    const json_t *comment = json_object_get(test, "comment");
    if (comment && !json_is_string(comment)) {
        snprintf(why, why_len, "\"comment\" is not a string");
        return -1;
    }
    c->comment = comment ? json_string_value(comment) : "";
    c->flags = json_object_get(test, "flags");
    if (c->flags && !json_is_array(c->flags)) {
        snprintf(why, why_len, "\"flags\" is not an array");
        return -1;
    }
    const char *result = json_string_value(json_object_get(test, "result"));
    if (!result) {
        snprintf(why, why_len, "no string \"result\"");
        return -1;
    }
    if (strcmp(result, "valid") == 0)
        c->result = WP_VALID;
    else if (strcmp(result, "invalid") == 0)
        c->result = WP_INVALID;
    else if (strcmp(result, "acceptable") == 0)
        c->result = WP_ACCEPTABLE;
    else {
        snprintf(why, why_len, "\"result\" is \"%s\" (not valid, invalid or acceptable)", result);
        return -1;
    }

    int bad = kat_hex_field(test, "key", &c->key, &c->key_len, why, why_len) ||
              kat_hex_field(test, "msg", &c->msg, &c->msg_len, why, why_len);
    if (!bad && alg->cls == CM_CLASS_CIPHER)
        bad = kat_hex_field(test, "iv", &c->iv, &c->iv_len, why, why_len) ||
              kat_hex_field(test, "ct", &c->ct, &c->ct_len, why, why_len);
    if (!bad && alg->cls == CM_CLASS_AEAD)
        bad = kat_hex_field(test, "iv", &c->iv, &c->iv_len, why, why_len) ||
              kat_hex_field(test, "aad", &c->aad, &c->aad_len, why, why_len) ||
              kat_hex_field(test, "ct", &c->ct, &c->ct_len, why, why_len) ||
              kat_hex_field(test, "tag", &c->tag, &c->tag_len, why, why_len);
    if (!bad && alg->cls == CM_CLASS_MAC)
        bad = kat_hex_field(test, "tag", &c->tag, &c->tag_len, why, why_len);
    if (bad)
        return -1;

    /* Lengths the group promises. */
    if (g->key_bits >= 0 && (long long)c->key_len * 8 != g->key_bits) {
        snprintf(why, why_len, "key is %zu bytes, the group's keySize is %lld bits", c->key_len,
                 g->key_bits);
        return -1;
    }
    if (alg->cls != CM_CLASS_MAC && alg->cls != CM_CLASS_HASH && g->iv_bits >= 0 &&
        (long long)c->iv_len * 8 != g->iv_bits) {
        snprintf(why, why_len, "iv is %zu bytes, the group's ivSize is %lld bits", c->iv_len,
                 g->iv_bits);
        return -1;
    }
    if (alg->cls == CM_CLASS_CIPHER && c->iv_len != alg->iv_len) {
        snprintf(why, why_len, "iv is %zu bytes, %s takes %zu", c->iv_len, alg->name, alg->iv_len);
        return -1;
    }
    if (alg->cls == CM_CLASS_AEAD && c->result == WP_VALID &&
        (c->ct_len != c->msg_len || c->tag_len != g->tag_len)) {
        snprintf(why, why_len, "valid case with ct of %zu bytes for msg of %zu, or tag of %zu "
                 "bytes for tagSize %zu bits", c->ct_len, c->msg_len, c->tag_len, g->tag_len * 8);
        return -1;
    }
    return 0;
}

/* "wycheproof/aes_gcm_test.json tcId 17 (invalid, ModifiedTag, "comment")" */
static void case_label(const char *source, const wp_case *c, char *out, size_t out_len)
{
    char flags[96] = "";
    size_t i, used = 0;
    const json_t *f;
    if (c->flags)
        json_array_foreach(c->flags, i, f) {
            const char *s = json_string_value(f);
            if (s && used < sizeof flags) {
                int n = snprintf(flags + used, sizeof flags - used, "%s%s", used ? " " : "", s);
                used += n > 0 ? (size_t)n : 0;
            }
        }
    snprintf(out, out_len, "%s tcId %lld (%s%s%s%s%s%s)", source, c->tc_id,
             result_names[c->result], flags[0] ? ", " : "", flags,
             c->comment[0] ? ", \"" : "", c->comment, c->comment[0] ? "\"" : "");
}

/* Records the outcome "out differs from want" (or a length difference) of
 * step what; returns 1 if they are the same. */
static int same(cm_kat_report *rep, const char *label, const char *what,
                const uint8_t *out, size_t out_len, const uint8_t *want, size_t want_len)
{
    if (out_len != want_len) {
        kat_fail(rep, "%s: %s is %zu bytes, expected %zu", label, what, out_len, want_len);
        return 0;
    }
    size_t at = kat_diff_at(out, want, out_len);
    if (at == out_len)
        return 1;
    kat_fail(rep, "%s: %s differs from the expected at byte %zu of %zu (0x%02x, expected 0x%02x)",
             label, what, at, out_len, out[at], want[at]);
    return 0;
}

/* Length of the message inside a PKCS#7-padded buffer, or -1 when the
 * padding is wrong (empty, not whole blocks, pad byte out of 1..block or
 * pad bytes that differ). */
static long pkcs7_unpad(const uint8_t *buf, size_t len, size_t block)
{
    if (len == 0 || len % block)
        return -1;
    size_t pad = buf[len - 1];
    if (pad == 0 || pad > block)
        return -1;
    for (size_t i = len - pad; i < len; i++)
        if (buf[i] != pad)
            return -1;
    return (long)(len - pad);
}

/* One IndCpaTest case with the key already set in st. */
static void cipher_case(const cm_cipher_vtable *vt, void *st, const cm_algorithm *alg,
                        const wp_case *c, const char *label, cm_kat_report *rep)
{
    size_t bl = alg->block_len;
    size_t plen = (c->msg_len / bl + 1) * bl;
    uint8_t *padded = malloc(plen), *enc = malloc(plen), *dec = malloc(c->ct_len + 1);
    if (!padded || !enc || !dec) {
        kat_fail(rep, "%s: out of memory", label);
        goto done;
    }
    if (c->result == WP_VALID) {
        memcpy(padded, c->msg, c->msg_len);
        memset(padded + c->msg_len, (int)(plen - c->msg_len), plen - c->msg_len);
        int rc = vt->encrypt(st, c->iv, padded, enc, plen);
        if (rc == CM_ERR_UNSUPPORTED) {
            kat_skip(rep, "%s: encrypt returned CM_ERR_UNSUPPORTED", label);
            goto done;
        }
        if (rc != CM_OK) {
            kat_fail(rep, "%s: encrypt returned %s", label, kat_rc_name(rc));
            goto done;
        }
        if (!same(rep, label, "encrypt: ciphertext (PKCS#7-padded)", enc, plen, c->ct, c->ct_len))
            goto done;
    }
    /* A PKCS#7 layer refuses a ciphertext of partial blocks before
     * decrypting; raw CBC must not be called with one. */
    int rejected = c->ct_len % bl != 0;
    long msg_len = -1;
    if (!rejected) {
        int rc = vt->decrypt(st, c->iv, c->ct, dec, c->ct_len);
        if (rc != CM_OK && c->result == WP_VALID) {
            if (rc == CM_ERR_UNSUPPORTED)
                kat_skip(rep, "%s: decrypt returned CM_ERR_UNSUPPORTED", label);
            else
                kat_fail(rep, "%s: decrypt returned %s", label, kat_rc_name(rc));
            goto done;
        }
        msg_len = rc == CM_OK ? pkcs7_unpad(dec, c->ct_len, bl) : -1;
        rejected = msg_len < 0;
    }
    if (c->result == WP_VALID) {
        if (rejected)
            kat_fail(rep, "%s: decrypt: the PKCS#7 padding check failed on the decrypted text", label);
        else if (same(rep, label, "decrypt: plaintext", dec, (size_t)msg_len, c->msg, c->msg_len))
            kat_pass(rep);
    } else if (c->result == WP_INVALID && !rejected) {
        kat_fail(rep, "%s: accepted: decrypted to a correctly padded %ld-byte message, but the "
                 "ciphertext has bad padding (the decryption is wrong)", label, msg_len);
    } else {
        kat_pass(rep);
    }
done:
    free(padded);
    free(enc);
    free(dec);
}

/* One AeadTest case with the key already set in st. */
static void aead_case(const cm_aead_vtable *vt, void *st, const wp_group *g,
                      const wp_case *c, const char *label, cm_kat_report *rep)
{
    uint8_t *out = malloc(c->msg_len + c->ct_len + 1), *tag = malloc(g->tag_len + 1);
    if (!out || !tag) {
        kat_fail(rep, "%s: out of memory", label);
        goto done;
    }
    if (c->result == WP_VALID) {
        int rc = vt->seal(st, c->iv, c->iv_len, c->aad, c->aad_len, c->msg, c->msg_len, out,
                          tag, g->tag_len);
        if (rc == CM_ERR_UNSUPPORTED) {
            kat_skip(rep, "%s: seal returned CM_ERR_UNSUPPORTED", label);
            goto done;
        }
        if (rc != CM_OK) {
            kat_fail(rep, "%s: seal returned %s", label, kat_rc_name(rc));
            goto done;
        }
        if (!same(rep, label, "seal: ciphertext", out, c->msg_len, c->ct, c->ct_len) ||
            !same(rep, label, "seal: tag", tag, g->tag_len, c->tag, c->tag_len))
            goto done;
    }
    /* A tag of another length than the group's tagSize never opens: the
     * caller of an AEAD chooses the tag length, not the attacker. */
    if (c->tag_len != g->tag_len) {
        if (c->result == WP_VALID)
            kat_fail(rep, "%s: tag of %zu bytes for tagSize %zu bits", label, c->tag_len,
                     g->tag_len * 8);
        else
            kat_pass(rep);
        goto done;
    }
    int rc = vt->open(st, c->iv, c->iv_len, c->aad, c->aad_len, c->ct, c->ct_len, out,
                      c->tag, c->tag_len);
    switch (c->result) {
    case WP_VALID:
        if (rc == CM_ERR_UNSUPPORTED)
            kat_skip(rep, "%s: open returned CM_ERR_UNSUPPORTED", label);
        else if (rc != CM_OK)
            kat_fail(rep, "%s: open returned %s", label, kat_rc_name(rc));
        else if (same(rep, label, "open: plaintext", out, c->ct_len, c->msg, c->msg_len))
            kat_pass(rep);
        break;
    case WP_INVALID:
        if (rc == CM_OK)
            kat_fail(rep, "%s: open accepted an invalid case (returned CM_OK)", label);
        else if (rc == CM_ERR_AUTH || rc == CM_ERR_INVALID || rc == CM_ERR_UNSUPPORTED)
            kat_pass(rep);
        else
            kat_fail(rep, "%s: open returned %s, expected CM_ERR_AUTH (or CM_ERR_INVALID, "
                     "CM_ERR_UNSUPPORTED)", label, kat_rc_name(rc));
        break;
    case WP_ACCEPTABLE:
        if (rc != CM_OK || c->ct_len != c->msg_len ||
            same(rep, label, "open: plaintext", out, c->ct_len, c->msg, c->msg_len))
            kat_pass(rep);
        break;
    }
done:
    free(out);
    free(tag);
}

/* One MacTest case with the key already set in st. */
static void mac_case(const cm_mac_vtable *vt, void *st, const cm_algorithm *alg,
                     const wp_group *g, const wp_case *c, const char *label,
                     cm_kat_report *rep)
{
    uint8_t *out = malloc(alg->out_len);
    if (!out) {
        kat_fail(rep, "%s: out of memory", label);
        return;
    }
    int rc = vt->mac(st, c->msg, c->msg_len, out);
    if (rc == CM_ERR_UNSUPPORTED) {
        kat_skip(rep, "%s: mac returned CM_ERR_UNSUPPORTED", label);
    } else if (rc != CM_OK) {
        kat_fail(rep, "%s: mac returned %s", label, kat_rc_name(rc));
    } else if (c->result == WP_VALID) {
        if (same(rep, label, g->tag_len < alg->out_len ? "mac: truncated tag" : "mac: tag", out,
                 g->tag_len, c->tag, c->tag_len))
            kat_pass(rep);
    } else {
        int matches = c->tag_len == g->tag_len && memcmp(out, c->tag, g->tag_len) == 0;
        if (matches && c->result == WP_INVALID)
            kat_fail(rep, "%s: the computed tag matches a tag that must not verify", label);
        else
            kat_pass(rep);
    }
    free(out);
}

/* Creates the keyed state for c, runs the case of alg's class, destroys
 * the state. */
static void run_case(const cm_impl *impl, const cm_algorithm *alg, const wp_group *g,
                     const wp_case *c, const char *source, cm_kat_report *rep)
{
    char label[256];
    case_label(source, c, label, sizeof label);
    void *st = NULL;
    int rc;
    switch (alg->cls) {
    case CM_CLASS_CIPHER: {
        const cm_cipher_vtable *vt = impl->vtable;
        rc = vt->create(&st, c->key, c->key_len);
        if (rc == CM_OK) {
            cipher_case(vt, st, alg, c, label, rep);
            vt->destroy(st);
        }
        break;
    }
    case CM_CLASS_AEAD: {
        const cm_aead_vtable *vt = impl->vtable;
        rc = vt->create(&st, c->key, c->key_len);
        if (rc == CM_OK) {
            aead_case(vt, st, g, c, label, rep);
            vt->destroy(st);
        }
        break;
    }
    case CM_CLASS_MAC: {
        const cm_mac_vtable *vt = impl->vtable;
        rc = vt->create(&st, c->key, c->key_len);
        if (rc == CM_OK) {
            mac_case(vt, st, alg, g, c, label, rep);
            vt->destroy(st);
        }
        break;
    }
    default:
        kat_fail(rep, "%s: Wycheproof cases of class %s are not supported here", label,
                 cm_class_name(alg->cls));
        return;
    }
    if (rc == CM_ERR_UNSUPPORTED)
        kat_skip(rep, "%s: create with a %zu-byte key returned CM_ERR_UNSUPPORTED", label,
                 c->key_len);
    else if (rc != CM_OK)
        kat_fail(rep, "%s: create with a %zu-byte key returned %s", label, c->key_len,
                 kat_rc_name(rc));
}

/* ---- the document ----------------------------------------------------------- */

/* Walks doc. With scan set (impl NULL): checks every group that maps to an
 * algorithm here and fills scan. Otherwise runs the cases of the groups
 * that map to only against impl. Returns the number of cases run (0 in scan
 * mode) or -1 with err. */
static int walk(json_t *doc, const char *source, const cm_impl *impl,
                const cm_algorithm *only, cm_kat_report *rep,
                cm_kat_file_info *scan, cm_error *err)
{
    if (!json_is_object(doc))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT,
                            "%s: not a Wycheproof file (the top level is not a JSON object)", source);
    const char *wp_alg = json_string_value(json_object_get(doc, "algorithm"));
    json_t *groups = json_object_get(doc, "testGroups");
    if (!wp_alg || !json_is_array(groups))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: not a Wycheproof file (no \"algorithm\" "
                            "string and \"testGroups\" array at the top level)", source);
    if (scan)
        snprintf(scan->wp_algorithm, sizeof scan->wp_algorithm, "%s", wp_alg);

    int run = 0;
    size_t gi, ti;
    json_t *group, *test;
    json_array_foreach(groups, gi, group) {
        char why[192];
        if (!json_is_object(group))
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: testGroups[%zu] is not an object",
                                source, gi);
        const cm_algorithm *alg = cm_kat_wycheproof_algorithm(wp_alg, group, why, sizeof why);
        size_t k = 0; /* alg's index in scan->algs */
        if (scan) {
            const json_t *all = json_object_get(group, "tests");
            unsigned n_tests = json_is_array(all) ? (unsigned)json_array_size(all) : 0;
            if (alg) {
                while (k < scan->n_algs && scan->algs[k] != alg)
                    k++;
                if (k == scan->n_algs && k < CM_KAT_FILE_MAX_ALGS)
                    scan->algs[scan->n_algs++] = alg;
                else if (k == scan->n_algs) {
                    snprintf(why, sizeof why, "%s: more algorithms in one file than %d", alg->name,
                             CM_KAT_FILE_MAX_ALGS);
                    alg = NULL;
                }
            }
            if (!alg) {
                if (scan->groups_left_out++ == 0)
                    snprintf(scan->left_out_why, sizeof scan->left_out_why, "%s", why);
                scan->cases_left_out += n_tests;
                cm_kat_file_add_gap(scan, why, n_tests);
                continue;
            }
        } else if (alg != only) {
            continue;
        }
        wp_group g;
        if (group_parse(group, alg, &g, why, sizeof why) != 0)
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: testGroups[%zu]: %s", source, gi, why);
        json_t *tests = json_object_get(group, "tests");
        if (!json_is_array(tests))
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: testGroups[%zu] has no \"tests\" array",
                                source, gi);
        json_array_foreach(tests, ti, test) {
            wp_case c;
            if (case_parse(test, alg, &g, &c, why, sizeof why) != 0) {
                long long id = c.tc_id;
                case_free(&c);
                if (id >= 0)
                    return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: testGroups[%zu].tests[%zu] "
                                        "(tcId %lld): %s", source, gi, ti, id, why);
                return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: testGroups[%zu].tests[%zu]: %s",
                                    source, gi, ti, why);
            }
            if (scan) {
                scan->cases++;
                scan->alg_cases[k]++;
            } else {
                kat_progress("%s tcId %lld", source, c.tc_id);
                run_case(impl, alg, &g, &c, source, rep);
                run++;
            }
            case_free(&c);
        }
    }
    return run;
}

/* See kat.h. */
int cm_kat_wycheproof_scan(json_t *doc, const char *source, cm_kat_file_info *scan,
                           cm_error *err)
{
    memset(scan, 0, sizeof *scan);
    return walk(doc, source, NULL, NULL, NULL, scan, err) < 0 ? -1 : 0;
}

/* See kat.h. */
int cm_kat_wycheproof(json_t *doc, const char *source, const cm_impl *impl,
                      const cm_algorithm *alg, cm_kat_report *rep, cm_error *err)
{
    kat_add_source(rep, source);
    int n = walk(doc, source, impl, alg, rep, NULL, err);
    kat_settle_vectors(rep);
    return n;
}
