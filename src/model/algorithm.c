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
/* AES-GCM also with a new key for every message (seal-newkey: what `openssl
 * speed -aead` does, a key schedule and GHASH key table each message) */
#define GCM_OPS {CM_OP_SEAL, CM_OP_OPEN, CM_OP_SEAL_NEWKEY}, 3
#define SIGN_OPS {CM_OP_KEYGEN, CM_OP_SIGN, CM_OP_VERIFY}, 3
#define KEX_OPS {CM_OP_KEYGEN, CM_OP_DERIVE}, 2
#define PKE_OPS {CM_OP_ENCRYPT, CM_OP_DECRYPT}, 2
#define KEM_OPS {CM_OP_KEYGEN, CM_OP_ENCAPSULATE, CM_OP_DECAPSULATE}, 3
/* Post-quantum: the sizes on the wire (FIPS 203 table 3, FIPS 204 table 2,
 * FIPS 205 table 2) are parameters, so records carry them beside the
 * times; class_kem.c and class_signature.c check an implementation's
 * outputs against them. */
#define ML_KEM(set, pk, ct) {{"parameter_set", "ML-KEM-" #set}, {"public_key_bytes", #pk}, \
    {"ciphertext_bytes", #ct}, {"secret_bytes", "32"}}
/* ML-DSA, pure (no pre-hash), empty context, hedged signing (the
 * library's default); the message is 32 bytes (a digest's length, as the
 * classical rows) or, in the -1k rows, 1 KiB */
#define ML_DSA(set, pk, sig, msg) {{"parameter_set", "ML-DSA-" #set}, {"public_key_bytes", #pk}, \
    {"signature_bytes", #sig}, {"context_bytes", "0"}, {"message_bytes", #msg}}
#define SLH_DSA(set, sig) {{"parameter_set", "SLH-DSA-SHA2-" #set}, {"public_key_bytes", "32"}, \
    {"signature_bytes", #sig}, {"context_bytes", "0"}, {"message_bytes", "32"}}
#define SIGN_VERIFY {CM_OP_SIGN, CM_OP_VERIFY}, 2
/* RSA-PSS: SHA-256, MGF1-SHA-256, a 32-byte salt; keys with e = 65537 */
#define RSA_PSS(bits) {{"key_bits", #bits}, {"padding", "pss"}, {"hash", "sha256"}, \
    {"mgf_hash", "sha256"}, {"salt_bytes", "32"}, {"public_exponent", "65537"}, {"message_bytes", "32"}}
/* RSA-OAEP: SHA-256, MGF1-SHA-256, an empty label */
#define RSA_OAEP(bits) {{"key_bits", #bits}, {"padding", "oaep"}, {"hash", "sha256"}, \
    {"mgf_hash", "sha256"}, {"label_bytes", "0"}, {"public_exponent", "65537"}, {"message_bytes", "32"}}
/* A 2048-bit modular operation (class_bignum.c) */
#define BIGNUM_ROW(name, op) {name, CM_CLASS_BIGNUM, "bignum", 0, 0, 256, 1, {op}, 1, \
    {{"bits", "2048"}, {"modulus", "rfc3526-modp-2048"}, {"message_bytes", "512"}}}

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
    /* ECB (SP 800-38A 6.1): each 16-byte block enciphered alone, no IV;
     * whole blocks, as CBC. Nothing chains: pieces give the one call's bytes. */
    {"aes-128-ecb",       CM_CLASS_CIPHER, "aes-ecb",  16, 0,  0,  16, CIPHER_OPS, {{"key_bits", "128"}}},
    {"aes-256-ecb",       CM_CLASS_CIPHER, "aes-ecb",  32, 0,  0,  16, CIPHER_OPS, {{"key_bits", "256"}}},
    /* ChaCha20 alone (RFC 8439 section 2.4): the 16-byte IV is the 32-bit
     * initial block counter, little-endian, then the 96-bit nonce, exactly
     * as OpenSSL's EVP_chacha20 takes it; a stream like CTR. */
    {"chacha20",          CM_CLASS_CIPHER, "chacha20", 32, 16, 0,  1,  {CM_OP_ENCRYPT}, 1, {{"key_bits", "256"}, {"counter_bits", "32"}}},
    {"aes-128-gcm",       CM_CLASS_AEAD,   "aes-gcm",  16, 12, 16, 1,  GCM_OPS, {{"key_bits", "128"}, {"aad_bytes", "13"}}},
    {"aes-256-gcm",       CM_CLASS_AEAD,   "aes-gcm",  32, 12, 16, 1,  GCM_OPS, {{"key_bits", "256"}, {"aad_bytes", "13"}}},
    {"chacha20-poly1305", CM_CLASS_AEAD,   "chacha20-poly1305", 32, 12, 16, 1, AEAD_OPS, {{"key_bits", "256"}, {"aad_bytes", "13"}}},
    /* NORX v3.0 (CAESAR round 3), four rounds, one lane: key, nonce and tag
     * are four words (128 bits for NORX32, 256 for NORX64); AAD is the header */
    {"norx32-4-1",        CM_CLASS_AEAD,   "norx",     16, 16, 16, 1, AEAD_OPS, {{"key_bits", "128"}, {"aad_bytes", "13"}}},
    {"norx64-4-1",        CM_CLASS_AEAD,   "norx",     32, 32, 32, 1, AEAD_OPS, {{"key_bits", "256"}, {"aad_bytes", "13"}}},
    {"sha1",              CM_CLASS_HASH,   "sha1",     0,  0,  20, 1,  {CM_OP_DIGEST}, 1, {{0}}},
    {"sha256",            CM_CLASS_HASH,   "sha2",     0,  0,  32, 1,  {CM_OP_DIGEST}, 1, {{0}}},
    {"sha512",            CM_CLASS_HASH,   "sha2",     0,  0,  64, 1,  {CM_OP_DIGEST}, 1, {{0}}},
    {"sha3-256",          CM_CLASS_HASH,   "sha3",     0,  0,  32, 1,  {CM_OP_DIGEST}, 1, {{0}}},
    {"sha3-512",          CM_CLASS_HASH,   "sha3",     0,  0,  64, 1,  {CM_OP_DIGEST}, 1, {{0}}},
    /* BLAKE2 (RFC 7693) unkeyed, full-length digests */
    {"blake2b-512",       CM_CLASS_HASH,   "blake2",   0,  0,  64, 1,  {CM_OP_DIGEST}, 1, {{0}}},
    {"blake2s-256",       CM_CLASS_HASH,   "blake2",   0,  0,  32, 1,  {CM_OP_DIGEST}, 1, {{0}}},
    /* HMAC also with a new key for every message (mac-newkey: the key set-up
     * a TLS 1.3 key schedule or HKDF pays each time; where OpenSSL 3.0's
     * set-up cost shows) */
    {"hmac-sha256",       CM_CLASS_MAC,    "hmac",     32, 0,  32, 1,  {CM_OP_MAC, CM_OP_MAC_NEWKEY}, 2, {{"hash", "sha256"}, {"key_bits", "256"}}},
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
    {"ecdsa-p384-sha384", CM_CLASS_SIGNATURE, "ecdsa", 0, 0, 104, 1, SIGN_OPS,
     {{"curve", "P-384"}, {"hash", "sha384"}, {"encoding", "der"}, {"message_bytes", "32"}}},
    {"rsa-2048-pss-sha256", CM_CLASS_SIGNATURE, "rsa-pss", 0, 0, 256, 1, SIGN_OPS, RSA_PSS(2048)},
    {"rsa-3072-pss-sha256", CM_CLASS_SIGNATURE, "rsa-pss", 0, 0, 384, 1, SIGN_OPS, RSA_PSS(3072)},
    {"rsa-4096-pss-sha256", CM_CLASS_SIGNATURE, "rsa-pss", 0, 0, 512, 1, SIGN_OPS, RSA_PSS(4096)},
    /* key agreement: out is the shared secret's length */
    {"x25519",            CM_CLASS_KEX, "xdh", 0, 0, 32, 1, KEX_OPS,
     {{"curve", "curve25519"}, {"encoding", "raw"}, {"secret_bytes", "32"}}},
    {"ecdh-p256",         CM_CLASS_KEX, "ecdh", 0, 0, 32, 1, KEX_OPS,
     {{"curve", "P-256"}, {"encoding", "uncompressed"}, {"secret_bytes", "32"}}},
    /* post-quantum key encapsulation (FIPS 203) and the TLS 1.3 hybrid
     * X25519MLKEM768 (draft-ietf-tls-ecdhe-mlkem: the key share is the
     * ML-KEM-768 ek then the X25519 key, the secret the ML-KEM secret then
     * the X25519 one); out is the shared secret's length */
    {"ml-kem-512",        CM_CLASS_KEM, "ml-kem", 0, 0, 32, 1, KEM_OPS, ML_KEM(512, 800, 768)},
    {"ml-kem-768",        CM_CLASS_KEM, "ml-kem", 0, 0, 32, 1, KEM_OPS, ML_KEM(768, 1184, 1088)},
    {"ml-kem-1024",       CM_CLASS_KEM, "ml-kem", 0, 0, 32, 1, KEM_OPS, ML_KEM(1024, 1568, 1568)},
    {"x25519mlkem768",    CM_CLASS_KEM, "hybrid-kem", 0, 0, 64, 1, KEM_OPS,
     {{"parameter_set", "X25519MLKEM768"}, {"components", "ML-KEM-768+X25519"},
      {"public_key_bytes", "1216"}, {"ciphertext_bytes", "1120"}, {"secret_bytes", "64"}}},
    /* post-quantum signatures (FIPS 204, FIPS 205); out is the signature's
     * length. One message length per row (per-operation figures are on the
     * row's message_bytes), so the 1 KiB message is its own row, sign and
     * verify only: key generation does not read the message. */
    {"ml-dsa-44",         CM_CLASS_SIGNATURE, "ml-dsa", 0, 0, 2420, 1, SIGN_OPS, ML_DSA(44, 1312, 2420, 32)},
    {"ml-dsa-44-1k",      CM_CLASS_SIGNATURE, "ml-dsa", 0, 0, 2420, 1, SIGN_VERIFY, ML_DSA(44, 1312, 2420, 1024)},
    {"ml-dsa-65",         CM_CLASS_SIGNATURE, "ml-dsa", 0, 0, 3309, 1, SIGN_OPS, ML_DSA(65, 1952, 3309, 32)},
    {"ml-dsa-65-1k",      CM_CLASS_SIGNATURE, "ml-dsa", 0, 0, 3309, 1, SIGN_VERIFY, ML_DSA(65, 1952, 3309, 1024)},
    {"ml-dsa-87",         CM_CLASS_SIGNATURE, "ml-dsa", 0, 0, 4627, 1, SIGN_OPS, ML_DSA(87, 2592, 4627, 32)},
    {"ml-dsa-87-1k",      CM_CLASS_SIGNATURE, "ml-dsa", 0, 0, 4627, 1, SIGN_VERIFY, ML_DSA(87, 2592, 4627, 1024)},
    {"slh-dsa-sha2-128s", CM_CLASS_SIGNATURE, "slh-dsa", 0, 0, 7856, 1, SIGN_VERIFY, SLH_DSA(128s, 7856)},
    {"slh-dsa-sha2-128f", CM_CLASS_SIGNATURE, "slh-dsa", 0, 0, 17088, 1, SIGN_VERIFY, SLH_DSA(128f, 17088)},
    /* public-key encryption of a 32-byte message (a key to wrap); out is
     * the ciphertext's length */
    {"rsa-2048-oaep-sha256", CM_CLASS_PKE, "rsa-oaep", 0, 0, 256, 1, PKE_OPS, RSA_OAEP(2048)},
    {"rsa-3072-oaep-sha256", CM_CLASS_PKE, "rsa-oaep", 0, 0, 384, 1, PKE_OPS, RSA_OAEP(3072)},
    {"rsa-4096-oaep-sha256", CM_CLASS_PKE, "rsa-oaep", 0, 0, 512, 1, PKE_OPS, RSA_OAEP(4096)},
    /* bignum: one modular operation on 2048-bit numbers modulo the RFC 3526
     * MODP-2048 prime (data/bignum_moduli.json); the message is the two
     * operands a and b, out the result (class_bignum.c says how they are
     * made); modexp's exponent has 2048 bits */
    BIGNUM_ROW("bn-2048-modmul", CM_OP_MODMUL),
    BIGNUM_ROW("bn-2048-montmul", CM_OP_MONTMUL),
    BIGNUM_ROW("bn-2048-modsqr", CM_OP_MODSQR),
    BIGNUM_ROW("bn-2048-modexp", CM_OP_MODEXP),
    BIGNUM_ROW("bn-2048-modinv", CM_OP_MODINV),
    BIGNUM_ROW("bn-2048-modsqrt", CM_OP_MODSQRT),
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
        "digest", "mac", "encrypt", "decrypt", "seal", "open", "keygen", "sign", "verify", "sum",
        "generate", "derive", "modmul", "montmul", "modsqr", "modexp", "modinv", "modsqrt",
        "mac-newkey", "encapsulate", "decapsulate", "seal-newkey"};
    return (unsigned)op < CM_OP_COUNT ? names[op] : "?";
}
