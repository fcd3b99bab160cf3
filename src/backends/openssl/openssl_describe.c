/*
 * openssl_describe.c — what the OpenSSL backend tells `detect` and result
 * contexts: the runtime library's version, the headers' version, and the
 * CPU capability vector OpenSSL actually chose its code paths from.
 *
 * Where the vector comes from:
 *   - OpenSSL 3.x: OPENSSL_info(OPENSSL_INFO_CPU_SETTINGS), the string
 *     `openssl version -a` prints after "CPUINFO:", on every architecture
 *     OpenSSL has assembler for: "OPENSSL_ia32cap=0x..:0x.." on x86 (two
 *     64-bit groups in 3.0-3.3, five from 3.4), "OPENSSL_armcap=0x.." on
 *     arm and aarch64, then " env:<value>" when the variable is set.
 *   - OpenSSL 1.1.1 has no such call, and OPENSSL_ia32cap_loc() left the
 *     API in 1.1.0 (OPENSSL_ia32cap(3)); the vector is a hidden symbol of
 *     libcrypto. A static link can still reach a hidden symbol, so a weak
 *     reference reads it there; with a shared libcrypto it stays NULL and
 *     the vector is reported "unknown" with that reason.
 * The bits are decoded with the positions OpenSSL documents in
 * OPENSSL_ia32cap(3) (x86: word 0 = CPUID.1:EDX, 1 = CPUID.1:ECX,
 * 2 = CPUID.7.0:EBX, 3 = CPUID.7.0:ECX, 4 = CPUID.7.0:EDX,
 * 5 = CPUID.7.1:EAX, 6 = CPUID.7.1:EDX, ...) and in its arm_arch.h
 * (OPENSSL_armcap_P bits). The user can mask bits with the environment
 * variable (OPENSSL_ia32cap, OPENSSL_armcap) before the program starts;
 * the vector reported already has that applied, and "env" shows the value.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include <openssl/crypto.h>
#include <openssl/opensslv.h>
#include "openssl_internal.h"

/* ---- what each architecture calls its vector, and its bits ----------- */

typedef struct cap_bit {
    const char *name;
    unsigned word; /* 32-bit word of the vector */
    unsigned bit;
} cap_bit;

#if defined(__x86_64__) || defined(__i386__) || defined(_M_X64) || defined(_M_IX86)
#define CAP_X86 1
#define CAP_ARCH (sizeof(void *) == 8 ? "x86_64" : "x86")
#define CAP_VARIABLE "OPENSSL_ia32cap"
#define CAP_WORDS_PER_GROUP 2 /* printed as 64-bit groups: low word first */
static const cap_bit cap_bits[] = {
    {"sse2", 0, 26},        {"pclmulqdq", 1, 1},   {"ssse3", 1, 9},
    {"xop", 1, 11},         {"movbe", 1, 22},      {"aes-ni", 1, 25},
    {"avx", 1, 28},         {"rdrand", 1, 30},     {"bmi1", 2, 3},
    {"avx2", 2, 5},         {"bmi2", 2, 8},        {"avx512f", 2, 16},
    {"avx512dq", 2, 17},    {"rdseed", 2, 18},     {"adx", 2, 19},
    {"avx512ifma", 2, 21},  {"sha", 2, 29},        {"avx512bw", 2, 30},
    {"avx512vl", 2, 31},    {"vaes", 3, 9},        {"vpclmulqdq", 3, 10},
    {"sha512", 5, 0},       {"sm3", 5, 1},         {"sm4", 5, 2},
    {"avx-ifma", 5, 23},    {"avx10", 6, 19},      {"apx-f", 6, 21},
};
#elif defined(__aarch64__) || defined(__arm__)
#define CAP_ARM 1
#define CAP_ARCH (sizeof(void *) == 8 ? "aarch64" : "arm")
#define CAP_VARIABLE "OPENSSL_armcap"
#define CAP_WORDS_PER_GROUP 1
static const cap_bit cap_bits[] = {
    {"neon", 0, 0},    {"aes", 0, 2},   {"sha1", 0, 3},  {"sha256", 0, 4},
    {"pmull", 0, 5},   {"sha512", 0, 6}, {"cpuid", 0, 7}, {"rng", 0, 8},
    {"sm3", 0, 9},     {"sm4", 0, 10},  {"sha3", 0, 11}, {"sve", 0, 13},
    {"sve2", 0, 14},
    /* not CPU features but OpenSSL's per-core tuning choices (from MIDR) */
    {"unroll8-eor3", 0, 12}, {"sha3-worth-using", 0, 15},
    {"unroll12-eor3", 0, 16},
};
#else
/* No decoder: OPENSSL_info's string is still reported as it is. */
#define CAP_WORDS_PER_GROUP 1
#if defined(__s390x__)
#define CAP_ARCH "s390x"
#define CAP_VARIABLE "OPENSSL_s390xcap"
#elif defined(__riscv)
#define CAP_ARCH "riscv"
#define CAP_VARIABLE "OPENSSL_riscvcap"
#elif defined(__powerpc__) || defined(__powerpc64__)
#define CAP_ARCH "powerpc"
#define CAP_VARIABLE "OPENSSL_ppccap"
#else
#define CAP_ARCH "other"
#define CAP_VARIABLE NULL
#endif
static const cap_bit cap_bits[1] = {{NULL, 0, 0}};
#endif

/* The variable as a value (NULL where OpenSSL has none). */
static const char *const cap_variable = CAP_VARIABLE;

#define CAP_MAX_WORDS 16

/* The vector as read: words, and the text OpenSSL printed (or we built). */
typedef struct cap_vector {
    uint32_t words[CAP_MAX_WORDS];
    size_t n_words;
    char value[256]; /* "0x..:0x.." without the "VARIABLE=" and env parts */
    const char *source;
    const char *reason; /* set when the vector is unknown */
} cap_vector;

/* ---- reading the vector ------------------------------------------------ */

#if OSSL_HAVE_3

/* Parses OPENSSL_info's "VARIABLE=0x..:0x..[ env:...]" into v; groups
 * of CAP_WORDS_PER_GROUP words each, low word first. Returns 1 when the
 * string names this architecture's variable and holds at least one group. */
static int cap_parse(const char *info, cap_vector *v)
{
    size_t vlen = cap_variable != NULL ? strlen(cap_variable) : 0;
    const char *p;
    size_t span;

    if (vlen == 0 || strncmp(info, cap_variable, vlen) != 0 || info[vlen] != '=')
        return 0;
    p = info + vlen + 1;
    span = strcspn(p, " ");
    snprintf(v->value, sizeof v->value, "%.*s", (int)span, p);
    v->n_words = 0;
    while (v->n_words + CAP_WORDS_PER_GROUP <= CAP_MAX_WORDS) {
        char *end;
        unsigned long long group = strtoull(p, &end, 16);
        if (end == p)
            break;
        for (int i = 0; i < CAP_WORDS_PER_GROUP; i++)
            v->words[v->n_words++] = (uint32_t)(group >> (32 * i));
        if (*end != ':')
            break;
        p = end + 1;
    }
    return v->n_words > 0;
}

/* Fills v from OPENSSL_info(OPENSSL_INFO_CPU_SETTINGS). */
static void cap_read(cap_vector *v)
{
    const char *info = OPENSSL_info(OPENSSL_INFO_CPU_SETTINGS);

    v->source = "OPENSSL_info(OPENSSL_INFO_CPU_SETTINGS)";
    if (info == NULL) {
        v->reason = "OPENSSL_info(OPENSSL_INFO_CPU_SETTINGS) returned nothing: "
                    "this libcrypto was built without CPU-specific assembler "
                    "(no-asm) or has no capability vector on this architecture";
        return;
    }
    if (!cap_parse(info, v)) {
        /* Report OpenSSL's string as it is when we cannot decode it. */
        snprintf(v->value, sizeof v->value, "%s", info);
        v->n_words = 0;
        v->reason = "no decoder for this architecture's capability vector";
    }
}

#else /* OpenSSL 1.1.1 */

#if defined(CAP_X86)
/* libcrypto's vector (crypto/cryptlib.c: unsigned int [4]); hidden, so it
 * resolves only when libcrypto is linked statically. */
extern unsigned int OPENSSL_ia32cap_P[] __attribute__((weak));
#elif defined(CAP_ARM)
extern unsigned int OPENSSL_armcap_P __attribute__((weak));
#endif

/* Fills v from libcrypto's own (hidden) vector where a static link lets us
 * see it; otherwise says why it is unknown. */
static void cap_read(cap_vector *v)
{
    v->reason = "OpenSSL 1.1.1 does not expose its capability vector: "
                "OPENSSL_info() arrived in 3.0 and OPENSSL_ia32cap_loc() was "
                "removed in 1.1.0; only a static link can read it";
#if defined(CAP_X86)
    if (OPENSSL_ia32cap_P != NULL) {
        for (size_t i = 0; i < 4; i++)
            v->words[i] = OPENSSL_ia32cap_P[i];
        v->n_words = 4;
        snprintf(v->value, sizeof v->value, "0x%llx:0x%llx",
                 (unsigned long long)v->words[0] | (unsigned long long)v->words[1] << 32,
                 (unsigned long long)v->words[2] | (unsigned long long)v->words[3] << 32);
        v->source = "OPENSSL_ia32cap_P (libcrypto linked statically)";
    }
#elif defined(CAP_ARM)
    if (&OPENSSL_armcap_P != NULL) {
        v->words[0] = OPENSSL_armcap_P;
        v->n_words = 1;
        snprintf(v->value, sizeof v->value, "0x%x", v->words[0]);
        v->source = "OPENSSL_armcap_P (libcrypto linked statically)";
    }
#endif
    if (v->n_words > 0)
        v->reason = NULL;
}

#endif

/* ---- JSON --------------------------------------------------------------- */

/* Sets obj[key] to the string s; skips a NULL s (or one jansson refuses,
 * such as an environment value that is not UTF-8). */
static void json_set_str(json_t *obj, const char *key, const char *s)
{
    if (s != NULL)
        json_object_set_new(obj, key, json_string(s));
}

/* The "capabilities" object: architecture, variable, source, value, words,
 * features (only bits of words OpenSSL reported), env, reason. */
static json_t *cap_describe(void)
{
    cap_vector v;
    json_t *caps = json_object();
    const char *env = cap_variable != NULL ? getenv(cap_variable) : NULL;

    if (caps == NULL)
        return NULL;
    memset(&v, 0, sizeof v);
    cap_read(&v);
    json_set_str(caps, "architecture", CAP_ARCH);
    json_set_str(caps, "variable", cap_variable);
    if (v.reason != NULL && v.value[0] == '\0') {
        json_set_str(caps, "source", "unknown");
    } else {
        json_set_str(caps, "source", v.source);
        json_set_str(caps, "value", v.value);
    }
    if (v.n_words > 0) {
        json_t *words = json_array();
        json_t *features = json_object();
        char hex[16];
        for (size_t i = 0; i < v.n_words; i++) {
            snprintf(hex, sizeof hex, "0x%08x", (unsigned)v.words[i]);
            json_array_append_new(words, json_string(hex));
        }
        for (size_t i = 0; i < sizeof cap_bits / sizeof cap_bits[0]; i++)
            if (cap_bits[i].name != NULL && cap_bits[i].word < v.n_words)
                json_object_set_new(features, cap_bits[i].name,
                    json_boolean((v.words[cap_bits[i].word] >> cap_bits[i].bit) & 1));
        json_object_set_new(caps, "words", words);
        json_object_set_new(caps, "features", features);
    }
    /* An override is already applied to the vector above. */
    json_set_str(caps, "env", env);
    json_set_str(caps, "reason", v.reason);
    return caps;
}

const char *ossl_version(void)
{
    return OpenSSL_version(OPENSSL_VERSION);
}

json_t *ossl_describe(void)
{
    json_t *d = json_object();
    if (d == NULL)
        return NULL;
    json_set_str(d, "version", ossl_version());
    json_set_str(d, "headers_version", OPENSSL_VERSION_TEXT);
    json_object_set_new(d, "capabilities", cap_describe());
    json_object_set_new(d, "default_path", ossl_default_path());
    return d;
}
