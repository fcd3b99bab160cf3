/*
 * kat_wycheproof.c — Project Wycheproof documents (see kat.h and
 * vectors/README.md): which of our algorithms a test group tests, the
 * structure check of a whole document, the fields every case has (tcId,
 * comment, flags, result), and the helpers the class modules use to
 * decode theirs. What a case means for a class (IndCpaTest for ciphers,
 * AeadTest, MacTest, ...) is the class module's (class.h,
 * wycheproof_case).
 *
 * A valid case the implementation declines (CM_ERR_UNSUPPORTED) is counted
 * as skipped. An "acceptable" case passes whatever the implementation
 * decides, as long as what it accepts is correct and nothing crashes.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "check/kat.h"
#include "check/kat_internal.h"

/* ---- from Wycheproof names to our algorithms -------------------------------- */

/* One Wycheproof "algorithm" this build knows. Groups map either to the
 * algorithm of family `family` whose key is keySize bits, or to the one
 * algorithm called `algorithm` (HMAC keys are any length, and HMACSHA1
 * and HMACSHA256 are different algorithms of the same family). */
static const struct wp_kind {
    const char *name;       /* the document's "algorithm" */
    const char *group_type; /* the groups' "type" */
    cm_class cls;
    const char *family;     /* match by family and key size (or by_params), or */
    const char *algorithm;  /* match this algorithm (NULL: use family) */
    int by_params;          /* match the family's algorithm whose parameters are
                               the group's (public key groups: wp_params) */
} wp_kinds[] = {
    {"AES-CBC-PKCS5", "IndCpaTest", CM_CLASS_CIPHER, "aes-cbc", NULL},
    {"AES-XTS", "IndCpaTest", CM_CLASS_CIPHER, "aes-xts", NULL},
    {"AES-GCM", "AeadTest", CM_CLASS_AEAD, "aes-gcm", NULL},
    {"CHACHA20-POLY1305", "AeadTest", CM_CLASS_AEAD, "chacha20-poly1305", NULL},
    {"HMACSHA1", "MacTest", CM_CLASS_MAC, NULL, "hmac-sha1"},
    {"HMACSHA224", "MacTest", CM_CLASS_MAC, NULL, "hmac-sha224"},
    {"HMACSHA256", "MacTest", CM_CLASS_MAC, NULL, "hmac-sha256"},
    {"HMACSHA384", "MacTest", CM_CLASS_MAC, NULL, "hmac-sha384"},
    {"HMACSHA512", "MacTest", CM_CLASS_MAC, NULL, "hmac-sha512"},
    {"EDDSA", "EddsaVerify", CM_CLASS_SIGNATURE, "eddsa", NULL, 1},
    {"ECDSA", "EcdsaVerify", CM_CLASS_SIGNATURE, "ecdsa", NULL, 1},
    {"RSASSA-PSS", "RsassaPssVerify", CM_CLASS_SIGNATURE, "rsa-pss", NULL, 1},
    {"RSAES-OAEP", "RsaesOaepDecrypt", CM_CLASS_PKE, "rsa-oaep", NULL, 1},
    {"XDH", "XdhComp", CM_CLASS_KEX, "xdh", NULL, 1},
    {"ECDH", "EcdhTest", CM_CLASS_KEX, "ecdh", NULL, 1},
    /* one "algorithm" for decapsulation and encapsulation groups; the
     * group's parameterSet picks the row (find_kind takes the type too) */
    {"ML-KEM", "MLKEMTest", CM_CLASS_KEM, "ml-kem", NULL, 1},
    {"ML-KEM", "MLKEMEncapsTest", CM_CLASS_KEM, "ml-kem", NULL, 1},
    {"ML-DSA-44", "MlDsaVerify", CM_CLASS_SIGNATURE, NULL, "ml-dsa-44"},
    {"ML-DSA-65", "MlDsaVerify", CM_CLASS_SIGNATURE, NULL, "ml-dsa-65"},
    {"ML-DSA-87", "MlDsaVerify", CM_CLASS_SIGNATURE, NULL, "ml-dsa-87"},
};

/* The fields of a public-key group that must equal an algorithm's
 * parameter (through wp_names) for by_params: those the group has. */
static const struct wp_param {
    const char *object; /* NULL: the group itself */
    const char *field, *param;
} wp_params[] = {
    {"publicKey", "curve", "curve"}, {NULL, "curve", "curve"},      {NULL, "sha", "hash"},
    {NULL, "keySize", "key_bits"},   {NULL, "mgfSha", "mgf_hash"}, {NULL, "sLen", "salt_bytes"},
    {NULL, "parameterSet", "parameter_set"},
};

/* Wycheproof's names of curves and hashes, and ours (algorithm params). */
static const struct wp_name {
    const char *wycheproof, *ours;
} wp_names[] = {
    {"edwards25519", "ed25519"}, {"edwards448", "ed448"}, {"secp256r1", "P-256"},
    {"secp384r1", "P-384"},      {"secp521r1", "P-521"},  {"SHA-256", "sha256"},
    {"SHA-384", "sha384"},       {"SHA-512", "sha512"},   {"curve25519", "curve25519"},
};

/* Our name for a Wycheproof curve or hash name (itself if unknown). */
static const char *our_name(const char *wycheproof)
{
    for (size_t i = 0; i < sizeof wp_names / sizeof wp_names[0]; i++)
        if (strcmp(wp_names[i].wycheproof, wycheproof) == 0)
            return wp_names[i].ours;
    return wycheproof;
}

/* The group's value of wp_params[i] as text ("secp256r1", "2048"), or
 * NULL when the group has none. */
static const char *group_param(const json_t *group, size_t i, char *buf, size_t buf_len)
{
    const json_t *o = wp_params[i].object ? json_object_get(group, wp_params[i].object) : group;
    const json_t *v = json_object_get(o, wp_params[i].field);
    if (json_is_integer(v)) {
        snprintf(buf, buf_len, "%lld", (long long)json_integer_value(v));
        return buf;
    }
    return json_string_value(v);
}

/* The algorithm of family whose parameters are the group's (every field
 * of wp_params the group has: curve, hash, key size, MGF hash, salt), or
 * NULL with why. */
static const cm_algorithm *by_params(const char *family, cm_class cls, const json_t *group,
                                     char *why, size_t why_len)
{
    size_t n, n_params = sizeof wp_params / sizeof wp_params[0], used = 0, asked = 0;
    const cm_algorithm *all = cm_algorithm_all(&n);
    char buf[32], text[160] = "";
    for (size_t k = 0; k < n_params; k++) {
        const char *v = group_param(group, k, buf, sizeof buf);
        if (v && used < sizeof text) {
            int w = snprintf(text + used, sizeof text - used, "%s%s %s", used ? ", " : "",
                             wp_params[k].field, v);
            used += w > 0 ? (size_t)w : 0;
            asked++;
        }
    }
    if (!asked) {
        snprintf(why, why_len, "no curve, hash or key size: %s groups need one", family);
        return NULL;
    }
    for (size_t i = 0; i < n; i++) {
        int same = all[i].cls == cls && strcmp(all[i].family, family) == 0;
        for (size_t k = 0; k < n_params && same; k++) {
            const char *v = group_param(group, k, buf, sizeof buf);
            const char *ours = cm_algorithm_param(&all[i], wp_params[k].param);
            same = !v || (ours && strcmp(ours, our_name(v)) == 0);
        }
        if (same)
            return &all[i];
    }
    snprintf(why, why_len, "%s: no such %s in this build", text, family);
    return NULL;
}
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

/* The entry for a Wycheproof "algorithm" whose groups are of type (any
 * type when NULL), else its first entry, or NULL. */
static const struct wp_kind *find_kind(const char *name, const char *type)
{
    const struct wp_kind *first = NULL;
    for (size_t i = 0; i < N_KINDS; i++)
        if (strcmp(wp_kinds[i].name, name) == 0) {
            if (!type || strcmp(wp_kinds[i].group_type, type) == 0)
                return &wp_kinds[i];
            first = first ? first : &wp_kinds[i];
        }
    return first;
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
    const char *type = json_string_value(json_object_get(group, "type"));
    const struct wp_kind *k = find_kind(wp_algorithm, type);
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
    if (type && strcmp(type, k->group_type) != 0) {
        snprintf(why, why_len, "type \"%s\": %s groups are of type \"%s\"", type, k->name,
                 k->group_type);
        return NULL;
    }
    if (k->algorithm)
        return cm_algorithm_find(k->algorithm);
    if (k->by_params)
        return by_params(k->family, k->cls, group, why, why_len);

    long long key_bits = 0, iv_bits = 0;
    if (kat_group_int(group, "keySize", &key_bits) != 1) {
        snprintf(why, why_len, "no integer keySize: %s groups need one", k->name);
        return NULL;
    }
    int has_iv = kat_group_int(group, "ivSize", &iv_bits);
    size_t n;
    const cm_algorithm *all = cm_algorithm_all(&n);
    for (size_t i = 0; i < n; i++) {
        const cm_algorithm *a = &all[i];
        if (a->cls != k->cls || strcmp(a->family, k->family) != 0 ||
            (long long)a->key_len * 8 != key_bits)
            continue;
        /* A cipher's IV is part of the algorithm (a data unit's tweak may
         * be shorter: class_cipher.c widens it); AEAD nonces of any size
         * are Wycheproof parameters the implementation may refuse. */
        if (a->cls == CM_CLASS_CIPHER && has_iv == 1 &&
            (a->data_unit_min ? (long long)a->iv_len * 8 < iv_bits
                              : (long long)a->iv_len * 8 != iv_bits)) {
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

static const char *const result_names[] = {"valid", "invalid", "acceptable"};

/* The fields every case has. Returns 0, or -1 with why. */
static int case_common(const json_t *test, long long *tc_id, const char **comment,
                       const json_t **flags, cm_wp_result *result, char *why, size_t why_len)
{
    *tc_id = -1;
    if (!json_is_object(test)) {
        snprintf(why, why_len, "not a JSON object");
        return -1;
    }
    const json_t *id = json_object_get(test, "tcId");
    if (!json_is_integer(id)) {
        snprintf(why, why_len, "no integer \"tcId\"");
        return -1;
    }
    *tc_id = json_integer_value(id);
    const json_t *c = json_object_get(test, "comment");
    if (c && !json_is_string(c)) {
        snprintf(why, why_len, "\"comment\" is not a string");
        return -1;
    }
    *comment = c ? json_string_value(c) : "";
    *flags = json_object_get(test, "flags");
    if (*flags && !json_is_array(*flags)) {
        snprintf(why, why_len, "\"flags\" is not an array");
        return -1;
    }
    const char *r = json_string_value(json_object_get(test, "result"));
    for (int i = 0; r && i < 3; i++)
        if (strcmp(r, result_names[i]) == 0) {
            *result = (cm_wp_result)i;
            return 0;
        }
    if (r)
        snprintf(why, why_len, "\"result\" is \"%s\" (not valid, invalid or acceptable)", r);
    else
        snprintf(why, why_len, "no string \"result\"");
    return -1;
}

/* "wycheproof/aes_gcm_test.json tcId 17 (invalid, ModifiedTag, "comment")" */
static void case_label(const char *source, long long tc_id, const char *comment,
                       const json_t *flag_list, cm_wp_result result, char *out, size_t out_len)
{
    char flags[96] = "";
    size_t i, used = 0;
    const json_t *f;
    if (flag_list)
        json_array_foreach(flag_list, i, f) {
            const char *s = json_string_value(f);
            if (s && used < sizeof flags) {
                int n = snprintf(flags + used, sizeof flags - used, "%s%s", used ? " " : "", s);
                used += n > 0 ? (size_t)n : 0;
            }
        }
    snprintf(out, out_len, "%s tcId %lld (%s%s%s%s%s%s)", source, tc_id, result_names[result],
             flags[0] ? ", " : "", flags, comment[0] ? ", \"" : "", comment,
             comment[0] ? "\"" : "");
}

/* ---- helpers of kat_internal.h for the class modules -------------------------- */

/* Parses one case and, with impl, runs it through its class's module.
 * Returns 0, or -1 with err. */
static int one_case(const json_t *group, const json_t *test, const cm_algorithm *alg,
                    const cm_impl *impl, const char *source, size_t gi, size_t ti,
                    cm_kat_report *rep, cm_error *err)
{
    char why[192], label[256];
    long long id;
    const char *comment = "";
    const json_t *flags = NULL;
    cm_wp_result result = CM_WP_VALID;
    const cm_class_module *m = cm_class_of(alg);
    int rc = case_common(test, &id, &comment, &flags, &result, why, sizeof why);
    if (rc == 0 && !m->wycheproof_case) {
        snprintf(why, sizeof why, "Wycheproof cases of class %s are not supported here", m->name);
        rc = -1;
    }
    if (rc == 0) {
        case_label(source, id, comment, flags, result, label, sizeof label);
        if (impl)
            kat_progress("%s tcId %lld", source, id);
        cm_wp_case c = {impl, impl ? cm_algorithm_find(impl->algorithm) : alg, group, test,
                        result, label};
        if (impl) /* a failure of this case is named by it (known findings) */
            snprintf(rep->case_at, sizeof rep->case_at, "%s#%lld", source, id);
        rc = m->wycheproof_case(&c, rep, why, sizeof why);
        if (impl)
            rep->case_at[0] = '\0';
    }
    if (rc == 0)
        return 0;
    if (id >= 0)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: testGroups[%zu].tests[%zu] (tcId %lld): "
                            "%s", source, gi, ti, id, why);
    return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: testGroups[%zu].tests[%zu]: %s", source, gi,
                        ti, why);
}

/* ---- the document ----------------------------------------------------------- */

/* 1 when a group of alg's tests only: alg itself, or a row of the same
 * class and parameter set (ml-dsa-44-1k: the rows differ only in the
 * message measured, and a group tests the parameter set). */
static int tests_row(const cm_algorithm *alg, const cm_algorithm *only)
{
    const char *a = alg ? cm_algorithm_param(alg, "parameter_set") : NULL;
    const char *b = cm_algorithm_param(only, "parameter_set");
    return alg == only || (a && b && alg->cls == only->cls && strcmp(a, b) == 0);
}

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
        } else if (!tests_row(alg, only)) {
            continue;
        }
        json_t *tests = json_object_get(group, "tests");
        if (!json_is_array(tests))
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: testGroups[%zu] has no \"tests\" array",
                                source, gi);
        json_array_foreach(tests, ti, test) {
            if (one_case(group, test, alg, impl, source, gi, ti, rep, err) != 0)
                return -1;
            if (scan) {
                scan->cases++;
                scan->alg_cases[k]++;
            } else {
                run++;
            }
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
