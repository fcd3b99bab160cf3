/*
 * class_signature.c — the signature class (primitive.h,
 * cm_signature_vtable): key generation, signing and verifying, figures per
 * operation (ops/s, µs and cycles per operation), on a message of the
 * algorithm's "message_bytes".
 *
 * Signatures may be randomised (ECDSA), so they are never compared byte
 * for byte: the cross-check has each side verify what the other signed
 * (the public key passes as DER SubjectPublicKeyInfo), and a signature
 * with one bit flipped must not verify. Each side makes one key pair for
 * all the message lengths (RSA key generation takes seconds). Without a peer the implementation
 * verifies its own signatures. Wycheproof EddsaVerify and EcdsaVerify
 * groups give a public key (publicKeyDer) and cases of message and
 * signature that must verify (valid) or not (invalid); MlDsaVerify groups
 * too, whose malformed public keys must be refused at set_public_key and
 * whose cases with a non-empty context string ("ctx") are skipped (the
 * table signs and verifies with the empty context).
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

CM_TIMED_LOOP(run_keygen, b->vt.signature->keygen(b->state))

CM_TIMED_LOOP_WITH(run_sign, , size_t len = sizeof b->tag;,
                   b->vt.signature->sign(b->state, b->in, b->size, b->tag, &len))

CM_TIMED_LOOP(run_verify, b->vt.signature->verify(b->state, b->in, b->size, b->tag, b->tag_len))

/* Binds the state to the algorithm and, unless keygen is timed, takes the
 * kept key pair (kept_key.h) or makes one, and the signature the timed
 * verify calls check. */
static int bench_open(cm_bench *b, cm_error *err)
{
    const cm_signature_vtable *vt = b->vt.signature;
    cm_rc rc = CM_OK;
    /* the keygen loop needs no key yet (RSA-4096 takes a second a key) */
    if (b->op == CM_OP_KEYGEN)
        rc = vt->create(&b->state, b->alg);
    else if (!(b->state = cm_kept_key_take(vt)) && (rc = vt->create(&b->state, b->alg)) == CM_OK)
        rc = vt->keygen(b->state);
    b->tag_len = sizeof b->tag;
    if (rc == CM_OK && b->op != CM_OP_KEYGEN)
        rc = vt->sign(b->state, b->in, b->size, b->tag, &b->tag_len);
    if (rc == CM_OK)
        return 0;
    vt->destroy(b->state); /* not kept: its key may be missing */
    b->state = NULL;
    return cm_error_set(err, CM_EXIT_FAILURES, "setting up a key and a signature returned %s",
                        kat_rc_name(rc));
}

/* A state with its key pair (every operation's but keygen's) is kept for the next one. */
static void bench_close(cm_bench *b)
{
    if (b->state && b->op != CM_OP_KEYGEN)
        cm_kept_key_give(b->vt.signature, b->state, b->vt.signature->destroy);
    else if (b->state)
        b->vt.signature->destroy(b->state);
}

static cm_rc nop_sign(void *s, const uint8_t *m, size_t l, uint8_t *sig, size_t *sl)
{
    (void)s, (void)m, (void)l, (void)sig, (void)sl;
    return CM_OK;
}
static cm_rc nop_verify(void *s, const uint8_t *m, size_t l, const uint8_t *sig, size_t sl)
{
    (void)s, (void)m, (void)l, (void)sig, (void)sl;
    return CM_OK;
}
static const cm_signature_vtable nop = {NULL, cm_nop_state, nop_sign, nop_verify,
                                        NULL, NULL, NULL};

/* ---- checking ----------------------------------------------------------------- */

/* The signer's state ss signs the first len bytes of c->msg; the
 * signature must be the row's signature_bytes when it gives one (the
 * fixed sizes of ML-DSA and SLH-DSA); the verifier's state vs must accept
 * it and refuse it with its last bit flipped (kat_pk_how.exchange). */
static int sign_then_verify(cm_cross_case *c, const void *signer_vt, void *ss,
                            const void *verifier_vt, void *vs, size_t len, const char *who)
{
    const cm_signature_vtable *signer = signer_vt, *verifier = verifier_vt;
    uint8_t *sig = c->out_a;
    size_t sig_len = CM_BENCH_MAX_OUT;
    const char *step = "sign";
    cm_rc rc;
    const char *fixed = cm_algorithm_param(c->alg, "signature_bytes");
    if ((rc = signer->sign(ss, c->msg, len, sig, &sig_len)) == CM_OK && fixed &&
        sig_len != (size_t)strtoul(fixed, NULL, 10)) {
        snprintf(c->detail, c->detail_len, "%s: a signature of %zu bytes (%s: %s)", who, sig_len,
                 c->alg->name, fixed);
        return 0;
    }
    if (rc == CM_OK &&
        (step = "verify", rc = verifier->verify(vs, c->msg, len, sig, sig_len)) == CM_OK) {
        sig[sig_len - 1] ^= 1;
        step = "verify of the signature with its last bit flipped (must be CM_ERR_AUTH)";
        rc = kat_must_refuse(verifier->verify(vs, c->msg, len, sig, sig_len));
    }
    return kat_pk_exchanged(c, rc, who, step);
}

/* The signature vtable of impl, for kat_pk_cross_one. */
static kat_pk_side side(const cm_impl *impl)
{
    return KAT_PK_SIDE(impl->vt.signature);
}

static const kat_pk_how how = {
    .owner_produces = 1,
    .produced = "signed",
    .consumed = "verified",
    .create_user = "create (verifier)",
    .side = side,
    .exchange = sign_then_verify,
};

/* A verify case against c->impl: the public key f->v[0] (DER), the
 * message f->v[1] and the signature f->v[2]; one whose "ctx" is not empty
 * is skipped. */
static int wp_verify(const cm_wp_case *c, const kat_fields *f, cm_kat_report *rep, char *why,
                     size_t why_len)
{
    const cm_signature_vtable *vt = c->impl->vt.signature;
    const char *ctx = json_string_value(json_object_get(c->test, "ctx"));
    void *st = NULL;
    (void)why, (void)why_len; /* every case of these fields fits */
    if (ctx && ctx[0]) {
        kat_skip(rep, "%s: a context string of %zu bytes (the signature table signs with an "
                 "empty one)", c->label, strlen(ctx) / 2);
        return 0;
    }
    cm_rc rc = kat_keyed_state(vt->create, vt->set_public_key, c->alg, f->v[0], f->n[0], &st);
    if (rc == CM_ERR_INVALID && c->result == CM_WP_INVALID)
        kat_pass(rep); /* a malformed public key (ML-DSA: a wrong length), refused */
    else if (rc != CM_OK)
        kat_fail(rep, "%s: create or set_public_key (%zu-byte DER) returned %s", c->label,
                 f->n[0], kat_rc_name(rc));
    else if (kat_wp_auth_refusal(rep, c, "verify", "signature",
                                 vt->verify(st, f->v[1], f->n[1], f->v[2], f->n[2])))
        kat_pass(rep);
    if (st)
        vt->destroy(st);
    return 0;
}

/* A verify case: the group's "publicKeyDer" (or "keyDer"), the case's
 * "msg" and "sig". */
static int wycheproof_case(const cm_wp_case *c, cm_kat_report *rep, char *why, size_t why_len)
{
    const char *names[] = {json_object_get(c->group, "publicKeyDer") ? "group.publicKeyDer"
                                                                      : "group.keyDer",
                           "msg", "sig", NULL};
    return kat_fields_case(c, names, wp_verify, rep, why, why_len);
}

const cm_class_module cm_class_signature = {
    CM_CLASS_BASICS(CM_CLASS_SIGNATURE, "signature", CM_UNIT_OP, signature, kat_pk_cross_one),
    .loops = {[CM_OP_KEYGEN] = run_keygen, [CM_OP_SIGN] = run_sign, [CM_OP_VERIFY] = run_verify},
    .self_one = kat_pk_cross_one,
    .cross_how = " of message; each side verified the other's signatures and refused them "
                 "with one bit flipped",
    .cross_lengths = 1,
    .pk_how = &how,
    .wycheproof_case = wycheproof_case,
};
