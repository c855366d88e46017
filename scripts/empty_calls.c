/*
 * empty_calls.c: the cost of a collective call that moves no data, per
 * library (scripts/perf_empty.sh runs it for Open MPI, MPICH and the
 * built-in runtime).  Such a call returns before it communicates, so its
 * cost is the library's argument checks and call path: a few ns, below
 * what mpchar-bench's per-repetition timing resolves (docs/performance.md,
 * "Issue 21: empty reductions without a frame").
 *
 *   empty_calls CALLS BATCHES
 *
 * For every entry of the table below it times BATCHES batches of CALLS
 * calls each (a barrier before each batch) and prints rank 0's median
 * batch as "call=NAME ns_per_call=X".  Links MPI and libc only.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static double sendbuf[1], recvbuf[1];
static int zero_counts[1024], zero_displs[1024];
static MPI_Datatype doubles[1024];

static void bcast(void)
{
    MPI_Bcast(sendbuf, 0, MPI_DOUBLE, 0, MPI_COMM_WORLD);
}
static void reduce(void)
{
    MPI_Reduce(sendbuf, recvbuf, 0, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
}
static void allreduce(void)
{
    MPI_Allreduce(sendbuf, recvbuf, 0, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}
static void reduce_scatter(void)
{
    MPI_Reduce_scatter(sendbuf, recvbuf, zero_counts, MPI_DOUBLE, MPI_SUM,
                       MPI_COMM_WORLD);
}
static void reduce_scatter_block(void)
{
    MPI_Reduce_scatter_block(sendbuf, recvbuf, 0, MPI_DOUBLE, MPI_SUM,
                             MPI_COMM_WORLD);
}
static void scan(void)
{
    MPI_Scan(sendbuf, recvbuf, 0, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}
static void exscan(void)
{
    MPI_Exscan(sendbuf, recvbuf, 0, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}
static void gather(void)
{
    MPI_Gather(sendbuf, 0, MPI_DOUBLE, recvbuf, 0, MPI_DOUBLE, 0,
               MPI_COMM_WORLD);
}
static void scatter(void)
{
    MPI_Scatter(sendbuf, 0, MPI_DOUBLE, recvbuf, 0, MPI_DOUBLE, 0,
                MPI_COMM_WORLD);
}
static void allgather(void)
{
    MPI_Allgather(sendbuf, 0, MPI_DOUBLE, recvbuf, 0, MPI_DOUBLE,
                  MPI_COMM_WORLD);
}
static void alltoall(void)
{
    MPI_Alltoall(sendbuf, 0, MPI_DOUBLE, recvbuf, 0, MPI_DOUBLE,
                 MPI_COMM_WORLD);
}
static void alltoallv(void)
{
    MPI_Alltoallv(sendbuf, zero_counts, zero_displs, MPI_DOUBLE, recvbuf,
                  zero_counts, zero_displs, MPI_DOUBLE, MPI_COMM_WORLD);
}

static void alltoallw(void)
{
    MPI_Alltoallw(sendbuf, zero_counts, zero_displs, doubles, recvbuf,
                  zero_counts, zero_displs, doubles, MPI_COMM_WORLD);
}

static const struct {
    const char *name;
    void (*call)(void);
} calls[] = {
    {"bcast", bcast},
    {"reduce", reduce},
    {"allreduce", allreduce},
    {"reduce_scatter", reduce_scatter},
    {"reduce_scatter_block", reduce_scatter_block},
    {"scan", scan},
    {"exscan", exscan},
    {"gather", gather},
    {"scatter", scatter},
    {"allgather", allgather},
    {"alltoall", alltoall},
    {"alltoallv", alltoallv},
    {"alltoallw", alltoallw},
};

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_ns(void (*call)(void), long per_batch, int batches)
{
    double *t = malloc((size_t)batches * sizeof *t);
    if (!t)
        MPI_Abort(MPI_COMM_WORLD, 1);
    for (int b = 0; b < batches; b++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        for (long i = 0; i < per_batch; i++)
            call();
        t[b] = (MPI_Wtime() - t0) / (double)per_batch * 1e9;
    }
    qsort(t, (size_t)batches, sizeof *t, by_value);
    double m = t[batches / 2];
    free(t);
    return m;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long per_batch = argc > 1 ? atol(argv[1]) : 0;
    int batches = argc > 2 ? atoi(argv[2]) : 0;
    if (per_batch < 1 || batches < 1 || size > 1024) {
        if (rank == 0)
            fprintf(stderr, "usage: empty_calls CALLS BATCHES (at most 1024 "
                            "processes)\n");
        MPI_Finalize();
        return 2;
    }
    for (int i = 0; i < size; i++)
        doubles[i] = MPI_DOUBLE;
    for (size_t c = 0; c < sizeof calls / sizeof calls[0]; c++) {
        double ns = median_ns(calls[c].call, per_batch, batches);
        if (rank == 0)
            printf("call=%s ns_per_call=%.2f\n", calls[c].name, ns);
    }
    MPI_Finalize();
    return 0;
}
