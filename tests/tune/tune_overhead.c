/* The cost of libmpchar-tune on a call it does not substitute
 * (scripts/tune_overhead.sh): the best of several batches of 10^6
 * MPI_Allreduce and MPI_Bcast calls on MPI_COMM_SELF (one int), printed
 * as ns per call; run once plain and once under the tune library, the
 * difference is the library's cost.  Links only MPI and libc. */
#include <stdio.h>
#include <stdlib.h>

#include <mpi.h>

#define CALLS 1000000
#define BATCHES 7

static double best_allreduce_ns(void)
{
    double best = 1e30;
    int in = 1, out = 0;
    for (int b = 0; b < BATCHES; b++) {
        double t = MPI_Wtime();
        for (int i = 0; i < CALLS; i++)
            MPI_Allreduce(&in, &out, 1, MPI_INT, MPI_SUM, MPI_COMM_SELF);
        t = (MPI_Wtime() - t) * 1e9 / CALLS;
        best = t < best ? t : best;
    }
    return best;
}

static double best_bcast_ns(void)
{
    double best = 1e30;
    int v = 1;
    for (int b = 0; b < BATCHES; b++) {
        double t = MPI_Wtime();
        for (int i = 0; i < CALLS; i++)
            MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_SELF);
        t = (MPI_Wtime() - t) * 1e9 / CALLS;
        best = t < best ? t : best;
    }
    return best;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    printf("allreduce_ns %.2f\nbcast_ns %.2f\n", best_allreduce_ns(),
           best_bcast_ns());
    MPI_Finalize();
    return 0;
}
