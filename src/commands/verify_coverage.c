/*
 * verify_coverage.c — what became of each vector file's cases under
 * `verify` (see verify_internal.h): those run (by algorithm), those that
 * applied to no implementation checked here (by reason), and those an
 * implementation skipped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "registry/registry.h"
#include "commands/verify_internal.h"

/* The implementations of alg in the registry; *available receives how
 * many of them can run here. */
static unsigned in_registry(const cm_algorithm *alg, unsigned *available)
{
    unsigned n = 0;
    *available = 0;
    for (size_t i = 0; i < cm_registry_count(); i++) {
        const cm_backend *b = cm_registry_backend(i);
        size_t nr;
        const cm_impl *rows = cm_backend_impls(b, &nr);
        for (size_t k = 0; k < nr; k++) {
            char why[256];
            if (strcmp(rows[k].algorithm, alg->name) != 0)
                continue;
            n++;
            *available += (unsigned)cm_impl_available(b, &rows[k], why, sizeof why);
        }
    }
    return n;
}

int verify_file_has(const cm_kat_file_info *info, const cm_algorithm *alg)
{
    for (size_t k = 0; k < info->n_algs; k++)
        if (info->algs[k] == alg)
            return 1;
    return 0;
}

/* 1 if target t ran (was neither unavailable nor left out). */
static int target_ran(const verify_target *t)
{
    return t->r.state != CM_OUTCOME_UNAVAILABLE && t->r.state != CM_OUTCOME_NOT_RUN;
}

int verify_alg_ran(const verify_run *run, const cm_algorithm *alg)
{
    for (size_t i = 0; i < run->n; i++)
        if (run->targets[i].alg == alg && target_ran(&run->targets[i]))
            return 1;
    return 0;
}

/* The whole count when the report has the file as its only source, else
 * those it lists with the file's name. */
unsigned verify_skips_in(const verify_file *f, const cm_kat_report *r, unsigned *listed)
{
    size_t n = strlen(f->name);
    unsigned count = 0;
    for (const char *p = r->skipped_cases; *p;) {
        const char *end = strchr(p, '\n');
        if (strncmp(p, f->name, n) == 0 && p[n] == ' ')
            count++;
        p = end ? end + 1 : p + strlen(p);
    }
    *listed = count;
    if (strcmp(r->sources, f->name) == 0 && r->skipped > count)
        count = r->skipped;
    return count;
}

/* Why no implementation checked here ran alg (of which not_run were
 * interrupted), into why. */
static void not_applied_why(char *why, size_t len, const cm_algorithm *alg, unsigned not_run,
                            const cm_options *o)
{
    unsigned available, impls = in_registry(alg, &available);
    if (not_run)
        snprintf(why, len, "%s: not run (interrupted)", alg->name);
    else if (impls == 0)
        snprintf(why, len, "%s: no implementation in this build", alg->name);
    else if (available == 0)
        snprintf(why, len, "%s: no implementation available here (%u unavailable)", alg->name,
                 impls);
    else
        snprintf(why, len, "%s: no available implementation of it matches %s", alg->name,
                 o->algorithms || o->backends ? "the selection" : "--filter");
}

/* Works out f's coverage by the targets of run. */
static void cover(verify_file *f, const verify_run *run)
{
    cm_kat_file_info *in = &f->info;
    f->not_applied = in->cases_left_out;
    for (size_t k = 0; k < in->n_algs; k++) {
        unsigned listed = 0, ran = 0, not_run = 0;
        for (size_t i = 0; i < run->n; i++) {
            const verify_target *t = &run->targets[i];
            if (t->alg != in->algs[k])
                continue;
            listed++;
            not_run += t->r.state == CM_OUTCOME_NOT_RUN;
            ran += target_ran(t);
        }
        f->selected |= listed > 0;
        if (ran) {
            f->run += in->alg_cases[k];
            continue;
        }
        char why[192];
        not_applied_why(why, sizeof why, in->algs[k], not_run, run->o);
        cm_kat_file_add_gap(in, why, in->alg_cases[k]);
        f->not_applied += in->alg_cases[k];
    }
    for (size_t i = 0; i < run->n; i++) {
        const verify_target *t = &run->targets[i];
        unsigned listed;
        if (t->r.have_report && verify_file_has(in, t->alg))
            f->skipped += verify_skips_in(f, &t->r.rep, &listed);
    }
}

size_t verify_collect_files(json_t *doc, const char *path, const cm_kat_file_info *scan,
                            const verify_run *run, verify_file **out)
{
    size_t n_files = doc ? 1 : cm_kat_builtin_count(), kept = 0;
    verify_file *files = calloc(n_files ? n_files : 1, sizeof *files);
    *out = files;
    if (!files)
        return 0;
    for (size_t i = 0; i < n_files; i++) {
        verify_file *f = &files[kept];
        cm_error err = {0, ""};
        memset(f, 0, sizeof *f);
        snprintf(f->name, sizeof f->name, "%s", doc ? path : cm_kat_builtin_name(i));
        if (doc) {
            f->info = *scan;
        } else if (cm_kat_builtin_scan(i, &f->info, &err) != 0) {
            snprintf(f->error, sizeof f->error, "%s", err.msg);
            kept++;
            continue;
        }
        cover(f, run);
        if (f->selected)
            kept++;
    }
    return kept;
}
