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
#include "check/kat.h"
#include "util/json.h"
#include "check/kat_internal.h"
#include "registry/registry.h"

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

#define N_SOURCES (sizeof builtin_sources / sizeof builtin_sources[0])

/* The files parsed by cm_kat_preload, at the index of their first entry. */
static json_t *preloaded[N_SOURCES];

/* The index of the first entry of builtin_sources[i]'s file. */
static size_t file_index(size_t i)
{
    for (size_t k = 0; k < i; k++)
        if (strcmp(builtin_sources[k].path, builtin_sources[i].path) == 0)
            return k;
    return i;
}

/* The parsed file of builtin_sources[i] (a new reference; NULL with jerr):
 * the one cm_kat_preload kept, or parsed now. */
static json_t *source_doc(size_t i, const cm_embedded_file *f, json_error_t *jerr)
{
    json_t *kept = preloaded[file_index(i)];
    return kept ? json_incref(kept) : json_loadb((const char *)f->data, f->len, 0, jerr);
}

/* See kat.h. */
void cm_kat_preload(const cm_algorithm *alg)
{
    for (size_t i = 0; i < N_SOURCES; i++) {
        size_t k = file_index(i);
        if (strcmp(builtin_sources[i].algorithm, alg->name) != 0 || preloaded[k])
            continue;
        const cm_embedded_file *f = cm_embedded_find(builtin_sources[k].path);
        if (f)
            preloaded[k] = json_loadb((const char *)f->data, f->len, 0, NULL);
    }
}

/* The name a vector file has in reports: its path without "vectors/". */
static const char *display_name(const char *path)
{
    return strncmp(path, "vectors/", 8) == 0 ? path + 8 : path;
}

/* Runs one embedded file against impl; a file that is missing, does not
 * parse, is malformed or holds nothing for alg counts as one failure. */
static void run_source(size_t i, const cm_impl *impl, const cm_algorithm *alg,
                       cm_kat_report *rep)
{
    const struct builtin_source *src = &builtin_sources[i];
    const char *name = display_name(src->path);
    const cm_embedded_file *f = cm_embedded_find(src->path);
    kat_add_source(rep, name);
    if (!f) {
        kat_fail(rep, "%s: not embedded in this build (cmake/Embed.cmake)", name);
        return;
    }
    json_error_t jerr;
    json_t *doc = source_doc(i, f, &jerr);
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
    for (size_t i = 0; i < N_SOURCES; i++)
        if (strcmp(builtin_sources[i].algorithm, alg->name) == 0)
            run_source(i, impl, alg, rep);
    kat_settle_vectors(rep);
    return rep->vectors != CM_CHECK_FAILED;
}

/* ---- the built-in files, each once ---------------------------------------- */

/* 1 if builtin_sources[i] is the first entry of its file. */
static int first_of_file(size_t i)
{
    return file_index(i) == i;
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
