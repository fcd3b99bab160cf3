/*
 * aes.c — AES (FIPS 197) in portable C with 32-bit lookup tables.
 * See aes.h for the interface and the caveat about timing.
 *
 * How it works. The state is four 32-bit column words s0..s3 (byte 0 of a
 * column in the top byte). One full round is SubBytes, ShiftRows,
 * MixColumns and AddRoundKey; for a single input byte x in row r, the first
 * three steps together contribute the column MixColumns·(S[x] in row r),
 * which is a 32-bit constant depending only on x and r. The tables Te0..Te3
 * hold those constants, so a round is 16 table lookups and XORs; ShiftRows
 * is just the choice of which byte of which column feeds each lookup. The
 * last round has no MixColumns and uses the plain S-box.
 *
 * Decryption uses the "equivalent inverse cipher" (FIPS 197 §5.3.5): the
 * same structure with the inverse tables Td0..Td3, and round keys that have
 * InvMixColumns applied, so that both directions run at the same speed.
 *
 * All tables are computed by the compiler from the two S-boxes below with
 * constant GF(2^8) arithmetic, so the only typed constants are the S-boxes.
 */
#include "impl/ref/aes.h"
#include "impl/ref/bytes.h"

/* ---- S-boxes (FIPS 197 Figures 7 and 14), as X-macro lists ------------- */

#define AES_SBOX(X) \
    X(0x63), X(0x7c), X(0x77), X(0x7b), X(0xf2), X(0x6b), X(0x6f), X(0xc5), \
    X(0x30), X(0x01), X(0x67), X(0x2b), X(0xfe), X(0xd7), X(0xab), X(0x76), \
    X(0xca), X(0x82), X(0xc9), X(0x7d), X(0xfa), X(0x59), X(0x47), X(0xf0), \
    X(0xad), X(0xd4), X(0xa2), X(0xaf), X(0x9c), X(0xa4), X(0x72), X(0xc0), \
    X(0xb7), X(0xfd), X(0x93), X(0x26), X(0x36), X(0x3f), X(0xf7), X(0xcc), \
    X(0x34), X(0xa5), X(0xe5), X(0xf1), X(0x71), X(0xd8), X(0x31), X(0x15), \
    X(0x04), X(0xc7), X(0x23), X(0xc3), X(0x18), X(0x96), X(0x05), X(0x9a), \
    X(0x07), X(0x12), X(0x80), X(0xe2), X(0xeb), X(0x27), X(0xb2), X(0x75), \
    X(0x09), X(0x83), X(0x2c), X(0x1a), X(0x1b), X(0x6e), X(0x5a), X(0xa0), \
    X(0x52), X(0x3b), X(0xd6), X(0xb3), X(0x29), X(0xe3), X(0x2f), X(0x84), \
    X(0x53), X(0xd1), X(0x00), X(0xed), X(0x20), X(0xfc), X(0xb1), X(0x5b), \
    X(0x6a), X(0xcb), X(0xbe), X(0x39), X(0x4a), X(0x4c), X(0x58), X(0xcf), \
    X(0xd0), X(0xef), X(0xaa), X(0xfb), X(0x43), X(0x4d), X(0x33), X(0x85), \
    X(0x45), X(0xf9), X(0x02), X(0x7f), X(0x50), X(0x3c), X(0x9f), X(0xa8), \
    X(0x51), X(0xa3), X(0x40), X(0x8f), X(0x92), X(0x9d), X(0x38), X(0xf5), \
    X(0xbc), X(0xb6), X(0xda), X(0x21), X(0x10), X(0xff), X(0xf3), X(0xd2), \
    X(0xcd), X(0x0c), X(0x13), X(0xec), X(0x5f), X(0x97), X(0x44), X(0x17), \
    X(0xc4), X(0xa7), X(0x7e), X(0x3d), X(0x64), X(0x5d), X(0x19), X(0x73), \
    X(0x60), X(0x81), X(0x4f), X(0xdc), X(0x22), X(0x2a), X(0x90), X(0x88), \
    X(0x46), X(0xee), X(0xb8), X(0x14), X(0xde), X(0x5e), X(0x0b), X(0xdb), \
    X(0xe0), X(0x32), X(0x3a), X(0x0a), X(0x49), X(0x06), X(0x24), X(0x5c), \
    X(0xc2), X(0xd3), X(0xac), X(0x62), X(0x91), X(0x95), X(0xe4), X(0x79), \
    X(0xe7), X(0xc8), X(0x37), X(0x6d), X(0x8d), X(0xd5), X(0x4e), X(0xa9), \
    X(0x6c), X(0x56), X(0xf4), X(0xea), X(0x65), X(0x7a), X(0xae), X(0x08), \
    X(0xba), X(0x78), X(0x25), X(0x2e), X(0x1c), X(0xa6), X(0xb4), X(0xc6), \
    X(0xe8), X(0xdd), X(0x74), X(0x1f), X(0x4b), X(0xbd), X(0x8b), X(0x8a), \
    X(0x70), X(0x3e), X(0xb5), X(0x66), X(0x48), X(0x03), X(0xf6), X(0x0e), \
    X(0x61), X(0x35), X(0x57), X(0xb9), X(0x86), X(0xc1), X(0x1d), X(0x9e), \
    X(0xe1), X(0xf8), X(0x98), X(0x11), X(0x69), X(0xd9), X(0x8e), X(0x94), \
    X(0x9b), X(0x1e), X(0x87), X(0xe9), X(0xce), X(0x55), X(0x28), X(0xdf), \
    X(0x8c), X(0xa1), X(0x89), X(0x0d), X(0xbf), X(0xe6), X(0x42), X(0x68), \
    X(0x41), X(0x99), X(0x2d), X(0x0f), X(0xb0), X(0x54), X(0xbb), X(0x16)
#define AES_INV_SBOX(X) \
    X(0x52), X(0x09), X(0x6a), X(0xd5), X(0x30), X(0x36), X(0xa5), X(0x38), \
    X(0xbf), X(0x40), X(0xa3), X(0x9e), X(0x81), X(0xf3), X(0xd7), X(0xfb), \
    X(0x7c), X(0xe3), X(0x39), X(0x82), X(0x9b), X(0x2f), X(0xff), X(0x87), \
    X(0x34), X(0x8e), X(0x43), X(0x44), X(0xc4), X(0xde), X(0xe9), X(0xcb), \
    X(0x54), X(0x7b), X(0x94), X(0x32), X(0xa6), X(0xc2), X(0x23), X(0x3d), \
    X(0xee), X(0x4c), X(0x95), X(0x0b), X(0x42), X(0xfa), X(0xc3), X(0x4e), \
    X(0x08), X(0x2e), X(0xa1), X(0x66), X(0x28), X(0xd9), X(0x24), X(0xb2), \
    X(0x76), X(0x5b), X(0xa2), X(0x49), X(0x6d), X(0x8b), X(0xd1), X(0x25), \
    X(0x72), X(0xf8), X(0xf6), X(0x64), X(0x86), X(0x68), X(0x98), X(0x16), \
    X(0xd4), X(0xa4), X(0x5c), X(0xcc), X(0x5d), X(0x65), X(0xb6), X(0x92), \
    X(0x6c), X(0x70), X(0x48), X(0x50), X(0xfd), X(0xed), X(0xb9), X(0xda), \
    X(0x5e), X(0x15), X(0x46), X(0x57), X(0xa7), X(0x8d), X(0x9d), X(0x84), \
    X(0x90), X(0xd8), X(0xab), X(0x00), X(0x8c), X(0xbc), X(0xd3), X(0x0a), \
    X(0xf7), X(0xe4), X(0x58), X(0x05), X(0xb8), X(0xb3), X(0x45), X(0x06), \
    X(0xd0), X(0x2c), X(0x1e), X(0x8f), X(0xca), X(0x3f), X(0x0f), X(0x02), \
    X(0xc1), X(0xaf), X(0xbd), X(0x03), X(0x01), X(0x13), X(0x8a), X(0x6b), \
    X(0x3a), X(0x91), X(0x11), X(0x41), X(0x4f), X(0x67), X(0xdc), X(0xea), \
    X(0x97), X(0xf2), X(0xcf), X(0xce), X(0xf0), X(0xb4), X(0xe6), X(0x73), \
    X(0x96), X(0xac), X(0x74), X(0x22), X(0xe7), X(0xad), X(0x35), X(0x85), \
    X(0xe2), X(0xf9), X(0x37), X(0xe8), X(0x1c), X(0x75), X(0xdf), X(0x6e), \
    X(0x47), X(0xf1), X(0x1a), X(0x71), X(0x1d), X(0x29), X(0xc5), X(0x89), \
    X(0x6f), X(0xb7), X(0x62), X(0x0e), X(0xaa), X(0x18), X(0xbe), X(0x1b), \
    X(0xfc), X(0x56), X(0x3e), X(0x4b), X(0xc6), X(0xd2), X(0x79), X(0x20), \
    X(0x9a), X(0xdb), X(0xc0), X(0xfe), X(0x78), X(0xcd), X(0x5a), X(0xf4), \
    X(0x1f), X(0xdd), X(0xa8), X(0x33), X(0x88), X(0x07), X(0xc7), X(0x31), \
    X(0xb1), X(0x12), X(0x10), X(0x59), X(0x27), X(0x80), X(0xec), X(0x5f), \
    X(0x60), X(0x51), X(0x7f), X(0xa9), X(0x19), X(0xb5), X(0x4a), X(0x0d), \
    X(0x2d), X(0xe5), X(0x7a), X(0x9f), X(0x93), X(0xc9), X(0x9c), X(0xef), \
    X(0xa0), X(0xe0), X(0x3b), X(0x4d), X(0xae), X(0x2a), X(0xf5), X(0xb0), \
    X(0xc8), X(0xeb), X(0xbb), X(0x3c), X(0x83), X(0x53), X(0x99), X(0x61), \
    X(0x17), X(0x2b), X(0x04), X(0x7e), X(0xba), X(0x77), X(0xd6), X(0x26), \
    X(0xe1), X(0x69), X(0x14), X(0x63), X(0x55), X(0x21), X(0x0c), X(0x7d)

/* ---- constant GF(2^8) arithmetic, modulo x^8 + x^4 + x^3 + x + 1 ------- */

#define XT(x) ((((x) << 1) ^ ((((x) >> 7) & 1) * 0x11b)) & 0xff) /* x·{02} */
#define M2(x) XT(x)
#define M3(x) (XT(x) ^ (x))
#define M9(x) (XT(XT(XT(x))) ^ (x))
#define MB(x) (XT(XT(XT(x))) ^ XT(x) ^ (x))
#define MD(x) (XT(XT(XT(x))) ^ XT(XT(x)) ^ (x))
#define ME(x) (XT(XT(XT(x))) ^ XT(XT(x)) ^ XT(x))
#define WORD(a, b, c, d) \
    ((uint32_t)(a) << 24 | (uint32_t)(b) << 16 | (uint32_t)(c) << 8 | (uint32_t)(d))

/* Te<r>[x]: the column that S-box output s = S[x] in row r contributes
 * after MixColumns (matrix rows 2 3 1 1 / 1 2 3 1 / 1 1 2 3 / 3 1 1 2). */
#define TE0(s) WORD(M2(s), s, s, M3(s))
#define TE1(s) WORD(M3(s), M2(s), s, s)
#define TE2(s) WORD(s, M3(s), M2(s), s)
#define TE3(s) WORD(s, s, M3(s), M2(s))
/* Td<r>[x]: the same for InvSubBytes then InvMixColumns
 * (matrix rows e b d 9 / 9 e b d / d 9 e b / b d 9 e). */
#define TD0(s) WORD(ME(s), M9(s), MD(s), MB(s))
#define TD1(s) WORD(MB(s), ME(s), M9(s), MD(s))
#define TD2(s) WORD(MD(s), MB(s), ME(s), M9(s))
#define TD3(s) WORD(M9(s), MD(s), MB(s), ME(s))
#define BYTE(s) (s)

static const uint8_t sbox[256] = {AES_SBOX(BYTE)};
static const uint8_t inv_sbox[256] = {AES_INV_SBOX(BYTE)};
static const uint32_t Te0[256] = {AES_SBOX(TE0)};
static const uint32_t Te1[256] = {AES_SBOX(TE1)};
static const uint32_t Te2[256] = {AES_SBOX(TE2)};
static const uint32_t Te3[256] = {AES_SBOX(TE3)};
static const uint32_t Td0[256] = {AES_INV_SBOX(TD0)};
static const uint32_t Td1[256] = {AES_INV_SBOX(TD1)};
static const uint32_t Td2[256] = {AES_INV_SBOX(TD2)};
static const uint32_t Td3[256] = {AES_INV_SBOX(TD3)};

/* Byte n (0 = most significant) of a column word, as a table index. */
#define B0(w) ((w) >> 24)
#define B1(w) (((w) >> 16) & 0xff)
#define B2(w) (((w) >> 8) & 0xff)
#define B3(w) ((w)&0xff)

/* ---- key expansion ----------------------------------------------------- */

/* SubWord of FIPS 197 §5.2: the S-box applied to each byte of w. */
static uint32_t sub_word(uint32_t w)
{
    return WORD(sbox[B0(w)], sbox[B1(w)], sbox[B2(w)], sbox[B3(w)]);
}

/* InvMixColumns of one column word. Td<r> includes the inverse S-box, so
 * feeding it S[b] leaves exactly InvMixColumns. */
static uint32_t inv_mix_column(uint32_t w)
{
    return Td0[sbox[B0(w)]] ^ Td1[sbox[B1(w)]] ^ Td2[sbox[B2(w)]] ^ Td3[sbox[B3(w)]];
}

cm_rc ref_aes_set_key(ref_aes_key *k, const uint8_t *key, size_t key_len)
{
    static const uint8_t rcon[10] = {0x01, 0x02, 0x04, 0x08, 0x10,
                                     0x20, 0x40, 0x80, 0x1b, 0x36};
    unsigned nk, total, i;

    if (key_len != 16 && key_len != 24 && key_len != 32)
        return CM_ERR_UNSUPPORTED;
    nk = (unsigned)key_len / 4;
    k->rounds = nk + 6;
    total = 4 * (k->rounds + 1);

    /* FIPS 197 §5.2 KeyExpansion. */
    for (i = 0; i < nk; i++)
        k->enc[i] = ref_load32_be(key + 4 * i);
    for (i = nk; i < total; i++) {
        uint32_t t = k->enc[i - 1];
        if (i % nk == 0)
            t = sub_word(ref_rotl32(t, 8)) ^ (uint32_t)rcon[i / nk - 1] << 24;
        else if (nk > 6 && i % nk == 4)
            t = sub_word(t);
        k->enc[i] = k->enc[i - nk] ^ t;
    }

    /* Equivalent inverse cipher: round keys in reverse round order, with
     * InvMixColumns on all but the first and the last. */
    for (unsigned r = 0; r <= k->rounds; r++) {
        for (unsigned c = 0; c < 4; c++) {
            uint32_t w = k->enc[4 * (k->rounds - r) + c];
            k->dec[4 * r + c] = (r == 0 || r == k->rounds) ? w : inv_mix_column(w);
        }
    }
    return CM_OK;
}

/* ---- one block --------------------------------------------------------- */

void ref_aes_encrypt_block(const ref_aes_key *k, const uint8_t in[16], uint8_t out[16])
{
    const uint32_t *rk = k->enc;
    uint32_t s0 = ref_load32_be(in) ^ rk[0];
    uint32_t s1 = ref_load32_be(in + 4) ^ rk[1];
    uint32_t s2 = ref_load32_be(in + 8) ^ rk[2];
    uint32_t s3 = ref_load32_be(in + 12) ^ rk[3];
    uint32_t t0, t1, t2, t3;

    /* Rounds 1 .. rounds-1; ShiftRows moves row r left by r columns, so
     * output column c takes row r from input column c + r. */
    for (unsigned r = 1; r < k->rounds; r++) {
        rk += 4;
        t0 = Te0[B0(s0)] ^ Te1[B1(s1)] ^ Te2[B2(s2)] ^ Te3[B3(s3)] ^ rk[0];
        t1 = Te0[B0(s1)] ^ Te1[B1(s2)] ^ Te2[B2(s3)] ^ Te3[B3(s0)] ^ rk[1];
        t2 = Te0[B0(s2)] ^ Te1[B1(s3)] ^ Te2[B2(s0)] ^ Te3[B3(s1)] ^ rk[2];
        t3 = Te0[B0(s3)] ^ Te1[B1(s0)] ^ Te2[B2(s1)] ^ Te3[B3(s2)] ^ rk[3];
        s0 = t0, s1 = t1, s2 = t2, s3 = t3;
    }

    /* Last round: SubBytes, ShiftRows, AddRoundKey. */
    rk += 4;
    t0 = WORD(sbox[B0(s0)], sbox[B1(s1)], sbox[B2(s2)], sbox[B3(s3)]) ^ rk[0];
    t1 = WORD(sbox[B0(s1)], sbox[B1(s2)], sbox[B2(s3)], sbox[B3(s0)]) ^ rk[1];
    t2 = WORD(sbox[B0(s2)], sbox[B1(s3)], sbox[B2(s0)], sbox[B3(s1)]) ^ rk[2];
    t3 = WORD(sbox[B0(s3)], sbox[B1(s0)], sbox[B2(s1)], sbox[B3(s2)]) ^ rk[3];
    ref_store32_be(out, t0);
    ref_store32_be(out + 4, t1);
    ref_store32_be(out + 8, t2);
    ref_store32_be(out + 12, t3);
}

void ref_aes_decrypt_block(const ref_aes_key *k, const uint8_t in[16], uint8_t out[16])
{
    const uint32_t *rk = k->dec;
    uint32_t s0 = ref_load32_be(in) ^ rk[0];
    uint32_t s1 = ref_load32_be(in + 4) ^ rk[1];
    uint32_t s2 = ref_load32_be(in + 8) ^ rk[2];
    uint32_t s3 = ref_load32_be(in + 12) ^ rk[3];
    uint32_t t0, t1, t2, t3;

    /* InvShiftRows moves row r right by r columns, so output column c takes
     * row r from input column c - r. */
    for (unsigned r = 1; r < k->rounds; r++) {
        rk += 4;
        t0 = Td0[B0(s0)] ^ Td1[B1(s3)] ^ Td2[B2(s2)] ^ Td3[B3(s1)] ^ rk[0];
        t1 = Td0[B0(s1)] ^ Td1[B1(s0)] ^ Td2[B2(s3)] ^ Td3[B3(s2)] ^ rk[1];
        t2 = Td0[B0(s2)] ^ Td1[B1(s1)] ^ Td2[B2(s0)] ^ Td3[B3(s3)] ^ rk[2];
        t3 = Td0[B0(s3)] ^ Td1[B1(s2)] ^ Td2[B2(s1)] ^ Td3[B3(s0)] ^ rk[3];
        s0 = t0, s1 = t1, s2 = t2, s3 = t3;
    }

    /* Last round: InvShiftRows, InvSubBytes, AddRoundKey. */
    rk += 4;
    t0 = WORD(inv_sbox[B0(s0)], inv_sbox[B1(s3)], inv_sbox[B2(s2)], inv_sbox[B3(s1)]) ^ rk[0];
    t1 = WORD(inv_sbox[B0(s1)], inv_sbox[B1(s0)], inv_sbox[B2(s3)], inv_sbox[B3(s2)]) ^ rk[1];
    t2 = WORD(inv_sbox[B0(s2)], inv_sbox[B1(s1)], inv_sbox[B2(s0)], inv_sbox[B3(s3)]) ^ rk[2];
    t3 = WORD(inv_sbox[B0(s3)], inv_sbox[B1(s2)], inv_sbox[B2(s1)], inv_sbox[B3(s0)]) ^ rk[3];
    ref_store32_be(out, t0);
    ref_store32_be(out + 4, t1);
    ref_store32_be(out + 8, t2);
    ref_store32_be(out + 12, t3);
}
