/*
 * afalg_state.c — what AF_ALG allows on this kernel: absent, loadable,
 * blocked, present, or present but restricted (Linux 7.2 and later: only
 * synchronous CPU drivers, splice copies for skcipher and AEAD). Judged by
 * behaviour first (does splice hand the kernel our pages or a copy? does an
 * asynchronous driver bind?), with the kernel version as supporting
 * evidence; and, per /proc/crypto driver, whether user space can reach it
 * through AF_ALG and why not (the one rule: platform_af_alg_unreachable).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <jansson.h>
#if defined(__linux__)
#include <linux/if_alg.h>
#endif

#include "platform/kcrypto.h"
#include "platform/sysroot.h"

#define PAGE 4096

/* The deprecation, stated once (detect prints it under the AF_ALG line). */
static const char DEPRECATION[] =
    "AF_ALG is deprecated upstream (Linux 7.2: \"crypto: af_alg - Document the deprecation of AF_ALG\", after "
    "the \"copy.fail\" local root exploit); still using it on a typical system: iwd (Wi-Fi), libkcapi-hmaccalc "
    "(sha*hmac), cryptsetup's benchmark, OpenSSL's afalg engine when configured";

/* See kcrypto.h. */
int platform_release_at_least(const char *release, int major, int minor)
{
    int ma = 0, mi = 0;
    if (!release || sscanf(release, "%d.%d", &ma, &mi) != 2)
        return -1;
    return ma > major || (ma == major && mi >= minor);
}

/* See kcrypto.h. */
const char *platform_af_alg_unreachable(const platform_kdriver *e, int restricted)
{
    static const char *const types[] = {"skcipher", "lskcipher", "shash", "ahash", "aead", "rng"};
    int fits = 0;
    for (size_t i = 0; i < sizeof types / sizeof *types; i++)
        fits |= strcmp(e->type, types[i]) == 0;
    if (!fits)
        return "no AF_ALG interface takes this type (reached only inside a template such as cbc(...))";
    if (e->internal)
        return "internal: a building block of another driver, never bound by name";
    if (restricted && strcmp(e->klass, "hardware-engine") == 0)
        return "an off-CPU engine; AF_ALG binds only synchronous CPU drivers since Linux 7.2";
    if (restricted && e->async == 1)
        return "asynchronous; AF_ALG binds only synchronous CPU drivers since Linux 7.2";
    return NULL;
}

/* See kcrypto.h. */
int platform_af_alg_cpu_only_excludes(const platform_kdriver *e)
{
    return !platform_af_alg_unreachable(e, 0) && platform_af_alg_unreachable(e, 1);
}

#if defined(__linux__)
/* An AF_ALG skcipher socket bound to name and keyed with 16 zero bytes; its
 * operation socket in *op. 0, or the errno. */
static int open_op(const char *name, int *tfm, int *op)
{
    struct sockaddr_alg sa = {.salg_family = AF_ALG, .salg_type = "skcipher"};
    static const unsigned char key[16];
    snprintf((char *)sa.salg_name, sizeof sa.salg_name, "%s", name);
    *op = -1;
    *tfm = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
    if (*tfm < 0)
        return errno;
    if (bind(*tfm, (struct sockaddr *)&sa, sizeof sa) != 0 ||
        setsockopt(*tfm, SOL_ALG, ALG_SET_KEY, key, sizeof key) != 0 ||
        (*op = accept4(*tfm, NULL, NULL, SOCK_CLOEXEC)) < 0) {
        int e = errno;
        close(*tfm);
        return e;
    }
    return 0;
}

/* sendmsg of the operation (encrypt) and a zero IV, with len bytes of data
 * (or none, MSG_MORE). 0 or -1. */
static int send_op(int op, const void *data, size_t len)
{
    char cbuf[CMSG_SPACE(sizeof(int)) + CMSG_SPACE(sizeof(struct af_alg_iv) + 16)] = {0};
    struct iovec iov = {(void *)data, len};
    struct msghdr m = {.msg_control = cbuf, .msg_controllen = sizeof cbuf, .msg_iov = &iov, .msg_iovlen = data ? 1 : 0};
    struct cmsghdr *c = CMSG_FIRSTHDR(&m);
    c->cmsg_level = SOL_ALG;
    c->cmsg_type = ALG_SET_OP;
    c->cmsg_len = CMSG_LEN(sizeof(int));
    *(int *)(void *)CMSG_DATA(c) = ALG_OP_ENCRYPT;
    c = CMSG_NXTHDR(&m, c);
    c->cmsg_level = SOL_ALG;
    c->cmsg_type = ALG_SET_IV;
    c->cmsg_len = CMSG_LEN(sizeof(struct af_alg_iv) + 16);
    ((struct af_alg_iv *)(void *)CMSG_DATA(c))->ivlen = 16; /* the IV's bytes stay zero */
    return sendmsg(op, &m, data ? 0 : MSG_MORE) == (ssize_t)(data ? len : 0) ? 0 : -1;
}

/* Whether splice into an skcipher socket hands the kernel our pages
 * (zero-copy: a write to the buffer after splice, before read, changes the
 * result) or a copy (Linux 7.2: it does not). 1 copies, 0 zero-copy, -1 not
 * tested (why in *why). cbc(aes) is built into Debian's kernels. */
static int splice_copies(char *why, size_t len)
{
    unsigned char *buf = aligned_alloc(PAGE, PAGE), ref[16], out[PAGE];
    int tfm, op, fds[2] = {-1, -1}, rc = -1;
    int e = buf ? open_op("cbc(aes)", &tfm, &op) : ENOMEM;
    if (e) {
        snprintf(why, len, "cbc(aes) does not open (%s)", strerror(e));
        free(buf);
        return -1;
    }
    memset(buf, 0, PAGE);
    struct iovec iov = {buf, PAGE};
    if (send_op(op, buf, 16) != 0 || read(op, ref, 16) != 16)
        snprintf(why, len, "the copy path failed (%s)", strerror(errno));
    else if (pipe(fds) != 0 || send_op(op, NULL, 0) != 0 || vmsplice(fds[1], &iov, 1, 0) != PAGE ||
             splice(fds[0], NULL, op, NULL, PAGE, 0) != PAGE)
        snprintf(why, len, "vmsplice/splice into the socket failed (%s)", strerror(errno));
    else {
        memset(buf, 0xff, PAGE); /* after splice, before the kernel encrypts */
        if (read(op, out, PAGE) != PAGE)
            snprintf(why, len, "read after splice failed (%s)", strerror(errno));
        else
            rc = memcmp(out, ref, 16) == 0;
    }
    for (int i = 0; i < 2; i++)
        if (fds[i] >= 0)
            close(fds[i]);
    close(op);
    close(tfm);
    free(buf);
    return rc;
}

/* Binds the first asynchronous driver /proc/crypto lists that is neither
 * internal nor failed: 1 refused (ENOENT), 0 bound, -1 none to try or
 * another error. *name gets the driver. */
static int async_refused(const platform_kdriver *d, size_t n, const char **name)
{
    for (size_t i = 0; i < n; i++) {
        const char *t = strcmp(d[i].type, "aead") == 0       ? "aead"
                        : strcmp(d[i].type, "skcipher") == 0 ? "skcipher"
                        : strcmp(d[i].type, "ahash") == 0    ? "hash"
                                                             : NULL;
        if (!t || d[i].async != 1 || d[i].internal || strcmp(d[i].selftest, "passed") != 0)
            continue;
        /* bind alone: the restriction is the lookup's mask, so it refuses at bind */
        struct sockaddr_alg sa = {.salg_family = AF_ALG};
        snprintf((char *)sa.salg_type, sizeof sa.salg_type, "%s", t);
        snprintf((char *)sa.salg_name, sizeof sa.salg_name, "%s", d[i].driver);
        int fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
        int e = fd < 0 ? errno : bind(fd, (struct sockaddr *)&sa, sizeof sa) == 0 ? 0 : errno;
        if (fd >= 0)
            close(fd);
        *name = d[i].driver;
        return e == 0 ? 0 : e == ENOENT ? 1 : -1;
    }
    return -1;
}
#endif

/* "absent" or "loadable": whether af_alg.ko is among this kernel's modules. */
static const char *absent_or_loadable(const char *release)
{
    char path[512];
    snprintf(path, sizeof path, "/lib/modules/%s/modules.dep", release);
    char *dep = pf_read_text(NULL, path, NULL);
    int has = dep && strstr(dep, "/af_alg.ko") != NULL;
    free(dep);
    return has ? "loadable" : "absent";
}

/* Appends a sentence to af's evidence. 0, or -1 when out of memory. */
static int note(platform_af_alg *af, const char *fmt, const char *x, const char *y)
{
    char s[512];
    snprintf(s, sizeof s, fmt, x, y);
    char **more = realloc(af->evidence, (af->n_evidence + 1) * sizeof *more);
    if (!more)
        return -1;
    af->evidence = more;
    return (more[af->n_evidence] = strdup(s)) ? (af->n_evidence++, 0) : -1;
}

/* One facet judged by behaviour (beh: 1 restricted, 0 not, -1 untested)
 * with the version (by_version) as support; notes how it was decided. */
static int facet(int beh, int by_version, const char *what, platform_af_alg *af, int *rc)
{
    if (beh < 0) {
        *rc |= note(af, "%s: not decided by behaviour, judged by the kernel version%s", what, "");
        return by_version == 1;
    }
    if (by_version >= 0 && by_version != beh)
        *rc |= note(af, "%s: the behaviour disagrees with the kernel version (a backport or a patched kernel)%s",
                    what, "");
    return beh;
}

/* The live facets: splice (copies?) and CPU-only (async drivers refused?),
 * behaviour first. Sets *cpu_only and *copies; 0, or -1 out of memory. */
static int live_facets(platform_af_alg *af, const platform_kdriver *d, size_t n, int by_version, int *cpu_only, int *copies)
{
    int b = -1, s = -1, rc = 0;
    char why[256] = "";
    const char *name = NULL;
#if defined(__linux__)
    s = splice_copies(why, sizeof why);
    b = async_refused(d, n, &name);
#else
    (void)d;
    (void)n;
#endif
    if (s >= 0)
        rc |= note(af, "%s%s", s ? "splice into an skcipher socket copies (a write to the buffer after splice did not "
                                   "change the result)"
                                 : "splice into an skcipher socket is zero-copy (a write to the buffer after splice "
                                   "changed the result)", "");
    else
        rc |= note(af, "splice not tested: %s%s", why, "");
    if (b >= 0)
        rc |= note(af, b ? "the asynchronous driver %s does not bind (ENOENT): AF_ALG is CPU-only%s"
                         : "the asynchronous driver %s binds: AF_ALG is not CPU-only%s", name, "");
    else
        rc |= note(af, "no asynchronous driver listed to bind%s%s", "", "");
    *copies = facet(s, by_version, "splice", af, &rc);
    *cpu_only = facet(b, by_version, "CPU-only", af, &rc);
    return rc;
}

/* See kcrypto.h. */
int platform_af_alg_state(platform_af_alg *af, const char *sysroot, const platform_kdriver *d, size_t n)
{
    char release[128] = "";
    struct utsname u;
    if (pf_has_sysroot(sysroot)) {
        char v[512];
        if (pf_read_line(sysroot, "/proc/version", v, sizeof v) == 0)
            sscanf(v, "Linux version %127s", release);
    } else if (uname(&u) == 0) {
        snprintf(release, sizeof release, "%s", u.release);
    }
    int by_version = platform_release_at_least(release, 7, 2), cpu_only = by_version == 1, copies = cpu_only;
    int rc = 0, live = 0;
    const char *state, *err = af->err_name;
    if (pf_has_sysroot(sysroot))
        state = by_version < 0 ? "unknown" : "judged";
    else if (af->available == 1)
        state = "judged", live = 1;
    else if (err && strcmp(err, "EAFNOSUPPORT") == 0)
        state = absent_or_loadable(release);
    else
        state = "blocked";
    if (live)
        rc |= live_facets(af, d, n, by_version, &cpu_only, &copies);
    if (strcmp(state, "judged") == 0)
        state = cpu_only || copies ? "restricted" : "present";
    if (by_version >= 0)
        rc |= note(af, by_version ? "kernel %s: 7.2 or later, where AF_ALG is CPU-only and splice copies%s"
                                  : "kernel %s: before 7.2%s", release, "");
    else if (pf_has_sysroot(sysroot))
        rc |= note(af, "the recorded root has no kernel version (/proc/version)%s%s", "", "");
    af->cpu_only = -1;
    if (strcmp(state, "present") == 0 || strcmp(state, "restricted") == 0) {
        af->cpu_only = cpu_only;
        rc |= platform_kc_copy(&af->splice, copies ? "copies" : "zero-copy");
    }
    rc |= platform_kc_copy(&af->state, state) | platform_kc_copy(&af->kernel_release, release[0] ? release : NULL) |
          platform_kc_copy(&af->deprecation, DEPRECATION);
    return rc ? -1 : 0;
}
