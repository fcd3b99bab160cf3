/*
 * gcrypt_rsa_der.c — the DER forms of RSA keys the public-key classes
 * exchange (docs/adding-a-backend.md, "Public-key rows"), to and from
 * libgcrypt's integers: libgcrypt reads and writes keys only as
 * S-expressions, never as DER.
 *
 * Read: SubjectPublicKeyInfo { rsaEncryption, BIT STRING { RSAPublicKey
 * { n, e } } } (RFC 5280, RFC 8017 appendix A.1.1), in strict DER:
 * definite minimal lengths, minimal positive INTEGERs, the
 * AlgorithmIdentifier with its NULL parameters byte for byte, nothing
 * after the last element. Write: the SubjectPublicKeyInfo of (n, e).
 */
#include <string.h>
#include "gcrypt_internal.h"

/* AlgorithmIdentifier { rsaEncryption (1.2.840.113549.1.1.1), NULL } */
static const uint8_t rsa_alg_id[15] = {0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86,
                                       0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00};

enum { TAG_INTEGER = 0x02, TAG_BIT_STRING = 0x03, TAG_SEQUENCE = 0x30 };

/* A span of DER still to read. */
typedef struct der_span {
    const uint8_t *p;
    size_t n;
} der_span;

/* Takes the next element of in, which must have tag, into *content. 0, or
 * -1 when it is absent, of another tag, or its length is not minimal DER
 * (at most three length bytes: our keys are far below 16 MB). */
static int take(der_span *in, uint8_t tag, der_span *content)
{
    size_t len, head = 2;
    if (in->n < 2 || in->p[0] != tag)
        return -1;
    len = in->p[1];
    if (len & 0x80) {
        size_t k = len & 0x7f;
        if (k < 1 || k > 3 || in->n < 2 + k || in->p[2] == 0)
            return -1;
        len = 0;
        for (size_t i = 0; i < k; i++)
            len = len << 8 | in->p[2 + i];
        if (len < 0x80)
            return -1; /* the short form was required */
        head += k;
    }
    if (in->n - head < len)
        return -1;
    content->p = in->p + head;
    content->n = len;
    in->p += head + len;
    in->n -= head + len;
    return 0;
}

/* Takes the next element of in, a positive minimal INTEGER, into *x (a new
 * integer). 0 or -1. */
static int take_uint(der_span *in, gcry_mpi_t *x)
{
    der_span v;
    if (take(in, TAG_INTEGER, &v) != 0 || v.n == 0 || (v.p[0] & 0x80)
        || (v.n > 1 && v.p[0] == 0 && !(v.p[1] & 0x80)))
        return -1;
    return gcry_mpi_scan(x, GCRYMPI_FMT_USG, v.p, v.n, NULL) == 0 ? 0 : -1;
}

/* Takes rsaEncryption's AlgorithmIdentifier from in. 0 or -1. */
static int take_rsa_alg_id(der_span *in)
{
    if (in->n < sizeof rsa_alg_id || memcmp(in->p, rsa_alg_id, sizeof rsa_alg_id) != 0)
        return -1;
    in->p += sizeof rsa_alg_id;
    in->n -= sizeof rsa_alg_id;
    return 0;
}

/* See gcrypt_internal.h. */
int gc_rsa_spki_read(const uint8_t *der, size_t len, gcry_mpi_t *n, gcry_mpi_t *e)
{
    der_span in = {der, len}, spki, bits, key;
    *n = *e = NULL;
    if (take(&in, TAG_SEQUENCE, &spki) != 0 || in.n != 0 || take_rsa_alg_id(&spki) != 0
        || take(&spki, TAG_BIT_STRING, &bits) != 0 || spki.n != 0 || bits.n < 1
        || bits.p[0] != 0) /* no unused bits */
        return -1;
    bits.p++, bits.n--;
    if (take(&bits, TAG_SEQUENCE, &key) == 0 && bits.n == 0 && take_uint(&key, n) == 0
        && take_uint(&key, e) == 0 && key.n == 0)
        return 0;
    gcry_mpi_release(*n);
    gcry_mpi_release(*e);
    *n = *e = NULL;
    return -1;
}

/* ---- writing ---------------------------------------------------------------- */

/* The bytes of a DER length field for len. */
static size_t len_size(size_t len)
{
    return len < 0x80 ? 1 : len < 0x100 ? 2 : 3;
}

/* Writes tag and the length len at out; returns the bytes written. */
static size_t put_head(uint8_t *out, uint8_t tag, size_t len)
{
    size_t k = len_size(len);
    out[0] = tag;
    if (k == 1) {
        out[1] = (uint8_t)len;
    } else {
        out[1] = (uint8_t)(0x80 | (k - 1));
        for (size_t i = 0; i < k - 1; i++)
            out[2 + i] = (uint8_t)(len >> (8 * (k - 2 - i)));
    }
    return 1 + k;
}

/* The content bytes of the INTEGER x >= 0: its big-endian magnitude, with
 * a leading zero when its top bit is set. */
static size_t uint_len(gcry_mpi_t x)
{
    unsigned bits = gcry_mpi_get_nbits(x);
    return bits / 8 + 1; /* (bits + 7) / 8, plus one when bits % 8 == 0 */
}

/* Writes the INTEGER x at out; returns the bytes written, 0 on failure. */
static size_t put_uint(uint8_t *out, gcry_mpi_t x)
{
    size_t n = uint_len(x), h = put_head(out, TAG_INTEGER, n), w = 0;
    uint8_t *v = out + h;
    size_t mag = (gcry_mpi_get_nbits(x) + 7) / 8;
    memset(v, 0, n - mag);
    if (mag > 0 && (gcry_mpi_print(GCRYMPI_FMT_USG, v + n - mag, mag, &w, x) != 0 || w != mag))
        return 0;
    return h + n;
}

/* See gcrypt_internal.h. */
int gc_rsa_spki_write(gcry_mpi_t n, gcry_mpi_t e, uint8_t *der, size_t *len)
{
    size_t ln = uint_len(n), le = uint_len(e), p = 0, w;
    size_t seq = 1 + len_size(ln) + ln + 1 + len_size(le) + le; /* RSAPublicKey's content */
    size_t bits = 1 + 1 + len_size(seq) + seq;                  /* the BIT STRING's */
    size_t total = sizeof rsa_alg_id + 1 + len_size(bits) + bits;

    if (total > 0xffff || *len < 1 + len_size(total) + total)
        return -1;
    p += put_head(der + p, TAG_SEQUENCE, total);
    memcpy(der + p, rsa_alg_id, sizeof rsa_alg_id);
    p += sizeof rsa_alg_id;
    p += put_head(der + p, TAG_BIT_STRING, bits);
    der[p++] = 0; /* no unused bits */
    p += put_head(der + p, TAG_SEQUENCE, seq);
    if ((w = put_uint(der + p, n)) == 0)
        return -1;
    p += w;
    if ((w = put_uint(der + p, e)) == 0)
        return -1;
    *len = p + w;
    return 0;
}
