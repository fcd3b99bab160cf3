/*
 * norx_sponge.h — the NORX v3.0 sponge (init, header, payload, finalise)
 * written once for a word size; norx.c includes it for 32- and 64-bit
 * words with these macros defined:
 *   NX_W      the word type (uint32_t, uint64_t)
 *   NX_BITS   its width (32, 64)
 *   NX_ROT    the four rotation counts r0..r3 of G
 *   NX_LOAD, NX_STORE  little-endian word load and store
 *   NX_ROTR   right rotation
 *   NX_FN(x)  the public name of x (ref_norx32_x, ref_norx64_x)
 * Rate 12 words, capacity 4; parameters l = 4, p = 1, t = 4 words.
 */
#define NX_BYTES (NX_BITS / 8)
#define NX_RATE (12 * NX_BYTES)
#define NX_TAG_HEADER 0x01
#define NX_TAG_PAYLOAD 0x02
#define NX_TAG_FINAL 0x08

#define NX_H(a, b) (((a) ^ (b)) ^ (((a) & (b)) << 1))
#define NX_G(a, b, c, d)                                                                      \
    do {                                                                                      \
        s[a] = NX_H(s[a], s[b]);                                                              \
        s[d] = NX_ROTR(s[d] ^ s[a], NX_R0);                                                   \
        s[c] = NX_H(s[c], s[d]);                                                              \
        s[b] = NX_ROTR(s[b] ^ s[c], NX_R1);                                                   \
        s[a] = NX_H(s[a], s[b]);                                                              \
        s[d] = NX_ROTR(s[d] ^ s[a], NX_R2);                                                   \
        s[c] = NX_H(s[c], s[d]);                                                              \
        s[b] = NX_ROTR(s[b] ^ s[c], NX_R3);                                                   \
    } while (0)

/* One round F: a column step and a diagonal step. */
static void NX_FN(round)(NX_W s[16])
{
    NX_G(0, 4, 8, 12);
    NX_G(1, 5, 9, 13);
    NX_G(2, 6, 10, 14);
    NX_G(3, 7, 11, 15);
    NX_G(0, 5, 10, 15);
    NX_G(1, 6, 11, 12);
    NX_G(2, 7, 8, 13);
    NX_G(3, 4, 9, 14);
}

void NX_FN(permute)(NX_W s[16])
{
    for (int i = 0; i < 4; i++)
        NX_FN(round)(s);
}

/* S = init(K, N): the constants u = F^2(0..15), nonce, key, parameters. */
static void NX_FN(init)(NX_W s[16], const uint8_t *key, const uint8_t *nonce,
                        void (*f)(NX_W *))
{
    for (int i = 0; i < 16; i++)
        s[i] = (NX_W)i;
    NX_FN(round)(s);
    NX_FN(round)(s);
    for (int i = 0; i < 4; i++) {
        s[i] = NX_LOAD(nonce + i * NX_BYTES);
        s[4 + i] = NX_LOAD(key + i * NX_BYTES);
    }
    s[12] ^= NX_BITS;     /* w */
    s[13] ^= 4;           /* l */
    s[14] ^= 1;           /* p */
    s[15] ^= 4 * NX_BITS; /* t, the tag bits */
    f(s);
    for (int i = 0; i < 4; i++)
        s[12 + i] ^= NX_LOAD(key + i * NX_BYTES);
}

/* The last (partial, possibly empty) block padded with 10*1. */
static void NX_FN(pad)(uint8_t block[NX_RATE], const uint8_t *in, size_t len)
{
    memset(block, 0, NX_RATE);
    if (len)
        memcpy(block, in, len);
    block[len] = 0x01;
    block[NX_RATE - 1] |= 0x80;
}

/* Absorbs the header: its whole blocks, then the padded rest, which is an
 * empty block when the length is a multiple of the rate (nothing at all
 * when the header is empty). */
static void NX_FN(absorb)(NX_W s[16], const uint8_t *in, size_t len, void (*f)(NX_W *))
{
    uint8_t block[NX_RATE];
    if (len == 0)
        return;
    for (;; in += NX_RATE, len -= NX_RATE) {
        const uint8_t *b = in;
        int last = len < NX_RATE;
        if (last) {
            NX_FN(pad)(block, in, len);
            b = block;
        }
        s[15] ^= NX_TAG_HEADER;
        f(s);
        for (int i = 0; i < 12; i++)
            s[i] ^= NX_LOAD(b + i * NX_BYTES);
        if (last)
            break;
    }
}

/* Encrypts (dec = 0) or decrypts the payload: its whole blocks, then the
 * padded rest as for the header (nothing when the payload is empty). */
static void NX_FN(payload)(NX_W s[16], const uint8_t *in, size_t len, uint8_t *out, int dec,
                           void (*f)(NX_W *))
{
    uint8_t block[NX_RATE];
    if (len == 0)
        return;
    for (; len >= NX_RATE; in += NX_RATE, out += NX_RATE, len -= NX_RATE) {
        s[15] ^= NX_TAG_PAYLOAD;
        f(s);
        for (int i = 0; i < 12; i++) {
            NX_W c = NX_LOAD(in + i * NX_BYTES);
            NX_STORE(out + i * NX_BYTES, s[i] ^ c);
            s[i] = dec ? c : s[i] ^ c;
        }
    }
    /* the last, partial or empty block: the padded plaintext enters the state */
    s[15] ^= NX_TAG_PAYLOAD;
    f(s);
    for (int i = 0; i < 12; i++)
        NX_STORE(block + i * NX_BYTES, s[i]);
    for (size_t i = 0; i < len; i++)
        block[i] ^= in[i];
    memcpy(out, block, len);
    NX_FN(pad)(block, dec ? out : in, len);
    for (int i = 0; i < 12; i++)
        s[i] ^= NX_LOAD(block + i * NX_BYTES);
    ref_wipe(block, sizeof block);
}

/* The full tag (4 words) after the payload. */
static void NX_FN(finalise)(NX_W s[16], const uint8_t *key, uint8_t tag[4 * NX_BYTES],
                            void (*f)(NX_W *))
{
    s[15] ^= NX_TAG_FINAL;
    f(s);
    for (int i = 0; i < 4; i++)
        s[12 + i] ^= NX_LOAD(key + i * NX_BYTES);
    f(s);
    for (int i = 0; i < 4; i++)
        NX_STORE(tag + i * NX_BYTES, s[12 + i] ^ NX_LOAD(key + i * NX_BYTES));
}

void NX_FN(seal)(const uint8_t *key, const uint8_t *nonce, const uint8_t *aad, size_t aad_len,
                 const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag, size_t tag_len,
                 void (*f)(NX_W *))
{
    NX_W s[16];
    uint8_t full[4 * NX_BYTES];
    NX_FN(init)(s, key, nonce, f);
    NX_FN(absorb)(s, aad, aad_len, f);
    NX_FN(payload)(s, in, len, out, 0, f);
    NX_FN(finalise)(s, key, full, f);
    memcpy(tag, full, tag_len);
    ref_wipe(s, sizeof s);
    ref_wipe(full, sizeof full);
}

int NX_FN(open)(const uint8_t *key, const uint8_t *nonce, const uint8_t *aad, size_t aad_len,
                const uint8_t *in, size_t len, uint8_t *out, const uint8_t *tag, size_t tag_len,
                void (*f)(NX_W *))
{
    NX_W s[16];
    uint8_t full[4 * NX_BYTES];
    int ok;
    NX_FN(init)(s, key, nonce, f);
    NX_FN(absorb)(s, aad, aad_len, f);
    NX_FN(payload)(s, in, len, out, 1, f);
    NX_FN(finalise)(s, key, full, f);
    ok = ref_ct_equal(full, tag, tag_len);
    if (!ok && len)
        ref_wipe(out, len);
    ref_wipe(s, sizeof s);
    ref_wipe(full, sizeof full);
    return ok ? 0 : -1;
}

#undef NX_BYTES
#undef NX_RATE
#undef NX_TAG_HEADER
#undef NX_TAG_PAYLOAD
#undef NX_TAG_FINAL
#undef NX_H
#undef NX_G
