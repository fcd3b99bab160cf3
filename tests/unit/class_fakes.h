/*
 * class_fakes.h — the counting fakes the class tests drive (class_fakes.c):
 * for each class module (class.h) a table whose functions count their
 * calls in calls[] and do trivial deterministic work, an odd twin that gets
 * one output byte (3) wrong, and a few broken ones; the rows wrapping them;
 * cross(), which runs a class's cross-check on them. test_classes.c (the
 * bench steps), test_class_cross.c and test_class_cases.c use them.
 */
#ifndef CM_TESTS_CLASS_FAKES_H
#define CM_TESTS_CLASS_FAKES_H

#include <stddef.h>
#include "model/class.h"

/* The fakes' functions, each counted in calls[] when called. */
enum fn {
    F_CREATE, F_DESTROY, F_DIGEST, F_MAC, F_ENCRYPT, F_DECRYPT, F_SEAL, F_OPEN, F_KEYGEN,
    F_SIGN, F_VERIFY, F_SET_PUB, F_GET_PUB, F_SUM, F_DERIVE, F_SET_PRIV, F_GENERATE, F_RETRIES,
    F_ENCAPS, F_DECAPS, F_COUNT
};
extern unsigned long calls[F_COUNT];

#define SIG_LEN 64  /* a fake signature (ed25519's length) */

/* Sets every count of calls[] to 0. */
void reset_calls(void);

/* The sum of calls[]. */
unsigned long all_calls(void);

/* Frees a fake's state (counted as F_DESTROY). */
void fake_destroy(void *state);

extern const cm_hash_vtable hash_vt, hash_odd_vt;
extern const cm_mac_vtable mac_vt, mac_odd_vt;
extern const cm_cipher_vtable cipher_vt, cipher_odd_vt;
extern const cm_aead_vtable aead_vt, aead_odd_vt;
/* sig_refuses_vt: a verify that refuses every signature */
extern const cm_signature_vtable sig_vt, sig_odd_vt, sig_refuses_vt;
/* xorshift bytes with a retry note; all zeros; the same bytes each call; biased */
extern const cm_rng_vtable rng_vt, rng_zeros_vt, rng_repeat_vt, rng_biased_vt;
extern const cm_kex_vtable kex_vt, kex_odd_vt;
/* sticky: the same secret for any ciphertext; short: a ciphertext one byte short */
extern const cm_kem_vtable kem_vt, kem_odd_vt, kem_sticky_vt, kem_short_vt;
extern const cm_pke_vtable pke_vt, pke_odd_vt;
#ifdef CM_TEST_CLASSES
extern const cm_checksum_vtable sum_vt, sum_odd_vt;
#endif

/* A row "fake" of each class over the right fake. */
extern const cm_impl hash_impl, mac_impl, cbc_impl, aead_impl, sig_impl, rng_impl, kex_impl,
    pke_impl, kem_impl;
#ifdef CM_TEST_CLASSES
extern const cm_impl sum_impl;
#endif

/* Runs the class's cross_one (or, peer NULL, its self_one) on
 * deterministic inputs of size bytes; 1 or 0 with detail. */
int cross(const cm_impl *impl, const cm_impl *peer, size_t size, char *detail, size_t detail_len);

#endif
