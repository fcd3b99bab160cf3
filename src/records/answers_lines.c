/*
 * answers_lines.c — the Answers block as printed (answers.h): a title, then
 * trust, findings, acceleration (the kernel's drivers among them), a dmcrypt
 * document's ciphers and the fastest per operation, each answer
 * wrapped to 100 columns, the whole at most CM_ANSWER_MAX_LINES lines (what
 * does not fit is counted on the last line and stays in the JSON). Fastest
 * answers are packed one algorithm to a line: `op winner>runner-up margin
 * [95% interval]`, `~` between the two where no winner is clear.
 */
#include <stdio.h>
#include <string.h>
#include "records/answers.h"

#define INDENT "  "
#define CONTINUED "    "

/* Room left, keeping one line for the "not shown" count. */
static size_t room(const cm_answers *a)
{
    return a->n_lines + 1 < CM_ANSWER_MAX_LINES ? CM_ANSWER_MAX_LINES - 1 - a->n_lines : 0;
}

/* Appends text wrapped at word boundaries in at most max lines (the first
 * after INDENT, the rest after CONTINUED); what does not fit ends in "...".
 * 1 when anything was added. */
static int wrap(cm_answers *a, const char *text, size_t max)
{
    size_t used = 0;
    const char *p = text;
    while (*p && used < max && room(a)) {
        const char *lead = used ? CONTINUED : INDENT;
        size_t width = CM_TEXT_COLUMNS - strlen(lead), n = strlen(p);
        int last = used + 1 == max || room(a) == 1;
        if (n > width) {
            size_t cut = last ? width - 3 : width;
            n = cut;
            while (n > cut / 2 && p[n] != ' ')
                n--;
            if (n <= cut / 2)
                n = cut;
        }
        snprintf(a->lines[a->n_lines++], CM_TEXT_COLUMNS + 1, "%s%.*s%s", lead, (int)n, p,
                 last && p[n] ? "..." : "");
        used++;
        p += n;
        p += strspn(p, " ");
    }
    return used > 0;
}

/* "botan (tcId 63 +1)" for a security finding's line: the implementation,
 * the first case accepted, and how many more. */
static void accepted(const cm_answer_finding *f, char *out, size_t len)
{
    const char *slash = strrchr(f->implementation, '/'), *tc = strstr(f->text, "tcId ");
    const char *acc = strstr(f->text, " accepted ");
    unsigned n = 1;
    if (acc && sscanf(acc, " accepted %u", &n) != 1)
        n = 1;
    int name = (int)(slash ? slash - f->implementation : (long)strlen(f->implementation));
    char more[16] = "";
    if (n > 1)
        snprintf(more, sizeof more, " +%u", n - 1);
    if (tc)
        snprintf(out, len, "%.*s (%.*s%s)", name, f->implementation, 5 + (int)strcspn(tc + 5, " (:"),
                 tc, more);
    else
        snprintf(out, len, "%.*s (%u)", name, f->implementation, n);
}

/* The findings: each new failure, crash and timeout on its own line; the
 * invalid cases accepted, one line per algorithm; the known findings, by
 * their id, on one wrapped line. How many answers are shown. */
static size_t findings_lines(cm_answers *a)
{
    size_t shown = 0;
    char line[2 * CM_ANSWER_TEXT], part[CM_ANSWER_TEXT];
    for (size_t i = 0; i < a->n_findings && room(a) > 12; i++)
        if (strcmp(a->findings[i].kind, "security") && strcmp(a->findings[i].kind, "known-finding"))
            shown += (size_t)wrap(a, a->findings[i].text, 1);
    for (size_t i = 0; i < a->n_findings; i++) {
        const cm_answer_finding *f = &a->findings[i];
        const char *alg = strrchr(f->implementation, '/');
        if (strcmp(f->kind, "security") || !alg)
            continue;
        int first = 1;
        for (size_t k = 0; k < i && first; k++)
            first = strcmp(a->findings[k].kind, "security") ||
                    strcmp(strrchr(a->findings[k].implementation, '/'), alg);
        if (!first)
            continue;
        int n = snprintf(line, sizeof line, "Security: invalid %s cases accepted (KAT pass!) by", alg + 1);
        for (size_t k = i; k < a->n_findings && (size_t)n < sizeof line; k++) {
            const char *other = strrchr(a->findings[k].implementation, '/');
            if (strcmp(a->findings[k].kind, "security") || !other || strcmp(other, alg))
                continue;
            accepted(&a->findings[k], part, sizeof part);
            n += snprintf(line + n, sizeof line - (size_t)n, "%s %s", k > i ? "," : "", part);
            shown++;
        }
        wrap(a, line, 2);
    }
    int n = snprintf(line, sizeof line, "Known findings (* security-relevant; the run passes unless "
                     "--strict):");
    size_t known = 0;
    for (size_t i = 0; i < a->n_findings && (size_t)n < sizeof line; i++) {
        const cm_answer_finding *f = &a->findings[i];
        if (strcmp(f->kind, "known-finding"))
            continue;
        n += snprintf(line + n, sizeof line - (size_t)n, "%s %s%s (%s)", known++ ? "," : "", f->id,
                      f->security_relevant ? "*" : "", f->implementation);
    }
    if (known && wrap(a, line, 2))
        shown += known;
    return shown;
}

/* The margin as a percentage with its interval: "+12% [5,19]". */
static int percent(const cm_answer_fastest *f, char *out, size_t len)
{
    return snprintf(out, len, "%+.0f%% [%.0f,%.0f]", 100 * (f->margin - 1), 100 * (f->margin_lo - 1),
                    100 * (f->margin_hi - 1));
}

/* One fastest answer as a short fragment after prev (NULL: the first of
 * its line): "libgcrypt>gnutls encrypt +2% [1,3]", or ", decrypt +97%
 * [89,103]" when the pair is prev's. */
static void fragment(const cm_answer_fastest *prev, const cm_answer_fastest *f, char *out,
                     size_t len)
{
    const char *op = strchr(f->operation, '/');
    char margin[64];
    op = op ? op + 1 : f->operation;
    if (!f->runner_up[0]) {
        snprintf(out, len, "%s %s only %s", prev ? ";" : "", op, f->winner);
        return;
    }
    percent(f, margin, sizeof margin);
    if (prev && prev->clear == f->clear && !strcmp(prev->winner, f->winner) &&
        !strcmp(prev->runner_up, f->runner_up))
        snprintf(out, len, ", %s %s", op, margin);
    else
        snprintf(out, len, "%s %s%s%s %s %s", prev ? ";" : "", f->winner, f->clear ? ">" : "~",
                 f->runner_up, op, margin);
}

/* The fastest answers, one algorithm (its operations at one size) a line. */
static size_t fastest_lines(cm_answers *a)
{
    size_t shown = 0;
    for (size_t i = 0; i < a->n_fastest && room(a);) {
        const cm_answer_fastest *f = &a->fastest[i];
        size_t alg_len = strcspn(f->operation, "/");
        char line[CM_ANSWER_TEXT], frag[CM_ANSWER_TEXT], at[16] = "";
        if (f->size)
            snprintf(at, sizeof at, " %zu%s", f->size >= 1024 ? f->size / 1024 : f->size,
                     f->size >= 1024 ? "K" : "");
        int n = snprintf(line, sizeof line, "%.*s%s:", (int)alg_len, f->operation, at);
        size_t j = i;
        for (; j < a->n_fastest && strncmp(a->fastest[j].operation, f->operation, alg_len + 1) == 0 &&
               a->fastest[j].size == f->size && (size_t)n < sizeof line; j++) {
            fragment(j > i ? &a->fastest[j - 1] : NULL, &a->fastest[j], frag, sizeof frag);
            n += snprintf(line + n, sizeof line - (size_t)n, "%s", frag);
        }
        if (!wrap(a, line, 2))
            break;
        shown += j - i;
        i = j;
    }
    return shown;
}

/* 1 when two acceleration answers name the same implementations. */
static int same_users(const cm_answer_accel *x, const cm_answer_accel *y)
{
    if (x->n_used != y->n_used || x->n_not != y->n_not)
        return 0;
    for (size_t i = 0; i < x->n_used; i++)
        if (strcmp(x->used_by[i], y->used_by[i]))
            return 0;
    for (size_t i = 0; i < x->n_not; i++)
        if (strcmp(x->not_used_by[i], y->not_used_by[i]))
            return 0;
    return 1;
}

/* The acceleration answers, a line each; features with the same users share
 * one ("VAES, VPCLMULQDQ (CPU): ..."). How many answers are shown. */
static size_t accel_lines(cm_answers *a)
{
    size_t shown = 0;
    char line[2 * CM_ANSWER_TEXT];
    for (size_t i = 0; i < a->n_accel && room(a); i++) {
        const char *rest = strstr(a->accel[i].text, " (CPU): ");
        int merged = 0;
        for (size_t k = 0; k < i && rest && !merged; k++)
            merged = strstr(a->accel[k].text, " (CPU): ") && same_users(&a->accel[k], &a->accel[i]);
        if (merged)
            continue;
        int n = snprintf(line, sizeof line, "%.*s", (int)(rest ? rest - a->accel[i].text : 0),
                         a->accel[i].text);
        size_t together = 1;
        for (size_t k = i + 1; k < a->n_accel && rest && (size_t)n < sizeof line; k++) {
            const char *other = strstr(a->accel[k].text, " (CPU): ");
            if (other && same_users(&a->accel[i], &a->accel[k])) {
                n += snprintf(line + n, sizeof line - (size_t)n, ", %.*s",
                              (int)(other - a->accel[k].text), a->accel[k].text);
                together++;
            }
        }
        snprintf(line + n, sizeof line - (size_t)n, "%s", rest ? rest : a->accel[i].text);
        /* two lines for an absent feature's answer, our own code's (no one left out), the
         * kernel's, and one under an emulator (who was not judged): the rest are cut at one */
        int two = !strcmp(a->accel[i].offered_by, "absent") || !a->accel[i].n_not ||
                  strstr(a->accel[i].text, CM_ANSWER_NOT_JUDGED);
        /* an engine's answer ends in where it can be measured: three lines */
        if (!wrap(a, line, !strcmp(a->accel[i].feature, "kernel-engine") ? 3 : two ? 2 : 1))
            break;
        shown += together;
    }
    return shown;
}

/* A dmcrypt document's answers, each in at most four lines. */
static size_t dmcrypt_lines(cm_answers *a)
{
    size_t shown = 0;
    for (size_t i = 0; i < a->n_dmcrypt && room(a); i++)
        shown += (size_t)wrap(a, a->dmcrypt[i].text, 4);
    return shown;
}

void cm_answers_lines(cm_answers *a)
{
    a->n_lines = 0;
    snprintf(a->lines[a->n_lines++], CM_TEXT_COLUMNS + 1,
             "Answers (docs/output.md; the tables below are the evidence):");
    wrap(a, a->trust.text, 4);
    size_t accel = 0, fastest;
    size_t findings = findings_lines(a);
    accel = accel_lines(a);
    size_t dmcrypt = dmcrypt_lines(a);
    if (a->n_fastest && room(a))
        snprintf(a->lines[a->n_lines++], CM_TEXT_COLUMNS + 1,
                 "  Fastest at 16 KiB (K) or per operation: winner>runner-up op margin [95%% CI]; "
                 "~ unclear");
    fastest = fastest_lines(a);
    size_t left = (a->n_findings - findings) + (a->n_accel - accel) + (a->n_fastest - fastest) +
                  (a->n_dmcrypt - dmcrypt);
    if (left)
        snprintf(a->lines[a->n_lines++], CM_TEXT_COLUMNS + 1,
                 "  (%zu more answers: in the document's \"answers\", and the tables below)", left);
}
