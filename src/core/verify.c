/*
 * verify.c — `cryptometer verify` (see verify.h): parses the options, lists
 * the implementations to check (every backend of the registry, filtered by
 * a regular expression on "backend/algorithm"), runs each in a forked child
 * through cm_isolate_run, prints one line each, then the coverage of each
 * vector file (its cases that applied to no implementation checked, by
 * reason, and those an implementation skipped), and writes all of it as
 * JSON. Unavailable implementations and backends not built are listed with
 * their reason, never dropped.
 */
#include <errno.h>
#include <math.h>
#include <regex.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "util/error.h"
#include "core/isolate.h"
#include "core/kat.h"
#include "core/output.h"
#include "core/registry.h"
#include "core/verify.h"

#ifndef CM_VERSION
#define CM_VERSION "unknown"
#endif

#define DEFAULT_TIMEOUT_S 60.0

/* snprintf that may truncate on purpose (messages are bounded). */
static void set_text(char *dst, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void set_text(char *dst, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(dst, n, fmt, ap);
    va_end(ap);
}

/* The cross-check sizes: those `run` measures by default (openssl speed's);
 * the KAT runner adds its odd sizes. */
static const size_t verify_sizes[] = {16, 64, 256, 1024, 8192, 16384};

typedef struct verify_opts {
    const char *wycheproof; /* FILE or NULL (built-in vectors) */
    const char *filter;     /* REGEX or NULL */
    const char *json;       /* FILE or NULL */
    double timeout_s;
    int quiet;
    int help;
} verify_opts;

/* What became of one implementation. */
typedef enum target_state {
    T_NOT_RUN = 0,  /* interrupted before its turn */
    T_PASSED,
    T_FAILED,       /* ran; a check failed (or nothing was checked) */
    T_CRASHED,
    T_TIMEOUT,
    T_ERROR,        /* the child exited without a report, or fork failed */
    T_UNAVAILABLE,
    T_STATE_COUNT
} target_state;

static const char *const state_labels[T_STATE_COUNT] = {
    "NOT RUN", "PASS", "FAIL", "CRASHED", "TIMEOUT", "ERROR", "UNAVAILABLE"};
static const char *const state_names[T_STATE_COUNT] = {
    "not-run", "passed", "failed", "crashed", "timeout", "error", "unavailable"};

typedef struct target {
    const cm_backend *backend;
    const cm_impl *impl;
    const cm_algorithm *alg;
    char name[128];         /* "backend:variant/algorithm" */
    target_state state;
    char reason[256];       /* unavailable, crash or error detail */
    char where[256];        /* the child's last progress message */
    int have_report;
    cm_kat_report rep;
} target;

/* ---- options ---------------------------------------------------------------- */

void cm_verify_usage(FILE *out)
{
    fprintf(out,
            "usage: cryptometer verify [--wycheproof FILE] [--filter REGEX] [--json FILE]\n"
            "                          [--timeout SECONDS] [--quiet]\n"
            "\n"
            "Runs the known-answer vectors and the cross-check against another backend for\n"
            "every implementation of this build, each in a separate process.\n"
            "\n"
            "  --wycheproof FILE  run this Wycheproof JSON file instead of the built-in vectors,\n"
            "                     against every implementation of the algorithms it tests\n"
            "  --filter REGEX     only implementations whose \"backend/algorithm\" matches\n"
            "                     (POSIX extended regular expression)\n"
            "  --json FILE        also write the reports and the coverage of the vector files\n"
            "                     as JSON to FILE\n"
            "  --timeout SECONDS  kill an implementation silent for this long (default %.0f)\n"
            "  --quiet            print only the implementations that did not pass, the vector\n"
            "                     files with cases left out or skipped, and the summary\n"
            "\n"
            "exit status: 0 all passed, 1 some failed, crashed or timed out, 2 usage error,\n"
            "3 FILE unreadable, not JSON, or not a Wycheproof file this build can run\n",
            DEFAULT_TIMEOUT_S);
}

/* Parses argv (argv[0] is the subcommand). Returns 0 or -1 with err. */
static int parse_options(int argc, char **argv, verify_opts *o, cm_error *err)
{
    memset(o, 0, sizeof *o);
    o->timeout_s = DEFAULT_TIMEOUT_S;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *value = NULL;
        static const char *const with_value[] = {"--wycheproof", "--filter", "--json", "--timeout"};
        if (strcmp(arg, "--quiet") == 0 || strcmp(arg, "-q") == 0) {
            o->quiet = 1;
            continue;
        }
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            o->help = 1;
            continue;
        }
        size_t k, n = 0;
        for (k = 0; k < sizeof with_value / sizeof with_value[0]; k++) {
            n = strlen(with_value[k]);
            if (strncmp(arg, with_value[k], n) == 0 && (arg[n] == '\0' || arg[n] == '='))
                break;
        }
        if (k == sizeof with_value / sizeof with_value[0])
            return cm_error_set(err, CM_EXIT_USAGE, "unknown option '%s' (see --help)", arg);
        if (arg[n] == '=')
            value = arg + n + 1;
        else if (i + 1 < argc)
            value = argv[++i];
        else
            return cm_error_set(err, CM_EXIT_USAGE, "%s needs a value", with_value[k]);
        switch (k) {
        case 0: o->wycheproof = value; break;
        case 1: o->filter = value; break;
        case 2: o->json = value; break;
        case 3: {
            char *end;
            errno = 0;
            double t = strtod(value, &end);
            if (end == value || *end || errno || !isfinite(t) || t <= 0)
                return cm_error_set(err, CM_EXIT_USAGE,
                                    "--timeout wants a positive number of seconds, not '%s'", value);
            o->timeout_s = t;
            break;
        }
        }
    }
    return 0;
}

/* ---- the child -------------------------------------------------------------- */

typedef struct child_job {
    const target *t;
    json_t *doc;        /* the Wycheproof document, or NULL for built-ins */
    const char *source; /* its name in messages */
} child_job;

/* A JSON string of s; bytes that are not valid UTF-8 (a message cut in the
 * middle of a character) become '?'. */
static json_t *safe_string(const char *s)
{
    json_t *j = json_string(s);
    if (j)
        return j;
    char *copy = strdup(s);
    if (!copy)
        return NULL;
    for (char *p = copy; *p; p++)
        if ((unsigned char)*p >= 0x80)
            *p = '?';
    j = json_string(copy);
    free(copy);
    return j;
}

/* Progress hook in the child: one message per step, so that the parent
 * knows where a crash or a hang happened. */
static void child_progress(void *ctx, const char *where)
{
    json_t *msg = json_pack("{s:s, s:o}", "type", "progress", "where", safe_string(where));
    if (msg)
        cm_isolate_send(ctx, msg);
}

/* Runs the checks of one implementation and sends the report. */
static int child_main(void *arg, FILE *out)
{
    const child_job *job = arg;
    const target *t = job->t;
    cm_kat_report rep;
    cm_kat_set_progress(child_progress, out);
    if (job->doc) {
        cm_error err = {0, ""};
        cm_kat_report_init(&rep);
        if (cm_kat_wycheproof(job->doc, job->source, t->impl, t->alg, &rep, &err) < 0) {
            cm_isolate_send(out, json_pack("{s:s, s:o}", "type", "error", "reason",
                                           safe_string(err.msg)));
            return 1;
        }
        snprintf(rep.cross_detail, sizeof rep.cross_detail,
                 "not run: --wycheproof checks only the file's vectors");
    } else {
        cm_kat_check(t->impl, t->alg, verify_sizes, sizeof verify_sizes / sizeof verify_sizes[0],
                     &rep);
    }
    cm_kat_set_progress(NULL, NULL);
    json_t *report = cm_kat_report_json(&rep);
    if (!report)
        return 1;
    return cm_isolate_send(out, json_pack("{s:s, s:o}", "type", "report", "report", report)) == 0
               ? 0
               : 1;
}

/* Parent side: keeps the progress, the report or the error of the child. */
static void on_message(void *ctx, json_t *msg)
{
    target *t = ctx;
    const char *type = json_string_value(json_object_get(msg, "type"));
    if (!type)
        return;
    if (strcmp(type, "progress") == 0) {
        const char *where = json_string_value(json_object_get(msg, "where"));
        set_text(t->where, sizeof t->where, "%s", where ? where : "");
    } else if (strcmp(type, "report") == 0) {
        t->have_report = cm_kat_report_from_json(json_object_get(msg, "report"), &t->rep) == 0;
    } else if (strcmp(type, "error") == 0) {
        const char *reason = json_string_value(json_object_get(msg, "reason"));
        set_text(t->reason, sizeof t->reason, "%s", reason ? reason : "");
    }
}

/* Runs target t in a child and sets its state. */
static void run_target(target *t, json_t *doc, const char *source, double timeout_s)
{
    child_job job = {t, doc, source};
    cm_isolate_outcome oc;
    cm_isolate_run(child_main, &job, timeout_s, on_message, t, &oc);
    char where[300] = "";
    if (t->where[0])
        snprintf(where, sizeof where, " during %s", t->where);
    switch (oc.status) {
    case CM_ISOLATE_OK:
        if (!t->have_report) {
            t->state = T_ERROR;
            set_text(t->reason, sizeof t->reason, "the check sent no report");
        } else {
            t->state = cm_kat_report_status(&t->rep) == CM_CHECK_PASSED ? T_PASSED : T_FAILED;
        }
        break;
    case CM_ISOLATE_CRASHED:
        t->state = T_CRASHED;
        set_text(t->reason, sizeof t->reason, "%s%s", oc.detail, where);
        break;
    case CM_ISOLATE_TIMEOUT:
        t->state = T_TIMEOUT;
        set_text(t->reason, sizeof t->reason, "%s%s", oc.detail, where);
        break;
    case CM_ISOLATE_INTERRUPTED:
        t->state = T_NOT_RUN;
        set_text(t->reason, sizeof t->reason, "%s", oc.detail);
        break;
    case CM_ISOLATE_EXITED:
    case CM_ISOLATE_ERROR:
    default: {
        /* The child's own error message, if it sent one, says more than
         * where it was. */
        char earlier[sizeof t->reason];
        memcpy(earlier, t->reason, sizeof earlier);
        t->state = T_ERROR;
        set_text(t->reason, sizeof t->reason, "%s%s%s", oc.detail, earlier[0] ? ": " : "",
                 earlier[0] ? earlier : where);
        break;
    }
    }
}

/* ---- output ---------------------------------------------------------------- */

/* Prints the line of one implementation. */
static void print_target(const target *t)
{
    printf("%-11s %-28s ", state_labels[t->state], t->name);
    if ((t->state != T_PASSED && t->state != T_FAILED) || !t->have_report) {
        printf("%s\n", t->reason);
        return;
    }
    const cm_kat_report *r = &t->rep;
    printf("vectors %u passed, %u failed, %u skipped", r->passed, r->failed, r->skipped);
    if (r->vectors == CM_CHECK_NONE)
        printf(" (none run)");
    if (r->cross == CM_CHECK_PASSED)
        printf("; cross-check vs %s passed", r->cross_peer);
    else if (r->cross == CM_CHECK_FAILED)
        printf("; cross-check vs %s FAILED: %s", r->cross_peer, r->cross_detail);
    else
        printf("; cross-check %s", r->cross_detail);
    if (r->failure[0])
        printf("; first failure: %s", r->failure);
    if (cm_kat_report_status(r) == CM_CHECK_NONE)
        printf("; nothing was checked");
    printf("\n");
}

/* Adds key: value (stolen) to obj; returns -1 on failure. */
static int put(json_t *obj, const char *key, json_t *value)
{
    return value && json_object_set_new(obj, key, value) == 0 ? 0 : -1;
}

/* The JSON document of the run, with coverage (an array, stolen) as its
 * "coverage" (NULL when out of memory). */
static json_t *verify_json(const verify_opts *o, const target *targets, size_t n,
                           const unsigned *counts, int complete, json_t *coverage)
{
    json_t *doc = json_object(), *list = json_array(), *missing = json_array(),
           *summary = json_object();
    int bad = !doc || !list || !missing || !summary || !coverage;
    for (size_t i = 0; i < n && !bad; i++) {
        const target *t = &targets[i];
        json_t *rec = json_object();
        bad |= !rec;
        if (bad)
            break;
        bad |= put(rec, "implementation", json_string(t->name));
        bad |= put(rec, "backend", json_string(t->backend->name));
        bad |= put(rec, "algorithm", json_string(t->alg->name));
        bad |= put(rec, "status", json_string(state_names[t->state]));
        bad |= put(rec, "reason", t->reason[0] ? safe_string(t->reason) : json_null());
        bad |= put(rec, "kat", t->have_report ? cm_kat_report_json(&t->rep) : json_null());
        bad |= json_array_append_new(list, rec) != 0;
    }
    size_t n_missing;
    const cm_backend_missing *m = cm_registry_missing(&n_missing);
    for (size_t i = 0; i < n_missing && !bad; i++) {
        json_t *rec = json_pack("{s:s, s:s, s:s}", "backend", m[i].name, "reason", m[i].reason,
                                "package", m[i].package);
        bad |= !rec || json_array_append_new(missing, rec) != 0;
    }
    for (int s = 0; s < T_STATE_COUNT && !bad; s++)
        bad |= put(summary, state_names[s], json_integer(counts[s]));
    if (!bad) {
        bad |= put(summary, "not-built", json_integer((json_int_t)n_missing));
        bad |= put(doc, "format", json_string("cryptometer-verify-v1"));
        bad |= put(doc, "cryptometer_version", json_string(CM_VERSION));
        bad |= put(doc, "vectors", o->wycheproof ? safe_string(o->wycheproof) : json_string("built-in"));
        bad |= put(doc, "filter", o->filter ? safe_string(o->filter) : json_null());
        bad |= put(doc, "timeout_s", json_real(o->timeout_s));
        bad |= put(doc, "complete", json_boolean(complete));
        bad |= put(doc, "implementations", list);
        list = NULL;
        bad |= put(doc, "backends_not_built", missing);
        missing = NULL;
        bad |= put(doc, "summary", summary);
        summary = NULL;
        bad |= put(doc, "coverage", coverage);
        coverage = NULL;
    }
    json_decref(coverage);
    json_decref(list);
    json_decref(missing);
    json_decref(summary);
    if (bad) {
        json_decref(doc);
        return NULL;
    }
    return doc;
}

/* Writes doc to path atomically (cm_write_atomic: a temporary file in the
 * same directory, fsync, rename). Returns 0 or -1 with err. */
static int write_json(json_t *doc, const char *path, cm_error *err)
{
    char *text = json_dumps(doc, JSON_INDENT(2) | JSON_ENSURE_ASCII);
    if (!text)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "cannot write '%s': out of memory", path);
    size_t len = strlen(text);
    char *with_newline = realloc(text, len + 2);
    if (!with_newline) {
        free(text);
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "cannot write '%s': out of memory", path);
    }
    with_newline[len++] = '\n';
    with_newline[len] = '\0';
    int rc = cm_write_atomic(path, with_newline, len, err);
    free(with_newline);
    return rc;
}

/* ---- coverage of the vector files ---------------------------------------------- */

/* What became of the cases of one vector file. */
typedef struct file_cov {
    char name[256];          /* as reports name it: "wycheproof/aes_gcm_test.json" or the path */
    char error[256];         /* why it could not be scanned ("" if it was) */
    cm_kat_file_info info;   /* info.gaps also gets the algorithms no implementation ran */
    unsigned run;            /* cases of the algorithms some implementation ran */
    unsigned not_applied;    /* the others: info.cases_left_out and those of the
                                algorithms no implementation ran */
    unsigned skipped;        /* cases skipped, summed over the implementations */
    int selected;            /* some target is of one of its algorithms */
} file_cov;

/* The implementations of alg in the registry; *available receives how
 * many of them can run here. */
static unsigned in_registry(const cm_algorithm *alg, unsigned *available)
{
    unsigned n = 0;
    *available = 0;
    for (size_t i = 0; i < cm_registry_count(); i++) {
        const cm_backend *b = cm_registry_backend(i);
        for (size_t k = 0; k < b->n_impls; k++) {
            char why[256];
            if (strcmp(b->impls[k].algorithm, alg->name) != 0)
                continue;
            n++;
            *available += (unsigned)cm_impl_available(b, &b->impls[k], why, sizeof why);
        }
    }
    return n;
}

/* 1 if alg is one of info's algorithms. */
static int file_has(const cm_kat_file_info *info, const cm_algorithm *alg)
{
    for (size_t k = 0; k < info->n_algs; k++)
        if (info->algs[k] == alg)
            return 1;
    return 0;
}

/* Number of the report's skipped cases that belong to file fc: the whole
 * count when the report has that file as its only source, else those it
 * lists with the file's name. *listed receives how many of them it lists. */
static unsigned skips_in(const file_cov *fc, const cm_kat_report *r, unsigned *listed)
{
    size_t n = strlen(fc->name);
    unsigned count = 0;
    *listed = 0;
    for (const char *p = r->skipped_cases; *p;) {
        const char *end = strchr(p, '\n');
        if (strncmp(p, fc->name, n) == 0 && p[n] == ' ')
            count++;
        p = end ? end + 1 : p + strlen(p);
    }
    *listed = count;
    if (strcmp(r->sources, fc->name) == 0 && r->skipped > count)
        count = r->skipped;
    return count;
}

/* Works out fc's coverage by the targets. */
static void cover(file_cov *fc, const target *targets, size_t n)
{
    cm_kat_file_info *in = &fc->info;
    fc->not_applied = in->cases_left_out;
    for (size_t k = 0; k < in->n_algs; k++) {
        const cm_algorithm *alg = in->algs[k];
        unsigned listed = 0, ran = 0, not_run = 0, available;
        for (size_t i = 0; i < n; i++) {
            if (targets[i].alg != alg)
                continue;
            listed++;
            if (targets[i].state == T_NOT_RUN)
                not_run++;
            else if (targets[i].state != T_UNAVAILABLE)
                ran++;
        }
        if (listed)
            fc->selected = 1;
        if (ran) {
            fc->run += in->alg_cases[k];
            continue;
        }
        char why[192];
        unsigned impls = in_registry(alg, &available);
        if (not_run)
            set_text(why, sizeof why, "%s: not run (interrupted)", alg->name);
        else if (impls == 0)
            set_text(why, sizeof why, "%s: no implementation in this build", alg->name);
        else if (available == 0)
            set_text(why, sizeof why, "%s: no implementation available here (%u unavailable)",
                     alg->name, impls);
        else
            set_text(why, sizeof why, "%s: no available implementation of it matches --filter",
                     alg->name);
        cm_kat_file_add_gap(in, why, in->alg_cases[k]);
        fc->not_applied += in->alg_cases[k];
    }
    for (size_t i = 0; i < n; i++) {
        unsigned listed;
        if (targets[i].have_report && file_has(in, targets[i].alg))
            fc->skipped += skips_in(fc, &targets[i].rep, &listed);
    }
}

/* The files whose coverage is reported: the Wycheproof file (doc, already
 * scanned into *scan) or every built-in file that serves a target. Returns
 * their number, *out (caller frees) NULL when out of memory. */
static size_t collect_files(json_t *doc, const char *path, const cm_kat_file_info *scan,
                            const target *targets, size_t n, file_cov **out)
{
    size_t n_files = doc ? 1 : cm_kat_builtin_count(), kept = 0;
    file_cov *files = calloc(n_files ? n_files : 1, sizeof *files);
    *out = files;
    if (!files)
        return 0;
    for (size_t i = 0; i < n_files; i++) {
        file_cov *fc = &files[kept];
        cm_error err = {0, ""};
        memset(fc, 0, sizeof *fc);
        if (doc) {
            set_text(fc->name, sizeof fc->name, "%s", path);
            fc->info = *scan;
        } else {
            set_text(fc->name, sizeof fc->name, "%s", cm_kat_builtin_name(i));
            if (cm_kat_builtin_scan(i, &fc->info, &err) != 0) {
                set_text(fc->error, sizeof fc->error, "%s", err.msg);
                kept++;
                continue;
            }
        }
        cover(fc, targets, n);
        if (fc->selected)
            kept++;
    }
    return kept;
}

/* Prints what fc says: one line, then one per reason cases applied to
 * nothing and one per implementation that skipped cases. */
static void print_coverage(const file_cov *fc, const target *targets, size_t n)
{
    const cm_kat_file_info *in = &fc->info;
    printf("%-11s %-28s ", "COVERAGE", fc->name);
    if (fc->error[0]) {
        printf("cannot scan: %s\n", fc->error);
        return;
    }
    printf("%u cases: %u run", in->cases + in->cases_left_out, fc->run);
    const char *sep = " (";
    for (size_t k = 0; k < in->n_algs; k++) {
        int ran = 0;
        for (size_t i = 0; i < n && !ran; i++)
            ran = targets[i].alg == in->algs[k] && targets[i].state != T_UNAVAILABLE &&
                  targets[i].state != T_NOT_RUN;
        if (ran) {
            printf("%s%s %u", sep, in->algs[k]->name, in->alg_cases[k]);
            sep = ", ";
        }
    }
    printf("%s", sep[0] == ',' ? ")" : "");
    if (fc->not_applied)
        printf(", %u applied to no implementation checked here", fc->not_applied);
    if (fc->skipped)
        printf(", %u skipped", fc->skipped);
    printf("\n");
    for (size_t g = 0; g < in->n_gaps; g++)
        printf("%-11s - not applied: %u case%s: %s\n", "", in->gaps[g].cases,
               in->gaps[g].cases == 1 ? "" : "s", in->gaps[g].why);
    for (size_t i = 0; i < n; i++) {
        const target *t = &targets[i];
        unsigned listed, count;
        if (!t->have_report || !file_has(in, t->alg) || !(count = skips_in(fc, &t->rep, &listed)))
            continue;
        size_t len = strlen(fc->name);
        for (const char *p = t->rep.skipped_cases; *p;) {
            const char *end = strchr(p, '\n');
            int w = end ? (int)(end - p) : (int)strlen(p);
            if (strncmp(p, fc->name, len) == 0 && p[len] == ' ') /* the file is named above */
                printf("%-11s - skipped by %s: %.*s\n", "", t->name, w - (int)len - 1,
                       p + len + 1);
            p += w + (end ? 1 : 0);
        }
        if (count > listed)
            printf("%-11s - skipped by %s: %u more case%s (not listed)\n", "", t->name,
                   count - listed, count - listed == 1 ? "" : "s");
    }
}

/* fc as JSON: {"file", "cases", "run": {"algorithm": cases, ...},
 * "not_applied": {"cases", "by_reason": [{"reason", "cases"}]},
 * "skipped": {"cases", "by_implementation": [{"implementation", "cases",
 * "listed": [...]}]}} or {"file", "error"}. NULL when out of memory. */
static json_t *coverage_json(const file_cov *fc, const target *targets, size_t n)
{
    const cm_kat_file_info *in = &fc->info;
    json_t *j = json_object(), *run = NULL, *reasons = NULL, *by_impl = NULL;
    int bad = !j || put(j, "file", safe_string(fc->name));
    if (fc->error[0]) {
        bad = bad || put(j, "error", safe_string(fc->error));
        goto done;
    }
    run = json_object();
    reasons = json_array();
    by_impl = json_array();
    bad = bad || put(j, "cases", json_integer(in->cases + in->cases_left_out));
    bad = put(j, "run", run) || bad;
    bad = put(j, "not_applied", json_pack("{s:I, s:o}", "cases", (json_int_t)fc->not_applied,
                                           "by_reason", reasons)) || bad;
    bad = put(j, "skipped", json_pack("{s:I, s:o}", "cases", (json_int_t)fc->skipped,
                                       "by_implementation", by_impl)) || bad;
    if (bad)
        goto done;
    for (size_t k = 0; k < in->n_algs && !bad; k++)
        for (size_t i = 0; i < n; i++)
            if (targets[i].alg == in->algs[k] && targets[i].state != T_UNAVAILABLE &&
                targets[i].state != T_NOT_RUN) {
                bad = put(run, in->algs[k]->name, json_integer(in->alg_cases[k]));
                break;
            }
    for (size_t g = 0; g < in->n_gaps && !bad; g++)
        bad = json_array_append_new(reasons, json_pack("{s:o, s:I}", "reason",
                                                       safe_string(in->gaps[g].why), "cases",
                                                       (json_int_t)in->gaps[g].cases)) != 0;
    for (size_t i = 0; i < n && !bad; i++) {
        const target *t = &targets[i];
        unsigned listed, count;
        if (!t->have_report || !file_has(in, t->alg) || !(count = skips_in(fc, &t->rep, &listed)))
            continue;
        json_t *list = json_array();
        size_t len = strlen(fc->name);
        bad = !list;
        for (const char *p = t->rep.skipped_cases; *p && !bad;) {
            const char *end = strchr(p, '\n');
            size_t w = end ? (size_t)(end - p) : strlen(p);
            if (strncmp(p, fc->name, len) == 0 && p[len] == ' ') {
                char *line = strndup(p, w);
                bad = !line || json_array_append_new(list, safe_string(line)) != 0;
                free(line);
            }
            p += w + (end ? 1 : 0);
        }
        if (bad) {
            json_decref(list);
            break;
        }
        bad = json_array_append_new(by_impl, json_pack("{s:s, s:I, s:o}", "implementation",
                                                       t->name, "cases", (json_int_t)count,
                                                       "listed", list)) != 0;
    }
done:
    if (bad) {
        json_decref(j);
        return NULL;
    }
    return j;
}

/* ---- the command ---------------------------------------------------------------- */

/* Reads the whole file at path into a new NUL-terminated buffer (*len
 * bytes, caller frees). Returns NULL with err (code CM_EXIT_ENVIRONMENT)
 * when it cannot be opened or read. */
static char *read_file(const char *path, size_t *len, cm_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n - 1, f);
        if (ferror(f) || feof(f))
            break;
        char *grown = realloc(buf, cap * 2);
        if (!grown) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = grown;
        cap *= 2;
    }
    int read_errno = errno;
    if (!buf) {
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: out of memory reading it", path);
    } else if (ferror(f)) {
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: cannot read: %s", path, strerror(read_errno));
        free(buf);
        buf = NULL;
    } else {
        buf[n] = '\0';
        *len = n;
    }
    fclose(f);
    return buf;
}

/* Reads and checks the Wycheproof file; returns the document or NULL with
 * err (code CM_EXIT_ENVIRONMENT). */
static json_t *load_wycheproof(const char *path, cm_kat_file_info *scan, cm_error *err)
{
    size_t len = 0;
    char *text = read_file(path, &len, err);
    if (!text)
        return NULL;
    json_error_t jerr;
    json_t *doc = json_loadb(text, len, 0, &jerr);
    free(text);
    if (!doc) {
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: not valid JSON: line %d, column %d: %s", path,
                     jerr.line, jerr.column, jerr.text);
        return NULL;
    }
    if (cm_kat_wycheproof_scan(doc, path, scan, err) != 0) {
        json_decref(doc);
        return NULL;
    }
    if (scan->n_algs == 0) {
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: nothing this build can run: %s", path,
                     scan->groups_left_out ? scan->left_out_why : "the file has no test groups");
        json_decref(doc);
        return NULL;
    }
    return doc;
}

/* 1 if alg is one of the scan's algorithms (or there is no scan). */
static int applies(const cm_kat_file_info *scan, const cm_algorithm *alg)
{
    if (!scan)
        return 1;
    for (size_t i = 0; i < scan->n_algs; i++)
        if (scan->algs[i] == alg)
            return 1;
    return 0;
}

/* Lists the implementations to check into *out (caller frees); returns
 * their number. Algorithms the table lacks are reported as unavailable. */
static size_t collect_targets(const regex_t *re, const cm_kat_file_info *scan,
                              target **out, size_t *n_known)
{
    size_t cap = 0, n = 0;
    *out = NULL;
    *n_known = 0;
    for (size_t i = 0; i < cm_registry_count(); i++) {
        const cm_backend *b = cm_registry_backend(i);
        for (size_t k = 0; k < b->n_impls; k++) {
            const cm_impl *impl = &b->impls[k];
            const cm_algorithm *alg = cm_algorithm_find(impl->algorithm);
            if (alg && !applies(scan, alg))
                continue;
            if (!alg && scan)
                continue;
            (*n_known)++;
            char name[128];
            set_text(name, sizeof name, "%s:%s/%s", b->name, impl->variant, impl->algorithm);
            if (re && regexec(re, name, 0, NULL, 0) != 0)
                continue;
            if (n == cap) {
                cap = cap ? 2 * cap : 32;
                target *grown = realloc(*out, cap * sizeof **out);
                if (!grown)
                    return n;
                *out = grown;
            }
            target *t = &(*out)[n++];
            memset(t, 0, sizeof *t);
            t->backend = b;
            t->impl = impl;
            t->alg = alg;
            set_text(t->name, sizeof t->name, "%s", name);
            if (!alg) {
                t->state = T_UNAVAILABLE;
                set_text(t->reason, sizeof t->reason, "algorithm \"%s\" is not in this build's table",
                         impl->algorithm);
            } else if (!cm_impl_available(b, impl, t->reason, sizeof t->reason)) {
                t->state = T_UNAVAILABLE;
                if (!t->reason[0])
                    set_text(t->reason, sizeof t->reason, "not available here (no reason given)");
            }
        }
    }
    return n;
}

/* Prints "cryptometer verify: error: ..." and returns the error's code. */
static int fail_with(const cm_error *err)
{
    fprintf(stderr, "cryptometer verify: error: %s\n", err->msg);
    return err->code;
}

/* See verify.h. */
int cm_verify_main(int argc, char **argv)
{
    verify_opts o;
    cm_error err = {0, ""};
    if (parse_options(argc, argv, &o, &err) != 0)
        return fail_with(&err);
    if (o.help) {
        cm_verify_usage(stdout);
        return CM_EXIT_OK;
    }
    regex_t re;
    int have_re = 0;
    if (o.filter) {
        int rc = regcomp(&re, o.filter, REG_EXTENDED | REG_NOSUB);
        if (rc != 0) {
            char msg[128];
            regerror(rc, &re, msg, sizeof msg);
            cm_error_set(&err, CM_EXIT_USAGE, "bad --filter '%s': %s", o.filter, msg);
            return fail_with(&err);
        }
        have_re = 1;
    }
    /* An unwritable --json is a usage error found before anything runs. */
    if (o.json && cm_output_check(o.json, &err) != 0) {
        if (have_re)
            regfree(&re);
        return fail_with(&err);
    }

    cm_catch_interrupt();
    cm_kat_file_info scan;
    json_t *doc = NULL;
    if (o.wycheproof && !(doc = load_wycheproof(o.wycheproof, &scan, &err))) {
        if (have_re)
            regfree(&re);
        return fail_with(&err);
    }

    target *targets;
    size_t n_known;
    size_t n = collect_targets(have_re ? &re : NULL, doc ? &scan : NULL, &targets, &n_known);
    if (have_re)
        regfree(&re);
    int code = CM_EXIT_OK;
    if (n == 0) {
        if (doc && n_known == 0) {
            char names[160] = "";
            for (size_t i = 0, used = 0; i < scan.n_algs && used < sizeof names; i++) {
                int w = snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "",
                                 scan.algs[i]->name);
                used += w > 0 ? (size_t)w : 0;
            }
            cm_error_set(&err, CM_EXIT_ENVIRONMENT, "%s: tests %s, which no backend of this "
                         "build implements", o.wycheproof, names);
        } else if (o.filter) {
            cm_error_set(&err, CM_EXIT_USAGE, "no implementation%s matches --filter '%s'",
                         doc ? " of the file's algorithms" : "", o.filter);
        } else {
            cm_error_set(&err, CM_EXIT_ENVIRONMENT, "no implementation in this build");
        }
        json_decref(doc);
        free(targets);
        return fail_with(&err);
    }

    unsigned counts[T_STATE_COUNT] = {0};
    int complete = 1;
    size_t n_runnable = 0;
    for (size_t i = 0; i < n; i++) {
        target *t = &targets[i];
        if (t->state != T_UNAVAILABLE) {
            n_runnable++;
            if (!complete || cm_interrupted) {
                complete = 0;
                set_text(t->reason, sizeof t->reason, "interrupted before its turn");
            } else {
                run_target(t, doc, o.wycheproof, o.timeout_s);
                if (t->state == T_NOT_RUN)
                    complete = 0;
            }
        }
        counts[t->state]++;
        int problem = t->state != T_PASSED && t->state != T_UNAVAILABLE;
        if (!o.quiet || problem)
            print_target(t);
    }
    size_t n_missing;
    const cm_backend_missing *missing = cm_registry_missing(&n_missing);
    if (!o.quiet)
        for (size_t i = 0; i < n_missing; i++)
            printf("%-11s %-28s %s (install %s)\n", "NOT BUILT", missing[i].name,
                   missing[i].reason, missing[i].package);
    /* What the vector files held that nothing here ran, and what was
     * skipped (--quiet: only the files with either). */
    file_cov *files;
    size_t n_files = collect_files(doc, o.wycheproof, doc ? &scan : NULL, targets, n, &files);
    for (size_t i = 0; i < n_files; i++)
        if (!o.quiet || files[i].error[0] || files[i].not_applied || files[i].skipped)
            print_coverage(&files[i], targets, n);
    printf("verify: %u passed, %u failed, %u crashed, %u timed out, %u errors, %u unavailable, "
           "%zu backends not built%s\n", counts[T_PASSED], counts[T_FAILED], counts[T_CRASHED],
           counts[T_TIMEOUT], counts[T_ERROR], counts[T_UNAVAILABLE], n_missing,
           complete ? "" : " (interrupted)");
    fflush(stdout);

    if (counts[T_FAILED] || counts[T_CRASHED] || counts[T_TIMEOUT] || counts[T_ERROR])
        code = CM_EXIT_FAILURES;
    if (!complete)
        code = CM_EXIT_INTERRUPTED;
    if (o.json) {
        json_t *coverage = files ? json_array() : NULL;
        for (size_t i = 0; i < n_files && coverage; i++)
            if (json_array_append_new(coverage, coverage_json(&files[i], targets, n)) != 0) {
                json_decref(coverage);
                coverage = NULL;
            }
        json_t *out = verify_json(&o, targets, n, counts, complete, coverage);
        if (!out) {
            cm_error_set(&err, CM_EXIT_ENVIRONMENT, "cannot write '%s': out of memory", o.json);
            code = fail_with(&err);
        } else {
            if (write_json(out, o.json, &err) != 0)
                code = fail_with(&err);
            json_decref(out);
        }
    }
    free(files);
    if (code == CM_EXIT_OK && doc && n_runnable == 0) {
        cm_error_set(&err, CM_EXIT_ENVIRONMENT, "%s: every implementation it applies to is "
                     "unavailable here (listed above)", o.wycheproof);
        code = fail_with(&err);
    }
    json_decref(doc);
    free(targets);
    return code;
}
