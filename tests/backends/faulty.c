/*
 * faulty.c — the test-only backend `faulty`: implementations that take the
 * process down, so that the tests can prove `verify` and the runner survive
 * them in their forked children and report them (tests/unit/test_kat_verify.c).
 * Built only with -DCRYPTOMETER_TEST_BACKENDS=ON.
 *
 *   sha256       digest raises SIGSEGV
 *   sha1         digest never returns (waits for a signal forever)
 *   hmac-sha256  mac calls abort() (SIGABRT)
 *   sha512       never available here (its available() says why): must be
 *                listed as unavailable with the reason, and never run (it
 *                would crash like sha256)
 *
 * Keying (create) works, so the fault happens inside the operation.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "cryptometer/backend.h"

/* Works: the fault is in the operation. */
static cm_rc hash_create(void **state)
{
    *state = NULL;
    return CM_OK;
}

/* Nothing to free. */
static void no_state(void *state)
{
    (void)state;
}

/* Dies of SIGSEGV. The default action is restored first, so that the
 * process dies of the signal even when a sanitizer has installed its own
 * handler (which would turn it into an exit status). */
static cm_rc sha256_segv(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    (void)state;
    (void)msg;
    (void)len;
    (void)out;
    signal(SIGSEGV, SIG_DFL);
    raise(SIGSEGV);
    return CM_ERR_LIBRARY; /* not reached */
}

/* Never returns: a hang the caller's deadline must end. */
static cm_rc sha1_hang(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    (void)state;
    (void)msg;
    (void)len;
    (void)out;
    for (;;)
        pause();
    return CM_ERR_LIBRARY; /* not reached */
}

/* Works: the fault is in the operation. */
static cm_rc mac_create(void **state, const uint8_t *key, size_t key_len)
{
    (void)key;
    (void)key_len;
    *state = NULL;
    return CM_OK;
}

/* Aborts (SIGABRT). */
static cm_rc hmac_abort(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    (void)state;
    (void)msg;
    (void)len;
    (void)out;
    abort();
}

/* Never available, with a reason. */
static int never_available(char *why, size_t why_len)
{
    snprintf(why, why_len, "test backend: never available (checks that unavailable "
             "implementations are listed)");
    return 0;
}

static const cm_hash_vtable faulty_sha256 = {hash_create, sha256_segv, no_state};
static const cm_hash_vtable faulty_sha1 = {hash_create, sha1_hang, no_state};
static const cm_mac_vtable faulty_hmac = {mac_create, hmac_abort, no_state};

static const cm_impl faulty_impls[] = {
    CM_IMPL_HASH("sha256", "segv", &faulty_sha256, NULL),
    CM_IMPL_HASH("sha1", "hang", &faulty_sha1, NULL),
    CM_IMPL_MAC("hmac-sha256", "abort", &faulty_hmac, NULL),
    CM_IMPL_HASH("sha512", "never", &faulty_sha256, never_available),
};

const cm_backend cm_backend_faulty = {
    .name = "faulty",
    .description = "TEST ONLY: sha256 crashes (SIGSEGV), sha1 hangs, hmac-sha256 aborts, sha512 unavailable",
    .impls = faulty_impls,
    .n_impls = sizeof faulty_impls / sizeof faulty_impls[0],
    .test_only = 1,
};
