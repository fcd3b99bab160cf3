/*
 * stats.c — see stats.h. The confidence interval of the median uses the
 * binomial order-statistic ranks n/2 -/+ 1.96 sqrt(n)/2 (normal
 * approximation); with fewer than 6 samples it is [min, max].
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/stats.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median of sorted v[0..n), n > 0. */
static double sorted_median(const double *v, size_t n)
{
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

void cm_sort_doubles(double *v, size_t n)
{
    qsort(v, n, sizeof *v, cmp_double);
}

double cm_median_sort(double *v, size_t n)
{
    cm_sort_doubles(v, n);
    return sorted_median(v, n);
}

void cm_stats_compute(const double *x, size_t n, cm_stats *s, unsigned char *outlier)
{
    memset(s, 0, sizeof *s);
    if (n == 0)
        return;
    double *v = malloc(n * sizeof *v), *dev = malloc(n * sizeof *dev);
    if (!v || !dev) {
        free(v);
        free(dev);
        return;
    }
    memcpy(v, x, n * sizeof *v);
    s->n = n;
    s->median = cm_median_sort(v, n);
    s->min = v[0];
    s->max = v[n - 1];

    double sum = 0, sq = 0;
    for (size_t i = 0; i < n; i++)
        sum += v[i];
    s->mean = sum / (double)n;
    for (size_t i = 0; i < n; i++)
        sq += (v[i] - s->mean) * (v[i] - s->mean);
    s->stddev = n > 1 ? sqrt(sq / (double)(n - 1)) : 0;
    /* |mean|: samples less their loop overhead can fall below zero for an
     * operation faster than its overhead is known (a figure the record
     * marks); the spread itself is never negative */
    s->cv = s->mean != 0 ? s->stddev / fabs(s->mean) : 0;

    for (size_t i = 0; i < n; i++)
        dev[i] = fabs(v[i] - s->median);
    s->mad = cm_median_sort(dev, n);

    if (n < 6) {
        s->ci_low = v[0];
        s->ci_high = v[n - 1];
    } else {
        double half = 1.96 * sqrt((double)n) / 2.0;
        long lo = (long)floor((double)n / 2.0 - half); /* 1-based ranks */
        long hi = (long)ceil(1.0 + (double)n / 2.0 + half);
        if (lo < 1)
            lo = 1;
        if (hi > (long)n)
            hi = (long)n;
        s->ci_low = v[lo - 1];
        s->ci_high = v[hi - 1];
    }
    if (s->median != 0) {
        double a = s->median - s->ci_low, b = s->ci_high - s->median;
        s->ci_rel = (a > b ? a : b) / fabs(s->median);
    }

    for (size_t i = 0; i < n; i++) {
        int out = s->mad > 0 && fabs(0.6745 * (x[i] - s->median) / s->mad) > 3.5;
        s->n_outliers += (size_t)out;
        if (outlier)
            outlier[i] = (unsigned char)out;
    }
    free(v);
    free(dev);
}
