/*
 * tcrypt.c — `tcrypt`'s run (tcrypt.h): the module file found (or given),
 * loaded with finit_module once per mode (it measures during its init and
 * then fails it with EAGAIN so that it never stays loaded), and the lines
 * it logged read back from /dev/kmsg, from the end the log had before.
 */
#define _GNU_SOURCE
#include "run/tcrypt.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

#ifndef MODULE_INIT_COMPRESSED_FILE
#define MODULE_INIT_COMPRESSED_FILE 4
#endif

/* What it asks tcrypt for: AES in its modes (cbc(aes) among them), SHA-256. */
static const char *const modes[] = {"mode=200 sec=1", "mode=300 alg=sha256 sec=1"};

/* The running kernel's tcrypt module file into out; 0, or -1. */
static int find_module(const char *release, char *out, size_t len)
{
    static const char *const ext[] = {"", ".xz", ".zst", ".gz"};
    for (size_t i = 0; i < sizeof ext / sizeof *ext; i++) {
        snprintf(out, len, "/lib/modules/%s/kernel/crypto/tcrypt.ko%s", release, ext[i]);
        if (access(out, R_OK) == 0)
            return 0;
    }
    return -1;
}

/* Writes the records of /dev/kmsg (fd, non-blocking) to m as lines, with
 * the kernel's \xNN escapes undone. 0, or -1 when m failed. */
static int read_kmsg(int fd, FILE *m)
{
    char rec[8192], msg[8192];
    for (;;) {
        ssize_t k = read(fd, rec, sizeof rec - 1);
        if (k < 0 && errno == EPIPE)
            continue;  /* records were overwritten: go on with the next */
        if (k <= 0)
            return 0;
        rec[k] = '\0';
        char *p = strchr(rec, ';'), *o = msg;
        if (!p)
            continue;
        for (p++; *p && *p != '\n' && o < msg + sizeof msg - 2; p++) {
            unsigned c;
            if (p[0] == '\\' && p[1] == 'x' && sscanf(p + 2, "%2x", &c) == 1) {
                *o++ = (char)c;
                p += 3;
            } else {
                *o++ = *p;
            }
        }
        *o++ = '\n';
        *o = '\0';
        if (fputs(msg, m) < 0)
            return -1;
    }
}

/* Loads the module at path with params; 0 when tcrypt ran (EAGAIN: it
 * measured, then refused to stay), else errno's text into why. */
static int load(const char *path, const char *params, char *why, size_t len)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(why, len, "cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    size_t l = strlen(path);
    int compressed = l > 3 && (strcmp(path + l - 3, ".xz") == 0 || strcmp(path + l - 3, ".gz") == 0 ||
                               (l > 4 && strcmp(path + l - 4, ".zst") == 0));
    long rc = syscall(SYS_finit_module, fd, params, compressed ? MODULE_INIT_COMPRESSED_FILE : 0);
    int e = errno;
    close(fd);
    if (rc != 0 && e == EAGAIN)
        return 0;
    snprintf(why, len, rc == 0 ? "tcrypt stayed loaded after %s (not the kernel's speed test?)"
                               : "loading tcrypt (%s) failed: %s", params, rc == 0 ? "" : strerror(e));
    return -1;
}

/* See tcrypt.h. */
int cm_tcrypt_run(const char *module, cm_tcrypt_result *r, cm_error *err)
{
    struct utsname u;
    memset(r, 0, sizeof *r);
    if (uname(&u) == 0)
        snprintf(r->kernel, sizeof r->kernel, "%s", u.release);
    if (geteuid() != 0) {
        snprintf(r->unavailable, sizeof r->unavailable, "needs root (it loads the tcrypt module)");
        return 0;
    }
    if (module)
        snprintf(r->module, sizeof r->module, "%s", module);
    else if (find_module(r->kernel, r->module, sizeof r->module) != 0) {
        snprintf(r->unavailable, sizeof r->unavailable, "no tcrypt module under /lib/modules/%s "
                 "(CONFIG_CRYPTO_TEST)", r->kernel);
        return 0;
    }
    int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0 || lseek(fd, 0, SEEK_END) < 0) {
        snprintf(r->unavailable, sizeof r->unavailable, "cannot read the kernel log (/dev/kmsg): %s",
                 strerror(errno));
        if (fd >= 0)
            close(fd);
        return 0;
    }
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    int rc = m ? 0 : -1;
    for (size_t i = 0; i < sizeof modes / sizeof *modes && !r->unavailable[0] && rc == 0; i++)
        if (load(r->module, modes[i], r->unavailable, sizeof r->unavailable) == 0)
            rc = read_kmsg(fd, m);
    close(fd);
    if (m && fclose(m) != 0)
        rc = -1;
    if (rc == 0 && text && (r->n = cm_tcrypt_parse(text, &r->rows)) < 0)
        rc = -1;
    free(text);
    if (rc != 0)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    if (!r->unavailable[0] && r->n == 0)
        snprintf(r->unavailable, sizeof r->unavailable, "tcrypt ran but logged no speed line");
    return 0;
}
