/* The overlap patterns (seed 004 Section 3.1's micro-benchmark): rank 0
 * posts a nonblocking send (variant isend_c<us>) or receive (irecv_c<us>)
 * of n bytes, computes for c microseconds without calling MPI, then waits;
 * only the wait is timed.  Rank 1 is the blocking peer of the seed
 * (MPI_Recv, or MPI_Send), already in its call when rank 0 posts.  The
 * model compares the wait after c with the wait at c = 0 to find how much
 * of the transfer the computation hid (src/model/overlap.c). */
#include "bench.h"
#include "buffers.h"
#include "mpchar/overlap.h"

/* ---- the pattern ----------------------------------------------------- */

/* The side goes into c->mode; the computation's iterations, calibrated at
 * each set-up (the CPU's speed may have changed since the last point),
 * into c->compute_iterations. */
static int setup_overlap(bench_ctx *c)
{
    mpchar_overlap_side side;
    double compute_us;
    if (mpchar_overlap_variant_parse(c->pt->key.variant, &side, &compute_us,
                                     NULL) != 0)
        return -1;
    c->mode = (int)side;
    c->compute_iterations = bench_compute_iterations(compute_us);
    if (bench_buffers_alloc(c, c->count, c->count) != 0 ||
        bench_requests_alloc(c, 1) != 0)
        return -1;
    return 0;
}

static int count(const bench_ctx *c)
{
    return (int)c->count;
}

/* Rank 1 tells rank 0 it is about to receive, then receives (in run). */
static void prepare_isend(bench_ctx *c)
{
    if (c->rank == 1) {
        if (c->check)
            bench_check_poison(c->rbuf, c->count, 0, c->rep);
        MPI_Send(NULL, 0, MPI_BYTE, 0, BENCH_TAG_GO, c->comm);
        return;
    }
    if (c->check)
        bench_check_fill(c->sbuf, c->count, 0, c->rep);
    MPI_Recv(NULL, 0, MPI_BYTE, 1, BENCH_TAG_GO, c->comm, MPI_STATUS_IGNORE);
    MPI_Isend(c->sbuf, count(c), MPI_BYTE, 1, BENCH_TAG_DATA, c->comm,
              &c->reqs[0]);
    bench_compute_spin(c->compute_iterations);
}

/* Rank 0 posts, tells rank 1 to send (in run), and computes. */
static void prepare_irecv(bench_ctx *c)
{
    bench_post_receive_first(c);
    if (c->rank == 0)
        bench_compute_spin(c->compute_iterations);
}

static void prepare_overlap(bench_ctx *c)
{
    if (c->mode == MPCHAR_OVERLAP_ISEND)
        prepare_isend(c);
    else
        prepare_irecv(c);
}

/* The timed part: rank 0's wait; rank 1's blocking half of the transfer. */
static void run_overlap(bench_ctx *c)
{
    if (c->rank == 0)
        MPI_Wait(&c->reqs[0], MPI_STATUS_IGNORE);
    else if (c->mode == MPCHAR_OVERLAP_ISEND)
        MPI_Recv(c->rbuf, count(c), MPI_BYTE, 0, BENCH_TAG_DATA, c->comm,
                 MPI_STATUS_IGNORE);
    else
        MPI_Send(c->sbuf, count(c), MPI_BYTE, 0, BENCH_TAG_DATA, c->comm);
}

static int verify_overlap(bench_ctx *c, char *why, size_t len)
{
    int receiver = c->mode == MPCHAR_OVERLAP_ISEND ? 1 : 0;
    if (c->rank != receiver)
        return 0;
    return bench_check_bytes(c->rbuf, c->count, 1 - receiver, c->rep,
                             "overlap message", why, len);
}

static uint64_t overlap_buffers(uint64_t n, int p, long window)
{
    (void)p, (void)window;
    return 2 * n;
}

static void teardown_overlap(bench_ctx *c)
{
    bench_buffers_free(c);
}

static double one_wait(const bench_ctx *c)
{
    (void)c;
    return 1.0;
}

const bench_pattern bench_overlap_patterns[] = {
    BENCH_PATTERN("overlap",
                  "rank 0 posts MPI_Isend (isend_c<us>) or MPI_Irecv "
                  "(irecv_c<us>), computes c us without MPI calls, then "
                  "waits; T = the wait (seed 004)",
                  .variants = mpchar_overlap_variants, .timing = TIME_ROOT,
                  .opt_in = true, .max_batch = 1,
                  .memory_bytes = overlap_buffers, .setup = setup_overlap,
                  .prepare = prepare_overlap, .run = run_overlap,
                  .verify = verify_overlap, .teardown = teardown_overlap,
                  .divisor = one_wait),
    {.name = NULL},
};
