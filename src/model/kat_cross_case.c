/*
 * kat_cross_case.c — the two sides of a cross-check: making their states,
 * comparing their outputs and naming the first difference or the call
 * that failed (see kat_case.h).
 */
#include <stdio.h>
#include <string.h>
#include "model/kat_case.h"

/* See kat_case.h. */
int kat_cross_same(cm_cross_case *c, const char *what, const char *b_name, const uint8_t *a,
                   const uint8_t *b, size_t n)
{
    size_t at = kat_diff_at(a, b, n);
    if (at == n)
        return 1;
    snprintf(c->detail, c->detail_len, "%s differs from %s at byte %zu of %zu (0x%02x vs 0x%02x; "
             "%zu-byte message, seed 0x%016llx)", what, b_name, at, n, a[at], b[at], c->size,
             (unsigned long long)c->seed);
    return 0;
}

/* See kat_case.h. */
int kat_cross_failed(cm_cross_case *c, const char *who, const char *op, cm_rc rc)
{
    snprintf(c->detail, c->detail_len, "%s%s: %s returned %s (%zu-byte message, seed 0x%016llx)",
             who ? "peer " : "this implementation", who ? who : "", op, kat_rc_name(rc), c->size,
             (unsigned long long)c->seed);
    return 0;
}

/* See kat_case.h. */
int kat_cross_keyed(cm_cross_case *c, kat_keyed_create_fn create_a, void (*destroy_a)(void *),
                    kat_keyed_create_fn create_b, void **sa, void **sb)
{
    *sa = *sb = NULL;
    cm_rc ra = create_a(sa, c->key, c->alg->key_len);
    cm_rc rb = ra == CM_OK ? create_b(sb, c->key, c->alg->key_len) : CM_OK;
    return kat_cross_created(c, ra, rb, *sa, destroy_a);
}

/* See kat_case.h. */
int kat_cross_created(cm_cross_case *c, cm_rc ra, cm_rc rb, void *sa, void (*destroy_a)(void *))
{
    if (ra != CM_OK)
        return kat_cross_failed(c, NULL, "create", ra);
    if (rb == CM_OK)
        return 1;
    destroy_a(sa);
    return kat_cross_failed(c, c->peer_name, "create", rb);
}

/* See kat_case.h. */
int kat_cross_whole(cm_cross_case *c, const char *op, const char *what, kat_whole_side a,
                    kat_whole_side b)
{
    int ok = 0;
    cm_rc rc;
    if ((rc = a.call(a.state, c->msg, c->size, c->out_a)) != CM_OK)
        kat_cross_failed(c, NULL, op, rc);
    else if ((rc = b.call(b.state, c->msg, c->size, c->out_b)) != CM_OK)
        kat_cross_failed(c, c->peer_name, op, rc);
    else
        ok = kat_cross_same(c, what, c->peer_name, c->out_a, c->out_b, c->alg->out_len);
    a.destroy(a.state);
    b.destroy(b.state);
    return ok;
}
