/* The computation that overlap measurements place between posting a
 * transfer and waiting for it (overlap.c, async.c): a busy loop of a
 * calibrated iteration count with no MPI call, no clock read and no
 * system call while it runs, so nothing in it can progress a transfer
 * (some libraries progress in MPI_Wtime's neighbours). */
#include <time.h>

#include "bench.h"

static volatile unsigned long sink;

void bench_compute_spin(unsigned long iterations)
{
    unsigned long x = sink;
    for (unsigned long i = 0; i < iterations; i++)
        x = x * 2862933555777941757ul + 3037000493ul;
    sink = x;
}

static double monotonic_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The fastest of a few timed runs of 2^20 iterations (about a
 * millisecond), so that a preempted run does not count. */
static double iterations_per_us(void)
{
    const unsigned long probe = 1ul << 20;
    double best_s = 0;
    for (int k = 0; k < 5; k++) {
        double t0 = monotonic_s();
        bench_compute_spin(probe);
        double dt = monotonic_s() - t0;
        if (k == 0 || dt < best_s)
            best_s = dt;
    }
    return best_s > 0 ? (double)probe / (best_s * 1e6) : 1e3;
}

unsigned long bench_compute_iterations(double compute_us)
{
    return (unsigned long)(compute_us * iterations_per_us() + 0.5);
}
