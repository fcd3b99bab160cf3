/*
 * afalg_discover.c — the afalg backend's rows, found at run time.
 *
 * For each algorithm of AFALG_ALGORITHMS, the candidates to bind are: the
 * generic kernel name (variant `kernel`: the kernel picks the driver by
 * priority), every driver /proc/crypto lists under that name, and, for a
 * template (cbc, ctr, xts, hmac), the template over every driver of its inner
 * algorithm ("cbc(aes-generic)", which the kernel instantiates on bind).
 * Each candidate is probed with bind(); it becomes two rows, one per data
 * path: `<driver>` (copy) and `<driver>.splice` (zero-copy), or
 * `<driver>.splice-copy` where the kernel copies what is spliced (Linux 7.2,
 * seen by platform_af_alg_state's behaviour test). Afterwards
 * /proc/crypto is read again (binding instantiates templates) and the
 * driver the kernel selects for each generic name among those AF_ALG can
 * reach is what `kernel` rows are served by (the rules are
 * platform_kcrypto_select's and platform_af_alg_unreachable's, not written
 * twice). Without AF_ALG, each algorithm has one `kernel` row, unavailable
 * with the reason.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <linux/if_alg.h>
#include <kcapi.h>
#include "cryptometer/algorithm.h"
#include "cryptometer/backend.h"
#include "platform/kcrypto.h"
#include "platform/sysroot.h"
#include "afalg_internal.h"

#ifndef AF_ALG
#define AF_ALG 38
#endif

/* cryptometer name, class, AF_ALG type, kernel name, template and its
 * inner algorithm (NULL when the name is not a one-argument template over
 * an algorithm whose drivers are worth binding one by one), the inner
 * algorithm's /proc/crypto type, and the driver name the kernel gives the
 * template over one inner driver %s: what bind() must ask for. XTS is
 * built over ECB: the kernel's xts template wraps "ecb(<driver>)" and
 * names the instance "xts(ecb(<driver>))" (crypto/xts.c), so
 * "xts(aes-generic)" never binds. */
static const struct afalg_alg {
    const char *alg;
    cm_class cls;
    const char *type, *kname, *tmpl, *inner, *inner_type, *built;
} AFALG_ALGORITHMS[] = {
    {"sha1", CM_CLASS_HASH, "hash", "sha1", NULL, NULL, NULL, NULL},
    {"sha256", CM_CLASS_HASH, "hash", "sha256", NULL, NULL, NULL, NULL},
    {"sha512", CM_CLASS_HASH, "hash", "sha512", NULL, NULL, NULL, NULL},
    {"hmac-sha256", CM_CLASS_MAC, "hash", "hmac(sha256)", "hmac", "sha256", "shash", "hmac(%s)"},
    {"aes-128-cbc", CM_CLASS_CIPHER, "skcipher", "cbc(aes)", "cbc", "aes", "cipher", "cbc(%s)"},
    {"aes-256-cbc", CM_CLASS_CIPHER, "skcipher", "cbc(aes)", "cbc", "aes", "cipher", "cbc(%s)"},
    {"aes-128-ctr", CM_CLASS_CIPHER, "skcipher", "ctr(aes)", "ctr", "aes", "cipher", "ctr(%s)"},
    {"aes-256-ctr", CM_CLASS_CIPHER, "skcipher", "ctr(aes)", "ctr", "aes", "cipher", "ctr(%s)"},
    {"aes-128-xts", CM_CLASS_CIPHER, "skcipher", "xts(aes)", "xts", "aes", "cipher", "xts(ecb(%s))"},
    {"aes-256-xts", CM_CLASS_CIPHER, "skcipher", "xts(aes)", "xts", "aes", "cipher", "xts(ecb(%s))"},
    {"aes-128-ecb", CM_CLASS_CIPHER, "skcipher", "ecb(aes)", "ecb", "aes", "cipher", "ecb(%s)"},
    {"aes-256-ecb", CM_CLASS_CIPHER, "skcipher", "ecb(aes)", "ecb", "aes", "cipher", "ecb(%s)"},
    {"aes-128-gcm", CM_CLASS_AEAD, "aead", "gcm(aes)", NULL, NULL, NULL, NULL},
    {"aes-256-gcm", CM_CLASS_AEAD, "aead", "gcm(aes)", NULL, NULL, NULL, NULL},
    {"chacha20-poly1305", CM_CLASS_AEAD, "aead", "rfc7539(chacha20,poly1305)", NULL, NULL, NULL, NULL},
    {"random", CM_CLASS_RNG, "rng", "stdrng", NULL, NULL, NULL, NULL},
};
#define N_ALGS (sizeof AFALG_ALGORITHMS / sizeof AFALG_ALGORITHMS[0])

/* ------------------------------------------------------------------------
 * Slots: binding i is reached through plain_create_fn[i] (hash, rng: no
 * key), keyed_create_fn[i] and avail_fn[i], made here by macro for
 * AFALG_SLOTS slots.
 * ---------------------------------------------------------------------- */

#define D10(X, p) X(p##0) X(p##1) X(p##2) X(p##3) X(p##4) X(p##5) X(p##6) X(p##7) X(p##8) X(p##9)
#define D100(X, p) D10(X, p##0) D10(X, p##1) D10(X, p##2) D10(X, p##3) D10(X, p##4) \
    D10(X, p##5) D10(X, p##6) D10(X, p##7) D10(X, p##8) D10(X, p##9)
#define EACH_SLOT(X) D100(X, 1) D100(X, 2) /* 100 ... 299 */
#define SLOT_BASE 100
#define AFALG_SLOTS 200

static afalg_binding bindings[AFALG_SLOTS];
static size_t n_bindings;
static char unsupported[192];
static int restricted;   /* AF_ALG is CPU-only here (Linux 7.2) */
static int splice_copies; /* splice into the socket copies (Linux 7.2) */

const afalg_binding *afalg_binding_at(size_t i)
{
    return &bindings[i];
}

const char *afalg_unsupported(void)
{
    return unsupported[0] ? unsupported : NULL;
}

/* available() of slot i. */
static int slot_available(size_t i, char *why, size_t why_len)
{
    if (!bindings[i].available)
        snprintf(why, why_len, "%s", bindings[i].why);
    return bindings[i].available;
}

#define SLOT_FNS(n)                                                                      \
    static cm_rc plain_create_##n(void **st)                                             \
    {                                                                                    \
        const afalg_binding *b = &bindings[n - SLOT_BASE];                               \
        return b->cls == CM_CLASS_RNG ? afalg_rng_create(b, st) : afalg_hash_create(b, st); \
    }                                                                                    \
    static cm_rc keyed_create_##n(void **st, const uint8_t *key, size_t key_len)         \
    {                                                                                    \
        const afalg_binding *b = &bindings[n - SLOT_BASE];                               \
        return b->cls == CM_CLASS_MAC ? afalg_mac_create(b, st, key, key_len)            \
                                      : afalg_cipher_create(b, st, key, key_len);        \
    }                                                                                    \
    static int avail_##n(char *why, size_t why_len)                                      \
    { return slot_available(n - SLOT_BASE, why, why_len); }
EACH_SLOT(SLOT_FNS)
#define PLAIN_FN(n) plain_create_##n,
#define KEYED_FN(n) keyed_create_##n,
#define AVAIL_FN(n) avail_##n,
static cm_rc (*const plain_create_fn[AFALG_SLOTS])(void **) = {EACH_SLOT(PLAIN_FN)};
static cm_rc (*const keyed_create_fn[AFALG_SLOTS])(void **, const uint8_t *, size_t) = {
    EACH_SLOT(KEYED_FN)};
static int (*const avail_fn[AFALG_SLOTS])(char *, size_t) = {EACH_SLOT(AVAIL_FN)};

/* One vtable per slot, of its binding's class. */
static cm_hash_vtable hash_vt[AFALG_SLOTS];
static cm_mac_vtable mac_vt[AFALG_SLOTS];
static cm_cipher_vtable cipher_vt[AFALG_SLOTS];
static cm_aead_vtable aead_vt[AFALG_SLOTS];
static cm_rng_vtable rng_vt[AFALG_SLOTS];

/* ------------------------------------------------------------------------
 * /proc/crypto and bind()
 * ---------------------------------------------------------------------- */

/* /proc/crypto parsed (free()), with the kernel's selection marked among
 * the drivers AF_ALG reaches here (on a CPU-only AF_ALG each engine or
 * asynchronous driver counts as internal, which the selection skips). */
static platform_kdriver *read_drivers(size_t *n)
{
    *n = 0;
    /* the reading policy (util/input.h) through the platform's reader */
    char *text = pf_read_text(NULL, "/proc/crypto", NULL);
    if (!text)
        return NULL;
    platform_kdriver *d = platform_kcrypto_parse(text, n);
    free(text);
    for (size_t i = 0; d && i < *n; i++)
        d[i].internal |= restricted && platform_af_alg_cpu_only_excludes(&d[i]);
    if (d)
        platform_kcrypto_select(d, *n);
    return d;
}

/* 0 when an AF_ALG socket binds to (type, name), else errno; *at_socket
 * says whether socket() itself failed. */
static int try_bind(const char *type, const char *name, int *at_socket)
{
    struct sockaddr_alg sa = {.salg_family = AF_ALG};
    snprintf((char *)sa.salg_type, sizeof sa.salg_type, "%s", type);
    snprintf((char *)sa.salg_name, sizeof sa.salg_name, "%s", name);
    *at_socket = 0;
    int fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        *at_socket = 1;
        return errno;
    }
    int e = bind(fd, (struct sockaddr *)&sa, sizeof sa) == 0 ? 0 : errno;
    close(fd);
    return e;
}

/* 0 when libkcapi opens a handle on binding b, else its negative errno.
 * libkcapi asks the kernel for the algorithm's sizes through the
 * crypto_user netlink interface and gives up without it. */
static int try_kcapi(const afalg_binding *b)
{
    struct kcapi_handle *h = NULL;
    int rc;
    if (b->cls == CM_CLASS_AEAD) {
        rc = kcapi_aead_init(&h, b->name, 0);
        if (rc == 0)
            kcapi_aead_destroy(h);
    } else if (b->cls == CM_CLASS_CIPHER) {
        rc = kcapi_cipher_init(&h, b->name, 0);
        if (rc == 0)
            kcapi_cipher_destroy(h);
    } else if (b->cls == CM_CLASS_RNG) {
        rc = kcapi_rng_init(&h, b->name, 0);
        if (rc == 0)
            kcapi_rng_destroy(h);
    } else {
        rc = kcapi_md_init(&h, b->name, 0);
        if (rc == 0)
            kcapi_md_destroy(h);
    }
    return rc;
}

/* 1 if a /proc/crypto type can be bound as AF_ALG type. */
static int type_fits(const char *afalg_type, const char *proc_type)
{
    if (strcmp(afalg_type, "hash") == 0)
        return strcmp(proc_type, "shash") == 0 || strcmp(proc_type, "ahash") == 0;
    if (strcmp(afalg_type, "skcipher") == 0)
        return strcmp(proc_type, "skcipher") == 0 || strcmp(proc_type, "lskcipher") == 0;
    return strcmp(afalg_type, proc_type) == 0;
}

/* The slot of (name, path) for algorithm a, made (and probed) when new;
 * AFALG_SLOTS when they are all taken. */
static size_t slot_of(const struct afalg_alg *a, const char *name, afalg_path path)
{
    for (size_t i = 0; i < n_bindings; i++)
        if (bindings[i].path == path && bindings[i].cls == a->cls &&
            strcmp(bindings[i].name, name) == 0)
            return i;
    if (n_bindings == AFALG_SLOTS)
        return AFALG_SLOTS;
    afalg_binding *b = &bindings[n_bindings];
    b->type = a->type;
    b->cls = a->cls;
    b->mode = a->tmpl;
    b->out_len = cm_algorithm_find(a->alg) ? cm_algorithm_find(a->alg)->out_len : 0;
    b->path = path;
    snprintf(b->name, sizeof b->name, "%s", name);
    if (unsupported[0]) {
        snprintf(b->why, sizeof b->why, "%s", unsupported);
    } else {
        int at_socket, e = try_bind(a->type, name, &at_socket);
        /* The zero-copy hash path is raw sockets; every other needs libkcapi. */
        int raw = path == AFALG_SPLICE && a->cls != CM_CLASS_CIPHER && a->cls != CM_CLASS_AEAD;
        int k = e || raw ? 0 : try_kcapi(b);
        b->available = e == 0 && k == 0;
        if (e)
            snprintf(b->why, sizeof b->why, "AF_ALG bind(\"%s\", \"%s\"): %s%s", a->type, name,
                     strerror(e),
                     e == ENOENT && restricted ? " (since Linux 7.2 AF_ALG binds only synchronous CPU drivers: "
                                                 "an off-CPU or asynchronous driver is refused; or a module is not loaded)"
                     : e == ENOENT ? " (no such algorithm or driver here: a module may not be loaded)"
                     : e == ELIBBAD ? " (ELIBBAD: the kernel's self-test of this driver failed, "
                                      "or an algorithm it needs is missing)"
                                    : "");
        else if (k)
            snprintf(b->why, sizeof b->why, "libkcapi cannot open %s (%s): it needs the kernel's "
                     "crypto_user netlink interface (CONFIG_CRYPTO_USER, module crypto_user)",
                     name, strerror(-k));
    }
    size_t i = n_bindings++;
    switch (b->cls) {
    case CM_CLASS_HASH:
        hash_vt[i] = (cm_hash_vtable){plain_create_fn[i], afalg_hash_digest, afalg_hash_destroy};
        break;
    case CM_CLASS_RNG:
        rng_vt[i] = (cm_rng_vtable){plain_create_fn[i], afalg_rng_generate, NULL, afalg_rng_destroy};
        break;
    case CM_CLASS_MAC:
        mac_vt[i] = (cm_mac_vtable){keyed_create_fn[i], afalg_hash_digest, afalg_hash_destroy};
        break;
    case CM_CLASS_CIPHER:
        cipher_vt[i] = (cm_cipher_vtable){keyed_create_fn[i], afalg_cipher_encrypt,
                                          afalg_cipher_decrypt, afalg_cipher_destroy};
        break;
    default:
        aead_vt[i] = (cm_aead_vtable){keyed_create_fn[i], afalg_aead_seal, afalg_aead_open,
                                      afalg_cipher_destroy};
        break;
    }
    return i;
}

/* ------------------------------------------------------------------------
 * Rows
 * ---------------------------------------------------------------------- */

#define MAX_ROWS (2 * AFALG_SLOTS)
static cm_impl rows[MAX_ROWS];
static struct {
    char variant[160];
    char served_by[128];
    const struct afalg_alg *alg;
} row_info[MAX_ROWS];
static size_t n_rows;

/* Adds the rows of candidate name (NULL: the generic name) for a, one per
 * data path (only copy when AF_ALG is missing). */
static void add_rows(const struct afalg_alg *a, const char *driver)
{
    for (int p = AFALG_COPY; p <= AFALG_SPLICE; p++) {
        if (p == AFALG_SPLICE && (unsupported[0] || a->cls == CM_CLASS_RNG))
            break; /* a generator takes no data: one path */
        const char *name = driver ? driver : a->kname;
        char variant[160];
        snprintf(variant, sizeof variant, "%s%s", driver ? driver : "kernel",
                 p == AFALG_COPY ? "" : splice_copies && a->cls != CM_CLASS_HASH && a->cls != CM_CLASS_MAC
                                            ? ".splice-copy" : ".splice");
        for (size_t r = 0; r < n_rows; r++)
            if (row_info[r].alg->alg == a->alg && strcmp(row_info[r].variant, variant) == 0)
                return; /* listed twice in /proc/crypto, or both listed and built */
        size_t s = slot_of(a, name, (afalg_path)p);
        if (s == AFALG_SLOTS || n_rows == MAX_ROWS)
            return;
        size_t r = n_rows++;
        snprintf(row_info[r].variant, sizeof row_info[r].variant, "%s", variant);
        if (driver)
            snprintf(row_info[r].served_by, sizeof row_info[r].served_by, "%s", driver);
        row_info[r].alg = a;
        cm_vtable_ref vt;
        switch (a->cls) {
        case CM_CLASS_HASH: vt.hash = &hash_vt[s]; break;
        case CM_CLASS_MAC: vt.mac = &mac_vt[s]; break;
        case CM_CLASS_CIPHER: vt.cipher = &cipher_vt[s]; break;
        case CM_CLASS_RNG: vt.rng = &rng_vt[s]; break;
        default: vt.aead = &aead_vt[s]; break;
        }
        rows[r] = (cm_impl){.algorithm = a->alg, .variant = row_info[r].variant, .cls = a->cls,
                            .vt = vt, .available = avail_fn[s]};
    }
}

/* Every candidate of a from the drivers d[0..n). */
static void add_candidates(const struct afalg_alg *a, const platform_kdriver *d, size_t n)
{
    add_rows(a, NULL);
    for (size_t i = 0; i < n; i++)
        if (!d[i].internal && strcmp(d[i].name, a->kname) == 0 && type_fits(a->type, d[i].type))
            add_rows(a, d[i].driver);
    for (size_t i = 0; a->tmpl && i < n; i++)
        if (!d[i].internal && strcmp(d[i].name, a->inner) == 0 &&
            strcmp(d[i].type, a->inner_type) == 0) {
            char built[128];
            snprintf(built, sizeof built, a->built, d[i].driver);
            add_rows(a, built);
        }
}

const cm_impl *afalg_discover(size_t *n)
{
    int at_socket;
    kcapi_set_verbosity(KCAPI_LOG_NONE); /* errors are ours to report */
    int e = try_bind("hash", "sha256", &at_socket);
    if (e && at_socket)
        snprintf(unsupported, sizeof unsupported, "AF_ALG: not supported by this kernel (%s)",
                 strerror(e));
    size_t nd = 0;
    platform_kdriver *d = unsupported[0] ? NULL : read_drivers(&nd);
    if (d) {
        platform_af_alg af;
        if (platform_af_alg_probe(&af) == 0 && platform_af_alg_state(&af, NULL, d, nd) == 0) {
            restricted = af.cpu_only == 1;
            splice_copies = af.splice && strcmp(af.splice, "copies") == 0;
        }
        platform_af_alg_clear(&af);
        free(d);
        d = read_drivers(&nd); /* with the restriction known */
    }
    for (size_t k = 0; k < N_ALGS; k++)
        add_candidates(&AFALG_ALGORITHMS[k], d, nd);
    free(d);
    /* Binding instantiated templates: what does the kernel pick now? */
    d = unsupported[0] ? NULL : read_drivers(&nd);
    for (size_t r = 0; r < n_rows; r++) {
        if (strncmp(row_info[r].variant, "kernel", 6) != 0)
            continue;
        for (size_t i = 0; i < nd; i++)
            if (d[i].selected && strcmp(d[i].name, row_info[r].alg->kname) == 0 &&
                type_fits(row_info[r].alg->type, d[i].type))
                snprintf(row_info[r].served_by, sizeof row_info[r].served_by, "%s",
                         d[i].driver);
    }
    free(d);
    for (size_t r = 0; r < n_rows; r++)
        rows[r].served_by = row_info[r].served_by[0] ? row_info[r].served_by : NULL;
    *n = n_rows;
    return rows;
}
