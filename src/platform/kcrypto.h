/*
 * kcrypto.h — the kernel's crypto: /proc/crypto drivers, the one the kernel
 * selects and their class (data/kernel_drivers.json), AF_ALG (kcrypto.c,
 * afalg_state.c); all of it with /dev/crypto and hwrng as the kernel_crypto
 * struct (kernel_crypto.c).
 */
#ifndef CM_PLATFORM_KCRYPTO_H
#define CM_PLATFORM_KCRYPTO_H

#include <stddef.h>
#include "platform/kernel_crypto.h"
#include "util/error.h"

struct json_t;

typedef struct platform_kdriver {
    char name[128];          /* "cbc(aes)" */
    char driver[128];        /* "cbc-aes-aesni" */
    char module[64];         /* "aesni_intel", "kernel" */
    char type[24];           /* "skcipher", "shash", ... */
    char selftest[16];       /* "passed", "unknown", or "" */
    int priority;            /* -1 when the file's value is not an integer */
    int priority_bad;        /* the value was refused (warned, JSON null) */
    int internal;            /* "internal : yes" */
    int async;               /* "async : yes" 1, "no" 0, no such line -1 */
    int refcnt;              /* "refcnt": users holding it now (dm-crypt's driver) */
    const char *klass;       /* "cpu-instructions", "hardware-engine",
                                "library", "software", "unknown" */
    const char *what;        /* a phrase from the table, or NULL */
    int selected;            /* the kernel picks this one for its name */
} platform_kdriver;

/* Parses /proc/crypto text. Returns a malloc'd array (free()) in file
 * order and its length in *n; NULL with *n = 0 for no entries. */
platform_kdriver *platform_kcrypto_parse(const char *text, size_t *n);

/* platform_kcrypto_parse, warning (pf_warn, naming path under sysroot and
 * the line) of each priority that is not an integer in [0, INT_MAX). */
platform_kdriver *platform_kcrypto_parse_file(const char *text, size_t *n, const char *sysroot,
                                              const char *path);

/* Marks d[i].selected by the kernel's rule (crypto/api.c,
 * __crypto_alg_lookup): among the entries with the same name whose type
 * is compatible (skcipher/lskcipher, shash/ahash, acomp/scomp are each one
 * family), that are not internal and whose selftest passed, the highest
 * priority wins; on a tie the one listed first in /proc/crypto (the most
 * recently registered) wins, because the kernel only replaces its choice on
 * a strictly higher priority while walking the list head first. An entry
 * whose selftest is "unknown" (CRYPTO_ALG_TESTED unset) is never chosen. */
void platform_kcrypto_select(platform_kdriver *d, size_t n);

/* Classifies a driver from data/kernel_drivers.json. Returns the class
 * ("cpu-instructions", ...) and sets *what to the table's phrase (or NULL). */
const char *platform_kdriver_class(const char *driver, const char *module, const char **what);

/* The generic_priority of data/kernel_drivers.json: the priority any
 * generic driver has at least (0 when the table has none). */
long long platform_kdriver_generic_priority(void);

/* Reads the kernel's crypto (under sysroot: recorded files, AF_ALG not
 * probed) into *kc: algorithms with their drivers, af_alg, dev_crypto,
 * hwrng. 0, or -1 with err (out of memory) and *kc empty. */
int platform_kcrypto_read(const char *sysroot, platform_kcrypto *kc, cm_error *err);

/* The kernel_crypto object (platform_kcrypto_read, then
 * platform_kcrypto_to_json). New reference, NULL with err. */
struct json_t *platform_kernel_crypto(const char *sysroot, cm_error *err);

/* 1 when the release ("7.2.13+deb14-amd64") is major.minor or later, 0
 * when earlier, -1 when it does not parse (afalg_state.c). */
int platform_release_at_least(const char *release, int major, int minor);

/* Why user space cannot reach driver e through AF_ALG (restricted: the
 * kernel is 7.2 or later, CPU-only), or NULL when it can. The one rule. */
const char *platform_af_alg_unreachable(const platform_kdriver *e, int restricted);

/* 1 when a CPU-only AF_ALG (7.2) leaves out driver e, which AF_ALG could
 * otherwise bind by name (an off-CPU engine, an asynchronous driver). */
int platform_af_alg_cpu_only_excludes(const platform_kdriver *e);

/* Adds to af (platform_af_alg_probe's, or the --sysroot one) what AF_ALG
 * allows: state (absent, loadable, blocked, present, restricted,
 * unknown), evidence [sentences, behaviour first, then the version],
 * cpu_only and splice (copies, zero-copy: present or restricted only),
 * kernel_release, deprecation. d: /proc/crypto's drivers (the asynchronous
 * one to bind). 0, or -1 when out of memory. */
int platform_af_alg_state(platform_af_alg *af, const char *sysroot, const platform_kdriver *d, size_t n);

/* Probes AF_ALG on the live kernel into *af (emptied first): available,
 * reason and errno name when not, and each interface's answer (types);
 * available when any interface binds, not only "hash".
 * 0, or -1 when out of memory (platform_af_alg_clear() frees it either
 * way). */
int platform_af_alg_probe(platform_af_alg *af);

#endif
