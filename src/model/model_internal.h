/* Declarations shared by the files of src/model only (prefix mpchar__). */
#ifndef MPCHAR_MODEL_INTERNAL_H
#define MPCHAR_MODEL_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "mpchar/grow.h"
#include "mpchar/model.h"

/* One model-size point: n in bytes, t the fitted statistic in us. */
typedef struct mpchar__point {
    double n, t;
} mpchar__point;

/* A point's least-squares weight: 1/t_ref^2 under relative weighting (t_ref
 * the time that scales its residual), 1 under absolute. */
double mpchar__fit_weight(double t_ref, mpchar_weighting w);

/* Fits y = a + b*x.  wref[i] > 0 is the scale of point i's residual under
 * relative weighting (the measured time); NULL means y.  cover[i] scales
 * point i's weight (coverage.c); NULL means 1.  Needs two distinct x.
 * Robust fitting falls back to plain least squares when there are too few
 * points for it. */
int mpchar__line_fit(const double *x, const double *y, const double *wref,
                     const double *cover, size_t count, mpchar_weighting w,
                     bool robust, double *a_p, double *b_p);

/* Each sorted point's weight in a fit, at most 1, into w: sizes packed
 * closer than the grid's usual step share their span (coverage.c). */
int mpchar__coverage_weights(const mpchar__point *pt, size_t count, double *w);

/* Hockney, t_i and piecewise fits of sorted points (n ascending). */
int mpchar__hockney_fit(const mpchar__point *pt, size_t count,
                        const mpchar_fit_options *opt, mpchar_hockney *out,
                        char *why, size_t why_len);
int mpchar__ti_fit(const mpchar__point *pt, size_t count,
                   const mpchar_fit_options *opt, mpchar_ti *out, char *why,
                   size_t why_len);
int mpchar__piecewise_fit(const mpchar__point *pt, size_t count,
                          const mpchar_fit_options *opt, mpchar_piecewise *out,
                          char *why, size_t why_len);

/* Marks spike[i] for points (sorted by n) that are more than factor times
 * slower than the fastest of the next smaller and of the next larger
 * sizes; returns how many. */
size_t mpchar__spikes(const double *n, const double *t, size_t count,
                      double factor, bool *spike);

/* Average absolute relative error of one family of a fit on points. */
double mpchar__family_error(const mpchar_pfit *f, mpchar_family fam,
                            const mpchar__point *pt, size_t count,
                            size_t *used_p);
double mpchar__family_eval(const mpchar_pfit *f, mpchar_family fam, double n);
/* Lowest validation error (fit error when there is no validation set). */
int mpchar__choose_best(const mpchar_pfit *f);

/* p-forms of every family parameter of an entry across its fits. */
int mpchar__entry_pforms(mpchar_entry *e, mpchar_error *err);

/* Complexity findings and switch findings of a fitted model. */
int mpchar__model_findings(mpchar_model *model, mpchar_error *err);
int mpchar__model_add_finding(mpchar_model *model, mpchar_finding_kind kind,
                              const char *library, const char *pattern,
                              const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* Entry description "library pattern[/variant][ op]" for messages. */
void mpchar__entry_label(const mpchar_entry *e, char *buf, size_t len);

/* Copies src into dst of size len, truncating. */
void mpchar__strlcpy(char *dst, const char *src, size_t len);

#endif
