/*
 * class_cipher.c — the cipher class (primitive.h, cm_cipher_vtable): a
 * block mode without padding or a stream mode, measured as one long stream
 * (key and IV set once; each operation continues it, as `openssl speed`
 * measures), figures per byte.
 *
 * Checked by Wycheproof IndCpaTest groups (AES-CBC-PKCS5: our interface
 * is raw CBC, so the harness pads with PKCS#7 before encrypting and checks
 * and strips the padding after decrypting; a valid case must encrypt to ct
 * and decrypt back to msg, an invalid one (bad padding) must be rejected
 * after decryption. A mode without blocks, AES-XTS, is raw: msg and ct
 * are the data unit, an invalid case must be refused by decrypt; a tweak
 * shorter than 16 bytes is the data unit's number, little-endian, so it
 * is zero-extended on the right), by the SP 800-38A and RFC 8439
 * examples (cryptometer-kat-v1), and
 * against a peer: one call, then the same message again as a stream of
 * pieces (the first call with the IV, the next ones with iv NULL), each
 * direction alone and the two interleaved on one state; every piece must
 * give the bytes of the one-shot output at its place. Without a peer the
 * stream is checked against the implementation's own one-shot output.
 *
 * A cipher of whole data units (algorithm.h, data_unit_min: XTS) is no
 * stream: every timed call is one data unit with its tweak, and the
 * cross-check compares whole units only (the pieces become the same unit
 * encrypted and decrypted again on the used state, which must give the
 * same bytes: nothing may carry over from one call to the next).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "model/class.h"
#include "model/class_loop.h"
#include "model/kat_case.h"

/* ---- measuring ---------------------------------------------------------------- */

/* Keys the state; for decrypt, makes the ciphertext to decrypt; then
 * starts the stream from the IV (the timed calls continue it). */
static int bench_open(cm_bench *b, cm_error *err)
{
    const cm_cipher_vtable *vt = b->vt.cipher;
    cm_rc rc = vt->create(&b->state, b->key, b->alg->key_len);
    if (rc != CM_OK)
        return cm_bench_created(rc, err);
    if (b->op == CM_OP_DECRYPT) {
        if ((rc = vt->encrypt(b->state, b->iv, b->in, b->out, b->size)) != CM_OK)
            return cm_error_set(err, CM_EXIT_FAILURES, "preparing the ciphertext: encrypt "
                                "returned %s", kat_rc_name(rc));
        memcpy(b->in, b->out, b->size);
    }
    rc = b->op == CM_OP_ENCRYPT ? vt->encrypt(b->state, b->iv, b->in, b->out, b->size)
                                : vt->decrypt(b->state, b->iv, b->in, b->out, b->size);
    if (rc != CM_OK)
        return cm_error_set(err, CM_EXIT_FAILURES, "starting the stream returned %s",
                            kat_rc_name(rc));
    return 0;
}

/* The IV of every timed call: NULL to continue the stream, or for a
 * cipher of whole data units the tweak again (each call is a new unit). */
static const uint8_t *loop_iv(const cm_bench *b)
{
    return b->alg->data_unit_min ? b->iv : NULL;
}

CM_TIMED_LOOP_WITH(run_encrypt, const cm_cipher_vtable *vt = b->vt.cipher; const uint8_t *iv = loop_iv(b);, ,
                   vt->encrypt(b->state, iv, b->in, b->out, b->size))

CM_TIMED_LOOP_WITH(run_decrypt, const cm_cipher_vtable *vt = b->vt.cipher; const uint8_t *iv = loop_iv(b);, ,
                   vt->decrypt(b->state, iv, b->in, b->out, b->size))

CM_BENCH_CLOSE(cipher)

static cm_rc nop_crypt(void *s, const uint8_t *iv, const uint8_t *in, uint8_t *o, size_t l)
{
    (void)s, (void)iv, (void)in, (void)o, (void)l;
    return CM_OK;
}
static const cm_cipher_vtable nop = {NULL, nop_crypt, nop_crypt, NULL};

/* ---- the stream of pieces ----------------------------------------------------- */

/* Piece lengths after which the rest of the message goes in one call:
 * bytes for stream modes (not multiples of 16, to cross block boundaries
 * inside calls and between them), whole blocks for block modes. */
static const size_t stream_piece_bytes[] = {1, 15, 17, 33};
static const size_t block_piece_blocks[] = {1, 2, 3};

/* Length of piece number i (from 0) of a stream with left bytes to go. */
static size_t piece_len(const cm_algorithm *alg, size_t i, size_t left)
{
    size_t n;
    if (alg->block_len > 1)
        n = i < sizeof block_piece_blocks / sizeof block_piece_blocks[0]
                ? block_piece_blocks[i] * alg->block_len
                : left;
    else
        n = i < sizeof stream_piece_bytes / sizeof stream_piece_bytes[0] ? stream_piece_bytes[i]
                                                                         : left;
    return n < left ? n : left;
}

/* How many pieces a message of size bytes is cut into (at least one: an
 * empty message is one empty call with the IV). */
static size_t piece_count(const cm_algorithm *alg, size_t size)
{
    size_t n = 0, off = 0;
    do
        off += piece_len(alg, n++, size - off);
    while (off < size);
    return n;
}

/* One direction of a message fed in pieces. */
typedef struct stream {
    int decrypt;
    const uint8_t *in, *want; /* the input; the one-shot output it must give */
    uint8_t *out;
    size_t off, piece, pieces;
} stream;

/* Feeds the next piece of s to impl (state st); returns 1 when it gave the
 * one-shot output's bytes, else 0 with detail. how says how the pieces are
 * fed ("" or ", interleaved with ..."). */
static int stream_step(const cm_cipher_vtable *v, void *st, cm_cross_case *c, stream *s,
                       const char *how)
{
    const cm_algorithm *alg = c->alg;
    size_t size = c->size;
    size_t n = piece_len(alg, s->piece, size - s->off);
    const uint8_t *piece_iv = s->piece == 0 ? c->iv : NULL;
    const char *op = s->decrypt ? "decrypt" : "encrypt";
    cm_rc rc = s->decrypt ? v->decrypt(st, piece_iv, s->in + s->off, s->out + s->off, n)
                          : v->encrypt(st, piece_iv, s->in + s->off, s->out + s->off, n);
    s->piece++;
    char what[160];
    snprintf(what, sizeof what, "%s in pieces%s: piece %zu of %zu (%zu bytes at offset %zu, "
             "iv %s)", op, how, s->piece, s->pieces, n, s->off, piece_iv ? "given" : "NULL");
    if (rc != CM_OK)
        return kat_cross_failed(c, NULL, what, rc);
    size_t at = kat_diff_at(s->out + s->off, s->want + s->off, n);
    if (at < n) {
        snprintf(c->detail, c->detail_len, "%s differs from the one-shot %s (this "
                 "implementation's and %s's) at byte %zu of %zu (0x%02x vs 0x%02x; seed "
                 "0x%016llx)", what, op, c->peer_name, s->off + at, size, s->out[s->off + at],
                 s->want[s->off + at], (unsigned long long)c->seed);
        return 0;
    }
    s->off += n;
    return 1;
}

/* Encrypts c->msg and decrypts the one-shot ciphertext (c->out_b) again
 * with impl's state st, in pieces: each direction alone, then the two
 * interleaved. Every piece must match the one-shot outputs (c->out_b and
 * c->back_b, already known to equal impl's own). Returns 1, or 0 with
 * c->detail. Overwrites c->out_a and c->back_a. */
static int stream_check(const cm_cipher_vtable *v, void *st, cm_cross_case *c)
{
    size_t size = c->size, pieces = piece_count(c->alg, size);
    kat_progress("cross-check vs %s: %zu bytes in %zu pieces", c->peer_name, size, pieces);
    for (int interleaved = 0; interleaved < 2; interleaved++) {
        stream enc = {0, c->msg, c->out_b, c->out_a, 0, 0, pieces};
        stream dec = {1, c->out_b, c->back_b, c->back_a, 0, 0, pieces};
        memset(c->out_a, 0, size + 1);
        memset(c->back_a, 0, size + 1);
        if (!interleaved) {
            while (enc.piece < pieces)
                if (!stream_step(v, st, c, &enc, ""))
                    return 0;
            while (dec.piece < pieces)
                if (!stream_step(v, st, c, &dec, ""))
                    return 0;
        } else {
            while (enc.piece < pieces)
                if (!stream_step(v, st, c, &enc, ", interleaved with the decrypt pieces on the "
                                 "same state") ||
                    !stream_step(v, st, c, &dec, ", interleaved with the encrypt pieces on the "
                                 "same state"))
                    return 0;
        }
    }
    return 1;
}

/* For a cipher of whole data units, instead of the stream: the same unit
 * encrypted and decrypted again on the state st that already did both,
 * which must give the one-shot outputs (c->out_b, c->back_b) again. */
static int unit_check(const cm_cipher_vtable *v, void *st, cm_cross_case *c)
{
    size_t size = c->size;
    cm_rc rc;
    if ((rc = v->encrypt(st, c->iv, c->msg, c->out_a, size)) != CM_OK)
        return kat_cross_failed(c, NULL, "encrypt of the same data unit again", rc);
    if ((rc = v->decrypt(st, c->iv, c->out_b, c->back_a, size)) != CM_OK)
        return kat_cross_failed(c, NULL, "decrypt of the same data unit again", rc);
    return kat_cross_same(c, "encrypt of the same data unit again", "the first encrypt",
                          c->out_a, c->out_b, size) &&
           kat_cross_same(c, "decrypt of the same data unit again", "the first decrypt",
                          c->back_a, c->back_b, size);
}

/* The check after the one-shot outputs: the stream of pieces, or for a
 * cipher of whole data units the unit again. */
static int after_one_shot(const cm_cipher_vtable *v, void *st, cm_cross_case *c)
{
    return c->alg->data_unit_min ? unit_check(v, st, c) : stream_check(v, st, c);
}

/* ---- checking ----------------------------------------------------------------- */

/* Encrypts with both sides, decrypts the peer's ciphertext with both, then
 * checks the implementation's stream of pieces against those outputs. */
static int cross_one(cm_cross_case *c)
{
    const cm_cipher_vtable *va = c->impl->vt.cipher, *vb = c->peer->vt.cipher;
    size_t size = c->size;
    void *sa, *sb;
    int ok = 0;
    cm_rc ra, rb;
    if (!kat_cross_keyed(c, va->create, va->destroy, vb->create, &sa, &sb))
        return 0;
    if ((ra = va->encrypt(sa, c->iv, c->msg, c->out_a, size)) != CM_OK)
        kat_cross_failed(c, NULL, "encrypt", ra);
    else if ((rb = vb->encrypt(sb, c->iv, c->msg, c->out_b, size)) != CM_OK)
        kat_cross_failed(c, c->peer_name, "encrypt", rb);
    else if (!kat_cross_same(c, "encrypt output", c->peer_name, c->out_a, c->out_b, size))
        ;
    else if ((ra = va->decrypt(sa, c->iv, c->out_b, c->back_a, size)) != CM_OK)
        kat_cross_failed(c, NULL, "decrypt", ra);
    else if ((rb = vb->decrypt(sb, c->iv, c->out_b, c->back_b, size)) != CM_OK)
        kat_cross_failed(c, c->peer_name, "decrypt", rb);
    else
        ok = kat_cross_same(c, "decrypt output", c->peer_name, c->back_a, c->back_b, size) &&
             kat_cross_same(c, "decrypt output", "the original message", c->back_a, c->msg, size) &&
             after_one_shot(va, sa, c);
    va->destroy(sa);
    vb->destroy(sb);
    return ok;
}

/* Without a peer: the one-shot outputs (encrypt, then decrypt back to the
 * message) become the reference the stream of pieces must match. */
static int self_one(cm_cross_case *c)
{
    const cm_cipher_vtable *v = c->impl->vt.cipher;
    void *st;
    int ok = 0;
    cm_rc rc;
    if ((rc = v->create(&st, c->key, c->alg->key_len)) != CM_OK)
        return kat_cross_failed(c, NULL, "create", rc);
    if ((rc = v->encrypt(st, c->iv, c->msg, c->out_b, c->size)) != CM_OK)
        kat_cross_failed(c, NULL, "encrypt", rc);
    else if ((rc = v->decrypt(st, c->iv, c->out_b, c->back_b, c->size)) != CM_OK)
        kat_cross_failed(c, NULL, "decrypt", rc);
    else
        ok = kat_cross_same(c, "decrypt output", "the original message", c->back_b, c->msg,
                            c->size) &&
             after_one_shot(v, st, c);
    v->destroy(st);
    return ok;
}

/* Length of the message inside a PKCS#7-padded buffer, or -1 when the
 * padding is wrong (empty, not whole blocks, pad byte out of 1..block or
 * pad bytes that differ). */
static long pkcs7_unpad(const uint8_t *buf, size_t len, size_t block)
{
    if (len == 0 || len % block)
        return -1;
    size_t pad = buf[len - 1];
    if (pad == 0 || pad > block)
        return -1;
    for (size_t i = len - pad; i < len; i++)
        if (buf[i] != pad)
            return -1;
    return (long)(len - pad);
}

/* One IndCpaTest case with the key already set in st. */
static void wp_cipher_case(const cm_cipher_vtable *vt, void *st, const cm_algorithm *alg,
                           const kat_wp_fields *c, cm_wp_result result, const char *label,
                           cm_kat_report *rep)
{
    size_t bl = alg->block_len;
    size_t plen = (c->msg_len / bl + 1) * bl;
    uint8_t *padded = malloc(plen), *enc = malloc(plen), *dec = malloc(c->ct_len + 1);
    if (!padded || !enc || !dec) {
        kat_fail(rep, "%s: out of memory", label);
        goto done;
    }
    if (result == CM_WP_VALID) {
        memcpy(padded, c->msg, c->msg_len);
        memset(padded + c->msg_len, (int)(plen - c->msg_len), plen - c->msg_len);
        if (!kat_call_ok(rep, label, "encrypt", vt->encrypt(st, c->iv, padded, enc, plen)) ||
            !kat_expect(rep, label, "encrypt: ciphertext (PKCS#7-padded)", enc, plen, c->ct, c->ct_len))
            goto done;
    }
    /* A PKCS#7 layer refuses a ciphertext of partial blocks before
     * decrypting; raw CBC must not be called with one. */
    int rejected = c->ct_len % bl != 0;
    long msg_len = -1;
    if (!rejected) {
        cm_rc rc = vt->decrypt(st, c->iv, c->ct, dec, c->ct_len);
        if (result == CM_WP_VALID && !kat_call_ok(rep, label, "decrypt", rc))
            goto done;
        msg_len = rc == CM_OK ? pkcs7_unpad(dec, c->ct_len, bl) : -1;
        rejected = msg_len < 0;
    }
    if (result == CM_WP_VALID) {
        if (rejected)
            kat_fail(rep, "%s: decrypt: the PKCS#7 padding check failed on the decrypted text", label);
        else if (kat_expect(rep, label, "decrypt: plaintext", dec, (size_t)msg_len, c->msg, c->msg_len))
            kat_pass(rep);
    } else if (result == CM_WP_INVALID && !rejected) {
        kat_fail(rep, "%s: accepted: decrypted to a correctly padded %ld-byte message, but the "
                 "ciphertext has bad padding (the decryption is wrong)", label, msg_len);
    } else {
        kat_pass(rep);
    }
done:
    free(padded);
    free(enc);
    free(dec);
}

/* One IndCpaTest case of a mode without padding (XTS) with the key set in
 * st: a valid case encrypts msg to ct and decrypts ct to msg; an invalid
 * one must be refused by decrypt. */
static void wp_raw_case(const cm_cipher_vtable *vt, void *st, const kat_wp_fields *c,
                        const uint8_t *iv, cm_wp_result result, const char *label,
                        cm_kat_report *rep)
{
    size_t n = c->msg_len > c->ct_len ? c->msg_len : c->ct_len;
    uint8_t *out = malloc(n + 1);
    if (!out) {
        kat_fail(rep, "%s: out of memory", label);
        return;
    }
    if (result == CM_WP_VALID) {
        if (c->msg_len != c->ct_len)
            kat_fail(rep, "%s: msg is %zu bytes and ct %zu: a mode without padding keeps the "
                     "length", label, c->msg_len, c->ct_len);
        else if (kat_call_ok(rep, label, "encrypt", vt->encrypt(st, iv, c->msg, out, c->msg_len)) &&
                 kat_expect(rep, label, "encrypt: ciphertext", out, c->ct_len, c->ct, c->ct_len) &&
                 kat_call_ok(rep, label, "decrypt", vt->decrypt(st, iv, c->ct, out, c->ct_len)) &&
                 kat_expect(rep, label, "decrypt: plaintext", out, c->msg_len, c->msg, c->msg_len))
            kat_pass(rep);
    } else if (vt->decrypt(st, iv, c->ct, out, c->ct_len) == CM_OK &&
               result == CM_WP_INVALID) {
        kat_fail(rep, "%s: accepted: decrypt of a %zu-byte ciphertext that must be refused "
                 "returned CM_OK", label, c->ct_len);
    } else {
        kat_pass(rep);
    }
    free(out);
}

/* An IndCpaTest case: "key", "iv", "msg", "ct". */
static int wycheproof_case(const cm_wp_case *c, cm_kat_report *rep, char *why, size_t why_len)
{
    const cm_algorithm *alg = c->alg;
    kat_wp_fields f;
    uint8_t iv[CM_BENCH_MAX_IV] = {0};
    if (kat_wp_decode(c, &f, KAT_WP_KEY | KAT_WP_IV | KAT_WP_MSG | KAT_WP_CT, why, why_len) != 0)
        return -1;
    /* a data unit's tweak is its number, little-endian: a shorter one is
     * zero-extended on the right */
    if (alg->data_unit_min ? f.iv_len > alg->iv_len : f.iv_len != alg->iv_len) {
        snprintf(why, why_len, "iv is %zu bytes, %s takes %s%zu", f.iv_len, alg->name,
                 alg->data_unit_min ? "at most " : "", alg->iv_len);
        kat_wp_fields_free(&f);
        return -1;
    }
    if (f.iv_len)
        memcpy(iv, f.iv, f.iv_len);
    if (c->impl) {
        const cm_cipher_vtable *vt = c->impl->vt.cipher;
        void *st;
        if (kat_case_keyed(vt->create, f.key, f.key_len, rep, c->label, &st)) {
            if (alg->block_len > 1)
                wp_cipher_case(vt, st, alg, &f, c->result, c->label, rep);
            else
                wp_raw_case(vt, st, &f, iv, c->result, c->label, rep);
            vt->destroy(st);
        }
    }
    kat_wp_fields_free(&f);
    return 0;
}

/* A cryptometer-kat-v1 entry: "key", "iv", "pt", "ct"; both directions. */
static int entry_case(const cm_wp_case *c, const kat_fields *f, cm_kat_report *rep, char *why,
                      size_t why_len)
{
    enum { KEY, IV, PT, CT }; /* as builtin_case names them */
    const cm_algorithm *alg = c->alg;
    const cm_cipher_vtable *vt = c->impl->vt.cipher;
    const char *label = c->label;
    size_t len = f->n[PT];
    if (f->n[KEY] != alg->key_len || f->n[IV] != alg->iv_len || len != f->n[CT] ||
        len % alg->block_len) {
        snprintf(why, why_len, "lengths (key %zu, iv %zu, pt %zu, ct %zu) do not fit %s",
                 f->n[KEY], f->n[IV], len, f->n[CT], alg->name);
        return -1;
    }
    void *st = NULL;
    uint8_t *out = malloc(len + 1);
    if (!out) {
        kat_wp_create_failed(rep, label, CM_ERR_NOMEM, f->n[KEY]);
    } else if (kat_case_keyed(vt->create, f->v[KEY], f->n[KEY], rep, label, &st)) {
        cm_rc rc = vt->encrypt(st, f->v[IV], f->v[PT], out, len);
        if (rc != CM_OK) {
            kat_fail(rep, "%s: encrypt returned %s", label, kat_rc_name(rc));
        } else if (kat_expect(rep, label, "encrypt: ciphertext", out, len, f->v[CT], len)) {
            rc = vt->decrypt(st, f->v[IV], f->v[CT], out, len);
            if (rc != CM_OK)
                kat_fail(rep, "%s: decrypt returned %s", label, kat_rc_name(rc));
            else if (kat_expect(rep, label, "decrypt: plaintext", out, len, f->v[PT], len))
                kat_pass(rep);
        }
        vt->destroy(st);
    }
    free(out);
    return 0;
}

KAT_BUILTIN_FIELDS(entry_case, "key", "iv", "pt", "ct")

const cm_class_module cm_class_cipher = {
    CM_CLASS_BASICS(CM_CLASS_CIPHER, "cipher", CM_UNIT_BYTE, cipher, cross_one),
    .loops = {[CM_OP_ENCRYPT] = run_encrypt, [CM_OP_DECRYPT] = run_decrypt},
    .self_one = self_one,
    .self_name = "its own one-shot output",
    .cross_how = ", in one call and as a stream of pieces (1, 15, 17, 33 bytes or 1, 2, 3 "
                 "blocks, then the rest; each direction alone and interleaved; a cipher of "
                 "whole data units, XTS, in whole units only, each twice on one state)",
    .wycheproof_case = wycheproof_case,
    .builtin_case = builtin_case,
};
