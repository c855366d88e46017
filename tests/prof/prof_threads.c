/* Asks for MPI_THREAD_MULTIPLE, which the profiler refuses
 * (tests/prof/profile_bad_input.sh). */
#include <mpi.h>

int main(int argc, char **argv)
{
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Finalize();
    return 0;
}
