/* A minimal hand-written ping-pong, the yardstick for mpchar-bench's
 * overhead (scripts/bench_overhead.sh): no harness, just MPI_Send/MPI_Recv
 * in a loop, separate send and receive buffers as every ping-pong
 * benchmark has them (one buffer for both directions is several times
 * slower at 1 MiB with Open MPI's single-copy transfers).  Prints the min and median one-way time (half a round trip,
 * microseconds) over ITERS round trips timed one by one, after a warm-up.
 * usage: minimal_pingpong BYTES ITERS */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int compare(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int bytes = argc > 1 ? atoi(argv[1]) : 0;
    int iters = argc > 2 ? atoi(argv[2]) : 1000;
    char *sbuf = calloc((size_t)bytes + 1, 1);
    char *rbuf = calloc((size_t)bytes + 1, 1);
    double *t = malloc((size_t)iters * sizeof *t);
    for (int i = -iters / 10 - 2; i < iters; i++) {
        double t0 = MPI_Wtime();
        if (rank == 0) {
            MPI_Send(sbuf, bytes, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
            MPI_Recv(rbuf, bytes, MPI_BYTE, 1, 1, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(rbuf, bytes, MPI_BYTE, 0, 1, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            MPI_Send(rbuf, bytes, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
        }
        if (i >= 0)
            t[i] = (MPI_Wtime() - t0) / 2 * 1e6;
    }
    if (rank == 0) {
        qsort(t, (size_t)iters, sizeof *t, compare);
        printf("%.4f %.4f\n", t[0], t[iters / 2]);
    }
    free(t);
    free(sbuf);
    free(rbuf);
    MPI_Finalize();
    return 0;
}
