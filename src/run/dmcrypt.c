/*
 * dmcrypt.c — `dmcrypt`'s measurements (dmcrypt.h): for each cipher, the
 * kernel's choice and the generic AES driver forced by a capi: spec, and
 * dm-linear, over one RAM device; per sector_size and I/O size, a write
 * pass then a read pass with O_DIRECT, timed with the CPU time they cost.
 */
#define _GNU_SOURCE
#include "run/dmcrypt.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "platform/kcrypto.h"
#include "run/dmcrypt_dev.h"
#include "util/input.h"
#include "util/isolate.h"
#include "util/now.h"

/* The ciphers of every run: cryptsetup's defaults for LUKS2 and for plain
 * (and LUKS1) mappings; key bytes as cryptsetup uses them. */
static const struct {
    const char *spec;
    const char *generic_fmt;  /* the same with the generic AES driver named (and the
                                 sha256 driver, for ESSIV) */
    size_t key_bytes;
} ciphers[] = {
    {"aes-xts-plain64", "capi:xts(ecb(%s))-plain64", 64},
    /* The hash named by its driver too: the kernel finds the instance it
     * makes by its driver name, essiv(cbc(aes-generic),sha256-avx2). */
    {"aes-cbc-essiv:sha256", "capi:cbc(%s)-essiv:%s", 32},
};

/* /proc/crypto, parsed; NULL with *n 0 when unreadable. */
static platform_kdriver *read_crypto(size_t *n)
{
    char *text = NULL;
    size_t len;
    *n = 0;
    if (cm_read_file("/proc/crypto", 4u << 20, "/proc/crypto", &text, &len, NULL) != 0)
        return NULL;
    platform_kdriver *d = platform_kcrypto_parse(text, n);
    free(text);
    return d;
}

/* The generic AES cipher: the lowest-priority driver named "aes". */
static void generic_aes(char *out, size_t len)
{
    size_t n;
    platform_kdriver *d = read_crypto(&n);
    int best = -1;
    out[0] = '\0';
    for (size_t i = 0; i < n; i++)
        if (strcmp(d[i].name, "aes") == 0 && !d[i].internal && (best < 0 || d[i].priority < best)) {
            best = d[i].priority;
            snprintf(out, len, "%s", d[i].driver);
        }
    free(d);
}

/* 1 when d[i] is a driver a user of the cipher calls: an skcipher that is
 * neither internal nor a cryptd wrapper. */
static int user_facing(const platform_kdriver *d)
{
    return strcmp(d->type, "skcipher") == 0 && !d->internal && strncmp(d->driver, "cryptd(", 7) != 0 &&
           strncmp(d->driver, "__", 2) != 0;
}

/* Appends driver to the ", "-separated list out. */
static void list_add(char *out, size_t len, const char *driver)
{
    size_t l = strlen(out);
    if (l + strlen(driver) + 3 < len)
        snprintf(out + l, len - l, "%s%s", l ? ", " : "", driver);
}

/* The drivers whose reference count is higher now than in before (the ones
 * the new mapping took) into p->taken, and of them the outermost one a
 * user calls (no other taken one wraps it: essiv(cbc-aes-aesni,...) over
 * cbc-aes-aesni) into p->drivers. */
static void taken_drivers(const platform_kdriver *before, size_t nb, cm_dmc_point *p)
{
    size_t na;
    platform_kdriver *after = read_crypto(&na);
    char *taken = calloc(na ? na : 1, 1);
    p->taken[0] = p->drivers[0] = '\0';
    for (size_t i = 0; taken && i < na; i++) {
        int was = 0;
        for (size_t j = 0; j < nb; j++)
            if (strcmp(before[j].driver, after[i].driver) == 0 && strcmp(before[j].name, after[i].name) == 0)
                was = before[j].refcnt;
        if ((taken[i] = after[i].refcnt > was))
            list_add(p->taken, sizeof p->taken, after[i].driver);
    }
    for (size_t i = 0; taken && i < na; i++) {
        int wrapped = 0;
        for (size_t j = 0; j < na && taken[i] && !wrapped; j++)
            wrapped = j != i && taken[j] && user_facing(&after[j]) && strstr(after[j].driver, after[i].driver);
        if (taken[i] && user_facing(&after[i]) && !wrapped)
            list_add(p->drivers, sizeof p->drivers, after[i].driver);
    }
    free(taken);
    free(after);
}

/* The driver the kernel selects for name, into out ("" when none). */
static void selected_driver(const char *name, char *out, size_t len)
{
    size_t n;
    platform_kdriver *d = read_crypto(&n);
    platform_kcrypto_select(d, n);
    out[0] = '\0';
    for (size_t i = 0; i < n; i++)
        if (d[i].selected && strcmp(d[i].name, name) == 0)
            snprintf(out, len, "%s", d[i].driver);
    free(d);
}

/* Seconds of user, system and softirq time of every CPU (/proc/stat). */
static void all_cpu(double t[3])
{
    unsigned long long user = 0, nice = 0, sys = 0, idle, iow, irq, soft = 0;
    FILE *f = fopen("/proc/stat", "re");
    t[0] = t[1] = t[2] = 0;
    if (!f)
        return;
    if (fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu", &user, &nice, &sys, &idle, &iow, &irq,
               &soft) == 7) {
        double hz = (double)sysconf(_SC_CLK_TCK);
        t[0] = (double)(user + nice) / hz;
        t[1] = (double)sys / hz;
        t[2] = (double)soft / hz;
    }
    fclose(f);
}

static void own_cpu(double t[2])
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    t[0] = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6;
    t[1] = (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

/* One pass over the whole device at node: p->op, p->io_size, into p. */
static void pass(const char *node, unsigned char *buf, cm_dmc_point *p)
{
    int wr = strcmp(p->op, "write") == 0;
    int fd = open(node, (wr ? O_WRONLY : O_RDONLY) | O_DIRECT | O_CLOEXEC);
    if (fd < 0) {
        snprintf(p->error, sizeof p->error, "cannot open %s: %s", node, strerror(errno));
        return;
    }
    double a0[3], a1[3], o0[2], o1[2];
    all_cpu(a0);
    own_cpu(o0);
    double t0 = cm_now_s();
    uint64_t done = 0;
    while (done < p->bytes && !cm_interrupted) {
        ssize_t k = wr ? pwrite(fd, buf, p->io_size, (off_t)done)
                       : pread(fd, buf, p->io_size, (off_t)done);
        if (k != (ssize_t)p->io_size) {
            snprintf(p->error, sizeof p->error, "%s at byte %llu: %s", p->op,
                     (unsigned long long)done, k < 0 ? strerror(errno) : "short transfer");
            close(fd);
            return;
        }
        done += (uint64_t)k;
    }
    if (wr && fdatasync(fd) != 0)
        snprintf(p->error, sizeof p->error, "fdatasync: %s", strerror(errno));
    p->seconds = cm_now_s() - t0;
    own_cpu(o1);
    all_cpu(a1);
    close(fd);
    if (cm_interrupted && done < p->bytes)
        snprintf(p->error, sizeof p->error, "interrupted");
    p->proc_user_s = o1[0] - o0[0];
    p->proc_system_s = o1[1] - o0[1];
    p->all_user_s = a1[0] - a0[0];
    p->all_system_s = a1[1] - a0[1];
    p->all_softirq_s = a1[2] - a0[2];
    p->ok = !p->error[0];
}

/* Appends a point of the mapping's kind to r; NULL out of memory. */
static cm_dmc_point *add_point(cm_dmc_result *r, const cm_dmc_point *like)
{
    cm_dmc_point *bigger = realloc(r->pts, (r->n + 1) * sizeof *bigger);
    if (!bigger)
        return NULL;
    r->pts = bigger;
    r->pts[r->n] = *like;
    return &r->pts[r->n++];
}

/* The table's parameters: crypt "<spec> <key hex> 0 <maj:min> 0 [1 sector_size:N]",
 * linear "<maj:min> 0". */
static int table_params(char *out, size_t len, const char *spec, size_t key_bytes,
                        unsigned sector, dev_t dev)
{
    if (!spec[0])
        return snprintf(out, len, "%u:%u 0", major(dev), minor(dev)) < (int)len ? 0 : -1;
    unsigned char key[64];
    if (getrandom(key, key_bytes, 0) != (ssize_t)key_bytes)
        return -1;
    int k = snprintf(out, len, "%s ", spec);
    for (size_t i = 0; i < key_bytes && k + 3 < (int)len; i++)
        k += snprintf(out + k, len - (size_t)k, "%02x", key[i]);
    explicit_bzero(key, sizeof key);
    k += snprintf(out + k, len - (size_t)k, " 0 %u:%u 0", major(dev), minor(dev));
    if (sector != 512)
        k += snprintf(out + k, len - (size_t)k, " 1 sector_size:%u", sector);
    return k < (int)len ? 0 : -1;
}

/* cryptsetup's benchmark of the cipher the points r->pts[first..] measured,
 * beside their passes at the I/O size io: encryption beside the write,
 * decryption beside the read. Only for a cipher of the kernel's choice
 * (cryptsetup binds the generic name; a capi: spec is dm-crypt's own). */
static void cryptsetup_beside(cm_dmc_result *r, size_t first, size_t io, size_t key_bytes)
{
    if (first >= r->n)
        return;
    const char *spec = r->pts[first].spec;
    double enc, dec;
    char why[96];
    int any = 0;
    for (size_t i = first; i < r->n; i++)
        any |= r->pts[i].ok && r->pts[i].io_size == io;
    if (!spec[0] || strncmp(spec, "capi:", 5) == 0 || !any || cm_interrupted)
        return;
    cm_dmcrypt_cryptsetup(spec, key_bytes, &enc, &dec, why, sizeof why);
    for (size_t i = first; i < r->n; i++) {
        cm_dmc_point *p = &r->pts[i];
        if (!p->ok || p->io_size != io)
            continue;
        p->cs_mb_s = strcmp(p->op, "write") == 0 ? enc : dec;
        snprintf(p->cs_error, sizeof p->cs_error, "%s", why);
    }
}

/* One mapping (spec "" = linear) at one sector size: every I/O size, a
 * write pass and a read pass each. -1 only out of memory. */
static int measure_mapping(const cm_dmc_options *o, cm_dmc_result *r, const cm_ramdev *ram,
                           const char *dir, const cm_dmc_point *like, size_t key_bytes,
                           unsigned char *buf)
{
    char params[512];
    cm_dmc_point base = *like;
    size_t nb;
    platform_kdriver *before = read_crypto(&nb);
    cm_dm_map m;
    cm_error e = {0};
    size_t first = r->n;
    if (table_params(params, sizeof params, like->spec, key_bytes, like->sector_size, ram->dev) != 0)
        cm_error_set(&e, CM_EXIT_ENVIRONMENT, "cannot make the table (no randomness?)");
    else
        cm_dm_create(&m, dir, like->spec[0] ? "crypt" : "linear", params, ram->bytes / 512, &e);
    explicit_bzero(params, sizeof params);
    if (!e.msg[0] && like->spec[0])
        taken_drivers(before, nb, &base);
    free(before);
    for (int i = 0; i < o->n_io && !cm_interrupted; i++)
        for (int w = 1; w >= 0 && !cm_interrupted; w--) {
            cm_dmc_point *p = add_point(r, &base);
            if (!p) {
                if (!e.msg[0])
                    cm_dm_remove(&m);
                return -1;
            }
            p->io_size = o->io_sizes[i];
            p->op = w ? "write" : "read";
            p->bytes = ram->bytes - ram->bytes % p->io_size;
            if (e.msg[0])
                snprintf(p->error, sizeof p->error, "%s", e.msg);
            else
                pass(m.node, buf, p);
            if (p->ok && i == o->n_io - 1 && !cm_interrupted)
                p->dd_mb_s = cm_dmcrypt_dd(m.node, p->io_size, p->bytes, w, p->dd_error,
                                           sizeof p->dd_error);
        }
    if (!e.msg[0])
        cm_dm_remove(&m);
    cryptsetup_beside(r, first, o->io_sizes[o->n_io - 1], key_bytes);
    return 0;
}

/* The mappings of a run, in order, into like[]; their count. */
static int mappings(const cm_dmc_result *r, cm_dmc_point *like, size_t *keys, size_t cap)
{
    const char *generic = r->generic_driver;
    size_t n = 0;
    memset(like, 0, cap * sizeof *like);
    snprintf(like[n].label, sizeof like[n].label, "linear");
    keys[n++] = 0;
    for (size_t c = 0; c < sizeof ciphers / sizeof *ciphers && n + 2 <= cap; c++) {
        snprintf(like[n].label, sizeof like[n].label, "%s", ciphers[c].spec);
        snprintf(like[n].spec, sizeof like[n].spec, "%s", ciphers[c].spec);
        keys[n++] = ciphers[c].key_bytes;
        if (!generic[0])
            continue;
        snprintf(like[n].label, sizeof like[n].label, "%s (%s)", ciphers[c].spec, generic);
        snprintf(like[n].spec, sizeof like[n].spec, ciphers[c].generic_fmt, generic, r->sha256_driver);
        keys[n++] = ciphers[c].key_bytes;
    }
    return (int)n;
}

static void note_stale(const char *name)
{
    fprintf(stderr, "cryptometer dmcrypt: removed %s, left by a run that is gone\n", name);
}

/* The sweep over mappings × sector sizes on an existing RAM device. */
static int sweep(const cm_dmc_options *o, cm_dmc_result *r, const cm_ramdev *ram, const char *dir,
                 unsigned char *buf)
{
    cm_dmc_point like[8];
    size_t keys[8];
    int n = mappings(r, like, keys, 8);
    for (int k = 0; k < n && !cm_interrupted; k++)
        for (int s = 0; s < (like[k].spec[0] ? o->n_sectors : 1) && !cm_interrupted; s++) {
            like[k].sector_size = like[k].spec[0] ? o->sectors[s] : 512;
            if (measure_mapping(o, r, ram, dir, &like[k], keys[k], buf) != 0)
                return -1;
        }
    return 0;
}

/* See dmcrypt.h. */
int cm_dmcrypt_run(const cm_dmc_options *o, cm_dmc_result *r, cm_error *err)
{
    struct utsname u;
    memset(r, 0, sizeof *r);
    if (uname(&u) == 0)
        snprintf(r->kernel, sizeof r->kernel, "%s", u.release);
    r->device_bytes = o->device_bytes;
    if ((r->unavailable = cm_dm_unavailable()) != NULL)
        return 0;
    r->stale_removed = cm_dm_cleanup_stale(note_stale);
    generic_aes(r->generic_driver, sizeof r->generic_driver);
    selected_driver("sha256", r->sha256_driver, sizeof r->sha256_driver);
    char dir[] = "/tmp/cryptometer-dmcrypt.XXXXXX";
    size_t max_io = 0;
    for (int i = 0; i < o->n_io; i++)
        max_io = o->io_sizes[i] > max_io ? o->io_sizes[i] : max_io;
    unsigned char *buf = NULL;
    if (!mkdtemp(dir) || posix_memalign((void **)&buf, 4096, max_io) != 0)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "cannot make a private directory or "
                            "buffer: %s", strerror(errno));
    if (getrandom(buf, max_io, 0) < 0)
        memset(buf, 0xa5, max_io);
    cm_ramdev ram;
    int rc = cm_ramdev_create(&ram, o->device_bytes, err);
    if (rc == 0) {
        rc = sweep(o, r, &ram, dir, buf);
        cm_ramdev_destroy(&ram);
        if (rc != 0)
            cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    }
    free(buf);
    rmdir(dir);
    return rc;
}

/* See dmcrypt.h. */
void cm_dmcrypt_free(cm_dmc_result *r)
{
    free(r->pts);
    r->pts = NULL;
    r->n = 0;
}
