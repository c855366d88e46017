/* The consumer side of `mpchar export`'s tests (tests/integration/
 * export_consumers.sh): an MPI program that broadcasts once with each byte
 * count given on its command line, so that the library's own selection
 * (an Open MPI rules file, MPICH control variables) decides the algorithm
 * of each call, and checks the data arrived.  Links MPI and libc only. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    int rank, bad = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 1; i < argc; i++) {
        int n = atoi(argv[i]);
        char *buf = malloc(n > 0 ? (size_t)n : 1);
        if (!buf)
            MPI_Abort(MPI_COMM_WORLD, 2);
        memset(buf, rank == 0 ? 'x' : 0, n > 0 ? (size_t)n : 1);
        MPI_Bcast(buf, n, MPI_CHAR, 0, MPI_COMM_WORLD);
        for (int k = 0; k < n; k++)
            bad += buf[k] != 'x';
        free(buf);
    }
    if (bad)
        fprintf(stderr, "export_bcast: rank %d: %d wrong bytes\n", rank, bad);
    MPI_Finalize();
    return bad != 0;
}
