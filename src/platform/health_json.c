/*
 * health_json.c — a health snapshot's raw figures as the JSON object that
 * result files carry (health_before, health_after) and detect shows
 * (health_snapshot), and the flags a before snapshot raises as JSON (the
 * typed flags' writer is flags_json.c). See health.h. Out of memory gives NULL.
 */
#include <math.h>
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
