/* Protocol-aware piecewise-linear model: segmented regression with
 * breakpoints found automatically.
 *
 * MPI libraries switch protocols at message-size thresholds (eager to
 * rendezvous, shared-memory copy-in/copy-out to single copy), and each
 * protocol has its own start-up and per-byte cost, with a jump at the
 * switch.  So the segments are independent Hockney lines (not joined).
 * For every number of segments K = 1..max, dynamic programming over the
 * sorted points finds the K-1 cut positions minimising the total
 * (relatively) weighted residual; a segment needs at least SEG_MIN_POINTS
 * points and two distinct sizes, and equal sizes never straddle a cut.  K
 * is then chosen by the Bayesian information criterion with 3K-1
 * parameters (two per line, one per breakpoint).
 *
 * A breakpoint lies somewhere between the last size of one segment and the
 * first of the next; it is placed where the two lines cross when that is
 * inside the gap, else at the geometric middle of the gap, and reported in
 * whole bytes. */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_fit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "model_internal.h"

#define SEG_MIN_POINTS 3

double mpchar_piecewise_eval(const mpchar_piecewise *pw, double n_bytes)
{
    int k = 0;
    while (k + 1 < pw->count && n_bytes >= pw->seg[k + 1].n_lo_bytes)
        k++;
    return pw->seg[k].ts_us + pw->seg[k].tb_us_per_byte * n_bytes;
}

typedef struct seg_ctx {
    const mpchar__point *pt;
    size_t count;
    double *x, *y, *w;
    mpchar_weighting weighting;
} seg_ctx;

/* Weighted residual of the line through points [i, j); INFINITY when the
 * range cannot hold a segment. */
static double seg_cost(const seg_ctx *c, size_t i, size_t j)
{
    if (j - i < SEG_MIN_POINTS || c->x[i] == c->x[j - 1])
        return INFINITY;
    double c0, c1, cov00, cov01, cov11, chisq;
    if (gsl_fit_wlinear(c->x + i, 1, c->w + i, 1, c->y + i, 1, j - i, &c0,
                        &c1, &cov00, &cov01, &cov11, &chisq) != GSL_SUCCESS ||
        !isfinite(chisq))
        return INFINITY;
    return chisq;
}

/* Cut positions of the best K-segment split, into cuts[0..K] (cuts[0] = 0,
 * cuts[K] = count); returns the residual or INFINITY. */
static double best_split(const seg_ctx *c, const double *cost, int K,
                         size_t *cuts)
{
    size_t n = c->count, stride = n + 1;
    double *best = malloc((size_t)(K + 1) * stride * sizeof *best);
    size_t *arg = malloc((size_t)(K + 1) * stride * sizeof *arg);
    double total = INFINITY;
    if (!best || !arg)
        goto out;
    for (size_t j = 0; j <= n; j++)
        best[j] = j == 0 ? 0.0 : INFINITY;
    for (int k = 1; k <= K; k++) {
        for (size_t j = 0; j <= n; j++) {
            double b = INFINITY;
            size_t a = 0;
            for (size_t i = 0; i < j; i++) {
                if (i > 0 && c->x[i] == c->x[i - 1])
                    continue; /* equal sizes stay together */
                double v = best[(size_t)(k - 1) * stride + i] +
                           cost[i * stride + j];
                if (v < b) {
                    b = v;
                    a = i;
                }
            }
            best[(size_t)k * stride + j] = b;
            arg[(size_t)k * stride + j] = a;
        }
    }
    total = best[(size_t)K * stride + n];
    if (isfinite(total)) {
        size_t j = n;
        for (int k = K; k >= 1; k--) {
            cuts[k] = j;
            j = arg[(size_t)k * stride + j];
        }
        cuts[0] = 0;
    }
out:
    free(best);
    free(arg);
    return total;
}

static double place_break(double xa, double xb, const mpchar_segment *lo,
                          const mpchar_segment *hi)
{
    double dtb = lo->tb_us_per_byte - hi->tb_us_per_byte;
    if (dtb != 0.0) {
        double cross = (hi->ts_us - lo->ts_us) / dtb;
        if (cross > xa && cross <= xb)
            return ceil(cross);
    }
    double g = sqrt((xa > 1.0 ? xa : 1.0) * xb);
    if (g <= xa)
        g = xb;
    return ceil(g);
}

static int fit_segments(const seg_ctx *c, const size_t *cuts, int K,
                        const mpchar_fit_options *opt, mpchar_piecewise *out)
{
    out->count = K;
    for (int k = 0; k < K; k++) {
        size_t i = cuts[k], j = cuts[k + 1];
        double a, b;
        if (mpchar__line_fit(c->x + i, c->y + i, NULL, j - i, opt->weighting,
                             opt->robust, &a, &b) != 0)
            return -1;
        out->seg[k].ts_us = a;
        out->seg[k].tb_us_per_byte = b;
        out->seg[k].n_lo_bytes = 0.0;
    }
    for (int k = 1; k < K; k++)
        out->seg[k].n_lo_bytes =
            place_break(c->x[cuts[k] - 1], c->x[cuts[k]], &out->seg[k - 1],
                        &out->seg[k]);
    return 0;
}

static double *segment_costs(const seg_ctx *c)
{
    size_t n = c->count, stride = n + 1;
    double *cost = malloc(stride * stride * sizeof *cost);
    if (!cost)
        return NULL;
    for (size_t i = 0; i <= n; i++)
        for (size_t j = 0; j <= n; j++)
            cost[i * stride + j] = j > i ? seg_cost(c, i, j) : INFINITY;
    return cost;
}

static int choose_segments(const seg_ctx *c, const double *cost, int max_k,
                           size_t cuts_best[MPCHAR_MAX_SEGMENTS + 1])
{
    double N = (double)c->count, floor_rss = 0.0, bic_best = INFINITY;
    int k_best = 0;
    for (size_t i = 0; i < c->count; i++)
        floor_rss += c->w[i] * c->y[i] * c->y[i];
    floor_rss *= 1e-12;
    for (int K = 1; K <= max_k; K++) {
        size_t cuts[MPCHAR_MAX_SEGMENTS + 1];
        double rss = best_split(c, cost, K, cuts);
        if (!isfinite(rss))
            break;
        if (rss < floor_rss)
            rss = floor_rss;
        double bic = N * log(rss / N) + (3.0 * K - 1.0) * log(N);
        if (bic < bic_best - 1e-9) {
            bic_best = bic;
            k_best = K;
            for (int k = 0; k <= K; k++)
                cuts_best[k] = cuts[k];
        }
    }
    return k_best;
}

int mpchar__piecewise_fit(const mpchar__point *pt, size_t count,
                          const mpchar_fit_options *opt, mpchar_piecewise *out,
                          char *why, size_t why_len)
{
    size_t d = 0;
    for (size_t i = 0; i < count; i++)
        d += i == 0 || pt[i].n != pt[i - 1].n;
    if (d < MPCHAR_MIN_SIZES) {
        snprintf(why, why_len, "only %zu message size%s (fewer than %d)", d,
                 d == 1 ? "" : "s", MPCHAR_MIN_SIZES);
        return -1;
    }
    gsl_set_error_handler_off();
    seg_ctx c = {.pt = pt, .count = count, .weighting = opt->weighting};
    double *buf = malloc(3 * count * sizeof *buf);
    double *cost = NULL;
    int rc = -1;
    if (!buf) {
        snprintf(why, why_len, "out of memory");
        return -1;
    }
    c.x = buf;
    c.y = buf + count;
    c.w = buf + 2 * count;
    for (size_t i = 0; i < count; i++) {
        c.x[i] = pt[i].n;
        c.y[i] = pt[i].t;
        double s = pt[i].t > 1e-9 ? pt[i].t : 1e-9;
        c.w[i] = opt->weighting == MPCHAR_WEIGHT_RELATIVE ? 1.0 / (s * s)
                                                          : 1.0;
    }
    cost = segment_costs(&c);
    if (!cost) {
        snprintf(why, why_len, "out of memory");
        goto out;
    }
    int max_k = opt->max_segments;
    if (max_k < 1 || max_k > MPCHAR_MAX_SEGMENTS)
        max_k = MPCHAR_MAX_SEGMENTS;
    size_t cuts[MPCHAR_MAX_SEGMENTS + 1];
    int K = choose_segments(&c, cost, max_k, cuts);
    if (K == 0 || fit_segments(&c, cuts, K, opt, out) != 0) {
        snprintf(why, why_len, "segmented regression failed");
        goto out;
    }
    rc = 0;
out:
    free(cost);
    free(buf);
    return rc;
}
