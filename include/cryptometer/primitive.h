/*
 * primitive.h — the one interface every implementation fills.
 *
 * One const table of function pointers ("vtable") per primitive class. An
 * implementation (backend.h: cm_impl) is a (backend, algorithm, variant)
 * triple that carries its class and a typed pointer to its table. The
 * runner, the KAT runner and the cross-check know only these tables, never
 * a library: adding a library is adding a folder under src/backends/;
 * adding a class is adding one table type here, one class module
 * (src/core/class_<name>.c) and rows in the algorithm table
 * (docs/adding-a-class.md).
 *
 * Conventions shared by every table:
 *   - every function returns a cm_rc (CM_OK on success);
 *   - create() allocates a state bound to a key (or none, for hashes) and
 *     returns it through *state; destroy() frees it and accepts NULL;
 *   - buffers never overlap unless a comment says so;
 *   - lengths are in bytes; key and IV lengths are those of the algorithm
 *     (see algorithm.h) except where the KAT runner passes Wycheproof
 *     parameters, which an implementation may refuse with CM_ERR_UNSUPPORTED.
 */
#ifndef CRYPTOMETER_PRIMITIVE_H
#define CRYPTOMETER_PRIMITIVE_H

#include <stddef.h>
#include <stdint.h>

/* Return codes of every primitive function. */
typedef enum cm_rc {
    CM_OK = 0,
    CM_ERR_AUTH = 1,        /* AEAD open or MAC check: authentication failed */
    CM_ERR_UNSUPPORTED = 2, /* parameters this implementation does not take */
    CM_ERR_INVALID = 3,     /* input the algorithm itself rejects (bad length) */
    CM_ERR_LIBRARY = 4,     /* the underlying library reported a failure */
    CM_ERR_NOMEM = 5
} cm_rc;

/* Primitive classes. Add one here with its table below. */
typedef enum cm_class {
    CM_CLASS_HASH = 0,
    CM_CLASS_MAC,
    CM_CLASS_CIPHER,
    CM_CLASS_AEAD,
    CM_CLASS_SIGNATURE,
    CM_CLASS_RNG,
    CM_CLASS_KEX,
    CM_CLASS_PKE,
    CM_CLASS_BIGNUM,
    CM_CLASS_KEM,
    CM_CLASS_CHECKSUM, /* test-only (tests/classes/): built with
                          -DCRYPTOMETER_TEST_BACKENDS=ON only */
    CM_CLASS_COUNT
} cm_class;

struct cm_algorithm; /* algorithm.h */

/* Operations measured, per class:
 *   hash: digest;  mac: mac;  cipher: encrypt, decrypt;  aead: seal, open;
 *   signature: keygen, sign, verify;  kex: keygen, derive;
 *   pke: encrypt, decrypt;  rng: generate;  checksum (test-only): sum;
 *   kem: keygen, encapsulate, decapsulate;
 *   bignum: one per algorithm (modmul, montmul, modsqr, modexp, modinv,
 *   modsqrt). */
typedef enum cm_op {
    CM_OP_DIGEST = 0,
    CM_OP_MAC,
    CM_OP_ENCRYPT,
    CM_OP_DECRYPT,
    CM_OP_SEAL,
    CM_OP_OPEN,
    CM_OP_KEYGEN,
    CM_OP_SIGN,
    CM_OP_VERIFY,
    CM_OP_SUM,
    CM_OP_GENERATE,
    CM_OP_DERIVE,
    CM_OP_MODMUL,
    CM_OP_MONTMUL,
    CM_OP_MODSQR,
    CM_OP_MODEXP,
    CM_OP_MODINV,
    CM_OP_MODSQRT,
    CM_OP_MAC_NEWKEY, /* a MAC keyed afresh for every message: create, mac, destroy */
    CM_OP_ENCAPSULATE,
    CM_OP_DECAPSULATE,
    CM_OP_SEAL_NEWKEY, /* an AEAD keyed afresh for every message: create, seal, destroy */
    CM_OP_COUNT
} cm_op;


/* Hash: one-shot digest of a whole message (init, update, final). */
typedef struct cm_hash_vtable {
    cm_rc (*create)(void **state);
    /* out receives the algorithm's full digest length. */
    cm_rc (*digest)(void *state, const uint8_t *msg, size_t len, uint8_t *out);
    void (*destroy)(void *state);
} cm_hash_vtable;

/* MAC: keyed once at create(); mac() authenticates one whole message and
 * may reuse the key schedule (as HMAC_Init with a NULL key does). */
typedef struct cm_mac_vtable {
    cm_rc (*create)(void **state, const uint8_t *key, size_t key_len);
    /* out receives the full tag (the algorithm's out_len). */
    cm_rc (*mac)(void *state, const uint8_t *msg, size_t len, uint8_t *out);
    void (*destroy)(void *state);
} cm_mac_vtable;

/* Cipher: a block mode without padding (CBC: len is a multiple of the block)
 * or a stream mode (CTR: any len). Keyed once. A call with an iv starts a
 * new stream from it (iv_len of the algorithm; for CTR, the initial 128-bit
 * counter block, incremented big-endian over the whole block as in NIST
 * SP 800-38A). A call with iv NULL continues the stream of the previous
 * call on this state in the same direction, as if both had been one call:
 * CBC chains from the last ciphertext block, CTR goes on from the next
 * keystream byte. This is how bulk data is fed to a cipher, and what
 * `openssl speed` measures; the first call after create() passes an iv.
 * ChaCha20's 16-byte iv is the 32-bit little-endian block counter then the
 * 96-bit nonce (RFC 8439, as OpenSSL takes it).
 * ECB (the algorithm's iv_len 0) has no IV: the first call's iv points to
 * zero bytes and is never read, and nothing carries over between calls, so
 * the stream rule holds with nothing to continue.
 * A cipher of whole data units (algorithm.h, data_unit_min non-zero: XTS)
 * is not a stream: every call passes an iv (the tweak) and is one whole
 * unit of at least data_unit_min bytes, nothing carries over between
 * calls; an implementation returns CM_ERR_INVALID for iv NULL or a shorter
 * len. */
typedef struct cm_cipher_vtable {
    cm_rc (*create)(void **state, const uint8_t *key, size_t key_len);
    cm_rc (*encrypt)(void *state, const uint8_t *iv, const uint8_t *in,
                     uint8_t *out, size_t len);
    cm_rc (*decrypt)(void *state, const uint8_t *iv, const uint8_t *in,
                     uint8_t *out, size_t len);
    void (*destroy)(void *state);
} cm_cipher_vtable;

/* AEAD: keyed once; each call is one whole message with its own nonce.
 * open() returns CM_ERR_AUTH when the tag does not match and must not
 * release plaintext then (out may be overwritten). tag_len may be shorter
 * than the algorithm's full tag (Wycheproof tests truncated tags); an
 * implementation that cannot do a length returns CM_ERR_UNSUPPORTED. */
typedef struct cm_aead_vtable {
    cm_rc (*create)(void **state, const uint8_t *key, size_t key_len);
    cm_rc (*seal)(void *state, const uint8_t *nonce, size_t nonce_len,
                  const uint8_t *aad, size_t aad_len, const uint8_t *in,
                  size_t len, uint8_t *out, uint8_t *tag, size_t tag_len);
    cm_rc (*open)(void *state, const uint8_t *nonce, size_t nonce_len,
                  const uint8_t *aad, size_t aad_len, const uint8_t *in,
                  size_t len, uint8_t *out, const uint8_t *tag, size_t tag_len);
    void (*destroy)(void *state);
    /* Optional (NULL: none): a new key on the same state, for the messages
     * that follow in both directions, as a re-keying caller does with a
     * library that lets a context be re-keyed (OpenSSL: EVP_CipherInit_ex
     * with the key on the same context, what `openssl speed -aead` does per
     * message). seal-newkey (model/class_aead.c) times rekey + seal when it is
     * there, else create + seal + destroy. CM_ERR_INVALID for a key of
     * another length. */
    cm_rc (*rekey)(void *state, const uint8_t *key, size_t key_len);
} cm_aead_vtable;

/* Signature: per operation, not per byte. create() binds the state to the
 * algorithm's parameters (curve, key bits, hash, padding: algorithm.h,
 * cm_algorithm_param) and generates no key yet. keygen() makes a new key
 * pair in the state; sign() signs msg with it (the algorithm's hash and
 * padding included), writing at most *sig_len bytes and setting *sig_len;
 * verify() checks sig over msg with the state's public key: CM_OK, or
 * CM_ERR_AUTH when the signature does not verify. set_public_key() replaces
 * the state's key by a public key alone, given as a DER SubjectPublicKeyInfo
 * (what Wycheproof's "keyDer" holds): sign() may fail after it. Signatures
 * may be randomised: they are cross-checked by verifying them, never by
 * comparing bytes. */
typedef struct cm_signature_vtable {
    cm_rc (*create)(void **state, const struct cm_algorithm *alg);
    cm_rc (*keygen)(void *state);
    cm_rc (*sign)(void *state, const uint8_t *msg, size_t len, uint8_t *sig, size_t *sig_len);
    cm_rc (*verify)(void *state, const uint8_t *msg, size_t len, const uint8_t *sig,
                    size_t sig_len);
    cm_rc (*set_public_key)(void *state, const uint8_t *der, size_t der_len);
    /* The state's public key as DER SubjectPublicKeyInfo (at most *len
     * bytes; *len set), so that another implementation can verify. */
    cm_rc (*get_public_key)(void *state, uint8_t *der, size_t *len);
    void (*destroy)(void *state);
} cm_signature_vtable;

/* Random bytes from a source (a kernel interface, a library's generator,
 * a CPU instruction): generate() fills out with len fresh random bytes in
 * one request (one read(), one getrandom(), one RAND_bytes(), or as many
 * instructions as len needs). A source that may block (/dev/hwrng) gives
 * up after its own timeout and returns CM_ERR_LIBRARY. retries() is NULL
 * except for CPU instructions that may fail (RDRAND, RDSEED, RNDR): it
 * gives the instructions executed since create() and how many of them
 * returned no value (and were retried). There are no known answers. */
typedef struct cm_rng_vtable {
    cm_rc (*create)(void **state);
    cm_rc (*generate)(void *state, uint8_t *out, size_t len);
    void (*retries)(void *state, uint64_t *attempts, uint64_t *failures);
    void (*destroy)(void *state);
} cm_rng_vtable;
/* How a key agreement's peer public key is given to derive(). */
typedef enum cm_kex_peer {
    CM_KEX_PEER_RAW = 0, /* the algorithm's "encoding": X25519's 32 bytes, an
                            uncompressed EC point (04 || x || y) */
    CM_KEX_PEER_SPKI     /* DER SubjectPublicKeyInfo (Wycheproof ECDH "public") */
} cm_kex_peer;

/* Key agreement: per operation. create() binds the state to the
 * algorithm's parameters (curve, encoding) and makes no key. keygen()
 * makes a new key pair in the state. set_private_key() sets the state's
 * private key from its raw form (X25519: the 32-byte scalar as RFC 7748
 * gives it; ECDH: the big-endian scalar, leading zero bytes allowed), with
 * its public key. get_public_key() writes the state's public key in the
 * algorithm's encoding (at most *len bytes; *len set). derive() imports
 * the peer's public key (in the form peer_form says) and computes the
 * shared secret with the state's private key: X25519's 32 bytes, ECDH's
 * x-coordinate (field length). It refuses a public key that is not a valid
 * point of the curve, or of another curve, with CM_ERR_INVALID; X25519
 * refuses an all-zero shared secret (RFC 7748 section 6.1) with
 * CM_ERR_INVALID too. One timed derive is the import and the derivation,
 * what a TLS handshake does with a peer's key share. */
typedef struct cm_kex_vtable {
    cm_rc (*create)(void **state, const struct cm_algorithm *alg);
    cm_rc (*keygen)(void *state);
    cm_rc (*set_private_key)(void *state, const uint8_t *key, size_t len);
    cm_rc (*get_public_key)(void *state, uint8_t *pub, size_t *len);
    cm_rc (*derive)(void *state, cm_kex_peer peer_form, const uint8_t *peer, size_t peer_len,
                    uint8_t *secret, size_t *secret_len);
    void (*destroy)(void *state);
} cm_kex_vtable;

/* Public-key encryption: per operation. create() binds the state to the
 * algorithm's parameters (key bits, padding, hash, MGF hash) and makes no
 * key. keygen() makes a key pair (at set-up: it is not a measured pke
 * operation; the signature rows time RSA key generation).
 * set_private_key() loads a DER PKCS#8 PrivateKeyInfo (Wycheproof's
 * "privateKeyPkcs8"), set_public_key() a DER SubjectPublicKeyInfo (then
 * decrypt() may fail), get_public_key() writes the state's public key as
 * SubjectPublicKeyInfo. encrypt() encrypts msg with the state's public key
 * and the given OAEP label (len 0: empty), writing at most *ct_len bytes
 * and setting *ct_len; decrypt() decrypts with the private key, writing at
 * most *msg_len bytes: CM_OK, or CM_ERR_AUTH when the ciphertext does not
 * decrypt (bad padding, wrong label, wrong length). */
typedef struct cm_pke_vtable {
    cm_rc (*create)(void **state, const struct cm_algorithm *alg);
    cm_rc (*keygen)(void *state);
    cm_rc (*set_private_key)(void *state, const uint8_t *pkcs8, size_t len);
    cm_rc (*set_public_key)(void *state, const uint8_t *der, size_t der_len);
    cm_rc (*get_public_key)(void *state, uint8_t *der, size_t *len);
    cm_rc (*encrypt)(void *state, const uint8_t *label, size_t label_len, const uint8_t *msg,
                     size_t len, uint8_t *ct, size_t *ct_len);
    cm_rc (*decrypt)(void *state, const uint8_t *label, size_t label_len, const uint8_t *ct,
                     size_t ct_len, uint8_t *msg, size_t *msg_len);
    void (*destroy)(void *state);
} cm_pke_vtable;

/* Key encapsulation (ML-KEM, FIPS 203; the TLS hybrid X25519MLKEM768):
 * per operation. create() binds the state to the algorithm (its
 * parameter set) and makes no key. keygen() makes a new key pair in the
 * state. set_private_seed() makes the state's key pair from a seed (ML-KEM:
 * the 64 bytes d || z of FIPS 203 ML-KEM.KeyGen_internal, what Wycheproof
 * gives as "seed"); a seed of another length is CM_ERR_INVALID, an
 * algorithm without seeded keys gives CM_ERR_UNSUPPORTED.
 * get_public_key() writes the state's encapsulation key in the algorithm's
 * raw encoding (ML-KEM's ek; the hybrid's ML-KEM ek || X25519 key, as the
 * TLS key share carries it), at most *len bytes, *len set.
 * encapsulate() imports the peer's encapsulation key (raw, as above) and
 * encapsulates to it: ciphertext to ct (at most *ct_len bytes), shared
 * secret to secret (at most *secret_len); a key that is not a valid one
 * (wrong length, a coefficient not reduced mod q) is CM_ERR_INVALID. With
 * entropy set (ML-KEM: the 32-byte m of ML-KEM.Encaps_internal) the
 * encapsulation is deterministic, for known answers; an implementation
 * that cannot take it returns CM_ERR_UNSUPPORTED. One timed encapsulate is
 * the import and the encapsulation, what a TLS server does with a client's
 * key share (as kex's derive imports the peer's key). decapsulate()
 * recovers the secret from ct with the state's private key: a ciphertext
 * of the wrong length is CM_ERR_INVALID; a tampered one of the right
 * length gives CM_OK and a different, pseudo-random secret (FIPS 203
 * implicit rejection). */
typedef struct cm_kem_vtable {
    cm_rc (*create)(void **state, const struct cm_algorithm *alg);
    cm_rc (*keygen)(void *state);
    cm_rc (*set_private_seed)(void *state, const uint8_t *seed, size_t len);
    cm_rc (*get_public_key)(void *state, uint8_t *pub, size_t *len);
    cm_rc (*encapsulate)(void *state, const uint8_t *peer, size_t peer_len,
                         const uint8_t *entropy, size_t entropy_len, uint8_t *ct,
                         size_t *ct_len, uint8_t *secret, size_t *secret_len);
    cm_rc (*decapsulate)(void *state, const uint8_t *ct, size_t ct_len, uint8_t *secret,
                         size_t *secret_len);
    void (*destroy)(void *state);
} cm_kem_vtable;

/* Bignum: one modular operation on numbers of the algorithm's "bits",
 * per call. create() binds the state to the algorithm, whose one operation
 * (alg->ops[0]) compute() will do. load() sets the odd modulus m and the
 * operands a and b, all big-endian of len bytes (a, b < m), and puts them
 * in the form the operation takes, outside the timing: a Montgomery
 * context and a·R, b·R mod m for montmul; a² mod m as the number whose
 * square root modsqrt finds (m prime). compute() does the operation once,
 * keeping its result in the state:
 *   modmul  a·b mod m          montmul  Montgomery product of a·R and b·R
 *   modsqr  a² mod m           modexp   a^b mod m (b the exponent)
 *   modinv  a⁻¹ mod m          modsqrt  a square root of a² mod m
 * result() writes the result as a number mod m, big-endian, left-padded to
 * len bytes; a Montgomery result is converted out of Montgomery form first,
 * so every library gives a·b mod m whatever its R. modsqrt gives a or
 * m − a (either root). An operation the state cannot do returns
 * CM_ERR_UNSUPPORTED; modinv of a number with no inverse CM_ERR_INVALID. */
typedef struct cm_bignum_vtable {
    cm_rc (*create)(void **state, const struct cm_algorithm *alg);
    cm_rc (*load)(void *state, const uint8_t *m, const uint8_t *a, const uint8_t *b, size_t len);
    cm_rc (*compute)(void *state);
    cm_rc (*result)(void *state, uint8_t *out, size_t len);
    void (*destroy)(void *state);
} cm_bignum_vtable;

/* Checksum (test-only class, tests/classes/: it exists to prove that a
 * class is added by following docs/adding-a-class.md): a keyless 32-bit
 * sum of a whole message. */
typedef struct cm_checksum_vtable {
    cm_rc (*create)(void **state);
    cm_rc (*sum)(void *state, const uint8_t *msg, size_t len, uint32_t *out);
    void (*destroy)(void *state);
} cm_checksum_vtable;

/* A pointer to the table of an implementation's class (backend.h,
 * cm_impl): one member per class. */
typedef union cm_vtable_ref {
    const void *any;
    const cm_hash_vtable *hash;
    const cm_mac_vtable *mac;
    const cm_cipher_vtable *cipher;
    const cm_aead_vtable *aead;
    const cm_signature_vtable *signature;
    const cm_kex_vtable *kex;
    const cm_pke_vtable *pke;
    const cm_bignum_vtable *bignum;
    const cm_kem_vtable *kem;
    const cm_checksum_vtable *checksum;
    const cm_rng_vtable *rng;
} cm_vtable_ref;

/* A row of a backend's implementation table: cm_impl {algorithm, variant,
 * class, table, available, served_by = NULL} with the class and the
 * table's member set together (backend.h). */
#define CM_IMPL_HASH(alg, variant, table, avail) {alg, variant, CM_CLASS_HASH, {.hash = table}, avail, NULL}
#define CM_IMPL_MAC(alg, variant, table, avail) {alg, variant, CM_CLASS_MAC, {.mac = table}, avail, NULL}
#define CM_IMPL_CIPHER(alg, variant, table, avail) \
    {alg, variant, CM_CLASS_CIPHER, {.cipher = table}, avail, NULL}
#define CM_IMPL_AEAD(alg, variant, table, avail) {alg, variant, CM_CLASS_AEAD, {.aead = table}, avail, NULL}
#define CM_IMPL_SIGNATURE(alg, variant, table, avail) \
    {alg, variant, CM_CLASS_SIGNATURE, {.signature = table}, avail, NULL}
#define CM_IMPL_RNG(alg, variant, table, avail) {alg, variant, CM_CLASS_RNG, {.rng = table}, avail, NULL}
#define CM_IMPL_KEX(alg, variant, table, avail) {alg, variant, CM_CLASS_KEX, {.kex = table}, avail, NULL}
#define CM_IMPL_PKE(alg, variant, table, avail) {alg, variant, CM_CLASS_PKE, {.pke = table}, avail, NULL}
#define CM_IMPL_BIGNUM(alg, variant, table, avail) \
    {alg, variant, CM_CLASS_BIGNUM, {.bignum = table}, avail, NULL}
#define CM_IMPL_KEM(alg, variant, table, avail) {alg, variant, CM_CLASS_KEM, {.kem = table}, avail, NULL}
#define CM_IMPL_CHECKSUM(alg, variant, table, avail) \
    {alg, variant, CM_CLASS_CHECKSUM, {.checksum = table}, avail, NULL}

#endif
