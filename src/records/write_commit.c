/*
 * write_commit.c — writing one or more files all-or-nothing (output.h:
 * cm_write_outputs), with a commit journal that rolls an interrupted
 * commit forward.
 *
 * Steps, for outputs P1..Pn (the JSON and the CSV of a run):
 *   1. each text goes to Pi.tmp.PID, written whole and fsync'ed;
 *   2. the journal P1.commit is written (through P1.commit.tmp.PID, fsync,
 *      rename, fsync of the directory): from here on the new set is
 *      committed;
 *   3. each Pi.tmp.PID is renamed over Pi, the directories are fsync'ed;
 *   4. the journal is removed.
 * A kill before step 2 leaves every Pi as it was (its temporary files are
 * removed by the next write, when their process is gone). A kill after it
 * leaves the journal: the next check or write of P1 (cm_output_check,
 * cm_write_outputs) finishes the renames it lists before anything else, so
 * the set becomes the new one whole. The journal is NUL-separated text:
 * "cryptometer-commit-v1", then pairs (temporary, target); a pair is
 * followed only when the temporary is target.tmp.DIGITS and a regular
 * file, so a planted journal can rename nothing but our own temporaries.
 *
 * When a later output cannot be written (a full disk while writing the
 * CSV), no target is touched and the outputs already written are kept
 * beside them as Pi.kept.PID, named in the error: the measurements are not
 * lost and the previous set stays consistent.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "util/input.h"
#include "records/output.h"
#include "util/testhook.h"

#define JOURNAL_MAGIC "cryptometer-commit-v1"
#define JOURNAL_MAX (64 * 1024)
#define MAX_OUTPUTS 8

/* path + suffix (+ "." + pid when pid > 0), malloc'ed. */
static char *derived(const char *path, const char *suffix, long pid)
{
    size_t n = strlen(path) + strlen(suffix) + 24;
    char *p = malloc(n);
    if (p && pid > 0)
        snprintf(p, n, "%s%s.%ld", path, suffix, pid);
    else if (p)
        snprintf(p, n, "%s%s", path, suffix);
    return p;
}

/* fsync of the directory holding path (a rename is durable only then). */
static void sync_dir_of(const char *path)
{
    char *d = strdup(path);
    int fd = d ? open(dirname(d), O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(d);
}

/* Writes len bytes to a new file at tmp, flushed to disk, with the mode of
 * the regular file it will replace at path (0644 for a new one). */
static int write_file(const char *tmp, const char *path, const char *text, size_t len)
{
    struct stat st;
    unlink(tmp); /* ours (pid reused) or planted: O_EXCL never follows a link */
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0)
        return -1;
    if (path && lstat(path, &st) == 0 && S_ISREG(st.st_mode))
        fchmod(fd, st.st_mode & 07777);
    size_t off = 0;
    errno = 0;
    while (off < len) {
        ssize_t w = write(fd, text + off, len - off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            break;
        off += (size_t)w;
    }
    if (cm_test_fail_point("tmp-written")) {
        off = 0;
        errno = ENOSPC;
    }
    if (off < len && errno == 0)
        errno = ENOSPC; /* a short write without an error: the disk is full */
    cm_test_kill_point("tmp-written");
    int ok = off == len && fsync(fd) == 0;
    cm_test_kill_point("fsync");
    int saved = errno;
    ok = close(fd) == 0 && ok;
    if (!ok) {
        unlink(tmp);
        errno = saved;
    }
    return ok ? 0 : -1;
}

/* 1 when tmp is target + ".tmp." + digits and a regular file. */
static int our_temporary(const char *tmp, const char *target)
{
    struct stat st;
    size_t tl = strlen(target);
    if (strncmp(tmp, target, tl) != 0 || strncmp(tmp + tl, ".tmp.", 5) != 0 || !tmp[tl + 5])
        return 0;
    for (const char *c = tmp + tl + 5; *c; c++)
        if (*c < '0' || *c > '9')
            return 0;
    return lstat(tmp, &st) == 0 && S_ISREG(st.st_mode);
}

void cm_outputs_recover(const char *path)
{
    char *journal = derived(path, ".commit", 0), *text = NULL;
    size_t len = 0;
    struct stat st;
    if (!journal || lstat(journal, &st) != 0 || !S_ISREG(st.st_mode) ||
        cm_read_file(journal, JOURNAL_MAX, "commit journal", &text, &len, NULL) != 0) {
        free(journal);
        return;
    }
    size_t off = sizeof JOURNAL_MAGIC;
    if (len >= off && memcmp(text, JOURNAL_MAGIC, off) == 0) {
        while (off < len) {
            const char *tmp = text + off;
            size_t tl = strnlen(tmp, len - off);
            if (off + tl + 1 >= len)
                break;
            const char *target = tmp + tl + 1;
            size_t gl = strnlen(target, len - off - tl - 1);
            if (off + tl + 1 + gl >= len)
                break;
            off += tl + gl + 2;
            if (our_temporary(tmp, target) && rename(tmp, target) == 0) {
                fprintf(stderr, "cryptometer: finished an interrupted write: '%s'\n", target);
                sync_dir_of(target);
            }
        }
    }
    unlink(journal);
    sync_dir_of(journal);
    free(text);
    free(journal);
}

/* Removes the temporary files of earlier writes of path (path.tmp.PID)
 * whose process is gone: a write killed before its commit leaves them. */
static void clean_stale(const char *path)
{
    char *d = strdup(path), *b = strdup(path);
    const char *base = b ? basename(b) : NULL;
    const char *dname = d ? dirname(d) : NULL;
    DIR *dir = dname && base ? opendir(dname) : NULL;
    size_t bl = base ? strlen(base) : 0;
    struct dirent *e;
    while (dir && (e = readdir(dir)) != NULL) {
        const char *p = e->d_name;
        if (strncmp(p, base, bl) != 0 || strncmp(p + bl, ".tmp.", 5) != 0)
            continue;
        char *end;
        errno = 0;
        long pid = strtol(p + bl + 5, &end, 10);
        if (errno || *end || end == p + bl + 5 || pid <= 0 || pid == (long)getpid())
            continue;
        if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue;
        char full[4096];
        if ((size_t)snprintf(full, sizeof full, "%s/%s", dname, p) < sizeof full)
            unlink(full);
    }
    if (dir)
        closedir(dir);
    free(d);
    free(b);
}

/* Writes and commits the journal listing tmp[i] -> outs[i].path. */
static int write_journal(const cm_output *outs, char *const *tmp, size_t n)
{
    size_t len = sizeof JOURNAL_MAGIC;
    for (size_t i = 0; i < n; i++)
        len += strlen(tmp[i]) + strlen(outs[i].path) + 2;
    char *text = malloc(len), *journal = derived(outs[0].path, ".commit", 0),
         *jtmp = derived(outs[0].path, ".commit.tmp", (long)getpid());
    int rc = -1;
    if (text && journal && jtmp) {
        char *w = text;
        memcpy(w, JOURNAL_MAGIC, sizeof JOURNAL_MAGIC);
        w += sizeof JOURNAL_MAGIC;
        for (size_t i = 0; i < n; i++) {
            w = stpcpy(w, tmp[i]) + 1;
            w = stpcpy(w, outs[i].path) + 1;
        }
        rc = write_file(jtmp, NULL, text, len) == 0 && rename(jtmp, journal) == 0 ? 0 : -1;
        if (rc != 0)
            unlink(jtmp);
        else
            sync_dir_of(journal);
    }
    free(text);
    free(journal);
    free(jtmp);
    return rc;
}

/* After a failed write: keeps the outputs already written completely
 * (tmp[i] non-NULL for i < failed) as path.kept.PID, named in *kept. */
static void keep_written(const cm_output *outs, char **tmp, size_t failed, char *kept,
                         size_t kept_len)
{
    kept[0] = '\0';
    for (size_t i = 0; i < failed; i++) {
        char *k = derived(outs[i].path, ".kept", (long)getpid());
        if (k && rename(tmp[i], k) == 0) {
            size_t used = strlen(kept);
            snprintf(kept + used, kept_len - used, "%s'%s'", used ? ", " : "", k);
            free(tmp[i]);
            tmp[i] = NULL;
        }
        free(k);
    }
}

/* Writes outs, every one a file, as one set (the commit above). */
static int write_files(const cm_output *outs, size_t n, cm_error *err)
{
    char *tmp[MAX_OUTPUTS] = {0};
    int rc = 0;
    if (n == 0 || n > MAX_OUTPUTS)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "cannot write %zu outputs at once", n);
    for (size_t i = 0; i < n; i++) {
        cm_outputs_recover(outs[i].path);
        clean_stale(outs[i].path);
    }
    for (size_t i = 0; i < n && rc == 0; i++) {
        tmp[i] = derived(outs[i].path, ".tmp", (long)getpid());
        if (!tmp[i] || write_file(tmp[i], outs[i].path, outs[i].text, outs[i].len) != 0) {
            const char *why = tmp[i] ? strerror(errno) : "out of memory";
            char kept[2048];
            free(tmp[i]);
            tmp[i] = NULL;
            keep_written(outs, tmp, i, kept, sizeof kept);
            rc = cm_error_set(err, CM_EXIT_ENVIRONMENT,
                              "cannot write '%s': %s; %s%s%s", outs[i].path, why,
                              n > 1 ? "the previous files are unchanged" : "the previous file is unchanged",
                              *kept ? "; what was written is kept as " : "", kept);
        }
    }
    if (rc == 0 && n > 1 && write_journal(outs, tmp, n) != 0)
        rc = cm_error_set(err, CM_EXIT_ENVIRONMENT, "cannot write '%s.commit': %s; the "
                          "previous files are unchanged", outs[0].path, strerror(errno));
    if (rc == 0) {
        cm_test_kill_point("journal");
        for (size_t i = 0; i < n; i++) {
            if (rename(tmp[i], outs[i].path) != 0) /* after the journal: roll forward later */
                rc = cm_error_set(err, CM_EXIT_ENVIRONMENT, "cannot write '%s': %s",
                                  outs[i].path, strerror(errno));
            else
                cm_test_kill_point("rename");
        }
        for (size_t i = 0; i < n; i++)
            sync_dir_of(outs[i].path);
        if (rc == 0 && n > 1) {
            char *journal = derived(outs[0].path, ".commit", 0);
            if (journal)
                unlink(journal);
            free(journal);
        }
    } else {
        for (size_t i = 0; i < n; i++)
            if (tmp[i])
                unlink(tmp[i]);
    }
    for (size_t i = 0; i < n; i++)
        free(tmp[i]);
    return rc;
}

int cm_is_stdout(const char *path)
{
    return path && strcmp(path, "-") == 0;
}

int cm_write_outputs(const cm_output *outs, size_t n, cm_error *err)
{
    cm_output files[MAX_OUTPUTS];
    size_t n_files = 0;
    if (n == 0 || n > MAX_OUTPUTS)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "cannot write %zu outputs at once", n);
    for (size_t i = 0; i < n; i++)
        if (!cm_is_stdout(outs[i].path))
            files[n_files++] = outs[i];
    if (n_files && write_files(files, n_files, err) != 0)
        return -1;
    for (size_t i = 0; i < n; i++)
        if (cm_is_stdout(outs[i].path) &&
            (fwrite(outs[i].text, 1, outs[i].len, stdout) != outs[i].len || fflush(stdout) != 0))
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "cannot write to standard output");
    return 0;
}

int cm_write_atomic(const char *path, const char *text, size_t len, cm_error *err)
{
    cm_output out = {path, text, len};
    return cm_write_outputs(&out, 1, err);
}
