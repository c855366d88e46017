/* The clock that window-synchronized repetitions share (ReproMPI's
 * scheme).  Every rank reads CLOCK_MONOTONIC, which libc serves in
 * nanosecond steps and which is one clock for all processes of a node,
 * and keeps its offset from rank 0's clock.  MPI_Wtime will not do: Open
 * MPI counts it from each process's MPI_Init, so two ranks of one node
 * differ by tens of microseconds.  One rank per node estimates its node's
 * offset by round trips to rank 0 (the shortest round trip bounds the
 * error by half its length, as SKaMPI and ReproMPI estimate it) and tells
 * the ranks of its node, so a sync costs round trips per node, not per
 * rank; an estimate within that bound of zero is taken as exactly zero.
 * Under simulation (BENCH_SIMULATED) clock_gettime reads the simulator's
 * one clock: the offset is zero by construction and is not estimated, and
 * a rank waits for a window's start by a simulated sleep, since spinning
 * on the clock would advance simulated time only by SMPI's per-read
 * charge (smpi/wtime) and cost real time for every step. */
#include <math.h>
#include <time.h>

#include "bench.h"

#define SYNC_ROUND_TRIPS 40
#define SYNC_TAG 0x6d63

static double monotonic_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void bench_clock_init(bench_clock *clk, int rank, double inject_offset_us)
{
    *clk = (bench_clock){0.0,
                         0.0,
                         inject_offset_us * 1e-6 * rank,
                         inject_offset_us != 0.0,
                         MPI_COMM_NULL,
                         MPI_COMM_NULL};
}

void bench_clock_attach(bench_clock *clk, MPI_Comm comm)
{
    int rank, local;
    MPI_Comm_rank(comm, &rank);
    /* Injected offsets stand for separate nodes: one rank per "node". */
    if (clk->separate_nodes)
        MPI_Comm_split(comm, rank, 0, &clk->node);
    else
        MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL,
                            &clk->node);
    MPI_Comm_rank(clk->node, &local);
    /* Keyed by rank, rank 0 leads its node and comes first among leaders. */
    MPI_Comm_split(comm, local == 0 ? 0 : MPI_UNDEFINED, rank, &clk->leaders);
}

void bench_clock_detach(bench_clock *clk)
{
    if (clk->leaders != MPI_COMM_NULL)
        MPI_Comm_free(&clk->leaders);
    if (clk->node != MPI_COMM_NULL)
        MPI_Comm_free(&clk->node);
}

double bench_clock_now(const bench_clock *clk)
{
    return monotonic_s() + clk->inject_s - clk->offset_s;
}

/* Rank 0 answers each round trip with the time it read. */
static void serve_round_trips(MPI_Comm comm, int peer, const bench_clock *clk)
{
    for (int i = 0; i < SYNC_ROUND_TRIPS; i++) {
        double t;
        MPI_Recv(&t, 1, MPI_DOUBLE, peer, SYNC_TAG, comm, MPI_STATUS_IGNORE);
        t = bench_clock_now(clk);
        MPI_Send(&t, 1, MPI_DOUBLE, peer, SYNC_TAG, comm);
    }
}

static void estimate_offset(MPI_Comm comm, bench_clock *clk)
{
    double best_rtt = INFINITY, offset = 0.0;
    clk->offset_s = 0.0;
    for (int i = 0; i < SYNC_ROUND_TRIPS; i++) {
        double t0 = bench_clock_now(clk), t_root;
        MPI_Send(&t0, 1, MPI_DOUBLE, 0, SYNC_TAG, comm);
        MPI_Recv(&t_root, 1, MPI_DOUBLE, 0, SYNC_TAG, comm, MPI_STATUS_IGNORE);
        double t1 = bench_clock_now(clk);
        if (t1 - t0 < best_rtt) {
            best_rtt = t1 - t0;
            offset = (t0 + t1) / 2.0 - t_root;
        }
    }
    clk->error_s = best_rtt / 2.0;
    clk->offset_s = fabs(offset) <= clk->error_s ? 0.0 : offset;
}

/* Simulated: one sleep of the wait rounded up to the clock's whole
 * nanoseconds, and no loop, since a read that costs no simulated time
 * (smpi/wtime:0) would never see a fraction of a nanosecond pass. */
bool bench_clock_wait_until(const bench_clock *clk, double start_s)
{
    double now = bench_clock_now(clk);
    bool late = now > start_s;
    if (BENCH_SIMULATED) {
        double wait_ns = ceil((start_s - now) * 1e9);
        if (wait_ns > 0.0) {
            struct timespec nap = {(time_t)(wait_ns / 1e9),
                                   (long)fmod(wait_ns, 1e9)};
            nanosleep(&nap, NULL);
        }
        return late;
    }
    while (now < start_s)
        now = bench_clock_now(clk);
    return late;
}

void bench_clock_sync(bench_clock *clk)
{
    if (BENCH_SIMULATED) {
        clk->offset_s = clk->error_s = 0.0;
        return;
    }
    if (clk->leaders != MPI_COMM_NULL) {
        int rank, size;
        MPI_Comm_rank(clk->leaders, &rank);
        MPI_Comm_size(clk->leaders, &size);
        if (rank == 0) {
            clk->offset_s = clk->error_s = 0.0;
            for (int peer = 1; peer < size; peer++)
                serve_round_trips(clk->leaders, peer, clk);
        } else {
            estimate_offset(clk->leaders, clk);
        }
    }
    double est[2] = {clk->offset_s, clk->error_s};
    MPI_Bcast(est, 2, MPI_DOUBLE, 0, clk->node);
    clk->offset_s = est[0];
    clk->error_s = est[1];
}
