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

/* ---- model families (families.c) ------------------------------------ */

/* Fits sorted points (n ascending) into the family's part of *out, or says
 * why it cannot in why. */
typedef int mpchar__family_fit(const mpchar__point *pt, size_t count,
                               const mpchar_fit_options *opt, mpchar_pfit *out,
                               char *why, size_t why_len);
mpchar__family_fit mpchar__hockney_fit, mpchar__ti_fit, mpchar__hockney_t0_fit,
    mpchar__piecewise_fit;
/* The t_i term ti * tb*n/(t0 + tb*n) of seed 000's model at n. */
double mpchar__ti_term(const mpchar_ti *m, double n_bytes);

/* One parameter of a family: its model.json key (with its unit) and where
 * a one-p fit and the p-forms keep it, as the byte offsets of its value in
 * the first segment (segment k lies k strides further). */
typedef struct mpchar__family_param {
    const char *name;
    size_t fit_offset;   /* a double in mpchar_pfit */
    size_t pform_offset; /* an mpchar_pform in mpchar_pforms */
    /* A segment's lower end in bytes: 0 in the first segment, which has
     * no p-form for it, and ascending after. */
    bool breakpoint;
} mpchar__family_param;

#define MPCHAR__FAMILY_PARAMS_MAX 3

/* What every part of the model engine needs to know about a family: a new
 * family is one entry of mpchar__families, checked at start-up. */
typedef struct mpchar__family_ops {
    const char *name; /* --family, model.json */
    mpchar__family_fit *fit;
    /* The family's term beyond start-up ts and transfer tb*n at n (the
     * t_i term; 0 for linear families), and the parameter a prediction
     * names ti_us (NAN when there is none): T(n) = ts + term + tb*n. */
    double (*term)(const mpchar_pfit *f, double n_bytes, double *ti_us_p);
    size_t nparams;
    mpchar__family_param params[MPCHAR__FAMILY_PARAMS_MAX];
    size_t startup, per_byte; /* which parameters are ts (t0) and tb */
    /* Segmented families repeat their parameters on 1 to
     * MPCHAR_MAX_SEGMENTS segments (model.json: arrays of them), counted
     * by an int in mpchar_pfit and in mpchar_pforms. */
    bool segmented;
    size_t fit_count_offset, pforms_count_offset;
    size_t fit_stride, pform_stride; /* bytes from one segment to the next */
} mpchar__family_ops;

extern const mpchar__family_ops mpchar__families[MPCHAR_FAMILY_COUNT];

/* Checks a family table (mpchar__families when fitting or reading
 * starts): every entry named once, with its operations and parameters, a
 * segmented family with one breakpoint parameter. */
int mpchar__families_check(const mpchar__family_ops *table, size_t count,
                           mpchar_error *err);

/* Segments of a fit and of p-forms (1 for families that are not
 * segmented). */
int mpchar__segments(mpchar_family fam, const mpchar_pfit *f);
void mpchar__set_segments(mpchar_family fam, mpchar_pfit *f, int count);
int mpchar__pform_segments(mpchar_family fam, const mpchar_pforms *pf);
void mpchar__set_pform_segments(mpchar_family fam, mpchar_pforms *pf,
                                int count);
/* Parameter `param` of segment k in a fit and in the p-forms. */
double *mpchar__param(mpchar_family fam, mpchar_pfit *f, size_t param, int k);
double mpchar__param_value(mpchar_family fam, const mpchar_pfit *f,
                           size_t param, int k);
mpchar_pform *mpchar__param_pform(mpchar_family fam, mpchar_pforms *pf,
                                  size_t param, int k);
const mpchar_pform *mpchar__param_pform_const(mpchar_family fam,
                                              const mpchar_pforms *pf,
                                              size_t param, int k);
/* The segment that holds n. */
int mpchar__segment_at(mpchar_family fam, const mpchar_pfit *f, double n);
/* T(n) of one family of a fit, and its terms (prediction). */
double mpchar__family_eval(const mpchar_pfit *f, mpchar_family fam, double n);
void mpchar__family_terms(const mpchar_pfit *f, mpchar_family fam, double n,
                          mpchar_prediction *out);
/* The constant model T = t0 of an operation measured at n = 0 only. */
void mpchar__family_constant(mpchar_pfit *f, mpchar_family fam, double t0);

/* Marks spike[i] for points (sorted by n) that are more than factor times
 * slower than the fastest of the next smaller and of the next larger
 * sizes; returns how many. */
size_t mpchar__spikes(const double *n, const double *t, size_t count,
                      double factor, bool *spike);

/* Average absolute relative error of one family of a fit on points. */
double mpchar__family_error(const mpchar_pfit *f, mpchar_family fam,
                            const mpchar__point *pt, size_t count,
                            size_t *used_p);
/* Validation across p (p_validation.c): p_out_err of every fit and
 * family, from the points each p was scored on, pt[first[k] ..
 * first[k + 1]) for fit k. */
int mpchar__p_validation(mpchar_entry *e, const mpchar__point *pt,
                         const size_t *first, mpchar_error *err);

/* Lowest validation error (fit error when there is no validation set). */
int mpchar__choose_best(const mpchar_pfit *f);

/* Orders of measurement keys as mpchar_model_fit sorts rows: by entry
 * (library, pattern, variant, op, datatype), then p, n and set. */
int mpchar__cmp_entry_key(const mpchar_point_key *a, const mpchar_point_key *b);
int mpchar__cmp_point_key(const mpchar_point_key *a, const mpchar_point_key *b);

/* t_c and r_cc of every reduction entry measured with nop (op_costs.c). */
void mpchar__reduction_costs(mpchar_model *m);
/* op-dependent-algorithm findings from rows sorted by
 * mpchar__cmp_point_key (op_costs.c). */
int mpchar__op_findings(mpchar_model *m, const mpchar_measurement *const *rows,
                        size_t count, mpchar_fit_stat stat, mpchar_error *err);

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
