/*
 * twovariant.c — TEST ONLY: a backend with two variants of one algorithm
 * (fletcher32, the test-only checksum class) of which one is never
 * available, and two of sha256 that both run: `list`, `--filter`, the
 * table, the JSON and the CSV must tell them apart, and each must pass the
 * KAT gate and the cross-check on its own. The two fletcher32 variants
 * differ in how they walk the message (by 16-bit words, or two bytes at a
 * time), the two sha256 variants (`whole`, `blocks`) call the ref code
 * in one piece or in 64-byte blocks.
 */
#include <stdio.h>
#include <string.h>
#include "cryptometer/backend.h"
#include "impl/ref/sha256.h"

/* No state for any of these. */
static cm_rc no_create(void **state)
{
    *state = NULL;
    return CM_OK;
}
static void no_destroy(void *state)
{
    (void)state;
}

/* Fletcher-32 over little-endian 16-bit words (an odd last byte is a word
 * of its own), sums reduced mod 65535. */
static cm_rc fletcher_words(void *state, const uint8_t *msg, size_t len, uint32_t *out)
{
    uint32_t a = 0, b = 0;
    (void)state;
    for (size_t i = 0; i < len; i += 2) {
        uint32_t w = msg[i] | (i + 1 < len ? (uint32_t)msg[i + 1] << 8 : 0);
        a = (a + w) % 65535;
        b = (b + a) % 65535;
    }
    *out = b << 16 | a;
    return CM_OK;
}

/* Never available here, with a reason (it would be the same sum). */
static int never_available(char *why, size_t why_len)
{
    snprintf(why, why_len, "test backend: this variant is never available (checks that one "
             "variant of an algorithm can be unavailable while another runs)");
    return 0;
}

/* SHA-256 through the ref code in one call. */
static cm_rc sha256_whole(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    (void)state;
    ref_sha256(msg, len, out);
    return CM_OK;
}

/* SHA-256 through the ref code fed 64 bytes at a time. */
static cm_rc sha256_blocks(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    ref_sha256_ctx c;
    (void)state;
    ref_sha256_init(&c);
    for (size_t off = 0; off < len; off += 64)
        ref_sha256_update(&c, msg + off, len - off < 64 ? len - off : 64);
    ref_sha256_final(&c, out);
    return CM_OK;
}

static const cm_checksum_vtable fletcher = {no_create, fletcher_words, no_destroy};
static const cm_hash_vtable sha256_one = {no_create, sha256_whole, no_destroy};
static const cm_hash_vtable sha256_pieces = {no_create, sha256_blocks, no_destroy};

static const cm_impl twovariant_impls[] = {
    CM_IMPL_CHECKSUM("fletcher32", "words", &fletcher, NULL),
    CM_IMPL_CHECKSUM("fletcher32", "absent", &fletcher, never_available),
    CM_IMPL_HASH("sha256", "whole", &sha256_one, NULL),
    CM_IMPL_HASH("sha256", "blocks", &sha256_pieces, NULL),
};

const cm_backend cm_backend_twovariant = {
    .name = "twovariant",
    .description = "TEST ONLY: two variants of one algorithm, one of them unavailable",
    .impls = twovariant_impls,
    .n_impls = sizeof twovariant_impls / sizeof twovariant_impls[0],
    .test_only = 1,
};
