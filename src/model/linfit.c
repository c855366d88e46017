/* Straight-line fits y = a + b*x, the building block of every model
 * family, and the Hockney model T(n) = ts + tb*n built on them.
 *
 * Message sizes span six orders of magnitude, so plain least squares is
 * ruled by the largest messages.  Relative weighting minimizes the sum of
 * squared relative residuals ((y - a - b*x)/wref)^2, that is a weighted
 * fit with weights 1/wref^2 (GSL gsl_fit_wlinear).  Robust fitting runs
 * GSL's bisquare regression (gsl_multifit_robust) on the same weighted
 * system, written as the design rows (1/wref, x/wref) against y/wref, so
 * that a few disturbed points (a context switch during a measurement)
 * cannot pull the line. */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_fit.h>
#include <gsl/gsl_multifit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "model_internal.h"

#define ROBUST_MIN_POINTS 5

double mpchar__fit_weight(double t_ref, mpchar_weighting w)
{
    if (w == MPCHAR_WEIGHT_ABSOLUTE)
        return 1.0;
    double s = t_ref > 1e-9 ? t_ref : 1e-9;
    return 1.0 / (s * s);
}

static int robust_fit(const double *x, const double *y, const double *wts,
                      size_t count, double *a_p, double *b_p)
{
    gsl_matrix *X = gsl_matrix_alloc(count, 2);
    gsl_vector *Y = gsl_vector_alloc(count);
    gsl_vector *c = gsl_vector_alloc(2);
    gsl_matrix *cov = gsl_matrix_alloc(2, 2);
    gsl_multifit_robust_workspace *ws =
        gsl_multifit_robust_alloc(gsl_multifit_robust_bisquare, count, 2);
    int rc = -1;
    if (!X || !Y || !c || !cov || !ws)
        goto out_free;
    for (size_t i = 0; i < count; i++) {
        double s = sqrt(wts[i]);
        gsl_matrix_set(X, i, 0, s);
        gsl_matrix_set(X, i, 1, s * x[i]);
        gsl_vector_set(Y, i, s * y[i]);
    }
    int st = gsl_multifit_robust(X, Y, c, cov, ws);
    if (st != GSL_SUCCESS && st != GSL_EMAXITER)
        goto out_free;
    *a_p = gsl_vector_get(c, 0);
    *b_p = gsl_vector_get(c, 1);
    rc = isfinite(*a_p) && isfinite(*b_p) ? 0 : -1;
out_free:
    if (ws)
        gsl_multifit_robust_free(ws);
    gsl_matrix_free(cov);
    gsl_vector_free(c);
    gsl_vector_free(Y);
    gsl_matrix_free(X);
    return rc;
}

int mpchar__line_fit(const double *x, const double *y, const double *wref,
                     const double *cover, size_t count, mpchar_weighting w,
                     bool robust, double *a_p, double *b_p)
{
    if (count < 2)
        return -1;
    int distinct = 0;
    for (size_t i = 1; i < count && !distinct; i++)
        distinct = x[i] != x[0];
    if (!distinct)
        return -1;
    gsl_set_error_handler_off();
    double *wts = malloc(count * sizeof *wts);
    if (!wts)
        return -1;
    for (size_t i = 0; i < count; i++)
        wts[i] = mpchar__fit_weight(wref ? wref[i] : y[i], w) *
                 (cover ? cover[i] : 1.0);
    int rc = -1;
    if (robust && count >= ROBUST_MIN_POINTS)
        rc = robust_fit(x, y, wts, count, a_p, b_p);
    if (rc != 0) {
        double c0, c1, cov00, cov01, cov11, chisq;
        if (gsl_fit_wlinear(x, 1, wts, 1, y, 1, count, &c0, &c1, &cov00, &cov01,
                            &cov11, &chisq) == GSL_SUCCESS &&
            isfinite(c0) && isfinite(c1)) {
            *a_p = c0;
            *b_p = c1;
            rc = 0;
        }
    }
    free(wts);
    return rc;
}

double mpchar_hockney_eval(const mpchar_hockney *h, double n_bytes)
{
    return h->ts_us + h->tb_us_per_byte * n_bytes;
}

static size_t distinct_sizes(const mpchar__point *pt, size_t count)
{
    size_t d = 0;
    for (size_t i = 0; i < count; i++)
        d += i == 0 || pt[i].n != pt[i - 1].n;
    return d;
}

int mpchar__hockney_fit(const mpchar__point *pt, size_t count,
                        const mpchar_fit_options *opt, mpchar_pfit *out,
                        char *why, size_t why_len)
{
    size_t d = distinct_sizes(pt, count);
    if (d < MPCHAR_MIN_SIZES) {
        snprintf(why, why_len, "only %zu message size%s (fewer than %d)", d,
                 d == 1 ? "" : "s", MPCHAR_MIN_SIZES);
        return -1;
    }
    double *x = malloc(2 * count * sizeof *x);
    if (!x) {
        snprintf(why, why_len, "out of memory");
        return -1;
    }
    double *y = x + count;
    for (size_t i = 0; i < count; i++) {
        x[i] = pt[i].n;
        y[i] = pt[i].t;
    }
    double a, b;
    int rc = mpchar__line_fit(x, y, NULL, NULL, count, opt->weighting,
                              opt->robust, &a, &b);
    free(x);
    if (rc != 0) {
        snprintf(why, why_len, "least-squares fit failed");
        return -1;
    }
    out->hockney.ts_us = a;
    out->hockney.tb_us_per_byte = b;
    return 0;
}
