/* Spike filter: points that a disturbed measurement made far too slow.
 *
 * On a loaded machine a whole point can be slow (every repetition, so even
 * the minimum): a process lost its core for the point's time budget.  Such
 * a point is tens to thousands of times slower than its neighbours, and one
 * of them drags a least-squares line, or becomes a piecewise segment, far
 * more than any model error.  Time grows with n, so a point is a spike when
 * it is more than `factor` times slower than the fastest of the (up to) 3
 * next smaller sizes AND than the fastest of the 3 next larger sizes: a
 * protocol switch is slower than the smaller sizes but not than the larger
 * ones, so it is never taken for a spike.  The filter runs over the fitting
 * and validation points of one p together; the points it removes are left
 * out of the fit and of the accuracy figures, counted and named in the
 * model (a finding of kind "outlier"), so that they can be measured again. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model_internal.h"

#define WINDOW 3

static double window_min(const double *t, size_t from, size_t to)
{
    double m = INFINITY;
    for (size_t i = from; i < to; i++)
        m = fmin(m, t[i]);
    return m;
}

size_t mpchar__spikes(const double *n, const double *t, size_t count,
                      double factor, bool *spike)
{
    size_t found = 0;
    for (size_t i = 0; i < count; i++) {
        spike[i] = false;
        if (!(factor > 1.0) || i == 0 || i + 1 == count)
            continue;
        /* Sides exclude points of the same size. */
        size_t lo_end = i, hi_start = i + 1;
        while (lo_end > 0 && n[lo_end - 1] == n[i])
            lo_end--;
        while (hi_start < count && n[hi_start] == n[i])
            hi_start++;
        if (lo_end == 0 || hi_start == count)
            continue;
        size_t lo_start = lo_end > WINDOW ? lo_end - WINDOW : 0;
        size_t hi_end = hi_start + WINDOW < count ? hi_start + WINDOW : count;
        double left = window_min(t, lo_start, lo_end);
        double right = window_min(t, hi_start, hi_end);
        if (t[i] > factor * left && t[i] > factor * right) {
            spike[i] = true;
            found++;
        }
    }
    return found;
}
