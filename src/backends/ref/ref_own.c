/*
 * ref_own.c — the ref backend's BLAKE2 and NORX behind the class tables
 * (ref_own.h), written once over a compression or permutation function so
 * that the portable rows here and the SIMD rows of ref_simd.c share them
 * (ref_own_impl.h). ChaCha20 alone is a stream over a whole-block
 * function, here the portable one.
 */
#include "backends/ref/ref_own.h"
#include "backends/ref/ref_own_impl.h"
#include "impl/ref/bytes.h"

REF_BLAKE2_VTABLE(ref_portable_blake2b_vtable, ref_blake2b, ref_blake2b_compress)
REF_BLAKE2_VTABLE(ref_portable_blake2s_vtable, ref_blake2s, ref_blake2s_compress)
REF_NORX_VTABLE(ref_portable_norx32_vtable, 32, ref_norx32_permute)
REF_NORX_VTABLE(ref_portable_norx64_vtable, 64, ref_norx64_permute)
REF_CHACHA20_VTABLE(ref_portable_chacha20_vtable, ref_chacha20_xor)

cm_rc ref_chacha20_stream_xor(ref_chacha20_pos *p, const ref_chacha20_key *k, const uint8_t *iv,
                              const uint8_t *in, uint8_t *out, size_t len,
                              ref_chacha20_xor_fn *f)
{
    size_t n, bulk;
    if (iv) {
        p->counter = ref_load32_le(iv);
        memcpy(p->nonce, iv + 4, 12);
        p->used = sizeof p->ks;
        p->started = 1;
    } else if (!p->started) {
        return CM_ERR_INVALID;
    }
    n = sizeof p->ks - p->used < len ? sizeof p->ks - p->used : len;
    ref_xor_bytes(out, in, p->ks + p->used, n);
    p->used += n;
    in += n;
    out += n;
    len -= n;
    bulk = len - len % 64;
    if (bulk) {
        f(k, p->nonce, p->counter, in, out, bulk);
        p->counter += (uint32_t)(bulk / 64);
        in += bulk;
        out += bulk;
        len -= bulk;
    }
    if (len) {
        ref_chacha20_block(k, p->nonce, p->counter++, p->ks);
        ref_xor_bytes(out, in, p->ks, len);
        p->used = len;
    }
    return CM_OK;
}
