/* The measurement of one series, in rounds.
 *
 * A machine can change speed while a series is measured: this virtual
 * machine runs at levels that last from milliseconds to seconds
 * (docs/timing.md, "Rounds"), and a series takes about a second.
 * Measured in one sweep, the sizes before a change and those after it sit
 * on different levels, a step no model follows.  So each point's
 * repetitions are spread over --rounds passes over the series: the first
 * sweeps the grid in ascending size and refines around protocol switches
 * as it goes (refine.c, which needs neighbouring sizes measured close in
 * time), each later pass measures every size of the first again, in
 * alternating direction, and a point's row holds the repetitions of all
 * its rounds.  With the stopping rule on (settle.c), a point whose minimum
 * has settled is passed by in the later rounds.  A level that lasts one pass then reaches every size, and a
 * point's minimum comes from the fastest level the whole series saw.  A
 * level that comes for good in mid-series is seen by the probes taken
 * before every round (level.c): the series is then measured again, up to
 * --level-retries times.
 *
 * Rows are written when a series' last round ends, so an interrupted run
 * loses at most the series in progress, and a series with rows for all its
 * grid is complete: refinement, which decided from the first round's
 * times, is not replayed from the rows' (series.c). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "mpchar/datatypes.h"

/* How long ranks sleep between looks at the machine's level. */
#define LEVEL_NAP_NS 50000000L

/* A point of the series and the repetitions its rounds have taken. */
typedef struct taken {
    bench_point pt;
    double *times_us; /* rank 0's, all rounds */
    long reps, late_reps;
    bench_phases *phases; /* rank 0's, per rank, all rounds; or NULL */
    double min_us[BENCH_ROUNDS_MAX]; /* rank 0's: the minimum after each
                                        round, for the stopping rule */
    long rounds;
    bool failed;
    char why[256];
} taken;

typedef struct series_list {
    taken *items;
    size_t count, cap;
    bool over; /* oversubscribed: one round, no level to probe */
    bench_level_reading *probes; /* rank 0's, in the order taken */
    double inject_us;            /* test hook: added to all probes but the
                              series' first and to those before it */
    size_t nprobes, probes_cap;
} series_list;

static void die(const mpchar_error *err)
{
    fprintf(stderr, "mpchar-bench: %s\n", err->msg);
    MPI_Abort(MPI_COMM_WORLD, 1);
}

/* Room for one more of count elements of `size` bytes in items (*cap
 * allocated), doubling it when full; the possibly moved array. */
static void *room_for_one(void *items, size_t count, size_t *cap, size_t size,
                          const char *what)
{
    void *grown = mpchar_grow(items, cap, count + 1, size);
    if (!grown) {
        mpchar_error err;
        mpchar_error_set(&err, "out of memory for %s", what);
        die(&err);
    }
    return grown;
}

static taken *list_add(series_list *l, const bench_point *pt)
{
    l->items = room_for_one(l->items, l->count, &l->cap, sizeof *l->items,
                            "a series' points");
    taken *t = &l->items[l->count++];
    memset(t, 0, sizeof *t);
    t->pt = *pt;
    return t;
}

static void list_free(series_list *l)
{
    for (size_t i = 0; i < l->count; i++) {
        free(l->items[i].times_us);
        free(l->items[i].phases);
    }
    free(l->items);
    free(l->probes);
    memset(l, 0, sizeof *l);
}

/* Probes the level (level.c) and keeps rank 0's reading, before a round
 * of item `before` (l->count: after the last round). */
static void probe_level(bench_run *r, series_list *l, MPI_Comm comm,
                        size_t before)
{
    if (l->over)
        return;
    double t_us = bench_level_probe(comm);
    if (l->nprobes > 0)
        t_us += l->inject_us; /* the level changed after the first */
    if (r->rank != 0)
        return;
    l->probes = room_for_one(l->probes, l->nprobes, &l->probes_cap,
                             sizeof *l->probes, "level probes");
    l->probes[l->nprobes++] = (bench_level_reading){t_us, before};
}

/* Rounds of a series.  Oversubscribed times are not real: one round, as
 * many repetitions as before rounds. */
long bench_series_rounds(const bench_run *r, bool over)
{
    return over ? 1 : r->opt.rounds;
}

/* A round's share of the point's budget and repetition bounds.  An
 * oversubscribed point gets no budget: more of its repetitions would buy
 * no accuracy, so --min-reps alone sets its time. */
static bench_loop_params round_params(const bench_run *r, bool over)
{
    long n = bench_series_rounds(r, over);
    bench_loop_params lp = r->lp;
    lp.budget_s = over ? 0.0 : lp.budget_s / (double)n;
    lp.min_reps = (lp.min_reps + n - 1) / n;
    lp.max_reps = (lp.max_reps + n - 1) / n;
    return lp;
}

void bench_hang_forever(void)
{
    struct timespec nap = {1, 0};
    for (;;)
        nanosleep(&nap, NULL);
}

static void announce(bench_run *r, const bench_point *pt)
{
    if (r->rank != 0)
        return;
    if (r->progress_done >= r->progress_total)
        r->progress_total = r->progress_done + 1; /* refinement adds */
    bench_output_begin(&r->out, pt, ++r->progress_done, r->progress_total);
    if (r->hang.set && strcmp(r->hang.pattern, pt->key.pattern) == 0 &&
        r->hang.n_bytes == pt->key.n_bytes)
        bench_hang_forever();
}

/* Rank 0 adds every rank's phases of a round to t's (a pattern that
 * records them); collective. */
static void gather_phases(bench_run *r, taken *t, const bench_phases *mine,
                          MPI_Comm comm)
{
    int p;
    MPI_Comm_size(comm, &p);
    if (r->rank == 0 && !t->phases) {
        t->phases = malloc((size_t)p * sizeof *t->phases);
        for (int i = 0; t->phases && i < p; i++)
            bench_phases_reset(&t->phases[i]);
    }
    int ok = r->rank != 0 || t->phases;
    MPI_Bcast(&ok, 1, MPI_INT, 0, comm);
    if (!ok || bench_phases_gather(mine, t->phases, comm) != 0) {
        mpchar_error err;
        mpchar_error_set(&err, "out of memory for process times");
        die(&err);
    }
}

/* Set-up, the measurement loop and tear-down of one round of a point;
 * the phases this rank recorded go to *phases_p. */
static void measure_round(bench_run *r, const bench_point *pt, MPI_Comm comm,
                          const bench_loop_params *lp, bench_loop_result *res,
                          bench_phases *phases_p)
{
    bench_ctx c;
    memset(&c, 0, sizeof c);
    c.pt = pt;
    c.comm = comm;
    MPI_Comm_rank(comm, &c.rank);
    MPI_Comm_size(comm, &c.size);
    c.root = r->opt.rotate_root ? -1 : 0;
    c.batch = 1;
    c.window = r->opt.window;
    c.check = r->opt.check;
    c.count = pt->count;
    c.dtype = bench_mpi_datatype(pt->key.datatype);
    c.msg_bytes = pt->count * mpchar_datatype_bytes(pt->key.datatype);
    int op = bench_op_find(pt->key.op);
    c.op = op >= 0 ? r->ops[op] : MPI_OP_NULL; /* "-": no reduction */
    c.sums = op >= 0 && bench_ops[op].sums;
    bool ok = bench_all_agree(pt->pattern->setup(&c) == 0, comm);
    mpchar_error err;
    if (!ok) {
        memset(res, 0, sizeof *res);
        res->failed = true;
        snprintf(res->why, sizeof res->why, "out of memory for the buffers");
    } else if (bench_measure(&c, lp, res, &err) != 0) {
        die(&err);
    }
    *phases_p = c.phases;
    pt->pattern->teardown(&c);
}

static double min_time(const taken *t)
{
    double m = INFINITY;
    for (long i = 0; i < t->reps; i++)
        m = fmin(m, t->times_us[i]);
    return m;
}

/* Rank 0: the point's minimum after the round it just took. */
static void note_round_min(taken *t)
{
    if (t->rounds < BENCH_ROUNDS_MAX)
        t->min_us[t->rounds++] = min_time(t);
}

/* Measures one round of t and appends its repetitions on rank 0. */
static void take_round(bench_run *r, series_list *l, taken *t, MPI_Comm comm,
                       const bench_loop_params *lp)
{
    bench_loop_result res;
    bench_phases phases;
    bench_phases_reset(&phases);
    announce(r, &t->pt);
    probe_level(r, l, comm, (size_t)(t - l->items));
    measure_round(r, &t->pt, comm, lp, &res, &phases);
    if (t->pt.pattern->records_phases)
        gather_phases(r, t, &phases, comm);
    if (res.failed) {
        t->failed = true;
        snprintf(t->why, sizeof t->why, "%s", res.why);
    } else if (r->rank == 0) {
        double *all =
            realloc(t->times_us, (size_t)(t->reps + res.reps) * sizeof *all);
        if (!all) {
            mpchar_error err;
            mpchar_error_set(&err, "out of memory for repetition times");
            die(&err);
        }
        memcpy(all + t->reps, res.times_us, (size_t)res.reps * sizeof *all);
        t->times_us = all;
        t->reps += res.reps;
        t->late_reps += res.late_reps;
        note_round_min(t);
    }
    free(res.times_us);
}

/* Rank 0 keeps the first round's fitting times for refinement, rounded
 * as rows are, NAN on failure. */
static void keep_sample(bench_run *r, const taken *t, bool over)
{
    mpchar_error err;
    double t_us = t->failed ? NAN : mpchar_time_as_written(min_time(t));
    if (r->rank == 0 &&
        bench_series_add_sample(&r->plan, &t->pt.key, t_us, over, &err) != 0)
        die(&err);
}

/* The refinement's next size for the series, agreed by every rank (rank 0
 * replays it): false when it asks for none. */
static bool next_refined(bench_run *r, size_t first, size_t end, MPI_Comm comm,
                         bench_point *pt)
{
    uint64_t next = 0;
    if (r->rank == 0) {
        bench_refinement rf;
        bench_series_refinement(&r->plan, first, end, &r->refine, &rf);
        next = rf.next_requested;
    }
    MPI_Bcast(&next, 1, MPI_UINT64_T, 0, comm);
    if (next == 0)
        return false;
    bench_series_point(&r->plan, first, next, pt);
    return true;
}

/* The first round: the grid in ascending size, and after each grid size
 * the refined sizes the times so far ask for.  Oversubscribed times are not
 * real: no switch is there to find. */
static void first_round(bench_run *r, size_t first, size_t end, MPI_Comm comm,
                        series_list *l)
{
    bool over = l->over;
    bench_loop_params lp = round_params(r, over);
    bench_point pt;
    for (size_t i = first; i < end; i++) {
        const bench_point *grid = &r->plan.points[i];
        if (!grid->skip) {
            taken *t = list_add(l, grid);
            take_round(r, l, t, comm, &lp);
            keep_sample(r, t, over);
        }
        if (over || grid->key.set != MPCHAR_SET_FIT)
            continue;
        while (next_refined(r, first, end, comm, &pt)) {
            taken *t = list_add(l, &pt);
            take_round(r, l, t, comm, &lp);
            keep_sample(r, t, over);
        }
    }
}

/* Which points of the list are done before the next round (failed, or
 * settled by the stopping rule), as rank 0 decides and every rank then
 * knows, so that all pass the same points by; how many are. */
static size_t agree_done(bench_run *r, MPI_Comm comm, const series_list *l,
                         unsigned char *done)
{
    size_t count = 0;
    for (size_t i = 0; i < l->count; i++) {
        const taken *t = &l->items[i];
        done[i] =
            t->failed ||
            (r->rank == 0 && bench_settled(&r->settle, t->min_us, t->rounds));
    }
    if (bench_settle_on(&r->settle))
        MPI_Bcast(done, (int)l->count, MPI_UNSIGNED_CHAR, 0, comm);
    for (size_t i = 0; i < l->count; i++)
        count += done[i];
    return count;
}

/* The other rounds over every point of the list, each pass the other way
 * round from the one before, so that a drift touches both ends alike;
 * they end early once every point is done. */
static void later_rounds(bench_run *r, MPI_Comm comm, series_list *l)
{
    long rounds = bench_series_rounds(r, l->over);
    bench_loop_params lp = round_params(r, l->over);
    unsigned char *done = malloc(l->count ? l->count : 1);
    if (!done) {
        mpchar_error err;
        mpchar_error_set(&err, "out of memory for a series' points");
        die(&err);
    }
    for (long round = 1; round < rounds; round++) {
        if (agree_done(r, comm, l, done) == l->count)
            break;
        for (size_t j = 0; j < l->count; j++) {
            size_t i = round % 2 ? l->count - 1 - j : j;
            if (!done[i])
                take_round(r, l, &l->items[i], comm, &lp);
        }
    }
    free(done);
}

static void say_again(const bench_point *pt, const char *why, long attempt,
                      long retries)
{
    const mpchar_point_key *k = &pt->key;
    printf("mpchar-bench: %s %s %s %s p=%ld: %s: %s\n", k->library, k->pattern,
           k->variant, k->op, k->p, why,
           attempt < retries ? "measuring it again" : "kept, retries used up");
    fflush(stdout);
}

static void write_points(bench_run *r, series_list *l)
{
    mpchar_error err;
    for (size_t i = 0; i < l->count; i++) {
        taken *t = &l->items[i];
        if (t->failed) {
            r->failures++;
            if (r->rank == 0 &&
                bench_output_failure(&r->out, &t->pt, t->why, &err) != 0)
                die(&err);
        } else if (r->rank == 0) {
            r->settle_points++;
            r->settle_rounds_taken += t->rounds;
            bench_loop_result res = {.times_us = t->times_us,
                                     .reps = t->reps,
                                     .late_reps = t->late_reps};
            if ((t->phases &&
                 bench_output_phases(&r->out, &t->pt, t->phases, &err) != 0) ||
                bench_output_point(&r->out, &t->pt, &res, l->over, &err) != 0)
                die(&err);
        }
    }
}

/* Seconds the launch may still wait for its best level. */
static double wait_allowance(const bench_run *r)
{
    return bench_level_wait_allowance(r->opt.level_wait_s, r->level_measured_s,
                                      r->level_waited_s);
}

static void note_level(bench_run *r, double t_us)
{
    if (t_us > 0.0 && (r->level_best_us == 0.0 || t_us < r->level_best_us))
        r->level_best_us = t_us;
}

/* Before a series: while the machine runs slower than the best level this
 * launch has seen, and the launch may still wait, every rank sleeps. */
static void wait_for_best_level(bench_run *r, MPI_Comm comm,
                                const series_list *l)
{
    struct timespec nap = {0, LEVEL_NAP_NS};
    if (l->over)
        return;
    for (;;) {
        double t_us = bench_level_probe(comm) + l->inject_us;
        int wait = 0;
        if (r->rank == 0) {
            wait = !bench_level_at_best(t_us, r->level_best_us) &&
                   wait_allowance(r) > 0.0;
            note_level(r, t_us);
        }
        MPI_Bcast(&wait, 1, MPI_INT, 0, comm);
        if (!wait)
            return;
        double t0 = MPI_Wtime();
        nanosleep(&nap, NULL);
        if (r->rank == 0) {
            r->level_waited_s += MPI_Wtime() - t0;
            if (r->out.progress == PROGRESS_MACHINE)
                printf("@@mpchar wait\n"); /* the watchdog hears it */
        }
    }
}

/* Rank 0: whether the series just measured must be measured again, and
 * saying why: a point ran only at a slower level than the series' fastest
 * (a change during it), or the whole series ran slower than the launch's
 * best level while the launch may still wait for that. */
static bool needs_again(bench_run *r, const series_list *l, long attempt)
{
    if (l->nprobes == 0)
        return false;
    char why[256];
    bench_level_change ch;
    bool steady = bench_level_steady(l->probes, l->nprobes, l->count, &ch);
    bool at_best = bench_level_at_best(ch.fastest_us, r->level_best_us);
    double best_us = r->level_best_us;
    note_level(r, ch.fastest_us);
    long retries = r->opt.level_retries;
    if (!steady) {
        snprintf(why, sizeof why,
                 "the machine's speed changed while it was "
                 "measured (0-byte round trip %.2f us at the fastest; %zu "
                 "point%s measured only at up to %.2f us)",
                 ch.fastest_us, ch.slow_points, ch.slow_points == 1 ? "" : "s",
                 ch.slowest_point_us);
        say_again(&l->items[0].pt, why, attempt, retries);
        return attempt < retries;
    }
    if (at_best || attempt >= retries || wait_allowance(r) <= 0.0)
        return false;
    snprintf(why, sizeof why,
             "it ran slower than this launch's best "
             "(0-byte round trip %.2f us against %.2f us)",
             ch.fastest_us, best_us);
    say_again(&l->items[0].pt, why, attempt, retries);
    return true;
}

/* The series' verdict, agreed by every rank. */
static bool measure_again(bench_run *r, const series_list *l, MPI_Comm comm,
                          long attempt)
{
    int again = r->rank == 0 && needs_again(r, l, attempt);
    MPI_Bcast(&again, 1, MPI_INT, 0, comm);
    return again != 0;
}

void bench_sweep_report_rounds(const bench_run *r, long p)
{
    if (r->rank != 0 || !bench_settle_on(&r->settle) || r->settle_points == 0)
        return;
    printf("mpchar-bench: %s p=%ld: the stopping rule (minimum within %g%% "
           "over %ld rounds, at least %ld) stopped %zu points after %.1f of "
           "%ld rounds on average\n",
           r->opt.library, p, 100.0 * r->settle.tolerance,
           r->settle.window_rounds, bench_settle_floor(&r->settle),
           r->settle_points,
           (double)r->settle_rounds_taken / (double)r->settle_points,
           r->opt.rounds);
    fflush(stdout);
}

void bench_sweep_report_waits(const bench_run *r)
{
    if (r->rank == 0 && r->level_waited_s > 0.0)
        printf("mpchar-bench: %s: waited %.1f s in all for the machine's "
               "best speed (0-byte round trip %.2f us)\n",
               r->opt.library, r->level_waited_s, r->level_best_us);
}

void bench_sweep_series(bench_run *r, size_t first, size_t end, MPI_Comm comm,
                        bool over)
{
    if (bench_series_complete(&r->plan, first, end))
        return; /* its rounds ended in an earlier launch */
    bench_series_samples mark = {0};
    mpchar_error err;
    if (r->rank == 0 && bench_series_mark(&r->plan, first, &mark, &err) != 0)
        die(&err);
    for (long attempt = 0;; attempt++) {
        series_list l = {.over = over,
                         .inject_us = attempt ? 0.0 : r->opt.inject_level_us};
        wait_for_best_level(r, comm, &l);
        double t0 = MPI_Wtime();
        first_round(r, first, end, comm, &l);
        later_rounds(r, comm, &l);
        probe_level(r, &l, comm, l.count);
        r->level_measured_s += MPI_Wtime() - t0;
        if (!measure_again(r, &l, comm, attempt)) {
            write_points(r, &l);
            list_free(&l);
            break;
        }
        /* Refinement decides again from the new times only. */
        if (r->rank == 0)
            bench_series_rewind(&r->plan, first, &mark);
        list_free(&l);
    }
    free(mark.items);
}
