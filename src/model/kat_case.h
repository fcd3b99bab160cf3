/*
 * kat_case.h — the vocabulary of a check, for the KAT runner (src/check/)
 * and the class modules (class.h) alike: counting and recording cases in a
 * report (kat_report.h), hex fields of JSON vectors, comparing outputs,
 * the Wycheproof fields of a case, the two sides of a cross-check, and the
 * progress hook that lets a parent say where a child crashed. Nothing here
 * knows a class, a backend or a vector file.
 *
 *   kat_case.c        counting, hex, a case's fields, comparison, return codes, progress
 *   kat_wp_case.c     the fields of one Wycheproof case
 *   kat_cross_case.c  comparing the two sides of a cross-check
 *   kat_pk_cross.c    the public-key cross-check both ways
 */
#ifndef CM_MODEL_KAT_CASE_H
#define CM_MODEL_KAT_CASE_H

#include <stddef.h>
#include <stdint.h>
#include <jansson.h>
#include "model/class.h"
#include "model/kat_report.h"

/* ---- progress ---------------------------------------------------------------- */

/* Called before each vector case and each cross-check step with a short
 * description ("wycheproof/aes_gcm_test.json tcId 17", "cross-check vs ref:
 * seal 1000 bytes"), so that a parent can say where a child crashed. */
typedef void (*cm_kat_progress_fn)(void *ctx, const char *where);

/* Installs fn (NULL: none) for this process. Meant for the child of an
 * isolated run; not thread-safe. */
void cm_kat_set_progress(cm_kat_progress_fn fn, void *ctx);


/* Decodes the hex string field of obj into a new buffer (*out, always at
 * least one byte allocated so that it is never NULL; the caller frees it)
 * of *len bytes. Returns 0, or -1 with the reason in why (field missing,
 * not a string, odd length, not hex, out of memory). */
int kat_hex_field(const json_t *obj, const char *field, uint8_t **out,
                  size_t *len, char *why, size_t why_len);

/* The hex fields of one case: v[i], of n[i] bytes, is the i-th named. */
#define KAT_MAX_FIELDS 6
typedef struct kat_fields {
    uint8_t *v[KAT_MAX_FIELDS];
    size_t n[KAT_MAX_FIELDS];
} kat_fields;

/* What checks one case once its hex fields are read (f, in the order
 * named): 0, or -1 with why when the case does not fit the algorithm. */
typedef int (*kat_fields_fn)(const cm_wp_case *c, const kat_fields *f, cm_kat_report *rep,
                             char *why, size_t why_len);

/* Reads the hex fields (kat_hex_field) names lists, ended by NULL (at most
 * KAT_MAX_FIELDS): each of c->test, or of c->group when its name begins
 * with "group." (a Wycheproof test group's); then, against an
 * implementation (c->impl set), runs fn on them. 0, fn's -1, or -1 with
 * the first reason in why when a field is missing or not hex. */
int kat_fields_case(const cm_wp_case *c, const char *const *names, kat_fields_fn fn,
                    cm_kat_report *rep, char *why, size_t why_len);

/* Defines the builtin_case (class.h) of a class whose cryptometer-kat-v1
 * entries are the hex fields named (the variadic part, at most
 * KAT_MAX_FIELDS): each entry is checked by fn as a valid case of no group. */
#define KAT_BUILTIN_FIELDS(fn, ...)                                                                \
    static int builtin_case(const cm_impl *impl, const cm_algorithm *alg, const json_t *test,      \
                            const char *label, cm_kat_report *rep, char *why, size_t why_len)      \
    {                                                                                              \
        static const char *const names[] = {__VA_ARGS__, NULL};                                    \
        const cm_wp_case c = {impl, alg, NULL, test, CM_WP_VALID, label};                          \
        return kat_fields_case(&c, names, (fn), rep, why, why_len);                                \
    }

/* A state of alg made by create and given its key (a private key, a public
 * key, a seed) by set_key: CM_OK, or the first failure's code. *state is
 * NULL when none was made; the caller destroys it otherwise. */
cm_rc kat_keyed_state(cm_rc (*create)(void **state, const struct cm_algorithm *alg),
                      cm_rc (*set_key)(void *state, const uint8_t *key, size_t len),
                      const struct cm_algorithm *alg, const uint8_t *key, size_t len,
                      void **state);

/* Index of the first byte where a and b differ, or n if none. */
size_t kat_diff_at(const uint8_t *a, const uint8_t *b, size_t n);

/* A short name for a cm_rc ("CM_ERR_AUTH"). */
const char *kat_rc_name(cm_rc rc);

/* Reports progress (printf-style) to the hook of cm_kat_set_progress();
 * formats nothing when there is no hook. */
void kat_progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The integer member key of group into *out: 1 found, 0 absent, -1 not an
 * integer. */
int kat_group_int(const json_t *group, const char *key, long long *out);

/* ---- for the class modules (class.h) -------------------------------------- */

/* Records whether out (out_len bytes) equals want (want_len bytes) for
 * step what of case label: a failure names the first differing byte or
 * the lengths. Returns 1 if they are the same. */
int kat_expect(cm_kat_report *rep, const char *label, const char *what, const uint8_t *out,
               size_t out_len, const uint8_t *want, size_t want_len);

/* Whether a call of a case (step call of case label) returned rc CM_OK:
 * 1, else 0 with a skip recorded for CM_ERR_UNSUPPORTED (what the
 * implementation declines) and a failure for any other code. */
int kat_call_ok(cm_kat_report *rep, const char *label, const char *call, cm_rc rc);

/* The cross-check's comparison of a (this implementation) and b (from
 * b_name) for step what: 1 when the n bytes are the same, else 0 with
 * c->detail naming the byte, the size and the seed. */
int kat_cross_same(cm_cross_case *c, const char *what, const char *b_name, const uint8_t *a,
                   const uint8_t *b, size_t n);

/* Writes "<who>: <op> returned <rc> (size, seed)" into c->detail (who NULL:
 * this implementation, else the peer named who); returns 0. */
int kat_cross_failed(cm_cross_case *c, const char *who, const char *op, cm_rc rc);

/* What a call that must refuse a tampered input (a signature or a
 * ciphertext with a bit flipped) returned, as a check's outcome: CM_OK when
 * it refused with CM_ERR_AUTH, CM_ERR_INVALID when it accepted, else its
 * own error. */
static inline cm_rc kat_must_refuse(cm_rc rc)
{
    return rc == CM_ERR_AUTH ? CM_OK : rc == CM_OK ? CM_ERR_INVALID : rc;
}

/* The calls a public-key cross-check needs from one side, the same in the
 * signature and pke vtables; vt is the class's whole vtable. */
typedef struct kat_pk_side {
    const void *vt;
    cm_rc (*create)(void **state, const struct cm_algorithm *alg);
    cm_rc (*keygen)(void *state);
    cm_rc (*get_public_key)(void *state, uint8_t *der, size_t *len);
    cm_rc (*set_public_key)(void *state, const uint8_t *der, size_t der_len);
    void (*destroy)(void *state);
} kat_pk_side;

/* The kat_pk_side of a pke or signature vtable pointer vt. */
#define KAT_PK_SIDE(vt)                                                                            \
    ((kat_pk_side){(vt), (vt)->create, (vt)->keygen, (vt)->get_public_key, (vt)->set_public_key,    \
                   (vt)->destroy})

/* How a public-key class is cross-checked (kat_pk_cross.c). */
typedef struct kat_pk_how {
    int owner_produces;      /* 1: the key pair's owner produces (signs); 0: consumes (decrypts) */
    const char *produced;    /* "signed", "encrypted": the directions' names */
    const char *consumed;    /* "verified", "decrypted" */
    const char *create_user; /* the step naming the other side's create: "create (verifier)" */
    size_t (*max_len)(const struct cm_algorithm *alg); /* longest message, or NULL: any */
    /* The producer's state ps makes something of the first len bytes of
     * c->msg; the consumer's state cs must accept it and refuse it with its
     * last bit flipped (kat_must_refuse). who names the direction. 1, or 0
     * with c->detail (kat_cross_failed). */
    int (*exchange)(cm_cross_case *c, const void *prod_vt, void *ps, const void *cons_vt,
                    void *cs, size_t len, const char *who);
    kat_pk_side (*side)(const struct cm_impl *impl); /* the class's vtable of impl */
} kat_pk_how;

/* The end of an exchange: 1 when rc is CM_OK, else 0 with c->detail
 * naming the direction (who), the step that failed and rc. */
int kat_pk_exchanged(cm_cross_case *c, cm_rc rc, const char *who, const char *step);

/* The cross_one and self_one of a class with a pk_how (class.h): one key
 * pair per side, then at every length of c (c->lengths, else c->size) each
 * side consumes what the other produced: this implementation and the
 * peer, or without a peer two states of this implementation. 1, or 0 with
 * c->detail. */
int kat_pk_cross_one(cm_cross_case *c);

/* create() of the keyed classes (mac, cipher, aead: the same shape). */
typedef cm_rc (*kat_keyed_create_fn)(void **state, const uint8_t *key, size_t key_len);

/* Creates the states of both sides of a cross-check on c->key: 1, or 0
 * with c->detail, nothing left allocated. */
int kat_cross_keyed(cm_cross_case *c, kat_keyed_create_fn create_a, void (*destroy_a)(void *),
                    kat_keyed_create_fn create_b, void **sa, void **sb);

/* Whether both sides' create() succeeded: ra, this implementation's (its
 * state sa, destroyed by destroy_a), and rb, the peer's, made only when ra
 * is CM_OK. 1, or 0 with c->detail and sa destroyed. */
int kat_cross_created(cm_cross_case *c, cm_rc ra, cm_rc rb, void *sa, void (*destroy_a)(void *));

/* One side of a cross-check whose call gives one output of a whole
 * message (hash, mac): the call, its state and the state's destroy. */
typedef struct kat_whole_side {
    cm_rc (*call)(void *state, const uint8_t *msg, size_t len, uint8_t *out);
    void *state;
    void (*destroy)(void *state);
} kat_whole_side;

/* a (this implementation) and b (the peer) each call op on c->msg: 1 when
 * their c->alg->out_len bytes (what) are the same, else 0 with c->detail.
 * Destroys both states. */
int kat_cross_whole(cm_cross_case *c, const char *op, const char *what, kat_whole_side a,
                    kat_whole_side b);

/* Creates the state of a case on key: 1, or 0 after recording the failure
 * (kat_wp_create_failed). */
int kat_case_keyed(kat_keyed_create_fn create, const uint8_t *key, size_t key_len,
                   cm_kat_report *rep, const char *label, void **state);

/* The hex fields of a Wycheproof case (kat_wp_decode); NULL when not asked. */
typedef struct kat_wp_fields {
    uint8_t *key, *iv, *aad, *msg, *ct, *tag;
    size_t key_len, iv_len, aad_len, msg_len, ct_len, tag_len;
} kat_wp_fields;

enum {
    KAT_WP_KEY = 1, KAT_WP_IV = 2, KAT_WP_AAD = 4, KAT_WP_MSG = 8, KAT_WP_CT = 16,
    KAT_WP_TAG = 32, KAT_WP_ALL = 63 /* every field: an AEAD case */
};

/* Decodes the fields of c's test named in mask ("key", "iv", "aad", "msg",
 * "ct", "tag"), and checks the key against the group's keySize and the iv
 * against its ivSize where there is a group that has them. 0, or -1 with
 * why (f is then freed). */
int kat_wp_decode(const cm_wp_case *c, kat_wp_fields *f, unsigned mask, char *why,
                  size_t why_len);
void kat_wp_fields_free(kat_wp_fields *f);

/* The tag length a group asks for: its "tagSize" in bytes, or the
 * algorithm's full tag. 0, or -1 with why. */
int kat_wp_tag_len(const json_t *group, const cm_algorithm *alg, size_t *tag_len, char *why,
                   size_t why_len);

/* Records a create() that failed on a case: skipped for
 * CM_ERR_UNSUPPORTED, failed otherwise. */
void kat_wp_create_failed(cm_kat_report *rep, const char *label, cm_rc rc, size_t key_len);

/* The outcome of Wycheproof case c whose call (verify, decrypt) returned
 * rc and must refuse an invalid input (what: "signature", "ciphertext")
 * with CM_ERR_AUTH: 1 when rc is CM_OK on a case that is not invalid (the
 * caller checks the output and counts it), else 0 with the outcome
 * counted: an invalid input accepted is a finding, another code than
 * CM_OK or CM_ERR_AUTH a failure, CM_ERR_AUTH a failure on a valid case
 * and a pass otherwise. */
int kat_wp_auth_refusal(cm_kat_report *rep, const cm_wp_case *c, const char *call,
                        const char *what, cm_rc rc);

#endif
