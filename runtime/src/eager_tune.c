/*
 * The eager limit, measured at start-up (MPCHAR_RT_EAGER_TUNE).
 *
 * Whether a message of 8-64 KiB travels faster through the ring (the
 * sender's copy in, the receiver's copy out) or by one process_vm_readv
 * depends on the machine: on an AMD EPYC VM that call's fixed cost let the
 * ring win up to 64 KiB, on an Intel Xeon VM single copy won from 8 KiB,
 * by up to 2.3x at 64 KiB (docs/performance.md, "Issue 21: an Intel Xeon
 * VM again, and the eager limit measured at start-up").  So, unless the
 * user set MPCHAR_RT_EAGER_MAX, ranks 0 and 1 time exchanges of each size
 * both ways in MPI_Init; the limit becomes half the smallest size that
 * single copy wins, and rank 0 gives it to every rank.
 */
#include "rt.h"

#include <math.h>
#include <stdlib.h>
#include <time.h>

enum { TUNE_WARM = 4, TUNE_REPS = 32, TUNE_TAG = 0 };
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

/* Ranks 0 and 1 time every size both ways, the two ways alternated so
 * that a drift of the machine meets both (the ranks must make the same
 * calls); rank 0 returns the limit, the other dflt. */
static size_t measured_limit(size_t dflt)
{
    double ring[TUNE_NSIZES], single[TUNE_NSIZES];
    char *buf = calloc(2, tune_sizes[TUNE_NSIZES - 1]);
    if (!buf)
        mpchar__fatal("out of memory at start-up");
    size_t k, n = 0;
    for (k = 0; k < TUNE_NSIZES && tune_sizes[k] <= dflt; k++, n++) {
        ring[k] = single[k] = INFINITY;
        for (int i = 0; i < TUNE_WARM + TUNE_REPS; i++) {
            double r = exchange(buf, tune_sizes[k], dflt);
            double s = exchange(buf, tune_sizes[k], tune_sizes[k] - 1);
            if (i >= TUNE_WARM) {
                ring[k] = fmin(ring[k], r);
                single[k] = fmin(single[k], s);
            }
        }
    }
    free(buf);
    mpchar__cfg.eager_max = dflt;
    for (k = 0; k < n; k++)
        if (single[k] < ring[k])
            return tune_sizes[k] / 2;
    return dflt;
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
    unsigned long limit = mpchar__cfg.eager_max;
    if (rank < 2)
        limit = measured_limit(mpchar__cfg.eager_max);
    PMPI_Bcast(&limit, 1, MPI_UNSIGNED_LONG, 0, MPI_COMM_WORLD);
    mpchar__cfg.eager_max = limit;
}
