/*
 * aes_twins.c — clusters that disagree with their twins (verdict.h): in one
 * run or one imported log, clusters of the same core family at clocks
 * within TWIN_CLOCK_GAP must score alike per MHz. A cluster more than
 * TWIN_GAP off the median of its twins is flagged, even inside the
 * family's tolerance, with the likely causes and what the run or log
 * shows ("observed", given by the caller).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/text.h"
#include "util/stats.h"
#include "platform/aes_result.h"
#include "platform/verdict.h"

#define TWIN_CLOCK_GAP 0.03
#define TWIN_GAP 0.025
#define MAX_SCORES 64

/* The verdicts whose figure says something about a core. */
static int usable(const platform_aes_result *s)
{
    static const char *const no[] = {"insufficient-data", "emulated-cpu", "crypto-extensions-absent",
                                      "crypto-extensions-unused", "crypto-extensions-absent-or-unused",
                                      "score-contradicts-features"};
    if (!s->verdict || !(s->score_per_mhz > 0) || !(s->mhz > 0))
        return 0;
    for (size_t i = 0; i < sizeof no / sizeof *no; i++)
        if (strcmp(s->verdict, no[i]) == 0)
            return 0;
    return 1;
}

/* The twin key of a score: its family, else its core name. */
static const char *key_of(const platform_aes_result *s)
{
    return s->family ? s->family : s->core_name;
}

/* How a score is named in sentences: "cluster N" or "figure N". */
static void name_of(const platform_aes_result *s, size_t i, char *buf, size_t len)
{
    if (s->added.cluster.kind == PLATFORM_CLUSTER_INT)
        snprintf(buf, len, "cluster %lld", s->added.cluster.index);
    else if (s->added.cluster.kind == PLATFORM_CLUSTER_STRING)
        snprintf(buf, len, "cluster %s", s->added.cluster.name);
    else
        snprintf(buf, len, "figure %zu", i);
}

/* The sentence of a flagged cluster: its figures, its twins', the likely
 * causes and what the run or log shows. */
static void flag_message(const platform_aes_result *scores, size_t i, const size_t *tw, size_t n, double ref,
                         double dev, char *msg, size_t len)
{
    const platform_aes_result *s = &scores[i];
    char who[64], other[64];
    size_t k;
    name_of(s, i, who, sizeof who);
    msg[0] = '\0';
    cm_text_append(msg, len, "%s (%s) scores %.1f per MHz at %.0f MHz, %+.1f%% off %s twin%s of the same family at clocks "
        "within %.0f%% (", who, key_of(s), s->score_per_mhz, s->mhz, 100 * dev,
        n == 1 ? "its" : "the median of its", n == 1 ? "" : "s", 100 * TWIN_CLOCK_GAP);
    for (k = 0; k < n; k++) {
        const platform_aes_result *t = &scores[tw[k]];
        name_of(t, tw[k], other, sizeof other);
        cm_text_append(msg, len, "%s%s: %.1f at %.0f MHz", k ? ", " : "", other, t->score_per_mhz, t->mhz);
    }
    cm_text_append(msg, len, "; %.1f), which should score alike", ref);
    if (s->added.n_observed) {
        cm_text_append(msg, len, "; the run shows: ");
        for (k = 0; k < s->added.n_observed; k++)
            cm_text_append(msg, len, "%s%s", k ? "; " : "", s->added.observed[k]);
    }
    if (dev < 0)
        cm_text_append(msg, len, ". Likely causes: throttling or background load during its test, a slower memory path, or a "
                      "clock read higher than it ran");
    else
        cm_text_append(msg, len, ". Likely causes: a clock read lower than it ran, or its twins slowed by throttling, load or a "
                      "slower memory path");
    cm_text_append(msg, len, "; measure %s again on an idle, cool machine before trusting either figure.", who);
}

/* The twin check of scores[i] against its twins tw[0..nt). -1 when out
 * of memory. */
static int check(platform_aes_result *scores, size_t i, const size_t *tw, size_t nt, double ref)
{
    platform_aes_twin_check *t = &scores[i].added.twins;
    double dev = scores[i].score_per_mhz / ref - 1.0;
    char msg[2048] = "";
    memset(t, 0, sizeof *t);
    t->present = 1;
    t->reference_score_per_mhz = ref;
    t->deviation = dev;
    t->flagged = fabs(dev) > TWIN_GAP;
    if (t->flagged) {
        flag_message(scores, i, tw, nt, ref, dev, msg, sizeof msg);
        if (!(t->message = strdup(msg)))
            return -1;
    }
    if (!(t->clusters = calloc(nt, sizeof *t->clusters)))
        return -1;
    for (size_t k = 0; k < nt; k++, t->n_clusters++) {
        const platform_aes_cluster *c = &scores[tw[k]].added.cluster;
        platform_aes_cluster by_index = {PLATFORM_CLUSTER_INT, (long long)tw[k], NULL};
        if (platform_aes_cluster_copy(c->kind == PLATFORM_CLUSTER_ABSENT ? &by_index : c, &t->clusters[k]) != 0)
            return -1;
    }
    return 0;
}

/* See verdict.h. */
int platform_aes_twins(platform_aes_result *scores, size_t n)
{
    if (n > MAX_SCORES)
        n = MAX_SCORES;
    for (size_t i = 0; i < n; i++) {
        const platform_aes_result *s = &scores[i];
        if (!usable(s) || !key_of(s))
            continue;
        size_t tw[MAX_SCORES], nt = 0;
        double v[MAX_SCORES];
        for (size_t j = 0; j < n; j++) {
            const platform_aes_result *t = &scores[j];
            if (j == i || !usable(t) || !key_of(t) || strcmp(key_of(s), key_of(t)) != 0)
                continue;
            if (fabs(t->mhz / s->mhz - 1.0) > TWIN_CLOCK_GAP)
                continue;
            v[nt] = t->score_per_mhz;
            tw[nt++] = j;
        }
        if (nt && check(scores, i, tw, nt, cm_median_sort(v, nt)) != 0)
            return -1;
    }
    return 0;
}
