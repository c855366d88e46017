/* Adaptive refinement of a series' fitting sizes around protocol switches.
 *
 * A fixed grid of sizes (powers of 2 or 4) brackets a library's protocol
 * switches only to within one grid step, and random validation sizes that
 * fall between the two grid sizes around a switch are then mispredicted by
 * every model.  As a series' grid is measured (in ascending size),
 * refinement looks for sizes whose time leaves the straight line through
 * their neighbours and bisects the intervals around them (geometric
 * midpoints) while a midpoint still leaves the chord of its interval,
 * widest interval first, until the intervals are narrower than a ratio or a
 * per-series budget is spent.
 *
 * The decisions are a pure function of the measured times, replayed from
 * the grid on every call: a resumed run, `--plan` and the benchmark itself
 * therefore agree on which sizes refinement added and which one is next.
 * Validation sizes are never looked at, so they stay unseen by the fit. */
#include <math.h>
#include <string.h>

#include "bench.h"

typedef struct knot {
    uint64_t n;
    double t_us;
} knot;

typedef struct interval {
    knot a, b;
} interval;

typedef struct refine_state {
    const bench_refine_params *rp;
    const bench_pattern *pat;
    long p;
    bench_lookup_fn lookup;
    void *ctx;
    interval queue[2 * BENCH_REFINE_MAX + BENCH_REFINE_GRID_MAX];
    size_t nqueue;
} refine_state;

/* Relative distance of t at n from the chord through a and b. */
static double chord_deviation(knot a, knot b, uint64_t n, double t_us)
{
    double frac = (double)(n - a.n) / (double)(b.n - a.n);
    double line = a.t_us + (b.t_us - a.t_us) * frac;
    return fabs(t_us - line) / t_us;
}

static void push(refine_state *s, knot a, knot b)
{
    if (s->nqueue < sizeof s->queue / sizeof s->queue[0])
        s->queue[s->nqueue++] = (interval){a, b};
}

/* The grid's sizes above 0 measured so far, in ascending order up to the
 * first one not measured yet (n = 0 is a regime of its own; a failed size
 * is left out). */
static size_t grid_knots(refine_state *s, const uint64_t *grid, size_t ngrid,
                         knot *out)
{
    size_t count = 0;
    for (size_t i = 0; i < ngrid && count < BENCH_REFINE_GRID_MAX; i++) {
        double t;
        if (!s->lookup(s->ctx, grid[i], &t))
            break;
        if (grid[i] > 0 && isfinite(t) && t > 0.0)
            out[count++] = (knot){grid[i], t};
    }
    return count;
}

/* Once knot i has both neighbours: when it leaves their chord, the two
 * grid intervals beside it are looked into (each at most once). */
static void flag_knot(refine_state *s, const knot *k, size_t i,
                      bool *pushed)
{
    if (chord_deviation(k[i - 1], k[i + 1], k[i].n, k[i].t_us) <=
        s->rp->tolerance)
        return;
    for (size_t j = i - 1; j <= i; j++)
        if (!pushed[j]) {
            pushed[j] = true;
            push(s, k[j], k[j + 1]);
        }
}

/* Takes the widest interval (by size ratio; the smaller sizes first on a
 * tie) that may still be split. */
static bool pop_widest(refine_state *s, interval *out)
{
    size_t best = s->nqueue;
    double best_ratio = s->rp->min_ratio;
    for (size_t i = 0; i < s->nqueue; i++) {
        double r = (double)s->queue[i].b.n / (double)s->queue[i].a.n;
        if (r > best_ratio) {
            best = i;
            best_ratio = r;
        }
    }
    if (best == s->nqueue)
        return false;
    *out = s->queue[best];
    s->queue[best] = s->queue[--s->nqueue];
    return true;
}

/* A size strictly inside the interval after the pattern's rounding: the
 * geometric midpoint, else the arithmetic one; 0 when none exists. */
static uint64_t midpoint(const refine_state *s, interval iv,
                         uint64_t *requested_p)
{
    uint64_t tries[2] = {
        (uint64_t)llround(sqrt((double)iv.a.n * (double)iv.b.n)),
        iv.a.n + (iv.b.n - iv.a.n) / 2};
    for (size_t i = 0; i < 2; i++) {
        size_t count;
        uint64_t actual = s->pat->actual_bytes(tries[i], (int)s->p, &count);
        if (actual > iv.a.n && actual < iv.b.n) {
            *requested_p = tries[i];
            return actual;
        }
    }
    return 0;
}

void bench_refine_params_default(bench_refine_params *rp)
{
    rp->max_points = BENCH_REFINE_DEFAULT_POINTS;
    rp->tolerance = BENCH_REFINE_DEFAULT_TOLERANCE;
    rp->min_ratio = BENCH_REFINE_MIN_RATIO;
}

/* Splits the widest marked interval; false when none is left or the
 * budget is spent, or (with *out's next size set) when its midpoint is
 * still to be measured. */
static bool split_next(refine_state *s, bench_refinement *out)
{
    interval iv;
    if ((long)out->count >= s->rp->max_points || !pop_widest(s, &iv))
        return false;
    uint64_t requested;
    uint64_t n = midpoint(s, iv, &requested);
    if (n == 0)
        return true;
    double t;
    if (!s->lookup(s->ctx, n, &t)) {
        out->next_requested = requested;
        out->next_n_bytes = n;
        return false;
    }
    out->n_bytes[out->count++] = n;
    if (!isfinite(t) || t <= 0.0)
        return true; /* a failed point is not looked into further */
    knot m = {n, t};
    if (chord_deviation(iv.a, iv.b, n, t) > s->rp->tolerance) {
        push(s, iv.a, m);
        push(s, m, iv.b);
    }
    return true;
}

/* Follows the grid's ascending sweep: each grid size, once its successor
 * is measured, may mark intervals, and the marked ones are split before
 * the sweep goes on, so refined sizes are measured close in time to the
 * grid sizes around them (the machine drifts between passes). */
void bench_refine_replay(const bench_refine_params *rp,
                         const bench_pattern *pat, long p,
                         const uint64_t *grid, size_t ngrid,
                         bench_lookup_fn lookup, void *ctx,
                         bench_refinement *out)
{
    memset(out, 0, sizeof *out);
    if (rp->max_points <= 0 || pat->zero_bytes_only)
        return;
    refine_state s = {.rp = rp, .pat = pat, .p = p, .lookup = lookup,
                      .ctx = ctx};
    knot k[BENCH_REFINE_GRID_MAX];
    bool pushed[BENCH_REFINE_GRID_MAX] = {false};
    size_t count = grid_knots(&s, grid, ngrid, k);
    for (size_t i = 1; i + 1 < count; i++) {
        flag_knot(&s, k, i, pushed);
        while (split_next(&s, out))
            ;
        if (out->next_requested)
            return;
    }
}
