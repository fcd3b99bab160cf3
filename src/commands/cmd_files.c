/*
 * cmd_files.c — `cryptometer files`: the file workloads. Files of the
 * given sizes (default 1, 10, 100 MB; --quick 256 KiB and 1 MiB) of random
 * bytes in a private temporary directory (files_tmp.h) are
 *   hashed with SHA-1, SHA-256, SHA-512 and BLAKE2b-512 through one
 *   backend's implementations (the registry's tables; openssl:evp unless
 *   --impl names another): open, mmap, one digest of the whole mapping,
 *   unmap, close;
 *   encrypted and decrypted with AES-128-CBC and AES-256-CBC (read, encrypt
 *   or decrypt as one stream in 1 MiB pieces, write) and AES-256-GCM (mmap,
 *   one seal or open of the whole file, write), the round trip compared
 *   byte for byte with the original;
 * and the same files go through sha1sum, sha256sum, sha512sum, b2sum,
 * `openssl dgst` and `openssl enc -nopad` side by side: their digests must
 * equal ours, and
 * openssl enc's ciphertext must equal ours byte for byte. Each step is
 * timed --repeat times (median), warm (the file read once before) and,
 * with --cold as root, cold (caches dropped before each repetition). Each
 * record states the page cache: the fraction of the input's pages resident
 * just before the first timed repetition (mincore). The key and IV are
 * random, in memory only (openssl enc gets them on its command line).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <jansson.h>
#include "util/stats.h"
#include "commands/commands.h"
#include "run/files_tmp.h"
#include "records/output.h"
#include "registry/registry.h"
#include "platform/timer.h"
#include "util/error.h"

#define MAX_FILES 8
#define MAX_REPEAT 15
#define CHUNK (1u << 20)

typedef struct files_opts {
    size_t sizes[MAX_FILES];
    int n_sizes, repeat, cold, quiet;
    const char *json;
    const cm_backend *backend; /* whose implementations are "ours" */
    char variant[64];          /* "" = the backend's dispatch's choice */
} files_opts;

/* One step to time: run(ctx) returns 0, or -1 with why, or 1 with why when
 * the implementation does not take the request (CM_ERR_UNSUPPORTED: AF_ALG's
 * AEAD takes at most 64 KiB in one call): unavailable, not a failure. */
typedef int (*step_fn)(void *ctx, char *why, size_t why_len);

/* ---- small helpers ------------------------------------------------------------- */

/* Our implementation of alg (o's backend and variant), its "backend:variant"
 * in name; NULL when it has none that runs here, with why. */
static const cm_impl *our_impl(const files_opts *o, const char *alg, char *name, size_t name_len,
                               char *why, size_t why_len)
{
    const cm_impl *impl = cm_backend_find_impl(o->backend, alg, o->variant[0] ? o->variant : NULL);
    if (!impl) {
        snprintf(name, name_len, "%s%s%s", o->backend->name, o->variant[0] ? ":" : "", o->variant);
        snprintf(why, why_len, "%s has no %s", name, alg);
        return NULL;
    }
    snprintf(name, name_len, "%s:%s", o->backend->name, impl->variant);
    return cm_impl_available(o->backend, impl, why, why_len) ? impl : NULL;
}

static void hex(const uint8_t *p, size_t n, char *out)
{
    for (size_t i = 0; i < n; i++)
        sprintf(out + 2 * i, "%02x", p[i]);
    out[2 * n] = '\0';
}

/* Maps path read-only; NULL on failure. */
static uint8_t *map_file(const char *path, size_t size, int *fd)
{
    *fd = open(path, O_RDONLY | O_CLOEXEC);
    if (*fd < 0)
        return NULL;
    void *p = mmap(NULL, size ? size : 1, PROT_READ, MAP_PRIVATE, *fd, 0);
    if (p == MAP_FAILED) {
        close(*fd);
        return NULL;
    }
    return p;
}

/* The fraction of path's pages in the page cache now (mincore), or -1. */
static double resident(const char *path, size_t size)
{
    int fd;
    uint8_t *p = map_file(path, size, &fd);
    if (!p)
        return -1;
    long page = sysconf(_SC_PAGESIZE);
    size_t pages = (size + (size_t)page - 1) / (size_t)page, in = 0;
    unsigned char *v = malloc(pages ? pages : 1);
    double r = -1;
    if (v && mincore(p, size, v) == 0) {
        for (size_t i = 0; i < pages; i++)
            in += v[i] & 1;
        r = pages ? (double)in / (double)pages : 1.0;
    }
    free(v);
    munmap(p, size ? size : 1);
    close(fd);
    return r;
}

/* Reads path once, so its pages are cached. */
static void warm_up(const char *path, size_t size)
{
    int fd;
    volatile uint8_t *p = map_file(path, size, &fd);
    if (!p)
        return;
    uint8_t x = 0;
    for (size_t i = 0; i < size; i += 4096)
        x ^= p[i];
    (void)x;
    munmap((void *)p, size ? size : 1);
    close(fd);
}

/* Drops the page cache (root only): 0, or -1. */
static int drop_caches(void)
{
    sync();
    int fd = open("/proc/sys/vm/drop_caches", O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    int ok = write(fd, "1", 1) == 1;
    close(fd);
    return ok ? 0 : -1;
}

/* Runs argv with stdout into out (NULL: /dev/null; at most out_len - 1
 * bytes kept). 0 when it exits 0, else -1 with why. */
static int run_tool(char *const argv[], char *out, size_t out_len, char *why, size_t why_len)
{
    int pfd[2];
    if (pipe(pfd) != 0)
        return snprintf(why, why_len, "pipe: %s", strerror(errno)), -1;
    pid_t pid = fork();
    if (pid < 0)
        return snprintf(why, why_len, "fork: %s", strerror(errno)), -1;
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        dup2(out ? pfd[1] : null, 1);
        dup2(null, 2);
        close(pfd[0]);
        execvp(argv[0], argv);
        _exit(127);
    }
    close(pfd[1]);
    size_t n = 0;
    char sink[4096];
    for (;;) {
        ssize_t r = read(pfd[0], out && n < out_len - 1 ? out + n : sink,
                         out && n < out_len - 1 ? out_len - 1 - n : sizeof sink);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        if (out && n < out_len - 1)
            n += (size_t)r;
    }
    if (out)
        out[n] = '\0';
    close(pfd[0]);
    int st;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
        return 0;
    if (WIFEXITED(st) && WEXITSTATUS(st) == 127)
        snprintf(why, why_len, "%s: not found", argv[0]);
    else
        snprintf(why, why_len, "%s failed (status %d)", argv[0], st);
    return -1;
}

/* Two files are the same bytes: 1, else 0. */
static int same_files(const char *a, const char *b, size_t size)
{
    struct stat sa, sb;
    if (stat(a, &sa) != 0 || stat(b, &sb) != 0 || (size_t)sa.st_size != size ||
        (size_t)sb.st_size != size)
        return 0;
    int fa, fb;
    uint8_t *pa = map_file(a, size, &fa), *pb = pa ? map_file(b, size, &fb) : NULL;
    int same = pa && pb && memcmp(pa, pb, size) == 0;
    if (pb) {
        munmap(pb, size ? size : 1);
        close(fb);
    }
    if (pa) {
        munmap(pa, size ? size : 1);
        close(fa);
    }
    return same;
}

/* ---- our steps ----------------------------------------------------------------- */

typedef struct job {
    const cm_impl *impl;
    const cm_algorithm *alg;
    char in[600], out[600];
    size_t size;
    uint8_t key[32], iv[16];
    uint8_t digest[64];
    char *tool_argv[16];
    char tool_out[256];
} job;

static int hash_step(void *ctx, char *why, size_t why_len)
{
    job *j = ctx;
    int fd, ok = 0;
    uint8_t *p = map_file(j->in, j->size, &fd);
    void *st = NULL;
    if (!p)
        return snprintf(why, why_len, "%s: %s", j->in, strerror(errno)), -1;
    if (j->impl->vt.hash->create(&st) == CM_OK)
        ok = j->impl->vt.hash->digest(st, p, j->size, j->digest) == CM_OK;
    j->impl->vt.hash->destroy(st);
    munmap(p, j->size ? j->size : 1);
    close(fd);
    return ok ? 0 : (snprintf(why, why_len, "digest failed"), -1);
}

/* CBC in CHUNK pieces as one stream, encrypting or decrypting in to out. */
static int cbc_step(job *j, int enc, char *why, size_t why_len)
{
    const cm_cipher_vtable *vt = j->impl->vt.cipher;
    void *st = NULL;
    uint8_t *a = malloc(CHUNK), *b = malloc(CHUNK);
    int in = open(j->in, O_RDONLY | O_CLOEXEC);
    int out = open(j->out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    int rc = -1;
    if (!a || !b || in < 0 || out < 0 || vt->create(&st, j->key, j->alg->key_len) != CM_OK) {
        snprintf(why, why_len, "set-up failed: %s", strerror(errno));
        goto done;
    }
    for (size_t at = 0; at < j->size;) {
        size_t want = j->size - at < CHUNK ? j->size - at : CHUNK, got = 0;
        while (got < want) {
            ssize_t r = read(in, a + got, want - got);
            if (r <= 0) {
                snprintf(why, why_len, "read %s: short", j->in);
                goto done;
            }
            got += (size_t)r;
        }
        const uint8_t *iv = at == 0 ? j->iv : NULL;
        cm_rc r = enc ? vt->encrypt(st, iv, a, b, want) : vt->decrypt(st, iv, a, b, want);
        if (r == CM_ERR_UNSUPPORTED) {
            snprintf(why, why_len, "the implementation takes no piece of %zu bytes", want);
            rc = 1;
            goto done;
        }
        if (r != CM_OK || write(out, b, want) != (ssize_t)want) {
            snprintf(why, why_len, "%s failed", enc ? "encrypt" : "decrypt");
            goto done;
        }
        at += want;
    }
    rc = 0;
done:
    if (st)
        vt->destroy(st);
    if (in >= 0)
        close(in);
    if (out >= 0)
        close(out);
    free(a);
    free(b);
    return rc;
}

static int cbc_enc(void *ctx, char *why, size_t why_len) { return cbc_step(ctx, 1, why, why_len); }
static int cbc_dec(void *ctx, char *why, size_t why_len) { return cbc_step(ctx, 0, why, why_len); }

/* GCM: the whole input mapped, one seal (out = ciphertext then 16-byte tag)
 * or one open (in = ciphertext then tag). */
static int gcm_step(job *j, int seal, char *why, size_t why_len)
{
    const cm_aead_vtable *vt = j->impl->vt.aead;
    size_t in_len = seal ? j->size : j->size + 16;
    int fd, out = -1, rc = -1;
    uint8_t *p = map_file(j->in, in_len, &fd), *o = malloc(j->size + 16), aad = 0;
    void *st = NULL;
    if (!p || !o || vt->create(&st, j->key, j->alg->key_len) != CM_OK) {
        snprintf(why, why_len, "set-up failed");
        goto done;
    }
    cm_rc r = seal ? vt->seal(st, j->iv, 12, &aad, 0, p, j->size, o, o + j->size, 16)
                   : vt->open(st, j->iv, 12, &aad, 0, p, j->size, o, p + j->size, 16);
    if (r == CM_ERR_UNSUPPORTED) {
        snprintf(why, why_len, "the implementation takes no whole message of %zu bytes in one call",
                 j->size);
        rc = 1;
        goto done;
    }
    if (r != CM_OK) {
        snprintf(why, why_len, "%s failed (%s)", seal ? "seal" : "open",
                 r == CM_ERR_AUTH ? "tag mismatch" : "error");
        goto done;
    }
    size_t out_len = seal ? j->size + 16 : j->size;
    out = open(j->out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (out < 0 || write(out, o, out_len) != (ssize_t)out_len) {
        snprintf(why, why_len, "write %s failed", j->out);
        goto done;
    }
    rc = 0;
done:
    if (st)
        vt->destroy(st);
    if (out >= 0)
        close(out);
    if (p) {
        munmap(p, in_len);
        close(fd);
    }
    free(o);
    return rc;
}

static int gcm_seal(void *ctx, char *why, size_t why_len) { return gcm_step(ctx, 1, why, why_len); }
static int gcm_open(void *ctx, char *why, size_t why_len) { return gcm_step(ctx, 0, why, why_len); }

static int tool_step(void *ctx, char *why, size_t why_len)
{
    job *j = ctx;
    return run_tool(j->tool_argv, j->tool_out, sizeof j->tool_out, why, why_len);
}

/* ---- timing and records -------------------------------------------------------- */

/* A new record's fields that every record has. */
static json_t *record_head(const char *path_name, const char *alg, const char *op, size_t size,
                           const char *cache)
{
    return json_pack("{s:s, s:s, s:s, s:I, s:s}", "path", path_name, "algorithm", alg,
                     "operation", op, "file_bytes", (json_int_t)size, "cache", cache);
}

/* The progress line of a record (unless --quiet): its status, then the figure or why. */
static void progress(const files_opts *o, const char *path_name, const char *alg, const char *op,
                     size_t size, const char *cache, const char *status, const char *why)
{
    if (!o->quiet)
        printf("%-18s %-12s %-8s %10zu B  %-5s %s%s\n", path_name, alg, op, size, cache, status,
               why);
}

/* Times step opt->repeat times on input (warm: read first; cold: caches
 * dropped before each) and appends a record to recs. 0, or -1 (the record
 * then says error and why), or 1 (unavailable and why: not a failure). */
static int measure(const files_opts *o, json_t *recs, const char *path_name, const char *alg,
                   const char *op, const char *cache, step_fn step, job *j, const char *input)
{
    double s[MAX_REPEAT], res = -1;
    char why[256] = "";
    int rc = 0;
    json_t *r = record_head(path_name, alg, op, j->size, cache);
    for (int i = 0; i < o->repeat && rc == 0; i++) {
        if (strcmp(cache, "cold") == 0)
            drop_caches();
        else
            warm_up(input, j->size);
        if (i == 0)
            res = resident(input, j->size);
        uint64_t t0 = cm_now_ns();
        rc = step(j, why, sizeof why);
        s[i] = (double)(cm_now_ns() - t0) / 1e9;
    }
    json_object_set_new(r, "resident_before", res < 0 ? json_null() : json_real(res));
    if (rc != 0) {
        json_object_set_new(r, "status", json_string(rc > 0 ? "unavailable" : "error"));
        json_object_set_new(r, "reason", json_string(why));
    } else {
        double med = cm_median_sort(s, (size_t)o->repeat);
        json_t *all = json_array();
        for (int i = 0; i < o->repeat; i++)
            json_array_append_new(all, json_real(s[i]));
        json_object_set_new(r, "status", json_string("ok"));
        json_object_set_new(r, "seconds", json_real(med));
        json_object_set_new(r, "seconds_all", all);
        double mb_s = med > 0 ? (double)j->size / med / 1e6 : 0;
        json_object_set_new(r, "throughput_mb_s", json_real(mb_s));
        snprintf(why, sizeof why, "%10.1f MB/s (median of %d)", mb_s, o->repeat);
    }
    json_array_append_new(recs, r);
    progress(o, path_name, alg, op, j->size, cache, rc > 0 ? "unavailable: " : "", why);
    return rc;
}

/* Appends the record of a step ours cannot run (the chosen backend lacks
 * alg, or it is not available here): not a failure. */
static void unavailable(const files_opts *o, json_t *recs, const char *name, const char *alg,
                        const char *op, size_t size, const char *cache, const char *why)
{
    json_t *r = record_head(name, alg, op, size, cache);
    json_object_set_new(r, "status", json_string("unavailable"));
    json_object_set_new(r, "reason", json_string(why));
    json_array_append_new(recs, r);
    progress(o, name, alg, op, size, cache, "unavailable: ", why);
}

static void set_verified(json_t *recs, int ok, const char *what)
{
    json_t *last = json_array_get(recs, json_array_size(recs) - 1);
    json_object_set_new(last, "verified", json_boolean(ok));
    json_object_set_new(last, "verified_how", json_string(what));
}

/* ---- the workloads ------------------------------------------------------------- */

/* Each hash: the coreutils tool, and `openssl dgst`'s option for it (with
 * openssl:evp as ours, the same library: the file path's own cost beside it). */
static const struct {
    const char *alg, *tool, *dgst;
} hashes[] = {{"sha1", "sha1sum", "-sha1"}, {"sha256", "sha256sum", "-sha256"},
              {"sha512", "sha512sum", "-sha512"}, {"blake2b-512", "b2sum", "-blake2b512"}};
static const struct {
    const char *alg, *enc; /* openssl enc's name, or NULL: enc has no AEAD modes */
} ciphers[] = {{"aes-128-cbc", "-aes-128-cbc"}, {"aes-256-cbc", "-aes-256-cbc"},
               {"aes-256-gcm", NULL}};

static int one_file(const files_opts *o, json_t *recs, int k, size_t size, const char *cache)
{
    int failures = 0, m;
    job j;
    memset(&j, 0, sizeof j);
    j.size = size;
    char data[600], enc[600], dec[600], tenc[600], tdec[600], name[32], ours_name[80], why[256],
        how[128];
    snprintf(name, sizeof name, "data-%d", k), files_tmp_path(data, sizeof data, name);
    snprintf(name, sizeof name, "enc-%d", k), files_tmp_path(enc, sizeof enc, name);
    snprintf(name, sizeof name, "dec-%d", k), files_tmp_path(dec, sizeof dec, name);
    snprintf(name, sizeof name, "tool-enc-%d", k), files_tmp_path(tenc, sizeof tenc, name);
    snprintf(name, sizeof name, "tool-dec-%d", k), files_tmp_path(tdec, sizeof tdec, name);

    for (size_t h = 0; h < sizeof hashes / sizeof hashes[0]; h++) {
        j.impl = our_impl(o, hashes[h].alg, ours_name, sizeof ours_name, why, sizeof why);
        j.alg = cm_algorithm_find(hashes[h].alg);
        if (!j.impl) {
            unavailable(o, recs, ours_name, hashes[h].alg, "digest", size, cache, why);
            continue;
        }
        snprintf(j.in, sizeof j.in, "%s", data);
        snprintf(how, sizeof how, "its digest equals %s's", ours_name);
        m = measure(o, recs, ours_name, hashes[h].alg, "digest", cache, hash_step, &j, data);
        if (m) {
            failures += m < 0;
            continue;
        }
        char ours[129];
        hex(j.digest, j.alg->out_len, ours);
        /* each tool prints the digest in hex first (openssl dgst with -r) */
        char *tools[2][6] = {{(char *)hashes[h].tool, data, NULL},
                             {"openssl", "dgst", (char *)hashes[h].dgst, "-r", data, NULL}};
        const char *names[] = {hashes[h].tool, "openssl-dgst"};
        for (int t = 0; t < 2; t++) {
            memcpy(j.tool_argv, tools[t], sizeof tools[t]);
            if (measure(o, recs, names[t], hashes[h].alg, "digest", cache, tool_step, &j, data)) {
                failures++;
                continue;
            }
            int same = strncmp(j.tool_out, ours, strlen(ours)) == 0;
            set_verified(recs, same, how);
            failures += !same;
        }
    }
    for (size_t c = 0; c < sizeof ciphers / sizeof ciphers[0]; c++) {
        j.impl = our_impl(o, ciphers[c].alg, ours_name, sizeof ours_name, why, sizeof why);
        j.alg = cm_algorithm_find(ciphers[c].alg);
        if (!j.impl) {
            unavailable(o, recs, ours_name, ciphers[c].alg, "encrypt", size, cache, why);
            unavailable(o, recs, ours_name, ciphers[c].alg, "decrypt", size, cache, why);
            continue;
        }
        getrandom(j.key, sizeof j.key, 0);
        getrandom(j.iv, sizeof j.iv, 0);
        int gcm = ciphers[c].enc == NULL;
        snprintf(j.in, sizeof j.in, "%s", data), snprintf(j.out, sizeof j.out, "%s", enc);
        if ((m = measure(o, recs, ours_name, ciphers[c].alg, "encrypt", cache,
                         gcm ? gcm_seal : cbc_enc, &j, data))) {
            failures += m < 0;
            continue;
        }
        snprintf(j.in, sizeof j.in, "%s", enc), snprintf(j.out, sizeof j.out, "%s", dec);
        if ((m = measure(o, recs, ours_name, ciphers[c].alg, "decrypt", cache,
                         gcm ? gcm_open : cbc_dec, &j, enc))) {
            failures += m < 0;
            continue;
        }
        int back = same_files(dec, data, size);
        set_verified(recs, back, "the decrypted file equals the original byte for byte");
        failures += !back;
        if (gcm)
            continue;
        char key[65], iv[33];
        hex(j.key, j.alg->key_len, key);
        hex(j.iv, 16, iv);
        char *argv_enc[] = {"openssl", "enc", (char *)ciphers[c].enc, "-nopad", "-K", key,
                            "-iv", iv, "-in", data, "-out", tenc, NULL};
        memcpy(j.tool_argv, argv_enc, sizeof argv_enc);
        if (measure(o, recs, "openssl-enc", ciphers[c].alg, "encrypt", cache, tool_step, &j,
                    data)) {
            failures++;
            continue;
        }
        int same = same_files(tenc, enc, size);
        snprintf(how, sizeof how, "its ciphertext equals %s's byte for byte", ours_name);
        set_verified(recs, same, how);
        failures += !same;
        char *argv_dec[] = {"openssl", "enc", "-d", (char *)ciphers[c].enc, "-nopad", "-K", key,
                            "-iv", iv, "-in", tenc, "-out", tdec, NULL};
        memcpy(j.tool_argv, argv_dec, sizeof argv_dec);
        if (measure(o, recs, "openssl-enc", ciphers[c].alg, "decrypt", cache, tool_step, &j,
                    tenc)) {
            failures++;
            continue;
        }
        back = same_files(tdec, data, size);
        set_verified(recs, back, "the decrypted file equals the original byte for byte");
        failures += !back;
    }
    memset(&j, 0, sizeof j); /* the key leaves memory with the job */
    return failures;
}

/* Writes size random bytes to path: 0, or -1. */
static int make_file(const char *path, size_t size)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    uint8_t *buf = malloc(CHUNK);
    int rc = fd >= 0 && buf ? 0 : -1;
    for (size_t at = 0; rc == 0 && at < size;) {
        size_t n = size - at < CHUNK ? size - at : CHUNK;
        if (getrandom(buf, n, 0) != (ssize_t)n || write(fd, buf, n) != (ssize_t)n)
            rc = -1;
        at += n;
    }
    free(buf);
    if (fd >= 0)
        close(fd);
    return rc;
}

/* ---- the command --------------------------------------------------------------- */

static void usage(FILE *f)
{
    fputs("usage: cryptometer files [options]\n"
          "  --sizes LIST    file sizes, k/M suffixes (KiB, MiB), multiples of 16 bytes\n"
          "                  (default 1000000,10000000,100000000: 1, 10, 100 MB)\n"
          "  --quick         files of 256k and 1M (for tests)\n"
          "  --repeat N      timed repetitions per step, median reported (1-15, default 3)\n"
          "  --cold          also cold: drop the page cache before each repetition (root)\n"
          "  --json FILE     write the records here (cryptometer-files-v1)\n"
          "  --quiet         no progress lines\n"
          "  --impl B[:V]    hash and encrypt through backend B (variant V; without it, the\n"
          "                  backend's own choice per algorithm), e.g. ref:portable, afalg:kernel\n"
          "                  (default openssl:evp); the tools run beside it as always\n"
          "exit codes: 0 ok; 1 a step failed or a round trip or comparison did not verify;\n"
          "2 bad option; 3 the backend is not ready here or has none of the algorithms,\n"
          "or the temporary files or result file failed\n",
          f);
}

/* 1 if alg is one of the file workloads' algorithms (hashes[], ciphers[]). */
static int workload_alg(const char *alg)
{
    for (size_t a = 0; a < sizeof hashes / sizeof hashes[0]; a++)
        if (strcmp(alg, hashes[a].alg) == 0)
            return 1;
    for (size_t a = 0; a < sizeof ciphers / sizeof ciphers[0]; a++)
        if (strcmp(alg, ciphers[a].alg) == 0)
            return 1;
    return 0;
}

/* Sets o's backend and variant from "B[:V]" (given: by --impl, else the
 * default): CM_EXIT_OK, or an exit code after one line on stderr. */
static int choose_impl(const char *text, int given, files_opts *o)
{
    char name[64];
    const char *colon = strchr(text, ':');
    size_t n = colon ? (size_t)(colon - text) : strlen(text);
    snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), text);
    snprintf(o->variant, sizeof o->variant, "%s", colon ? colon + 1 : "");
    o->backend = cm_registry_find_backend(name);
    if (!o->backend && !given) {
        fprintf(stderr, "cryptometer files: error: this build has no %s backend: name another "
                "with --impl (e.g. ref:portable)\n", name);
        return CM_EXIT_ENVIRONMENT;
    }
    if (!o->backend || (colon && !o->variant[0])) {
        fprintf(stderr, "cryptometer files: error: --impl: '%s' is not BACKEND[:VARIANT] of a "
                "backend in this build (cryptometer list names them)\n", text);
        return CM_EXIT_USAGE;
    }
    if (o->backend->helper) {
        fprintf(stderr, "cryptometer files: error: --impl: %s runs in its helper executable; "
                "files runs in-process backends only\n", name);
        return CM_EXIT_USAGE;
    }
    char why[256] = "";
    if (!cm_backend_ready(o->backend, why, sizeof why)) {
        fprintf(stderr, "cryptometer files: error: --impl: %s is not ready here: %s\n", name, why);
        return CM_EXIT_ENVIRONMENT;
    }
    size_t rows;
    int variant_seen = 0, has_one = 0;
    const cm_impl *row = cm_backend_impls(o->backend, &rows);
    for (size_t i = 0; i < rows; i++) {
        int wanted = !o->variant[0] || strcmp(row[i].variant, o->variant) == 0;
        int ours = wanted && workload_alg(row[i].algorithm);
        variant_seen |= wanted;
        char row_why[256];
        if (ours && cm_impl_available(o->backend, &row[i], row_why, sizeof row_why))
            return CM_EXIT_OK;
        if (ours && !has_one)
            snprintf(why, sizeof why, "%s", row_why);
        has_one |= ours;
    }
    if (!variant_seen) {
        fprintf(stderr, "cryptometer files: error: --impl: %s has no variant '%s' (cryptometer "
                "list --backends %s names them)\n", name, o->variant, name);
        return CM_EXIT_USAGE;
    }
    if (has_one) {
        fprintf(stderr, "cryptometer files: error: --impl: %s can run none of the file workloads' "
                "algorithms here: %s\n", text, why);
        return CM_EXIT_ENVIRONMENT;
    }
    fprintf(stderr, "cryptometer files: error: --impl: %s has none of the file workloads' "
            "algorithms (", text);
    for (size_t a = 0; a < sizeof hashes / sizeof hashes[0]; a++)
        fprintf(stderr, "%s ", hashes[a].alg);
    for (size_t a = 0; a < sizeof ciphers / sizeof ciphers[0]; a++)
        fprintf(stderr, a ? " %s" : "%s", ciphers[a].alg);
    fputs(")\n", stderr);
    return CM_EXIT_ENVIRONMENT;
}

static int parse_sizes(const char *text, files_opts *o)
{
    o->n_sizes = 0;
    for (const char *p = text; *p;) {
        char *end;
        unsigned long long v = strtoull(p, &end, 10);
        if (end == p || o->n_sizes == MAX_FILES)
            return -1;
        if (*end == 'k' || *end == 'K')
            v <<= 10, end++;
        else if (*end == 'M')
            v <<= 20, end++;
        if ((*end != ',' && *end) || v == 0 || v % 16 || v > (1ULL << 30))
            return -1;
        o->sizes[o->n_sizes++] = (size_t)v;
        p = *end ? end + 1 : end;
    }
    return o->n_sizes ? 0 : -1;
}

int cm_files_main(int argc, char **argv)
{
    files_opts o = {{1000000, 10000000, 100000000}, 3, 3, 0, 0, NULL, NULL, ""};
    const char *impl_text = "openssl:evp";
    int impl_given = 0;
    static const struct option longs[] = {
        {"sizes", required_argument, 0, 's'}, {"quick", no_argument, 0, 'q'},
        {"repeat", required_argument, 0, 'r'}, {"cold", no_argument, 0, 'c'},
        {"json", required_argument, 0, 'j'},   {"quiet", no_argument, 0, 'Q'},
        {"impl", required_argument, 0, 'i'},   {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}};
    int ch;
    optind = 1;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, "", longs, NULL)) != -1) {
        switch (ch) {
        case 's':
            if (parse_sizes(optarg, &o) != 0) {
                fprintf(stderr, "cryptometer files: error: --sizes: '%s' is not a list of 1 to "
                        "8 sizes, multiples of 16 bytes up to 1G\n", optarg);
                return CM_EXIT_USAGE;
            }
            break;
        case 'q': o.sizes[0] = 256 << 10, o.sizes[1] = 1 << 20, o.n_sizes = 2; break;
        case 'r':
            o.repeat = atoi(optarg);
            if (o.repeat < 1 || o.repeat > MAX_REPEAT) {
                fprintf(stderr, "cryptometer files: error: --repeat: '%s' is not 1 to 15\n", optarg);
                return CM_EXIT_USAGE;
            }
            break;
        case 'c': o.cold = 1; break;
        case 'j': o.json = optarg; break;
        case 'Q': o.quiet = 1; break;
        case 'i': impl_text = optarg, impl_given = 1; break;
        case 'h': usage(stdout); return CM_EXIT_OK;
        default:
            fprintf(stderr, "cryptometer files: error: unknown option '%s'\n", argv[optind - 1]);
            return CM_EXIT_USAGE;
        }
    }
    /* the output first (the one writing policy, output.h): before anything runs */
    cm_error err = {0};
    if (o.json && cm_output_check(o.json, NULL, 0, 0, &err) != 0) {
        fprintf(stderr, "cryptometer files: error: %s\n", err.msg);
        return err.code;
    }
    int chosen = choose_impl(impl_text, impl_given, &o);
    if (chosen != CM_EXIT_OK)
        return chosen;
    const char *cold_note = NULL;
    if (o.cold && (geteuid() != 0 || access("/proc/sys/vm/drop_caches", W_OK) != 0))
        cold_note = "cold: not run (needs root to write /proc/sys/vm/drop_caches)";
    else if (!o.cold)
        cold_note = "cold: not run (not requested: --cold)";
    const char *dir = files_tmp_create();
    if (!dir) {
        fprintf(stderr, "cryptometer files: error: temporary directory: %s\n", strerror(errno));
        return CM_EXIT_ENVIRONMENT;
    }
    json_t *recs = json_array();
    int failures = 0;
    for (int k = 0; k < o.n_sizes; k++) {
        char data[600], name[32];
        snprintf(name, sizeof name, "data-%d", k);
        files_tmp_path(data, sizeof data, name);
        if (make_file(data, o.sizes[k]) != 0) {
            fprintf(stderr, "cryptometer files: error: writing %zu bytes in %s: %s\n",
                    o.sizes[k], dir, strerror(errno));
            json_decref(recs);
            files_tmp_remove();
            return CM_EXIT_ENVIRONMENT;
        }
        failures += one_file(&o, recs, k, o.sizes[k], "warm");
        if (!cold_note)
            failures += one_file(&o, recs, k, o.sizes[k], "cold");
    }
    files_tmp_remove();
    if (o.backend->teardown)
        o.backend->teardown();
    json_t *sizes = json_array();
    for (int k = 0; k < o.n_sizes; k++)
        json_array_append_new(sizes, json_integer((json_int_t)o.sizes[k]));
    json_t *doc = json_pack("{s:s, s:{s:o, s:i, s:b, s:s}, s:o*, s:o, s:b}", "schema",
                            "cryptometer-files-v1", "settings", "sizes", sizes, "repeat", o.repeat,
                            "cold", !cold_note, "impl", impl_text, "cold_note", cold_note ? json_string(cold_note) : NULL,
                            "records", recs, "temporary_directory_removed", access(dir, F_OK) != 0);
    int rc = failures ? CM_EXIT_FAILURES : CM_EXIT_OK;
    if (cold_note && !o.quiet)
        printf("%s\n", cold_note);
    if (o.json && cm_write_json_built(o.json, doc, doc ? 0 : -1, &err) != 0) {
        fprintf(stderr, "cryptometer files: error: %s\n", err.msg);
        return err.code;
    }
    if (!o.json)
        json_decref(doc);
    return rc;
}
