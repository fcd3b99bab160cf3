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
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <jansson.h>
#include "util/stats.h"
#include "run/files_tmp.h"
#include "run/files_io.h"
#include "run/files_workload.h"
#include "records/files_records.h"
#include "registry/registry.h"
#include "platform/timer.h"
#include "util/error.h"

#define CHUNK (1u << 20)


/* One step to time: run(ctx) returns 0, or -1 with why, or 1 with why when
 * the implementation does not take the request (CM_ERR_UNSUPPORTED: AF_ALG's
 * AEAD takes at most 64 KiB in one call): unavailable, not a failure. */
typedef int (*step_fn)(void *ctx, char *why, size_t why_len);

/* ---- small helpers ------------------------------------------------------------- */

/* Our implementation of alg (o's backend and variant), its variant in
 * *variant ("" when the backend has none of alg: then o's, maybe ""); NULL
 * when it has none that runs here, with why. */
static const cm_impl *our_impl(const files_opts *o, const char *alg, const char **variant,
                               char *why, size_t why_len)
{
    const cm_impl *impl = cm_backend_find_impl(o->backend, alg, o->variant[0] ? o->variant : NULL);
    *variant = impl ? impl->variant : o->variant;
    if (!impl) {
        snprintf(why, why_len, "%s%s%s has no %s", o->backend->name, o->variant[0] ? ":" : "",
                 o->variant, alg);
        return NULL;
    }
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

/* Keeps r in recs (which takes its samples) and prints its progress line
 * (unless --quiet): 0, or -1 after one line on stderr (out of memory: a
 * failure). */
static int keep(const files_opts *o, cm_record_set *recs, cm_record *r)
{
    cm_error err = {0};
    if (!o->quiet)
        cm_files_record_line(stdout, r);
    if (cm_record_set_add(recs, r, &err) == 0)
        return 0;
    cm_measurement_free(&r->m);
    fprintf(stderr, "cryptometer files: error: %s\n", err.msg);
    return -1;
}

/* The user and system CPU seconds so far of this process and of its
 * children waited for (the tools), into cpu[0] and cpu[1]. */
static void cpu_seconds(double cpu[2])
{
    struct rusage self, tools;
    getrusage(RUSAGE_SELF, &self);
    getrusage(RUSAGE_CHILDREN, &tools);
    cpu[0] = (double)(self.ru_utime.tv_sec + tools.ru_utime.tv_sec) +
             (double)(self.ru_utime.tv_usec + tools.ru_utime.tv_usec) / 1e6;
    cpu[1] = (double)(self.ru_stime.tv_sec + tools.ru_stime.tv_sec) +
             (double)(self.ru_stime.tv_usec + tools.ru_stime.tv_usec) / 1e6;
}

/* Times step opt->repeat times on input (warm: read first; cold: caches
 * dropped before each) into a record of recs. 0, or -1 (the record then
 * says error and why), or 1 (unavailable and why: not a failure). */
static int measure(const files_opts *o, cm_record_set *recs, const char *backend,
                   const char *variant, cm_op op, const char *cache, step_fn step, job *j,
                   const char *input)
{
    double s[MAX_REPEAT], cpu[2] = {0, 0};
    char why[256] = "";
    int rc = 0;
    cm_record r;
    cm_files_record_init(&r, backend, variant, j->alg, op, j->size, cache, NULL);
    for (int i = 0; i < o->repeat && rc == 0; i++) {
        if (strcmp(cache, "cold") == 0)
            files_drop_caches();
        else
            files_warm_up(input, j->size);
        if (i == 0)
            r.resident_before = files_resident(input, j->size);
        double before[2], after[2];
        cpu_seconds(before);
        uint64_t t0 = cm_now_ns();
        rc = step(j, why, sizeof why);
        s[i] = (double)(cm_now_ns() - t0) / 1e9;
        cpu_seconds(after);
        cpu[0] += after[0] - before[0], cpu[1] += after[1] - before[1];
    }
    cm_error err = {0};
    if (rc == 0 && cm_files_record_measured(&r, s, o->repeat, cpu[0], cpu[1], &err) != 0)
        snprintf(why, sizeof why, "%s", err.msg), rc = -1;
    if (rc != 0) {
        r.status = rc > 0 ? CM_RECORD_UNAVAILABLE : CM_RECORD_ERROR;
        snprintf(r.reason, sizeof r.reason, "%s", why);
    }
    return keep(o, recs, &r) != 0 ? -1 : rc;
}

/* A record of a step ours cannot run (the chosen backend lacks alg, or it
 * is not available here): not a failure. */
static int unavailable(const files_opts *o, cm_record_set *recs, const char *backend,
                       const char *variant, const cm_algorithm *alg, cm_op op, size_t size,
                       const char *cache, const char *why)
{
    cm_record r;
    cm_files_record_init(&r, backend, variant, alg, op, size, cache, why);
    return keep(o, recs, &r) != 0;
}

/* The check of the last record's output: ok, and how it was checked. */
static void set_verified(cm_record_set *recs, int ok, const char *what)
{
    cm_record *last = &recs->items[recs->n - 1];
    last->checked = 1;
    last->verified = ok;
    snprintf(last->verified_how, sizeof last->verified_how, "%s", what);
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
static int hash_file(const files_opts *o, cm_record_set *recs, job *jp, file_paths *p,
                     size_t size, const char *cache)
{
    int failures = 0, m;
    job j = *jp;
    char *data = p->data;
    const char *ours = o->backend->name, *variant;
    char why[256], how[128];
    for (size_t h = 0; h < sizeof hashes / sizeof hashes[0]; h++) {
        j.impl = our_impl(o, hashes[h].alg, &variant, why, sizeof why);
        j.alg = cm_algorithm_find(hashes[h].alg);
        if (!j.impl) {
            failures += unavailable(o, recs, ours, variant, j.alg, CM_OP_DIGEST, size, cache, why);
            continue;
        }
        snprintf(j.in, sizeof j.in, "%s", data);
        snprintf(how, sizeof how, "its digest equals %s:%s's", ours, variant);
        m = measure(o, recs, ours, variant, CM_OP_DIGEST, cache, hash_step, &j, data);
        if (m) {
            failures += m < 0;
            continue;
        }
        char digest[129];
        hex(j.digest, j.alg->out_len, digest);
        /* each tool prints the digest in hex first (openssl dgst with -r) */
        char *tools[2][6] = {{(char *)hashes[h].tool, data, NULL},
                             {"openssl", "dgst", (char *)hashes[h].dgst, "-r", data, NULL}};
        const char *names[] = {hashes[h].tool, "openssl-dgst"};
        for (int t = 0; t < 2; t++) {
            memcpy(j.tool_argv, tools[t], sizeof tools[t]);
            if (measure(o, recs, names[t], "", CM_OP_DIGEST, cache, tool_step, &j, data)) {
                failures++;
                continue;
            }
            int same = strncmp(j.tool_out, digest, strlen(digest)) == 0;
            set_verified(recs, same, how);
            failures += !same;
        }
    }
    return failures;
}

/* openssl enc on the file one way (decrypt: -d), timed into recs; its
 * output out must equal want byte for byte. -1 when the tool failed (a
 * failure), else 1 when the output differs, 0 when it is equal. */
static int enc_tool(const files_opts *o, cm_record_set *recs, job *j, const char *enc_name,
                    int decrypt, const char *in, const char *out, const char *want,
                    const char *how, const char *cache)
{
    char key[65], iv[33];
    int n = 0;
    hex(j->key, j->alg->key_len, key);
    hex(j->iv, 16, iv);
    char **argv = j->tool_argv;
    argv[n++] = "openssl", argv[n++] = "enc";
    if (decrypt)
        argv[n++] = "-d";
    argv[n++] = (char *)enc_name, argv[n++] = "-nopad", argv[n++] = "-K", argv[n++] = key;
    argv[n++] = "-iv", argv[n++] = iv, argv[n++] = "-in", argv[n++] = (char *)in;
    argv[n++] = "-out", argv[n++] = (char *)out, argv[n] = NULL;
    if (measure(o, recs, "openssl-enc", "", decrypt ? CM_OP_DECRYPT : CM_OP_ENCRYPT, cache,
                tool_step, j, in))
        return -1;
    int same = files_same_files(out, want, j->size);
    set_verified(recs, same, how);
    return !same;
}

/* The ciphers of one file: ours both ways, the round trip, then openssl
 * enc's, which must equal ours byte for byte. The number of failures. */
static int cipher_file(const files_opts *o, cm_record_set *recs, job *jp, file_paths *p,
                       size_t size, const char *cache)
{
    int failures = 0, m;
    job j = *jp;
    const char *ours = o->backend->name, *variant;
    const char *round_trip = "the decrypted file equals the original byte for byte";
    char why[256], how[128];
    for (size_t c = 0; c < sizeof ciphers / sizeof ciphers[0]; c++) {
        j.impl = our_impl(o, ciphers[c].alg, &variant, why, sizeof why);
        j.alg = cm_algorithm_find(ciphers[c].alg);
        if (!j.impl) {
            failures += unavailable(o, recs, ours, variant, j.alg, CM_OP_ENCRYPT, size, cache, why);
            failures += unavailable(o, recs, ours, variant, j.alg, CM_OP_DECRYPT, size, cache, why);
            continue;
        }
        getrandom(j.key, sizeof j.key, 0);
        getrandom(j.iv, sizeof j.iv, 0);
        int gcm = ciphers[c].enc == NULL;
        snprintf(j.in, sizeof j.in, "%s", p->data), snprintf(j.out, sizeof j.out, "%s", p->enc);
        if ((m = measure(o, recs, ours, variant, CM_OP_ENCRYPT, cache, gcm ? gcm_seal : cbc_enc,
                         &j, p->data))) {
            failures += m < 0;
            continue;
        }
        snprintf(j.in, sizeof j.in, "%s", p->enc), snprintf(j.out, sizeof j.out, "%s", p->dec);
        if ((m = measure(o, recs, ours, variant, CM_OP_DECRYPT, cache, gcm ? gcm_open : cbc_dec,
                         &j, p->enc))) {
            failures += m < 0;
            continue;
        }
        int back = files_same_files(p->dec, p->data, size);
        set_verified(recs, back, round_trip);
        failures += !back;
        if (gcm)
            continue;
        snprintf(how, sizeof how, "its ciphertext equals %s:%s's byte for byte", ours, variant);
        int bad = enc_tool(o, recs, &j, ciphers[c].enc, 0, p->data, p->tenc, p->enc, how, cache);
        failures += bad != 0;
        if (bad >= 0) /* the tool ran: its decryption of its own ciphertext */
            failures += enc_tool(o, recs, &j, ciphers[c].enc, 1, p->tenc, p->tdec, p->data,
                                 round_trip, cache) != 0;
    }
    memset(&j, 0, sizeof j); /* the key leaves memory with the job */
    return failures;
}

int files_one(const files_opts *o, cm_record_set *recs, int k, size_t size, const char *cache)
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

void files_workload_algs(char *buf, size_t len)
{
    size_t at = 0;
    buf[0] = '\0';
    for (size_t a = 0; a < sizeof hashes / sizeof hashes[0] && at < len; a++)
        at += (size_t)snprintf(buf + at, len - at, "%s ", hashes[a].alg);
    for (size_t a = 0; a < sizeof ciphers / sizeof ciphers[0] && at < len; a++)
        at += (size_t)snprintf(buf + at, len - at, a ? " %s" : "%s", ciphers[a].alg);
}
