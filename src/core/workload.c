/*
 * workload.c — see workload.h. One loop per operation; the overhead
 * workload runs the very same loop over a vtable of do-nothing functions.
 */
#include <stdlib.h>
#include <string.h>
#include "core/workload.h"

/* --- the timed loops ------------------------------------------------------ */

static int run_digest(void *ctx, uint64_t iters)
{
    cm_bench *b = ctx;
    const cm_hash_vtable *vt = b->vtable;
    for (uint64_t i = 0; i < iters; i++)
        if (vt->digest(b->state, b->in, b->size, b->out) != CM_OK)
            return 1;
    return 0;
}

static int run_mac(void *ctx, uint64_t iters)
{
    cm_bench *b = ctx;
    const cm_mac_vtable *vt = b->vtable;
    for (uint64_t i = 0; i < iters; i++)
        if (vt->mac(b->state, b->in, b->size, b->out) != CM_OK)
            return 1;
    return 0;
}

static int run_encrypt(void *ctx, uint64_t iters)
{
    cm_bench *b = ctx;
    const cm_cipher_vtable *vt = b->vtable;
    for (uint64_t i = 0; i < iters; i++)
        if (vt->encrypt(b->state, NULL, b->in, b->out, b->size) != CM_OK)
            return 1;
    return 0;
}

static int run_decrypt(void *ctx, uint64_t iters)
{
    cm_bench *b = ctx;
    const cm_cipher_vtable *vt = b->vtable;
    for (uint64_t i = 0; i < iters; i++)
        if (vt->decrypt(b->state, NULL, b->in, b->out, b->size) != CM_OK)
            return 1;
    return 0;
}

static int run_seal(void *ctx, uint64_t iters)
{
    cm_bench *b = ctx;
    const cm_aead_vtable *vt = b->vtable;
    size_t tl = b->alg->out_len;
    for (uint64_t i = 0; i < iters; i++)
        if (vt->seal(b->state, b->iv, b->alg->iv_len, b->aad, CM_AEAD_AAD_LEN, b->in,
                     b->size, b->out, b->tag, tl) != CM_OK)
            return 1;
    return 0;
}

static int run_open(void *ctx, uint64_t iters)
{
    cm_bench *b = ctx;
    const cm_aead_vtable *vt = b->vtable;
    size_t tl = b->alg->out_len;
    for (uint64_t i = 0; i < iters; i++)
        if (vt->open(b->state, b->iv, b->alg->iv_len, b->aad, CM_AEAD_AAD_LEN, b->in,
                     b->size, b->out, b->tag, tl) != CM_OK)
            return 1;
    return 0;
}

static int (*const loops[CM_OP_COUNT])(void *, uint64_t) = {
    [CM_OP_DIGEST] = run_digest, [CM_OP_MAC] = run_mac,
    [CM_OP_ENCRYPT] = run_encrypt, [CM_OP_DECRYPT] = run_decrypt,
    [CM_OP_SEAL] = run_seal, [CM_OP_OPEN] = run_open};

/* --- do-nothing vtables for the overhead loop ---------------------------- */

static int nop_digest(void *s, const uint8_t *m, size_t l, uint8_t *o)
{
    (void)s, (void)m, (void)l, (void)o;
    return CM_OK;
}
static int nop_crypt(void *s, const uint8_t *iv, const uint8_t *in, uint8_t *o, size_t l)
{
    (void)s, (void)iv, (void)in, (void)o, (void)l;
    return CM_OK;
}
static int nop_seal(void *s, const uint8_t *n, size_t nl, const uint8_t *a, size_t al,
                    const uint8_t *in, size_t l, uint8_t *o, uint8_t *t, size_t tl)
{
    (void)s, (void)n, (void)nl, (void)a, (void)al, (void)in, (void)l, (void)o, (void)t, (void)tl;
    return CM_OK;
}
static int nop_open(void *s, const uint8_t *n, size_t nl, const uint8_t *a, size_t al,
                    const uint8_t *in, size_t l, uint8_t *o, const uint8_t *t, size_t tl)
{
    (void)s, (void)n, (void)nl, (void)a, (void)al, (void)in, (void)l, (void)o, (void)t, (void)tl;
    return CM_OK;
}
static const cm_hash_vtable nop_hash = {NULL, nop_digest, NULL};
static const cm_mac_vtable nop_mac = {NULL, nop_digest, NULL};
static const cm_cipher_vtable nop_cipher = {NULL, nop_crypt, nop_crypt, NULL};
static const cm_aead_vtable nop_aead = {NULL, nop_seal, nop_open, NULL};
static const void *const nop_vtables[CM_CLASS_COUNT] = {&nop_hash, &nop_mac, &nop_cipher, &nop_aead};

/* --- set-up ---------------------------------------------------------------- */

int cm_size_fits(const cm_algorithm *alg, size_t size)
{
    return size % alg->block_len == 0;
}

/* Deterministic filler so that every backend processes the same bytes. */
static void fill(uint8_t *p, size_t n, uint32_t seed)
{
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        p[i] = (uint8_t)(seed >> 16);
    }
}

/* Creates the keyed state through the class's vtable. */
static int create_state(cm_bench *b)
{
    switch (b->alg->cls) {
    case CM_CLASS_HASH:
        return ((const cm_hash_vtable *)b->vtable)->create(&b->state);
    case CM_CLASS_MAC:
        return ((const cm_mac_vtable *)b->vtable)->create(&b->state, b->key, b->alg->key_len);
    case CM_CLASS_CIPHER:
        return ((const cm_cipher_vtable *)b->vtable)->create(&b->state, b->key, b->alg->key_len);
    case CM_CLASS_AEAD:
        return ((const cm_aead_vtable *)b->vtable)->create(&b->state, b->key, b->alg->key_len);
    default:
        return CM_ERR_UNSUPPORTED;
    }
}

int cm_bench_open(cm_bench *b, const cm_algorithm *alg, const cm_impl *impl,
                  cm_op op, size_t size, cm_error *err)
{
    memset(b, 0, sizeof *b);
    b->alg = alg;
    b->vtable = impl->vtable;
    b->op = op;
    b->size = size;
    if (!cm_size_fits(alg, size))
        return cm_error_set(err, CM_EXIT_USAGE, "%s needs whole %zu-byte blocks; %zu is not", alg->name,
                            alg->block_len, size);
    size_t alloc = (size + 63) / 64 * 64 + 64;
    b->in = aligned_alloc(64, alloc);
    b->out = aligned_alloc(64, alloc);
    if (!b->in || !b->out) {
        cm_bench_close(b);
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory for %zu-byte buffers", size);
    }
    fill(b->key, sizeof b->key, 1);
    fill(b->iv, sizeof b->iv, 2);
    fill(b->aad, sizeof b->aad, 3);
    fill(b->in, alloc, 4);
    int rc = create_state(b);
    if (rc != CM_OK) {
        cm_bench_close(b);
        return cm_error_set(err, CM_EXIT_FAILURES, "create() failed with code %d", rc);
    }
    /* decrypt and open process what encrypt and seal produced */
    if (op == CM_OP_DECRYPT || op == CM_OP_OPEN) {
        cm_bench prep = *b;
        prep.op = op == CM_OP_DECRYPT ? CM_OP_ENCRYPT : CM_OP_SEAL;
        int failed = op == CM_OP_DECRYPT
                         ? ((const cm_cipher_vtable *)b->vtable)
                                   ->encrypt(b->state, b->iv, b->in, b->out, size) != CM_OK
                         : loops[prep.op](&prep, 1) != 0;
        if (failed) {
            cm_bench_close(b);
            return cm_error_set(err, CM_EXIT_FAILURES, "preparing the ciphertext failed");
        }
        memcpy(b->tag, prep.tag, sizeof b->tag);
        memcpy(b->in, b->out, size);
    }
    /* a cipher's timed calls continue one stream: start it from the IV */
    if (alg->cls == CM_CLASS_CIPHER) {
        const cm_cipher_vtable *vt = b->vtable;
        int (*start)(void *, const uint8_t *, const uint8_t *, uint8_t *, size_t) =
            op == CM_OP_ENCRYPT ? vt->encrypt : vt->decrypt;
        if (start(b->state, b->iv, b->in, b->out, size) != CM_OK) {
            cm_bench_close(b);
            return cm_error_set(err, CM_EXIT_FAILURES, "starting the stream failed");
        }
    }
    return 0;
}

cm_workload cm_bench_workload(cm_bench *b)
{
    return (cm_workload){loops[b->op], b};
}

cm_workload cm_bench_overhead(cm_bench *b, cm_bench *scratch)
{
    *scratch = *b;
    scratch->vtable = nop_vtables[b->alg->cls];
    return (cm_workload){loops[b->op], scratch};
}

/* Calls the class's destroy(). */
static void destroy_state(cm_bench *b)
{
    if (!b->state)
        return;
    switch (b->alg->cls) {
    case CM_CLASS_HASH: ((const cm_hash_vtable *)b->vtable)->destroy(b->state); break;
    case CM_CLASS_MAC: ((const cm_mac_vtable *)b->vtable)->destroy(b->state); break;
    case CM_CLASS_CIPHER: ((const cm_cipher_vtable *)b->vtable)->destroy(b->state); break;
    case CM_CLASS_AEAD: ((const cm_aead_vtable *)b->vtable)->destroy(b->state); break;
    default: break;
    }
    b->state = NULL;
}

void cm_bench_close(cm_bench *b)
{
    destroy_state(b);
    free(b->in);
    free(b->out);
    b->in = b->out = NULL;
}
