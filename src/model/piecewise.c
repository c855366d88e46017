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
 * points and two distinct sizes (coarse grids such as powers of 4 leave
 * only two sizes to some protocol regimes), and equal sizes never straddle
 * a cut.  K
 * is then chosen by the Bayesian information criterion with 3K-1
 * parameters (two per line, one per breakpoint), its penalty times 1.5.
 * Residuals are weighted by the span of sizes each point stands for
 * (coverage.c), so that refinement's packed sizes share one grid step's.
 *
 * A breakpoint lies somewhere between the last size of one segment and the
 * first of the next; inside that gap it goes where the lines cross, else
 * just after a power of two, else the faster line is used (see
 * place_break), and the breakpoint is reported in whole bytes.  The n = 0
 * points take no part in the segmentation: no data moves there, so a
 * T(0) a little off the short-message line (or a no-op, fit.c) would
 * otherwise cut a segment of its own off the first sizes; the first
 * segment's line covers n = 0. */
#include <gsl/gsl_errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "model_internal.h"

#define SEG_MIN_POINTS 2
/* BIC's ln(N) per parameter times 1.5: the search over cut positions makes
 * plain BIC accept spurious cuts among flat short-message points, while a
 * penalty of 2 merges real protocol regimes (docs/models.md). */
#define PENALTY 1.5
/* Residual degrees of freedom a K-segment model must leave (3K-1
 * parameters), and the floor of the residual (0.1% relative per point), so
 * that a model which passes exactly through its points does not win the
 * criterion by an infinite likelihood. */
#define MIN_DOF 2.0
#define RSS_FLOOR 1e-6

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
    double *x, *y, *w, *cover;
    mpchar_weighting weighting;
} seg_ctx;

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
                double v =
                    best[(size_t)(k - 1) * stride + i] + cost[i * stride + j];
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

/* The largest power of two in [xa, xb), or 0 when there is none. */
static double power_of_two_in(double xa, double xb)
{
    double pw = exp2(floor(log2(xb)));
    if (pw >= xb)
        pw /= 2.0;
    return pw >= xa ? pw : 0.0;
}

/* Where segment hi starts, between the sizes xa (last of lo) and xb (first
 * of hi).  Where the two lines cross inside the gap, the crossing.  Else,
 * where the gap holds a power of two, just after it: libraries set their
 * switch thresholds at powers of two, as limits up to which the first
 * protocol is used (MPICH's eager limit of 8192 bytes; Open MPI's 4096
 * counts its header, and lands inside no gap of a grid that holds 4096).
 * Else the faster of the two lines gets the gap: relative error is
 * asymmetric (predicting a rendezvous time for an eager message can be off
 * by several times, the other way round by less than 100%). */
static double place_break(double xa, double xb, const mpchar_segment *lo,
                          const mpchar_segment *hi)
{
    double dtb = lo->tb_us_per_byte - hi->tb_us_per_byte;
    if (dtb != 0.0) {
        double cross = (hi->ts_us - lo->ts_us) / dtb;
        if (cross > xa && cross <= xb)
            return ceil(cross);
    }
    double pw = power_of_two_in(xa, xb);
    if (pw > 0.0)
        return pw + 1.0;
    double mid = sqrt(xa * xb);
    double t_lo = lo->ts_us + lo->tb_us_per_byte * mid;
    double t_hi = hi->ts_us + hi->tb_us_per_byte * mid;
    /* A line below zero there is no time at all, not a faster one. */
    bool hi_faster = t_hi > 0.0 && (t_hi < t_lo || t_lo <= 0.0);
    return hi_faster ? floor(xa) + 1.0 : xb;
}

static int fit_segments(const seg_ctx *c, const size_t *cuts, int K,
                        const mpchar_fit_options *opt, mpchar_piecewise *out)
{
    out->count = K;
    for (int k = 0; k < K; k++) {
        size_t i = cuts[k], j = cuts[k + 1];
        double a, b;
        if (mpchar__line_fit(c->x + i, c->y + i, NULL, c->cover + i, j - i,
                             opt->weighting, opt->robust, &a, &b) != 0)
            return -1;
        out->seg[k].ts_us = a;
        out->seg[k].tb_us_per_byte = b;
        out->seg[k].n_lo_bytes = 0.0;
    }
    for (int k = 1; k < K; k++)
        out->seg[k].n_lo_bytes = place_break(c->x[cuts[k] - 1], c->x[cuts[k]],
                                             &out->seg[k - 1], &out->seg[k]);
    return 0;
}

/* Weighted residual of the line through every range [i, j) of points, in
 * O(N^2): for each i the range grows one point at a time with West's
 * weighted updates of the means and co-moments (stable where raw sums of
 * x^2 over six orders of magnitude are not).  INFINITY where the range
 * cannot hold a segment. */
static double *segment_costs(const seg_ctx *c)
{
    size_t n = c->count, stride = n + 1;
    double *cost = malloc(stride * stride * sizeof *cost);
    if (!cost)
        return NULL;
    for (size_t k = 0; k < stride * stride; k++)
        cost[k] = INFINITY;
    for (size_t i = 0; i < n; i++) {
        double W = 0.0, mx = 0.0, my = 0.0, sxx = 0.0, sxy = 0.0, syy = 0.0;
        size_t sizes = 0; /* distinct sizes in [i, j] */
        for (size_t j = i; j < n; j++) {
            double w = c->w[j], x = c->x[j], y = c->y[j];
            sizes += j == i || x != c->x[j - 1];
            W += w;
            double dx = x - mx, dy = y - my;
            mx += w * dx / W;
            my += w * dy / W;
            sxx += w * dx * (x - mx);
            sxy += w * dx * (y - my);
            syy += w * dy * (y - my);
            if (j + 1 - i < SEG_MIN_POINTS || sizes < 2 || !(sxx > 0.0))
                continue;
            double rss = syy - sxy * sxy / sxx;
            cost[i * stride + j + 1] = rss > 0.0 ? rss : 0.0;
        }
    }
    return cost;
}

static int choose_segments(const seg_ctx *c, const double *cost, int max_k,
                           size_t cuts_best[MPCHAR_MAX_SEGMENTS + 1])
{
    double N = (double)c->count, floor_rss = 0.0, bic_best = INFINITY;
    int k_best = 0;
    for (size_t i = 0; i < c->count; i++)
        floor_rss += c->w[i] * c->y[i] * c->y[i];
    floor_rss *= RSS_FLOOR;
    for (int K = 1; K <= max_k; K++) {
        if (N - (3.0 * K - 1.0) < MIN_DOF)
            break; /* an exact fit would win any criterion */
        size_t cuts[MPCHAR_MAX_SEGMENTS + 1];
        double rss = best_split(c, cost, K, cuts);
        if (!isfinite(rss))
            break;
        if (rss < floor_rss)
            rss = floor_rss;
        double bic = N * log(rss / N) + PENALTY * (3.0 * K - 1.0) * log(N);
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
                          const mpchar_fit_options *opt, mpchar_pfit *out,
                          char *why, size_t why_len)
{
    while (count > 0 && pt[0].n == 0.0) {
        pt++;
        count--;
    }
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
    double *buf = malloc(4 * count * sizeof *buf);
    double *cost = NULL;
    int rc = -1;
    if (!buf) {
        snprintf(why, why_len, "out of memory");
        return -1;
    }
    c.x = buf;
    c.y = buf + count;
    c.w = buf + 2 * count;
    c.cover = buf + 3 * count;
    if (mpchar__coverage_weights(pt, count, c.cover) != 0) {
        snprintf(why, why_len, "out of memory");
        goto out;
    }
    for (size_t i = 0; i < count; i++) {
        c.x[i] = pt[i].n;
        c.y[i] = pt[i].t;
        c.w[i] = c.cover[i] * mpchar__fit_weight(pt[i].t, opt->weighting);
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
    if (K == 0 || fit_segments(&c, cuts, K, opt, &out->pw) != 0) {
        snprintf(why, why_len, "segmented regression failed");
        goto out;
    }
    rc = 0;
out:
    free(cost);
    free(buf);
    return rc;
}
