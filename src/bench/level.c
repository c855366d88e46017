/* The machine's speed level during a series, and whether it held.
 *
 * The host of a virtual machine moves its vCPUs, and the machine's speed
 * changes level for seconds at a time (docs/timing.md, "Level changes").
 * A series measured across a change has some sizes at one level and the
 * rest at the other: a step that no model follows and that the fit cannot
 * tell from a protocol switch.  So ranks 0 and 1 time a few
 * 0-byte round trips (a probe) before every round of every point, and a
 * series with a point all of whose rounds ran at a slower level than the
 * series' fastest is measured again (sweep.c).  A slow level that lasts
 * less than that leaves every point a round at the fast one, and the
 * minimum comes from there.  A simulated platform (BENCH_SIMULATED) has
 * no levels: its speed is the platform's, so there is no probe (NAN, as
 * where fewer than two ranks measure) and nothing is remeasured or waited
 * for. */
#include <math.h>
#include <stdlib.h>

#include "bench.h"

/* Round trips per probe: the fastest of them is the probe's time, which
 * a host interrupt of a few microseconds does not reach. */
#define PROBE_TRIPS 8
#define PROBE_TAG 0x5eed
/* The ratio of two levels that differ: well below the gap between this
 * machine's levels and above the spread of probes within one level
 * (docs/timing.md, "Level changes"). */
#define LEVEL_FACTOR 2.0

double bench_level_probe(MPI_Comm comm)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    if (BENCH_SIMULATED || size < 2 || rank > 1)
        return NAN;
    double best = INFINITY;
    for (int i = 0; i < PROBE_TRIPS; i++) {
        if (rank == 0) {
            double t0 = MPI_Wtime();
            MPI_Send(NULL, 0, MPI_BYTE, 1, PROBE_TAG, comm);
            MPI_Recv(NULL, 0, MPI_BYTE, 1, PROBE_TAG, comm, MPI_STATUS_IGNORE);
            best = fmin(best, MPI_Wtime() - t0);
        } else {
            MPI_Recv(NULL, 0, MPI_BYTE, 0, PROBE_TAG, comm, MPI_STATUS_IGNORE);
            MPI_Send(NULL, 0, MPI_BYTE, 0, PROBE_TAG, comm);
        }
    }
    return rank == 0 ? best * 1e6 : NAN;
}

/* The level of the round after probe k: the faster of the probes on
 * either side of it, so that one slow probe (a host interrupt, or the
 * library's own hiccup) does not make a round slow; a level holds across
 * both. */
static double round_level(const bench_level_reading *probes, size_t count,
                          size_t k)
{
    return k + 1 < count ? fmin(probes[k].t_us, probes[k + 1].t_us)
                         : probes[k].t_us;
}

bool bench_level_steady(const bench_level_reading *probes, size_t count,
                        size_t npoints, bench_level_change *change)
{
    double fastest = INFINITY, slowest_point = 0.0;
    double *level = malloc((npoints ? npoints : 1) * sizeof *level);
    if (!level)
        return true; /* nothing known: keep what was measured */
    for (size_t i = 0; i < npoints; i++)
        level[i] = INFINITY;
    for (size_t k = 0; k < count; k++) {
        fastest = fmin(fastest, probes[k].t_us);
        size_t i = probes[k].point;
        if (i < npoints)
            level[i] = fmin(level[i], round_level(probes, count, k));
    }
    size_t slow = 0;
    for (size_t i = 0; i < npoints; i++) {
        if (!isfinite(level[i]))
            continue; /* a point never probed */
        slowest_point = fmax(slowest_point, level[i]);
        slow += level[i] > LEVEL_FACTOR * fastest;
    }
    free(level);
    if (change)
        *change = (bench_level_change){fastest, slowest_point, slow};
    return slow == 0;
}

bool bench_level_at_best(double fastest_us, double best_us)
{
    return !(best_us > 0.0) || !(fastest_us > LEVEL_FACTOR * best_us);
}

double bench_level_wait_allowance(double cap_s, double measured_s,
                                  double waited_s)
{
    double allowed = fmin(cap_s, measured_s) - waited_s;
    return allowed > 0.0 ? allowed : 0.0;
}
