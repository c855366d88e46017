/*
 * PMPI interposition: this program defines MPI_Send itself, counts calls
 * and forwards to PMPI_Send; the library's weak MPI_Send must yield to it.
 */
#include <mpi.h>
#include <stdio.h>

static int sends;

int MPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest,
             int tag, MPI_Comm comm)
{
    sends++;
    return PMPI_Send(buf, count, datatype, dest, tag, comm);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size, v = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_SELF);
    MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_SELF, MPI_STATUS_IGNORE);
    MPI_Finalize();
    if (sends != 1) {
        fprintf(stderr, "MPI_Send wrapper called %d times\n", sends);
        return 1;
    }
    return 0;
}
