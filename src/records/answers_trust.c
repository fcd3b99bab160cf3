/*
 * answers_trust.c — the trust answer (answers.h): one line from the health
 * flags (idle or busy, virtual machine) and the core clock the records
 * carry (measured or not, the spread of each record's clock checks), saying whether
 * the figures can be quoted. Any flag of severity warning or error makes
 * them not quotable; a virtual machine is said, not held against them. An
 * emulated CPU (the run's analysis.emulation: positive evidence only) makes
 * them not quotable and is said first, with its evidence: every figure
 * then describes the emulator, not the hardware. A hint of one alone (a
 * QEMU machine: KVM or TCG) is said, not held against them. Rounds of
 * run --repeat that disagree in most records make them not quotable.
 */
#include <stdio.h>
#include <string.h>
#include "records/answers.h"
#include "util/stats.h"
#include "util/text.h"

static void add_flag(cm_answer_trust *t, const char *id)
{
    for (size_t i = 0; i < t->n_flags; i++)
        if (strcmp(t->flags[i], id) == 0)
            return;
    if (t->n_flags < CM_ANSWER_MAX_FLAGS)
        snprintf(t->flags[t->n_flags++], sizeof t->flags[0], "%s", id);
}

/* The clock phrase: the median of the clocks the records used, and the
 * spread of each record's clock checks (record.h, cm_record_clock_spread):
 * the widest, and how many records are flagged clock-unsteady. A record's
 * flag widens its own cycle figures (their uncertainty holds half the
 * spread); the run's clock counts as unsteady only when most records are,
 * since a clock that moves under a few records says nothing of the others'
 * wall-time figures. 1 when the run's clock is steady. */
static int clock_phrase(const cm_answers_input *in, char *out, size_t len)
{
    static double mhz[4096];
    size_t n = 0, unsteady = 0;
    double widest = 0;
    for (size_t i = 0; i < in->n && n < sizeof mhz / sizeof mhz[0]; i++) {
        const cm_record_clock *c = &in->recs[i].clock;
        if (!(c->mhz_used > 0))
            continue;
        mhz[n++] = c->mhz_used;
        double spread = cm_record_clock_spread(c);
        widest = spread > widest ? spread : widest;
        unsteady += cm_record_clock_unsteady(c);
    }
    if (n == 0) {
        snprintf(out, len, "core clock not measured (no cycle figures)");
        return 0;
    }
    double med = cm_median_sort(mhz, n);
    if (!unsteady)
        snprintf(out, len, "core clock %.0f MHz measured, steady (each record's checks within %.1f%%)",
                 med, 100.0 * widest);
    else if (2 * unsteady <= n)
        snprintf(out, len, "core clock %.0f MHz measured, steady in %zu of %zu records (%zu flagged "
                 "clock-unsteady: checks over %.0f%% apart, up to %.1f%%, in their cycles' ±)",
                 med, n - unsteady, n, unsteady, 100.0 * CM_CLOCK_STEADY, 100.0 * widest);
    else
        snprintf(out, len, "core clock %.0f MHz measured, unsteady (checks of %zu of %zu records over "
                 "%.0f%% apart, up to %.1f%%)", med, unsteady, n,
                 100.0 * CM_CLOCK_STEADY, 100.0 * widest);
    return 2 * unsteady <= n;
}

/* The rounds phrase (run --repeat): how many measured records' rounds lie
 * more than CM_ROUNDS_AGREE apart (the flag not-reproducible), or "" with no
 * rounds. As with the clock, the run's figures count as not reproducible
 * only when most records' are. 1 when they are reproducible. */
static int rounds_phrase(const cm_answers_input *in, char *out, size_t len)
{
    size_t n = 0, apart = 0;
    double widest = 0;
    for (size_t i = 0; i < in->n; i++) {
        const cm_record *r = &in->recs[i];
        if (r->n_rounds < 2 || !cm_record_measured(r))
            continue;
        double spread = cm_record_rounds_spread(r);
        n++;
        apart += spread > CM_ROUNDS_AGREE;
        widest = spread > widest ? spread : widest;
    }
    if (n && apart)
        snprintf(out, len, "; rounds within %.0f%% in %zu of %zu records (%zu flagged "
                 "not-reproducible, up to %.1f%% apart)", 100.0 * CM_ROUNDS_AGREE, n - apart, n,
                 apart, 100.0 * widest);
    else if (n)
        snprintf(out, len, "; rounds within %.0f%% in all %zu records (up to %.1f%% apart)",
                 100.0 * CM_ROUNDS_AGREE, n, 100.0 * widest);
    return 2 * apart <= n;
}

void cm_answers_trust(const cm_answers_input *in, cm_answers *a)
{
    cm_answer_trust *t = &a->trust;
    char busy[256] = "", other[256] = "", clock[256], rounds[160] = "";
    int vm = 0, steady = clock_phrase(in, clock, sizeof clock);
    int reproducible = rounds_phrase(in, rounds, sizeof rounds);
    for (size_t i = 0; in->health && i < in->health->n; i++) {
        const platform_flag *f = &in->health->items[i];
        if (strcmp(f->id, "vm") == 0) {
            vm = 1;
            add_flag(t, f->id);
        }
        if (f->severity < PLATFORM_SEVERITY_WARNING)
            continue;
        add_flag(t, f->id);
        int is_busy = !strcmp(f->id, "load") || !strcmp(f->id, "busy-cpus") ||
                      !strcmp(f->id, "steal") || !strcmp(f->id, "swapping");
        char *to = is_busy ? busy : other;
        cm_text_append(to, sizeof busy, "%s%s", to[0] ? ", " : "", f->id);
    }
    if (!steady)
        add_flag(t, "clock");
    if (!reproducible)
        add_flag(t, "not-reproducible");
    char emulated[CM_ANSWER_TEXT / 2] = "";
    const platform_emulation_doc *em = in->emulation;
    if (em && em->emulated) {
        add_flag(t, "emulated");
        snprintf(emulated, sizeof emulated, "emulated CPU (%s): the figures describe the emulator, not the "
                 "hardware; ", em->n_evidence ? em->evidence[0] : "analysis.emulation");
    } else if (em && em->n_hints) /* a hint only: said, not held against the figures */
        snprintf(emulated, sizeof emulated, "perhaps emulated (a hint only: %s); ", em->hints[0]);
    t->quotable = in->health && !busy[0] && !other[0] && steady && reproducible && !(em && em->emulated);
    snprintf(t->text, sizeof t->text, "Trust: %s: %smachine %s%s%s%s%s; %s%s%s.",
             t->quotable ? "quotable" : "not quotable", emulated,
             !in->health ? "health not recorded" : busy[0] ? "busy (" : "idle", busy,
             busy[0] ? ")" : "", other[0] ? "; warned: " : "", other, clock, rounds,
             vm ? "; in a VM" : "");
}
