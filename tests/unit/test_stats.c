/*
 * test_stats.c — statistics on data whose answers are worked out by hand.
 */
#include <string.h>
#include "util/stats.h"
#include "check.h"

int main(void)
{
    cm_stats s;
    unsigned char out[32];

    /* 1..9 shuffled: median 5, MAD 2 (|x-5| sorted: 0 1 1 2 2 3 3 4 4) */
    double a[] = {7, 1, 9, 3, 5, 2, 8, 4, 6};
    cm_stats_compute(a, 9, &s, out);
    CHECK(s.n == 9);
    CHECK_NEAR(s.median, 5, 0);
    CHECK_NEAR(s.min, 1, 0);
    CHECK_NEAR(s.max, 9, 0);
    CHECK_NEAR(s.mean, 5, 1e-12);
    CHECK_NEAR(s.mad, 2, 0);
    CHECK_NEAR(s.stddev, sqrt(7.5), 1e-12); /* sample variance of 1..9 is 7.5 */
    CHECK_NEAR(s.cv, sqrt(7.5) / 5, 1e-12);
    CHECK(s.n_outliers == 0);
    /* n=9: ranks floor(4.5-2.94)=1 and ceil(1+4.5+2.94)=9 -> [1, 9] */
    CHECK_NEAR(s.ci_low, 1, 0);
    CHECK_NEAR(s.ci_high, 9, 0);
    CHECK_NEAR(s.ci_rel, 0.8, 1e-12);

    /* cm_median_sort, the one median every other caller uses: sorts in place */
    double odd[] = {3, 1, 2}, even[] = {4, 1, 3, 2}, one[] = {7};
    CHECK_NEAR(cm_median_sort(odd, 3), 2, 0);
    CHECK(odd[0] == 1 && odd[1] == 2 && odd[2] == 3);
    CHECK_NEAR(cm_median_sort(even, 4), 2.5, 0);
    CHECK(even[0] == 1 && even[3] == 4);
    CHECK_NEAR(cm_median_sort(one, 1), 7, 0);

    /* even count: median is the mean of the middle two */
    double b[] = {4, 1, 3, 2};
    cm_stats_compute(b, 4, &s, NULL);
    CHECK_NEAR(s.median, 2.5, 0);
    CHECK_NEAR(s.ci_low, 1, 0); /* fewer than 6 samples: [min, max] */
    CHECK_NEAR(s.ci_high, 4, 0);

    /* 100 samples 1..100: 95% CI of the median by ranks 40 and 61 */
    double c[100];
    for (int i = 0; i < 100; i++)
        c[i] = 100 - i;
    cm_stats_compute(c, 100, &s, NULL);
    CHECK_NEAR(s.median, 50.5, 0);
    CHECK_NEAR(s.ci_low, 40, 0);
    CHECK_NEAR(s.ci_high, 61, 0);

    /* one wild value among steady ones is an outlier, and only it */
    double d[] = {10, 10.1, 9.9, 10, 10.2, 9.8, 10, 10.1, 9.9, 30};
    cm_stats_compute(d, 10, &s, out);
    CHECK(s.n_outliers == 1);
    CHECK(out[9] == 1);
    CHECK(out[0] == 0);
    CHECK_NEAR(s.median, 10, 1e-12);

    /* all equal: MAD 0, no outliers, CI zero-width */
    double e[] = {3, 3, 3, 3, 3, 3, 3};
    cm_stats_compute(e, 7, &s, out);
    CHECK(s.n_outliers == 0);
    CHECK_NEAR(s.ci_rel, 0, 0);
    CHECK_NEAR(s.cv, 0, 0);

    /* no samples: everything zero, no crash */
    cm_stats_compute(NULL, 0, &s, NULL);
    CHECK(s.n == 0 && s.median == 0);
    return check_done("test_stats");
}
