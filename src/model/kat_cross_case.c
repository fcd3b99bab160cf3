/*
 * kat_cross_case.c — comparing the two sides of a cross-check and naming
 * the first difference (see kat_case.h).
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
    cm_rc rc;
    *sa = *sb = NULL;
    if ((rc = create_a(sa, c->key, c->alg->key_len)) != CM_OK)
        return kat_cross_failed(c, NULL, "create", rc);
    if ((rc = create_b(sb, c->key, c->alg->key_len)) != CM_OK) {
        destroy_a(*sa);
        return kat_cross_failed(c, c->peer_name, "create", rc);
    }
    return 1;
}
