/*
 * class_hash.c — the hash class (primitive.h, cm_hash_vtable): one whole
 * digest (init, update, final) of a message per operation, figures per
 * byte. Checked by the FIPS 180 examples (cryptometer-kat-v1) and against
 * a peer's digest. See class.h.
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
    return cm_bench_created(b->vt.hash->create(&b->state), err);
}

CM_TIMED_LOOP_WITH(run_digest, const cm_hash_vtable *vt = b->vt.hash;, ,
                   vt->digest(b->state, b->in, b->size, b->out))

CM_BENCH_CLOSE(hash)

static const cm_hash_vtable nop = {NULL, cm_nop_whole, NULL};

/* ---- checking ----------------------------------------------------------------- */

static int cross_one(cm_cross_case *c)
{
    const cm_hash_vtable *va = c->impl->vt.hash, *vb = c->peer->vt.hash;
    void *sa = NULL, *sb = NULL;
    cm_rc ra = va->create(&sa), rb = ra == CM_OK ? vb->create(&sb) : CM_OK;
    if (!kat_cross_created(c, ra, rb, sa, va->destroy))
        return 0;
    return kat_cross_whole(c, "digest", "digest", (kat_whole_side){va->digest, sa, va->destroy},
                           (kat_whole_side){vb->digest, sb, vb->destroy});
}

#define MAX_REPEAT 100000000LL /* bounds the memory a message may take */

/* The message of an entry: "msg" (hex), or "msg_ascii" repeated "repeat"
 * times, into *msg (allocated, never NULL), *len. 0 or -1 with why. */
static int entry_message(const json_t *test, uint8_t **msg, size_t *len, char *why, size_t why_len)
{
    const json_t *ascii = json_object_get(test, "msg_ascii");
    if (!ascii)
        return kat_hex_field(test, "msg", msg, len, why, why_len);
    if (!json_is_string(ascii)) {
        snprintf(why, why_len, "\"msg_ascii\" is not a string");
        return -1;
    }
    long long repeat = 1;
    const json_t *r = json_object_get(test, "repeat");
    if (r) {
        if (!json_is_integer(r) || json_integer_value(r) < 0 ||
            json_integer_value(r) > MAX_REPEAT) {
            snprintf(why, why_len, "\"repeat\" is not an integer in 0..%lld", MAX_REPEAT);
            return -1;
        }
        repeat = json_integer_value(r);
    }
    size_t unit = json_string_length(ascii);
    if (unit && (size_t)repeat > ((size_t)1 << 30) / unit) {
        snprintf(why, why_len, "message of %zu x %lld bytes is too long", unit, repeat);
        return -1;
    }
    *len = unit * (size_t)repeat;
    *msg = malloc(*len + 1);
    if (!*msg) {
        snprintf(why, why_len, "out of memory for a %zu-byte message", *len);
        return -1;
    }
    for (long long i = 0; i < repeat; i++)
        memcpy(*msg + (size_t)i * unit, json_string_value(ascii), unit);
    return 0;
}

/* A cryptometer-kat-v1 entry: "msg" or "msg_ascii" (+ "repeat"), and the
 * hex field "digest" (f->v[0]). */
static int entry_case(const cm_wp_case *c, const kat_fields *f, cm_kat_report *rep, char *why,
                      size_t why_len)
{
    const cm_algorithm *alg = c->alg;
    const cm_hash_vtable *vt = c->impl->vt.hash;
    uint8_t *msg = NULL, *out = NULL;
    size_t msg_len = 0;
    if (entry_message(c->test, &msg, &msg_len, why, why_len) != 0)
        return -1;
    int ret = -1;
    if (f->n[0] != alg->out_len) {
        snprintf(why, why_len, "digest is %zu bytes, %s gives %zu", f->n[0], alg->name,
                 alg->out_len);
        goto done;
    }
    ret = 0;
    out = malloc(alg->out_len);
    void *st = NULL;
    cm_rc rc = out ? vt->create(&st) : CM_ERR_NOMEM;
    if (rc != CM_OK) {
        kat_fail(rep, "%s: create returned %s", c->label, kat_rc_name(rc));
        goto done;
    }
    rc = vt->digest(st, msg, msg_len, out);
    vt->destroy(st);
    if (rc != CM_OK)
        kat_fail(rep, "%s: digest returned %s", c->label, kat_rc_name(rc));
    else if (kat_expect(rep, c->label, "digest", out, alg->out_len, f->v[0], f->n[0]))
        kat_pass(rep);
done:
    free(msg);
    free(out);
    return ret;
}

KAT_BUILTIN_FIELDS(entry_case, "digest")

const cm_class_module cm_class_hash = {
    CM_CLASS_BASICS(CM_CLASS_HASH, "hash", CM_UNIT_BYTE, hash, cross_one),
    .loops = {[CM_OP_DIGEST] = run_digest},
    .builtin_case = builtin_case,
};
