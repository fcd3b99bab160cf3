/*
 * class_kex.c — the key agreement class (primitive.h, cm_kex_vtable):
 * key generation and derivation of a shared secret, figures per operation.
 *
 * keygen makes a new key pair; derive imports the peer's public key (in
 * the algorithm's encoding) and computes the shared secret with the
 * state's private key. The cross-check has each side make a key pair and
 * derive from the other's public key: both secrets must be the same bytes.
 * Wycheproof XdhComp and EcdhTest cases give a private key, a peer public
 * key (raw for XDH; DER SubjectPublicKeyInfo for EcdhTest groups of
 * encoding "asn") and the shared secret; an invalid public key must be
 * refused. cryptometer-kat-v1 entries (RFC 7748) also check the public key
 * computed from a private key.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "model/class.h"
#include "model/class_loop.h"
#include "model/kat_case.h"

/* ---- measuring ---------------------------------------------------------------- */

CM_TIMED_LOOP(run_keygen, b->vt.kex->keygen(b->state))

/* The peer's public key is b->tag; the secret goes to b->out (at least 64
 * bytes: bench_open checks the algorithm's secret fits). */
CM_TIMED_LOOP_WITH(run_derive, , size_t len = b->alg->out_len;,
                   b->vt.kex->derive(b->state, CM_KEX_PEER_RAW, b->tag, b->tag_len, b->out, &len))

/* Binds the state to the algorithm and, for derive, makes its key pair
 * and, from a second state, the peer public key the timed calls import. */
static int bench_open(cm_bench *b, cm_error *err)
{
    const cm_kex_vtable *vt = b->vt.kex;
    void *peer = NULL;
    const char *step = "create";
    cm_rc rc = CM_ERR_INVALID;
    b->tag_len = sizeof b->tag;
    if (b->alg->out_len <= 64 && (rc = vt->create(&b->state, b->alg)) == CM_OK &&
        b->op == CM_OP_KEYGEN)
        return 0; /* the keygen loop needs nothing more */
    if (rc == CM_OK && (step = "keygen", rc = vt->keygen(b->state)) == CM_OK &&
        (step = "create (peer)", rc = vt->create(&peer, b->alg)) == CM_OK &&
        (step = "keygen (peer)", rc = vt->keygen(peer)) == CM_OK)
        step = "get_public_key (peer)", rc = vt->get_public_key(peer, b->tag, &b->tag_len);
    if (peer)
        vt->destroy(peer);
    return rc == CM_OK ? 0 : cm_error_set(err, CM_EXIT_FAILURES, "setting up a key pair and "
                                          "a peer's public key: %s returned %s", step,
                                          kat_rc_name(rc));
}

CM_BENCH_CLOSE(kex)

static cm_rc nop_derive(void *s, cm_kex_peer f, const uint8_t *p, size_t pl, uint8_t *o,
                        size_t *ol)
{
    (void)s, (void)f, (void)p, (void)pl, (void)o, (void)ol;
    return CM_OK;
}
static const cm_kex_vtable nop = {NULL, cm_nop_state, NULL, NULL, nop_derive, NULL};

/* ---- checking ----------------------------------------------------------------- */

/* One side of an agreement: a new key pair and its public key in pub. */
static cm_rc side_keygen(const cm_kex_vtable *vt, const cm_algorithm *alg, void **st,
                         uint8_t *pub, size_t *pub_len, const char **step)
{
    cm_rc rc;
    *pub_len = CM_BENCH_MAX_OUT;
    if ((*step = "create", rc = vt->create(st, alg)) != CM_OK ||
        (*step = "keygen", rc = vt->keygen(*st)) != CM_OK)
        return rc;
    *step = "get_public_key";
    return vt->get_public_key(*st, pub, pub_len);
}

/* a (this implementation) and b (named b_name) each make a key pair and
 * derive from the other's public key; the secrets must be the algorithm's
 * length and the same bytes. 1, or 0 with c->detail. */
static int agree(cm_cross_case *c, const cm_kex_vtable *a, const cm_kex_vtable *b,
                 const char *b_name)
{
    void *sa = NULL, *sb = NULL;
    size_t pa_len, pb_len, ka = CM_BENCH_MAX_OUT, kb = CM_BENCH_MAX_OUT;
    const char *step = "", *who = NULL;
    cm_rc rc = side_keygen(a, c->alg, &sa, c->tag_a, &pa_len, &step);
    if (rc == CM_OK && (who = b_name, rc = side_keygen(b, c->alg, &sb, c->tag_b, &pb_len, &step)) ==
                           CM_OK) {
        step = "derive from the other side's public key";
        if ((who = NULL, rc = a->derive(sa, CM_KEX_PEER_RAW, c->tag_b, pb_len, c->out_a, &ka)) ==
            CM_OK)
            who = b_name, rc = b->derive(sb, CM_KEX_PEER_RAW, c->tag_a, pa_len, c->out_b, &kb);
    }
    if (sa)
        a->destroy(sa);
    if (sb)
        b->destroy(sb);
    if (rc != CM_OK)
        return kat_cross_failed(c, who, step, rc);
    if (ka != c->alg->out_len || kb != c->alg->out_len) {
        snprintf(c->detail, c->detail_len, "shared secrets of %zu and %zu bytes (%s: %zu)", ka,
                 kb, c->alg->name, c->alg->out_len);
        return 0;
    }
    return kat_cross_same(c, "the shared secret", b_name, c->out_a, c->out_b, ka);
}

static int cross_one(cm_cross_case *c)
{
    return agree(c, c->impl->vt.kex, c->peer->vt.kex, c->peer_name);
}

/* Without a peer: two states of the implementation agree. */
static int self_one(cm_cross_case *c)
{
    return agree(c, c->impl->vt.kex, c->impl->vt.kex, CM_SELF_ANOTHER_STATE);
}

/* The encoding of a Wycheproof group's peer public keys, NULL when it
 * gives none (the algorithm's raw encoding). */
static const char *wp_encoding(const cm_wp_case *c)
{
    return json_string_value(json_object_get(c->group, "encoding"));
}

/* The derivation of a Wycheproof case against c->impl: the private key
 * f->v[0], the peer's public key f->v[1] (DER SubjectPublicKeyInfo when
 * the group's encoding is "asn", else raw), the shared secret f->v[2]. */
static int wp_derive(const cm_wp_case *c, const kat_fields *f, cm_kat_report *rep, char *why,
                     size_t why_len)
{
    const uint8_t *priv = f->v[0], *pub = f->v[1], *shared = f->v[2];
    size_t priv_len = f->n[0], pub_len = f->n[1], shared_len = f->n[2];
    const char *enc = wp_encoding(c);
    cm_kex_peer form = enc && strcmp(enc, "asn") == 0 ? CM_KEX_PEER_SPKI : CM_KEX_PEER_RAW;
    const cm_kex_vtable *vt = c->impl->vt.kex;
    uint8_t out[CM_BENCH_MAX_OUT];
    size_t out_len = sizeof out;
    void *st;
    cm_rc rc = kat_keyed_state(vt->create, vt->set_private_key, c->alg, priv, priv_len, &st);
    if (rc != CM_OK) {
        if (rc == CM_ERR_UNSUPPORTED)
            kat_skip(rep, "%s: create or set_private_key returned CM_ERR_UNSUPPORTED", c->label);
        else
            kat_fail(rep, "%s: create or set_private_key (%zu bytes) returned %s", c->label,
                     priv_len, kat_rc_name(rc));
    } else if ((rc = vt->derive(st, form, pub, pub_len, out, &out_len)) == CM_OK) {
        if (c->result == CM_WP_INVALID)
            kat_finding(rep, "%s: derive accepted an invalid public key", c->label);
        else if (kat_expect(rep, c->label, "the shared secret", out, out_len, shared,
                            shared_len))
            kat_pass(rep);
    } else if (c->result == CM_WP_VALID && rc == CM_ERR_UNSUPPORTED) {
        kat_skip(rep, "%s: derive returned CM_ERR_UNSUPPORTED", c->label);
    } else if (c->result == CM_WP_VALID) {
        kat_fail(rep, "%s: derive refused a valid public key (%s)", c->label,
                 kat_rc_name(rc));
    } else if (rc != CM_ERR_INVALID && rc != CM_ERR_UNSUPPORTED) {
        kat_fail(rep, "%s: derive returned %s (expected CM_OK or CM_ERR_INVALID)", c->label,
                 kat_rc_name(rc));
    } else {
        kat_pass(rep);
    }
    if (st)
        vt->destroy(st);
    (void)why, (void)why_len; /* wycheproof_case checked the encoding */
    return 0;
}

/* An XdhComp or EcdhTest case: the case's "private", "public" (DER
 * SubjectPublicKeyInfo when the group's encoding is "asn", else the
 * algorithm's raw encoding) and "shared". */
static int wycheproof_case(const cm_wp_case *c, cm_kat_report *rep, char *why, size_t why_len)
{
    static const char *const names[] = {"private", "public", "shared", NULL};
    const char *enc = wp_encoding(c);
    if (enc && strcmp(enc, "asn") != 0 && strcmp(enc, "ecpoint") != 0) {
        snprintf(why, why_len, "encoding \"%s\" (not asn or ecpoint)", enc);
        return -1;
    }
    return kat_fields_case(c, names, wp_derive, rep, why, why_len);
}

/* A cryptometer-kat-v1 entry: "private", its "public" key (what
 * get_public_key must give), the "peer" public key (raw) and the
 * "shared" secret. */
static int entry_case(const cm_wp_case *c, const kat_fields *f, cm_kat_report *rep, char *why,
                      size_t why_len)
{
    enum { PRIVATE, PUBLIC, PEER, SHARED }; /* as builtin_case names them */
    const cm_kex_vtable *vt = c->impl->vt.kex;
    uint8_t pub[CM_BENCH_MAX_OUT], out[CM_BENCH_MAX_OUT];
    size_t pub_len = sizeof pub, out_len = sizeof out;
    void *st = NULL;
    const char *step = "create";
    cm_rc rc = vt->create(&st, c->alg);
    (void)why, (void)why_len; /* every entry of these fields fits */
    if (rc == CM_OK &&
        (step = "set_private_key",
         rc = vt->set_private_key(st, f->v[PRIVATE], f->n[PRIVATE])) == CM_OK &&
        (step = "get_public_key", rc = vt->get_public_key(st, pub, &pub_len)) == CM_OK)
        step = "derive",
        rc = vt->derive(st, CM_KEX_PEER_RAW, f->v[PEER], f->n[PEER], out, &out_len);
    if (st)
        vt->destroy(st);
    if (rc != CM_OK)
        kat_fail(rep, "%s: %s returned %s", c->label, step, kat_rc_name(rc));
    else if (kat_expect(rep, c->label, "the public key", pub, pub_len, f->v[PUBLIC],
                        f->n[PUBLIC]) &&
             kat_expect(rep, c->label, "the shared secret", out, out_len, f->v[SHARED],
                        f->n[SHARED]))
        kat_pass(rep);
    return 0;
}

KAT_BUILTIN_FIELDS(entry_case, "private", "public", "peer", "shared")

const cm_class_module cm_class_kex = {
    CM_CLASS_BASICS(CM_CLASS_KEX, "kex", CM_UNIT_OP, kex, cross_one),
    .loops = {[CM_OP_KEYGEN] = run_keygen, [CM_OP_DERIVE] = run_derive},
    .self_one = self_one,
    .cross_how = "; each side made a key pair and derived the shared secret from the other's "
                 "public key, and the secrets were the same bytes",
    .cross_lengths = 1, /* no message: one agreement per check */
    .wycheproof_case = wycheproof_case,
    .builtin_case = builtin_case,
};
