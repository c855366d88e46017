/* Messages a rank sends to itself, timed: every rank does MPI_Sendrecv to
 * itself (as NPB CG's transpose exchange does at p = 2 and every exchange
 * of CG and MG at p = 1), ITERS times per batch, BATCHES batches; prints
 * rank 0's median microseconds per Sendrecv for each size.  MPI and libc
 * only, so that it builds with every library's compiler wrapper
 * (scripts/perf_self.sh; docs/performance.md, "Messages to self").
 * usage: self_sendrecv ITERS BATCHES SIZE... */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (argc < 4) {
        if (rank == 0)
            fprintf(stderr, "usage: self_sendrecv ITERS BATCHES SIZE...\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int iters = atoi(argv[1]), batches = atoi(argv[2]);
    double *us = malloc((size_t)(batches > 0 ? batches : 1) * sizeof *us);
    for (int a = 3; a < argc; a++) {
        int bytes = atoi(argv[a]);
        char *s = malloc((size_t)bytes + 1), *r = malloc((size_t)bytes + 1);
        if (!us || !s || !r || iters < 1 || batches < 1 || bytes < 0) {
            fprintf(stderr, "self_sendrecv: bad arguments or no memory\n");
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
        memset(s, 1, (size_t)bytes + 1);
        for (int b = -1; b < batches; b++) { /* batch -1 warms up */
            MPI_Barrier(MPI_COMM_WORLD);
            double t0 = MPI_Wtime();
            for (int i = 0; i < iters; i++)
                MPI_Sendrecv(s, bytes, MPI_BYTE, rank, 7, r, bytes, MPI_BYTE,
                             rank, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            if (b >= 0)
                us[b] = (MPI_Wtime() - t0) * 1e6 / iters;
        }
        qsort(us, (size_t)batches, sizeof *us, cmp_double);
        if (rank == 0)
            printf("bytes=%d sendrecv_self_us=%.3f\n", bytes, us[batches / 2]);
        free(s);
        free(r);
    }
    free(us);
    MPI_Finalize();
    return 0;
}
