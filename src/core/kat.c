/*
 * kat.c — the KAT runner's entry points (see kat.h): which embedded vector
 * file serves which algorithm, cm_kat_check (vectors, then the cross-check
 * against another backend), the report and its JSON form, and the helpers
 * of kat_internal.h. The vector formats themselves are run by
 * kat_wycheproof.c and kat_builtin.c; the cross-check by kat_crosscheck.c.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "util/embedded.h"
#include "core/kat.h"
#include "util/json.h"
#include "core/kat_internal.h"
#include "core/registry.h"

/* ---- which vectors serve which algorithm --------------------------------- */

enum source_kind { SOURCE_WYCHEPROOF, SOURCE_BUILTIN };

/* Embedded paths (cmake/Embed.cmake keeps them relative to the source
 * tree). An algorithm may have several files; all are run. */
static const struct builtin_source {
    const char *algorithm;
    const char *path;
    enum source_kind kind;
} builtin_sources[] = {
    {"aes-128-cbc", "vectors/wycheproof/aes_cbc_pkcs5_test.json", SOURCE_WYCHEPROOF},
    {"aes-256-cbc", "vectors/wycheproof/aes_cbc_pkcs5_test.json", SOURCE_WYCHEPROOF},
    {"aes-128-ctr", "vectors/nist/sp800-38a-ctr.json", SOURCE_BUILTIN},
    {"aes-256-ctr", "vectors/nist/sp800-38a-ctr.json", SOURCE_BUILTIN},
    {"aes-128-xts", "vectors/wycheproof/aes_xts_test.json", SOURCE_WYCHEPROOF},
    {"aes-256-xts", "vectors/wycheproof/aes_xts_test.json", SOURCE_WYCHEPROOF},
    {"aes-128-ecb", "vectors/nist/sp800-38a-ecb.json", SOURCE_BUILTIN},
    {"aes-256-ecb", "vectors/nist/sp800-38a-ecb.json", SOURCE_BUILTIN},
    {"chacha20", "vectors/ietf/rfc8439.json", SOURCE_BUILTIN},
    {"aes-128-gcm", "vectors/wycheproof/aes_gcm_test.json", SOURCE_WYCHEPROOF},
    {"aes-256-gcm", "vectors/wycheproof/aes_gcm_test.json", SOURCE_WYCHEPROOF},
    {"chacha20-poly1305", "vectors/wycheproof/chacha20_poly1305_test.json", SOURCE_WYCHEPROOF},
    {"sha1", "vectors/nist/fips180.json", SOURCE_BUILTIN},
    {"sha256", "vectors/nist/fips180.json", SOURCE_BUILTIN},
    {"sha512", "vectors/nist/fips180.json", SOURCE_BUILTIN},
    {"sha3-256", "vectors/nist/fips202.json", SOURCE_BUILTIN},
    {"sha3-512", "vectors/nist/fips202.json", SOURCE_BUILTIN},
    {"blake2b-512", "vectors/blake2/blake2-kat-unkeyed.json", SOURCE_BUILTIN},
    {"blake2s-256", "vectors/blake2/blake2-kat-unkeyed.json", SOURCE_BUILTIN},
    {"norx32-4-1", "vectors/norx/norx32_4_1_kat.json", SOURCE_BUILTIN},
    {"norx64-4-1", "vectors/norx/norx64_4_1_kat.json", SOURCE_BUILTIN},
    {"hmac-sha256", "vectors/wycheproof/hmac_sha256_test.json", SOURCE_WYCHEPROOF},
    {"poly1305", "vectors/ietf/rfc8439.json", SOURCE_BUILTIN},
    {"ed25519", "vectors/wycheproof/ed25519_test.json", SOURCE_WYCHEPROOF},
    {"ecdsa-p256-sha256", "vectors/wycheproof/ecdsa_secp256r1_sha256_test.json", SOURCE_WYCHEPROOF},
    {"ecdsa-p384-sha384", "vectors/wycheproof/ecdsa_secp384r1_sha384_test.json", SOURCE_WYCHEPROOF},
    {"rsa-2048-pss-sha256", "vectors/wycheproof/rsa_pss_2048_sha256_mgf1_32_test.json", SOURCE_WYCHEPROOF},
    {"rsa-3072-pss-sha256", "vectors/wycheproof/rsa_pss_3072_sha256_mgf1_32_test.json", SOURCE_WYCHEPROOF},
    {"rsa-4096-pss-sha256", "vectors/wycheproof/rsa_pss_4096_sha256_mgf1_32_test.json", SOURCE_WYCHEPROOF},
    {"rsa-2048-oaep-sha256", "vectors/wycheproof/rsa_oaep_2048_sha256_mgf1sha256_test.json", SOURCE_WYCHEPROOF},
    {"rsa-3072-oaep-sha256", "vectors/wycheproof/rsa_oaep_3072_sha256_mgf1sha256_test.json", SOURCE_WYCHEPROOF},
    {"rsa-4096-oaep-sha256", "vectors/wycheproof/rsa_oaep_4096_sha256_mgf1sha256_test.json", SOURCE_WYCHEPROOF},
    {"x25519", "vectors/rfc/rfc7748-x25519.json", SOURCE_BUILTIN},
    {"x25519", "vectors/wycheproof/x25519_test.json", SOURCE_WYCHEPROOF},
    {"ecdh-p256", "vectors/wycheproof/ecdh_secp256r1_test.json", SOURCE_WYCHEPROOF},
    {"ml-kem-512", "vectors/wycheproof/mlkem_512_test.json", SOURCE_WYCHEPROOF},
    {"ml-kem-768", "vectors/wycheproof/mlkem_768_test.json", SOURCE_WYCHEPROOF},
    {"ml-kem-768", "vectors/wycheproof/mlkem_768_encaps_test.json", SOURCE_WYCHEPROOF},
    {"ml-kem-1024", "vectors/wycheproof/mlkem_1024_test.json", SOURCE_WYCHEPROOF},
    {"ml-dsa-44", "vectors/wycheproof/mldsa_44_verify_test.json", SOURCE_WYCHEPROOF},
    {"ml-dsa-65", "vectors/wycheproof/mldsa_65_verify_test.json", SOURCE_WYCHEPROOF},
    {"ml-dsa-87", "vectors/wycheproof/mldsa_87_verify_test.json", SOURCE_WYCHEPROOF},
    /* the same parameter sets, measured on a 1 KiB message */
    {"ml-dsa-44-1k", "vectors/wycheproof/mldsa_44_verify_test.json", SOURCE_WYCHEPROOF},
    {"ml-dsa-65-1k", "vectors/wycheproof/mldsa_65_verify_test.json", SOURCE_WYCHEPROOF},
    {"ml-dsa-87-1k", "vectors/wycheproof/mldsa_87_verify_test.json", SOURCE_WYCHEPROOF},
    {"bn-2048-modmul", "vectors/bignum/bn2048.json", SOURCE_BUILTIN},
    {"bn-2048-montmul", "vectors/bignum/bn2048.json", SOURCE_BUILTIN},
    {"bn-2048-modsqr", "vectors/bignum/bn2048.json", SOURCE_BUILTIN},
    {"bn-2048-modexp", "vectors/bignum/bn2048.json", SOURCE_BUILTIN},
    {"bn-2048-modinv", "vectors/bignum/bn2048.json", SOURCE_BUILTIN},
    {"bn-2048-modsqrt", "vectors/bignum/bn2048.json", SOURCE_BUILTIN},
};

/* The name a vector file has in reports: its path without "vectors/". */
static const char *display_name(const char *path)
{
    return strncmp(path, "vectors/", 8) == 0 ? path + 8 : path;
}

/* Runs one embedded file against impl; a file that is missing, does not
 * parse, is malformed or holds nothing for alg counts as one failure. */
static void run_source(const struct builtin_source *src, const cm_impl *impl,
                       const cm_algorithm *alg, cm_kat_report *rep)
{
    const char *name = display_name(src->path);
    const cm_embedded_file *f = cm_embedded_find(src->path);
    kat_add_source(rep, name);
    if (!f) {
        kat_fail(rep, "%s: not embedded in this build (cmake/Embed.cmake)", name);
        return;
    }
    json_error_t jerr;
    json_t *doc = json_loadb((const char *)f->data, f->len, 0, &jerr);
    if (!doc) {
        kat_fail(rep, "%s:%d:%d: %s", name, jerr.line, jerr.column, jerr.text);
        return;
    }
    cm_error err = {0, ""};
    int n = src->kind == SOURCE_WYCHEPROOF
                ? cm_kat_wycheproof(doc, name, impl, alg, rep, &err)
                : kat_builtin_run(doc, name, impl, alg, rep, &err);
    json_decref(doc);
    if (n < 0)
        kat_fail(rep, "%s", err.msg);
    else if (n == 0)
        kat_fail(rep, "%s: no vectors for %s", name, alg->name);
}

/* Runs every built-in file listed for alg (see kat.h). */
int cm_kat_vectors(const cm_impl *impl, const cm_algorithm *alg, cm_kat_report *rep)
{
    for (size_t i = 0; i < sizeof builtin_sources / sizeof builtin_sources[0]; i++)
        if (strcmp(builtin_sources[i].algorithm, alg->name) == 0)
            run_source(&builtin_sources[i], impl, alg, rep);
    kat_settle_vectors(rep);
    return rep->vectors != CM_CHECK_FAILED;
}

/* ---- the built-in files, each once ---------------------------------------- */

#define N_SOURCES (sizeof builtin_sources / sizeof builtin_sources[0])

/* 1 if builtin_sources[i] is the first entry of its file. */
static int first_of_file(size_t i)
{
    for (size_t k = 0; k < i; k++)
        if (strcmp(builtin_sources[k].path, builtin_sources[i].path) == 0)
            return 0;
    return 1;
}

/* The entry of builtin_sources that is file i (see cm_kat_builtin_name),
 * or NULL. */
static const struct builtin_source *builtin_file(size_t i)
{
    for (size_t k = 0; k < N_SOURCES; k++)
        if (first_of_file(k) && i-- == 0)
            return &builtin_sources[k];
    return NULL;
}

/* See kat.h. */
size_t cm_kat_builtin_count(void)
{
    size_t n = 0;
    for (size_t k = 0; k < N_SOURCES; k++)
        n += (size_t)first_of_file(k);
    return n;
}

/* See kat.h. */
const char *cm_kat_builtin_name(size_t i)
{
    const struct builtin_source *src = builtin_file(i);
    return src ? display_name(src->path) : NULL;
}

/* 1 if the built-in checks run file path on algorithm name. */
static int routed(const char *path, const char *name)
{
    for (size_t k = 0; k < N_SOURCES; k++)
        if (strcmp(builtin_sources[k].path, path) == 0 &&
            strcmp(builtin_sources[k].algorithm, name) == 0)
            return 1;
    return 0;
}

/* See kat.h. */
int cm_kat_builtin_scan(size_t i, cm_kat_file_info *info, cm_error *err)
{
    const struct builtin_source *src = builtin_file(i);
    memset(info, 0, sizeof *info);
    if (!src)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "no built-in vector file %zu", i);
    const char *name = display_name(src->path);
    const cm_embedded_file *f = cm_embedded_find(src->path);
    if (!f)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: not embedded in this build "
                            "(cmake/Embed.cmake)", name);
    json_error_t jerr;
    json_t *doc = json_loadb((const char *)f->data, f->len, 0, &jerr);
    if (!doc)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s:%d:%d: %s", name, jerr.line,
                            jerr.column, jerr.text);
    int rc = src->kind == SOURCE_WYCHEPROOF ? cm_kat_wycheproof_scan(doc, name, info, err)
                                            : kat_builtin_scan(doc, name, info, err);
    json_decref(doc);
    if (rc != 0)
        return -1;
    /* Cases of an algorithm the table does not run this file on are
     * left out too. */
    size_t kept = 0;
    for (size_t k = 0; k < info->n_algs; k++) {
        if (routed(src->path, info->algs[k]->name)) {
            info->algs[kept] = info->algs[k];
            info->alg_cases[kept++] = info->alg_cases[k];
            continue;
        }
        char why[192];
        snprintf(why, sizeof why, "%s: the built-in checks do not run this file on it",
                 info->algs[k]->name);
        cm_kat_file_add_gap(info, why, info->alg_cases[k]);
        info->cases -= info->alg_cases[k];
        info->cases_left_out += info->alg_cases[k];
    }
    info->n_algs = kept;
    return 0;
}

/* See kat.h. */
void cm_kat_file_add_gap(cm_kat_file_info *info, const char *why, unsigned cases)
{
    size_t k = 0;
    while (k < info->n_gaps && strcmp(info->gaps[k].why, why) != 0)
        k++;
    if (k == info->n_gaps) {
        if (k == CM_KAT_FILE_MAX_GAPS) {
            k--;
            snprintf(info->gaps[k].why, sizeof info->gaps[k].why, "other reasons");
        } else {
            snprintf(info->gaps[k].why, sizeof info->gaps[k].why, "%s", why);
            info->gaps[k].cases = 0;
            info->n_gaps++;
        }
    }
    info->gaps[k].cases += cases;
}

/* ---- checks ---------------------------------------------------------------- */

/* Vectors, then the cross-check against the registry's peer (see kat.h). */
int cm_kat_check(const cm_impl *impl, const cm_algorithm *alg, const size_t *sizes,
                 size_t n_sizes, cm_kat_report *rep)
{
    cm_kat_report_init(rep);
    cm_kat_vectors(impl, alg, rep);

    const cm_backend *peer_backend = NULL;
    const char *no_peer = cm_class_of(alg)->no_peer;
    const cm_impl *peer = no_peer ? NULL : cm_registry_peer(impl, &peer_backend);
    char name[128];
    if (peer)
        snprintf(name, sizeof name, "%s:%s", peer_backend->name, peer->variant);
    else if (no_peer)
        snprintf(name, sizeof name, "%s", no_peer);
    else
        snprintf(name, sizeof name, "no other implementation here has an available %s",
                 alg->name);
    cm_kat_crosscheck(impl, alg, peer, name, sizes, n_sizes, rep);
    return rep->vectors != CM_CHECK_FAILED && rep->cross != CM_CHECK_FAILED;
}

/* ---- the report ------------------------------------------------------------ */

void cm_kat_report_init(cm_kat_report *rep)
{
    memset(rep, 0, sizeof *rep);
    rep->vectors = CM_CHECK_NONE;
    rep->cross = CM_CHECK_NONE;
}

/* See kat.h. */
const char *cm_check_status_name(cm_check_status s)
{
    switch (s) {
    case CM_CHECK_PASSED: return "passed";
    case CM_CHECK_FAILED: return "failed";
    default: return "none";
    }
}

/* See kat.h. */
cm_check_status cm_kat_report_status(const cm_kat_report *rep)
{
    if (rep->vectors == CM_CHECK_FAILED || rep->cross == CM_CHECK_FAILED)
        return CM_CHECK_FAILED;
    if (rep->vectors == CM_CHECK_PASSED || rep->cross == CM_CHECK_PASSED)
        return CM_CHECK_PASSED;
    return CM_CHECK_NONE;
}

/* Parses "passed"/"failed"/"none"; -1 for anything else. */
static int status_from_name(const char *s)
{
    if (!s)
        return -1;
    if (strcmp(s, "passed") == 0)
        return CM_CHECK_PASSED;
    if (strcmp(s, "failed") == 0)
        return CM_CHECK_FAILED;
    if (strcmp(s, "none") == 0)
        return CM_CHECK_NONE;
    return -1;
}

/* A JSON string, or null for an empty C string. */
static json_t *string_or_null(const char *s)
{
    return s[0] ? cm_json_string_lossy(s) : json_null();
}

/* The list in s, items separated by sep, as a JSON array of strings. */
static json_t *split_list(const char *s, const char *sep)
{
    json_t *arr = json_array();
    size_t sep_len = strlen(sep);
    while (arr && *s) {
        const char *end = strstr(s, sep);
        size_t n = end ? (size_t)(end - s) : strlen(s);
        if (json_array_append_new(arr, cm_json_stringn_lossy(s, n)) != 0) {
            json_decref(arr);
            return NULL;
        }
        s += n + (end ? sep_len : 0);
    }
    return arr;
}

/* See kat.h; every jansson return is checked, NULL on failure. */
json_t *cm_kat_report_json(const cm_kat_report *rep)
{
    json_t *root = json_object(), *vec = json_object(), *cross = json_object();
    int bad = !root || !vec || !cross;
    if (!bad) {
        bad |= cm_json_put(vec, "status", json_string(cm_check_status_name(rep->vectors)));
        bad |= cm_json_put(vec, "passed", json_integer(rep->passed));
        bad |= cm_json_put(vec, "failed", json_integer(rep->failed));
        bad |= cm_json_put(vec, "skipped", json_integer(rep->skipped));
        bad |= cm_json_put(vec, "skipped_cases", split_list(rep->skipped_cases, "\n"));
        bad |= cm_json_put(vec, "findings", json_integer(rep->findings));
        bad |= cm_json_put(vec, "finding_cases", split_list(rep->finding_cases, "\n"));
        bad |= cm_json_put(vec, "sources", split_list(rep->sources, ", "));
        bad |= cm_json_put(vec, "failure", string_or_null(rep->failure));
        bad |= cm_json_put(cross, "status", json_string(cm_check_status_name(rep->cross)));
        bad |= cm_json_put(cross, "peer", string_or_null(rep->cross_peer));
        bad |= cm_json_put(cross, "detail", cm_json_string_lossy(rep->cross_detail));
        bad |= cm_json_put(root, "status", json_string(cm_check_status_name(cm_kat_report_status(rep))));
        bad |= cm_json_put(root, "vectors", vec);
        vec = NULL;
        bad |= cm_json_put(root, "cross_check", cross);
        cross = NULL;
    }
    json_decref(vec);
    json_decref(cross);
    if (bad) {
        json_decref(root);
        return NULL;
    }
    return root;
}

/* Appends line to list (skipped_cases or finding_cases of a report, of
 * size bytes; newlines in line become spaces) if it fits whole. */
static void add_case_line(char *list, size_t size, const char *line)
{
    size_t used = strlen(list), n = strlen(line);
    if (used + (used ? 1 : 0) + n + 1 > size)
        return;
    char *p = list + used;
    if (used)
        *p++ = '\n';
    for (size_t i = 0; i <= n; i++)
        p[i] = line[i] == '\n' ? ' ' : line[i];
}

/* Copies the string member key of obj (or "" for null) into dst. */
static int copy_string(const json_t *obj, const char *key, char *dst, size_t dst_len)
{
    const json_t *v = json_object_get(obj, key);
    if (json_is_null(v)) {
        dst[0] = '\0';
        return 0;
    }
    if (!json_is_string(v))
        return -1;
    snprintf(dst, dst_len, "%s", json_string_value(v));
    return 0;
}

/* Reads the non-negative integer member key of obj into *out. */
static int copy_count(const json_t *obj, const char *key, unsigned *out)
{
    const json_t *v = json_object_get(obj, key);
    if (!json_is_integer(v) || json_integer_value(v) < 0)
        return -1;
    *out = (unsigned)json_integer_value(v);
    return 0;
}

/* See kat.h. */
int cm_kat_report_from_json(const json_t *j, cm_kat_report *rep)
{
    cm_kat_report_init(rep);
    const json_t *vec = json_object_get(j, "vectors");
    const json_t *cross = json_object_get(j, "cross_check");
    if (!json_is_object(vec) || !json_is_object(cross))
        return -1;
    int vs = status_from_name(json_string_value(json_object_get(vec, "status")));
    int cs = status_from_name(json_string_value(json_object_get(cross, "status")));
    if (vs < 0 || cs < 0)
        return -1;
    rep->vectors = (cm_check_status)vs;
    rep->cross = (cm_check_status)cs;
    if (copy_count(vec, "passed", &rep->passed) || copy_count(vec, "failed", &rep->failed) ||
        copy_count(vec, "skipped", &rep->skipped) ||
        copy_string(vec, "failure", rep->failure, sizeof rep->failure) ||
        copy_string(cross, "peer", rep->cross_peer, sizeof rep->cross_peer) ||
        copy_string(cross, "detail", rep->cross_detail, sizeof rep->cross_detail))
        return -1;
    const json_t *sources = json_object_get(vec, "sources");
    size_t i;
    const json_t *s;
    if (!json_is_array(sources))
        return -1;
    json_array_foreach(sources, i, s) {
        if (!json_is_string(s))
            return -1;
        kat_add_source(rep, json_string_value(s));
    }
    /* optional: absent from reports written before it existed */
    const json_t *skips = json_object_get(vec, "skipped_cases");
    if (skips && !json_is_array(skips))
        return -1;
    json_array_foreach(skips, i, s) {
        if (!json_is_string(s))
            return -1;
        add_case_line(rep->skipped_cases, sizeof rep->skipped_cases, json_string_value(s));
    }
    const json_t *found = json_object_get(vec, "finding_cases");
    if ((found && !json_is_array(found)) ||
        (json_object_get(vec, "findings") && copy_count(vec, "findings", &rep->findings)))
        return -1;
    json_array_foreach(found, i, s) {
        if (!json_is_string(s))
            return -1;
        add_case_line(rep->finding_cases, sizeof rep->finding_cases, json_string_value(s));
    }
    return 0;
}

/* ---- helpers of kat_internal.h ---------------------------------------------- */

/* See kat_internal.h. */
void kat_pass(cm_kat_report *rep)
{
    rep->passed++;
}

/* See kat_internal.h. */
void kat_skip(cm_kat_report *rep, const char *fmt, ...)
{
    char line[384];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    rep->skipped++;
    add_case_line(rep->skipped_cases, sizeof rep->skipped_cases, line);
}

/* See kat_internal.h. */
void kat_finding(cm_kat_report *rep, const char *fmt, ...)
{
    char line[384];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    rep->findings++;
    add_case_line(rep->finding_cases, sizeof rep->finding_cases, line);
}

/* See kat_internal.h. */
void kat_fail(cm_kat_report *rep, const char *fmt, ...)
{
    if (rep->failed++ == 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(rep->failure, sizeof rep->failure, fmt, ap);
        va_end(ap);
    }
}

/* See kat_internal.h. */
void kat_add_source(cm_kat_report *rep, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = rep->sources; (p = strstr(p, name)) != NULL; p += n)
        if ((p == rep->sources || p[-1] == ' ') && (p[n] == '\0' || p[n] == ','))
            return;
    size_t used = strlen(rep->sources);
    snprintf(rep->sources + used, sizeof rep->sources - used, "%s%s",
             used ? ", " : "", name);
}

/* See kat_internal.h. */
void kat_settle_vectors(cm_kat_report *rep)
{
    rep->vectors = rep->failed ? CM_CHECK_FAILED
                   : rep->passed ? CM_CHECK_PASSED
                                 : CM_CHECK_NONE;
}

/* The value of one hex digit, or -1. */
static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* See kat_internal.h. */
int kat_hex_field(const json_t *obj, const char *field, uint8_t **out,
                  size_t *len, char *why, size_t why_len)
{
    const json_t *v = json_object_get(obj, field);
    *out = NULL;
    *len = 0;
    if (!v) {
        snprintf(why, why_len, "field \"%s\" is missing", field);
        return -1;
    }
    if (!json_is_string(v)) {
        snprintf(why, why_len, "field \"%s\" is not a string", field);
        return -1;
    }
    const char *hex = json_string_value(v);
    size_t n = json_string_length(v);
    if (n % 2) {
        snprintf(why, why_len, "field \"%s\" has an odd number of hex digits (%zu)", field, n);
        return -1;
    }
    uint8_t *buf = malloc(n / 2 + 1);
    if (!buf) {
        snprintf(why, why_len, "out of memory decoding field \"%s\"", field);
        return -1;
    }
    for (size_t i = 0; i < n / 2; i++) {
        int hi = hex_value(hex[2 * i]), lo = hex_value(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            snprintf(why, why_len, "field \"%s\" is not hex (character %zu)", field,
                     hi < 0 ? 2 * i : 2 * i + 1);
            free(buf);
            return -1;
        }
        buf[i] = (uint8_t)(hi << 4 | lo);
    }
    buf[n / 2] = 0;
    *out = buf;
    *len = n / 2;
    return 0;
}

/* See kat_internal.h. */
int kat_expect(cm_kat_report *rep, const char *label, const char *what, const uint8_t *out,
               size_t out_len, const uint8_t *want, size_t want_len)
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

/* See kat_internal.h. */
size_t kat_diff_at(const uint8_t *a, const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i])
            return i;
    return n;
}

/* See kat_internal.h. */
const char *kat_rc_name(cm_rc rc)
{
    switch (rc) {
    case CM_OK: return "CM_OK";
    case CM_ERR_AUTH: return "CM_ERR_AUTH";
    case CM_ERR_UNSUPPORTED: return "CM_ERR_UNSUPPORTED";
    case CM_ERR_INVALID: return "CM_ERR_INVALID";
    case CM_ERR_LIBRARY: return "CM_ERR_LIBRARY";
    case CM_ERR_NOMEM: return "CM_ERR_NOMEM";
    default: return "an unknown return code";
    }
}

static cm_kat_progress_fn progress_fn;
static void *progress_ctx;

/* See kat.h. */
void cm_kat_set_progress(cm_kat_progress_fn fn, void *ctx)
{
    progress_fn = fn;
    progress_ctx = ctx;
}

/* See kat_internal.h. */
void kat_progress(const char *fmt, ...)
{
    if (!progress_fn)
        return;
    char where[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(where, sizeof where, fmt, ap);
    va_end(ap);
    progress_fn(progress_ctx, where);
}
