/* The t_i-augmented linear model of seed 000:
 *   T(n) = t0 + ti * tb*n / (t0 + tb*n) + tb*n
 * t0 is the measured T(0); ti and tb are the intercept and slope of the
 * least-squares line of T(n) - t0 against n over n > 0.  The weight of ti
 * grows from 0 at n = 0 to 1 for long messages, so the model keeps T(0)
 * exact while following the extra start-up cost that protocols for longer
 * messages add.  Seed 000's baseline, Hockney with ts = t0 and the line's
 * tb, comes from the same line.
 *
 * Where n = 0 returns at once (mpchar_pfit.zero_noop) the best method has
 * left the n = 0 point out, and t0 is the smallest message's time.
 *
 * The seed's line is only a first estimate of the model's own ti and tb:
 * its intercept is biased because the weight of ti, tb*n/(t0 + tb*n), is
 * below 1 for short messages (data generated from the model itself do not
 * give their parameters back).  So the best method refines the line by
 * minimizing the model's own (relative) residual with t0 held: for a given
 * tb the best ti is a closed-form weighted least-squares coefficient,
 * which leaves a one-dimensional search over log(tb) (a grid around the
 * line's tb, then GSL's Brent minimizer).  The refinement is kept only
 * when it lowers the residual; the seed method keeps the line. */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_min.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "model_internal.h"

double mpchar__ti_term(const mpchar_ti *m, double n_bytes)
{
    double tr = m->tb_us_per_byte * n_bytes;
    double den = m->t0_us + tr;
    double w = den != 0.0 ? tr / den : 0.0;
    return w != 0.0 ? m->ti_us * w : 0.0; /* not -0 for a negative ti */
}

double mpchar_ti_eval(const mpchar_ti *m, double n_bytes)
{
    return m->t0_us + mpchar__ti_term(m, n_bytes) + m->tb_us_per_byte * n_bytes;
}

typedef struct ti_data {
    const double *n, *t, *w;
    size_t count;
    double t0;
} ti_data;

/* Best ti for tb, and the weighted residual of the model. */
static double ti_cost(const ti_data *d, double tb, double *ti_p)
{
    double sgg = 0.0, sgr = 0.0;
    for (size_t i = 0; i < d->count; i++) {
        double tr = tb * d->n[i], g = tr / (d->t0 + tr);
        double r = d->t[i] - d->t0 - tr;
        sgg += d->w[i] * g * g;
        sgr += d->w[i] * g * r;
    }
    double ti = sgg > 0.0 ? sgr / sgg : 0.0, cost = 0.0;
    for (size_t i = 0; i < d->count; i++) {
        double tr = tb * d->n[i];
        double e = d->t[i] - d->t0 - tr - ti * tr / (d->t0 + tr);
        cost += d->w[i] * e * e;
    }
    if (ti_p)
        *ti_p = ti;
    return isfinite(cost) ? cost : INFINITY;
}

static double ti_cost_log(double log_tb, void *arg)
{
    return ti_cost(arg, exp(log_tb), NULL);
}

/* Minimizes the model residual over log(tb) near tb0; 0 when improved. */
static int ti_refine(const ti_data *d, double tb0, mpchar_ti *m)
{
    enum { STEPS = 48 };
    double lo = log(tb0) - 3.0, h = 6.0 / STEPS, best = INFINITY;
    int kb = -1;
    for (int k = 0; k <= STEPS; k++) {
        double c = ti_cost_log(lo + h * k, (void *)d);
        if (c < best) {
            best = c;
            kb = k;
        }
    }
    if (kb <= 0 || kb >= STEPS)
        return -1;
    gsl_function fn = {ti_cost_log, (void *)d};
    gsl_min_fminimizer *s = gsl_min_fminimizer_alloc(gsl_min_fminimizer_brent);
    if (!s)
        return -1;
    double x = lo + h * kb;
    int rc = -1;
    if (gsl_min_fminimizer_set(s, &fn, x, x - h, x + h) == GSL_SUCCESS) {
        for (int it = 0; it < 100; it++) {
            if (gsl_min_fminimizer_iterate(s) != GSL_SUCCESS)
                break;
            if (gsl_min_test_interval(gsl_min_fminimizer_x_lower(s),
                                      gsl_min_fminimizer_x_upper(s), 1e-10,
                                      0.0) == GSL_SUCCESS)
                break;
        }
        x = gsl_min_fminimizer_x_minimum(s);
        double ti, tb = exp(x);
        if (ti_cost(d, tb, &ti) <= best) {
            m->tb_us_per_byte = tb;
            m->ti_us = ti;
            rc = 0;
        }
    }
    gsl_min_fminimizer_free(s);
    return rc;
}

/* The line of T - t0 against n (seed 000): t0, and the points after the
 * ones t0 was taken from, in first; -1 with why when there is none. */
typedef struct ti_line {
    double t0, ti, tb;
    size_t first; /* points [first, count) are on the line */
} ti_line;

static size_t distinct_from(const mpchar__point *pt, size_t first, size_t count)
{
    size_t d = 0;
    for (size_t i = first; i < count; i++)
        d += i == first || pt[i].n != pt[i - 1].n;
    return d;
}

static int fit_line(const mpchar__point *pt, size_t count,
                    const mpchar_fit_options *opt, bool zero_noop, ti_line *out,
                    char *why, size_t why_len)
{
    if (count == 0 || (pt[0].n != 0.0 && !zero_noop)) {
        snprintf(why, why_len, "no n = 0 point to take t0 from");
        return -1;
    }
    /* t0 is the least time at the first size: n = 0, or the smallest
     * message when n = 0 was a no-op (that size then stays on the line). */
    size_t first = 1;
    double t0 = pt[0].t;
    while (first < count && pt[first].n == pt[0].n) {
        t0 = fmin(t0, pt[first].t);
        first++;
    }
    if (pt[0].n != 0.0)
        first = 0;
    size_t d = distinct_from(pt, first, count) + (first > 0);
    if (d < MPCHAR_MIN_SIZES) {
        snprintf(why, why_len, "only %zu message size%s (fewer than %d)", d,
                 d == 1 ? "" : "s", MPCHAR_MIN_SIZES);
        return -1;
    }
    size_t m = count - first;
    double *x = malloc(3 * m * sizeof *x);
    if (!x) {
        snprintf(why, why_len, "out of memory");
        return -1;
    }
    double *y = x + m, *ref = x + 2 * m;
    for (size_t i = 0; i < m; i++) {
        x[i] = pt[first + i].n;
        y[i] = pt[first + i].t - t0;
        ref[i] = pt[first + i].t;
    }
    int rc = mpchar__line_fit(x, y, ref, NULL, m, opt->weighting, opt->robust,
                              &out->ti, &out->tb);
    free(x);
    if (rc != 0) {
        snprintf(why, why_len, "least-squares fit failed");
        return -1;
    }
    out->t0 = t0;
    out->first = first;
    return 0;
}

static double model_cost(const mpchar_ti *m, const ti_data *d)
{
    double c = 0.0;
    for (size_t i = 0; i < d->count; i++) {
        double e = d->t[i] - mpchar_ti_eval(m, d->n[i]);
        c += d->w[i] * e * e;
    }
    return c;
}

/* The refined model when it lowers the weighted residual, else fit. */
static int refine(const mpchar__point *pt, size_t count,
                  const mpchar_fit_options *opt, mpchar_ti *fit)
{
    size_t m = count;
    double *buf = malloc(3 * m * sizeof *buf);
    if (!buf)
        return -1;
    double *x = buf, *t = buf + m, *w = buf + 2 * m;
    for (size_t i = 0; i < m; i++) {
        x[i] = pt[i].n;
        t[i] = pt[i].t;
        w[i] = mpchar__fit_weight(t[i], opt->weighting);
    }
    ti_data td = {x, t, w, m, fit->t0_us};
    mpchar_ti refined = *fit;
    gsl_set_error_handler_off();
    if (ti_refine(&td, fit->tb_us_per_byte, &refined) == 0 &&
        model_cost(&refined, &td) < model_cost(fit, &td))
        *fit = refined;
    free(buf);
    return 0;
}

int mpchar__ti_fit(const mpchar__point *pt, size_t count,
                   const mpchar_fit_options *opt, mpchar_pfit *out, char *why,
                   size_t why_len)
{
    ti_line l;
    if (fit_line(pt, count, opt, out->zero_noop, &l, why, why_len) != 0)
        return -1;
    mpchar_ti fit = {l.t0, l.ti, l.tb};
    if (opt->method == MPCHAR_METHOD_BEST && l.t0 > 0.0 && l.tb > 0.0 &&
        refine(pt + l.first, count - l.first, opt, &fit) != 0) {
        snprintf(why, why_len, "out of memory");
        return -1;
    }
    out->ti = fit;
    return 0;
}

int mpchar__hockney_t0_fit(const mpchar__point *pt, size_t count,
                           const mpchar_fit_options *opt, mpchar_pfit *out,
                           char *why, size_t why_len)
{
    ti_line l;
    if (fit_line(pt, count, opt, out->zero_noop, &l, why, why_len) != 0)
        return -1;
    out->hockney_t0 = (mpchar_hockney){l.t0, l.tb};
    return 0;
}
