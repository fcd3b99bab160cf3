/*
 * kat_crosscheck.c — the cross-check (see cm_kat_crosscheck in kat.h):
 * the implementation under test and a peer from another backend get the
 * same random inputs, and every output must be the same. Known-answer
 * vectors cover a few lengths; this covers every size that will be timed,
 * and the odd sizes around block boundaries where tail handling goes wrong.
 *
 * Inputs come from xoshiro256** seeded, for each size, with
 * CROSS_SEED ^ (size * 0x9e3779b97f4a7c15) (through splitmix64), drawn in
 * this order: key (the algorithm's key length), IV or nonce, AAD length
 * (0..32) and AAD (AEAD only), message. A failure names the size and the
 * seed, so it reproduces.
 *
 * Ciphers are then fed the same message again as a stream of pieces (the
 * first call with the IV, the next ones with iv NULL; primitive.h): the
 * benchmarks time them that way, so the way must be right. Each piece must
 * give the bytes of the one-shot output at its place; a failure names the
 * piece, its length and its offset.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/kat.h"
#include "core/kat_internal.h"

#define CROSS_SEED 0x63727970746f6d65ULL /* "cryptome" */
#define AAD_MAX 32

static const size_t odd_sizes[] = {0, 1, 15, 17, 33, 1000};

/* ---- deterministic generator ---------------------------------------------- */

typedef struct prng {
    uint64_t s[4];
} prng;

/* splitmix64 (Vigna): the next output of the sequence at *x. */
static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Seeds p from one 64-bit value (through splitmix64, as recommended). */
static void prng_seed(prng *p, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        p->s[i] = splitmix64(&seed);
}

/* x rotated left by k (0 < k < 64). */
static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

/* xoshiro256** (Blackman and Vigna): the next 64 bits. */
static uint64_t prng_next(prng *p)
{
    uint64_t *s = p->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* Fills buf with the next n bytes of p. */
static void prng_fill(prng *p, uint8_t *buf, size_t n)
{
    while (n) {
        uint64_t r = prng_next(p);
        size_t k = n < 8 ? n : 8;
        memcpy(buf, &r, k);
        buf += k;
        n -= k;
    }
}

/* ---- sizes ------------------------------------------------------------------- */

/* qsort order of size_t values. */
static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

/* sizes and the odd sizes, each rounded up to a multiple of block, sorted,
 * without duplicates, into a new array (*out); returns the count, or 0
 * with *out NULL when out of memory. */
static size_t all_sizes(const size_t *sizes, size_t n, size_t block, size_t **out)
{
    size_t n_odd = sizeof odd_sizes / sizeof odd_sizes[0], k = 0;
    size_t *v = malloc((n + n_odd) * sizeof *v);
    *out = v;
    if (!v)
        return 0;
    for (size_t i = 0; i < n + n_odd; i++) {
        size_t s = i < n ? sizes[i] : odd_sizes[i - n];
        v[i] = block > 1 ? (s + block - 1) / block * block : s;
    }
    qsort(v, n + n_odd, sizeof *v, cmp_size);
    for (size_t i = 0; i < n + n_odd; i++)
        if (k == 0 || v[i] != v[k - 1])
            v[k++] = v[i];
    return k;
}

/* ---- one size ------------------------------------------------------------------ */

/* Buffers for one size; every pointer is valid (at least one byte). */
typedef struct bufs {
    uint8_t key[64], iv[64], aad[AAD_MAX];
    size_t aad_len;
    uint8_t *msg, *out_a, *out_b, *back_a, *back_b;
    uint8_t tag_a[64], tag_b[64];
} bufs;

/* Compares what impl (a) and peer (b) gave for step what; writes detail
 * and returns 0 when they differ. */
static int same(const char *what, const char *peer_name, const uint8_t *a, const uint8_t *b,
                size_t n, size_t size, uint64_t seed, char *detail, size_t detail_len)
{
    size_t at = kat_diff_at(a, b, n);
    if (at == n)
        return 1;
    snprintf(detail, detail_len, "%s differs from %s at byte %zu of %zu (0x%02x vs 0x%02x; "
             "%zu-byte message, seed 0x%016llx)", what, peer_name, at, n, a[at], b[at], size,
             (unsigned long long)seed);
    return 0;
}

/* Writes "<who>: <op> returned <rc> (...)" into detail; returns 0. */
static int op_failed(const char *who, const char *op, int rc, size_t size, uint64_t seed,
                     char *detail, size_t detail_len)
{
    snprintf(detail, detail_len, "%s: %s returned %s (%zu-byte message, seed 0x%016llx)", who, op,
             kat_rc_name(rc), size, (unsigned long long)seed);
    return 0;
}

/* ---- ciphers as streams -------------------------------------------------------- */

/* Piece lengths after which the rest of the message goes in one call:
 * bytes for stream modes (not multiples of 16, to cross block boundaries
 * inside calls and between them), whole blocks for block modes. */
static const size_t stream_piece_bytes[] = {1, 15, 17, 33};
static const size_t block_piece_blocks[] = {1, 2, 3};

/* Length of piece number i (from 0) of a stream with left bytes to go. */
static size_t piece_len(const cm_algorithm *alg, size_t i, size_t left)
{
    size_t n;
    if (alg->block_len > 1)
        n = i < sizeof block_piece_blocks / sizeof block_piece_blocks[0]
                ? block_piece_blocks[i] * alg->block_len
                : left;
    else
        n = i < sizeof stream_piece_bytes / sizeof stream_piece_bytes[0] ? stream_piece_bytes[i]
                                                                         : left;
    return n < left ? n : left;
}

/* How many pieces a message of size bytes is cut into (at least one: an
 * empty message is one empty call with the IV). */
static size_t piece_count(const cm_algorithm *alg, size_t size)
{
    size_t n = 0, off = 0;
    do
        off += piece_len(alg, n++, size - off);
    while (off < size);
    return n;
}

/* One direction of a message fed in pieces. */
typedef struct stream {
    int decrypt;
    const uint8_t *in, *want; /* the input; the one-shot output it must give */
    uint8_t *out;
    size_t off, piece, pieces;
} stream;

/* Feeds the next piece of s to impl (state st); returns 1 when it gave the
 * one-shot output's bytes, else 0 with detail. how says how the pieces are
 * fed ("" or ", interleaved with ..."). */
static int stream_step(const cm_cipher_vtable *v, void *st, const cm_algorithm *alg,
                       const uint8_t *iv, stream *s, size_t size, const char *peer_name,
                       const char *how, uint64_t seed, char *detail, size_t dl)
{
    size_t n = piece_len(alg, s->piece, size - s->off);
    const uint8_t *piece_iv = s->piece == 0 ? iv : NULL;
    const char *op = s->decrypt ? "decrypt" : "encrypt";
    int rc = s->decrypt ? v->decrypt(st, piece_iv, s->in + s->off, s->out + s->off, n)
                        : v->encrypt(st, piece_iv, s->in + s->off, s->out + s->off, n);
    s->piece++;
    char what[160];
    snprintf(what, sizeof what, "%s in pieces%s: piece %zu of %zu (%zu bytes at offset %zu, "
             "iv %s)", op, how, s->piece, s->pieces, n, s->off, piece_iv ? "given" : "NULL");
    if (rc != CM_OK)
        return op_failed("this implementation", what, rc, size, seed, detail, dl);
    size_t at = kat_diff_at(s->out + s->off, s->want + s->off, n);
    if (at < n) {
        snprintf(detail, dl, "%s differs from the one-shot %s (this implementation's and %s's) "
                 "at byte %zu of %zu (0x%02x vs 0x%02x; seed 0x%016llx)", what, op, peer_name,
                 s->off + at, size, s->out[s->off + at], s->want[s->off + at],
                 (unsigned long long)seed);
        return 0;
    }
    s->off += n;
    return 1;
}

/* Encrypts b->msg and decrypts the peer's ciphertext (b->out_b) again
 * with impl's state st, in pieces: each direction alone, then the two
 * interleaved. Every piece must match the one-shot outputs (b->out_b and
 * b->back_b, already known to equal impl's own). Returns 1, or 0 with
 * detail. Overwrites b->out_a and b->back_a. */
static int stream_check(const cm_cipher_vtable *v, void *st, const cm_algorithm *alg, bufs *b,
                        size_t size, const char *peer_name, uint64_t seed, char *detail,
                        size_t dl)
{
    size_t pieces = piece_count(alg, size);
    kat_progress("cross-check vs %s: %zu bytes in %zu pieces", peer_name, size, pieces);
    for (int interleaved = 0; interleaved < 2; interleaved++) {
        stream enc = {0, b->msg, b->out_b, b->out_a, 0, 0, pieces};
        stream dec = {1, b->out_b, b->back_b, b->back_a, 0, 0, pieces};
        memset(b->out_a, 0, size + 1);
        memset(b->back_a, 0, size + 1);
        if (!interleaved) {
            while (enc.piece < pieces)
                if (!stream_step(v, st, alg, b->iv, &enc, size, peer_name, "", seed, detail, dl))
                    return 0;
            while (dec.piece < pieces)
                if (!stream_step(v, st, alg, b->iv, &dec, size, peer_name, "", seed, detail, dl))
                    return 0;
        } else {
            while (enc.piece < pieces) {
                if (!stream_step(v, st, alg, b->iv, &enc, size, peer_name,
                                 ", interleaved with the decrypt pieces on the same state", seed,
                                 detail, dl) ||
                    !stream_step(v, st, alg, b->iv, &dec, size, peer_name,
                                 ", interleaved with the encrypt pieces on the same state", seed,
                                 detail, dl))
                    return 0;
            }
        }
    }
    return 1;
}

/* ---- one size, both sides ---------------------------------------------------------- */

/* Runs both sides on the inputs in b; returns 1 when every output
 * matched, else 0 with detail. */
static int compare_one(const cm_impl *impl, const cm_impl *peer, const cm_algorithm *alg,
                       const char *peer_name, bufs *b, size_t size, uint64_t seed,
                       char *detail, size_t dl)
{
    void *sa = NULL, *sb = NULL;
    int ok = 0, ra, rb;
    char peer_who[96];
    snprintf(peer_who, sizeof peer_who, "peer %s", peer_name);
    switch (alg->cls) {
    case CM_CLASS_HASH: {
        const cm_hash_vtable *va = impl->vtable, *vb = peer->vtable;
        if ((ra = va->create(&sa)) != CM_OK)
            return op_failed("this implementation", "create", ra, size, seed, detail, dl);
        if ((rb = vb->create(&sb)) != CM_OK) {
            va->destroy(sa);
            return op_failed(peer_who, "create", rb, size, seed, detail, dl);
        }
        if ((ra = va->digest(sa, b->msg, size, b->out_a)) != CM_OK)
            op_failed("this implementation", "digest", ra, size, seed, detail, dl);
        else if ((rb = vb->digest(sb, b->msg, size, b->out_b)) != CM_OK)
            op_failed(peer_who, "digest", rb, size, seed, detail, dl);
        else
            ok = same("digest", peer_name, b->out_a, b->out_b, alg->out_len, size, seed, detail, dl);
        va->destroy(sa);
        vb->destroy(sb);
        return ok;
    }
    case CM_CLASS_MAC: {
        const cm_mac_vtable *va = impl->vtable, *vb = peer->vtable;
        if ((ra = va->create(&sa, b->key, alg->key_len)) != CM_OK)
            return op_failed("this implementation", "create", ra, size, seed, detail, dl);
        if ((rb = vb->create(&sb, b->key, alg->key_len)) != CM_OK) {
            va->destroy(sa);
            return op_failed(peer_who, "create", rb, size, seed, detail, dl);
        }
        if ((ra = va->mac(sa, b->msg, size, b->out_a)) != CM_OK)
            op_failed("this implementation", "mac", ra, size, seed, detail, dl);
        else if ((rb = vb->mac(sb, b->msg, size, b->out_b)) != CM_OK)
            op_failed(peer_who, "mac", rb, size, seed, detail, dl);
        else
            ok = same("tag", peer_name, b->out_a, b->out_b, alg->out_len, size, seed, detail, dl);
        va->destroy(sa);
        vb->destroy(sb);
        return ok;
    }
    case CM_CLASS_CIPHER: {
        const cm_cipher_vtable *va = impl->vtable, *vb = peer->vtable;
        if ((ra = va->create(&sa, b->key, alg->key_len)) != CM_OK)
            return op_failed("this implementation", "create", ra, size, seed, detail, dl);
        if ((rb = vb->create(&sb, b->key, alg->key_len)) != CM_OK) {
            va->destroy(sa);
            return op_failed(peer_who, "create", rb, size, seed, detail, dl);
        }
        if ((ra = va->encrypt(sa, b->iv, b->msg, b->out_a, size)) != CM_OK)
            op_failed("this implementation", "encrypt", ra, size, seed, detail, dl);
        else if ((rb = vb->encrypt(sb, b->iv, b->msg, b->out_b, size)) != CM_OK)
            op_failed(peer_who, "encrypt", rb, size, seed, detail, dl);
        else if (!same("encrypt output", peer_name, b->out_a, b->out_b, size, size, seed, detail, dl))
            ;
        else if ((ra = va->decrypt(sa, b->iv, b->out_b, b->back_a, size)) != CM_OK)
            op_failed("this implementation", "decrypt", ra, size, seed, detail, dl);
        else if ((rb = vb->decrypt(sb, b->iv, b->out_b, b->back_b, size)) != CM_OK)
            op_failed(peer_who, "decrypt", rb, size, seed, detail, dl);
        else
            ok = same("decrypt output", peer_name, b->back_a, b->back_b, size, size, seed, detail, dl) &&
                 same("decrypt output", "the original message", b->back_a, b->msg, size, size, seed,
                      detail, dl) &&
                 stream_check(va, sa, alg, b, size, peer_name, seed, detail, dl);
        va->destroy(sa);
        vb->destroy(sb);
        return ok;
    }
    case CM_CLASS_AEAD: {
        const cm_aead_vtable *va = impl->vtable, *vb = peer->vtable;
        size_t tl = alg->out_len;
        if ((ra = va->create(&sa, b->key, alg->key_len)) != CM_OK)
            return op_failed("this implementation", "create", ra, size, seed, detail, dl);
        if ((rb = vb->create(&sb, b->key, alg->key_len)) != CM_OK) {
            va->destroy(sa);
            return op_failed(peer_who, "create", rb, size, seed, detail, dl);
        }
        const uint8_t *n = b->iv, *aad = b->aad;
        size_t nl = alg->iv_len, al = b->aad_len;
        if ((ra = va->seal(sa, n, nl, aad, al, b->msg, size, b->out_a, b->tag_a, tl)) != CM_OK)
            op_failed("this implementation", "seal", ra, size, seed, detail, dl);
        else if ((rb = vb->seal(sb, n, nl, aad, al, b->msg, size, b->out_b, b->tag_b, tl)) != CM_OK)
            op_failed(peer_who, "seal", rb, size, seed, detail, dl);
        else if (!same("seal output", peer_name, b->out_a, b->out_b, size, size, seed, detail, dl) ||
                 !same("seal tag", peer_name, b->tag_a, b->tag_b, tl, size, seed, detail, dl))
            ;
        else if ((ra = va->open(sa, n, nl, aad, al, b->out_b, size, b->back_a, b->tag_b, tl)) != CM_OK)
            op_failed("this implementation", "open", ra, size, seed, detail, dl);
        else if ((rb = vb->open(sb, n, nl, aad, al, b->out_b, size, b->back_b, b->tag_b, tl)) != CM_OK)
            op_failed(peer_who, "open", rb, size, seed, detail, dl);
        else if (!same("open output", peer_name, b->back_a, b->back_b, size, size, seed, detail, dl) ||
                 !same("open output", "the original message", b->back_a, b->msg, size, size, seed,
                       detail, dl))
            ;
        else {
            /* A forged tag (last bit flipped) must not open. */
            b->tag_b[tl - 1] ^= 1;
            ra = va->open(sa, n, nl, aad, al, b->out_b, size, b->back_a, b->tag_b, tl);
            if (ra == CM_OK)
                snprintf(detail, dl, "open accepted a forged tag (%zu-byte message, seed 0x%016llx)",
                         size, (unsigned long long)seed);
            else if (ra != CM_ERR_AUTH)
                op_failed("this implementation", "open with a forged tag", ra, size, seed, detail, dl);
            else
                ok = 1;
        }
        va->destroy(sa);
        vb->destroy(sb);
        return ok;
    }
    default:
        snprintf(detail, dl, "no cross-check for class %s", cm_class_name(alg->cls));
        return 0;
    }
}

/* Allocates b's message buffers for size bytes (at least one byte each,
 * and at least the algorithm's output length for digests and tags). */
static int bufs_alloc(bufs *b, size_t size, size_t out_len)
{
    size_t n = (size > out_len ? size : out_len) + 1;
    b->msg = malloc(n);
    b->out_a = malloc(n);
    b->out_b = malloc(n);
    b->back_a = malloc(n);
    b->back_b = malloc(n);
    return b->msg && b->out_a && b->out_b && b->back_a && b->back_b ? 0 : -1;
}

/* Frees what bufs_alloc allocated (and tolerates a partial failure). */
static void bufs_free(bufs *b)
{
    free(b->msg);
    free(b->out_a);
    free(b->out_b);
    free(b->back_a);
    free(b->back_b);
}

/* See kat.h. */
/* With no peer: a cipher's own one-shot outputs (encrypt, then decrypt
 * back to the message) become the reference its stream of pieces must
 * match. Returns 1 when they do, else 0 with detail. */
static int self_stream_one(const cm_impl *impl, const cm_algorithm *alg, bufs *b, size_t size,
                           uint64_t seed, char *detail, size_t dl)
{
    const cm_cipher_vtable *v = impl->vtable;
    const char *self = "its own one-shot output";
    void *st;
    int rc, ok = 0;
    if ((rc = v->create(&st, b->key, alg->key_len)) != CM_OK)
        return op_failed("this implementation", "create", rc, size, seed, detail, dl);
    if ((rc = v->encrypt(st, b->iv, b->msg, b->out_b, size)) != CM_OK)
        op_failed("this implementation", "encrypt", rc, size, seed, detail, dl);
    else if ((rc = v->decrypt(st, b->iv, b->out_b, b->back_b, size)) != CM_OK)
        op_failed("this implementation", "decrypt", rc, size, seed, detail, dl);
    else
        ok = same("decrypt output", "the original message", b->back_b, b->msg, size, size, seed,
                  detail, dl) &&
             stream_check(v, st, alg, b, size, self, seed, detail, dl);
    v->destroy(st);
    return ok;
}

/* The stream check of a cipher that has no peer, at every size; sets
 * rep->cross to none (nothing was compared with another backend) or to
 * failed. Returns 1 unless the stream disagreed with itself. */
static int self_stream_check(const cm_impl *impl, const cm_algorithm *alg, const size_t *sizes,
                             size_t n_sizes, const char *why_no_peer, cm_kat_report *rep)
{
    size_t *all = NULL;
    size_t n = all_sizes(sizes, n_sizes, alg->block_len, &all);
    int ok = all != NULL;
    for (size_t i = 0; i < n && ok; i++) {
        uint64_t seed = CROSS_SEED ^ ((uint64_t)all[i] * 0x9e3779b97f4a7c15ULL);
        bufs b;
        prng p;
        memset(&b, 0, sizeof b);
        if (bufs_alloc(&b, all[i], alg->out_len) != 0) {
            ok = 0;
            snprintf(rep->cross_detail, sizeof rep->cross_detail, "out of memory");
        } else {
            prng_seed(&p, seed);
            prng_fill(&p, b.key, alg->key_len);
            prng_fill(&p, b.iv, alg->iv_len);
            prng_fill(&p, b.msg, all[i]);
            ok = self_stream_one(impl, alg, &b, all[i], seed, rep->cross_detail,
                                 sizeof rep->cross_detail);
        }
        bufs_free(&b);
    }
    if (ok)
        snprintf(rep->cross_detail, sizeof rep->cross_detail,
                 "not run: %s; the stream of pieces matched its own one-shot output on %zu sizes",
                 why_no_peer, n);
    free(all);
    rep->cross = ok ? CM_CHECK_NONE : CM_CHECK_FAILED;
    return ok;
}

int cm_kat_crosscheck(const cm_impl *impl, const cm_algorithm *alg, const cm_impl *peer,
                      const char *peer_name, const size_t *sizes, size_t n_sizes,
                      cm_kat_report *rep)
{
    if (!peer) {
        rep->cross = CM_CHECK_NONE;
        rep->cross_peer[0] = '\0';
        snprintf(rep->cross_detail, sizeof rep->cross_detail, "not run: %s", peer_name);
        return alg->cls == CM_CLASS_CIPHER
                   ? self_stream_check(impl, alg, sizes, n_sizes, peer_name, rep)
                   : 1;
    }
    snprintf(rep->cross_peer, sizeof rep->cross_peer, "%s", peer_name);
    if (alg->key_len > sizeof ((bufs *)0)->key || alg->iv_len > sizeof ((bufs *)0)->iv ||
        alg->out_len > sizeof ((bufs *)0)->tag_a) {
        rep->cross = CM_CHECK_FAILED;
        snprintf(rep->cross_detail, sizeof rep->cross_detail,
                 "%s has lengths the cross-check cannot hold (key %zu, iv %zu, out %zu)", alg->name,
                 alg->key_len, alg->iv_len, alg->out_len);
        return 0;
    }
    size_t *all = NULL;
    size_t n = all_sizes(sizes, n_sizes, alg->block_len, &all);
    if (!all) {
        rep->cross = CM_CHECK_FAILED;
        snprintf(rep->cross_detail, sizeof rep->cross_detail, "out of memory");
        return 0;
    }
    int ok = 1;
    for (size_t i = 0; i < n && ok; i++) {
        size_t size = all[i];
        uint64_t seed = CROSS_SEED ^ ((uint64_t)size * 0x9e3779b97f4a7c15ULL);
        bufs b;
        memset(&b, 0, sizeof b);
        kat_progress("cross-check vs %s: %zu bytes", peer_name, size);
        if (bufs_alloc(&b, size, alg->out_len) != 0) {
            snprintf(rep->cross_detail, sizeof rep->cross_detail,
                     "out of memory for %zu-byte messages", size);
            ok = 0;
        } else {
            prng p;
            prng_seed(&p, seed);
            prng_fill(&p, b.key, alg->key_len);
            prng_fill(&p, b.iv, alg->iv_len);
            if (alg->cls == CM_CLASS_AEAD) {
                b.aad_len = prng_next(&p) % (AAD_MAX + 1);
                prng_fill(&p, b.aad, b.aad_len);
            }
            prng_fill(&p, b.msg, size);
            ok = compare_one(impl, peer, alg, peer_name, &b, size, seed, rep->cross_detail,
                             sizeof rep->cross_detail);
        }
        bufs_free(&b);
    }
    if (ok)
        snprintf(rep->cross_detail, sizeof rep->cross_detail,
                 "matched %s on %zu sizes from %zu to %zu bytes%s (seed 0x%016llx ^ size * "
                 "0x9e3779b97f4a7c15)", peer_name, n, all[0], all[n - 1],
                 alg->cls != CM_CLASS_CIPHER ? ""
                 : alg->block_len > 1
                     ? ", in one call and as a stream of pieces (1, 2, 3 blocks, then the rest; "
                       "each direction alone and interleaved)"
                     : ", in one call and as a stream of pieces (1, 15, 17, 33 bytes, then the "
                       "rest; each direction alone and interleaved)",
                 (unsigned long long)CROSS_SEED);
    free(all);
    rep->cross = ok ? CM_CHECK_PASSED : CM_CHECK_FAILED;
    return ok;
}
