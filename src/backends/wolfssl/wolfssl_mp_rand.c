/*
 * wolfssl_mp_rand.c — gives wolfSSL's own calls of `mp_rand` back to
 * wolfSSL (docs/backends.md, "Symbol clashes").
 *
 * Debian's libwolfssl exports `mp_rand(mp_int *, int, WC_RNG *)` and so
 * does libtommath (`mp_rand(mp_int *, int)`, another mp_int); both call it
 * through the PLT, and in one process the first definition in the lookup
 * order serves both. libtommath comes first (LibTomCrypt needs its own),
 * so wolfSSL's RSA blinding and key generation would run libtommath's on
 * wolfSSL's integers and crash. The binary's own definition below comes
 * before every library's: it forwards a call from inside libwolfssl to
 * libwolfssl's definition, and every other call to the definition the
 * call reached before this file existed (the next one in the lookup
 * order, RTLD_NEXT). It passes the three arguments it was given
 * unchanged: a two-argument callee ignores the third register (the
 * System V and AAPCS64 calling conventions), as it did before.
 *
 * wolf_rsa_available(), the availability of the RSA rows, says whether
 * wolfSSL's calls reach wolfSSL's mp_rand. The forwarding is only in a
 * dynamically linked binary (WOLF_MP_RAND_ROUTER, CMakeLists.txt: a static
 * one binds each call at link time).
 */
#define _GNU_SOURCE 1 /* RTLD_NEXT, RTLD_NOLOAD, dladdr */
#include <stdio.h>
#include "wolfssl_internal.h"

#if WOLF_MP_RAND_ROUTER
#include <dlfcn.h>
#include <pthread.h>
#include <string.h>

typedef int (*mp_rand_fn)(void *a, int digits, void *rng);

static pthread_once_t once = PTHREAD_ONCE_INIT;
static void *wolf_base;             /* where libwolfssl is loaded */
static mp_rand_fn wolf_fn, next_fn; /* its mp_rand; the next one */

/* fn = the function dlsym found at sym (NULL stays NULL). */
static mp_rand_fn as_fn(void *sym)
{
    mp_rand_fn fn;
    memcpy(&fn, &sym, sizeof fn);
    return fn;
}

/* Finds libwolfssl by one of its functions, then its own mp_rand, and the
 * definition that follows the binary's in the lookup order. */
static void find(void)
{
    void *any = dlsym(RTLD_DEFAULT, "wolfCrypt_Init"), *h;
    Dl_info info;
    next_fn = as_fn(dlsym(RTLD_NEXT, "mp_rand"));
    if (any == NULL || dladdr(any, &info) == 0 || info.dli_fname == NULL)
        return;
    if ((h = dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD)) == NULL)
        return;
    wolf_fn = as_fn(dlsym(h, "mp_rand")); /* its own definition first */
    wolf_base = info.dli_fbase;
    dlclose(h); /* it stays loaded: the binary needs it */
}

/* The one definition every library's call reaches. */
int mp_rand(void *a, int digits, void *rng);
int mp_rand(void *a, int digits, void *rng)
{
    Dl_info info;
    pthread_once(&once, find);
    if (wolf_fn != NULL && dladdr(__builtin_return_address(0), &info) != 0
        && info.dli_fbase == wolf_base)
        return wolf_fn(a, digits, rng);
    /* no other definition (none can be missing: a library calls its own
     * or libtommath's): libtommath's MP_VAL */
    return next_fn != NULL ? next_fn(a, digits, rng) : -3;
}

int wolf_rsa_available(char *why, size_t why_len)
{
    mp_rand_fn reached = as_fn(dlsym(RTLD_DEFAULT, "mp_rand"));
    pthread_once(&once, find);
    if (wolf_fn != NULL && (reached == wolf_fn || reached == mp_rand))
        return 1;
    snprintf(why, why_len, "wolfSSL's calls of mp_rand reach another library's definition in "
                           "this binary (docs/backends.md, \"Symbol clashes\")");
    return 0;
}
#else
int wolf_rsa_available(char *why, size_t why_len)
{
    (void)why;
    (void)why_len;
    return 1;
}
#endif
