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
 * Each algorithm, once checked, becomes its typed view (verify_pairs_view.h:
 * its pairs, the implementations left out and why, the one that disagrees
 * with every other one when the others agree among themselves), printed
 * by verify_pairs_text.c and, with --json, written as a
 * "cryptometer-verify-pairs-v1" document by verify_pairs_json.c.
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
#include "commands/verify_pairs_view.h"
#include "util/json.h"

#ifndef CM_VERSION
#define CM_VERSION "unknown"
#endif

/* One unordered pair of implementations (indices into the algorithm's). */
typedef struct pair {
    size_t a, b;
    int state;                 /* cm_outcome, or VP_HELPER */
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
            p->state = VP_HELPER;
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
    }
    pa->seconds = now_s() - t0;
}

/* ---- the view ------------------------------------------------------------------ */

/* A malloc'ed copy of s, scrubbed as the document holds it; NULL when out of memory. */
static char *scrubbed(const char *s)
{
    char *c = strdup(s);
    if (c)
        cm_utf8_scrub(c, strlen(c));
    return c;
}

/* What pair p says: the cross-check's detail (its "this implementation"
 * is the pair's first, named), or the child's reason (where it crashed,
 * why it was not checked); NULL when out of memory. */
static char *pair_detail(const pair_alg *pa, const pair *p)
{
    static const char self[] = "this implementation";
    const char *d = p->r.have_report && (p->state == CM_OUTCOME_FAILED ||
                                         p->state == CM_OUTCOME_PASSED)
                        ? p->r.rep.cross_detail
                        : p->r.reason;
    char buf[640];
    size_t used = 0;
    buf[0] = '\0';
    for (const char *at; used + 1 < sizeof buf && (at = strstr(d, self)); d = at + sizeof self - 1) {
        int w = snprintf(buf + used, sizeof buf - used, "%.*s%s", (int)(at - d), d, pa->names[p->a]);
        used += w > 0 ? (size_t)w : 0;
    }
    if (used + 1 < sizeof buf)
        snprintf(buf + used, sizeof buf - used, "%s", d);
    return scrubbed(buf);
}

/* 1 if implementation i of v failed (FAIL, crash, timeout, error) in
 * every pair it is in while some pair without it passed: the one that
 * disagrees with the others. */
static int odd_one_out(const vp_alg *v, size_t i)
{
    int others_agree = 0, checked = 0;
    for (size_t k = 0; k < v->n_pairs; k++) {
        const vp_pair *p = &v->pairs[k];
        if (p->state == VP_HELPER) /* not checked: it says nothing either way */
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

/* The helpers and the unavailable implementations of pa into v. 0, or -1
 * when out of memory. */
static int asides_of(const pair_alg *pa, vp_alg *v)
{
    int rc = (v->helpers = calloc(pa->n + 1, sizeof *v->helpers)) &&
                     (v->unavailable = calloc(pa->n_groups + 1, sizeof *v->unavailable))
                 ? 0 : -1;
    for (size_t i = 0; rc == 0 && i < pa->n; i++)
        if (elsewhere(pa->impls[i]->backend)) {
            vp_aside *h = &v->helpers[v->n_helpers++];
            rc |= (h->name = strdup(pa->names[i])) &&
                          (h->why = strdup(elsewhere(pa->impls[i]->backend)))
                      ? 0 : -1;
        }
    for (size_t i = 0; rc == 0 && i < pa->n_groups; i++)
        if (pa->groups[i].alg == pa->alg && !pa->groups[i].available) {
            const cm_group *g = &pa->groups[i];
            vp_aside *u = &v->unavailable[v->n_unavailable++];
            char name[96];
            cm_impl_name(name, sizeof name, g);
            rc |= (u->name = strdup(name)) &&
                          (u->why = scrubbed(g->why[0] ? g->why : "no reason given"))
                      ? 0 : -1;
        }
    return rc;
}

/* pa, checked, into its view v. 0, or -1 when out of memory. */
static int view_of(const pair_alg *pa, vp_alg *v)
{
    v->have_asides = 1;
    v->seconds = pa->seconds;
    int rc = (v->name = strdup(pa->alg->name)) && (v->cls = strdup(cm_class_of(pa->alg)->name)) &&
                     (v->impls = calloc(pa->n + 1, sizeof *v->impls)) &&
                     (v->odd = calloc(pa->n + 1, sizeof *v->odd)) &&
                     (v->pairs = calloc(pa->n_pairs + 1, sizeof *v->pairs))
                 ? 0 : -1;
    for (size_t i = 0; rc == 0 && i < pa->n; i++, v->n++)
        rc |= (v->impls[i] = strdup(pa->names[i])) ? 0 : -1;
    for (size_t k = 0; rc == 0 && k < pa->n_pairs; k++, v->n_pairs++) {
        const pair *p = &pa->pairs[k];
        vp_pair *q = &v->pairs[k];
        q->a = p->a, q->b = p->b, q->state = p->state;
        rc |= (q->detail = pair_detail(pa, p)) ? 0 : -1;
        if (p->state != CM_OUTCOME_PASSED && p->r.where[0])
            rc |= (q->where = scrubbed(p->r.where)) ? 0 : -1;
    }
    for (size_t i = 0; rc == 0 && i < v->n; i++)
        if (odd_one_out(v, i))
            rc |= (v->odd[v->n_odd++] = strdup(v->impls[i])) ? 0 : -1;
    return rc == 0 ? asides_of(pa, v) : -1;
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


/* Checks and prints each algorithm of r (its algs collected into pas),
 * its view filled as it goes. 0, or -1 when out of memory. */
static int check_all(const cm_options *o, pair_alg *pas, vp_result *r, size_t n_algs)
{
    double t0 = now_s();
    for (size_t i = 0; i < n_algs; i++, r->n++) {
        check_pairs(&pas[i], o, &r->complete);
        if (view_of(&pas[i], &r->algs[i]) != 0)
            return -1;
        vp_print_alg(stdout, &r->algs[i], o->quiet);
        fflush(stdout);
    }
    r->seconds = now_s() - t0;
    vp_print_totals(stdout, r);
    fflush(stdout);
    return 0;
}

/* The exit code of r: 130 interrupted, 1 a pair that did not pass, else 0. */
static int exit_of(const vp_result *r)
{
    unsigned c[VP_STATES] = {0};
    for (size_t i = 0; i < r->n; i++)
        vp_alg_count(&r->algs[i], c);
    if (!r->complete)
        return cm_interrupted_exit();
    return c[CM_OUTCOME_FAILED] || c[CM_OUTCOME_CRASHED] || c[CM_OUTCOME_TIMEOUT] ||
                   c[CM_OUTCOME_ERROR]
               ? CM_EXIT_FAILURES
               : CM_EXIT_OK;
}

int verify_pairs(const cm_options *o, const cm_group *groups, size_t n)
{
    cm_error err = {0, ""};
    const cm_algorithm **algs = calloc(n ? n : 1, sizeof *algs);
    size_t n_algs = algs ? distinct_algs(groups, n, algs) : 0, n_pairs = 0;
    pair_alg *pas = calloc(n_algs ? n_algs : 1, sizeof *pas);
    vp_result r = {calloc(n_algs + 1, sizeof *r.algs), 0, 1, 0, NULL, o->timeout_s};
    int code = CM_EXIT_OK, oom = !algs || !pas || !r.algs ||
                                (o->regex && !(r.filter = scrubbed(o->regex)));
    for (size_t i = 0; i < n_algs && !oom; i++) {
        oom = collect(&pas[i], algs[i], groups, n) != 0;
        n_pairs += pas[i].n_pairs;
    }
    if (oom || (n_pairs && check_all(o, pas, &r, n_algs) != 0))
        cm_error_set(&err, CM_EXIT_ENVIRONMENT, "out of memory for the pairs");
    else if (n_pairs == 0)
        cm_error_set(&err, CM_EXIT_ENVIRONMENT, "no algorithm of the selection has two "
                     "available implementations to pair (see `cryptometer list`)");
    if (!err.code) {
        code = exit_of(&r);
        if (o->json_path && verify_write_json(o, vp_result_json(&r), 0, &err) != 0)
            code = cm_command_fail(&cm_cmd_verify, &err);
    } else {
        code = cm_command_fail(&cm_cmd_verify, &err);
    }
    for (size_t i = 0; i < n_algs && pas; i++)
        pair_alg_free(&pas[i]);
    vp_result_free(&r);
    free(pas);
    free(algs);
    return code;
}
