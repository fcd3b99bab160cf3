/*
 * clock.c — the real clock of each cluster: pinned to the cluster's first
 * CPU, measured with the dependent-instruction chains of src/platform/cpuclock.c,
 * and compared with what cpufreq (or /proc/cpuinfo) claims.
 */
#define _GNU_SOURCE
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <jansson.h>

#include "platform/clock.h"
#include "platform/cpuclock.h"
#include "platform/health.h"

/* A clock gap worth a sentence: at least this, and more than the
 * measurement's own spread (measured_spread). */
#define CLOCK_GAP 0.03

/* See clock.h. */
int platform_measure_clocks(platform_cpu *cpu)
{
    cpu_set_t saved;
    int have_saved = sched_getaffinity(0, sizeof saved, &saved) == 0;
    int measured = 0;
    for (int c = 0; c < cpu->n_clusters; c++) {
        platform_cluster *cl = &cpu->clusters[c];
        cl->measured_mhz = cl->measured_check_mhz = cl->measured_spread = 0;
        cl->measured_agree = 0;
        if (cl->n_cpus == 0)
            continue;
        /* The first CPU of the cluster this process may run on. */
        int pinned = 0;
        for (int i = 0; i < cl->n_cpus && !pinned; i++) {
            int id = cl->cpus[i];
            if (have_saved && id < CPU_SETSIZE && !CPU_ISSET(id, &saved))
                continue;
            pinned = cm_pin_to_cpu(id) == 0;
        }
        if (!pinned)
            continue;
        cm_cpuclock clk;
        cm_cpuclock_measure(&clk, CM_CPUCLOCK_REPEATS);
        if (!clk.supported)
            break;
        cl->measured_mhz = clk.mhz;
        cl->measured_check_mhz = clk.mhz_check;
        cl->measured_spread = clk.spread;
        cl->measured_agree = clk.agree;
        cpu->clock_method = clk.method;
        measured++;
    }
    if (have_saved)
        sched_setaffinity(0, sizeof saved, &saved);
    return measured;
}

/* What the claimed clock of cl is, in words. */
static const char *claim_words(const platform_cluster *cl)
{
    if (cl->claimed_source && strcmp(cl->claimed_source, "cpufreq max") == 0)
        return "cpufreq's maximum";
    if (cl->claimed_source && strcmp(cl->claimed_source, "model name") == 0)
        return "the model name's clock";
    return "the \"cpu MHz\" of /proc/cpuinfo";
}

/* The sentence of a clock gap (measured / claimed - 1) beyond limit. */
static void gap_sentence(const platform_cluster *cl, const char *name, double gap, double limit, char *msg,
                         size_t len)
{
    const char *claim = claim_words(cl), *s = cl->n_cpus > 1 ? "" : "s";
    char spread[96];
    snprintf(spread, sizeof spread, " (the measurement's own spread is %.1f%%)", 100.0 * cl->measured_spread);
    if (gap < 0) {
        /* Below the claim: is it at least the current cpufreq clock? */
        double cur_gap = cl->freq_cur_mhz > 0 ? cl->measured_mhz / cl->freq_cur_mhz - 1.0 : 1.0;
        snprintf(msg, len, "%s run%s at %.0f MHz measured, %.1f%% below the %.0f MHz of %s%s%s", name, s,
                 cl->measured_mhz, -100.0 * gap, cl->claimed_mhz, claim, spread,
                 fabs(cur_gap) <= limit
                     ? ": it was at its current cpufreq clock, not the top one (the governor "
                       "had not raised it), so figures may be lower than the CPU can do."
                     : ": the clock is capped (thermal or power limit, firmware) or cpufreq "
                       "reports a clock the core never reaches.");
    } else {
        snprintf(msg, len, "%s run%s at %.0f MHz measured, %.1f%% above the %.0f MHz of %s%s: %s", name, s,
                 cl->measured_mhz, 100.0 * gap, cl->claimed_mhz, claim, spread,
                 strcmp(claim, "cpufreq's maximum") == 0
                     ? "cpufreq under-reports the top clock (boost/turbo states it does not list)."
                     : "the figure there is a nominal or stale clock (a turbo clock, or a "
                       "virtual machine that reports the host's base clock); cycles per byte use "
                       "the measured clock.");
    }
}

/* See clock.h. */
int platform_clock_flags(const platform_cpu *cpu, json_t *flags)
{
    int rc = 0;
    for (int c = 0; c < cpu->n_clusters; c++) {
        const platform_cluster *cl = &cpu->clusters[c];
        if (cl->measured_mhz <= 0 || cl->claimed_mhz <= 0)
            continue;
        double gap = cl->measured_mhz / cl->claimed_mhz - 1.0;
        char cpus[64], name[160], msg[768];
        platform_cluster_cpus(cl, cpus, sizeof cpus);
        snprintf(name, sizeof name, "CPU%s %s%s%s%s", cl->n_cpus > 1 ? "s" : "", cpus,
                 cl->core_name[0] ? " (" : "", cl->core_name, cl->core_name[0] ? ")" : "");
        /* A gap within the repeats' own spread is the measurement's noise. */
        double limit = fmax(CLOCK_GAP, cl->measured_spread);
        if (fabs(gap) > limit) {
            gap_sentence(cl, name, gap, limit, msg, sizeof msg);
            rc |= platform_flag_add(flags, "clock-gap", gap < 0 ? "warning" : "info", msg);
        }
        if (!cl->measured_agree && cl->measured_check_mhz > 0) {
            snprintf(msg, sizeof msg,
                     "%s: the two clock measurements disagree (%.0f and %.0f MHz): the clock "
                     "changed while it was measured, or the core runs one of the instruction "
                     "chains faster than one per cycle.",
                     name, cl->measured_mhz, cl->measured_check_mhz);
            rc |= platform_flag_add(flags, "clock-unsteady", "warning", msg);
        }
    }
    return rc;
}
