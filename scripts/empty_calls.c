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
 * batch as "call=NAME ns=X".  Then it times each call as mpchar-bench
 * times a collective's repetition: both ranks wait for a start time on
 * CLOCK_MONOTONIC, make the call and read the clock, and the slowest
 * rank's end minus the start is the window's time.  Windows with and
 * without the call alternate, so that the VM's state, which moves the
 * bare window by 10-20 ns from one launch to the next, meets both; it prints
 * the median window without a call ("call=nothing@window ns=X") and, per
 * call, the median with it minus that ("call=NAME@window ns=X"), with a
 * function that does nothing as a reference ("call=function@window").
 * Links MPI and libc only.
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Windows per call, half of them with the call, and their width: far
 * longer than any empty call (MPICH's empty Allreduce takes 0.7 us). */
#define WINDOWS 4000
#define WINDOW_S 5e-6
#define WINDOW_LEAD_S 200e-6

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

/* A call that does nothing: what any function call adds to a window. */
__attribute__((noinline)) static void function(void)
{
    __asm__ volatile("");
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

/* The median of the finite values among t[0], t[step], t[2 * step], ...
 * (n values; sorts them in place in a copy). */
static double median_of(const double *t, int n, int step)
{
    double *a = malloc((size_t)n * sizeof *a);
    int m = 0;
    if (!a)
        MPI_Abort(MPI_COMM_WORLD, 1);
    for (int i = 0; i < n; i++)
        if (isfinite(t[i * step]))
            a[m++] = t[i * step];
    qsort(a, (size_t)m, sizeof *a, by_value);
    double med = m ? a[m / 2] : NAN;
    free(a);
    return med;
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
    double m = median_of(t, batches, 1);
    free(t);
    return m;
}

/* CLOCK_MONOTONIC is one clock for the processes of a node (MPI_Wtime
 * need not be: Open MPI counts it from each process's MPI_Init). */
static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Times WINDOWS windows, the odd ones with the call, into t (ns; the
 * slowest rank's, INFINITY where a rank came to the start late). */
static void time_windows(void (*call)(void), double *t)
{
    if (t == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Barrier(MPI_COMM_WORLD);
    double first = now_s() + WINDOW_LEAD_S; /* rank 0's counts */
    MPI_Bcast(&first, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    for (int w = 0; w < WINDOWS; w++) {
        double start = first + w * WINDOW_S, now = now_s();
        int late = now > start;
        while (now < start)
            now = now_s();
        if (w % 2)
            call();
        t[w] = late ? INFINITY : (now_s() - start) * 1e9;
    }
    MPI_Allreduce(MPI_IN_PLACE, t, WINDOWS, MPI_DOUBLE, MPI_MAX,
                  MPI_COMM_WORLD);
}

/* The median window with the call minus the median window without it;
 * in *alone_ns the latter. */
static double window_added_ns(void (*call)(void), double *alone_ns)
{
    double *t = malloc(WINDOWS * sizeof *t);
    time_windows(call, t);
    *alone_ns = median_of(t, WINDOWS / 2, 2);
    double added = median_of(t + 1, WINDOWS / 2, 2) - *alone_ns;
    free(t);
    return added;
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
    size_t ncalls = sizeof calls / sizeof calls[0];
    for (size_t c = 0; c < ncalls; c++) {
        double ns = median_ns(calls[c].call, per_batch, batches);
        if (rank == 0)
            printf("call=%s ns=%.2f\n", calls[c].name, ns);
    }
    double alone, added = window_added_ns(function, &alone);
    if (rank == 0)
        printf("call=nothing@window ns=%.2f\ncall=function@window ns=%.2f\n",
               alone, added);
    for (size_t c = 0; c < ncalls; c++) {
        added = window_added_ns(calls[c].call, &alone);
        if (rank == 0)
            printf("call=%s@window ns=%.2f\n", calls[c].name, added);
    }
    MPI_Finalize();
    return 0;
}
