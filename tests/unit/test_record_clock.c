/*
 * test_record_clock.c — accepting a record's core clock (record.h), on
 * clock readings made here as a busy run records them: the spread of the
 * checks around a record (before and after, two instruction kinds each),
 * the flag clock-unsteady beyond 3%, the clock uncertainty of the cycle
 * figures, clock.spread in the record's JSON, and the answers' trust line
 * built from those spreads (steady and quotable; a minority of unsteady records named with
 * their count, still quotable; most of them unsteady: not quotable).
 */
#include <jansson.h>
#include <string.h>
#include "check.h"
#include "records/answers.h"
#include "records/output.h"

/* A measured AES-128-GCM seal record of 16 KiB at 5000 ns, with readings
 * before (mhz, check kind) and after (mhz, check kind); an after of 0 MHz
 * is a child that sent none. */
static void record(cm_record *r, double b, double b_check, double a, double a_check)
{
    cm_record_init(r, "ref", "aesni", cm_algorithm_find("aes-128-gcm"), CM_OP_SEAL, 16384,
                   CM_RECORD_OK, NULL);
    r->m.stats.n = 30;
    r->m.stats.median = 5000;
    r->m.stats.ci_low = 4990;
    r->m.stats.ci_high = 5010;
    r->m.stats.ci_rel = 0.002;
    r->m.ci_reached = 1;
    cm_clock_reading before = {1, 1, 0, 1, b, b_check, 0.0};
    cm_clock_reading after = {a > 0, 1, 0, 1, a, a_check, 0.0};
    cm_record_set_clock(r, &before, &after);
}

static void check_spread_and_flag(void)
{
    cm_record r;
    cm_figures f;
    /* steady: within 1% */
    record(&r, 2100, 2095, 2090, 2100);
    CHECK_NEAR(cm_record_clock_spread(&r.clock), (2100.0 - 2090) / 2100, 1e-12);
    CHECK(!cm_record_clock_unsteady(&r.clock));
    cm_record_figures(&r, &f);
    CHECK(f.has_cycles && !(f.flags & CM_FLAG_CLOCK_UNSTEADY));
    CHECK_NEAR(f.cycles_rel_uncertainty, 0.002 + (2100.0 - 2090) / 2100 / 2, 1e-12);
    /* the after reading on a stolen core (913 MHz beside 2163): unsteady */
    record(&r, 2163, 2160, 913, 2150);
    CHECK_NEAR(cm_record_clock_spread(&r.clock), (2163.0 - 913) / 2163, 1e-12);
    CHECK(cm_record_clock_unsteady(&r.clock));
    cm_record_figures(&r, &f);
    CHECK(f.flags & CM_FLAG_CLOCK_UNSTEADY);
    CHECK(strcmp(cm_record_flag_name(7), "clock-unsteady") == 0);
    /* before and after agree but one kind read low: unsteady too */
    record(&r, 2100, 1900, 2100, 2100);
    CHECK(cm_record_clock_unsteady(&r.clock));
    /* just inside and just outside 3% */
    record(&r, 2000, 2000, 1941, 2000);
    CHECK(!cm_record_clock_unsteady(&r.clock));
    record(&r, 2000, 2000, 1939, 2000);
    CHECK(cm_record_clock_unsteady(&r.clock));
    /* one reading (no after): its two kinds alone */
    record(&r, 2000, 1990, 0, 0);
    CHECK(!cm_record_clock_unsteady(&r.clock));
    CHECK_NEAR(r.clock.mhz_used, 2000, 1e-9);
    /* no reading: no spread, no cycles, no flag */
    cm_record_init(&r, "ref", "aesni", cm_algorithm_find("aes-128-gcm"), CM_OP_SEAL, 16384,
                   CM_RECORD_OK, NULL);
    r.m.stats.median = 5000;
    CHECK(cm_record_clock_spread(&r.clock) == 0);
    cm_record_figures(&r, &f);
    CHECK(!f.has_cycles && !(f.flags & CM_FLAG_CLOCK_UNSTEADY));
}

static void check_json(void)
{
    cm_record r;
    record(&r, 2163, 2160, 913, 2150);
    json_t *o = cm_record_json(&r);
    CHECK(o != NULL);
    json_t *clock = json_object_get(o, "clock");
    CHECK_NEAR(json_number_value(json_object_get(clock, "spread")), (2163.0 - 913) / 2163, 1e-9);
    int flagged = 0;
    size_t i;
    json_t *v;
    json_array_foreach(json_object_get(o, "flags"), i, v)
        flagged |= strcmp(json_string_value(v), "clock-unsteady") == 0;
    CHECK(flagged);
    json_decref(o);
}

static void check_trust(void)
{
    cm_record recs[3];
    record(&recs[0], 2100, 2100, 2095, 2098);
    record(&recs[1], 2102, 2100, 2099, 2101);
    record(&recs[2], 2100, 2100, 2090, 2100);
    platform_flags none = {0};
    cm_answers_input in = {recs, 3, NULL, &none, NULL};
    static cm_answers a;
    cm_answers_trust(&in, &a);
    CHECK(a.trust.quotable);
    CHECK_CONTAINS(a.trust.text, "steady (each record's checks within 0.5%)");
    /* one record of three on a stolen core: its own flag, the run still quotable */
    record(&recs[1], 2163, 2160, 913, 2150);
    memset(&a, 0, sizeof a);
    cm_answers_trust(&in, &a);
    CHECK(a.trust.quotable);
    CHECK_CONTAINS(a.trust.text, "steady in 2 of 3 records (1 flagged clock-unsteady: checks over 3% "
                                 "apart, up to 57.8%, in their cycles' ±)");
    /* two of three: the run's clock is unsteady, not quotable */
    record(&recs[2], 2100, 2100, 1700, 2100);
    memset(&a, 0, sizeof a);
    cm_answers_trust(&in, &a);
    CHECK(!a.trust.quotable);
    CHECK_CONTAINS(a.trust.text, "unsteady (checks of 2 of 3 records over 3% apart, up to 57.8%)");
    int clock_flag = 0;
    for (size_t k = 0; k < a.trust.n_flags; k++)
        clock_flag |= strcmp(a.trust.flags[k], "clock") == 0;
    CHECK(clock_flag);
}

int main(void)
{
    check_spread_and_flag();
    check_json();
    check_trust();
    return check_done("test_record_clock");
}
