/*
 * test_health_json.c — the typed health flags, verdicts and snapshots and
 * their JSON both ways (src/platform/flags*.c, verdict_list*.c,
 * health_json.c): a list or snapshot written and read back is written the
 * same; an imported flag's other keys survive; what is absent or null is
 * an empty list or unknown; each malformed document is one error naming
 * what is wrong; the flags of a run keep the context's flags that the
 * snapshots do not raise again, once per id.
 *
 * Usage: test_health_json [SOURCE_DIR]
 */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "check.h"
#include "platform/flags.h"
#include "platform/health.h"
#include "platform/verdict_list.h"

/* Parses text (a JSON document) as flags; the return of the parser, err
 * filled. */
static int flags_of(const char *text, platform_flags *flags, cm_error *err)
{
    json_t *j = json_loads(text, 0, NULL);
    int rc = platform_flags_from_json(j, flags, err);
    json_decref(j);
    return rc;
}

/* Written, read back, written again: the same JSON. */
static void test_flags_round_trip(void)
{
    platform_flags f = {0}, back;
    cm_error err = {0};
    CHECK(platform_flags_add(&f, "load", PLATFORM_SEVERITY_WARNING, "The load is high.") == 0);
    CHECK(platform_flags_add(&f, "vm", PLATFORM_SEVERITY_INFO, "A virtual machine.") == 0);
    CHECK(platform_flags_add(&f, "x", PLATFORM_SEVERITY_INFO, NULL) == -1);
    json_t *j = platform_flags_to_json(&f);
    CHECK(json_array_size(j) == 2);
    const char *first = json_object_iter_key(json_object_iter(json_array_get(j, 0)));
    CHECK(first && strcmp(first, "id") == 0);
    CHECK(strcmp(json_string_value(json_object_get(json_array_get(j, 0), "severity")), "warning") == 0);
    CHECK(platform_flags_from_json(j, &back, &err) == 0);
    json_t *again = platform_flags_to_json(&back);
    CHECK(json_equal(j, again));
    json_t *warnings = platform_flags_messages_json(&back, PLATFORM_SEVERITY_WARNING);
    CHECK(json_array_size(warnings) == 1 &&
          strcmp(json_string_value(json_array_get(warnings, 0)), "The load is high.") == 0);
    json_decref(warnings);
    json_decref(again);
    json_decref(j);
    platform_flags_free(&back);
    platform_flags_free(&f);
}

/* An imported flag's "cluster" and "source" are kept; absent and null are
 * no flags; each malformed array is one error. */
static void test_flags_parse(void)
{
    platform_flags f;
    cm_error err = {0};
    const char *imported = "[{\"id\": \"clock-dropped\", \"severity\": \"warning\", \"cluster\": 1, "
                           "\"source\": \"sbc-bench\", \"message\": \"Dropped.\"}]";
    CHECK(flags_of(imported, &f, &err) == 0 && f.n == 1 && f.items[0].details);
    json_t *j = platform_flags_to_json(&f), *in = json_loads(imported, 0, NULL);
    CHECK(json_equal(j, in));
    json_decref(j);
    json_decref(in);
    platform_flags_free(&f);
    CHECK(platform_flags_from_json(NULL, &f, &err) == 0 && f.n == 0);
    CHECK(flags_of("null", &f, &err) == 0 && f.n == 0);
    static const char *const bad[][2] = {
        {"{}", "not an array"},
        {"[3]", "health flag 0: not an object"},
        {"[{\"id\": \"a\", \"severity\": \"info\"}]", "health flag 0: not an object with a string id and message"},
        {"[{\"id\": \"a\", \"severity\": \"fatal\", \"message\": \"m\"}]", "health flag 0 (a): severity"},
        {"[{\"id\": \"a\", \"message\": \"m\"}]", "severity is not one of info, warning, error"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        err = (cm_error){0};
        CHECK(flags_of(bad[i][0], &f, &err) == -1);
        CHECK_CONTAINS(err.msg, bad[i][1]);
        CHECK(err.code == CM_EXIT_ENVIRONMENT);
        platform_flags_free(&f);
    }
}

/* The run's flags keep the context's others once; the JSON shim of the
 * raisers that still build JSON writes what the typed writer writes. */
static void test_flags_merge_and_shim(void)
{
    platform_flags run = {0}, ctx = {0};
    platform_flags_add(&run, "load", PLATFORM_SEVERITY_WARNING, "Load after.");
    platform_flags_add(&ctx, "load", PLATFORM_SEVERITY_INFO, "Load before.");
    platform_flags_add(&ctx, "clock-gap", PLATFORM_SEVERITY_INFO, "Gap.");
    platform_flags_add(&ctx, "feature-mismatch", PLATFORM_SEVERITY_INFO, "One.");
    platform_flags_add(&ctx, "feature-mismatch", PLATFORM_SEVERITY_INFO, "Two.");
    CHECK(platform_flags_merge(&run, run.n, &ctx) == 0);
    CHECK(run.n == 4);
    CHECK(strcmp(run.items[0].message, "Load after.") == 0 && strcmp(run.items[1].id, "clock-gap") == 0);
    CHECK(strcmp(run.items[3].message, "Two.") == 0);
    json_t *arr = json_array();
    CHECK(platform_flag_add(arr, "clock-gap", "info", "Gap.") == 0);
    CHECK(platform_flag_add(arr, "clock-gap", "loud", "Gap.") == -1);
    CHECK(json_array_size(arr) == 1);
    json_t *typed = platform_flags_to_json(&ctx);
    CHECK(json_equal(json_array_get(arr, 0), json_array_get(typed, 1)));
    json_decref(typed);
    json_decref(arr);
    platform_flags_free(&run);
    platform_flags_free(&ctx);
}

/* Verdicts: a null subject when none, evidence only when given; read back the same;
 * malformed ones named. */
static void test_verdicts(void)
{
    platform_verdict_list v = {0}, back;
    cm_error err = {0};
    CHECK(platform_verdict_add(&v, "aes-score", "cluster 0", "as-expected", "Fine.", NULL) == 0);
    CHECK(platform_verdict_add(&v, "cpu", NULL, "emulated-cpu", "Emulated.", json_pack("[s]", "TCG")) == 0);
    CHECK(platform_verdict_add(&v, "cpu", NULL, NULL, "No code.", NULL) == -1);
    json_t *j = platform_verdict_list_to_json(&v);
    CHECK(json_array_size(j) == 2);
    CHECK(json_is_array(json_object_get(json_array_get(j, 0), "evidence")));
    CHECK(json_is_null(json_object_get(json_array_get(j, 1), "subject")));
    CHECK(platform_verdict_list_from_json(j, &back, &err) == 0 && back.n == 2);
    json_t *again = platform_verdict_list_to_json(&back);
    CHECK(json_equal(j, again));
    json_decref(again);
    json_decref(j);
    platform_verdict_list_free(&back);
    json_t *bare = json_loads("[{\"id\": \"a\", \"subject\": null, \"code\": \"c\", \"message\": \"m\"}]", 0, NULL);
    CHECK(platform_verdict_list_from_json(bare, &back, &err) == 0 && back.n == 1 && !back.items[0].evidence);
    j = platform_verdict_list_to_json(&back);
    CHECK(json_equal(j, bare));
    json_decref(j);
    json_decref(bare);
    platform_verdict_list_free(&back);
    static const char *const bad[][2] = {
        {"{}", "verdicts: not an array"},
        {"[{\"id\": \"a\", \"code\": 3, \"message\": \"m\"}]", "verdict 0: not an object with a string id, code"},
        {"[{\"id\": \"a\", \"subject\": 1, \"code\": \"c\", \"message\": \"m\"}]", "verdict 0 (a): subject"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        json_t *b = json_loads(bad[i][0], 0, NULL);
        err = (cm_error){0};
        CHECK(platform_verdict_list_from_json(b, &back, &err) == -1);
        CHECK_CONTAINS(err.msg, bad[i][1]);
        platform_verdict_list_free(&back);
        json_decref(b);
    }
    platform_verdict_list_free(&v);
}

/* Written, read back, written again: the same snapshot JSON; for a
 * synthetic snapshot with every part, and for one of a recorded tree. */
static void test_snapshot_round_trip(void)
{
    platform_health *h = calloc(1, sizeof *h), back;
    cm_error err = {0};
    h->live = 1;
    h->load1 = 0.5, h->load5 = -1, h->load15 = 2;
    h->n_busy = 2, h->busy_cpu[1] = 3, h->busy[1] = 0.25, h->steal[1] = 0.125, h->busy_sample_s = 0.2;
    h->n_policies = 1, h->policy[0].has_tis = 1, h->policy[0].tis_total = 900, h->policy[0].tis_below_max = 9;
    snprintf(h->policy[0].governor, sizeof h->policy[0].governor, "schedutil");
    h->throttle_count = -1, h->swap_total_kb = 2048, h->swap_free_kb = -1, h->pswpin = 4, h->pswpout = 0;
    h->n_zones = 1, h->zone[0].temp_c = 41.5, h->zone[0].passive_c = NAN;
    snprintf(h->zone[0].type, sizeof h->zone[0].type, "soc-thermal");
    h->vm = 1;
    snprintf(h->vm_vendor, sizeof h->vm_vendor, "KVM");
    snprintf(h->vm_evidence, sizeof h->vm_evidence, "cpuid");
    h->n_clock = 2, h->clock_mhz[1] = 1800, h->clock_spread[1] = 0.01;
    json_t *j = platform_health_json(h);
    CHECK(platform_health_from_json(j, &back, &err) == 0);
    json_t *again = platform_health_json(&back);
    CHECK(json_equal(j, again));
    CHECK(back.vm == 1 && strcmp(back.vm_vendor, "KVM") == 0 && back.swap_free_kb == -1 && isnan(back.zone[0].passive_c));
    json_decref(again);
    json_decref(j);
    platform_health *rec = platform_health_snapshot(tree("sysroots/arm64-max"), NULL, 0, &err);
    j = rec ? platform_health_json(rec) : NULL;
    CHECK(j && platform_health_from_json(j, &back, &err) == 0);
    again = platform_health_json(&back);
    CHECK(json_equal(j, again));
    json_decref(again);
    json_object_set_new(j, "vm", json_string("yes"));
    CHECK(platform_health_from_json(j, &back, &err) == -1);
    CHECK_CONTAINS(err.msg, "health snapshot: vm is not a boolean");
    json_object_set_new(j, "vm", json_true());
    json_object_set_new(j, "cpufreq", json_pack("[{s:i}]", "governor", 3));
    CHECK(platform_health_from_json(j, &back, &err) == -1);
    CHECK_CONTAINS(err.msg, "health snapshot: cpufreq.governor is not a string");
    CHECK(platform_health_from_json(json_array_get(j, 0), &back, &err) == -1);
    json_decref(j);
    platform_health_free(rec);
    free(h);
}

int main(int argc, char **argv)
{
    snprintf(check_src, sizeof check_src, "%s", argc > 1 ? argv[1] : CM_SOURCE_DIR);
    test_flags_round_trip();
    test_flags_parse();
    test_flags_merge_and_shim();
    test_verdicts();
    test_snapshot_round_trip();
    return check_done("test_health_json");
}
