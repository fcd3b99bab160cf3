/*
 * verify_pairs.c — `cryptometer verify --pairs` (docs/cli.md, "verify
 * --pairs"; docs/methodology.md, "Every pair of libraries"): for each
 * algorithm of the selection, the cross-check of kat.h (cm_kat_crosscheck)
 * between every unordered pair of its available implementations, each pair
 * in its own child (isolate.h), so that a library that crashes becomes
 * that pair's "crashed" cell and the run goes on. The cross-check is the
 * one every implementation already runs against its one peer: the same
 * random inputs and byte-for-byte comparison for the symmetric classes;
 * for signature and pke one key pair per side, each side accepting what
 * the other produced and refusing it with a bit flipped; for kex and kem
 * the secrets of both sides. One call checks a pair both ways.
 *
 * Printed per algorithm: a matrix (rows and columns the implementations,
 * each cell the pair's outcome), one line per pair that did not pass, and
 * the implementation that disagrees with every other one when the others
 * agree among themselves (a finding about that library). --json writes the
 * same as a "cryptometer-verify-pairs-v1" document, one record per pair.
 * Implementations of a backend run by a helper executable (generations,
 * backend.h .helper) have no table in this process, and a language
 * runtime's server (.runtime) serves one implementation per child: their
 * pairs are listed as not checked, never as passed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <jansson.h>
#include "model/class.h"
#include "model/kat_case.h"
#include "records/output.h"
#include "commands/verify_internal.h"
#include "util/json.h"

#ifndef CM_VERSION
#define CM_VERSION "unknown"
#endif

/* A pair's outcome beyond those of a child (cm_outcome): a helper's. */
#define PAIR_HELPER CM_OUTCOME_COUNT
#define PAIR_STATES (CM_OUTCOME_COUNT + 1)

/* What a cell shows for each outcome. */
static const char *const cell_labels[PAIR_STATES] = {
    "notrun", "ok", "FAIL", "crashed", "timeout", "error", "n/a", "helper"};

/* A record's status: verify's names of the outcomes, and a helper's. */
static const char *pair_status(int state)
{
    return state == PAIR_HELPER ? "not-checked" : verify_state_names[state];
}

/* One unordered pair of implementations (indices into the algorithm's). */
typedef struct pair {
    size_t a, b;
    int state;                 /* cm_outcome, or PAIR_HELPER */
    cm_check_result r;
} pair;

/* One algorithm's implementations and pairs. */
typedef struct pair_alg {
    const cm_algorithm *alg;
    const cm_group *groups;    /* the whole plan, for the unavailable ones */
    size_t n_groups;
    const cm_group **impls;    /* the available ones, in plan order */
    char (*names)[96];         /* "backend:variant" of each */
    size_t n;
    pair *pairs;               /* n * (n - 1) / 2, (0,1), (0,2), ..., (1,2), ... */
    size_t n_pairs;
    unsigned counts[PAIR_STATES];
    double seconds;            /* the time its pairs took */
} pair_alg;

/* What one child checks. */
typedef struct pair_job {
    const cm_group *a, *b;
    const char *b_name;
    const size_t *sizes;
    size_t n_sizes;
} pair_job;

/* ---- child side ----------------------------------------------------------------- */

/* The KAT runner's progress hook: ctx is the child's pipe. */
static void pair_progress(void *ctx, const char *where)
{
    cm_child_progress(ctx, where);
}

/* A cm_isolate_child_fn: both backends ready in this process, then the
 * cross-check of a against b, sent as a "kat" message (child.h). */
static int pair_child(void *arg, FILE *out)
{
    const pair_job *j = arg;
    const cm_backend *ba = j->a->backend, *bb = j->b->backend;
    if (cm_child_ready(ba, out) && (bb == ba || cm_child_ready(bb, out))) {
        cm_kat_report rep;
        cm_kat_report_init(&rep);
        cm_kat_set_progress(pair_progress, out);
        int ok = cm_kat_crosscheck(j->a->impl, j->a->alg, j->b->impl, j->b_name, j->sizes,
                                   j->n_sizes, &rep);
        cm_kat_set_progress(NULL, NULL);
        cm_isolate_send(out, json_pack("{s:s, s:b, s:o}", "type", "kat", "ok", ok, "report",
                                       cm_kat_report_json(&rep)));
    }
    if (ba->teardown)
        ba->teardown();
    if (bb != ba && bb->teardown)
        bb->teardown();
    return 0;
}

/* ---- the checks ------------------------------------------------------------------- */

/* 1 if alg's class has a cross-check between two implementations. */
static int pairable(const cm_algorithm *alg)
{
    const cm_class_module *m = cm_class_of(alg);
    return m->cross_one && !m->no_peer;
}

/* Fills pa with the available implementations of alg among groups and
 * their pairs. 0, or -1 when out of memory. */
static int collect(pair_alg *pa, const cm_algorithm *alg, const cm_group *groups, size_t n)
{
    memset(pa, 0, sizeof *pa);
    pa->alg = alg;
    pa->groups = groups;
    pa->n_groups = n;
    pa->impls = calloc(n ? n : 1, sizeof *pa->impls);
    pa->names = calloc(n ? n : 1, sizeof *pa->names);
    if (!pa->impls || !pa->names)
        return -1;
    for (size_t i = 0; i < n; i++)
        if (groups[i].alg == alg && groups[i].available) {
            cm_impl_name(pa->names[pa->n], sizeof pa->names[pa->n], &groups[i]);
            pa->impls[pa->n++] = &groups[i];
        }
    pa->n_pairs = pa->n * (pa->n ? pa->n - 1 : 0) / 2;
    if (!(pa->pairs = calloc(pa->n_pairs ? pa->n_pairs : 1, sizeof *pa->pairs)))
        return -1;
    for (size_t a = 0, k = 0; a < pa->n; a++)
        for (size_t b = a + 1; b < pa->n; b++, k++)
            pa->pairs[k].a = a, pa->pairs[k].b = b;
    return 0;
}

static void pair_alg_free(pair_alg *pa)
{
    free(pa->impls);
    free(pa->names);
    free(pa->pairs);
}

/* A monotonic clock in seconds. */
static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Where b's implementations run when not in this process (a helper
 * process: a generation's executable or a runtime's server, which serves
 * one implementation per child), or NULL. */
static const char *elsewhere(const cm_backend *b)
{
    return b->helper    ? "a helper process"
           : b->runtime ? "a helper process (its runtime's server, one implementation per child)"
                        : NULL;
}

/* Checks every pair of pa, each in a child (helpers' pairs are not run).
 * *complete becomes 0 once interrupted. */
static void check_pairs(pair_alg *pa, const cm_options *o, int *complete)
{
    double t0 = now_s();
    for (size_t k = 0; k < pa->n_pairs; k++) {
        pair *p = &pa->pairs[k];
        const cm_group *a = pa->impls[p->a], *b = pa->impls[p->b];
        if (elsewhere(a->backend) || elsewhere(b->backend)) {
            int in_a = elsewhere(a->backend) != NULL;
            p->state = PAIR_HELPER;
            snprintf(p->r.reason, sizeof p->r.reason, "not checked: %s runs in %s",
                     pa->names[in_a ? p->a : p->b], elsewhere(in_a ? a->backend : b->backend));
        } else if (!*complete || cm_interrupted) {
            *complete = 0;
            p->state = CM_OUTCOME_NOT_RUN;
            snprintf(p->r.reason, sizeof p->r.reason, "interrupted before its turn");
        } else {
            pair_job job = {a, b, pa->names[p->b], o->sizes, (size_t)o->n_sizes};
            cm_isolate_outcome oc;
            cm_isolate_run(pair_child, &job, o->timeout_s, cm_check_receive, &p->r, &oc);
            cm_check_conclude(&p->r, &oc);
            p->state = (int)p->r.state;
            *complete &= p->state != CM_OUTCOME_NOT_RUN;
        }
        pa->counts[p->state]++;
    }
    pa->seconds = now_s() - t0;
}

/* ---- output ------------------------------------------------------------------------- */

/* The pair of implementations i and j (i != j) of pa. */
static const pair *pair_of(const pair_alg *pa, size_t i, size_t j)
{
    size_t a = i < j ? i : j, b = i < j ? j : i;
    /* pairs of a come after those of 0..a-1: a * n - a * (a + 1) / 2 */
    return &pa->pairs[a * pa->n - a * (a + 1) / 2 + (b - a - 1)];
}

/* What pair p says, into buf: the cross-check's detail (its "this
 * implementation" is the pair's first, named), or the child's reason
 * (where it crashed, why it was not checked). */
static const char *pair_detail(const pair_alg *pa, const pair *p, char *buf, size_t len)
{
    static const char self[] = "this implementation";
    const char *d = p->r.have_report && (p->state == CM_OUTCOME_FAILED ||
                                         p->state == CM_OUTCOME_PASSED)
                        ? p->r.rep.cross_detail
                        : p->r.reason;
    size_t used = 0;
    buf[0] = '\0';
    for (const char *at; used + 1 < len && (at = strstr(d, self)); d = at + sizeof self - 1) {
        int w = snprintf(buf + used, len - used, "%.*s%s", (int)(at - d), d, pa->names[p->a]);
        used += w > 0 ? (size_t)w : 0;
    }
    if (used + 1 < len)
        snprintf(buf + used, len - used, "%s", d);
    return buf;
}

/* 1 if implementation i of pa failed (FAIL, crash, timeout, error) in
 * every pair it is in while some pair without it passed: the one that
 * disagrees with the others. */
static int odd_one_out(const pair_alg *pa, size_t i)
{
    int others_agree = 0, checked = 0;
    for (size_t k = 0; k < pa->n_pairs; k++) {
        const pair *p = &pa->pairs[k];
        if (p->state == PAIR_HELPER) /* not checked: it says nothing either way */
            continue;
        int bad = p->state >= CM_OUTCOME_FAILED && p->state <= CM_OUTCOME_ERROR;
        int mine = p->a == i || p->b == i;
        if (mine && !bad)
            return 0;
        checked |= mine;
        others_agree |= !mine && p->state == CM_OUTCOME_PASSED;
    }
    return checked && others_agree;
}

/* Prints pa's matrix, its failures and the implementation that disagrees
 * with every other. */
static void print_matrix(const pair_alg *pa)
{
    printf("  %-32s", "");
    for (size_t j = 0; j < pa->n; j++)
        printf(" %7zu", j + 1);
    printf("\n");
    for (size_t i = 0; i < pa->n; i++) {
        printf("  %2zu %-29.29s", i + 1, pa->names[i]);
        for (size_t j = 0; j < pa->n; j++)
            printf(" %7s", i == j ? "-" : cell_labels[pair_of(pa, i, j)->state]);
        printf("\n");
    }
    for (size_t k = 0; k < pa->n_pairs; k++) {
        const pair *p = &pa->pairs[k];
        char detail[640];
        if (p->state != CM_OUTCOME_PASSED && p->state != PAIR_HELPER)
            printf("  %-7s %s: %s and %s: %s\n", cell_labels[p->state], pa->alg->name,
                   pa->names[p->a], pa->names[p->b],
                   pair_detail(pa, p, detail, sizeof detail));
    }
    for (size_t i = 0; i < pa->n; i++)
        if (elsewhere(pa->impls[i]->backend))
            printf("  helper  %s runs in %s: its pairs are not checked (verify checks it "
                   "against its one peer)\n", pa->names[i], elsewhere(pa->impls[i]->backend));
    for (size_t i = 0; i < pa->n; i++)
        if (odd_one_out(pa, i))
            printf("  FINDING about %s: it disagrees with every other implementation of %s, "
                   "which agree among themselves\n", pa->names[i], pa->alg->name);
}

/* Prints pa: the header with the counts, the matrix, the implementations
 * left out as unavailable (--quiet: only when some pair did not pass). */
static void print_alg(const pair_alg *pa, int quiet)
{
    const unsigned *c = pa->counts;
    unsigned bad = c[CM_OUTCOME_FAILED] + c[CM_OUTCOME_CRASHED] + c[CM_OUTCOME_TIMEOUT] +
                   c[CM_OUTCOME_ERROR];
    if (quiet && !bad && !c[CM_OUTCOME_NOT_RUN])
        return;
    printf("PAIRS %s (%s): %zu implementations, %zu pairs: %u ok, %u FAIL, %u crashed, "
           "%u timed out, %u errors, %u unavailable, %u not checked (helper) in %.1f s%s\n",
           pa->alg->name, cm_class_of(pa->alg)->name, pa->n, pa->n_pairs, c[CM_OUTCOME_PASSED],
           c[CM_OUTCOME_FAILED], c[CM_OUTCOME_CRASHED], c[CM_OUTCOME_TIMEOUT],
           c[CM_OUTCOME_ERROR], c[CM_OUTCOME_UNAVAILABLE], c[PAIR_HELPER], pa->seconds,
           c[CM_OUTCOME_NOT_RUN] ? " (interrupted)" : "");
    if (pa->n < 2)
        printf("  %s%s available here: no pair to check\n", pa->n ? "only " : "no implementation",
               pa->n ? pa->names[0] : "");
    else
        print_matrix(pa);
    for (size_t i = 0; i < pa->n_groups; i++)
        if (pa->groups[i].alg == pa->alg && !pa->groups[i].available) {
            char name[96];
            cm_impl_name(name, sizeof name, &pa->groups[i]);
            printf("  not in the matrix: %s is unavailable here (%s)\n", name,
                   pa->groups[i].why[0] ? pa->groups[i].why : "no reason given");
        }
}

/* pa as one object of the document's "algorithms" (NULL when out of memory). */
static json_t *alg_json(const pair_alg *pa)
{
    json_t *o = json_object(), *impls = json_array(), *pairs = json_array(), *odd = json_array();
    int rc = 0;
    for (size_t i = 0; i < pa->n && impls && odd; i++) {
        rc |= json_array_append_new(impls, json_string(pa->names[i]));
        if (odd_one_out(pa, i))
            rc |= json_array_append_new(odd, json_string(pa->names[i]));
    }
    for (size_t k = 0; k < pa->n_pairs && pairs; k++) {
        const pair *p = &pa->pairs[k];
        char detail[640];
        const char *where = p->state != CM_OUTCOME_PASSED && p->r.where[0] ? p->r.where : NULL;
        rc |= json_array_append_new(
            pairs, json_pack("{s:s, s:s, s:s, s:o, s:o}", "a", pa->names[p->a], "b",
                             pa->names[p->b], "status", pair_status(p->state), "detail",
                             cm_json_string_lossy(pair_detail(pa, p, detail, sizeof detail)),
                             "where", where ? cm_json_string_lossy(where) : json_null()));
    }
    rc |= cm_json_put(o, "algorithm", json_string(pa->alg->name));
    rc |= cm_json_put(o, "class", json_string(cm_class_of(pa->alg)->name));
    rc |= cm_json_put(o, "seconds", json_real(pa->seconds));
    rc |= cm_json_put(o, "implementations", impls);
    rc |= cm_json_put(o, "pairs", pairs);
    rc |= cm_json_put(o, "disagrees_with_all_others", odd);
    return cm_json_checked(o, rc);
}

/* Writes the "cryptometer-verify-pairs-v1" document of algs to o->json_path. */
static int write_document(const cm_options *o, const pair_alg *algs, size_t n_algs,
                          const unsigned *totals, int complete, double seconds, cm_error *err)
{
    json_t *doc = json_object(), *list = json_array(), *summary = json_object();
    int rc = cm_json_put(doc, "format", json_string("cryptometer-verify-pairs-v1"));
    rc |= cm_json_put(doc, "cryptometer_version", json_string(CM_VERSION));
    rc |= cm_json_put(doc, "filter", o->regex ? cm_json_string_lossy(o->regex) : json_null());
    rc |= cm_json_put(doc, "timeout_s", json_real(o->timeout_s));
    rc |= cm_json_put(doc, "complete", json_boolean(complete));
    rc |= cm_json_put(doc, "seconds", json_real(seconds));
    for (size_t i = 0; i < n_algs && list; i++)
        rc |= json_array_append_new(list, alg_json(&algs[i]));
    for (int s = 0; s < PAIR_STATES && summary; s++)
        rc |= cm_json_put(summary, pair_status(s), json_integer(totals[s]));
    rc |= cm_json_put(doc, "algorithms", list);
    rc |= cm_json_put(doc, "summary", summary);
    return verify_write_json(o, doc, rc, err);
}

/* ---- the command ------------------------------------------------------------------- */

/* The distinct algorithms of groups whose class pairs, in plan order, into
 * algs (caller frees); their number. */
static size_t distinct_algs(const cm_group *groups, size_t n, const cm_algorithm **algs)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        size_t j = 0;
        while (j < k && algs[j] != groups[i].alg)
            j++;
        if (j == k && pairable(groups[i].alg))
            algs[k++] = groups[i].alg;
    }
    return k;
}


int verify_pairs(const cm_options *o, const cm_group *groups, size_t n)
{
    cm_error err_ = {0, ""}, *err = &err_;
    const cm_algorithm **algs = calloc(n ? n : 1, sizeof *algs);
    size_t n_algs = algs ? distinct_algs(groups, n, algs) : 0, n_pairs = 0;
    pair_alg *pas = calloc(n_algs ? n_algs : 1, sizeof *pas);
    unsigned totals[PAIR_STATES] = {0};
    int complete = 1, code = CM_EXIT_OK, oom = !algs || !pas;
    double t0 = now_s();
    for (size_t i = 0; i < n_algs && !oom; i++) {
        oom = collect(&pas[i], algs[i], groups, n) != 0;
        n_pairs += pas[i].n_pairs;
    }
    if (oom)
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory for the pairs");
    else if (n_pairs == 0)
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "no algorithm of the selection has two "
                     "available implementations to pair (see `cryptometer list`)");
    if (err->code)
        code = err->code;
    for (size_t i = 0; i < n_algs && code == CM_EXIT_OK; i++) {
        check_pairs(&pas[i], o, &complete);
        print_alg(&pas[i], o->quiet);
        fflush(stdout);
        for (int s = 0; s < PAIR_STATES; s++)
            totals[s] += pas[i].counts[s];
    }
    double seconds = now_s() - t0;
    if (code == CM_EXIT_OK) {
        printf("verify --pairs: %zu algorithms, %zu pairs: %u ok, %u FAIL, %u crashed, "
               "%u timed out, %u errors, %u unavailable, %u not checked (helper) in %.1f s%s\n",
               n_algs, n_pairs, totals[CM_OUTCOME_PASSED], totals[CM_OUTCOME_FAILED],
               totals[CM_OUTCOME_CRASHED], totals[CM_OUTCOME_TIMEOUT], totals[CM_OUTCOME_ERROR],
               totals[CM_OUTCOME_UNAVAILABLE], totals[PAIR_HELPER], seconds,
               complete ? "" : " (interrupted)");
        fflush(stdout);
        if (totals[CM_OUTCOME_FAILED] || totals[CM_OUTCOME_CRASHED] ||
            totals[CM_OUTCOME_TIMEOUT] || totals[CM_OUTCOME_ERROR])
            code = CM_EXIT_FAILURES;
        if (!complete)
            code = cm_interrupted_exit();
        if (o->json_path &&
            write_document(o, pas, n_algs, totals, complete, seconds, err) != 0)
            code = cm_command_fail(&cm_cmd_verify, err);
    } else {
        cm_command_fail(&cm_cmd_verify, err);
    }
    for (size_t i = 0; i < n_algs && pas; i++)
        pair_alg_free(&pas[i]);
    free(pas);
    free(algs);
    return code;
}
