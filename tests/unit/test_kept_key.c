/*
 * test_kept_key.c — one key pair per child (core/kept_key.h) through the
 * signature class's benchmarks: sign makes the key pair and verify takes it
 * (one keygen for both), the keygen benchmark never uses or keeps one, a
 * set-up that failed keeps nothing, and the slot hands a state to one
 * taker at a time and frees what it cannot keep.
 */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "model/kept_key.h"
#include "measure/workload.h"

static int creates, keygens, destroys, fail_sign;

static cm_rc fake_create(void **state, const struct cm_algorithm *alg)
{
    (void)alg;
    creates++;
    *state = malloc(1);
    return *state ? CM_OK : CM_ERR_LIBRARY;
}
static cm_rc fake_keygen(void *state)
{
    (void)state;
    keygens++;
    return CM_OK;
}
static cm_rc fake_sign(void *state, const uint8_t *msg, size_t len, uint8_t *sig, size_t *sig_len)
{
    (void)state, (void)msg, (void)len;
    memset(sig, 7, 64);
    *sig_len = 64;
    return fail_sign ? CM_ERR_LIBRARY : CM_OK;
}
static cm_rc fake_verify(void *state, const uint8_t *msg, size_t len, const uint8_t *sig, size_t sig_len)
{
    (void)state, (void)msg, (void)len, (void)sig, (void)sig_len;
    return CM_OK;
}
static void fake_destroy(void *state)
{
    if (state)
        destroys++;
    free(state);
}
static const cm_signature_vtable fake = {fake_create, fake_keygen, fake_sign, fake_verify,
                                         NULL, NULL, fake_destroy};

static void count_destroy(void *state)
{
    destroys++;
    free(state);
}

int main(void)
{
    const cm_impl impl = {.algorithm = "ed25519", .variant = "fake", .cls = CM_CLASS_SIGNATURE,
                          .vt = {.signature = &fake}};
    cm_error err = {0};
    cm_bench b;
    size_t len = cm_bench_message_len(cm_algorithm_find("ed25519"), 0);

    /* keygen: a state without a key, never kept */
    CHECK(cm_bench_open(&b, &impl, CM_OP_KEYGEN, len, &err) == 0);
    CHECK(creates == 1 && keygens == 0);
    cm_bench_close(&b);
    CHECK(destroys == 1);

    /* sign makes the key pair and keeps it; verify takes it: one keygen for both */
    CHECK(cm_bench_open(&b, &impl, CM_OP_SIGN, len, &err) == 0);
    CHECK(creates == 2 && keygens == 1);
    cm_bench_close(&b);
    CHECK(destroys == 1);
    CHECK(cm_bench_open(&b, &impl, CM_OP_VERIFY, len, &err) == 0);
    CHECK(creates == 2 && keygens == 1);
    cm_bench_close(&b);
    CHECK(destroys == 1);

    /* a failed set-up (the kept state taken, then sign fails) frees the state, keeps nothing */
    fail_sign = 1;
    CHECK(cm_bench_open(&b, &impl, CM_OP_SIGN, len, &err) != 0);
    CHECK(destroys == 2);
    fail_sign = 0;
    CHECK(cm_kept_key_take(&fake) == NULL);
    CHECK(cm_bench_open(&b, &impl, CM_OP_VERIFY, len, &err) == 0);
    CHECK(creates == 3 && keygens == 2);
    cm_bench_close(&b);

    /* the slot: one taker at a time; a second state of the same owner is freed;
     * another owner's state replaces it (the old one freed) */
    void *kept = cm_kept_key_take(&fake);
    CHECK(kept != NULL);
    CHECK(cm_kept_key_take(&fake) == NULL);
    int before = destroys;
    cm_kept_key_give(&fake, kept, fake_destroy);
    cm_kept_key_give(&fake, malloc(1), count_destroy);
    CHECK(destroys == before + 1);
    static const int other = 0;
    cm_kept_key_give(&other, malloc(1), count_destroy);
    CHECK(destroys == before + 2);
    CHECK(cm_kept_key_take(&fake) == NULL);
    void *o = cm_kept_key_take(&other);
    CHECK(o != NULL);
    free(o);
    return check_done("test_kept_key");
}
