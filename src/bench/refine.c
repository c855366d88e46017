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
 * per-series budget is spent (and at most BENCH_REFINE_OCTAVE_MAX sizes in
 * one octave, since the sweep is ascending and the budget is spent as it
 * goes).  The lines of the regimes beside an interval
 * (through the two measured sizes nearest outside each end) tell which half
 * holds the switch, and tell a lone disturbed measurement from a switch, so
 * that the budget goes to switches rather than to noise.
 *
 * The decisions are a pure function of the measured times, replayed from
 * the grid on every call: a resumed run, `--plan` and the benchmark itself
 * therefore agree on which sizes refinement added and which one is next.
 * Validation sizes are never looked at, so they stay unseen by the fit. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "mpchar/stats.h"

typedef struct knot {
    uint64_t n;
    double t_us;
} knot;

/* Which side of a lone disturbed-looking grid size a probe looks at. */
typedef enum probe_side { PROBE_NONE, PROBE_LEFT, PROBE_RIGHT } probe_side;

/* An interval that may hold a switch.  When the regimes beside it chose
 * this half of a wider one, the other half is kept: should this one turn
 * out straight, the guess was wrong, and the switch is in the other.  A
 * probe is the interval between a lone disturbed-looking grid size and a
 * neighbour, whose midpoint tells whether the neighbours' line (line_a to
 * line_b) really runs through there. */
typedef struct interval {
    knot a, b;
    knot other_a, other_b;
    bool has_other;
    bool holds_switch; /* the other half was straight */
    probe_side probe;
    knot line_a, line_b;
} interval;

typedef struct refine_state {
    const bench_refine_params *rp;
    const bench_pattern *pat;
    const char *datatype; /* of the series' messages */
    long p;
    bench_lookup_fn lookup;
    void *ctx;
    interval queue[2 * BENCH_REFINE_MAX + BENCH_REFINE_GRID_MAX];
    size_t nqueue;
    /* The sizes this step of the sweep has seen: the grid's first ngrid
     * (less the disturbed ones) and the refined ones measured so far. */
    const knot *grid;
    const bool *disturbed;
    size_t ngrid;
    knot refined[BENCH_REFINE_MAX];
    size_t nrefined;
    double noise_us; /* the series' timing jitter, absolute */
} refine_state;

#define NOISE_KNOTS 5
#define NOISE_MULTIPLE 3.0

/* Where the line through a and b is at n (extrapolated outside them). */
static double line_at(knot a, knot b, uint64_t n)
{
    double frac = ((double)n - (double)a.n) / ((double)b.n - (double)a.n);
    return a.t_us + (b.t_us - a.t_us) * frac;
}

/* Whether m is slower than the line through a and b.  Refinement decides
 * from minima, which noise can only raise: a time below the line is the
 * series' own shape, never a disturbance. */
static bool above_line(knot a, knot b, knot m)
{
    return m.t_us > line_at(a, b, m.n);
}

/* Relative distance of t at n from the line through a and b. */
static double chord_deviation(knot a, knot b, uint64_t n, double t_us)
{
    return fabs(t_us - line_at(a, b, n)) / t_us;
}

/* m is on the line through a and b within the option's tolerance, or
 * within three times the local noise where that is more. */
static bool on_line(const refine_state *s, knot a, knot b, knot m)
{
    double tol = NOISE_MULTIPLE * s->noise_us / m.t_us;
    if (tol < s->rp->tolerance)
        tol = s->rp->tolerance;
    return chord_deviation(a, b, m.n, m.t_us) <= tol;
}

static bool nearer(uint64_t cand, uint64_t best, uint64_t n, int dir)
{
    return dir < 0 ? cand < n && cand > best : cand > n && cand < best;
}

/* The seen size nearest below (dir < 0) or above (dir > 0) n. */
static bool neighbour(const refine_state *s, uint64_t n, int dir, knot *out)
{
    bool found = false;
    for (size_t i = 0; i < s->ngrid + s->nrefined; i++) {
        if (i < s->ngrid && s->disturbed[i])
            continue;
        knot k = i < s->ngrid ? s->grid[i] : s->refined[i - s->ngrid];
        if (nearer(k.n, found ? out->n : (dir < 0 ? 0 : UINT64_MAX), n, dir)) {
            *out = k;
            found = true;
        }
    }
    return found;
}

/* The line through p and q judges sizes at most one span beyond q:
 * farther out, two nearby noisy times give no slope worth extrapolating. */
static bool reaches(knot p, knot q, uint64_t n)
{
    uint64_t span = q.n > p.n ? q.n - p.n : p.n - q.n;
    uint64_t dist = n > q.n ? n - q.n : q.n - n;
    return dist <= span;
}

typedef enum halves { HALVES_BOTH, HALF_LEFT, HALF_RIGHT, HALVES_NONE } halves;

/* Which halves of (a, b) may hold a switch, given m inside off their
 * chord.  On the line of the regime left of a, m is left of the switch;
 * on the line right of b, right of it.  When a's regime runs on to b (or
 * b's back to a) and only m leaves it, m is a disturbed measurement and
 * neither half is looked into. */
static halves switch_halves(const refine_state *s, knot a, knot m, knot b)
{
    knot ap = {0, 0.0}, bn = {0, 0.0};
    bool has_l = neighbour(s, a.n, -1, &ap) && reaches(ap, a, m.n);
    bool has_r = neighbour(s, b.n, 1, &bn) && reaches(bn, b, m.n);
    bool on_l = has_l && on_line(s, ap, a, m);
    bool on_r = has_r && on_line(s, b, bn, m);
    if (on_l != on_r)
        return on_l ? HALF_RIGHT : HALF_LEFT;
    if (above_line(a, b, m) &&
        ((has_l && !on_l && reaches(ap, a, b.n) && on_line(s, ap, a, b)) ||
         (has_r && !on_r && reaches(bn, b, a.n) && on_line(s, b, bn, a))))
        return HALVES_NONE;
    return HALVES_BOTH;
}

static void push(refine_state *s, interval iv)
{
    if (s->nqueue < sizeof s->queue / sizeof s->queue[0])
        s->queue[s->nqueue++] = iv;
}

/* The left half (a, m) of (a, b), or the right one, as h says; a half
 * chosen alone keeps the other as its alternative. */
static interval half(knot a, knot m, knot b, halves h, bool left)
{
    bool alone = h == HALF_LEFT || h == HALF_RIGHT;
    return left ? (interval){.a = a,
                             .b = m,
                             .other_a = m,
                             .other_b = b,
                             .has_other = alone}
                : (interval){.a = m,
                             .b = b,
                             .other_a = a,
                             .other_b = m,
                             .has_other = alone};
}

static void push_halves(refine_state *s, knot a, knot m, knot b, halves h)
{
    if (h == HALVES_BOTH || h == HALF_LEFT)
        push(s, half(a, m, b, h, true));
    if (h == HALVES_BOTH || h == HALF_RIGHT)
        push(s, half(a, m, b, h, false));
}

/* The grid's sizes above 0 measured so far, in ascending order up to the
 * first one not measured yet (n = 0 is a regime of its own; a failed size
 * is left out); *complete tells whether every one is measured. */
static size_t grid_knots(refine_state *s, const uint64_t *grid, size_t ngrid,
                         knot *out, bool *complete)
{
    size_t count = 0;
    *complete = false;
    for (size_t i = 0; i < ngrid && count < BENCH_REFINE_GRID_MAX; i++) {
        double t;
        if (!s->lookup(s->ctx, grid[i], &t))
            return count;
        if (grid[i] > 0 && isfinite(t) && t > 0.0)
            out[count++] = (knot){grid[i], t};
    }
    *complete = true;
    return count;
}

/* The timing jitter of the series: the median distance of its first
 * NOISE_KNOTS grid sizes (or as many as knot i has seen) from their
 * neighbours' chords.  Short collectives jitter from one size to the next
 * by a large share of their time (docs/timing.md, "Sizes, and refinement
 * around protocol switches"); the smallest sizes, before any library
 * switches protocol, show that jitter alone. */
static double start_noise(const knot *k, size_t i)
{
    double dev[NOISE_KNOTS];
    size_t n = 0;
    for (size_t j = 1; j <= i && n < NOISE_KNOTS; j++)
        dev[n++] = fabs(k[j].t_us - line_at(k[j - 1], k[j + 1], k[j].n));
    if (n < 3)
        return 0.0;
    qsort(dev, n, sizeof dev[0], mpchar_compare_double);
    return dev[n / 2];
}

/* Knot j is a disturbed measurement when it leaves the chord of its
 * neighbours while each of them lies on the chord through the other and
 * the knot beyond it (as far as the sweep has measured): one regime runs
 * through j's place, and only j's time leaves it. */
static bool lone_disturbed(const refine_state *s, const knot *k, size_t j,
                           size_t visible)
{
    if (j < 1 || j + 1 >= visible || on_line(s, k[j - 1], k[j + 1], k[j]) ||
        !above_line(k[j - 1], k[j + 1], k[j]))
        return false;
    bool left_known = j >= 2, right_known = j + 2 < visible;
    return (left_known || right_known) &&
           (!left_known || on_line(s, k[j - 2], k[j + 1], k[j - 1])) &&
           (!right_known || on_line(s, k[j - 1], k[j + 2], k[j + 1]));
}

/* Knot i, between its nearest undisturbed neighbours l and r: when it
 * leaves their chord, the intervals beside it that may hold the switch are
 * looked into (each at most once, keyed by its left end). */
static void flag_knot(refine_state *s, const knot *k, size_t l, size_t i,
                      size_t r, bool *pushed)
{
    if (on_line(s, k[l], k[r], k[i]))
        return;
    halves h = switch_halves(s, k[l], k[i], k[r]);
    if ((h == HALVES_BOTH || h == HALF_LEFT) && !pushed[l]) {
        pushed[l] = true;
        push(s, half(k[l], k[i], k[r], h, true));
    }
    if ((h == HALVES_BOTH || h == HALF_RIGHT) && !pushed[i]) {
        pushed[i] = true;
        push(s, half(k[l], k[i], k[r], h, false));
    }
}

/* A grid size i that alone leaves the line through its neighbours l and r
 * is a disturbed time or a switch hidden by the grid: a slower protocol
 * whose line runs on from the faster one's (MPICH's rendezvous from 8 KiB,
 * seen at 11585 bytes only, with 8192 and 16384 on one line).  A minimum
 * cannot tell them apart, a size beside it can: the left side is probed
 * first, where a slower protocol starts. */
static void probe_knot(refine_state *s, knot l, knot i, knot r)
{
    push(s, (interval){
                .a = l, .b = i, .probe = PROBE_LEFT, .line_a = l, .line_b = r});
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

static bool is_grid_size(const refine_state *s, uint64_t n)
{
    for (size_t i = 0; i < s->ngrid; i++)
        if (s->grid[i].n == n)
            return true;
    return false;
}

/* A size strictly inside the interval after the pattern's rounding: the
 * geometric midpoint, else the arithmetic one; 0 when none exists.  An
 * interval spans a grid size only when that size's time was disturbed,
 * which is then not taken again. */
static uint64_t midpoint(const refine_state *s, interval iv,
                         uint64_t *requested_p)
{
    uint64_t tries[2] = {
        (uint64_t)llround(sqrt((double)iv.a.n * (double)iv.b.n)),
        iv.a.n + (iv.b.n - iv.a.n) / 2};
    for (size_t i = 0; i < 2; i++) {
        size_t count;
        uint64_t actual = bench_pattern_bytes(s->pat, s->datatype, tries[i],
                                              (int)s->p, &count);
        if (actual > iv.a.n && actual < iv.b.n && !is_grid_size(s, actual)) {
            *requested_p = tries[i];
            return actual;
        }
    }
    return 0;
}

void bench_refine_params_default(bench_refine_params *rp)
{
    rp->max_points = MPCHAR_DEFAULT_REFINE_POINTS;
    rp->tolerance = BENCH_REFINE_DEFAULT_TOLERANCE;
    rp->min_ratio = BENCH_REFINE_MIN_RATIO;
}

/* An interval pushed twice (as another's alternative, and again by a
 * later grid size) is split once. */
static bool already_added(const bench_refinement *out, uint64_t n)
{
    for (size_t i = 0; i < out->count; i++)
        if (out->n_bytes[i] == n)
            return true;
    return false;
}

static int octave(uint64_t n)
{
    int k = 0;
    while (n >>= 1)
        k++;
    return k;
}

/* Whether n's octave already holds the most sizes one octave may get. */
static bool octave_full(const bench_refinement *out, uint64_t n)
{
    int count = 0;
    for (size_t i = 0; i < out->count; i++)
        count += octave(out->n_bytes[i]) == octave(n);
    return count >= BENCH_REFINE_OCTAVE_MAX;
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
    if (n == 0 || already_added(out, n) || octave_full(out, n))
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
    if (iv.probe != PROBE_NONE && on_line(s, iv.line_a, iv.line_b, m)) {
        /* The neighbours' line runs through this side: look at the other,
         * and after both, the grid size was a disturbed time. */
        s->refined[s->nrefined++] = m;
        if (iv.probe == PROBE_LEFT)
            push(s, (interval){.a = iv.b,
                               .b = iv.line_b,
                               .probe = PROBE_RIGHT,
                               .line_a = iv.line_a,
                               .line_b = iv.line_b});
        return true;
    }
    bool on_chord = on_line(s, iv.a, iv.b, m);
    halves h = on_chord ? HALVES_NONE : switch_halves(s, iv.a, m, iv.b);
    if (h == HALVES_NONE && !on_chord && iv.holds_switch)
        h = HALVES_BOTH; /* m cannot be a disturbance: the switch is here */
    if (on_chord || h != HALVES_NONE) /* else m is a disturbed time */
        s->refined[s->nrefined++] = m;
    if (on_chord && iv.has_other)
        push(s, (interval){
                    .a = iv.other_a, .b = iv.other_b, .holds_switch = true});
    push_halves(s, iv.a, m, iv.b, h);
    return true;
}

/* The undisturbed knot nearest to i in direction dir among the first
 * visible ones; visible when none. */
static size_t undisturbed(const bool *disturbed, size_t i, int dir,
                          size_t visible)
{
    if (dir < 0) {
        for (size_t j = i; j-- > 0;)
            if (!disturbed[j])
                return j;
        return visible;
    }
    for (size_t j = i + 1; j < visible; j++)
        if (!disturbed[j])
            return j;
    return visible;
}

/* Follows the grid's ascending sweep: each grid size, once the two after it
 * are measured (so that a disturbed successor is recognised as such), may
 * mark intervals, and the marked ones are split before the sweep goes on,
 * so refined sizes are measured close in time to the grid sizes around
 * them (the machine drifts between passes). */
void bench_refine_replay(const bench_refine_params *rp,
                         const bench_pattern *pat, const char *datatype, long p,
                         const uint64_t *grid, size_t ngrid,
                         bench_lookup_fn lookup, void *ctx,
                         bench_refinement *out)
{
    memset(out, 0, sizeof *out);
    if (rp->max_points <= 0 || pat->zero_bytes_only ||
        !bench_pattern_full_series(pat))
        return;
    refine_state s = {.rp = rp,
                      .pat = pat,
                      .datatype = datatype,
                      .p = p,
                      .lookup = lookup,
                      .ctx = ctx};
    knot k[BENCH_REFINE_GRID_MAX];
    bool pushed[BENCH_REFINE_GRID_MAX] = {false};
    bool disturbed[BENCH_REFINE_GRID_MAX] = {false};
    bool complete;
    size_t count = grid_knots(&s, grid, ngrid, k, &complete);
    s.grid = k;
    s.disturbed = disturbed;
    for (size_t i = 1; i + 1 < count; i++) {
        if (i + 2 >= count && !complete)
            return;
        s.ngrid = i + 3 < count ? i + 3 : count;
        s.noise_us = start_noise(k, i);
        for (size_t j = i; j < s.ngrid; j++)
            disturbed[j] = lone_disturbed(&s, k, j, s.ngrid);
        size_t l = undisturbed(disturbed, i, -1, s.ngrid);
        size_t r = undisturbed(disturbed, i, 1, s.ngrid);
        if (l < s.ngrid && r < s.ngrid) {
            if (!disturbed[i])
                flag_knot(&s, k, l, i, r, pushed);
            else
                probe_knot(&s, k[l], k[i], k[r]);
        }
        while (split_next(&s, out))
            ;
        if (out->next_requested)
            return;
    }
}
