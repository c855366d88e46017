/* Process synchronization outside the timed region: agreement among the
 * ranks, and idle waiting.  Ranks that take no
 * part in the current measurement wait in a nonblocking barrier polled at
 * millisecond intervals, sleeping in between, so they neither spin on a
 * core nor let the MPI library spin on their behalf. */
#include <time.h>

#include "bench.h"

void bench_idle_barrier(MPI_Comm comm)
{
    MPI_Request req;
    int done = 0;
    struct timespec nap = {0, 1000000};
    MPI_Ibarrier(comm, &req);
    MPI_Test(&req, &done, MPI_STATUS_IGNORE);
    while (!done) {
        nanosleep(&nap, NULL);
        MPI_Test(&req, &done, MPI_STATUS_IGNORE);
    }
}

bool bench_all_agree(bool ok, MPI_Comm comm)
{
    int all = ok;
    MPI_Allreduce(MPI_IN_PLACE, &all, 1, MPI_INT, MPI_LAND, comm);
    return all != 0;
}

/* The simulated clock is a double in seconds that moves in the steps the
 * simulation takes, with SMPI charging smpi/wtime per read (1e-8 s by
 * default, 0 when set so: then a loop waiting for a step would never end);
 * clock_gettime gives it in nanoseconds, the step taken here. */
#define SIMULATED_TIMER_STEP_S 1e-9

double bench_timer_resolution(void)
{
    if (BENCH_SIMULATED)
        return SIMULATED_TIMER_STEP_S;
    /* The smallest nonzero step over a few hundred consecutive reads. */
    double best = 1.0;
    for (int i = 0; i < 200; i++) {
        double t0 = MPI_Wtime(), t1;
        while ((t1 = MPI_Wtime()) == t0)
            ;
        if (t1 - t0 < best)
            best = t1 - t0;
    }
    return best;
}
