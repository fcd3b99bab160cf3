/*
 * report_findings.c — see report_findings.h.
 */
#include <string.h>
#include "records/report_findings.h"

/* 1 if an earlier record of recs is of the same implementation and
 * algorithm as recs[k] (its findings were printed with that one). */
static int impl_seen(const cm_record *recs, size_t k)
{
    for (size_t i = 0; i < k; i++)
        if (strcmp(recs[i].backend, recs[k].backend) == 0 &&
            strcmp(recs[i].variant, recs[k].variant) == 0 &&
            recs[i].alg == recs[k].alg && recs[i].cluster == recs[k].cluster)
            return 1;
    return 0;
}

/* The first line of a report's list of cases (up to its newline). */
static int first_line_len(const char *s)
{
    return (int)strcspn(s, "\n");
}

void cm_print_findings(FILE *out, const cm_record *recs, size_t n)
{
    int known = 0, accepted = 0;
    for (size_t k = 0; k < n; k++) {
        const cm_record *r = &recs[k];
        if (r->status != CM_RECORD_KNOWN_FINDING || !r->has_kat || impl_seen(recs, k))
            continue;
        if (!known++)
            fprintf(out, "\nKnown library findings (data/library_findings.json; not failures "
                         "unless --strict):\n");
        fprintf(out, "  %s:%s/%s: %s%s, %s; %s\n", r->backend, r->variant, r->alg->name,
                r->kat.known_id, r->kat.known_security ? " (security-relevant)" : "",
                cm_record_measured(r) ? "measured (its cases lie outside the timed parameters)"
                                      : "not measured (its cases lie inside the timed parameters)",
                r->kat.known_what);
    }
    for (size_t k = 0; k < n; k++) {
        const cm_record *r = &recs[k];
        if (!r->has_kat || r->kat.findings == 0 || impl_seen(recs, k))
            continue;
        if (!accepted++)
            fprintf(out, "\nInvalid cases accepted (a finding about the library, security-relevant; "
                         "KAT pass! or vec!):\n");
        fprintf(out, "  %s:%s/%s: %u, the first: %.*s\n", r->backend, r->variant, r->alg->name,
                r->kat.findings, first_line_len(r->kat.finding_cases), r->kat.finding_cases);
    }
}
