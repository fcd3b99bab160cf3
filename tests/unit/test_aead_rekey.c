/*
 * test_aead_rekey.c — the AEAD table's rekey (primitive.h), which
 * seal-newkey times where it is there: for every AEAD implementation of
 * this build that has one and can run here, a state made with key A and
 * re-keyed to key B seals exactly as a state made with B (ciphertext and
 * tag), opens that message (the other direction takes the new key too),
 * no longer opens a message sealed under A, and refuses a key of another
 * length. With no such implementation there is nothing to check: it says
 * so and exits 77 (CTest: skipped).
 */
#include <stdio.h>
#include <string.h>
#include "check.h"
#include "cryptometer/algorithm.h"
#include "registry/registry.h"

#define MSG_LEN 100 /* not a whole number of blocks: the last partial one too */
#define AAD_LEN 13

/* One seal of the fixed message under state st; 0 or the library's code. */
static cm_rc seal(const cm_aead_vtable *vt, void *st, const cm_algorithm *alg, uint8_t *ct,
                  uint8_t *tag)
{
    uint8_t nonce[64], aad[AAD_LEN], msg[MSG_LEN];
    for (size_t i = 0; i < sizeof msg; i++)
        msg[i] = (uint8_t)(i * 7 + 1);
    memset(nonce, 0x24, sizeof nonce);
    memset(aad, 0x5a, sizeof aad);
    return vt->seal(st, nonce, alg->iv_len, aad, AAD_LEN, msg, MSG_LEN, ct, tag, alg->out_len);
}

static cm_rc open_msg(const cm_aead_vtable *vt, void *st, const cm_algorithm *alg,
                      const uint8_t *ct, const uint8_t *tag)
{
    uint8_t nonce[64], aad[AAD_LEN], out[MSG_LEN];
    memset(nonce, 0x24, sizeof nonce);
    memset(aad, 0x5a, sizeof aad);
    return vt->open(st, nonce, alg->iv_len, aad, AAD_LEN, ct, MSG_LEN, out, tag, alg->out_len);
}

/* The checks of the header on one implementation. */
static void check_rekey(const char *name, const cm_aead_vtable *vt, const cm_algorithm *alg)
{
    uint8_t key_a[64], key_b[64], ct_a[MSG_LEN], tag_a[32], ct_b[MSG_LEN], tag_b[32];
    uint8_t ct[MSG_LEN], tag[32];
    void *fresh = NULL, *st = NULL;
    memset(key_a, 0x11, sizeof key_a);
    memset(key_b, 0xc3, sizeof key_b);
    printf("%s\n", name);
    CHECK(vt->create(&st, key_a, alg->key_len) == CM_OK);
    CHECK(vt->create(&fresh, key_b, alg->key_len) == CM_OK);
    if (!st || !fresh)
        goto out;
    CHECK(seal(vt, st, alg, ct_a, tag_a) == CM_OK);
    CHECK(seal(vt, fresh, alg, ct_b, tag_b) == CM_OK);
    CHECK(vt->rekey(st, key_b, alg->key_len) == CM_OK);
    CHECK(seal(vt, st, alg, ct, tag) == CM_OK);
    CHECK(memcmp(ct, ct_b, MSG_LEN) == 0 && memcmp(tag, tag_b, alg->out_len) == 0);
    CHECK(memcmp(ct, ct_a, MSG_LEN) != 0); /* the key did change */
    CHECK(open_msg(vt, st, alg, ct_b, tag_b) == CM_OK);
    CHECK(open_msg(vt, st, alg, ct_a, tag_a) == CM_ERR_AUTH);
    CHECK(vt->rekey(st, key_b, alg->key_len + 1) == CM_ERR_INVALID);
out:
    vt->destroy(st);
    vt->destroy(fresh);
}

int main(void)
{
    int n = 0;
    for (size_t i = 0; i < cm_registry_count(); i++) {
        const cm_backend *b = cm_registry_backend(i);
        size_t n_impls;
        const cm_impl *impls = cm_backend_impls(b, &n_impls);
        for (size_t k = 0; k < n_impls; k++) {
            const cm_impl *im = &impls[k];
            const cm_algorithm *alg = cm_algorithm_find(im->algorithm);
            char why[256], name[128];
            if (im->cls != CM_CLASS_AEAD || !im->vt.aead || !im->vt.aead->rekey || !alg ||
                !cm_impl_available(b, im, why, sizeof why))
                continue;
            snprintf(name, sizeof name, "%s:%s/%s", b->name, im->variant, im->algorithm);
            check_rekey(name, im->vt.aead, alg);
            n++;
        }
    }
    if (n == 0) {
        printf("SKIPPED: no AEAD implementation with rekey can run in this build\n");
        return 77;
    }
    return check_done("test_aead_rekey");
}
