/*
 * gnutls_digest.c — the hash and MAC classes of the GnuTLS backend:
 * gnutls_hash_* and gnutls_hmac_*, generic over a gt_spec.
 *
 * A state is one handle made at create() (an HMAC handle keyed once):
 * digest() and mac() feed the whole message and take the output with
 * gnutls_hash_output / gnutls_hmac_output, which also reset the handle
 * (HMAC keeps its key) for the next message, as an application reuses it.
 */
#include "gnutls_internal.h"

static const uint8_t empty[1]; /* where an empty message or key points */

cm_rc gt_hash_create(const gt_spec *spec, void **state)
{
    gnutls_hash_hd_t h;
    *state = NULL;
    if (gnutls_hash_init(&h, spec->digest) < 0)
        return CM_ERR_LIBRARY;
    *state = h;
    return CM_OK;
}

cm_rc gt_hash_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    if (len > 0 && gnutls_hash(state, msg, len) < 0)
        return CM_ERR_LIBRARY;
    gnutls_hash_output(state, out);
    return CM_OK;
}

void gt_hash_destroy(void *state)
{
    if (state != NULL)
        gnutls_hash_deinit(state, NULL);
}

cm_rc gt_hmac_create(const gt_spec *spec, void **state, const uint8_t *key, size_t key_len)
{
    gnutls_hmac_hd_t h;
    *state = NULL;
    if (gnutls_hmac_init(&h, spec->mac, key_len ? key : empty, key_len) < 0)
        return CM_ERR_LIBRARY;
    *state = h;
    return CM_OK;
}

cm_rc gt_hmac_mac(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    if (len > 0 && gnutls_hmac(state, msg, len) < 0)
        return CM_ERR_LIBRARY;
    gnutls_hmac_output(state, out);
    return CM_OK;
}

void gt_hmac_destroy(void *state)
{
    if (state != NULL)
        gnutls_hmac_deinit(state, NULL);
}
