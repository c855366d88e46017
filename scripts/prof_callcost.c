/* The time of one cheap MPI call (MPI_Test on MPI_REQUEST_NULL), in ns,
 * the fastest of 5 batches of N calls: run with and without the profiler
 * preloaded, the difference is what the profiler adds per call
 * (scripts/prof_overhead.sh). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    long n = argc > 1 ? atol(argv[1]) : 1000000;
    double best = 1e300;
    for (int batch = 0; batch < 5; batch++) {
        MPI_Request req = MPI_REQUEST_NULL;
        int flag;
        double t0 = MPI_Wtime();
        for (long i = 0; i < n; i++)
            MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
        double t = (MPI_Wtime() - t0) / (double)n;
        best = t < best ? t : best;
    }
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        printf("ns_per_call %.2f\n", best * 1e9);
    MPI_Finalize();
    return 0;
}
