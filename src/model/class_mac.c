/*
 * class_mac.c — the MAC class (primitive.h, cm_mac_vtable): one whole MAC
 * of a message per operation with the key scheduled once (mac), or
 * afresh for each message (mac-newkey), figures per byte. Checked by Wycheproof MacTest groups (the tag, truncated to the
 * group's tagSize, must match a valid case and not an invalid one), by
 * cryptometer-kat-v1 entries (RFC 8439's Poly1305 vectors: the full tag)
 * and against a peer's tag. See class.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "model/class.h"
#include "model/class_loop.h"
#include "model/kat_case.h"

/* ---- measuring ---------------------------------------------------------------- */

static int bench_open(cm_bench *b, cm_error *err)
{
    return cm_bench_created(b->vt.mac->create(&b->state, b->key, b->alg->key_len), err);
}

CM_TIMED_LOOP_WITH(run_mac, const cm_mac_vtable *vt = b->vt.mac;, ,
                   vt->mac(b->state, b->in, b->size, b->out))

/* mac-newkey: the key scheduled for every message, as a key schedule or
 * a KDF does (create, mac, destroy each time). */
static int run_mac_newkey(void *ctx, uint64_t iters)
{
    cm_bench *b = ctx;
    const cm_mac_vtable *vt = b->vt.mac;
    for (uint64_t i = 0; i < iters; i++) {
        void *st;
        if (vt->create(&st, b->key, b->alg->key_len) != CM_OK)
            return 1;
        cm_rc rc = vt->mac(st, b->in, b->size, b->out);
        vt->destroy(st);
        if (rc != CM_OK)
            return 1;
    }
    return 0;
}

CM_BENCH_CLOSE(mac)

static const cm_mac_vtable nop = {cm_nop_keyed_create, cm_nop_whole, cm_nop_destroy};

/* ---- checking ----------------------------------------------------------------- */

static int cross_one(cm_cross_case *c)
{
    const cm_mac_vtable *va = c->impl->vt.mac, *vb = c->peer->vt.mac;
    void *sa, *sb;
    if (!kat_cross_keyed(c, va->create, va->destroy, vb->create, &sa, &sb))
        return 0;
    return kat_cross_whole(c, "mac", "tag", (kat_whole_side){va->mac, sa, va->destroy},
                           (kat_whole_side){vb->mac, sb, vb->destroy});
}

/* A MacTest case: "key", "msg", "tag"; the group's "tagSize". */
static int wycheproof_case(const cm_wp_case *c, cm_kat_report *rep, char *why, size_t why_len)
{
    const cm_algorithm *alg = c->alg;
    kat_wp_fields f;
    size_t tag_len;
    if (kat_wp_tag_len(c->group, alg, &tag_len, why, why_len) != 0 ||
        kat_wp_decode(c, &f, KAT_WP_KEY | KAT_WP_MSG | KAT_WP_TAG, why, why_len) != 0)
        return -1;
    if (!c->impl) {
        kat_wp_fields_free(&f);
        return 0;
    }
    const cm_mac_vtable *vt = c->impl->vt.mac;
    void *st = NULL;
    uint8_t *out = malloc(alg->out_len);
    cm_rc rc = out ? vt->create(&st, f.key, f.key_len) : CM_ERR_NOMEM;
    if (rc != CM_OK)
        kat_wp_create_failed(rep, c->label, rc, f.key_len);
    else if (!kat_call_ok(rep, c->label, "mac", vt->mac(st, f.msg, f.msg_len, out)))
        ;
    else if (c->result == CM_WP_VALID) {
        if (kat_expect(rep, c->label, tag_len < alg->out_len ? "mac: truncated tag" : "mac: tag",
                       out, tag_len, f.tag, f.tag_len))
            kat_pass(rep);
    } else {
        int matches = f.tag_len == tag_len && memcmp(out, f.tag, tag_len) == 0;
        if (matches && c->result == CM_WP_INVALID)
            kat_fail(rep, "%s: the computed tag matches a tag that must not verify", c->label);
        else
            kat_pass(rep);
    }
    if (st)
        vt->destroy(st);
    free(out);
    kat_wp_fields_free(&f);
    return 0;
}

/* A cryptometer-kat-v1 entry: "key", "msg", "tag" (the full tag). */
static int entry_case(const cm_wp_case *c, const kat_fields *f, cm_kat_report *rep, char *why,
                      size_t why_len)
{
    enum { KEY, MSG, TAG }; /* as builtin_case names them */
    const cm_algorithm *alg = c->alg;
    const cm_mac_vtable *vt = c->impl->vt.mac;
    if (f->n[TAG] != alg->out_len) {
        snprintf(why, why_len, "tag is %zu bytes, %s gives %zu", f->n[TAG], alg->name,
                 alg->out_len);
        return -1;
    }
    void *st = NULL;
    uint8_t *out = malloc(alg->out_len);
    if (!out) {
        kat_wp_create_failed(rep, c->label, CM_ERR_NOMEM, f->n[KEY]);
    } else if (kat_case_keyed(vt->create, f->v[KEY], f->n[KEY], rep, c->label, &st)) {
        cm_rc rc = vt->mac(st, f->v[MSG], f->n[MSG], out);
        vt->destroy(st);
        if (rc != CM_OK)
            kat_fail(rep, "%s: mac returned %s", c->label, kat_rc_name(rc));
        else if (kat_expect(rep, c->label, "mac: tag", out, alg->out_len, f->v[TAG], f->n[TAG]))
            kat_pass(rep);
    }
    free(out);
    return 0;
}

KAT_BUILTIN_FIELDS(entry_case, "key", "msg", "tag")

const cm_class_module cm_class_mac = {
    CM_CLASS_BASICS(CM_CLASS_MAC, "mac", CM_UNIT_BYTE, mac, cross_one),
    .loops = {[CM_OP_MAC] = run_mac, [CM_OP_MAC_NEWKEY] = run_mac_newkey},
    .wycheproof_case = wycheproof_case,
    .builtin_case = builtin_case,
};
