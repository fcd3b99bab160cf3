/*
 * aes_twins.c — clusters that disagree with their twins (verdict.h): in one
 * run or one imported log, clusters of the same core family at clocks
 * within TWIN_CLOCK_GAP must score alike per MHz. A cluster more than
 * TWIN_GAP off the median of its twins is flagged, even inside the
 * family's tolerance, with the likely causes and what the run or log
 * shows ("observed", given by the caller).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "util/stats.h"
#include "platform/verdict.h"
#include "util/json.h"

#define TWIN_CLOCK_GAP 0.03
#define TWIN_GAP 0.025
#define MAX_SCORES 64

/* The verdicts whose figure says something about a core. */
static int usable(const json_t *s)
{
    static const char *const no[] = {"insufficient-data", "emulated-cpu", "crypto-extensions-absent",
                                      "crypto-extensions-unused", "crypto-extensions-absent-or-unused",
                                      "score-contradicts-features"};
    const char *code = json_string_value(json_object_get(s, "verdict"));
    if (!code || !(json_number_value(json_object_get(s, "score_per_mhz")) > 0) ||
        !(json_number_value(json_object_get(s, "mhz")) > 0))
        return 0;
    for (size_t i = 0; i < sizeof no / sizeof *no; i++)
        if (strcmp(code, no[i]) == 0)
            return 0;
    return 1;
}

/* The twin key of a score: its family, else its core name. */
static const char *key_of(const json_t *s)
{
    const char *f = json_string_value(json_object_get(s, "family"));
    return f ? f : json_string_value(json_object_get(s, "core_name"));
}

/* How a score is named in sentences: "cluster N" or "figure N". */
static void name_of(const json_t *s, size_t i, char *buf, size_t len)
{
    const json_t *c = json_object_get(s, "cluster");
    if (json_is_integer(c))
        snprintf(buf, len, "cluster %lld", (long long)json_integer_value(c));
    else if (json_is_string(c))
        snprintf(buf, len, "cluster %s", json_string_value(c));
    else
        snprintf(buf, len, "figure %zu", i);
}

/* Appends printf-style text to buf. */
__attribute__((format(printf, 3, 4))) static void cat(char *buf, size_t len, const char *fmt, ...)
{
    size_t used = strlen(buf);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + used, len - used, fmt, ap);
    va_end(ap);
}

/* The sentence of a flagged cluster: its figures, its twins', the likely
 * causes and what the run or log shows. */
static void flag_message(const json_t *scores, size_t i, const size_t *tw, size_t n, double ref, double dev,
                         char *msg, size_t len)
{
    const json_t *s = json_array_get(scores, i), *o;
    char who[64], other[64];
    size_t k;
    name_of(s, i, who, sizeof who);
    msg[0] = '\0';
    cat(msg, len, "%s (%s) scores %.1f per MHz at %.0f MHz, %+.1f%% off %s twin%s of the same family at clocks "
        "within %.0f%% (", who, key_of(s), json_number_value(json_object_get(s, "score_per_mhz")),
        json_number_value(json_object_get(s, "mhz")), 100 * dev, n == 1 ? "its" : "the median of its",
        n == 1 ? "" : "s", 100 * TWIN_CLOCK_GAP);
    for (k = 0; k < n; k++) {
        const json_t *t = json_array_get(scores, tw[k]);
        name_of(t, tw[k], other, sizeof other);
        cat(msg, len, "%s%s: %.1f at %.0f MHz", k ? ", " : "", other,
            json_number_value(json_object_get(t, "score_per_mhz")), json_number_value(json_object_get(t, "mhz")));
    }
    cat(msg, len, "; %.1f), which should score alike", ref);
    const json_t *obs = json_object_get(s, "observed");
    if (json_array_size(obs)) {
        cat(msg, len, "; the %s shows: ", json_object_get(s, "log_sha256") ? "log" : "run");
        json_array_foreach(obs, k, o)
            cat(msg, len, "%s%s", k ? "; " : "", json_string_value(o) ? json_string_value(o) : "?");
    }
    if (dev < 0)
        cat(msg, len, ". Likely causes: throttling or background load during its test, a slower memory path, or a "
                      "clock read higher than it ran");
    else
        cat(msg, len, ". Likely causes: a clock read lower than it ran, or its twins slowed by throttling, load or a "
                      "slower memory path");
    cat(msg, len, "; measure %s again on an idle, cool machine before trusting either figure.", who);
}

/* See verdict.h. */
int platform_aes_twins(json_t *scores)
{
    size_t n = json_array_size(scores);
    if (n > MAX_SCORES)
        n = MAX_SCORES;
    for (size_t i = 0; i < n; i++) {
        json_t *s = json_array_get(scores, i);
        if (!usable(s) || !key_of(s))
            continue;
        double mhz = json_number_value(json_object_get(s, "mhz"));
        double spm = json_number_value(json_object_get(s, "score_per_mhz"));
        size_t tw[MAX_SCORES], nt = 0;
        double v[MAX_SCORES];
        for (size_t j = 0; j < n; j++) {
            const json_t *t = json_array_get(scores, j);
            if (j == i || !usable(t) || !key_of(t) || strcmp(key_of(s), key_of(t)) != 0)
                continue;
            if (fabs(json_number_value(json_object_get(t, "mhz")) / mhz - 1.0) > TWIN_CLOCK_GAP)
                continue;
            v[nt] = json_number_value(json_object_get(t, "score_per_mhz"));
            tw[nt++] = j;
        }
        if (!nt)
            continue;
        double ref = cm_median_sort(v, nt);
        double dev = spm / ref - 1.0;
        int flagged = fabs(dev) > TWIN_GAP;
        char msg[2048] = "";
        if (flagged)
            flag_message(scores, i, tw, nt, ref, dev, msg, sizeof msg);
        json_t *idx = json_array();
        int rc = idx ? 0 : -1;
        for (size_t k = 0; k < nt && rc == 0; k++) {
            const json_t *c = json_object_get(json_array_get(scores, tw[k]), "cluster");
            rc |= json_array_append_new(idx, c ? json_incref((json_t *)c) : json_integer((json_int_t)tw[k]));
        }
        json_t *o = rc == 0 ? json_pack("{s:o, s:f, s:f, s:b, s:s?}", "clusters", idx, "reference_score_per_mhz",
                                        ref, "deviation", dev, "flagged", flagged, "message",
                                        flagged ? msg : NULL)
                            : NULL;
        if (rc == 0 && !o)
            json_decref(idx);
        if (!o || json_object_set_new(s, "twins", o) != 0)
            return -1;
    }
    return 0;
}
