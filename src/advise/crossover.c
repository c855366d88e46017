/* Crossovers of two fitted models: the intervals of n where a difference
 * of predicted times d(n) = T_substitute(n) - T_primitive(n) is negative,
 * bounded by the roots of d.  A log grid (16 points per octave, from 1
 * byte to the largest n, with 0) only brackets the sign changes; each
 * root is then solved by Brent's method (GSL) to a millionth of a byte
 * or 1e-12 of n, so a crossover is the models' own, not a grid point.
 * At a jump of a piecewise model where d changes sign, Brent converges to
 * the jump, which is then the crossover. */
#include <math.h>
#include <stdbool.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_roots.h>

#include "mpchar/advise.h"

#define STEPS_PER_OCTAVE 16
#define MAX_ITERATIONS 200

typedef struct solve_ctx {
    mpchar_difference_fn d;
    void *ctx;
    mpchar_error *err;
    int failed;
} solve_ctx;

static double eval(double n, void *arg)
{
    solve_ctx *s = arg;
    double v = 0.0;
    if (!s->failed && s->d(n, s->ctx, &v, s->err) != 0)
        s->failed = 1;
    return v;
}

/* The root of d in [a, b], where d(a) and d(b) have opposite signs. */
static int solve(solve_ctx *s, double a, double b, double *root_p)
{
    gsl_set_error_handler_off();
    gsl_function f = {eval, s};
    gsl_root_fsolver *r = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
    if (!r)
        return mpchar_error_set(s->err, "out of memory");
    int status = gsl_root_fsolver_set(r, &f, a, b);
    for (int i = 0; status == GSL_SUCCESS && i < MAX_ITERATIONS; i++) {
        status = gsl_root_fsolver_iterate(r);
        a = gsl_root_fsolver_x_lower(r);
        b = gsl_root_fsolver_x_upper(r);
        if (status == GSL_SUCCESS &&
            gsl_root_test_interval(a, b, 1e-6, 1e-12) == GSL_SUCCESS)
            break;
    }
    *root_p = gsl_root_fsolver_root(r);
    gsl_root_fsolver_free(r);
    if (s->failed)
        return -1;
    if (status != GSL_SUCCESS)
        return mpchar_error_set(s->err, "crossover solver: %s",
                                gsl_strerror(status));
    return 0;
}

/* The k-th bracketing point: 0, then 2^((k-1)/16) up to n_max. */
static double grid_point(size_t k, double n_max)
{
    if (k == 0)
        return 0.0;
    double x = pow(2.0, (double)(k - 1) / STEPS_PER_OCTAVE);
    return x < n_max ? x : n_max;
}

typedef struct intervals {
    double *lo, *hi;
    size_t cap, count;
} intervals;

static void emit(intervals *out, double lo, double hi)
{
    if (out->count < out->cap && hi > lo) {
        out->lo[out->count] = lo;
        out->hi[out->count] = hi;
        out->count++;
    }
}

int mpchar_negative_intervals(mpchar_difference_fn d, void *ctx,
                              double n_max_bytes, double *lo, double *hi,
                              size_t cap, size_t *count_p, mpchar_error *err)
{
    solve_ctx s = {d, ctx, err, 0};
    intervals out = {lo, hi, cap, 0};
    *count_p = 0;
    if (!(n_max_bytes > 0.0) || !isfinite(n_max_bytes))
        return mpchar_error_set(err, "no message lengths to advise for");
    double x = 0.0, start = 0.0;
    bool inside = eval(x, &s) < 0.0;
    for (size_t k = 1; x < n_max_bytes && !s.failed; k++) {
        double nx = grid_point(k, n_max_bytes), nv = eval(nx, &s);
        if (!s.failed && (nv < 0.0) != inside) {
            double root = x;
            if (solve(&s, x, nx, &root) != 0)
                return -1;
            if (inside)
                emit(&out, start, root);
            start = root;
            inside = !inside;
        }
        x = nx;
    }
    if (s.failed)
        return -1;
    if (inside)
        emit(&out, start, n_max_bytes);
    *count_p = out.count;
    return 0;
}
