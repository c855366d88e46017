/* The machine's speed level during a series, and whether it held.
 *
 * The host of a virtual machine moves its vCPUs: on this machine two
 * pinned processes pass a cache line back and forth in 0.08-0.10 us for
 * some seconds and in 0.44-0.48 us for others (a flag ping-pong logged
 * over 120 s changed level 9 times, each level lasting 1-45 s).  MPI
 * times follow: 0-byte ping-pong takes 0.13 us or 0.37-0.56 us.  A series
 * (about a second at p = 2) measured across a change has some sizes at one
 * level and the rest at the other: a step that no model follows and that
 * the fit cannot tell from a protocol switch.  So ranks 0 and 1 time a few
 * 0-byte round trips (a probe) before every round of every point, and a
 * series whose probes do not agree is measured again (sweep.c). */
#include <math.h>

#include "bench.h"

/* Round trips per probe: the fastest of them is the probe's time, which
 * a host interrupt of a few microseconds does not reach. */
#define PROBE_TRIPS 8
#define PROBE_TAG 0x5eed
/* Probes a level must hold to count, and the ratio of two levels that
 * differ: within one level, the slowest 5 consecutive probes of a series
 * stayed within 1.6 times its fastest probe (88 series of 5 runs); the
 * levels of this machine are 2.5-2.7 times apart (Open MPI 0.21 and
 * 0.56 us, MPICH 0.30 and 0.93 us per round trip), and series measured
 * across a change reached 2.7-4.2. */
#define LEVEL_WINDOW 5
#define LEVEL_FACTOR 2.0

double bench_level_probe(MPI_Comm comm)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    if (size < 2 || rank > 1)
        return NAN;
    double best = INFINITY;
    for (int i = 0; i < PROBE_TRIPS; i++) {
        if (rank == 0) {
            double t0 = MPI_Wtime();
            MPI_Send(NULL, 0, MPI_BYTE, 1, PROBE_TAG, comm);
            MPI_Recv(NULL, 0, MPI_BYTE, 1, PROBE_TAG, comm,
                     MPI_STATUS_IGNORE);
            best = fmin(best, MPI_Wtime() - t0);
        } else {
            MPI_Recv(NULL, 0, MPI_BYTE, 0, PROBE_TAG, comm,
                     MPI_STATUS_IGNORE);
            MPI_Send(NULL, 0, MPI_BYTE, 0, PROBE_TAG, comm);
        }
    }
    return rank == 0 ? best * 1e6 : NAN;
}

/* The slowest level the probes held through LEVEL_WINDOW consecutive
 * probes (all of them when there are fewer): one slow probe is a host
 * interrupt or the library's own hiccup, a run of them is a level. */
static double slowest_held(const double *probes_us, size_t n)
{
    size_t w = n < LEVEL_WINDOW ? n : LEVEL_WINDOW;
    double held = 0.0;
    for (size_t i = 0; i + w <= n; i++) {
        double lo = INFINITY;
        for (size_t j = i; j < i + w; j++)
            lo = fmin(lo, probes_us[j]);
        held = fmax(held, lo);
    }
    return held;
}

bool bench_level_steady(const double *probes_us, size_t n,
                        bench_level_change *change)
{
    double fastest = INFINITY;
    for (size_t i = 0; i < n; i++)
        fastest = fmin(fastest, probes_us[i]);
    double held = n ? slowest_held(probes_us, n) : 0.0;
    if (change)
        *change = (bench_level_change){fastest, held};
    return n == 0 || held <= LEVEL_FACTOR * fastest;
}
