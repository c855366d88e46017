/*
 * Helper of the launcher's fault tests: an MPI job in which one rank fails
 * mid-exchange while the others are blocked in communication.
 *   rt_fault kill   the last rank sends itself SIGKILL
 *   rt_fault abort  the last rank calls MPI_Abort(MPI_COMM_WORLD, 7)
 *   rt_fault exit   the last rank exits with status 3 before MPI_Finalize
 *   rt_fault hang   every rank waits for a message that never comes
 */
#include <mpi.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const char *mode = argc > 1 ? argv[1] : "kill";
    int right = (rank + 1) % size, left = (rank - 1 + size) % size;
    static char buf[1 << 16];
    for (int round = 0; round < 20; round++) { /* a ring exchange first */
        MPI_Sendrecv(buf, sizeof buf, MPI_BYTE, right, 0, buf, sizeof buf,
                     MPI_BYTE, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    if (rank == size - 1 && strcmp(mode, "hang") != 0) {
        usleep(100000); /* the others are blocked in MPI_Recv by now */
        if (strcmp(mode, "kill") == 0)
            raise(SIGKILL);
        if (strcmp(mode, "abort") == 0)
            MPI_Abort(MPI_COMM_WORLD, 7);
        if (strcmp(mode, "exit") == 0)
            exit(3);
    }
    MPI_Recv(buf, 1, MPI_BYTE, MPI_ANY_SOURCE, 99, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
