/*
 * class_pke.c — the public-key encryption class (primitive.h,
 * cm_pke_vtable): encrypt and decrypt one message of the algorithm's
 * "message_bytes", figures per operation. The key pair is made once when
 * a bench is set up (key generation is timed by the signature rows).
 *
 * Encryption is randomised (OAEP), so ciphertexts are never compared: the
 * cross-check has each side encrypt to the other's public key (passed as
 * DER SubjectPublicKeyInfo) and the other decrypt, which must give back
 * the message; a ciphertext with one bit flipped must not decrypt.
 * Wycheproof RsaesOaepDecrypt groups give a private key (PKCS#8) and cases
 * of label, ciphertext and message.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "model/class.h"
#include "model/class_loop.h"
#include "model/kat_case.h"
#include "model/kept_key.h"

/* ---- measuring ---------------------------------------------------------------- */

/* The ciphertext goes to (encrypt) or comes from (decrypt) b->tag; the
 * message is b->in, decrypted into b->out. */
CM_TIMED_LOOP_WITH(run_encrypt, , size_t len = sizeof b->tag;,
                   b->vt.pke->encrypt(b->state, NULL, 0, b->in, b->size, b->tag, &len))

CM_TIMED_LOOP_WITH(run_decrypt, , size_t len = b->size;,
                   b->vt.pke->decrypt(b->state, NULL, 0, b->tag, b->tag_len, b->out, &len))

/* Binds the state to the algorithm, takes the kept key pair (kept_key.h) or
 * makes one, and the ciphertext the timed decrypt calls open. */
static int bench_open(cm_bench *b, cm_error *err)
{
    const cm_pke_vtable *vt = b->vt.pke;
    const char *step = "create";
    cm_rc rc = CM_OK;
    b->tag_len = sizeof b->tag;
    /* the kept key pair (kept_key.h), or a new one */
    if (!(b->state = cm_kept_key_take(vt)) && (rc = vt->create(&b->state, b->alg)) == CM_OK)
        step = "keygen", rc = vt->keygen(b->state);
    if (rc == CM_OK)
        step = "encrypt", rc = vt->encrypt(b->state, NULL, 0, b->in, b->size, b->tag, &b->tag_len);
    if (rc == CM_OK)
        return 0;
    vt->destroy(b->state); /* not kept: its key may be missing */
    b->state = NULL;
    return cm_error_set(err, CM_EXIT_FAILURES, "setting up a key pair and a ciphertext: %s "
                        "returned %s", step, kat_rc_name(rc));
}

/* The state and its key pair are kept for the next operation. */
static void bench_close(cm_bench *b)
{
    if (b->state)
        cm_kept_key_give(b->vt.pke, b->state, b->vt.pke->destroy);
}

static cm_rc nop_crypt(void *s, const uint8_t *l, size_t ll, const uint8_t *in, size_t len,
                       uint8_t *out, size_t *out_len)
{
    (void)s, (void)l, (void)ll, (void)in, (void)len, (void)out, (void)out_len;
    return CM_OK;
}
static const cm_pke_vtable nop = {NULL, NULL, NULL, NULL, NULL, nop_crypt, nop_crypt, NULL};

/* ---- checking ----------------------------------------------------------------- */

/* The longest message the algorithm encrypts: OAEP takes k - 2 hLen - 2
 * bytes of a k-byte modulus (SHA-256: hLen 32). */
static size_t max_message(const cm_algorithm *alg)
{
    return alg->out_len > 66 ? alg->out_len - 66 : 0;
}

/* The sender's state ss encrypts the first len bytes of c->msg to the
 * receiver's key; the receiver's state rs must decrypt it to the message
 * and refuse it with its last bit flipped (kat_pk_how.exchange). */
static int encrypt_then_decrypt(cm_cross_case *c, const void *sender_vt, void *ss,
                                const void *receiver_vt, void *rs, size_t len, const char *who)
{
    const cm_pke_vtable *sender = sender_vt, *receiver = receiver_vt;
    uint8_t *ct = c->out_a, *back = c->back_a;
    size_t ct_len = CM_BENCH_MAX_OUT, back_len = CM_BENCH_MAX_OUT;
    const char *step = "encrypt";
    cm_rc rc;
    if ((rc = sender->encrypt(ss, NULL, 0, c->msg, len, ct, &ct_len)) == CM_OK &&
        (step = "decrypt", rc = receiver->decrypt(rs, NULL, 0, ct, ct_len, back, &back_len)) ==
            CM_OK) {
        if (back_len != len || kat_diff_at(back, c->msg, len) != len) {
            rc = CM_ERR_INVALID;
            step = "decrypt gave back another message";
        } else {
            ct[ct_len - 1] ^= 1;
            back_len = CM_BENCH_MAX_OUT;
            step = "decrypt of the ciphertext with its last bit flipped (must be CM_ERR_AUTH)";
            rc = kat_must_refuse(receiver->decrypt(rs, NULL, 0, ct, ct_len, back, &back_len));
        }
    }
    return kat_pk_exchanged(c, rc, who, step);
}

/* The pke vtable of impl, for kat_pk_cross_one. */
static kat_pk_side side(const cm_impl *impl)
{
    return KAT_PK_SIDE(impl->vt.pke);
}

/* Lengths are cut to what the padding takes (max_message). */
static const kat_pk_how how = {
    .owner_produces = 0,
    .produced = "encrypted",
    .consumed = "decrypted",
    .create_user = "create (sender)",
    .max_len = max_message,
    .side = side,
    .exchange = encrypt_then_decrypt,
};

/* A decrypt case against c->impl: the private key f->v[0] (PKCS#8), the
 * label f->v[1], the ciphertext f->v[2] and the message f->v[3]. An
 * invalid ciphertext must give CM_ERR_AUTH. */
static int wp_decrypt(const cm_wp_case *c, const kat_fields *f, cm_kat_report *rep, char *why,
                      size_t why_len)
{
    const cm_pke_vtable *vt = c->impl->vt.pke;
    uint8_t out[CM_BENCH_MAX_OUT];
    size_t out_len = sizeof out;
    void *st;
    cm_rc rc = kat_keyed_state(vt->create, vt->set_private_key, c->alg, f->v[0], f->n[0], &st);
    (void)why, (void)why_len; /* every case of these fields fits */
    if (rc != CM_OK)
        kat_wp_create_failed(rep, c->label, rc, f->n[0]);
    else if ((rc = vt->decrypt(st, f->v[1], f->n[1], f->v[2], f->n[2], out, &out_len)) ==
             CM_ERR_UNSUPPORTED)
        /* parameters the implementation declines (a label Botan's FFI
         * cannot take): skipped, never passed (kat_wycheproof.c) */
        kat_skip(rep, "%s: decrypt returned CM_ERR_UNSUPPORTED", c->label);
    else if (kat_wp_auth_refusal(rep, c, "decrypt", "ciphertext", rc) &&
             kat_expect(rep, c->label, "the message", out, out_len, f->v[3], f->n[3]))
        kat_pass(rep);
    if (st)
        vt->destroy(st);
    return 0;
}

/* A decrypt case: the group's "privateKeyPkcs8", the case's "label", "ct"
 * and "msg". */
static int wycheproof_case(const cm_wp_case *c, cm_kat_report *rep, char *why, size_t why_len)
{
    static const char *const names[] = {"group.privateKeyPkcs8", "label", "ct", "msg", NULL};
    return kat_fields_case(c, names, wp_decrypt, rep, why, why_len);
}

const cm_class_module cm_class_pke = {
    CM_CLASS_BASICS(CM_CLASS_PKE, "pke", CM_UNIT_OP, pke, kat_pk_cross_one),
    .loops = {[CM_OP_ENCRYPT] = run_encrypt, [CM_OP_DECRYPT] = run_decrypt},
    .self_one = kat_pk_cross_one,
    .cross_how = " of message (cut to what the padding takes); each side decrypted what the "
                 "other encrypted to its public key and refused it with one bit flipped",
    .cross_lengths = 1,
    .pk_how = &how,
    .wycheproof_case = wycheproof_case,
};
