/*
 * document.c — the result document's skeleton, the core's own context
 * facts and the checks of an output path (see output.h; the writing itself
 * is write_commit.c).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>
#include <jansson.h>
#include "util/input.h"
#include "util/json.h"
#include "records/output.h"
#include "registry/registry.h"
#include "platform/timer.h"

void cm_utc_now(char *buf, size_t len)
{
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

json_t *cm_document_new(int argc, char **argv)
{
    char now[32];
    json_t *cmd = json_array();
    int rc = cmd ? 0 : -1;
    for (int i = 0; i < argc && !rc; i++)
        rc |= json_array_append_new(cmd, cm_json_string_lossy(argv[i]));
    if (rc) {
        json_decref(cmd);
        return NULL;
    }
    cm_utc_now(now, sizeof now);
    return json_pack("{s:s, s:i, s:{s:s, s:s}, s:o, s:s, s:b, s:b, s:[]}", "schema",
                     "cryptometer-result", "schema_version", CM_SCHEMA_VERSION, "tool", "name",
                     "cryptometer", "version", CM_VERSION, "command", cmd, "started", now,
                     "complete", 1, "interrupted", 0, "results");
}

/* PRETTY_NAME from /etc/os-release, or NULL (read by the reading policy
 * of util/input.h, capped at 64 KiB). */
static json_t *os_pretty_name(void)
{
    char *text, *save = NULL;
    size_t len;
    json_t *name = json_null();
    if (cm_read_file("/etc/os-release", CM_CAP_OS_RELEASE, "file", &text, &len, NULL) != 0)
        return name;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
        if (strncmp(line, "PRETTY_NAME=", 12) == 0) {
            char *v = line + 12;
            if (*v == '"') {
                v++;
                v[strcspn(v, "\"")] = '\0';
            }
            json_decref(name);
            name = cm_json_string_lossy(v);
        }
    free(text);
    return name;
}

/* Every backend: compiled in (with the runtime version) or missing. */
static json_t *libraries(void)
{
    json_t *libs = json_array();
    int rc = libs ? 0 : -1;
    for (size_t i = 0; i < cm_registry_count() && !rc; i++) {
        const cm_backend *b = cm_registry_backend(i);
        const char *v = b->version ? b->version() : NULL;
        json_t *lib = json_pack("{s:s, s:b, s:s?, s:s}", "backend", b->name, "available", 1,
                                "version", v, "description", b->description);
        if (lib && b->describe)
            rc |= cm_json_put(lib, "details", b->describe());
        rc |= json_array_append_new(libs, lib);
    }
    size_t n;
    const cm_backend_missing *m = cm_registry_missing(&n);
    for (size_t i = 0; i < n && !rc; i++)
        rc |= json_array_append_new(libs, json_pack("{s:s, s:b, s:n, s:s, s:s}", "backend",
                                                    m[i].name, "available", 0, "version", "reason",
                                                    m[i].reason, "package", m[i].package));
    return cm_json_checked(libs, rc);
}

json_t *cm_core_context(void)
{
    struct utsname u;
    char host[256] = "";
    cm_cycle_counter cc;
    uname(&u);
    gethostname(host, sizeof host - 1);
    cm_cycle_counter_probe(&cc);
    /* the host name and the kernel's strings are data: any bytes (util/json.h) */
    return json_pack(
        "{s:{s:o, s:o, s:o, s:o, s:o}, s:{s:s, s:s, s:s, s:s}, "
        "s:{s:s, s:I, s:s, s:s, s:{s:s, s:f}}, s:o}",
        "host", "hostname", cm_json_string_lossy(host), "os", os_pretty_name(), "kernel",
        cm_json_string_lossy(u.release), "kernel_version", cm_json_string_lossy(u.version),
        "machine", cm_json_string_lossy(u.machine), "build", "compiler", CM_COMPILER, "c_flags", CM_C_FLAGS,
        "build_type", CM_BUILD_TYPE, "version", CM_VERSION, "timer", "wall", "CLOCK_MONOTONIC",
        "resolution_ns", (json_int_t)cm_clock_resolution_ns(), "cpu_time",
        "CLOCK_THREAD_CPUTIME_ID over the timed runs; split into user and system by getrusage(RUSAGE_THREAD), which counts scheduler ticks", "core_clock",
        "measured: dependent instruction chain before and after each implementation",
        "cycle_counter", "kind", cc.kind, "mhz", cc.mhz, "libraries", libraries());
}

/* Refuses path when it is the same file (device and inode) as one of the
 * inputs; 0 otherwise (also when either does not exist). */
static int same_as_input(const char *path, const char *const *inputs, size_t n_inputs,
                         cm_error *err)
{
    struct stat out, in;
    if (stat(path, &out) != 0)
        return 0;
    for (size_t i = 0; i < n_inputs; i++)
        if (inputs[i] && stat(inputs[i], &in) == 0 && in.st_dev == out.st_dev &&
            in.st_ino == out.st_ino)
            return cm_error_set(err, CM_EXIT_USAGE,
                                "cannot write '%s': it is the input '%s'; give another output path",
                                path, inputs[i]);
    return 0;
}

int cm_output_check(const char *path, const char *const *inputs, size_t n_inputs, int force,
                    cm_error *err)
{
    struct stat st;
    if (!path || !*path)
        return cm_error_set(err, CM_EXIT_USAGE, "an output path is empty");
    if (cm_is_stdout(path))
        return 0;
    cm_outputs_recover(path);
    char *copy = strdup(path);
    if (!copy)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    const char *dir = dirname(copy);
    int exists = lstat(path, &st) == 0;
    int bad = 0;
    if (exists && S_ISDIR(st.st_mode)) {
        bad = cm_error_set(err, CM_EXIT_USAGE, "cannot write '%s': it is a directory", path);
    } else if (exists && !S_ISREG(st.st_mode)) {
        /* the write renames a new file over path: a symlink or a device
         * would be replaced, not written through */
        bad = cm_error_set(err, CM_EXIT_USAGE,
                           "cannot write '%s': not a regular file (a symlink, device, FIFO or "
                           "socket); give the path of a regular file", path);
    } else if (same_as_input(path, inputs, n_inputs, err) != 0) {
        bad = -1;
    } else if (exists && !force &&
               ((st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0 ||
                (geteuid() != 0 && access(path, W_OK) != 0))) {
        bad = cm_error_set(err, CM_EXIT_USAGE,
                           "cannot write '%s': the existing file is read-only; give --force to "
                           "replace it", path);
    } else if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        bad = cm_error_set(err, CM_EXIT_USAGE, "cannot write '%s': directory '%s' does not exist",
                           path, dir);
    } else {
        /* access() says yes to root everywhere, even on /proc: try for real
         * with the temporary file the atomic write will use, then remove it */
        size_t plen = strlen(path) + 32;
        char *probe = malloc(plen);
        snprintf(probe, plen, "%s.tmp.%ld", path, (long)getpid());
        int fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        if (fd < 0)
            bad = cm_error_set(err, CM_EXIT_USAGE, "cannot write '%s': %s", path, strerror(errno));
        else {
            close(fd);
            unlink(probe);
        }
        free(probe);
    }
    free(copy);
    return bad;
}

/* The resolved directory of path and its last component, in buf. */
static void resolved(const char *path, char *buf, size_t len)
{
    char *d = strdup(path), *b = strdup(path);
    char *real = d && b ? realpath(dirname(d), NULL) : NULL;
    snprintf(buf, len, "%s/%s", real ? real : (d ? d : ""), b ? basename(b) : path);
    free(real);
    free(d);
    free(b);
}

int cm_same_path(const char *a, const char *b)
{
    char ra[4096], rb[4096];
    resolved(a, ra, sizeof ra);
    resolved(b, rb, sizeof rb);
    return strcmp(ra, rb) == 0;
}

char *cm_json_text(json_t *doc, size_t *len)
{
    char *text = json_dumps(doc, JSON_INDENT(1) | JSON_REAL_PRECISION(CM_JSON_REAL_DIGITS));
    if (!text)
        return NULL;
    *len = strlen(text);
    char *with_newline = realloc(text, *len + 2);
    if (!with_newline) {
        free(text);
        return NULL;
    }
    with_newline[(*len)++] = '\n';
    with_newline[*len] = '\0';
    return with_newline;
}

int cm_write_json(const char *path, json_t *doc, cm_error *err)
{
    size_t len;
    char *text = cm_json_text(doc, &len);
    if (!text)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "cannot encode the result document");
    int rc = cm_write_atomic(path, text, len, err);
    free(text);
    return rc;
}

int cm_print_json(json_t *doc, cm_error *err)
{
    if (!doc || json_dumpf(doc, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER) != 0 ||
        fputc('\n', stdout) == EOF)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "cannot write the JSON document");
    return 0;
}

int cm_write_json_built(const char *path, json_t *doc, int rc, cm_error *err)
{
    if (!(doc = cm_json_checked(doc, rc)))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "cannot write '%s': out of memory", path);
    rc = cm_write_json(path, doc, err);
    json_decref(doc);
    return rc;
}
