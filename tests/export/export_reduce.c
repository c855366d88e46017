/* The consumer side of `mpchar export --format mpich-json`'s test
 * (tests/integration/export_mpich_json.sh): an MPI_Reduce of doubles to
 * rank 1 for each byte count on the command line, whose sum tells which
 * algorithm added them.  Ranks 0..3 contribute 1e16, -1e16, 1, 1: the
 * binomial tree (relative to root 1) adds (-1e16 + 1) + (1 + 1e16) = 0
 * after rounding, reduce-scatter + gather (pairs of absolute ranks) adds
 * (1e16 - 1e16) + (1 + 1) = 2, so the printed sum names the algorithm
 * the library's selection chose.  Links MPI and libc only. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    static const double value[4] = {1e16, -1e16, 1.0, 1.0};
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 1; i < argc; i++) {
        int count = atoi(argv[i]) / (int)sizeof(double);
        double *in = malloc((size_t)(count > 0 ? count : 1) * sizeof *in);
        double *out = malloc((size_t)(count > 0 ? count : 1) * sizeof *out);
        if (!in || !out)
            MPI_Abort(MPI_COMM_WORLD, 2);
        for (int k = 0; k < count; k++)
            in[k] = value[rank % 4];
        MPI_Reduce(in, out, count, MPI_DOUBLE, MPI_SUM, 1, MPI_COMM_WORLD);
        if (rank == 1)
            printf("n_bytes=%s sum=%.17g\n", argv[i], count > 0 ? out[0] : 0.0);
        free(in);
        free(out);
    }
    MPI_Finalize();
    return 0;
}
