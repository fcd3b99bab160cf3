/*
 * test_platform_health.c — health snapshots and flags
 * (src/platform/health.c, clock.c): flags from synthetic before/after
 * snapshots, snapshots of recorded and written trees, and the clock-gap
 * flags of measured clusters.
 *
 * Usage: test_platform_health [SOURCE_DIR]
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "check.h"
#include "platform/platform.h"

/* The flags of before and after as their JSON writer writes them
 * (platform/flags.h); NULL when out of memory. */
static json_t *health_flags(const platform_health *before, const platform_health *after)
{
    platform_flags flags = {0};
    json_t *arr = platform_health_flags(before, after, &flags) == 0 ? platform_flags_to_json(&flags) : NULL;
    platform_flags_free(&flags);
    return arr;
}

/* The flag with id in flags, or NULL. */
static json_t *flag(json_t *flags, const char *id)
{
    size_t i;
    json_t *f;
    json_array_foreach(flags, i, f)
        if (strcmp(json_string_value(json_object_get(f, "id")), id) == 0)
            return f;
    return NULL;
}

/* Every flag has an id, a known severity and a sentence. */
static void check_shape(json_t *flags)
{
    size_t i;
    json_t *f;
    CHECK(json_is_array(flags));
    json_array_foreach(flags, i, f) {
        const char *sev = json_string_value(json_object_get(f, "severity"));
        const char *msg = json_string_value(json_object_get(f, "message"));
        CHECK(json_string_value(json_object_get(f, "id")) != NULL);
        CHECK(sev && (strcmp(sev, "info") == 0 || strcmp(sev, "warning") == 0));
        CHECK(msg && strlen(msg) > 20 && msg[strlen(msg) - 1] == '.');
    }
}

/* A quiet snapshot: nothing to flag. */
static platform_health *quiet(void)
{
    platform_health *h = calloc(1, sizeof *h);
    h->live = 1;
    h->n_cpus_online = h->n_cpus_present = 4;
    h->load1 = 0.05;
    h->throttle_count = 10;
    h->pswpin = 5;
    h->pswpout = 7;
    h->swap_total_kb = 1024;
    h->swap_free_kb = 1024;
    h->n_policies = 1;
    snprintf(h->policy[0].name, sizeof h->policy[0].name, "policy0");
    snprintf(h->policy[0].governor, sizeof h->policy[0].governor, "performance");
    h->policy[0].has_tis = 1;
    h->policy[0].tis_total = 1000;
    h->policy[0].tis_below_max = 100;
    h->n_zones = 1;
    snprintf(h->zone[0].type, sizeof h->zone[0].type, "cpu-thermal");
    h->zone[0].temp_c = 45;
    h->zone[0].passive_c = 85;
    h->n_busy = 4;
    for (int i = 0; i < 4; i++) {
        h->busy_cpu[i] = i;
        h->busy[i] = 0.01;
    }
    h->busy_sample_s = 0.2;
    h->n_clock = 1;
    h->clock_mhz[0] = 1800;
    return h;
}

/* Flags on synthetic snapshots: none on quiet ones, each of the state
 * before the run. */
static void test_flags_before(void)
{
    platform_health *b = quiet(), *a = quiet();
    json_t *flags = health_flags(b, a);
    CHECK(json_array_size(flags) == 0);
    json_decref(flags);

    /* before: busy, load, VM, governor, mask, swap in use, hot, offline */
    b->busy[2] = 0.35;
    b->steal[1] = 0.2;
    b->load1 = 3.5;
    b->vm = 1;
    snprintf(b->vm_vendor, sizeof b->vm_vendor, "KVM");
    snprintf(b->vm_evidence, sizeof b->vm_evidence, "cpuid hypervisor bit");
    snprintf(b->policy[0].governor, sizeof b->policy[0].governor, "schedutil");
    snprintf(b->isa_mask, sizeof b->isa_mask, "aes");
    b->swap_free_kb = 24;
    b->zone[0].temp_c = 90;
    b->n_cpus_online = 3;
    flags = health_flags(b, NULL);
    check_shape(flags);
    static const char *const ids[] = {"busy-cpus", "steal", "load", "vm", "governor", "isa-mask",
                                      "swap-used", "hot", "cpus-offline"};
    for (size_t i = 0; i < sizeof ids / sizeof *ids; i++) {
        if (!flag(flags, ids[i]))
            fprintf(stderr, "  missing flag %s\n", ids[i]);
        CHECK(flag(flags, ids[i]) != NULL);
    }
    CHECK(strstr(json_string_value(json_object_get(flag(flags, "busy-cpus"), "message")), "CPU 2 35%"));
    CHECK(strcmp(json_string_value(json_object_get(flag(flags, "vm"), "severity")), "info") == 0);
    CHECK(strstr(json_string_value(json_object_get(flag(flags, "governor"), "message")), "schedutil"));
    json_decref(flags);
    platform_health_free(b);
    platform_health_free(a);
}

/* Flags of what changed during the run; small changes say nothing. */
static void test_flags_during(void)
{
    /* during: throttling, swapping, clock drift, below max, temperature */
    platform_health *b = quiet(), *a = quiet();
    a->throttle_count = 14;
    a->pswpout = 70;
    a->clock_mhz[0] = 1600;
    a->policy[0].tis_total = 2000;
    a->policy[0].tis_below_max = 600; /* 50% of the run below the top */
    a->zone[0].temp_c = 86;
    json_t *flags = health_flags(b, a);
    check_shape(flags);
    static const char *const during[] = {"throttled", "swapping", "clock-drift", "below-max-clock", "hot"};
    for (size_t i = 0; i < sizeof during / sizeof *during; i++) {
        if (!flag(flags, during[i]))
            fprintf(stderr, "  missing flag %s\n", during[i]);
        CHECK(flag(flags, during[i]) != NULL);
    }
    CHECK(strstr(json_string_value(json_object_get(flag(flags, "clock-drift"), "message")), "-11.1%"));
    CHECK(strstr(json_string_value(json_object_get(flag(flags, "throttled"), "message")), "by 4"));
    json_decref(flags);

    /* a drift within 3% and a small temperature rise say nothing */
    platform_health_free(a);
    a = quiet();
    a->clock_mhz[0] = 1760;
    a->zone[0].temp_c = 55;
    flags = health_flags(b, a);
    CHECK(json_array_size(flags) == 0);
    json_decref(flags);
    a->zone[0].temp_c = 70;
    flags = health_flags(b, a);
    CHECK(flag(flags, "temperature-rise") != NULL && json_array_size(flags) == 1);
    json_decref(flags);
    platform_health_free(a);
    platform_health_free(b);
}

/* a drift within the measurement's own spread is not a drift: +5%
 * against spreads of 8% (after) and 2% (before) says nothing, in either
 * snapshot's spread, and +10% is flagged with both numbers */
static void test_drift_within_spread(void)
{
    platform_health *b = quiet(), *a = quiet();
    b->clock_spread[0] = 0.02;
    a->clock_spread[0] = 0.08;
    a->clock_mhz[0] = 1890;
    json_t *flags = health_flags(b, a);
    CHECK(flag(flags, "clock-drift") == NULL);
    json_decref(flags);
    b->clock_spread[0] = 0.08;
    a->clock_spread[0] = 0.02;
    flags = health_flags(b, a);
    CHECK(flag(flags, "clock-drift") == NULL);
    json_decref(flags);
    a->clock_mhz[0] = 1980;
    flags = health_flags(b, a);
    check_shape(flags);
    const char *m = json_string_value(json_object_get(flag(flags, "clock-drift"), "message"));
    CHECK(m && strstr(m, "+10.0%") && strstr(m, "spread of 8.0%"));
    json_decref(flags);
    /* below 3% of spread, 3% still holds: +3.5% is a drift */
    b->clock_spread[0] = a->clock_spread[0] = 0.01;
    a->clock_mhz[0] = 1863;
    flags = health_flags(b, a);
    CHECK(flag(flags, "clock-drift") != NULL);
    json_decref(flags);
    /* the spread is in the snapshot's JSON */
    json_t *js = platform_health_json(a);
    CHECK(json_real_value(json_array_get(json_object_get(js, "clock_spread"), 0)) == 0.01);
    json_decref(js);
    platform_health_free(a);
    platform_health_free(b);
}

/* No cpufreq at all is a flag; no snapshot before, none. */
static void test_no_cpufreq_no_before(void)
{
    /* no cpufreq at all */
    platform_health *b = quiet();
    b->n_policies = 0;
    json_t *flags = health_flags(b, NULL);
    CHECK(flag(flags, "no-cpufreq") != NULL);
    json_decref(flags);
    platform_health_free(b);

    /* NULL before: nothing; JSON of a snapshot is an object */
    flags = health_flags(NULL, NULL);
    CHECK(json_array_size(flags) == 0);
    json_decref(flags);
}

/* Snapshots of trees. */
static void test_trees(void)
{
    platform_health *h = platform_health_snapshot(tree("platform/biglittle"), NULL, PLATFORM_HEALTH_BUSY, NULL);
    CHECK(h && !h->live && h->n_busy == 0); /* no sampling of a recording */
    CHECK(h->n_policies == 2 && strcmp(h->policy[1].name, "policy4") == 0);
    CHECK(h->policy[0].has_tis && h->policy[0].tis_total == 90100 && h->policy[0].tis_below_max == 100);
    CHECK(h->n_zones == 2 && fabs(h->zone[0].temp_c - 86.111) < 1e-9 && h->zone[0].passive_c == 85);
    CHECK(isnan(h->zone[1].passive_c));
    CHECK(h->pswpin == 10 && h->swap_total_kb == 1048572);
    CHECK(h->load1 > 0.09 && h->load1 < 0.11);
    json_t *flags = health_flags(h, NULL);
    check_shape(flags);
    CHECK(flag(flags, "hot") && flag(flags, "swap-used") && flag(flags, "governor"));
    CHECK(!flag(flags, "vm"));
    json_t *js = platform_health_json(h);
    CHECK(json_is_object(js) && json_array_size(json_object_get(js, "cpufreq")) == 2);
    json_decref(js);
    json_decref(flags);
    platform_health_free(h);

    h = platform_health_snapshot(tree("platform/x86-hybrid"), NULL, 0, NULL);
    CHECK(h->throttle_count == 16);
    flags = health_flags(h, NULL);
    /* intel_pstate's powersave is dynamic: the ramp-up sentence, not "minimum" */
    json_t *g = flag(flags, "governor");
    CHECK(g && strstr(json_string_value(json_object_get(g, "message")), "ramp-up"));
    json_decref(flags);
    platform_health_free(h);

    h = platform_health_snapshot(tree("sysroots/x86_64-aesni"), NULL, 0, NULL);
    CHECK(h->vm == 1); /* the hypervisor flag of /proc/cpuinfo */
    platform_health_free(h);
    h = platform_health_snapshot(tree("platform/arm-virt"), NULL, 0, NULL);
    CHECK(h->vm == 1 && strstr(h->vm_evidence, "dummy-virt"));
    platform_health_free(h);
    h = platform_health_snapshot(tree("platform/no-such-tree"), NULL, 0, NULL);
    CHECK(h && h->load1 < 0 && h->n_policies == 0 && h->throttle_count == -1);
    platform_health_free(h);
}

/* Clock-gap flags of clusters with a measured clock. */
static void test_clock_flags(void)
{
    platform_cpu *c = platform_cpu_new();
    c->n_clusters = 2;
    c->clusters[0].n_cpus = 4;
    for (int i = 0; i < 4; i++)
        c->clusters[0].cpus[i] = i;
    snprintf(c->clusters[0].core_name, sizeof c->clusters[0].core_name, "Cortex-A53");
    c->clusters[0].claimed_mhz = 1512;
    c->clusters[0].claimed_source = "cpufreq max";
    c->clusters[0].freq_cur_mhz = 1512;
    c->clusters[0].measured_mhz = 1412; /* the classic overclaiming board */
    c->clusters[0].measured_check_mhz = 1410;
    c->clusters[0].measured_agree = 1;
    c->clusters[1].n_cpus = 1;
    c->clusters[1].cpus[0] = 4;
    c->clusters[1].claimed_mhz = 1800;
    c->clusters[1].measured_mhz = 1790;
    c->clusters[1].measured_check_mhz = 1791;
    c->clusters[1].measured_agree = 1;
    json_t *flags = json_array();
    platform_clock_flags(c, flags);
    check_shape(flags);
    CHECK(json_array_size(flags) == 1);
    const char *m = json_string_value(json_object_get(json_array_get(flags, 0), "message"));
    CHECK(m && strstr(m, "CPUs 0-3 (Cortex-A53)") && strstr(m, "1412 MHz") && strstr(m, "6.6% below"));
    CHECK(strcmp(json_string_value(json_object_get(json_array_get(flags, 0), "severity")), "warning") == 0);
    json_decref(flags);

    /* a gap within the measurement's own spread says nothing; beyond it the
     * sentence gives both numbers */
    c->clusters[0].measured_spread = 0.08;
    flags = json_array();
    platform_clock_flags(c, flags);
    CHECK(json_array_size(flags) == 0);
    json_decref(flags);
    c->clusters[0].measured_spread = 0.05;
    flags = json_array();
    platform_clock_flags(c, flags);
    check_shape(flags);
    CHECK(json_array_size(flags) == 1);
    m = json_string_value(json_object_get(json_array_get(flags, 0), "message"));
    CHECK(m && strstr(m, "6.6% below") && strstr(m, "spread is 5.0%"));
    json_decref(flags);
    platform_cpu_free(c);
}

int main(int argc, char **argv)
{
    snprintf(check_src, sizeof check_src, "%s", argc > 1 ? argv[1] : CM_SOURCE_DIR);
    test_flags_before();
    test_flags_during();
    test_drift_within_spread();
    test_no_cpufreq_no_before();
    test_trees();
    test_clock_flags();
    return check_done("test_platform_health");
}
