/* The stopping rule of a point: after which round its minimum has settled,
 * so that later rounds of its series pass it by (sweep.c).
 *
 * A point's minimum only falls as rounds add repetitions, and each round
 * is an independent draw of the machine's speed (docs/timing.md, Rounds).
 * Once the minimum has moved by at most a tolerance over the last k
 * rounds, further rounds rarely move it more: of n independent draws,
 * the next one is a new minimum with probability 1/(n + 1), and a new
 * minimum of a settled point lies close to the old one.  This is
 * ReproMPI's way of choosing the number of repetitions (a statistic over a
 * window of the last measurements, checked as they come, stopped below a
 * threshold, between a least and a most count; Hunold, Carpen-Amarie and
 * Traff, EuroMPI 2014), with the minimum, the figure mpchar keeps, as the
 * statistic and rounds as the window's steps.  A floor of rounds keeps a
 * point from settling on its first few draws; --rounds stays the ceiling.
 * docs/timing.md, "Stopping rule", has the measurements. */
#include <math.h>

#include "bench.h"

bool bench_settle_on(const bench_settle_params *sp)
{
    return sp->window_rounds > 0;
}

long bench_settle_floor(const bench_settle_params *sp)
{
    long least = sp->window_rounds + 1; /* a window needs a round before */
    return sp->min_rounds > least ? sp->min_rounds : least;
}

bool bench_settled(const bench_settle_params *sp, const double *min_us,
                   long rounds)
{
    if (!bench_settle_on(sp) || rounds < bench_settle_floor(sp))
        return false;
    double now = min_us[rounds - 1];
    double before = min_us[rounds - 1 - sp->window_rounds];
    if (!isfinite(now) || !isfinite(before))
        return false;
    return now >= (1.0 - sp->tolerance) * before;
}
