/* Per-process phase times of the patterns that record them (async.c):
 * each process sums and keeps the minimum of its phases over the timed
 * operations of a point, rank 0 gathers every process's after each round
 * and merges the rounds, and output.c writes one row per rank to
 * process_times.csv (docs/data-formats.md). */
#include <math.h>
#include <stdlib.h>

#include "bench.h"

void bench_phases_reset(bench_phases *ph)
{
    for (int i = 0; i < MPCHAR_PHASE_COUNT; i++) {
        ph->sum_us[i] = 0.0;
        ph->min_us[i] = INFINITY;
    }
    ph->count = 0.0;
}

void bench_phases_add(bench_phases *ph, const double us[MPCHAR_PHASE_COUNT])
{
    for (int i = 0; i < MPCHAR_PHASE_COUNT; i++) {
        ph->sum_us[i] += us[i];
        ph->min_us[i] = fmin(ph->min_us[i], us[i]);
    }
    ph->count += 1.0;
}

void bench_phases_merge(bench_phases *into, const bench_phases *from)
{
    for (int i = 0; i < MPCHAR_PHASE_COUNT; i++) {
        into->sum_us[i] += from->sum_us[i];
        into->min_us[i] = fmin(into->min_us[i], from->min_us[i]);
    }
    into->count += from->count;
}

int bench_phases_gather(const bench_phases *mine, bench_phases *all,
                        MPI_Comm comm)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    bench_phases *got = NULL;
    if (rank == 0 && !(got = malloc((size_t)size * sizeof *got)))
        return -1;
    MPI_Gather(mine, (int)sizeof *mine, MPI_BYTE, got, (int)sizeof *mine,
               MPI_BYTE, 0, comm);
    for (int r = 0; rank == 0 && r < size; r++)
        bench_phases_merge(&all[r], &got[r]);
    free(got);
    return 0;
}
