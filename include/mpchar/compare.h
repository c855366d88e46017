/* Comparing two sets of measurements point by point (`mpchar compare A B`):
 * which library of A is compared with which of B, the matching of points
 * by key, the B/A time ratio, the noise allowance each point gets from
 * the data itself, and the verdict.  MPI-free and print-free, so that the
 * rule is unit-tested with known numbers; docs/compare.md states it.
 *
 * The rule, with spread(x) = (t_median_us - t_min_us) / t_min_us of one
 * side's point x:
 *   noise_X(x)   = max(spread(x), median of spread over x and its nearest
 *                  neighbour in n on each side within its series; at an end
 *                  of the series, its two nearest neighbours on one side)
 *   allowance(x) = max(noise_A(x), noise_B(x))
 *   slower:  B/A - 1 > threshold + allowance
 *   faster:  A/B - 1 > threshold + allowance
 * A series is one (library, pattern, variant, op, datatype, p), both sets
 * (fit and validation sizes) together. */
#ifndef MPCHAR_COMPARE_H
#define MPCHAR_COMPARE_H

#include <stdbool.h>
#include <stddef.h>

#include "mpchar/error.h"
#include "mpchar/results.h"

#define MPCHAR_COMPARE_MAX_PAIRS 64

typedef enum mpchar_compare_stat {
    MPCHAR_COMPARE_STAT_MIN,    /* t_min_us */
    MPCHAR_COMPARE_STAT_MEDIAN, /* t_median_us */
} mpchar_compare_stat;

typedef enum mpchar_compare_verdict {
    MPCHAR_VERDICT_WITHIN,    /* within threshold + noise allowance */
    MPCHAR_VERDICT_SLOWER,    /* B slower beyond threshold + allowance */
    MPCHAR_VERDICT_FASTER,    /* B faster beyond threshold + allowance */
    MPCHAR_VERDICT_UNDEFINED, /* a time of 0: no ratio */
} mpchar_compare_verdict;

typedef struct mpchar_compare_options {
    mpchar_compare_stat stat;
    double threshold;            /* a fraction: 0.10 for 10 % */
    bool include_oversubscribed; /* judge oversubscribed points too */
    const char *library_a;       /* NULL: chosen automatically */
    const char *library_b;       /* NULL: chosen automatically */
} mpchar_compare_options;

/* One library of A compared with one library of B. */
typedef struct mpchar_library_pair {
    char a[MPCHAR_NAME_MAX];
    char b[MPCHAR_NAME_MAX];
} mpchar_library_pair;

typedef enum mpchar_pairing {
    MPCHAR_PAIRING_COMMON, /* the libraries in both A and B, by name */
    MPCHAR_PAIRING_SINGLE, /* no library in common: A's only one with B's */
    MPCHAR_PAIRING_CHOSEN, /* --library-a / --library-b */
} mpchar_pairing;

typedef struct mpchar_compare_point {
    mpchar_point_key key; /* A's key (its library is A's) */
    char library_b[MPCHAR_NAME_MAX];
    size_t pair;             /* index into mpchar_comparison.pairs */
    size_t series;           /* same value for one (pair, pattern, variant,
                                op, datatype, p); ascending in A's order */
    double a_us, b_us;       /* the compared statistic */
    double noise_a, noise_b; /* fractions, as in the rule above */
    double allowance;        /* max(noise_a, noise_b), a fraction */
    double ratio;            /* b_us / a_us; NAN when undefined */
    bool oversubscribed;     /* on either side */
    bool judged;             /* counts in the summary and --fail-above */
    mpchar_compare_verdict verdict;
} mpchar_compare_point;

typedef struct mpchar_compare_summary {
    size_t judged, slower, faster, within, undefined;
    size_t oversubscribed_not_judged;
    double geomean_ratio; /* over judged points with a ratio; NAN if none */
    size_t worst;         /* index of the judged point with the largest
                             ratio; SIZE_MAX if none */
} mpchar_compare_summary;

typedef struct mpchar_comparison {
    mpchar_pairing pairing;
    mpchar_library_pair pairs[MPCHAR_COMPARE_MAX_PAIRS];
    size_t pair_count;
    mpchar_compare_point *points; /* sorted by pair, series, n, set */
    size_t count;
    mpchar_point_key *only_a, *only_b; /* points of the compared libraries
                                          found on one side only */
    size_t only_a_count, only_b_count;
    size_t other_a, other_b; /* rows of libraries not compared */
    mpchar_compare_summary summary;
} mpchar_comparison;

/* (t_median - t_min) / t_min; 0 when both are 0, INFINITY when only t_min
 * is. */
double mpchar_compare_spread(const mpchar_measurement *m);
/* The same of any median and minimum (seconds or microseconds alike). */
double mpchar_compare_spread_of(double median, double min);

/* The verdict of one ratio against threshold + allowance (fractions). */
mpchar_compare_verdict mpchar_compare_judge(double ratio, double allowance,
                                            double threshold);

/* Chooses the library pairs (see mpchar_pairing).  Fails, naming the
 * libraries of each side, when a chosen library is absent or when the
 * sides share none and either holds more than one. */
int mpchar_compare_pair_libraries(const mpchar_measurements *a,
                                  const mpchar_measurements *b,
                                  const mpchar_compare_options *opt,
                                  mpchar_comparison *c, mpchar_error *err);

/* Pairs the libraries, matches the points, judges each and summarizes.
 * a and b are not modified and may be freed afterwards.  On failure *out
 * is left untouched. */
int mpchar_compare_run(const mpchar_measurements *a,
                       const mpchar_measurements *b,
                       const mpchar_compare_options *opt,
                       mpchar_comparison *out, mpchar_error *err);

void mpchar_comparison_free(mpchar_comparison *c);

#endif
