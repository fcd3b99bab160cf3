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
    cm_rc rc = b->vt.hash->create(&b->state);
    return rc == CM_OK ? 0 : cm_error_set(err, CM_EXIT_FAILURES, "create() returned %s", kat_rc_name(rc));
}

CM_TIMED_LOOP_WITH(run_digest, const cm_hash_vtable *vt = b->vt.hash;, ,
                   vt->digest(b->state, b->in, b->size, b->out))

CM_BENCH_CLOSE(hash)

static cm_rc nop_digest(void *s, const uint8_t *m, size_t l, uint8_t *o)
{
    (void)s, (void)m, (void)l, (void)o;
    return CM_OK;
}
static const cm_hash_vtable nop = {NULL, nop_digest, NULL};

/* ---- checking ----------------------------------------------------------------- */

static int cross_one(cm_cross_case *c)
{
    const cm_hash_vtable *va = c->impl->vt.hash, *vb = c->peer->vt.hash;
    void *sa = NULL, *sb = NULL;
    int ok = 0;
    cm_rc ra, rb;
    if ((ra = va->create(&sa)) != CM_OK)
        return kat_cross_failed(c, NULL, "create", ra);
    if ((rb = vb->create(&sb)) != CM_OK) {
        va->destroy(sa);
        return kat_cross_failed(c, c->peer_name, "create", rb);
    }
    if ((ra = va->digest(sa, c->msg, c->size, c->out_a)) != CM_OK)
        kat_cross_failed(c, NULL, "digest", ra);
    else if ((rb = vb->digest(sb, c->msg, c->size, c->out_b)) != CM_OK)
        kat_cross_failed(c, c->peer_name, "digest", rb);
    else
        ok = kat_cross_same(c, "digest", c->peer_name, c->out_a, c->out_b, c->alg->out_len);
    va->destroy(sa);
    vb->destroy(sb);
    return ok;
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

/* A cryptometer-kat-v1 entry: "msg" or "msg_ascii" (+ "repeat"), "digest". */
static int builtin_case(const cm_impl *impl, const cm_algorithm *alg, const json_t *test,
                        const char *label, cm_kat_report *rep, char *why, size_t why_len)
{
    const cm_hash_vtable *vt = impl->vt.hash;
    uint8_t *msg = NULL, *digest = NULL, *out = NULL;
    size_t msg_len = 0, digest_len = 0;
    int ret = -1;
    if (entry_message(test, &msg, &msg_len, why, why_len) != 0 ||
        kat_hex_field(test, "digest", &digest, &digest_len, why, why_len) != 0)
        goto done;
    if (digest_len != alg->out_len) {
        snprintf(why, why_len, "digest is %zu bytes, %s gives %zu", digest_len, alg->name,
                 alg->out_len);
        goto done;
    }
    ret = 0;
    out = malloc(alg->out_len);
    void *st = NULL;
    cm_rc rc = out ? vt->create(&st) : CM_ERR_NOMEM;
    if (rc != CM_OK) {
        kat_fail(rep, "%s: create returned %s", label, kat_rc_name(rc));
        goto done;
    }
    rc = vt->digest(st, msg, msg_len, out);
    vt->destroy(st);
    if (rc != CM_OK)
        kat_fail(rep, "%s: digest returned %s", label, kat_rc_name(rc));
    else if (kat_expect(rep, label, "digest", out, alg->out_len, digest, digest_len))
        kat_pass(rep);
done:
    free(msg);
    free(digest);
    free(out);
    return ret;
}

const cm_class_module cm_class_hash = {
    CM_CLASS_BASICS(CM_CLASS_HASH, "hash", CM_UNIT_BYTE, hash, cross_one),
    .loops = {[CM_OP_DIGEST] = run_digest},
    .cross_how = "",
    .builtin_case = builtin_case,
};
