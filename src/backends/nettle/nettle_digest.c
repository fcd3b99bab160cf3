/*
 * nettle_digest.c — the hash and MAC classes of the Nettle backend: SHA-1,
 * SHA-256 and SHA-512 through Nettle's struct nettle_hash, and
 * HMAC-SHA256 (hmac_sha256_*).
 *
 * A hash state is one Nettle context, initialised at create(): digest()
 * updates it with the whole message and takes the digest, which Nettle
 * follows by re-initialising the context. HMAC is keyed once
 * (hmac_sha256_set_key: any length, 0 included); hmac_sha256_digest leaves
 * the context keyed for the next message, as an application reuses it.
 */
#include <nettle/hmac.h>
#include "nettle_internal.h"

typedef struct nt_hash_state {
    const struct nettle_hash *hash;
    void *ctx;
} nt_hash_state;

void nt_hash_destroy(void *state)
{
    nt_hash_state *st = state;
    if (st == NULL)
        return;
    nt_free(st->ctx, st->hash->context_size);
    nt_free(st, sizeof *st);
}

cm_rc nt_hash_create(const nt_spec *spec, void **state)
{
    nt_hash_state *st;
    cm_rc rc;

    *state = NULL;
    if ((rc = nt_alloc((void **)&st, sizeof *st)) != CM_OK)
        return rc;
    st->hash = spec->hash;
    if ((rc = nt_alloc(&st->ctx, spec->hash->context_size)) != CM_OK) {
        nt_hash_destroy(st);
        return rc;
    }
    st->hash->init(st->ctx);
    *state = st;
    return CM_OK;
}

cm_rc nt_hash_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    nt_hash_state *st = state;
    if (len > 0)
        st->hash->update(st->ctx, len, msg);
    st->hash->digest(st->ctx, st->hash->digest_size, out); /* and re-initialises */
    return CM_OK;
}

/* ---- HMAC-SHA256 ---------------------------------------------------------- */

static cm_rc hmac_create(void **state, const uint8_t *key, size_t key_len)
{
    static const uint8_t empty[1];
    cm_rc rc = nt_alloc(state, sizeof(struct hmac_sha256_ctx));
    if (rc == CM_OK)
        hmac_sha256_set_key(*state, key_len, key_len ? key : empty);
    return rc;
}

static cm_rc hmac_mac(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    if (len > 0)
        hmac_sha256_update(state, len, msg);
    hmac_sha256_digest(state, SHA256_DIGEST_SIZE, out); /* ready for the next message */
    return CM_OK;
}

static void hmac_destroy(void *state)
{
    nt_free(state, sizeof(struct hmac_sha256_ctx));
}

const cm_mac_vtable nt_hmac_sha256_vtable = {hmac_create, hmac_mac, hmac_destroy};
