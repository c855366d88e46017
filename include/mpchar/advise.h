/* Advice from models (issue 23, seed 000 Section 5.3, seed 001 Section 5):
 * for every library of a model, the intervals of message length n at each
 * p where a substitute is predicted faster than the primitive it replaces:
 * the combinations of the equivalence table (mpchar/equivalences.h) and,
 * where the model holds a library's own algorithms as libraries named
 * "<base>@<coll>:<algorithm>", each algorithm against the library's
 * default choice.  Crossovers are the roots of T_substitute(n) -
 * T_primitive(n), solved on the fitted models (src/advise/crossover.c).
 * MPI-free; uses GSL. */
#ifndef MPCHAR_ADVISE_H
#define MPCHAR_ADVISE_H

#include <stdbool.h>
#include <stddef.h>

#include "mpchar/error.h"
#include "mpchar/model.h"

#define MPCHAR_ADVICE_TEXT_MAX 128

/* One advised region: at p processes and n_from_bytes < n < n_to_bytes,
 * `substitute` beats `primitive` of `library`. */
typedef struct mpchar_advice {
    char library[MPCHAR_NAME_MAX];
    char primitive[MPCHAR_NAME_MAX];
    /* an equivalence's substitute pattern ("bcast_sa") or
     * "algorithm <name>" */
    char substitute[MPCHAR_ADVICE_TEXT_MAX];
    char text[MPCHAR_ADVICE_TEXT_MAX]; /* "Scatter + Allgather" */
    long p;
    double n_from_bytes, n_to_bytes;
    double n_max_bytes; /* the end of the range solved (a region ending
                           there ends with the range, not at a crossover) */
    /* the region's example size (geometric centre) and the fraction of
     * the primitive's time saved there: 1 - T_substitute/T_primitive */
    double n_example_bytes, predicted_gain;
    double t_primitive_us, t_substitute_us; /* at the example */
    /* some of the region lies beyond the measured n, or p was not
     * measured (parameters from p-forms) */
    bool extrapolated;
} mpchar_advice;

/* A comparison that could not be made, and why (one line). */
typedef struct mpchar_advice_note {
    char text[512];
} mpchar_advice_note;

typedef struct mpchar_advice_list {
    mpchar_advice *items;
    size_t count, cap;
    mpchar_advice_note *notes;
    size_t nnotes, notes_cap;
    size_t compared;       /* (library, primitive, substitute, p) solved */
    size_t below_min_gain; /* regions left out for a gain below min_gain */
} mpchar_advice_list;

typedef struct mpchar_advise_options {
    const long *ps; /* p to advise for; NULL: each primitive's measured p */
    size_t nps;
    double max_bytes; /* upper end of n; <= 0: the largest measured */
    /* regions whose predicted gain at their example is below this
     * fraction are left out (counted): a few percent is within the noise
     * of the fits (0: every region) */
    double min_gain;
    const char *library;   /* only this base library; NULL: every one */
    const char *primitive; /* only this primitive; NULL: every one */
} mpchar_advise_options;

/* Fills *out (zeroed first; free with mpchar_advice_list_free).  Fails
 * with one line on an unknown library or primitive, and when not one
 * comparison could be made (the first note says why). */
int mpchar_advise(const mpchar_model *model, const mpchar_advise_options *opt,
                  mpchar_advice_list *out, mpchar_error *err);
void mpchar_advice_list_free(mpchar_advice_list *l);

/* The times the model predicts for an advised region's primitive and
 * substitute at n bytes (and its p). */
int mpchar_advice_predict(const mpchar_model *model, const mpchar_advice *a,
                          double n_bytes, double *t_primitive_us_p,
                          double *t_substitute_us_p, mpchar_error *err);

/* The base library and collective of a library named
 * "<base>@<coll>:<algorithm>"; false for any other name.  base and coll
 * hold MPCHAR_NAME_MAX bytes, algorithm MPCHAR_ADVICE_TEXT_MAX. */
bool mpchar_algorithm_library(const char *library, char *base, char *coll,
                              char *algorithm);

/* The difference d(n) = T_substitute(n) - T_primitive(n) at one p, as the
 * crossover solver sees it; returns 0 and *d_us_p, or -1. */
typedef int (*mpchar_difference_fn)(double n_bytes, void *ctx, double *d_us_p,
                                    mpchar_error *err);

/* The intervals of [0, n_max_bytes] where d < 0: their bounds are the
 * roots of d (Brent's method on each sign change of d between the
 * points of a log grid of 16 points per octave, and on its jumps);
 * lo/hi hold up to cap intervals, *count_p how many. */
int mpchar_negative_intervals(mpchar_difference_fn d, void *ctx,
                              double n_max_bytes, double *lo, double *hi,
                              size_t cap, size_t *count_p, mpchar_error *err);

#endif
