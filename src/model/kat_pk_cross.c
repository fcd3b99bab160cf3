/*
 * kat_pk_cross.c — the cross-check of the public-key classes that exchange
 * something under a key pair (signature: sign then verify; pke: encrypt
 * then decrypt): one key pair per side, because key generation is slow
 * (RSA-4096 takes seconds), then at every length each side accepts what
 * the other produced and refuses it with its last bit flipped. The class
 * module's pk_how gives its vtables as kat_pk_side and its exchange. When the
 * check passes, this implementation's own key pair is kept for its
 * benchmarks (kept_key.h), which then make none.
 */
#include <stdio.h>
#include <string.h>
#include "model/kat_case.h"
#include "model/kept_key.h"

/* The owner's new key pair (*own) and its public key imported, as DER
 * (in c->tag_a, which no exchange uses), into a new state of user (*use).
 * CM_OK, or the failed call's rc with *step. */
static cm_rc key_pair(cm_cross_case *c, const kat_pk_how *how, const kat_pk_side *owner,
                      void **own, const kat_pk_side *user, void **use, const char **step)
{
    size_t der_len = CM_BENCH_MAX_OUT;
    cm_rc rc;
    if ((*step = "create", rc = owner->create(own, c->alg)) != CM_OK ||
        (*step = "keygen", rc = owner->keygen(*own)) != CM_OK ||
        (*step = "exporting the public key",
         rc = owner->get_public_key(*own, c->tag_a, &der_len)) != CM_OK ||
        (*step = how->create_user, rc = user->create(use, c->alg)) != CM_OK)
        return rc;
    *step = "importing the public key";
    return user->set_public_key(*use, c->tag_a, der_len);
}

/* One direction of the check: prod produces, cons consumes; their states
 * once opened, and the direction's name in failures. */
typedef struct direction {
    const kat_pk_side *prod, *cons;
    void *prod_state, *cons_state;
    char who[160];
} direction;

/* Makes d's key pair (the producer's for a signature, the consumer's for
 * pke) and the other side's state holding its public key: 1, or 0 with
 * c->detail naming the direction and the step. */
static int open_direction(cm_cross_case *c, const kat_pk_how *how, direction *d)
{
    const kat_pk_side *owner = how->owner_produces ? d->prod : d->cons;
    const kat_pk_side *user = how->owner_produces ? d->cons : d->prod;
    void **own = how->owner_produces ? &d->prod_state : &d->cons_state;
    void **use = how->owner_produces ? &d->cons_state : &d->prod_state;
    const char *step = "";
    cm_rc rc = key_pair(c, how, owner, own, user, use, &step);
    if (rc == CM_OK)
        return 1;
    char what[224];
    snprintf(what, sizeof what, "%s: %s", d->who, step);
    return kat_cross_failed(c, NULL, what, rc);
}

static void close_direction(direction *d)
{
    if (d->prod_state)
        d->prod->destroy(d->prod_state);
    if (d->cons_state)
        d->cons->destroy(d->cons_state);
}

/* See kat_case.h. */
int kat_pk_exchanged(cm_cross_case *c, cm_rc rc, const char *who, const char *step)
{
    if (rc == CM_OK)
        return 1;
    char what[224];
    snprintf(what, sizeof what, "%s: %s", who, step);
    return kat_cross_failed(c, NULL, what, rc);
}

/* See kat_case.h. */
int kat_pk_cross_one(cm_cross_case *c)
{
    const kat_pk_how *how = cm_class_of(c->alg)->pk_how;
    kat_pk_side mine_side = how->side(c->impl);
    kat_pk_side peer_side = c->peer ? how->side(c->peer) : mine_side;
    const kat_pk_side *a = &mine_side, *b = &peer_side;
    direction ab = {.prod = a, .cons = b}, ba = {.prod = b, .cons = a};
    const size_t *lengths = c->lengths ? c->lengths : &c->size;
    size_t n = c->lengths ? c->n_lengths : 1;
    snprintf(ab.who, sizeof ab.who, "%s by this implementation, %s by %s", how->produced,
             how->consumed, c->peer_name);
    snprintf(ba.who, sizeof ba.who, "%s by %s, %s by this implementation", how->produced,
             c->peer_name, how->consumed);
    int ok = open_direction(c, how, &ab) && open_direction(c, how, &ba);
    for (size_t i = 0; i < n && ok; i++) {
        size_t len = how->max_len && lengths[i] > how->max_len(c->alg) ? how->max_len(c->alg)
                                                                       : lengths[i];
        c->size = len;
        ok = how->exchange(c, ab.prod->vt, ab.prod_state, ab.cons->vt, ab.cons_state, len,
                           ab.who) &&
             how->exchange(c, ba.prod->vt, ba.prod_state, ba.cons->vt, ba.cons_state, len,
                           ba.who);
    }
    /* a's key pair: the producer's in a->b for a signature, the consumer's in b->a for pke */
    void **mine = how->owner_produces ? &ab.prod_state : &ba.cons_state;
    if (ok && *mine) {
        cm_kept_key_give(a->vt, *mine, a->destroy);
        *mine = NULL;
    }
    close_direction(&ab);
    close_direction(&ba);
    return ok;
}
