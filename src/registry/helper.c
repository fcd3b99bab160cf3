/*
 * helper.c — the parent's side of a helper backend (helper.h): finding the
 * helper executable, exec'ing it in a forked child, and the hello that
 * lists its rows.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>
#include "registry/helper.h"
#include "registry/hello_rows.h"
#include "util/isolate.h"
#include "registry/registry.h"
#include "util/json.h"

#ifndef CM_LIBEXEC_DIR
#define CM_LIBEXEC_DIR "libexec/cryptometer" /* relative to the install prefix */
#endif

int cm_libexec_path(const char *file, char *path, size_t len, char *why, size_t why_len)
{
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) {
        snprintf(why, why_len, "cannot find this program's directory (/proc/self/exe: %s)",
                 strerror(errno));
        return -1;
    }
    self[n] = '\0';
    char *slash = strrchr(self, '/');
    *slash = '\0';
    snprintf(path, len, "%s/%s", self, file);
    if (access(path, X_OK) == 0)
        return 0;
    char *up = strrchr(self, '/');
    if (up) {
        *up = '\0';
        snprintf(path, len, "%s/%s/%s", self, CM_LIBEXEC_DIR, file);
        if (access(path, X_OK) == 0)
            return 0;
    }
    snprintf(why, why_len, "%s is neither beside this program nor in ../%s", file,
             CM_LIBEXEC_DIR);
    return -1;
}

/* The helper file (cm_libexec_path); 0, or -1 with why and how to build it. */
static int helper_path(const char *file, char *path, size_t len, char *why, size_t why_len)
{
    if (cm_libexec_path(file, path, len, why, why_len) == 0)
        return 0;
    snprintf(why, why_len, "its helper %s is neither beside this program nor in ../%s "
             "(build it with -DCRYPTOMETER_OPENSSL_PREFIXES, docs/generations.md)", file,
             CM_LIBEXEC_DIR);
    return -1;
}

static void send_unavailable(FILE *out, const char *reason)
{
    cm_isolate_send(out, json_pack("{s:s, s:o}", "type", "unavailable", "reason",
                                   cm_json_string_lossy(reason)));
}

void cm_helper_exec(const cm_backend *b, json_t *job, FILE *out)
{
    char path[PATH_MAX + 64], why[512];
    char *text = job ? json_dumps(job, JSON_COMPACT) : NULL;
    json_decref(job);
    if (!text) {
        send_unavailable(out, "out of memory writing the helper's job");
        _exit(0);
    }
    if (helper_path(b->helper, path, sizeof path, why, sizeof why) != 0) {
        char reason[600];
        snprintf(reason, sizeof reason, "%s: %s", b->name, why);
        send_unavailable(out, reason);
        _exit(0);
    }
    fflush(out);
    if (dup2(fileno(out), STDOUT_FILENO) < 0) {
        send_unavailable(out, "cannot hand the pipe to the helper (dup2 failed)");
        _exit(0);
    }
    char *argv[] = {path, "__child", text, NULL};
    execv(path, argv);
    snprintf(why, sizeof why, "%s: cannot run its helper %s: %s", b->name, path, strerror(errno));
    send_unavailable(stdout, why);
    _exit(0);
}

json_t *cm_helper_job(const char *mode, const cm_group *g, const size_t *sizes, size_t n_sizes)
{
    json_t *ops = json_array(), *sz = json_array();
    int rc = ops && sz ? 0 : -1;
    for (int k = 0; k < g->n_ops && !rc; k++)
        rc |= json_array_append_new(ops, json_string(cm_op_name(g->ops[k])));
    for (size_t i = 0; i < n_sizes && !rc; i++)
        rc |= json_array_append_new(sz, json_integer((json_int_t)sizes[i]));
    if (rc) {
        json_decref(ops);
        json_decref(sz);
        return NULL;
    }
    return json_pack("{s:s, s:s, s:s, s:s, s:o, s:o}", "mode", mode, "backend", g->backend->name,
                     "variant", g->impl->variant, "algorithm", g->alg->name, "ops", ops, "sizes",
                     sz);
}

/* ---- the hello ------------------------------------------------------------------ */

typedef struct hello_arg {
    const cm_backend *b;
} hello_arg;

static int hello_child(void *arg, FILE *out)
{
    cm_helper_exec(((hello_arg *)arg)->b, json_pack("{s:s}", "mode", "hello"), out);
    return 0;
}

typedef struct hello_reply {
    json_t *hello;
    char unavailable[512];
} hello_reply;

static void on_hello(void *ctx, json_t *msg)
{
    hello_reply *r = ctx;
    const char *type = json_string_value(json_object_get(msg, "type"));
    if (type && strcmp(type, "hello") == 0 && !r->hello)
        r->hello = json_incref(msg);
    else if (type && strcmp(type, "unavailable") == 0)
        snprintf(r->unavailable, sizeof r->unavailable, "%s",
                 json_string_value(json_object_get(msg, "reason")));
}

/* Without a hello: the rows of the in-process backend the helper is a
 * build of (h->like), each unavailable with why, so that a run or a list
 * still shows every cell of the generation with the reason. */
static void rows_like(cm_helper_backend *h)
{
    const cm_backend *like = cm_registry_find_backend(h->like);
    size_t n = 0;
    const cm_impl *rows = like ? cm_backend_impls(like, &n) : NULL;
    h->rows = calloc(n ? n : 1, sizeof *h->rows);
    for (size_t i = 0; h->rows && i < n; i++) {
        h->rows[i] = (cm_impl){rows[i].algorithm, rows[i].variant, rows[i].cls};
        h->rows[i].unavailable = h->why;
    }
    h->n_rows = h->rows ? n : 0;
}

/* Asks the helper once: its rows, version and details, or why not. */
static void ask(cm_helper_backend *h, const cm_backend *b)
{
    hello_reply r = {0};
    cm_isolate_outcome oc;
    hello_arg arg = {b};
    if (h->asked)
        return;
    h->asked = 1;
    cm_isolate_run(hello_child, &arg, 20.0, on_hello, &r, &oc);
    if (r.hello && (h->rows = cm_hello_rows(json_object_get(r.hello, "impls"), &h->n_rows))) {
        h->ok = 1;
        h->version = cm_json_strdup(json_object_get(r.hello, "version"));
        h->details = json_incref(json_object_get(r.hello, "details"));
    } else if (r.unavailable[0]) {
        snprintf(h->why, sizeof h->why, "%s", r.unavailable);
    } else {
        snprintf(h->why, sizeof h->why, "%s: its helper %s did not answer: %s", h->name, h->file,
                 oc.detail[0] ? oc.detail : "no hello");
    }
    if (!h->ok)
        rows_like(h);
    json_decref(r.hello);
}

/* The cm_backend of h: generations.c defines both from one line. */
static const cm_backend *backend_of(const cm_helper_backend *h)
{
    return cm_registry_find_backend(h->name);
}

const cm_impl *cm_helper_rows(cm_helper_backend *h, size_t *n)
{
    ask(h, backend_of(h));
    *n = h->n_rows;
    return h->rows;
}

const char *cm_helper_version(cm_helper_backend *h)
{
    ask(h, backend_of(h));
    return h->version;
}

json_t *cm_helper_describe(cm_helper_backend *h)
{
    ask(h, backend_of(h));
    json_t *d = h->details ? json_deep_copy(h->details) : json_object();
    if (d)
        json_object_set_new(d, "helper", json_pack("{s:s, s:s}", "file", h->file, "prefix",
                                                    h->prefix));
    return d;
}

cm_rc cm_helper_init(cm_helper_backend *h, char *why, size_t why_len)
{
    ask(h, backend_of(h));
    if (h->ok)
        return CM_OK;
    snprintf(why, why_len, "%s", h->why);
    return CM_ERR_UNSUPPORTED;
}
