/*
 * The eager limit, measured at start-up (MPCHAR_RT_EAGER_TUNE).
 *
 * Whether a message of 8-64 KiB travels faster through the ring (the
 * sender's copy in, the receiver's copy out) or by one process_vm_readv
 * depends on the machine: on an AMD EPYC VM that call's fixed cost let the
 * ring win up to 64 KiB, on an Intel Xeon VM single copy won from 8 KiB,
 * by up to 2.3x at 64 KiB (docs/performance.md, "Issue 21: an Intel Xeon
 * VM again, and the eager limit measured at start-up").  So, unless the
 * user set MPCHAR_RT_EAGER_MAX, ranks 0 and 1 time exchanges and streams
 * of each size both ways in MPI_Init; point-to-point's limit and the
 * collectives' become half the smallest size at which single copy wins by
 * their rules (measure_limits), and rank 0 gives both to every rank.  Both
 * shapes, since they disagree: at 8 KiB on the Xeon single copy won the
 * exchange (2.02 against 2.67 us) and the ring, which does not make its
 * sender wait, the stream (0.75 against 1.46), the ping-pong and the
 * bidirectional stream (docs/performance.md, "Issue 21: the ring's size").
 */
#include "rt.h"

#include <math.h>
#include <stdlib.h>
#include <time.h>

enum { TUNE_WARM = 4, TUNE_REPS = 32, TUNE_TAG = 0, TUNE_WINDOW = 16 };
/* The ring keeps a collective's size only if it wins exchanges by 20% or
 * more (measure_limits says why). */
#define TUNE_COLL_RATIO 0.8
static const size_t tune_sizes[] = {8192, 16384, 32768, 65536};
#define TUNE_NSIZES (sizeof tune_sizes / sizeof tune_sizes[0])

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* One exchange of n bytes each way between ranks 0 and 1 (MPI_Sendrecv,
 * as a halo exchange makes) with the eager limit at eager_max, in
 * seconds. */
static double exchange(char *buf, size_t n, size_t eager_max)
{
    int peer = 1 - mpchar__rank_world();
    mpchar__cfg.eager_max = eager_max;
    double t0 = now_s();
    PMPI_Sendrecv(buf, (int)n, MPI_BYTE, peer, TUNE_TAG, buf + n, (int)n,
                  MPI_BYTE, peer, TUNE_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return now_s() - t0;
}

/* A window of TUNE_WINDOW messages of n bytes from rank 0 to rank 1, which
 * answers with an empty message, with the eager limit at eager_max, in
 * seconds. */
static double stream(char *buf, size_t n, size_t eager_max)
{
    int rank = mpchar__rank_world();
    mpchar__cfg.eager_max = eager_max;
    double t0 = now_s();
    for (int m = 0; m < TUNE_WINDOW; m++)
        if (rank == 0)
            PMPI_Send(buf, (int)n, MPI_BYTE, 1, TUNE_TAG, MPI_COMM_WORLD);
        else
            PMPI_Recv(buf, (int)n, MPI_BYTE, 0, TUNE_TAG, MPI_COMM_WORLD,
                      MPI_STATUS_IGNORE);
    if (rank == 0)
        PMPI_Recv(NULL, 0, MPI_BYTE, 1, TUNE_TAG, MPI_COMM_WORLD,
                  MPI_STATUS_IGNORE);
    else
        PMPI_Send(NULL, 0, MPI_BYTE, 0, TUNE_TAG, MPI_COMM_WORLD);
    return now_s() - t0;
}

typedef double shape_fn(char *buf, size_t n, size_t eager_max);

/* The ring's time over single copy's at n bytes in the traffic shape, the
 * shortest of reps timings each, the two ways alternated so that a drift
 * of the machine meets both. */
static double ring_ratio(shape_fn *shape, int reps, char *buf, size_t n,
                         size_t dflt)
{
    double ring = INFINITY, single = INFINITY;
    for (int i = 0; i < TUNE_WARM + reps; i++) {
        double r = shape(buf, n, dflt);
        double s = shape(buf, n, n - 1);
        if (i >= TUNE_WARM) {
            ring = fmin(ring, r);
            single = fmin(single, s);
        }
    }
    return ring / single;
}

/* Ranks 0 and 1 time every size up to dflt in both shapes (they must make
 * the same calls, so neither stops early); rank 0's timings give the
 * limits, point-to-point's in limits[0] and the collectives' in limits[1].
 * For point-to-point single copy takes a size over where the product of
 * the two ratios exceeds 1: by the stream's alone, its 20% margin at 16
 * KiB (25.8-28.4 us against 31.9-33.8) let the ring keep 16 KiB in some
 * launches, where it lost exchanges by 40%.  A collective's messages at
 * p = 2 went faster by single copy even where exchanges tied: Bcast,
 * Reduce, Gather and Scatter of 8 KiB blocks took 1.2-1.6 us by single
 * copy against 2.1-2.7 through the ring, while the ring's time over
 * single copy's in 8 KiB exchanges was 0.84-1.17 from launch to launch
 * (docs/performance.md, "Issue 21: the ring's size").  A stream is
 * TUNE_WINDOW messages, so fewer of them. */
static void measure_limits(size_t dflt, unsigned long limits[2])
{
    char *buf = calloc(2, tune_sizes[TUNE_NSIZES - 1]);
    if (!buf)
        mpchar__fatal("out of memory at start-up");
    mpchar__engine_prefault(1 - mpchar__rank_world());
    limits[0] = limits[1] = 0; /* none found yet */
    for (size_t k = 0; k < TUNE_NSIZES && tune_sizes[k] <= dflt; k++) {
        size_t n = tune_sizes[k];
        double by_exchange = ring_ratio(exchange, TUNE_REPS, buf, n, dflt);
        double by_stream = ring_ratio(stream, TUNE_REPS / 4, buf, n, dflt);
        if (by_exchange * by_stream > 1 && !limits[0])
            limits[0] = n / 2;
        if (by_exchange > TUNE_COLL_RATIO && !limits[1])
            limits[1] = n / 2;
    }
    free(buf);
    mpchar__cfg.eager_max = dflt;
    for (int i = 0; i < 2; i++)
        limits[i] = limits[i] ? limits[i] : dflt;
}

/* Whether the measurement applies; the same answer on every rank.  SR
 * mode (seed 003's write requests, chosen to study them) keeps its limits:
 * with a lower eager limit, its messages of up to 64 KiB would race their
 * write requests. */
static int tune_applies(int size)
{
    return mpchar__cfg.eager_tune && !mpchar__cfg.sr_mode && size >= 2 &&
           mpchar__engine_cpu_each() && mpchar__engine_cma() &&
           mpchar__cfg.copy_force < 0 && !getenv("MPCHAR_RT_EAGER_MAX");
}

void mpchar__eager_tune(int rank, int size)
{
    if (!tune_applies(size))
        return;
    unsigned long limits[2] = {mpchar__cfg.eager_max, mpchar__cfg.eager_max};
    if (rank < 2)
        measure_limits(mpchar__cfg.eager_max, limits);
    PMPI_Bcast(limits, 2, MPI_UNSIGNED_LONG, 0, MPI_COMM_WORLD);
    mpchar__cfg.eager_max = limits[0];
    mpchar__cfg.coll_eager_max = limits[1];
}
