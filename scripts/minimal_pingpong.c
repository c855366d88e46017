/* A minimal hand-written ping-pong, the yardstick for mpchar-bench's
 * overhead (scripts/bench_overhead.sh): no harness, just MPI_Send and
 * MPI_Recv in a loop, separate send and receive buffers as every
 * ping-pong benchmark has them, timed as a whole (as the OSU benchmarks
 * do).  Prints the mean one-way time (half a round trip, microseconds)
 * over ITERS round trips after a warm-up of ITERS/10.
 * usage: minimal_pingpong BYTES ITERS */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static void round_trip(int rank, char *sbuf, char *rbuf, int bytes)
{
    if (rank == 0) {
        MPI_Send(sbuf, bytes, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
        MPI_Recv(rbuf, bytes, MPI_BYTE, 1, 1, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(rbuf, bytes, MPI_BYTE, 0, 1, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        MPI_Send(rbuf, bytes, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
    }
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
    for (int i = 0; i < iters / 10 + 2; i++)
        round_trip(rank, sbuf, rbuf, bytes);
    double t0 = MPI_Wtime();
    for (int i = 0; i < iters; i++)
        round_trip(rank, sbuf, rbuf, bytes);
    double t = (MPI_Wtime() - t0) / iters / 2 * 1e6;
    if (rank == 0)
        printf("%.4f\n", t);
    free(sbuf);
    free(rbuf);
    MPI_Finalize();
    return 0;
}
