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
