/*
 * health_json.c — a health snapshot's raw figures as the JSON object that
 * result files carry (health_before, health_after) and detect shows
 * (health_snapshot), read back into a platform_health (the inverse, for
 * the readers of a document), and the flags a before snapshot raises as
 * JSON (the typed flags' writer is flags_json.c). See health.h. Out of memory gives NULL.
 */
#include <math.h>
#include <stdio.h>
#include <jansson.h>

#include "platform/health.h"
#include "util/json.h"

/* A double for JSON, or null when unknown (negative or NaN). */
static json_t *num_or_null(double v)
{
    return isnan(v) || v < 0 ? json_null() : json_real(v);
}

/* A count for JSON, or null when unknown (negative). */
static json_t *count_or_null(long long v)
{
    return v >= 0 ? json_integer(v) : json_null();
}

/* The busy sample: [{cpu, busy, steal}]. */
static json_t *busy_json(const platform_health *h)
{
    json_t *busy = json_array();
    int rc = busy ? 0 : -1;
    for (int i = 0; i < h->n_busy && rc == 0; i++)
        rc |= json_array_append_new(busy, json_pack("{s:i, s:f, s:f}", "cpu", h->busy_cpu[i], "busy",
                                                    h->busy[i], "steal", h->steal[i]));
    return cm_json_checked(busy, rc);
}

/* The cpufreq policies: [{policy, governor, driver, cur_mhz, time_in_state}]. */
static json_t *cpufreq_json(const platform_health *h)
{
    json_t *pol = json_array();
    int rc = pol ? 0 : -1;
    for (int i = 0; i < h->n_policies && rc == 0; i++) {
        const platform_policy_state *p = &h->policy[i];
        json_t *po = json_pack("{s:s, s:s, s:s, s:o}", "policy", p->name, "governor", p->governor, "driver",
                               p->driver, "cur_mhz", p->cur_mhz > 0 ? json_real(p->cur_mhz) : json_null());
        if (po && p->has_tis)
            rc |= json_object_set_new(po, "time_in_state",
                                      json_pack("{s:I, s:I}", "total", (json_int_t)p->tis_total,
                                                "below_max", (json_int_t)p->tis_below_max));
        rc |= json_array_append_new(pol, po);
    }
    return cm_json_checked(pol, rc);
}

/* The thermal zones and the measured clocks into o; 0 or -1. */
static int zones_and_clocks(json_t *o, const platform_health *h)
{
    json_t *zones = json_array(), *clk = json_array(), *spr = json_array();
    int rc = zones && clk && spr ? 0 : -1;
    for (int z = 0; z < h->n_zones && rc == 0; z++)
        rc |= json_array_append_new(zones, json_pack("{s:s, s:o, s:o}", "type", h->zone[z].type, "temp_c",
                                                     num_or_null(h->zone[z].temp_c), "passive_c",
                                                     num_or_null(h->zone[z].passive_c)));
    for (int c = 0; c < h->n_clock && rc == 0; c++) {
        int measured = h->clock_mhz[c] > 0;
        rc |= json_array_append_new(clk, measured ? json_real(h->clock_mhz[c]) : json_null());
        rc |= json_array_append_new(spr, measured ? json_real(h->clock_spread[c]) : json_null());
    }
    rc |= json_object_set_new(o, "thermal", zones);
    rc |= json_object_set_new(o, "swap",
                              json_pack("{s:o, s:o, s:o, s:o}", "total_kb", count_or_null(h->swap_total_kb),
                                        "free_kb", count_or_null(h->swap_free_kb), "pswpin",
                                        count_or_null(h->pswpin), "pswpout", count_or_null(h->pswpout)));
    rc |= json_object_set_new(o, "vm", h->vm < 0 ? json_null() : json_boolean(h->vm));
    if (h->vm == 1)
        rc |= json_object_set_new(o, "hypervisor", json_pack("{s:s, s:s}", "vendor", h->vm_vendor,
                                                             "evidence", h->vm_evidence));
    rc |= json_object_set_new(o, "clock_mhz", clk);
    rc |= json_object_set_new(o, "clock_spread", spr);
    return rc;
}

/* See health.h. */
json_t *platform_health_flags_json(const platform_health *before)
{
    platform_flags flags = {0};
    json_t *arr = platform_health_flags(before, NULL, &flags) == 0 ? platform_flags_to_json(&flags) : NULL;
    platform_flags_free(&flags);
    return arr;
}

/* See health.h. */
json_t *platform_health_json(const platform_health *h)
{
    json_t *o = json_object();
    int rc = o ? 0 : -1;
    rc |= json_object_set_new(o, "live", json_boolean(h->live));
    rc |= json_object_set_new(o, "load", json_pack("[o,o,o]", num_or_null(h->load1), num_or_null(h->load5),
                                                   num_or_null(h->load15)));
    rc |= json_object_set_new(o, "busy", busy_json(h));
    rc |= json_object_set_new(o, "busy_sample_s", json_real(h->busy_sample_s));
    rc |= json_object_set_new(o, "cpufreq", cpufreq_json(h));
    rc |= json_object_set_new(o, "throttle_count", count_or_null(h->throttle_count));
    if (rc == 0)
        rc = zones_and_clocks(o, h);
    return cm_json_checked(o, rc);
}

/* ------------------------------------------------------------------------
 * Back from JSON: the inverse of the writers above
 * ---------------------------------------------------------------------- */

/* The number at v, or unknown when it is null or absent; -1 with err when
 * it is something else. */
static int number_of(const json_t *v, double unknown, double *out, const char *what, cm_error *err)
{
    *out = unknown;
    if (!v || json_is_null(v))
        return 0;
    if (!json_is_number(v))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "health snapshot: %s is not a number", what);
    *out = json_number_value(v);
    return 0;
}

/* The string at v copied into buf (absent or null: ""); -1 with err when
 * it is something else. */
static int string_of(const json_t *v, char *buf, size_t len, const char *what, cm_error *err)
{
    buf[0] = '\0';
    if (!v || json_is_null(v))
        return 0;
    if (!json_is_string(v))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "health snapshot: %s is not a string", what);
    snprintf(buf, len, "%s", json_string_value(v));
    return 0;
}

/* Each item of arr (absent or null: none), up to max, handed to parse with
 * its index; -1 with err when arr is no array or an item fails. */
static int each(const json_t *arr, int max, int *n, const char *what, cm_error *err,
                int (*parse)(const json_t *, int, platform_health *, cm_error *), platform_health *h)
{
    size_t i;
    const json_t *o;
    *n = 0;
    if (arr && !json_is_null(arr) && !json_is_array(arr))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "health snapshot: %s is not an array", what);
    json_array_foreach(arr, i, o) {
        if (*n == max)
            break;
        if (parse(o, *n, h, err) != 0)
            return -1;
        (*n)++;
    }
    return 0;
}

/* busy[i]: {cpu, busy, steal}. */
static int busy_from(const json_t *o, int i, platform_health *h, cm_error *err)
{
    double cpu;
    int rc = number_of(json_object_get(o, "cpu"), -1, &cpu, "busy.cpu", err);
    rc |= number_of(json_object_get(o, "busy"), -1, &h->busy[i], "busy.busy", err);
    rc |= number_of(json_object_get(o, "steal"), 0, &h->steal[i], "busy.steal", err);
    h->busy_cpu[i] = (int)cpu;
    return rc ? -1 : 0;
}

/* cpufreq[i]: {policy, governor, driver, cur_mhz, time_in_state}. */
static int policy_from(const json_t *o, int i, platform_health *h, cm_error *err)
{
    platform_policy_state *p = &h->policy[i];
    const json_t *tis = json_object_get(o, "time_in_state");
    double total = 0, below = 0;
    int rc = string_of(json_object_get(o, "policy"), p->name, sizeof p->name, "cpufreq.policy", err);
    rc |= string_of(json_object_get(o, "governor"), p->governor, sizeof p->governor, "cpufreq.governor", err);
    rc |= string_of(json_object_get(o, "driver"), p->driver, sizeof p->driver, "cpufreq.driver", err);
    rc |= number_of(json_object_get(o, "cur_mhz"), 0, &p->cur_mhz, "cpufreq.cur_mhz", err);
    p->has_tis = json_is_object(tis);
    rc |= number_of(json_object_get(tis, "total"), 0, &total, "time_in_state.total", err);
    rc |= number_of(json_object_get(tis, "below_max"), 0, &below, "time_in_state.below_max", err);
    p->tis_total = (unsigned long long)total;
    p->tis_below_max = (unsigned long long)below;
    return rc ? -1 : 0;
}

/* thermal[i]: {type, temp_c, passive_c}. */
static int zone_from(const json_t *o, int i, platform_health *h, cm_error *err)
{
    platform_zone_state *z = &h->zone[i];
    int rc = string_of(json_object_get(o, "type"), z->type, sizeof z->type, "thermal.type", err);
    rc |= number_of(json_object_get(o, "temp_c"), NAN, &z->temp_c, "thermal.temp_c", err);
    rc |= number_of(json_object_get(o, "passive_c"), NAN, &z->passive_c, "thermal.passive_c", err);
    return rc ? -1 : 0;
}

/* clock_mhz[i] and clock_spread[i] (null: not measured, 0). */
static int clock_from(const json_t *o, int i, platform_health *h, cm_error *err)
{
    return number_of(o, 0, &h->clock_mhz[i], "clock_mhz", err);
}

static int spread_from(const json_t *o, int i, platform_health *h, cm_error *err)
{
    return number_of(o, 0, &h->clock_spread[i], "clock_spread", err);
}

/* The counts of swap, the throttle counter and the VM. */
static int counts_from(const json_t *o, platform_health *h, cm_error *err)
{
    const json_t *swap = json_object_get(o, "swap"), *hv = json_object_get(o, "hypervisor");
    const json_t *vm = json_object_get(o, "vm");
    double v[5];
    int rc = number_of(json_object_get(o, "throttle_count"), -1, &v[0], "throttle_count", err);
    rc |= number_of(json_object_get(swap, "total_kb"), -1, &v[1], "swap.total_kb", err);
    rc |= number_of(json_object_get(swap, "free_kb"), -1, &v[2], "swap.free_kb", err);
    rc |= number_of(json_object_get(swap, "pswpin"), -1, &v[3], "swap.pswpin", err);
    rc |= number_of(json_object_get(swap, "pswpout"), -1, &v[4], "swap.pswpout", err);
    h->throttle_count = (long long)v[0];
    h->swap_total_kb = (long long)v[1];
    h->swap_free_kb = (long long)v[2];
    h->pswpin = (long long)v[3];
    h->pswpout = (long long)v[4];
    if (vm && !json_is_null(vm) && !json_is_boolean(vm))
        rc |= cm_error_set(err, CM_EXIT_ENVIRONMENT, "health snapshot: vm is not a boolean");
    h->vm = json_is_boolean(vm) ? json_is_true(vm) : -1;
    rc |= string_of(json_object_get(hv, "vendor"), h->vm_vendor, sizeof h->vm_vendor, "hypervisor.vendor", err);
    rc |= string_of(json_object_get(hv, "evidence"), h->vm_evidence, sizeof h->vm_evidence, "hypervisor.evidence",
                    err);
    return rc ? -1 : 0;
}

/* See health.h. */
int platform_health_from_json(const json_t *o, platform_health *h, cm_error *err)
{
    const json_t *load = json_object_get(o, "load");
    *h = (platform_health){.n_cpus_online = -1, .n_cpus_present = -1};
    if (!json_is_object(o))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "health snapshot: not an object");
    if (load && !json_is_null(load) && !json_is_array(load))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "health snapshot: load is not an array");
    h->live = json_is_true(json_object_get(o, "live"));
    int rc = number_of(json_array_get(load, 0), -1, &h->load1, "load[0]", err);
    rc |= number_of(json_array_get(load, 1), -1, &h->load5, "load[1]", err);
    rc |= number_of(json_array_get(load, 2), -1, &h->load15, "load[2]", err);
    rc |= number_of(json_object_get(o, "busy_sample_s"), 0, &h->busy_sample_s, "busy_sample_s", err);
    rc |= each(json_object_get(o, "busy"), PLATFORM_MAX_CPUS, &h->n_busy, "busy", err, busy_from, h);
    rc |= each(json_object_get(o, "cpufreq"), PLATFORM_MAX_CLUSTERS, &h->n_policies, "cpufreq", err,
               policy_from, h);
    rc |= each(json_object_get(o, "thermal"), PLATFORM_MAX_ZONES, &h->n_zones, "thermal", err, zone_from, h);
    int n_spread = 0;
    rc |= each(json_object_get(o, "clock_mhz"), PLATFORM_MAX_CLUSTERS, &h->n_clock, "clock_mhz", err,
               clock_from, h);
    rc |= each(json_object_get(o, "clock_spread"), PLATFORM_MAX_CLUSTERS, &n_spread, "clock_spread", err,
               spread_from, h);
    rc |= counts_from(o, h, err);
    return rc ? -1 : 0;
}
