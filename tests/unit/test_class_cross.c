/*
 * test_class_cross.c — each class module's cross-check (class.h) over the
 * counting fakes of class_fakes.h: cross_one accepts two fakes that give
 * the same outputs and reports the first differing byte when the peer
 * differs (for signatures: a peer whose verify refuses everything fails
 * it); without a peer, self_one checks what an implementation can of
 * itself. The rng class has no cross_one: its self_one passes a fake
 * source of xorshift bytes and fails an all-zeros one, a repeating one and
 * a biased one, and keeps a retry note. The checksum class is in test
 * builds only (CM_TEST_CLASSES).
 */
#include <stdio.h>
#include "check.h"
#include "model/class.h"
#include "class_fakes.h"

/* impl agrees with same (another fake giving the same outputs) and not
 * with odd, whose difference the detail names with want. */
static void cross_pair(const cm_impl *impl, const cm_impl *same, const cm_impl *odd,
                       const char *want)
{
    char detail[384];
    int ok = cross(impl, same, 64, detail, sizeof detail);
    CHECK(ok);
    if (!ok)
        fprintf(stderr, "  %s: %s\n", impl->algorithm, detail);
    CHECK(!cross(impl, odd, 64, detail, sizeof detail));
    CHECK_CONTAINS(detail, want);
    CHECK_CONTAINS(detail, "seed 0x0000000000001234");
}

/* hash, mac, cipher (with and without a peer), aead. */
static void test_cross_symmetric(void)
{
    static const cm_impl hash_b = CM_IMPL_HASH("sha256", "b", &hash_vt, NULL);
    static const cm_impl hash_odd = CM_IMPL_HASH("sha256", "odd", &hash_odd_vt, NULL);
    cross_pair(&hash_impl, &hash_b, &hash_odd, "digest differs from peer:fake at byte 3 of 32");

    static const cm_impl mac_b = CM_IMPL_MAC("hmac-sha256", "b", &mac_vt, NULL);
    static const cm_impl mac_odd = CM_IMPL_MAC("hmac-sha256", "odd", &mac_odd_vt, NULL);
    cross_pair(&mac_impl, &mac_b, &mac_odd, "tag differs from peer:fake at byte 3 of 32");

    static const cm_impl ctr = CM_IMPL_CIPHER("aes-128-ctr", "fake", &cipher_vt, NULL);
    static const cm_impl ctr_b = CM_IMPL_CIPHER("aes-128-ctr", "b", &cipher_vt, NULL);
    static const cm_impl ctr_odd = CM_IMPL_CIPHER("aes-128-ctr", "odd", &cipher_odd_vt, NULL);
    cross_pair(&ctr, &ctr_b, &ctr_odd, "encrypt output differs from peer:fake at byte 3 of 64");
    static const cm_impl cbc_b = CM_IMPL_CIPHER("aes-128-cbc", "b", &cipher_vt, NULL);
    static const cm_impl cbc_odd = CM_IMPL_CIPHER("aes-128-cbc", "odd", &cipher_odd_vt, NULL);
    cross_pair(&cbc_impl, &cbc_b, &cbc_odd, "at byte 3 of 64");
    char detail[384];
    CHECK(cross(&ctr, NULL, 100, detail, sizeof detail));
    /* without a peer: an odd cipher does not decrypt what it encrypted */
    CHECK(!cross(&ctr_odd, NULL, 100, detail, sizeof detail));
    CHECK_CONTAINS(detail, "decrypt output differs from the original message at byte 3");

    static const cm_impl aead_b = CM_IMPL_AEAD("aes-128-gcm", "b", &aead_vt, NULL);
    static const cm_impl aead_odd = CM_IMPL_AEAD("aes-128-gcm", "odd", &aead_odd_vt, NULL);
    cross_pair(&aead_impl, &aead_b, &aead_odd, "seal tag differs from peer:fake at byte 3 of 16");
}

/* signature: an odd peer and one whose verify refuses everything fail it. */
static void test_cross_signature(void)
{
    char detail[384];
    static const cm_impl sig_b = CM_IMPL_SIGNATURE("ed25519", "b", &sig_vt, NULL);
    static const cm_impl sig_odd = CM_IMPL_SIGNATURE("ed25519", "odd", &sig_odd_vt, NULL);
    static const cm_impl sig_refuses = CM_IMPL_SIGNATURE("ed25519", "refuses", &sig_refuses_vt,
                                                         NULL);
    cross_pair(&sig_impl, &sig_b, &sig_odd, "verified by peer:fake: verify returned CM_ERR_AUTH");
    CHECK(!cross(&sig_impl, &sig_refuses, 32, detail, sizeof detail));
    CHECK_CONTAINS(detail, "verify returned CM_ERR_AUTH");
    CHECK(cross(&sig_impl, NULL, 32, detail, sizeof detail));
    CHECK(!cross(&sig_refuses, NULL, 32, detail, sizeof detail));
}

/* rng: no peer ever; the self-check passes a working source (with its
 * retry note) and fails each broken one with what is wrong */
static void test_cross_rng(void)
{
    char detail[384];
    CHECK(cm_class_module_of(CM_CLASS_RNG)->cross_one == NULL);
    CHECK(cm_class_module_of(CM_CLASS_RNG)->no_peer != NULL);
    static const cm_impl rng_zeros = CM_IMPL_RNG("random", "zeros", &rng_zeros_vt, NULL);
    static const cm_impl rng_repeat = CM_IMPL_RNG("random", "repeat", &rng_repeat_vt, NULL);
    static const cm_impl rng_biased = CM_IMPL_RNG("random", "biased", &rng_biased_vt, NULL);
    static const size_t rng_sizes[] = {0, 1, 15, 64, 1000};
    for (size_t i = 0; i < sizeof rng_sizes / sizeof rng_sizes[0]; i++) {
        int ok = cross(&rng_impl, NULL, rng_sizes[i], detail, sizeof detail);
        CHECK(ok);
        if (!ok)
            fprintf(stderr, "  rng %zu bytes: %s\n", rng_sizes[i], detail);
        CHECK_CONTAINS(detail, "retries: 3 of 200");
        CHECK(!cross(&rng_biased, NULL, rng_sizes[i], detail, sizeof detail));
        CHECK_CONTAINS(detail, "monobit");
    }
    CHECK(!cross(&rng_zeros, NULL, 64, detail, sizeof detail));
    CHECK_CONTAINS(detail, "all zeros");
    CHECK(!cross(&rng_zeros, NULL, 0, detail, sizeof detail)); /* 16 bytes compared at least */
    CHECK_CONTAINS(detail, "all zeros");
    CHECK(!cross(&rng_repeat, NULL, 64, detail, sizeof detail));
    CHECK_CONTAINS(detail, "two in a row are equal");
}

/* kex, kem (no implicit rejection, a short ciphertext), pke, checksum. */
static void test_cross_public_key(void)
{
    char detail[384];
    static const cm_impl kex_b = CM_IMPL_KEX("x25519", "b", &kex_vt, NULL);
    static const cm_impl kex_odd = CM_IMPL_KEX("x25519", "odd", &kex_odd_vt, NULL);
    cross_pair(&kex_impl, &kex_b, &kex_odd, "the shared secret differs from peer:fake at byte 3 of 32");
    CHECK(cross(&kex_impl, NULL, 32, detail, sizeof detail));

    static const cm_impl kem_b = CM_IMPL_KEM("ml-kem-512", "b", &kem_vt, NULL);
    static const cm_impl kem_odd = CM_IMPL_KEM("ml-kem-512", "odd", &kem_odd_vt, NULL);
    static const cm_impl kem_sticky = CM_IMPL_KEM("ml-kem-512", "sticky", &kem_sticky_vt, NULL);
    static const cm_impl kem_short = CM_IMPL_KEM("ml-kem-512", "short", &kem_short_vt, NULL);
    cross_pair(&kem_impl, &kem_b, &kem_odd,
               "the decapsulated secret differs from peer:fake at byte 3 of 32");
    CHECK(cross(&kem_impl, NULL, 32, detail, sizeof detail));
    /* no implicit rejection: a flipped ciphertext gave the same secret */
    CHECK(!cross(&kem_impl, &kem_sticky, 32, detail, sizeof detail));
    CHECK_CONTAINS(detail, "gave the same secret for a ciphertext with its last bit flipped");
    CHECK(!cross(&kem_short, NULL, 32, detail, sizeof detail));
    CHECK_CONTAINS(detail, "a ciphertext of 767 bytes (ml-kem-512: 768)");

    static const cm_impl pke_b = CM_IMPL_PKE("rsa-2048-oaep-sha256", "b", &pke_vt, NULL);
    static const cm_impl pke_odd = CM_IMPL_PKE("rsa-2048-oaep-sha256", "odd", &pke_odd_vt, NULL);
    cross_pair(&pke_impl, &pke_b, &pke_odd, "decrypt gave back another message");
    CHECK(cross(&pke_impl, NULL, 32, detail, sizeof detail));
    CHECK(!cross(&pke_odd, NULL, 32, detail, sizeof detail));

#ifdef CM_TEST_CLASSES
    static const cm_impl sum_b = CM_IMPL_CHECKSUM("fletcher32", "b", &sum_vt, NULL);
    static const cm_impl sum_odd = CM_IMPL_CHECKSUM("fletcher32", "odd", &sum_odd_vt, NULL);
    cross_pair(&sum_impl, &sum_b, &sum_odd, "sum differs from peer:fake at byte 0 of 4");
#endif
}

int main(void)
{
    test_cross_symmetric();
    test_cross_signature();
    test_cross_rng();
    test_cross_public_key();
    return check_done("test_class_cross");
}
