/*
 * stats.h — robust statistics of a sample set: the median is the figure to
 * quote; min, MAD, the distribution-free 95% confidence interval of the
 * median, the coefficient of variation and outliers describe its spread.
 */
#ifndef CM_CORE_STATS_H
#define CM_CORE_STATS_H

#include <stddef.h>

typedef struct cm_stats {
    size_t n;
    double median, min, max, mean, stddev;
    double mad;              /* median absolute deviation (unscaled) */
    double ci_low, ci_high;  /* 95% CI of the median (order statistics) */
    double ci_rel;           /* max(median-ci_low, ci_high-median) / median */
    double cv;               /* stddev / mean */
    size_t n_outliers;       /* modified z-score |0.6745 (x-median)/MAD| > 3.5 */
} cm_stats;

/* Computes s from x[0..n). When outlier is not NULL, outlier[i] is set to 1
 * for each outlying x[i], else 0. n == 0 gives all zeros. */
void cm_stats_compute(const double *x, size_t n, cm_stats *s, unsigned char *outlier);

#endif
