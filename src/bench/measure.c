/* The measurement loop of one point: warm-up, batch calibration, timed
 * repetitions until both the minimum count and the time budget are met,
 * and the per-repetition times brought to rank 0.  Synchronization and
 * checking happen around the timed region, never inside it; statistics
 * and output are someone else's concern. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

/* A repetition should span at least this many timer steps, so that the
 * timer's resolution and the cost of reading it stay near 0.1% of a
 * measurement.  That holds for self-synchronizing loops (ping-pong,
 * stream), which lose nothing by longer batches.  Patterns that
 * synchronize each repetition with a barrier (collectives, as the seeds
 * time them) are not batched when the timer steps by 0.1 us or less: a
 * batch pipelines their operations, and a batch size drawn from noisy
 * warm-up times changes from one size to the next (Open MPI gather at 4-256
 * B, three runs: minima 0.08-0.29 us batched, 0.11-0.22 us and within
 * 0.04 us of each other run to run unbatched).  A coarser timer still
 * batches them, to 100 steps. */
#define MIN_SPAN_IN_TICKS_SYNCED 100.0
#define MIN_SPAN_IN_TICKS_FREE 1000.0
#define FINE_TIMER_STEP_S 1e-7
#define MAX_BATCH 1000

typedef struct check_state {
    bool failed;
    char why[256];
} check_state;

/* One repetition; returns this rank's elapsed time in seconds. */
static double one_rep(bench_ctx *c, check_state *chk)
{
    const bench_pattern *pat = c->pt->pattern;
    if (pat->prepare)
        pat->prepare(c);
    if (pat->barrier_before_rep)
        MPI_Barrier(c->comm);
    double t0 = MPI_Wtime();
    pat->run(c);
    double t1 = MPI_Wtime();
    if (c->check && pat->verify && !chk->failed &&
        pat->verify(c, chk->why, sizeof chk->why) != 0)
        chk->failed = true;
    c->rep++;
    return t1 - t0;
}

static void set_root(bench_ctx *c, bool rotate)
{
    c->root = rotate ? (int)(c->rep % c->size) : 0;
}

/* Runs n untimed reps; returns the shortest rep time of the slowest rank
 * (the first repetitions of a point are often slow, so the shortest one is
 * what later repetitions will look like). */
static double warm_up(bench_ctx *c, long n, bool rotate, check_state *chk)
{
    double shortest = 1e30;
    for (long i = 0; i < n; i++) {
        set_root(c, rotate);
        double t = one_rep(c, chk);
        if (t < shortest)
            shortest = t;
    }
    MPI_Allreduce(MPI_IN_PLACE, &shortest, 1, MPI_DOUBLE, MPI_MAX, c->comm);
    return shortest;
}

static int calibrate_batch(bench_ctx *c, const bench_loop_params *lp,
                           bool rotate, check_state *chk, mpchar_error *err)
{
    const bench_pattern *pat = c->pt->pattern;
    double span = warm_up(c, lp->warmup_reps, rotate, chk);
    if (pat->barrier_before_rep &&
        lp->timer_resolution_s <= FINE_TIMER_STEP_S)
        return 0;
    double ticks = pat->barrier_before_rep ? MIN_SPAN_IN_TICKS_SYNCED
                                           : MIN_SPAN_IN_TICKS_FREE;
    double wanted = ticks * lp->timer_resolution_s;
    if (span >= wanted)
        return 0;
    long most = pat->max_batch > 0 ? pat->max_batch : MAX_BATCH;
    long batch = span > 0 ? (long)ceil(wanted / span) : most;
    if (batch > most)
        batch = most;
    if (batch == c->batch)
        return 0;
    c->batch = batch;
    pat->teardown(c);
    if (pat->setup(c) != 0)
        return mpchar_error_set(err, "%s: out of memory for a batch of %ld",
                                pat->name, c->batch);
    warm_up(c, 1, rotate, chk);
    return 0;
}

/* How many more reps to run before asking again whether we are done. */
static long next_chunk(const bench_loop_params *lp, long done, double elapsed)
{
    if (done < lp->min_reps)
        return lp->min_reps - done;
    double per_rep = elapsed / (double)done;
    double left = lp->budget_s - elapsed;
    long chunk = per_rep > 0 ? (long)ceil(left / per_rep) : lp->max_reps;
    if (chunk < 1)
        chunk = 1;
    if (chunk > lp->max_reps - done)
        chunk = lp->max_reps - done;
    return chunk;
}

static void bring_check_to_root(bench_ctx *c, const check_state *chk,
                                bench_loop_result *res)
{
    int first = chk->failed ? c->rank : c->size;
    MPI_Allreduce(MPI_IN_PLACE, &first, 1, MPI_INT, MPI_MIN, c->comm);
    res->check_failed = first < c->size;
    if (!res->check_failed)
        return;
    if (first == 0) {
        snprintf(res->check_why, sizeof res->check_why, "%s", chk->why);
    } else if (c->rank == first) {
        MPI_Send(chk->why, sizeof chk->why, MPI_CHAR, 0, 0, c->comm);
    } else if (c->rank == 0) {
        MPI_Recv(res->check_why, sizeof res->check_why, MPI_CHAR, first, 0,
                 c->comm, MPI_STATUS_IGNORE);
    }
}

int bench_measure(bench_ctx *c, const bench_loop_params *lp,
                  bench_loop_result *res, mpchar_error *err)
{
    const bench_pattern *pat = c->pt->pattern;
    bool rotate = c->root < 0; /* the caller asks for rotation with -1 */
    check_state chk = {false, ""};
    memset(res, 0, sizeof *res);
    c->batch = 1;
    c->rep = 0;
    if (calibrate_batch(c, lp, rotate, &chk, err) != 0)
        return -1;
    double *times = malloc((size_t)lp->max_reps * sizeof *times);
    long done = 0;
    if (!times)
        return mpchar_error_set(err, "out of memory for %ld repetition "
                                "times", lp->max_reps);
    double start = MPI_Wtime(), elapsed = 0.0;
    double scale = 1e6 / ((double)c->batch * pat->divisor(c));
    for (;;) {
        long chunk = next_chunk(lp, done, elapsed);
        for (long i = 0; i < chunk; i++) {
            set_root(c, rotate);
            times[done++] = one_rep(c, &chk) * scale;
        }
        elapsed = MPI_Wtime() - start;
        /* Agree on the clock so that every rank stops at the same rep. */
        MPI_Allreduce(MPI_IN_PLACE, &elapsed, 1, MPI_DOUBLE, MPI_MAX,
                      c->comm);
        if (done >= lp->max_reps ||
            (done >= lp->min_reps && elapsed >= lp->budget_s))
            break;
    }
    if (pat->timing == TIME_MAX_OVER_RANKS)
        MPI_Reduce(c->rank == 0 ? MPI_IN_PLACE : times, times, (int)done,
                   MPI_DOUBLE, MPI_MAX, 0, c->comm);
    bring_check_to_root(c, &chk, res);
    res->times_us = times;
    res->reps = done;
    return 0;
}
