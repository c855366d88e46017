/* Summary statistics of one point's repetition times. */
#ifndef MPCHAR_STATS_H
#define MPCHAR_STATS_H

#include <stddef.h>

#include "mpchar/error.h"

typedef struct mpchar_stats {
    double min, median, mean, max, stddev; /* stddev: sample (n-1) */
} mpchar_stats;

/* qsort comparator of doubles, ascending. */
int mpchar_compare_double(const void *a, const void *b);

/* Sorts x in place (the caller's raw order is not needed afterwards) and
 * fills *stats_p.  Needs count >= 1; stddev is 0 for a single value. */
int mpchar_stats_compute(double *x, size_t count, mpchar_stats *stats_p,
                         mpchar_error *err);

#endif
