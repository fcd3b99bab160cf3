/*
 * openssl_engine.c — OpenSSL's engines: the `afalg` engine (the kernel's
 * crypto through AF_ALG, AES-CBC only) and the `devcrypto` engine
 * (/dev/crypto), which OpenSSL uses only when an application or
 * openssl.cnf loads them. The backend's `afalg-engine` and
 * `devcrypto-engine` variants key their EVP contexts with the engine
 * (openssl_cipher.c), so the table shows OpenSSL's own code (`evp`) beside
 * the engine path. An engine that does not load here, or does not offer
 * the cipher, makes its variant unavailable with OpenSSL's reason.
 *
 * Engines are deprecated in OpenSSL 3 but still built (Debian's libcrypto
 * has the afalg engine inside; devcrypto is a loadable module where it
 * exists); 1.1.1 has the same calls.
 */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <stdio.h>
#include <string.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include "openssl_internal.h"
#ifndef OPENSSL_NO_ENGINE
#include <openssl/engine.h>
#endif

#define MAX_ENGINES 4

#ifndef OPENSSL_NO_ENGINE
/* Each engine id loaded once per process: its functional reference, or
 * why it did not load. */
static struct {
    const char *id;
    ENGINE *e;
    char why[200];
} loaded[MAX_ENGINES];

/* Loading one engine registers every built-in one as a candidate default
 * (ENGINE_load_builtin_engines and OPENSSL_init_crypto's engine flags end in
 * ENGINE_register_all_complete; only engines flagged NO_REGISTER_ALL, such
 * as rdrand, stay out): where the afalg engine loads, OpenSSL's own `evp`
 * AES-CBC would then run through AF_ALG in every child forked after the
 * check of an engine variant (seen in the x86_64 VM: 0.05 MB/s at 16 B,
 * 92% system time, instead of 9.4 MB/s in user time). Our engine variants name
 * their engine in each call and need no registration, so every engine that
 * was not a default before (one an openssl.cnf made the default, the
 * system's real set-up, stays one) is unregistered again. */
static const int watched_ciphers[] = {NID_aes_128_cbc, NID_aes_256_cbc, NID_aes_128_ctr,
                                      NID_aes_256_ctr, NID_aes_128_gcm};
#define N_WATCHED (sizeof watched_ciphers / sizeof watched_ciphers[0] + 2) /* + SHA-256, RAND */

/* 1 if e serves a watched algorithm or random bytes by default now. */
static int is_default(const ENGINE *e, ENGINE *const *before, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (before[i] && before[i] == e)
            return 1;
    return 0;
}

/* The defaults now: functional references (NULL where none), to release
 * with release_defaults. */
static size_t take_defaults(ENGINE **out)
{
    size_t n = 0;
    for (size_t i = 0; i < sizeof watched_ciphers / sizeof watched_ciphers[0]; i++)
        out[n++] = ENGINE_get_cipher_engine(watched_ciphers[i]);
    out[n++] = ENGINE_get_digest_engine(NID_sha256);
    out[n++] = ENGINE_get_default_RAND();
    return n;
}

static void release_defaults(ENGINE **e, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (e[i])
            ENGINE_finish(e[i]);
}

static void unregister_new(ENGINE *const *before, size_t n)
{
    for (ENGINE *e = ENGINE_get_first(); e; e = ENGINE_get_next(e))
        if (!is_default(e, before, n)) {
            ENGINE_unregister_ciphers(e);
            ENGINE_unregister_digests(e);
            ENGINE_unregister_RAND(e);
            ENGINE_unregister_pkey_meths(e);
            ENGINE_unregister_RSA(e);
            ENGINE_unregister_EC(e);
        }
    ERR_clear_error();
}

/* The engine id, initialised (kept for the process), or NULL with why. */
static ENGINE *engine_get(const char *id, char *why, size_t why_len)
{
    size_t i = 0;
    while (i < MAX_ENGINES && loaded[i].id && strcmp(loaded[i].id, id) != 0)
        i++;
    if (i == MAX_ENGINES) {
        snprintf(why, why_len, "too many engines");
        return NULL;
    }
    if (!loaded[i].id) {
        ENGINE *before[N_WATCHED];
        size_t n_before = take_defaults(before);
        loaded[i].id = id;
        ENGINE_load_builtin_engines();
#ifdef OPENSSL_INIT_ENGINE_AFALG
        /* Not among the "all built-in" ones: a static libcrypto has the
         * afalg engine inside but registers it only when asked (a shared
         * one would otherwise load engines-3/afalg.so). */
        if (strcmp(id, "afalg") == 0)
            OPENSSL_init_crypto(OPENSSL_INIT_ENGINE_AFALG, NULL);
#endif
        ENGINE *e = ENGINE_by_id(id);
        if (e && ENGINE_init(e) == 1) {
            loaded[i].e = e;
        } else {
            /* The first error says why (an engine whose platform check
             * fails is not registered, and ENGINE_by_id then says only
             * "no such engine"). */
            unsigned long first = ERR_peek_error(), last = ERR_peek_last_error();
            char text[160] = "no error queued", tail[96] = "";
            if (first)
                ERR_error_string_n(first, text, sizeof text);
            if (last && last != first)
                ERR_error_string_n(last, tail, sizeof tail);
            if (tail[0])
                snprintf(text + strlen(text), sizeof text - strlen(text), "; %s", tail);
            snprintf(loaded[i].why, sizeof loaded[i].why, "OpenSSL's %s engine does not "
                     "load here (%s)", id, text);
            if (e)
                ENGINE_free(e);
            ERR_clear_error();
        }
        unregister_new(before, n_before);
        release_defaults(before, n_before);
    }
    if (!loaded[i].e)
        snprintf(why, why_len, "%s", loaded[i].why);
    return loaded[i].e;
}
#endif

void *ossl_engine_for(const ossl_spec *spec, const EVP_CIPHER *cipher, char *why,
                      size_t why_len)
{
#ifdef OPENSSL_NO_ENGINE
    (void)cipher;
    snprintf(why, why_len, "this OpenSSL was built without engines (no %s engine)",
             spec->engine);
    return NULL;
#else
    ENGINE *e = engine_get(spec->engine, why, why_len);
    if (e && !ENGINE_get_cipher(e, EVP_CIPHER_nid(cipher))) {
        ERR_clear_error();
        snprintf(why, why_len, "OpenSSL's %s engine offers no %s here", spec->engine,
                 spec->evp_name);
        return NULL;
    }
    return e;
#endif
}
