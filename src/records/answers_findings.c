/*
 * answers_findings.c — the findings answer (answers.h): per implementation
 * and algorithm, new failures (failed-kat: exit 1), crashes and timeouts,
 * invalid cases a library accepted (security: the table's `pass!` and
 * `vec!`), and known library findings (check/findings.h,
 * data/library_findings.json), in that order.
 */
#include <stdio.h>
#include <string.h>
#include "records/answers.h"

/* The order of the kinds, most urgent first. */
static const char *const KINDS[] = {"failed-kat", "crash", "timeout", "security", "known-finding"};

/* The kind of r's finding, or NULL when it has none. */
static const char *kind_of(const cm_record *r)
{
    switch (r->status) {
    case CM_RECORD_FAILED_KAT:
        return "failed-kat";
    case CM_RECORD_CRASHED:
        return "crash";
    case CM_RECORD_TIMEOUT:
        return "timeout";
    case CM_RECORD_KNOWN_FINDING:
        return "known-finding";
    default:
        return r->has_kat && r->kat.findings > 0 ? "security" : NULL;
    }
}

/* The first accepted case of a report's list ("wycheproof/x.json tcId 85
 * (invalid, Flag, "comment"): what happened") as "x.json tcId 85 (Flag): what
 * happened". */
static void first_case(const char *cases, char *out, size_t len)
{
    const char *file = strrchr(cases, '/'), *open = strstr(cases, " (");
    const char *flag = open ? strchr(open, ',') : NULL, *then = strstr(cases, "): ");
    size_t nl = strcspn(cases, "\n");
    if (!open || !flag || !then || (size_t)(then - cases) > nl || (file && file > open)) {
        snprintf(out, len, "%.*s", (int)nl, cases);
        return;
    }
    file = file ? file + 1 : cases;
    flag += 1 + strspn(flag + 1, " ");
    snprintf(out, len, "%.*s (%.*s): %.*s", (int)(open - file), file, (int)strcspn(flag, ",)"),
             flag, (int)(nl - (size_t)(then + 3 - cases)), then + 3);
}

/* The first clause of s (up to ';', or the end), at most len - 1 bytes. */
static void first_clause(const char *s, char *out, size_t len)
{
    snprintf(out, len, "%.*s", (int)strcspn(s, ";\n"), s);
}

static void describe(cm_answer_finding *f, const cm_record *r)
{
    char what[400], text[CM_ANSWER_TEXT]; /* built apart from f: its fields are arguments */
    if (strcmp(f->kind, "known-finding") == 0) {
        snprintf(f->id, sizeof f->id, "%s", r->kat.known_id);
        f->security_relevant = r->kat.known_security;
        first_clause(r->kat.known_what, what, sizeof what);
        snprintf(text, sizeof text, "Known finding%s %s: %s (%s; %s).",
                 f->security_relevant ? " (security-relevant)" : "", f->implementation, what,
                 f->id, cm_record_measured(r) ? "measured: its cases are outside what is timed"
                                              : "not measured: its cases are inside what is timed");
    } else if (strcmp(f->kind, "security") == 0) {
        f->security_relevant = 1;
        first_case(r->kat.finding_cases, what, sizeof what);
        snprintf(text, sizeof text, "Security: %s accepted %u invalid case%s (KAT pass!), "
                 "the first: %s.", f->implementation, r->kat.findings,
                 r->kat.findings == 1 ? "" : "s", what);
    } else {
        first_clause(r->reason, what, sizeof what);
        snprintf(text, sizeof text, "%s: %s: %s.",
                 strcmp(f->kind, "failed-kat") == 0 ? "New failure (failed-kat, exit 1)"
                 : strcmp(f->kind, "crash") == 0   ? "Crashed"
                                                   : "Timed out",
                 f->implementation, what[0] ? what : "no reason given");
    }
    memcpy(f->text, text, sizeof text);
}

/* 1 when a finding of the same kind and implementation is already in a. */
static int listed(const cm_answers *a, const char *kind, const char *impl)
{
    for (size_t i = 0; i < a->n_findings; i++)
        if (!strcmp(a->findings[i].kind, kind) && !strcmp(a->findings[i].implementation, impl))
            return 1;
    return 0;
}

void cm_answers_findings(const cm_answers_input *in, cm_answers *a)
{
    for (size_t k = 0; k < sizeof KINDS / sizeof KINDS[0]; k++)
        for (size_t i = 0; i < in->n && a->n_findings < CM_ANSWER_MAX_FINDINGS; i++) {
            const cm_record *r = &in->recs[i];
            const char *kind = kind_of(r);
            char name[CM_ANSWER_NAME], impl[CM_ANSWER_NAME];
            if (!kind || strcmp(kind, KINDS[k]) != 0)
                continue;
            cm_answers_impl_name(r, name, sizeof name);
            snprintf(impl, sizeof impl, "%.60s/%.30s", name, r->alg->name);
            if (listed(a, kind, impl))
                continue;
            cm_answer_finding *f = &a->findings[a->n_findings++];
            snprintf(f->kind, sizeof f->kind, "%s", kind);
            snprintf(f->implementation, sizeof f->implementation, "%s", impl);
            describe(f, r);
        }
}
