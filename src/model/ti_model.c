/* The t_i-augmented linear model of seed 000:
 *   T(n) = t0 + ti * tb*n / (t0 + tb*n) + tb*n
 * t0 is the measured T(0); ti and tb are the intercept and slope of the
 * least-squares line of T(n) - t0 against n over n > 0.  The weight of ti
 * grows from 0 at n = 0 to 1 for long messages, so the model keeps T(0)
 * exact while following the extra start-up cost that protocols for longer
 * messages add. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "model_internal.h"

double mpchar_ti_eval(const mpchar_ti *m, double n_bytes)
{
    double tr = m->tb_us_per_byte * n_bytes;
    double den = m->t0_us + tr;
    double w = den != 0.0 ? tr / den : 0.0;
    return m->t0_us + m->ti_us * w + tr;
}

int mpchar__ti_fit(const mpchar__point *pt, size_t count,
                   const mpchar_fit_options *opt, mpchar_ti *out, char *why,
                   size_t why_len)
{
    if (count == 0 || pt[0].n != 0.0) {
        snprintf(why, why_len, "no n = 0 point to take t0 from");
        return -1;
    }
    double t0 = pt[0].t;
    size_t first = 1, d = 0;
    while (first < count && pt[first].n == 0.0) {
        if (pt[first].t < t0)
            t0 = pt[first].t;
        first++;
    }
    for (size_t i = first; i < count; i++)
        d += i == first || pt[i].n != pt[i - 1].n;
    if (d + 1 < MPCHAR_MIN_SIZES) {
        snprintf(why, why_len, "only %zu message size%s (fewer than %d)",
                 d + 1, d + 1 == 1 ? "" : "s", MPCHAR_MIN_SIZES);
        return -1;
    }
    size_t m = count - first;
    double *buf = malloc(3 * m * sizeof *buf);
    if (!buf) {
        snprintf(why, why_len, "out of memory");
        return -1;
    }
    double *x = buf, *y = buf + m, *ref = buf + 2 * m;
    for (size_t i = 0; i < m; i++) {
        x[i] = pt[first + i].n;
        y[i] = pt[first + i].t - t0;
        ref[i] = pt[first + i].t;
    }
    double a, b;
    int rc = mpchar__line_fit(x, y, ref, m, opt->weighting, opt->robust, &a,
                              &b);
    free(buf);
    if (rc != 0) {
        snprintf(why, why_len, "least-squares fit failed");
        return -1;
    }
    out->t0_us = t0;
    out->ti_us = a;
    out->tb_us_per_byte = b;
    return 0;
}
