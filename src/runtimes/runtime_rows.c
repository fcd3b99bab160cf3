/*
 * runtime_rows.c — a runtime backend's hooks (runtime.h): its rows,
 * version and details from the server's hello (asked once per process),
 * and the child's binding of the proxies to one implementation.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <jansson.h>
#include "registry/hello_rows.h"
#include "registry/helper.h"
#include "registry/registry.h"
#include "runtimes/runtime.h"
#include "util/json.h"

/* The rows of a hello (registry's one reader of it), each with the proxy
 * table of its class: a class the protocol does not carry is lacking. */
static int take_rows(cm_runtime *rt, const json_t *impls)
{
    rt->rows = cm_hello_rows(impls, &rt->n_rows);
    for (size_t i = 0; rt->rows && i < rt->n_rows; i++) {
        cm_impl *row = &rt->rows[i];
        row->vt = cm_runtime_proxy(row->cls);
        if (!row->vt.any && !row->lacking)
            row->lacking = "the runtime child protocol does not carry this class yet";
    }
    return rt->rows ? 0 : -1;
}

/* Without a hello: the rows of its rows.json, each unavailable with why,
 * so that list and run show every cell of the runtime with the reason. */
static void rows_unavailable(cm_runtime *rt)
{
    size_t n = 1, k = 0;
    for (const char *p = rt->row_list; *p; p++)
        n += *p == ',';
    rt->rows = calloc(n, sizeof *rt->rows);
    char *list = strdup(rt->row_list), *save = NULL;
    for (char *item = list && rt->rows ? strtok_r(list, ",", &save) : NULL; item;
         item = strtok_r(NULL, ",", &save)) {
        char *colon = strchr(item, ':');
        const cm_algorithm *alg = colon ? (*colon = '\0', cm_algorithm_find(item)) : NULL;
        if (!alg)
            continue;
        rt->rows[k] = (cm_impl){alg->name, strdup(colon + 1), alg->cls};
        rt->rows[k].vt = cm_runtime_proxy(alg->cls);
        rt->rows[k++].unavailable = rt->why;
    }
    free(list); /* the rows keep their own copies */
    rt->n_rows = k;
}

/* The hello the build asked beside the server (<server>.hello, made after
 * it: cmake/Runtimes.cmake), when it is there and not older than the
 * server; NULL otherwise. Starting three runtimes in every command would
 * cost a second or more. */
static json_t *hello_of_build(const cm_runtime *rt)
{
    char path[PATH_MAX], hello[PATH_MAX + 8], why[512];
    struct stat s, h;
    if (cm_libexec_path(rt->file, path, sizeof path, why, sizeof why) != 0)
        return NULL;
    snprintf(hello, sizeof hello, "%s.hello", path);
    if (stat(path, &s) != 0 || stat(hello, &h) != 0 || h.st_mtime < s.st_mtime)
        return NULL;
    json_t *doc = json_load_file(hello, 0, NULL);
    if (doc && !json_is_true(json_object_get(doc, "ok"))) {
        json_decref(doc);
        doc = NULL;
    }
    return doc;
}

static void ask(cm_runtime *rt)
{
    if (rt->asked)
        return;
    rt->asked = 1;
    json_t *hello = hello_of_build(rt);
    if (!hello && cm_runtime_start(rt->file, rt->why, sizeof rt->why) == 0) {
        hello = cm_runtime_call(json_pack("{s:s}", "op", "hello"), rt->why, sizeof rt->why);
        cm_runtime_stop();
    }
    if (hello && take_rows(rt, json_object_get(hello, "impls")) == 0) {
        rt->ok = 1;
        rt->version = cm_json_strdup(json_object_get(hello, "version"));
        rt->details = json_incref(json_object_get(hello, "details"));
    } else if (!rt->why[0]) {
        snprintf(rt->why, sizeof rt->why, "%s: its server %s sent no hello", rt->name, rt->file);
    }
    if (!rt->ok)
        rows_unavailable(rt);
    json_decref(hello);
}

const cm_impl *cm_runtime_rows(cm_runtime *rt, size_t *n)
{
    ask(rt);
    *n = rt->n_rows;
    return rt->rows;
}

const char *cm_runtime_version(cm_runtime *rt)
{
    ask(rt);
    return rt->version;
}

json_t *cm_runtime_describe(cm_runtime *rt)
{
    ask(rt);
    json_t *d = rt->details ? json_deep_copy(rt->details) : json_object();
    if (d)
        json_object_set_new(d, "server", json_string(rt->file));
    return d;
}

cm_rc cm_runtime_init(cm_runtime *rt, char *why, size_t why_len)
{
    ask(rt);
    if (rt->ok)
        return CM_OK;
    snprintf(why, why_len, "%s", rt->why);
    return CM_ERR_UNSUPPORTED;
}

void cm_runtime_teardown(void)
{
    cm_runtime_stop();
}

int cm_runtime_bind(const cm_backend *b, const cm_impl *impl, char *why, size_t why_len)
{
    cm_runtime_stop();
    if (cm_runtime_start(b->runtime, why, why_len) != 0)
        return -1;
    cm_runtime_serve(b, impl);
    return 0;
}
