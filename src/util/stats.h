/*
 * stats.h — robust statistics of a sample set: the median is the figure to
 * quote; min, MAD, the distribution-free 95% confidence interval of the
 * median, the coefficient of variation and outliers describe its spread.
 */
#ifndef CM_UTIL_STATS_H
#define CM_UTIL_STATS_H

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

/* Sorts v[0..n) in place, ascending. */
void cm_sort_doubles(double *v, size_t n);

/* The median of v[0..n) (n > 0), sorting v in place: the middle value, or
 * the mean of the two middle ones. Every median of the project is this
 * one (or cm_stats_compute's, which calls it). */
double cm_median_sort(double *v, size_t n);

/* Computes s from x[0..n). When outlier is not NULL, outlier[i] is set to 1
 * for each outlying x[i], else 0. n == 0 gives all zeros. */
void cm_stats_compute(const double *x, size_t n, cm_stats *s, unsigned char *outlier);

#endif
