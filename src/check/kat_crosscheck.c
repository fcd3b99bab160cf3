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
 * What is compared for one set of inputs is the class module's (class.h,
 * cross_one; for ciphers also the stream of pieces the benchmarks time).
 * Without a peer, a class may check the implementation against itself
 * (self_one): the cross-check's status is then "none" unless that fails.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/class.h"
#include "check/kat.h"
#include "check/kat_internal.h"

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

/* sizes and the odd sizes, each rounded up to a multiple of block and to
 * at least min (a data unit's least length), sorted,
 * without duplicates, into a new array (*out); returns the count, or 0
 * with *out NULL when out of memory. */
static size_t all_sizes(const size_t *sizes, size_t n, size_t block, size_t min, size_t **out)
{
    size_t n_odd = sizeof odd_sizes / sizeof odd_sizes[0], k = 0;
    size_t *v = malloc((n + n_odd) * sizeof *v);
    *out = v;
    if (!v)
        return 0;
    for (size_t i = 0; i < n + n_odd; i++) {
        size_t s = i < n ? sizes[i] : odd_sizes[i - n];
        s = block > 1 ? (s + block - 1) / block * block : s;
        v[i] = s < min ? min : s;
    }
    qsort(v, n + n_odd, sizeof *v, cmp_size);
    for (size_t i = 0; i < n + n_odd; i++)
        if (k == 0 || v[i] != v[k - 1])
            v[k++] = v[i];
    return k;
}

/* ---- one size ------------------------------------------------------------------ */

/* The inputs and outputs of one size; every buffer holds at least
 * max(size, CM_BENCH_MAX_OUT) + 1 bytes. */
typedef struct bufs {
    uint8_t key[CM_BENCH_MAX_KEY], iv[CM_BENCH_MAX_IV], aad[AAD_MAX];
    uint8_t *msg, *out_a, *out_b, *back_a, *back_b, *tag_a, *tag_b;
} bufs;

/* Frees what bufs_alloc allocated (and tolerates a partial failure). */
static void bufs_free(bufs *b)
{
    uint8_t **all[] = {&b->msg, &b->out_a, &b->out_b, &b->back_a, &b->back_b, &b->tag_a, &b->tag_b};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        free(*all[i]);
        *all[i] = NULL;
    }
}

/* Allocates b's buffers for size bytes; 0, or -1 (all freed). */
static int bufs_alloc(bufs *b, size_t size)
{
    size_t n = (size > CM_BENCH_MAX_OUT ? size : CM_BENCH_MAX_OUT) + 1;
    uint8_t **all[] = {&b->msg, &b->out_a, &b->out_b, &b->back_a, &b->back_b, &b->tag_a, &b->tag_b};
    memset(b, 0, sizeof *b);
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (!(*all[i] = calloc(1, n))) {
            bufs_free(b);
            return -1;
        }
    return 0;
}

/* Draws the inputs of one size and runs check (the class's cross_one or
 * self_one) on them. Returns 1, or 0 with rep->cross_detail. */
static int one_size(int (*check)(cm_cross_case *), const cm_impl *impl, const cm_impl *peer,
                    const cm_algorithm *alg, const char *peer_name, size_t size,
                    const size_t *lengths, size_t n_lengths, cm_kat_report *rep)
{
    uint64_t seed = CROSS_SEED ^ ((uint64_t)size * 0x9e3779b97f4a7c15ULL);
    bufs b;
    prng p;
    if (bufs_alloc(&b, size) != 0) {
        snprintf(rep->cross_detail, sizeof rep->cross_detail,
                 "out of memory for %zu-byte messages", size);
        return 0;
    }
    prng_seed(&p, seed);
    prng_fill(&p, b.key, alg->key_len);
    prng_fill(&p, b.iv, alg->iv_len);
    size_t aad_len = 0;
    if (alg->cls == CM_CLASS_AEAD) {
        aad_len = prng_next(&p) % (AAD_MAX + 1);
        prng_fill(&p, b.aad, aad_len);
    }
    prng_fill(&p, b.msg, size);
    cm_cross_case c = {alg, impl, peer, peer_name, size, seed, b.key, b.iv, b.aad, b.msg,
                       aad_len, b.out_a, b.out_b, b.back_a, b.back_b, b.tag_a, b.tag_b,
                       rep->cross_detail, sizeof rep->cross_detail, lengths, n_lengths};
    int ok = check(&c);
    bufs_free(&b);
    return ok;
}

/* Runs check at every size of the cross-check; returns 1 or 0. *n and
 * *all receive the sizes (the caller frees *all). */
static int every_size(int (*check)(cm_cross_case *), const cm_impl *impl, const cm_impl *peer,
                      const cm_algorithm *alg, const char *peer_name, const size_t *sizes,
                      size_t n_sizes, size_t **all, size_t *n, cm_kat_report *rep)
{
    /* figures per operation do not depend on the sizes of the run */
    if (cm_class_of(alg)->unit == CM_UNIT_OP)
        n_sizes = 0;
    *n = all_sizes(sizes, n_sizes, alg->block_len, alg->data_unit_min, all);
    if (!*all) {
        snprintf(rep->cross_detail, sizeof rep->cross_detail, "out of memory");
        return 0;
    }
    int ok = 1;
    /* a self-check says where it is too: a slow source (a virtio-rng at 8 kB/s) spends
     * seconds at a size, and the parent's time-out counts from the last message */
    const char *what = peer ? "cross-check vs " : "self-check", *whom = peer ? peer_name : "";
    /* a class that makes its keys once checks every length in one call,
     * on the inputs of the largest */
    if (cm_class_of(alg)->cross_lengths) {
        kat_progress("%s%s: %zu lengths", what, whom, *n);
        return one_size(check, impl, peer, alg, peer_name, (*all)[*n - 1], *all, *n, rep);
    }
    for (size_t i = 0; i < *n && ok; i++) {
        kat_progress("%s%s: %zu bytes", what, whom, (*all)[i]);
        ok = one_size(check, impl, peer, alg, peer_name, (*all)[i], NULL, 0, rep);
    }
    return ok;
}

/* See kat.h. */
int cm_kat_crosscheck(const cm_impl *impl, const cm_algorithm *alg, const cm_impl *peer,
                      const char *peer_name, const size_t *sizes, size_t n_sizes,
                      cm_kat_report *rep)
{
    const cm_class_module *m = cm_class_of(alg);
    const char *self_name = m->self_name ? m->self_name : CM_SELF_ANOTHER_STATE;
    const char *how = m->cross_how ? m->cross_how : "";
    size_t *all = NULL, n = 0;
    int ok;
    if (alg->key_len > CM_BENCH_MAX_KEY || alg->iv_len > CM_BENCH_MAX_IV ||
        alg->out_len > CM_BENCH_MAX_OUT) {
        rep->cross = CM_CHECK_FAILED;
        snprintf(rep->cross_detail, sizeof rep->cross_detail,
                 "%s has lengths the cross-check cannot hold (key %zu, iv %zu, out %zu)", alg->name,
                 alg->key_len, alg->iv_len, alg->out_len);
        return 0;
    }
    if (!peer) {
        rep->cross_peer[0] = '\0';
        ok = !m->self_one || every_size(m->self_one, impl, NULL, alg, self_name, sizes,
                                        n_sizes, &all, &n, rep);
        char note[sizeof rep->cross_detail]; /* what self_one left on success */
        snprintf(note, sizeof note, "%s%s", rep->cross_detail[0] ? "; " : "", rep->cross_detail);
        if (ok && m->self_one)
            snprintf(rep->cross_detail, sizeof rep->cross_detail, "not run: %s; checked against "
                     "%s instead on %zu sizes%s%s", peer_name, self_name, n, how,
                     note);
        else if (ok)
            snprintf(rep->cross_detail, sizeof rep->cross_detail, "not run: %s", peer_name);
        free(all);
        rep->cross = ok ? CM_CHECK_NONE : CM_CHECK_FAILED;
        return ok;
    }
    snprintf(rep->cross_peer, sizeof rep->cross_peer, "%s", peer_name);
    ok = every_size(m->cross_one, impl, peer, alg, peer_name, sizes, n_sizes, &all, &n, rep);
    if (ok)
        snprintf(rep->cross_detail, sizeof rep->cross_detail,
                 "matched %s on %zu sizes from %zu to %zu bytes%s (seed 0x%016llx ^ size * "
                 "0x9e3779b97f4a7c15)", peer_name, n, all[0], all[n - 1], how,
                 (unsigned long long)CROSS_SEED);
    free(all);
    rep->cross = ok ? CM_CHECK_PASSED : CM_CHECK_FAILED;
    return ok;
}
