/*
 * class_aead.c — the AEAD class (primitive.h, cm_aead_vtable): one whole
 * message per operation with its nonce and 13 bytes of AAD (a TLS record
 * header), the key scheduled once, the tag computed or checked; and for
 * AES-GCM seal-newkey, the key set up afresh for every message, as
 * `openssl speed -aead` does (re-keying one state where the table has
 * rekey, else a new state per message). Figures per byte.
 *
 * Checked by Wycheproof AeadTest groups (a valid case must seal to ct and
 * tag and open back to msg; an invalid case must not open: CM_ERR_AUTH, or
 * CM_ERR_INVALID / CM_ERR_UNSUPPORTED for parameters refused) and against
 * a peer: seal and open on both sides, and a forged tag must not open.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "model/class.h"
#include "model/class_loop.h"
#include "model/kat_case.h"

/* ---- measuring ---------------------------------------------------------------- */

CM_TIMED_LOOP_WITH(run_seal, const cm_aead_vtable *vt = b->vt.aead; size_t tl = b->alg->out_len;, ,
                   vt->seal(b->state, b->iv, b->alg->iv_len, b->aad, CM_AEAD_AAD_LEN, b->in, b->size, b->out, b->tag, tl))

CM_TIMED_LOOP_WITH(run_open, const cm_aead_vtable *vt = b->vt.aead; size_t tl = b->alg->out_len;, ,
                   vt->open(b->state, b->iv, b->alg->iv_len, b->aad, CM_AEAD_AAD_LEN, b->in, b->size, b->out, b->tag, tl))

/* seal-newkey: the key set up for every message, as `openssl speed -aead`
 * does. With the table's rekey (primitive.h): rekey the state made before the
 * loop, then seal, what speed does on its one context; without it, create,
 * seal, destroy each time (a library that cannot re-key a context). */
static int run_seal_newkey(void *ctx, uint64_t iters)
{
    cm_bench *b = ctx;
    const cm_aead_vtable *vt = b->vt.aead;
    for (uint64_t i = 0; i < iters; i++) {
        void *st = b->state;
        if (vt->rekey ? vt->rekey(st, b->key, b->alg->key_len) != CM_OK
                      : vt->create(&st, b->key, b->alg->key_len) != CM_OK)
            return 1;
        cm_rc rc = vt->seal(st, b->iv, b->alg->iv_len, b->aad, CM_AEAD_AAD_LEN, b->in, b->size,
                            b->out, b->tag, b->alg->out_len);
        if (!vt->rekey)
            vt->destroy(st);
        if (rc != CM_OK)
            return 1;
    }
    return 0;
}

/* Keys the state; for open, seals the message whose ciphertext and tag
 * the timed calls open. */
static int bench_open(cm_bench *b, cm_error *err)
{
    cm_rc rc = b->vt.aead->create(&b->state, b->key, b->alg->key_len);
    if (rc != CM_OK)
        return cm_bench_created(rc, err);
    if (b->op == CM_OP_OPEN) {
        if (run_seal(b, 1) != 0)
            return cm_error_set(err, CM_EXIT_FAILURES, "preparing the ciphertext: seal failed");
        memcpy(b->in, b->out, b->size);
    }
    return 0;
}

CM_BENCH_CLOSE(aead)

static cm_rc nop_seal(void *s, const uint8_t *n, size_t nl, const uint8_t *a, size_t al,
                      const uint8_t *in, size_t l, uint8_t *o, uint8_t *t, size_t tl)
{
    (void)s, (void)n, (void)nl, (void)a, (void)al, (void)in, (void)l, (void)o, (void)t, (void)tl;
    return CM_OK;
}
static cm_rc nop_open(void *s, const uint8_t *n, size_t nl, const uint8_t *a, size_t al,
                      const uint8_t *in, size_t l, uint8_t *o, const uint8_t *t, size_t tl)
{
    (void)s, (void)n, (void)nl, (void)a, (void)al, (void)in, (void)l, (void)o, (void)t, (void)tl;
    return CM_OK;
}
static const cm_aead_vtable nop = {cm_nop_keyed_create, nop_seal, nop_open, cm_nop_destroy};

/* ---- checking ----------------------------------------------------------------- */

/* Seal and open on both sides; then a forged tag (last bit flipped) must
 * not open. Both sides are already keyed (sa, sb). */
static int seal_open_both(cm_cross_case *c, void *sa, void *sb)
{
    const cm_aead_vtable *va = c->impl->vt.aead, *vb = c->peer->vt.aead;
    size_t tl = c->alg->out_len, nl = c->alg->iv_len, al = c->aad_len, size = c->size;
    const uint8_t *n = c->iv, *aad = c->aad;
    cm_rc ra, rb;
    if ((ra = va->seal(sa, n, nl, aad, al, c->msg, size, c->out_a, c->tag_a, tl)) != CM_OK)
        return kat_cross_failed(c, NULL, "seal", ra);
    if ((rb = vb->seal(sb, n, nl, aad, al, c->msg, size, c->out_b, c->tag_b, tl)) != CM_OK)
        return kat_cross_failed(c, c->peer_name, "seal", rb);
    if (!kat_cross_same(c, "seal output", c->peer_name, c->out_a, c->out_b, size) ||
        !kat_cross_same(c, "seal tag", c->peer_name, c->tag_a, c->tag_b, tl))
        return 0;
    if ((ra = va->open(sa, n, nl, aad, al, c->out_b, size, c->back_a, c->tag_b, tl)) != CM_OK)
        return kat_cross_failed(c, NULL, "open", ra);
    if ((rb = vb->open(sb, n, nl, aad, al, c->out_b, size, c->back_b, c->tag_b, tl)) != CM_OK)
        return kat_cross_failed(c, c->peer_name, "open", rb);
    if (!kat_cross_same(c, "open output", c->peer_name, c->back_a, c->back_b, size) ||
        !kat_cross_same(c, "open output", "the original message", c->back_a, c->msg, size))
        return 0;
    c->tag_b[tl - 1] ^= 1;
    ra = va->open(sa, n, nl, aad, al, c->out_b, size, c->back_a, c->tag_b, tl);
    if (ra == CM_OK) {
        snprintf(c->detail, c->detail_len, "open accepted a forged tag (%zu-byte message, seed "
                 "0x%016llx)", size, (unsigned long long)c->seed);
        return 0;
    }
    if (ra != CM_ERR_AUTH)
        return kat_cross_failed(c, NULL, "open with a forged tag", ra);
    return 1;
}

static int cross_one(cm_cross_case *c)
{
    const cm_aead_vtable *va = c->impl->vt.aead, *vb = c->peer->vt.aead;
    void *sa, *sb;
    if (!kat_cross_keyed(c, va->create, va->destroy, vb->create, &sa, &sb))
        return 0;
    int ok = seal_open_both(c, sa, sb);
    va->destroy(sa);
    vb->destroy(sb);
    return ok;
}

/* One AeadTest case with the key already set in st. */
static void wp_aead_case(const cm_aead_vtable *vt, void *st, size_t group_tag_len,
                         const kat_wp_fields *c, cm_wp_result result, const char *label,
                         cm_kat_report *rep)
{
    uint8_t *out = malloc(c->msg_len + c->ct_len + 1), *tag = malloc(group_tag_len + 1);
    if (!out || !tag) {
        kat_fail(rep, "%s: out of memory", label);
        goto done;
    }
    if (result == CM_WP_VALID) {
        cm_rc rc = vt->seal(st, c->iv, c->iv_len, c->aad, c->aad_len, c->msg, c->msg_len, out,
                            tag, group_tag_len);
        if (!kat_call_ok(rep, label, "seal", rc) ||
            !kat_expect(rep, label, "seal: ciphertext", out, c->msg_len, c->ct, c->ct_len) ||
            !kat_expect(rep, label, "seal: tag", tag, group_tag_len, c->tag, c->tag_len))
            goto done;
    }
    /* A tag of another length than the group's tagSize never opens: the
     * caller of an AEAD chooses the tag length, not the attacker. */
    if (c->tag_len != group_tag_len) {
        if (result == CM_WP_VALID)
            kat_fail(rep, "%s: tag of %zu bytes for tagSize %zu bits", label, c->tag_len,
                     group_tag_len * 8);
        else
            kat_pass(rep);
        goto done;
    }
    cm_rc rc = vt->open(st, c->iv, c->iv_len, c->aad, c->aad_len, c->ct, c->ct_len, out,
                        c->tag, c->tag_len);
    switch (result) {
    case CM_WP_VALID:
        if (kat_call_ok(rep, label, "open", rc) &&
            kat_expect(rep, label, "open: plaintext", out, c->ct_len, c->msg, c->msg_len))
            kat_pass(rep);
        break;
    case CM_WP_INVALID:
        if (rc == CM_OK)
            kat_fail(rep, "%s: open accepted an invalid case (returned CM_OK)", label);
        else if (rc == CM_ERR_AUTH || rc == CM_ERR_INVALID || rc == CM_ERR_UNSUPPORTED)
            kat_pass(rep);
        else
            kat_fail(rep, "%s: open returned %s, expected CM_ERR_AUTH (or CM_ERR_INVALID, "
                     "CM_ERR_UNSUPPORTED)", label, kat_rc_name(rc));
        break;
    case CM_WP_ACCEPTABLE:
        if (rc != CM_OK || c->ct_len != c->msg_len ||
            kat_expect(rep, label, "open: plaintext", out, c->ct_len, c->msg, c->msg_len))
            kat_pass(rep);
        break;
    }
done:
    free(out);
    free(tag);
}

/* An AeadTest case: "key", "iv", "aad", "msg", "ct", "tag"; the group's
 * "tagSize". */
static int wycheproof_case(const cm_wp_case *c, cm_kat_report *rep, char *why, size_t why_len)
{
    kat_wp_fields f;
    size_t tag_len;
    if (kat_wp_tag_len(c->group, c->alg, &tag_len, why, why_len) != 0 ||
        kat_wp_decode(c, &f, KAT_WP_ALL, why, why_len) != 0)
        return -1;
    if (c->result == CM_WP_VALID && (f.ct_len != f.msg_len || f.tag_len != tag_len)) {
        snprintf(why, why_len, "valid case with ct of %zu bytes for msg of %zu, or tag of %zu "
                 "bytes for tagSize %zu bits", f.ct_len, f.msg_len, f.tag_len, tag_len * 8);
        kat_wp_fields_free(&f);
        return -1;
    }
    if (c->impl) {
        const cm_aead_vtable *vt = c->impl->vt.aead;
        void *st;
        if (kat_case_keyed(vt->create, f.key, f.key_len, rep, c->label, &st)) {
            wp_aead_case(vt, st, tag_len, &f, c->result, c->label, rep);
            vt->destroy(st);
        }
    }
    kat_wp_fields_free(&f);
    return 0;
}

/* A cryptometer-kat-v1 entry: "key", "iv", "aad", "msg", "ct", "tag" (the
 * full tag). Seal and open as a valid case, then the tag with its first
 * bit flipped must not open. */
static int builtin_case(const cm_impl *impl, const cm_algorithm *alg, const json_t *test,
                        const char *label, cm_kat_report *rep, char *why, size_t why_len)
{
    const cm_aead_vtable *vt = impl->vt.aead;
    const cm_wp_case c = {impl, alg, NULL, test, CM_WP_VALID, label};
    kat_wp_fields f;
    void *st;
    if (kat_wp_decode(&c, &f, KAT_WP_ALL, why, why_len) != 0)
        return -1;
    int ret = -1;
    if (f.key_len != alg->key_len || f.iv_len != alg->iv_len || f.ct_len != f.msg_len ||
        f.tag_len != alg->out_len) {
        snprintf(why, why_len, "lengths (key %zu, iv %zu, msg %zu, ct %zu, tag %zu) do not fit "
                 "%s", f.key_len, f.iv_len, f.msg_len, f.ct_len, f.tag_len, alg->name);
        goto done;
    }
    ret = 0;
    if (kat_case_keyed(vt->create, f.key, f.key_len, rep, label, &st)) {
        wp_aead_case(vt, st, f.tag_len, &f, CM_WP_VALID, label, rep);
        f.tag[0] ^= 0x80;
        wp_aead_case(vt, st, f.tag_len, &f, CM_WP_INVALID, label, rep);
        vt->destroy(st);
    }
done:
    kat_wp_fields_free(&f);
    return ret;
}

const cm_class_module cm_class_aead = {
    CM_CLASS_BASICS(CM_CLASS_AEAD, "aead", CM_UNIT_BYTE, aead, cross_one),
    .loops = {[CM_OP_SEAL] = run_seal, [CM_OP_OPEN] = run_open,
              [CM_OP_SEAL_NEWKEY] = run_seal_newkey},
    .wycheproof_case = wycheproof_case,
    .builtin_case = builtin_case,
};
