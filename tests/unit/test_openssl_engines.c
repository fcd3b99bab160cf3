/*
 * test_openssl_engines.c — checking whether an OpenSSL engine variant can
 * run (which loads the engines) must not make any engine a default: else
 * OpenSSL's own `evp` AES-CBC would run through AF_ALG in every child
 * forked afterwards (src/backends/openssl/openssl_engine.c). Defaults that
 * were there before (an openssl.cnf's) stay as they were. It can fail only
 * where an engine loads (a kernel with AF_ALG, /dev/crypto); elsewhere it
 * still checks that the check itself changes no default.
 *
 * Built only with the OpenSSL backend (tests/CMakeLists.txt); an OpenSSL
 * without engines has nothing to check: it says so and exits 77 (CTest:
 * skipped).
 */
#include <stdio.h>
#include <string.h>
#include "registry/registry.h"
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/opensslconf.h>
#ifndef OPENSSL_NO_ENGINE
#include <openssl/engine.h>
#include <openssl/evp.h>
#endif

#ifndef OPENSSL_NO_ENGINE
/* The defaults the check watches: AES-128-CBC, SHA-256 and random bytes. */
static void defaults(ENGINE *d[3])
{
    d[0] = ENGINE_get_cipher_engine(NID_aes_128_cbc);
    d[1] = ENGINE_get_digest_engine(NID_sha256);
    d[2] = ENGINE_get_default_RAND();
}

int main(void)
{
    const cm_backend *b = cm_registry_find_backend("openssl");
    const cm_impl *afalg = b ? cm_backend_find_impl(b, "aes-128-cbc", "afalg-engine") : NULL;
    const cm_impl *devcrypto = b ? cm_backend_find_impl(b, "aes-128-cbc", "devcrypto-engine") : NULL;
    if (!afalg || !devcrypto) {
        printf("SKIPPED: no openssl backend with engine variants in this build\n");
        return 77;
    }
    ENGINE *before[3], *after[3];
    char why[256];
    defaults(before);
    int a = cm_impl_available(b, afalg, why, sizeof why);
    printf("afalg-engine: %s %s\n", a ? "available" : "unavailable:", a ? "" : why);
    int d = cm_impl_available(b, devcrypto, why, sizeof why);
    printf("devcrypto-engine: %s %s\n", d ? "available" : "unavailable:", d ? "" : why);
    defaults(after);
    static const char *const what[3] = {"AES-128-CBC", "SHA-256", "random bytes"};
    int failed = 0;
    for (int i = 0; i < 3; i++) {
        int same = before[i] == after[i];
        printf("%s %s: default engine %s before, %s after\n", same ? "ok    " : "not ok", what[i],
               before[i] ? ENGINE_get_id(before[i]) : "none",
               after[i] ? ENGINE_get_id(after[i]) : "none");
        failed += !same;
    }
    printf("%s\n", failed ? "FAILED" : "PASSED");
    return failed != 0;
}
#else
int main(void)
{
    printf("SKIPPED: built without OpenSSL's engine API\n");
    return 77;
}
#endif
