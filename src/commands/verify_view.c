/*
 * verify_view.c — what a COVERAGE entry says of one vector file
 * (verify_cov, verify_internal.h), from the file's record and the run:
 * the one form that verify's COVERAGE text and its document's "coverage"
 * are rendered from, and that `show` reads back (verify_doc_json.c).
 */
#include <stdlib.h>
#include <string.h>
#include "commands/verify_internal.h"
#include "util/json.h"

/* The count of t's skipped cases of file f, 0 when t has no report or
 * does not use f; *listed gets how many of them t's report lists. */
static unsigned target_skips(const verify_file *f, const verify_target *t, unsigned *listed)
{
    *listed = 0;
    if (!t->r.have_report || !verify_file_has(&f->info, t->alg))
        return 0;
    return verify_skips_in(f, &t->r.rep, listed);
}

/* A copy of the n bytes at s, scrubbed as the document holds them; NULL
 * when out of memory. */
static char *copy(const char *s, size_t n)
{
    char *c = malloc(n + 1);
    if (c) {
        memcpy(c, s, n);
        c[n] = '\0';
        cm_utf8_scrub(c, n);
    }
    return c;
}

/* The lines of report skipped that name file f (whole lines) into k. 0,
 * or -1 when out of memory. */
static int listed_of(const verify_file *f, const char *skipped, verify_cov_skips *k)
{
    size_t n = strlen(f->name);
    k->listed = calloc(strlen(skipped) / 2 + 1, sizeof *k->listed);
    if (!k->listed)
        return -1;
    for (const char *p = skipped; *p;) {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (strncmp(p, f->name, n) == 0 && p[n] == ' ' &&
            !(k->listed[k->n_listed++] = copy(p, len)))
            return -1;
        p += len + (end ? 1 : 0);
    }
    return 0;
}

/* The skips of f by implementation into c. 0, or -1 when out of memory. */
static int skips_of(const verify_file *f, const verify_run *run, verify_cov *c)
{
    c->skips = calloc(run->n + 1, sizeof *c->skips);
    if (!c->skips)
        return -1;
    for (size_t i = 0; i < run->n; i++) {
        const verify_target *t = &run->targets[i];
        unsigned listed, count = target_skips(f, t, &listed);
        verify_cov_skips *k = &c->skips[c->n_skips];
        if (!count)
            continue;
        c->n_skips++;
        k->cases = count;
        if (!(k->impl = strdup(t->name)) || listed_of(f, t->r.rep.skipped_cases, k) != 0)
            return -1;
    }
    return 0;
}

/* See verify_internal.h. */
int verify_cov_of(const verify_file *f, const verify_run *run, verify_cov *c)
{
    const cm_kat_file_info *in = &f->info;
    memset(c, 0, sizeof *c);
    int rc = (c->file = copy(f->name, strlen(f->name))) ? 0 : -1;
    if (f->error[0])
        return rc || !(c->error = copy(f->error, strlen(f->error))) ? (verify_cov_free(c), -1) : 0;
    c->cases = in->cases + in->cases_left_out;
    c->not_applied = f->not_applied;
    c->skipped = f->skipped;
    c->ran = calloc(in->n_algs + 1, sizeof *c->ran);
    c->ran_cases = calloc(in->n_algs + 1, sizeof *c->ran_cases);
    c->gap_why = calloc(in->n_gaps + 1, sizeof *c->gap_why);
    c->gap_cases = calloc(in->n_gaps + 1, sizeof *c->gap_cases);
    rc |= c->ran && c->ran_cases && c->gap_why && c->gap_cases ? 0 : -1;
    for (size_t k = 0; rc == 0 && k < in->n_algs; k++)
        if (verify_alg_ran(run, in->algs[k])) {
            c->ran_cases[c->n_ran] = in->alg_cases[k];
            rc |= (c->ran[c->n_ran++] = strdup(in->algs[k]->name)) ? 0 : -1;
        }
    for (size_t g = 0; rc == 0 && g < in->n_gaps; g++) {
        c->gap_cases[c->n_gaps] = in->gaps[g].cases;
        rc |= (c->gap_why[c->n_gaps++] = copy(in->gaps[g].why, strlen(in->gaps[g].why))) ? 0 : -1;
    }
    rc |= rc == 0 ? skips_of(f, run, c) : -1;
    if (rc != 0)
        verify_cov_free(c);
    return rc;
}

/* See verify_internal.h. */
void verify_cov_free(verify_cov *c)
{
    for (size_t i = 0; c->ran && i < c->n_ran; i++)
        free(c->ran[i]);
    for (size_t i = 0; c->gap_why && i < c->n_gaps; i++)
        free(c->gap_why[i]);
    for (size_t i = 0; c->skips && i < c->n_skips; i++) {
        for (size_t k = 0; k < c->skips[i].n_listed; k++)
            free(c->skips[i].listed[k]);
        free(c->skips[i].listed);
        free(c->skips[i].impl);
    }
    free(c->file);
    free(c->error);
    free(c->ran);
    free(c->ran_cases);
    free(c->gap_why);
    free(c->gap_cases);
    free(c->skips);
    memset(c, 0, sizeof *c);
}
