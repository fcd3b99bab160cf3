/*
 * algorithm.c — the table of algorithms cryptometer measures (see
 * include/cryptometer/algorithm.h). Display order is the order here. A
 * row fixes what makes two implementations the same operation: lengths,
 * the operations measured and the parameters (key bits, curve, hash,
 * padding), so that a like-for-like comparison is a property of this
 * table, not of each backend's code.
 */
#include <string.h>
#include "cryptometer/algorithm.h"

#define CIPHER_OPS {CM_OP_ENCRYPT, CM_OP_DECRYPT}, 2
#define AEAD_OPS {CM_OP_SEAL, CM_OP_OPEN}, 2
#define SIGN_OPS {CM_OP_KEYGEN, CM_OP_SIGN, CM_OP_VERIFY}, 3

static const cm_algorithm algorithms[] = {
    /* name              class            family      key iv  out blk ops, params, data_unit_min */
    {"aes-128-cbc",       CM_CLASS_CIPHER, "aes-cbc",  16, 16, 0,  16, CIPHER_OPS, {{"key_bits", "128"}}},
    {"aes-256-cbc",       CM_CLASS_CIPHER, "aes-cbc",  32, 16, 0,  16, CIPHER_OPS, {{"key_bits", "256"}}},
    {"aes-128-ctr",       CM_CLASS_CIPHER, "aes-ctr",  16, 16, 0,  1,  {CM_OP_ENCRYPT}, 1, {{"key_bits", "128"}}},
    {"aes-256-ctr",       CM_CLASS_CIPHER, "aes-ctr",  32, 16, 0,  1,  {CM_OP_ENCRYPT}, 1, {{"key_bits", "256"}}},
    /* XTS (IEEE 1619, SP 800-38E): the key is two AES keys (32 bytes for
     * AES-128, 64 for AES-256); the IV is the 16-byte tweak, the data unit's
     * number little-endian; each call is one whole data unit of at least one
     * block (ciphertext stealing for any length above), never a stream. */
    {"aes-128-xts",       CM_CLASS_CIPHER, "aes-xts",  32, 16, 0,  1,  CIPHER_OPS, {{"key_bits", "256"}, {"aes_key_bits", "128"}}, 16},
    {"aes-256-xts",       CM_CLASS_CIPHER, "aes-xts",  64, 16, 0,  1,  CIPHER_OPS, {{"key_bits", "512"}, {"aes_key_bits", "256"}}, 16},
    /* ChaCha20 alone (RFC 8439 section 2.4): the 16-byte IV is the 32-bit
     * initial block counter, little-endian, then the 96-bit nonce, exactly
     * as OpenSSL's EVP_chacha20 takes it; a stream like CTR. */
    {"chacha20",          CM_CLASS_CIPHER, "chacha20", 32, 16, 0,  1,  {CM_OP_ENCRYPT}, 1, {{"key_bits", "256"}, {"counter_bits", "32"}}},
    {"aes-128-gcm",       CM_CLASS_AEAD,   "aes-gcm",  16, 12, 16, 1,  AEAD_OPS, {{"key_bits", "128"}, {"aad_bytes", "13"}}},
    {"aes-256-gcm",       CM_CLASS_AEAD,   "aes-gcm",  32, 12, 16, 1,  AEAD_OPS, {{"key_bits", "256"}, {"aad_bytes", "13"}}},
    {"chacha20-poly1305", CM_CLASS_AEAD,   "chacha20-poly1305", 32, 12, 16, 1, AEAD_OPS, {{"key_bits", "256"}, {"aad_bytes", "13"}}},
    {"sha1",              CM_CLASS_HASH,   "sha1",     0,  0,  20, 1,  {CM_OP_DIGEST}, 1, {{0}}},
    {"sha256",            CM_CLASS_HASH,   "sha2",     0,  0,  32, 1,  {CM_OP_DIGEST}, 1, {{0}}},
    {"sha512",            CM_CLASS_HASH,   "sha2",     0,  0,  64, 1,  {CM_OP_DIGEST}, 1, {{0}}},
    {"sha3-256",          CM_CLASS_HASH,   "sha3",     0,  0,  32, 1,  {CM_OP_DIGEST}, 1, {{0}}},
    {"sha3-512",          CM_CLASS_HASH,   "sha3",     0,  0,  64, 1,  {CM_OP_DIGEST}, 1, {{0}}},
    /* BLAKE2 (RFC 7693) unkeyed, full-length digests */
    {"blake2b-512",       CM_CLASS_HASH,   "blake2",   0,  0,  64, 1,  {CM_OP_DIGEST}, 1, {{0}}},
    {"blake2s-256",       CM_CLASS_HASH,   "blake2",   0,  0,  32, 1,  {CM_OP_DIGEST}, 1, {{0}}},
    {"hmac-sha256",       CM_CLASS_MAC,    "hmac",     32, 0,  32, 1,  {CM_OP_MAC}, 1, {{"hash", "sha256"}, {"key_bits", "256"}}},
    /* Poly1305 alone (RFC 8439 section 2.5): a one-time 32-byte key (r, s),
     * kept for every message of a run as benchmarks do; 16-byte tag */
    {"poly1305",          CM_CLASS_MAC,    "poly1305", 32, 0,  16, 1,  {CM_OP_MAC}, 1, {{"key_bits", "256"}}},
    /* public key: sign and verify a 32-byte message (a digest's length) */
    {"ed25519",           CM_CLASS_SIGNATURE, "eddsa", 0, 0, 64, 1, SIGN_OPS, {{"curve", "ed25519"}, {"message_bytes", "32"}}},
    {"ecdsa-p256-sha256", CM_CLASS_SIGNATURE, "ecdsa", 0, 0, 72, 1, SIGN_OPS,
     {{"curve", "P-256"}, {"hash", "sha256"}, {"encoding", "der"}, {"message_bytes", "32"}}},
    /* random bytes from a source (a kernel interface, a library, a CPU
     * instruction): nothing to make equal but the request size */
    {"random",            CM_CLASS_RNG,    "rng",      0,  0,  0,  1,  {CM_OP_GENERATE}, 1, {{0}}},
#ifdef CM_TEST_CLASSES
    /* test-only class (tests/classes/, docs/adding-a-class.md) */
    {"fletcher32",        CM_CLASS_CHECKSUM, "fletcher", 0, 0, 4, 2, {CM_OP_SUM}, 1, {{0}}},
#endif
};

const cm_algorithm *cm_algorithm_find(const char *name)
{
    for (size_t i = 0; i < sizeof algorithms / sizeof algorithms[0]; i++)
        if (strcmp(algorithms[i].name, name) == 0)
            return &algorithms[i];
    return NULL;
}

const cm_algorithm *cm_algorithm_all(size_t *count)
{
    *count = sizeof algorithms / sizeof algorithms[0];
    return algorithms;
}

const char *cm_algorithm_param(const cm_algorithm *alg, const char *key)
{
    for (int i = 0; i < CM_MAX_PARAMS && alg->params[i].key; i++)
        if (strcmp(alg->params[i].key, key) == 0)
            return alg->params[i].value;
    return NULL;
}

const char *cm_op_name(cm_op op)
{
    static const char *const names[CM_OP_COUNT] = {
        "digest", "mac", "encrypt", "decrypt", "seal", "open", "keygen", "sign", "verify", "sum", "generate"};
    return (unsigned)op < CM_OP_COUNT ? names[op] : "?";
}
