/*
 * files_workload.c — the file workloads of `cryptometer files` (files_workload.h;
 * the command and its options are src/commands/cmd_files.c). Files of the
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
#include "run/files_tmp.h"
#include "run/files_io.h"
#include "run/files_workload.h"
#include "records/output.h"
#include "registry/registry.h"
#include "platform/timer.h"
#include "util/error.h"

#define CHUNK (1u << 20)


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
    uint8_t *p = files_map_file(j->in, j->size, &fd);
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
    uint8_t *p = files_map_file(j->in, in_len, &fd), *o = malloc(j->size + 16), aad = 0;
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
    return files_run_tool(j->tool_argv, j->tool_out, sizeof j->tool_out, why, why_len);
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
            files_drop_caches();
        else
            files_warm_up(input, j->size);
        if (i == 0)
            res = files_resident(input, j->size);
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

/* The paths of file k's data and outputs in the private directory. */
typedef struct file_paths {
    char data[600], enc[600], dec[600], tenc[600], tdec[600];
} file_paths;

static void paths_of(int k, file_paths *p)
{
    char name[32];
    snprintf(name, sizeof name, "data-%d", k), files_tmp_path(p->data, sizeof p->data, name);
    snprintf(name, sizeof name, "enc-%d", k), files_tmp_path(p->enc, sizeof p->enc, name);
    snprintf(name, sizeof name, "dec-%d", k), files_tmp_path(p->dec, sizeof p->dec, name);
    snprintf(name, sizeof name, "tool-enc-%d", k), files_tmp_path(p->tenc, sizeof p->tenc, name);
    snprintf(name, sizeof name, "tool-dec-%d", k), files_tmp_path(p->tdec, sizeof p->tdec, name);
}

/* The hashes of one file: ours, then each tool's, which must agree. The
 * number of failures. */
static int hash_file(const files_opts *o, json_t *recs, job *jp, file_paths *p,
                     size_t size, const char *cache)
{
    int failures = 0, m;
    job j = *jp;
    char *data = p->data;
    char ours_name[80], why[256], how[128];
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
    return failures;
}

/* The ciphers of one file: ours both ways, the round trip, then openssl
 * enc's, which must equal ours byte for byte. The number of failures. */
static int cipher_file(const files_opts *o, json_t *recs, job *jp, file_paths *p,
                       size_t size, const char *cache)
{
    int failures = 0, m;
    job j = *jp;
    char *data = p->data, *enc = p->enc, *dec = p->dec, *tenc = p->tenc, *tdec = p->tdec;
    char ours_name[80], why[256], how[128];
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
        int back = files_same_files(dec, data, size);
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
        int same = files_same_files(tenc, enc, size);
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
        back = files_same_files(tdec, data, size);
        set_verified(recs, back, "the decrypted file equals the original byte for byte");
        failures += !back;
    }
    memset(&j, 0, sizeof j); /* the key leaves memory with the job */
    return failures;
}

int files_one(const files_opts *o, json_t *recs, int k, size_t size, const char *cache)
{
    job j;
    file_paths p;
    memset(&j, 0, sizeof j);
    j.size = size;
    paths_of(k, &p);
    return hash_file(o, recs, &j, &p, size, cache) + cipher_file(o, recs, &j, &p, size, cache);
}

/* 1 if alg is one of the file workloads' algorithms (hashes[], ciphers[]). */
int files_workload_alg(const char *alg)
{
    for (size_t a = 0; a < sizeof hashes / sizeof hashes[0]; a++)
        if (strcmp(alg, hashes[a].alg) == 0)
            return 1;
    for (size_t a = 0; a < sizeof ciphers / sizeof ciphers[0]; a++)
        if (strcmp(alg, ciphers[a].alg) == 0)
            return 1;
    return 0;
}

void files_workload_algs(FILE *out)
{
    for (size_t a = 0; a < sizeof hashes / sizeof hashes[0]; a++)
        fprintf(out, "%s ", hashes[a].alg);
    for (size_t a = 0; a < sizeof ciphers / sizeof ciphers[0]; a++)
        fprintf(out, a ? " %s" : "%s", ciphers[a].alg);
}
