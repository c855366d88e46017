/* Statistics over repetitions: kept apart from timing and output so that
 * the benchmark loop only collects raw times (as ReproMPI does). */
#include "mpchar/stats.h"

#include <math.h>
#include <stdlib.h>

int mpchar_compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int mpchar_stats_compute(double *x, size_t count, mpchar_stats *stats_p,
                         mpchar_error *err)
{
    if (count == 0)
        return mpchar_error_set(err, "no repetitions to summarize");
    qsort(x, count, sizeof *x, mpchar_compare_double);
    double sum = 0.0;
    for (size_t i = 0; i < count; i++)
        sum += x[i];
    double mean = sum / (double)count;
    /* Two-pass variance: the one-pass formula loses precision when the
     * spread is tiny against the mean, as it is for quiet points. */
    double ss = 0.0;
    for (size_t i = 0; i < count; i++)
        ss += (x[i] - mean) * (x[i] - mean);
    stats_p->min = x[0];
    stats_p->max = x[count - 1];
    stats_p->median =
        count % 2 ? x[count / 2] : 0.5 * (x[count / 2 - 1] + x[count / 2]);
    stats_p->mean = mean;
    stats_p->stddev = count > 1 ? sqrt(ss / (double)(count - 1)) : 0.0;
    return 0;
}
