/* The measurement loop of one point: warm-up, batch calibration, timed
 * repetitions until both the minimum count and the time budget are met,
 * and the per-repetition times brought to rank 0.  Synchronization and
 * checking happen around the timed region, never inside it; statistics
 * and output are someone else's concern.
 *
 * Patterns that need every rank to start a repetition together start it
 * in a window: at a time rank 0 set on its clock, each rank busy-waiting
 * until then, the repetition taking the latest end over ranks minus that
 * start (ReproMPI's scheme), because after a barrier a rank that leaves
 * late shortens what the others measure (docs/timing.md, "Synchronization").
 * Where ranks share cores, busy-waiting would take the core from the rank
 * being waited for, so those points keep the barrier. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

/* A repetition should span at least this many timer steps, so that the
 * timer's resolution and the cost of reading it stay near 0.1% of a
 * measurement.  Self-synchronizing loops (ping-pong, stream) lose nothing
 * by longer batches and also span at least MIN_SPAN_FREE_S, so that their
 * minimum is the speed the machine holds rather than a burst of a few tens
 * of microseconds.  Barrier-synchronized patterns are not batched under a
 * fine timer, since a batch pipelines their operations; a coarser timer
 * still batches them, to 100 steps (docs/timing.md, "One point"). */
#define MIN_SPAN_IN_TICKS_SYNCED 100.0
#define MIN_SPAN_IN_TICKS_FREE 1000.0
#define MIN_SPAN_FREE_S 300e-6
#define FINE_TIMER_STEP_S 1e-7
#define MAX_BATCH 1000

/* A window is this many times the warm-up's shortest repetition (with
 * its untimed preparation and check) plus a slack, and grows by the factor
 * whenever more than a quarter of a chunk's repetitions found a rank late,
 * up to a limit: a rank late for another reason (a wrong clock) must not
 * stretch the windows without end.  Chunks stay short so that a window
 * that was too short is widened early, and rank 0's start time is sent far
 * enough ahead to reach every rank. */
#define WINDOW_FACTOR 1.5
#define WINDOW_MAX_GROWTH 16.0
#define WINDOW_SLACK_S 2e-6
#define WINDOW_LATE_SHARE 0.25
#define WINDOW_CHUNK_MAX 256
#define WINDOW_LEAD_S 100e-6
#define WINDOW_MAX_ATTEMPTS 4 /* times max_reps, when windows keep failing */
#define CLOCK_RESYNC_S 0.1    /* clocks of separate nodes drift apart */

typedef struct check_state {
    bool failed;
    char why[256];
} check_state;

static void verify_rep(bench_ctx *c, check_state *chk)
{
    const bench_pattern *pat = c->pt->pattern;
    if (c->check && pat->verify && !chk->failed &&
        pat->verify(c, chk->why, sizeof chk->why) != 0)
        chk->failed = true;
    c->rep++;
}

/* One repetition; returns this rank's elapsed time in seconds, and in
 * *untimed_p (when not NULL: the warm-up asks, the timed loop does not)
 * the seconds its preparation and check took around it. */
static void prepare_rep(bench_ctx *c, const bench_loop_params *lp)
{
    const bench_pattern *pat = c->pt->pattern;
    if (pat->prepare)
        pat->prepare(c);
    if (lp->cold)
        bench_cold_prepare(lp->cold, c);
}

/* Whether every rank must start a repetition together: the pattern says
 * so, or cold buffers, which a rank still sweeping would make its peers
 * wait for inside the timed region. */
static bool starts_together(const bench_pattern *pat,
                            const bench_loop_params *lp)
{
    return pat->barrier_before_rep || lp->cold;
}

static double one_rep(bench_ctx *c, const bench_loop_params *lp,
                      check_state *chk, double *untimed_p)
{
    const bench_pattern *pat = c->pt->pattern;
    double u0 = untimed_p ? MPI_Wtime() : 0.0;
    prepare_rep(c, lp);
    double u1 = untimed_p ? MPI_Wtime() : 0.0;
    if (starts_together(pat, lp))
        MPI_Barrier(c->comm);
    double t0 = MPI_Wtime();
    pat->run(c);
    double t1 = MPI_Wtime();
    verify_rep(c, chk);
    if (untimed_p)
        *untimed_p = (u1 - u0) + (MPI_Wtime() - t1);
    return t1 - t0;
}

/* One repetition started at `start` on rank 0's clock; returns this
 * rank's end minus start in seconds, or INFINITY when the rank came to
 * the start late (its predecessor overran, or the start time came late). */
static double window_rep(bench_ctx *c, const bench_loop_params *lp,
                         double start, check_state *chk)
{
    const bench_pattern *pat = c->pt->pattern;
    const bench_clock *clk = lp->clock;
    prepare_rep(c, lp);
    bool late = bench_clock_wait_until(clk, start);
    pat->run(c);
    double end = bench_clock_now(clk);
    verify_rep(c, chk);
    return late ? INFINITY : end - start;
}

static bool uses_windows(const bench_pattern *pat, const bench_loop_params *lp)
{
    return starts_together(pat, lp) && lp->sync == SYNC_WINDOW;
}

static void set_root(bench_ctx *c, bool rotate)
{
    c->root = rotate ? (int)(c->rep % c->size) : 0;
}

/* Runs n untimed reps; returns the shortest rep time of the slowest rank
 * (the first repetitions of a point are often slow, so the shortest one is
 * what later repetitions will look like), and in *cycle_p (when not NULL)
 * the shortest repetition with its preparation and check, which a window
 * must hold. */
static double warm_up(bench_ctx *c, const bench_loop_params *lp, long n,
                      bool rotate, check_state *chk, double *cycle_p)
{
    double shortest[2] = {1e30, 1e30};
    for (long i = 0; i < n; i++) {
        double untimed;
        set_root(c, rotate);
        double t = one_rep(c, lp, chk, &untimed);
        shortest[0] = fmin(shortest[0], t);
        shortest[1] = fmin(shortest[1], t + untimed);
    }
    MPI_Allreduce(MPI_IN_PLACE, shortest, 2, MPI_DOUBLE, MPI_MAX, c->comm);
    if (cycle_p)
        *cycle_p = shortest[1];
    return shortest[0];
}

long bench_batch_size(const bench_pattern *pat, const bench_loop_params *lp,
                      double span_s)
{
    if (lp->cold)
        return 1;
    if (pat->barrier_before_rep &&
        (uses_windows(pat, lp) || lp->timer_resolution_s <= FINE_TIMER_STEP_S))
        return 1;
    double wanted = pat->barrier_before_rep
                        ? MIN_SPAN_IN_TICKS_SYNCED * lp->timer_resolution_s
                        : fmax(MIN_SPAN_IN_TICKS_FREE * lp->timer_resolution_s,
                               MIN_SPAN_FREE_S);
    if (span_s >= wanted)
        return 1;
    long most = pat->max_batch > 0 ? pat->max_batch : MAX_BATCH;
    return span_s > 0 && wanted / span_s < (double)most
               ? (long)ceil(wanted / span_s)
               : most;
}

/* Sets c->batch; *cycle_p is the warm-up's shortest repetition with its
 * preparation and check. */
static int calibrate_batch(bench_ctx *c, const bench_loop_params *lp,
                           bool rotate, check_state *chk, double *cycle_p,
                           mpchar_error *err)
{
    const bench_pattern *pat = c->pt->pattern;
    double span = warm_up(c, lp, lp->warmup_reps, rotate, chk, cycle_p);
    long batch = bench_batch_size(pat, lp, span);
    if (batch == c->batch)
        return 0;
    c->batch = batch;
    pat->teardown(c);
    if (pat->setup(c) != 0)
        return mpchar_error_set(err, "%s: out of memory for a batch of %ld",
                                pat->name, c->batch);
    /* One operation warms the new buffers; a whole batch would add 300 us
     * to every round of every point. */
    c->batch = 1;
    warm_up(c, lp, 1, rotate, chk, NULL);
    c->batch = batch;
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
    if (first == c->size)
        return;
    res->failed = true;
    if (first == 0) {
        snprintf(res->why, sizeof res->why, "%s", chk->why);
    } else if (c->rank == first) {
        MPI_Send(chk->why, sizeof chk->why, MPI_CHAR, 0, 0, c->comm);
    } else if (c->rank == 0) {
        MPI_Recv(res->why, sizeof res->why, MPI_CHAR, first, 0, c->comm,
                 MPI_STATUS_IGNORE);
    }
}

/* Repetitions one after another, each timed by rank 0 alone or, after a
 * barrier, by the slowest rank. */
static long measure_in_turn(bench_ctx *c, const bench_loop_params *lp,
                            bool rotate, check_state *chk, double *times)
{
    const bench_pattern *pat = c->pt->pattern;
    long done = 0;
    double start = MPI_Wtime(), elapsed = 0.0;
    double scale = 1e6 / ((double)c->batch * pat->divisor(c));
    for (;;) {
        long chunk = next_chunk(lp, done, elapsed);
        for (long i = 0; i < chunk; i++) {
            set_root(c, rotate);
            times[done++] = one_rep(c, lp, chk, NULL) * scale;
        }
        elapsed = MPI_Wtime() - start;
        /* Agree on the clock so that every rank stops at the same rep. */
        MPI_Allreduce(MPI_IN_PLACE, &elapsed, 1, MPI_DOUBLE, MPI_MAX, c->comm);
        if (done >= lp->max_reps ||
            (done >= lp->min_reps && elapsed >= lp->budget_s))
            break;
    }
    if (pat->timing == TIME_MAX_OVER_RANKS)
        MPI_Reduce(c->rank == 0 ? MPI_IN_PLACE : times, times, (int)done,
                   MPI_DOUBLE, MPI_MAX, 0, c->comm);
    return done;
}

/* One chunk of consecutive windows from a start rank 0 sends ahead; on
 * return every rank holds each repetition's slowest time (INFINITY where
 * a rank was late) in buf. */
static void window_chunk(bench_ctx *c, const bench_loop_params *lp, bool rotate,
                         double width_s, long chunk, double *buf,
                         check_state *chk)
{
    double first = 0.0;
    /* The first window, too, leaves room for a repetition's preparation
     * (with --check, filling bistream's buffers takes longer than the
     * lead alone). */
    if (c->rank == 0)
        first = bench_clock_now(lp->clock) + WINDOW_LEAD_S + width_s;
    MPI_Bcast(&first, 1, MPI_DOUBLE, 0, c->comm);
    for (long i = 0; i < chunk; i++) {
        set_root(c, rotate);
        buf[i] = window_rep(c, lp, first + (double)i * width_s, chk);
    }
    MPI_Allreduce(MPI_IN_PLACE, buf, (int)chunk, MPI_DOUBLE, MPI_MAX, c->comm);
}

static long window_chunk_size(const bench_loop_params *lp, long done,
                              double elapsed)
{
    long chunk = next_chunk(lp, done, elapsed);
    return chunk < WINDOW_CHUNK_MAX ? chunk : WINDOW_CHUNK_MAX;
}

/* Window-synchronized repetitions; the late ones are dropped and counted.
 * Every rank sees the same times, so all agree on when to stop. */
static long measure_in_windows(bench_ctx *c, const bench_loop_params *lp,
                               bool rotate, double cycle_s, check_state *chk,
                               double *times, long *late_p)
{
    double buf[WINDOW_CHUNK_MAX];
    double width = WINDOW_FACTOR * cycle_s + WINDOW_SLACK_S;
    double widest = WINDOW_MAX_GROWTH * width;
    double scale = 1e6 / c->pt->pattern->divisor(c);
    double start = MPI_Wtime(), elapsed = 0.0, synced = -CLOCK_RESYNC_S;
    long done = 0, attempts = 0;
    *late_p = 0;
    /* A round's share of --max-reps can be a few dozen: the windows may
     * still grow to their widest before the point is given up. */
    while (done < lp->max_reps &&
           (done < lp->min_reps || elapsed < lp->budget_s) &&
           (attempts < WINDOW_MAX_ATTEMPTS * lp->max_reps || width < widest)) {
        if (elapsed - synced >= CLOCK_RESYNC_S) {
            bench_clock_sync(lp->clock);
            synced = elapsed;
        }
        long chunk = window_chunk_size(lp, done, elapsed), late = 0;
        window_chunk(c, lp, rotate, width, chunk, buf, chk);
        for (long i = 0; i < chunk; i++) {
            if (isinf(buf[i]))
                late++;
            else /* next_chunk keeps done + chunk within max_reps */
                times[done++] = buf[i] * scale;
        }
        if ((double)late > WINDOW_LATE_SHARE * (double)chunk)
            width = fmin(width * WINDOW_FACTOR, widest);
        *late_p += late;
        attempts += chunk;
        elapsed = MPI_Wtime() - start;
        MPI_Allreduce(MPI_IN_PLACE, &elapsed, 1, MPI_DOUBLE, MPI_MAX, c->comm);
    }
    return done;
}

int bench_measure(bench_ctx *c, const bench_loop_params *lp,
                  bench_loop_result *res, mpchar_error *err)
{
    const bench_pattern *pat = c->pt->pattern;
    bool rotate = c->root < 0; /* the caller asks for rotation with -1 */
    check_state chk = {false, ""};
    double cycle = 0.0;
    memset(res, 0, sizeof *res);
    c->batch = 1;
    c->rep = 0;
    if (calibrate_batch(c, lp, rotate, &chk, &cycle, err) != 0)
        return -1;
    bench_phases_reset(&c->phases); /* the timed operations' only */
    double *times = malloc((size_t)lp->max_reps * sizeof *times);
    if (!times)
        return mpchar_error_set(err,
                                "out of memory for %ld repetition "
                                "times",
                                lp->max_reps);
    if (uses_windows(pat, lp))
        res->reps = measure_in_windows(c, lp, rotate, cycle, &chk, times,
                                       &res->late_reps);
    else
        res->reps = measure_in_turn(c, lp, rotate, &chk, times);
    res->times_us = times;
    bring_check_to_root(c, &chk, res);
    if (!res->failed && res->reps == 0) {
        res->failed = true;
        snprintf(res->why, sizeof res->why,
                 "no repetition of %ld found "
                 "every rank at its start in time",
                 res->late_reps);
    }
    return 0;
}
