/*
 * class_kem.c — the key encapsulation class (primitive.h, cm_kem_vtable):
 * key generation, encapsulation and decapsulation, figures per operation.
 *
 * keygen makes a new key pair; encapsulate imports the peer's
 * encapsulation key and encapsulates to it (what a TLS server does with a
 * client's key share); decapsulate recovers the secret from a ciphertext
 * with the state's private key. Every output is checked against the sizes
 * on the wire the algorithm row gives (public_key_bytes, ciphertext_bytes,
 * secret_bytes: FIPS 203's), at set-up and in the cross-check.
 *
 * The cross-check encapsulates in one implementation to a key pair of the
 * other, which decapsulates: both secrets must be the same bytes. The
 * ciphertext with one bit flipped must still decapsulate (FIPS 203
 * implicit rejection: CM_OK) to a different secret. Wycheproof MLKEMTest
 * cases give a seed (d || z), the encapsulation key it makes, a ciphertext
 * and its secret; MLKEMEncapsTest cases an encapsulation key, the
 * encapsulation's randomness m, and the ciphertext and secret. Invalid
 * seeds, ciphertexts (wrong lengths) and keys (wrong lengths, coefficients
 * not reduced mod q) must be refused.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "model/class.h"
#include "model/class_loop.h"
#include "model/kat_case.h"

/* Where the set-up keeps the peer's key or the ciphertext (b->tag's first
 * half) and where encapsulate writes its ciphertext (the second half). */
#define HALF (CM_BENCH_MAX_OUT / 2)

/* The row's size parameter key ("ciphertext_bytes"), 0 when it has none. */
static size_t row_size(const cm_algorithm *alg, const char *key)
{
    const char *v = cm_algorithm_param(alg, key);
    return v ? (size_t)strtoul(v, NULL, 10) : 0;
}

/* 1 when len is the row's key bytes (or the row gives none), else 0 with
 * what is wrong in why. */
static int right_size(const cm_algorithm *alg, const char *key, const char *what, size_t len,
                      char *why, size_t why_len)
{
    size_t want = row_size(alg, key);
    if (!want || len == want)
        return 1;
    snprintf(why, why_len, "%s of %zu bytes (%s: %zu)", what, len, alg->name, want);
    return 0;
}

/* ---- measuring ---------------------------------------------------------------- */

CM_TIMED_LOOP(run_keygen, b->vt.kem->keygen(b->state))

/* The peer's encapsulation key is b->tag (b->tag_len bytes); the
 * ciphertext goes to the second half of b->tag, the secret to b->out. */
CM_TIMED_LOOP_WITH(run_encapsulate, , size_t ct_len = HALF; size_t ss_len = b->alg->out_len;,
                   b->vt.kem->encapsulate(b->state, b->tag, b->tag_len, NULL, 0, b->tag + HALF, &ct_len, b->out, &ss_len))

/* The ciphertext is b->tag (b->tag_len bytes); the secret goes to b->out. */
CM_TIMED_LOOP_WITH(run_decapsulate, , size_t ss_len = b->alg->out_len;,
                   b->vt.kem->decapsulate(b->state, b->tag, b->tag_len, b->out, &ss_len))

/* Binds the state to the algorithm and, unless keygen is timed, makes its
 * key pair and the peer key (its own public key) that encapsulate imports,
 * or the ciphertext decapsulate opens; their sizes must be the row's. */
static int bench_open(cm_bench *b, cm_error *err)
{
    const cm_kem_vtable *vt = b->vt.kem;
    const char *step = "create";
    char why[160] = "";
    size_t ss_len = b->alg->out_len, ct_len = HALF;
    cm_rc rc = CM_ERR_INVALID;
    b->tag_len = HALF;
    if (b->alg->out_len <= 64 && (rc = vt->create(&b->state, b->alg)) == CM_OK &&
        b->op == CM_OP_KEYGEN)
        return 0; /* the keygen loop needs nothing more */
    if (rc == CM_OK && (step = "keygen", rc = vt->keygen(b->state)) == CM_OK &&
        (step = "get_public_key", rc = vt->get_public_key(b->state, b->tag, &b->tag_len)) ==
            CM_OK &&
        right_size(b->alg, "public_key_bytes", "a public key", b->tag_len, why, sizeof why) &&
        b->op == CM_OP_DECAPSULATE &&
        (step = "encapsulate", rc = vt->encapsulate(b->state, b->tag, b->tag_len, NULL, 0,
                                                    b->tag + HALF, &ct_len, b->out, &ss_len)) ==
            CM_OK &&
        right_size(b->alg, "ciphertext_bytes", "a ciphertext", ct_len, why, sizeof why)) {
        memmove(b->tag, b->tag + HALF, ct_len);
        b->tag_len = ct_len;
    }
    if (rc != CM_OK)
        return cm_error_set(err, CM_EXIT_FAILURES, "setting up a key pair%s: %s returned %s",
                            b->op == CM_OP_DECAPSULATE ? " and a ciphertext" : "", step,
                            kat_rc_name(rc));
    return why[0] ? cm_error_set(err, CM_EXIT_FAILURES, "the implementation gave %s", why) : 0;
}

CM_BENCH_CLOSE(kem)

static cm_rc nop_encapsulate(void *s, const uint8_t *p, size_t pl, const uint8_t *e, size_t el,
                             uint8_t *ct, size_t *cl, uint8_t *ss, size_t *sl)
{
    (void)s, (void)p, (void)pl, (void)e, (void)el, (void)ct, (void)cl, (void)ss, (void)sl;
    return CM_OK;
}
static cm_rc nop_decapsulate(void *s, const uint8_t *ct, size_t cl, uint8_t *ss, size_t *sl)
{
    (void)s, (void)ct, (void)cl, (void)ss, (void)sl;
    return CM_OK;
}
static const cm_kem_vtable nop = {NULL, cm_nop_state, NULL, NULL, nop_encapsulate,
                                  nop_decapsulate, NULL};

/* ---- checking ----------------------------------------------------------------- */

/* enc (named enc_name in failures) encapsulates to a new key pair of dec
 * (dec_name), which decapsulates: the same secret, of the row's sizes; the
 * ciphertext with its last bit flipped decapsulates to another secret.
 * 1, or 0 with c->detail. */
static int one_way(cm_cross_case *c, const cm_kem_vtable *enc, const char *enc_name,
                   const cm_kem_vtable *dec, const char *dec_name)
{
    void *se = NULL, *sd = NULL;
    uint8_t *pub = c->tag_a, *ct = c->out_a, *ss_enc = c->back_a, *ss_dec = c->back_b;
    size_t pub_len = CM_BENCH_MAX_OUT, ct_len = CM_BENCH_MAX_OUT, se_len = CM_BENCH_MAX_OUT,
           sd_len = CM_BENCH_MAX_OUT;
    const char *step = "create";
    char why[160] = "";
    cm_rc rc;
    if ((rc = dec->create(&sd, c->alg)) == CM_OK && (step = "keygen", rc = dec->keygen(sd)) ==
                                                        CM_OK &&
        (step = "get_public_key", rc = dec->get_public_key(sd, pub, &pub_len)) == CM_OK &&
        (step = "create (encapsulating side)", rc = enc->create(&se, c->alg)) == CM_OK &&
        (step = "encapsulate to the other's key",
         rc = enc->encapsulate(se, pub, pub_len, NULL, 0, ct, &ct_len, ss_enc, &se_len)) ==
            CM_OK &&
        right_size(c->alg, "public_key_bytes", "a public key", pub_len, why, sizeof why) &&
        right_size(c->alg, "ciphertext_bytes", "a ciphertext", ct_len, why, sizeof why) &&
        right_size(c->alg, "secret_bytes", "a secret", se_len, why, sizeof why) &&
        (step = "decapsulate the other's ciphertext",
         rc = dec->decapsulate(sd, ct, ct_len, ss_dec, &sd_len)) == CM_OK &&
        right_size(c->alg, "secret_bytes", "a secret", sd_len, why, sizeof why) &&
        kat_cross_same(c, "the decapsulated secret", dec_name, ss_enc, ss_dec, se_len)) {
        ct[ct_len - 1] ^= 1;
        sd_len = CM_BENCH_MAX_OUT;
        step = "decapsulate the ciphertext with its last bit flipped (implicit rejection: "
               "CM_OK and another secret)";
        if ((rc = dec->decapsulate(sd, ct, ct_len, ss_dec, &sd_len)) == CM_OK &&
            sd_len == se_len && memcmp(ss_enc, ss_dec, se_len) == 0)
            snprintf(why, sizeof why, "%s gave the same secret for a ciphertext with its last "
                     "bit flipped", dec_name);
    }
    if (se)
        enc->destroy(se);
    if (sd)
        dec->destroy(sd);
    if (rc != CM_OK) {
        char what[224];
        snprintf(what, sizeof what, "encapsulated by %s, decapsulated by %s: %s", enc_name,
                 dec_name, step);
        return kat_cross_failed(c, NULL, what, rc);
    }
    if (why[0])
        snprintf(c->detail, c->detail_len, "%s", why);
    return !why[0] && !c->detail[0];
}

static int cross_one(cm_cross_case *c)
{
    const cm_kem_vtable *a = c->impl->vt.kem, *b = c->peer->vt.kem;
    c->detail[0] = '\0';
    return one_way(c, a, "this implementation", b, c->peer_name) &&
           one_way(c, b, c->peer_name, a, "this implementation");
}

/* Without a peer: one state encapsulates to another's key. */
static int self_one(cm_cross_case *c)
{
    c->detail[0] = '\0';
    return one_way(c, c->impl->vt.kem, "this implementation", c->impl->vt.kem,
                   CM_SELF_ANOTHER_STATE);
}

/* Counts a refusal rc of an invalid input: CM_ERR_INVALID passes, CM_OK is
 * a finding (the library accepted it), anything else a failure. */
static void refused(cm_kat_report *rep, const cm_wp_case *c, const char *call, cm_rc rc)
{
    if (rc == CM_ERR_INVALID)
        kat_pass(rep);
    else if (rc == CM_OK)
        kat_finding(rep, "%s: %s accepted it", c->label, call);
    else
        kat_fail(rep, "%s: %s returned %s (expected CM_ERR_INVALID)", c->label, call,
                 kat_rc_name(rc));
}

/* An MLKEMTest case: the key pair from "seed" (its public key must be
 * "ek" when given), then "c" decapsulates to "K". */
static void decaps_case(const cm_wp_case *c, const kat_fields *f, int has_ek,
                        cm_kat_report *rep)
{
    const cm_kem_vtable *vt = c->impl->vt.kem;
    uint8_t pub[CM_BENCH_MAX_OUT], ss[64];
    size_t pub_len = sizeof pub, ss_len = sizeof ss;
    void *st;
    cm_rc rc = kat_keyed_state(vt->create, vt->set_private_seed, c->alg, f->v[0], f->n[0], &st);
    if (rc == CM_ERR_UNSUPPORTED) {
        kat_skip(rep, "%s: create or set_private_seed returned CM_ERR_UNSUPPORTED", c->label);
    } else if (rc != CM_OK || (c->result == CM_WP_INVALID && f->n[0] != 64)) {
        if (c->result == CM_WP_INVALID)
            refused(rep, c, "set_private_seed of a malformed seed", rc);
        else
            kat_fail(rep, "%s: set_private_seed (%zu bytes) returned %s", c->label, f->n[0],
                     kat_rc_name(rc));
    } else if ((rc = vt->get_public_key(st, pub, &pub_len)) != CM_OK) {
        kat_fail(rep, "%s: get_public_key returned %s", c->label, kat_rc_name(rc));
    } else if (has_ek && !kat_expect(rep, c->label, "the encapsulation key", pub, pub_len, f->v[3],
                                     f->n[3])) {
        /* kat_expect counted the failure */
    } else if ((rc = vt->decapsulate(st, f->v[1], f->n[1], ss, &ss_len)) != CM_OK ||
               c->result == CM_WP_INVALID) {
        if (c->result == CM_WP_INVALID)
            refused(rep, c, "decapsulate of a malformed ciphertext", rc);
        else
            kat_fail(rep, "%s: decapsulate returned %s", c->label, kat_rc_name(rc));
    } else if (kat_expect(rep, c->label, "the shared secret", ss, ss_len, f->v[2], f->n[2])) {
        kat_pass(rep);
    }
    if (st)
        vt->destroy(st);
}

/* An MLKEMEncapsTest case: encapsulating to "ek" with randomness "m"
 * gives "c" and "K"; an invalid "ek" is refused. */
static void encaps_case(const cm_wp_case *c, const kat_fields *f,
                        cm_kat_report *rep)
{
    const cm_kem_vtable *vt = c->impl->vt.kem;
    uint8_t ct[CM_BENCH_MAX_OUT], ss[64];
    size_t ct_len = sizeof ct, ss_len = sizeof ss;
    void *st = NULL;
    cm_rc rc = vt->create(&st, c->alg);
    if (rc == CM_OK)
        rc = vt->encapsulate(st, f->v[3], f->n[3], f->v[0], f->n[0], ct, &ct_len, ss, &ss_len);
    if (rc == CM_ERR_UNSUPPORTED)
        kat_skip(rep, "%s: encapsulate with given randomness returned CM_ERR_UNSUPPORTED",
                 c->label);
    else if (c->result == CM_WP_INVALID)
        refused(rep, c, "encapsulate to an invalid key", rc);
    else if (rc != CM_OK)
        kat_fail(rep, "%s: encapsulate returned %s", c->label, kat_rc_name(rc));
    else if (kat_expect(rep, c->label, "the ciphertext", ct, ct_len, f->v[1], f->n[1]) &&
             kat_expect(rep, c->label, "the shared secret", ss, ss_len, f->v[2], f->n[2]))
        kat_pass(rep);
    if (st)
        vt->destroy(st);
}

/* Whether c is of an MLKEMEncapsTest group. */
static int is_encaps(const cm_wp_case *c)
{
    const char *type = json_string_value(json_object_get(c->group, "type"));
    return type && strcmp(type, "MLKEMEncapsTest") == 0;
}

/* A case against c->impl, its fields as wycheproof_case names them (f->v[3]
 * NULL: no "ek"). */
static int wp_kem(const cm_wp_case *c, const kat_fields *f, cm_kat_report *rep, char *why,
                  size_t why_len)
{
    (void)why, (void)why_len; /* every case of these fields fits */
    if (is_encaps(c))
        encaps_case(c, f, rep);
    else
        decaps_case(c, f, f->v[3] != NULL, rep);
    return 0;
}

/* One case of an MLKEMTest group ("seed", "c", "K", optional "ek") or of
 * an MLKEMEncapsTest group ("m", "c", "K", "ek"). */
static int wycheproof_case(const cm_wp_case *c, cm_kat_report *rep, char *why, size_t why_len)
{
    int encaps = is_encaps(c);
    int has_ek = encaps || json_object_get(c->test, "ek") != NULL;
    const char *names[] = {encaps ? "m" : "seed", "c", "K", has_ek ? "ek" : NULL, NULL};
    return kat_fields_case(c, names, wp_kem, rep, why, why_len);
}

const cm_class_module cm_class_kem = {
    CM_CLASS_BASICS(CM_CLASS_KEM, "kem", CM_UNIT_OP, kem, cross_one),
    .loops = {[CM_OP_KEYGEN] = run_keygen,
              [CM_OP_ENCAPSULATE] = run_encapsulate,
              [CM_OP_DECAPSULATE] = run_decapsulate},
    .self_one = self_one,
    .cross_how = "; each side encapsulated to a key pair of the other, which decapsulated the "
                 "same secret, and a ciphertext with one bit flipped decapsulated to another "
                 "secret (implicit rejection); sizes were the row's",
    .cross_lengths = 1, /* no message: one encapsulation each way per check */
    .wycheproof_case = wycheproof_case,
};
