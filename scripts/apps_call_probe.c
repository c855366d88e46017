/* One communication call of an application kernel timed inside the
 * kernel's own call sequence, step by step: NPB IS's MPI_Allreduce of 517
 * ints (class S at p = 2: bucket counts, an allreduce, an alltoall of the
 * counts, an alltoallv of 131072 B of keys, a counting sort) and JGF SOR's
 * MPI_Sendrecv of 1600 B (class S at p = 2: a red-black half-sweep of a
 * 100 x 200 block, then the halo exchange).  Each step can be left out,
 * so that the step which makes the call slow shows (docs/apps.md, "IS's
 * Allreduce and SOR's Sendrecv on MPICH").  Every rank stamps its entry
 * and exit of the probed call with CLOCK_MONOTONIC (one clock for the
 * machine) and rank 0 prints, over the calls after the warm-up: the
 * median time in the call of the rank that entered last, the median
 * "sync" (the time from the last rank's entry until the last exit: what
 * a model of ranks that enter together predicts), the median of each
 * rank's time in the call, how far apart the ranks entered, and the mean
 * time from one probed call to the next (the kernel's step between).
 * MPI and libc only: builds with every library's compiler wrapper.
 *
 * usage: apps_call_probe is|sor STEPS REPS
 *   STEPS: letters, or "-" for none:
 *     c  the kernel's computation (IS: bucket sort and counting sort over
 *        the key arrays; SOR: the half-sweeps)
 *     a  IS: the Alltoall of counts and the Alltoallv of keys
 *        SOR: the scatter (Send of 161600 B) and the Gatherv of 320000 B
 *     b  an MPI_Barrier right before each probed call
 *     d  on a duplicate of MPI_COMM_WORLD (as the kernels communicate)
 *     k  the kernels' brackets around the call: MPI_Pcontrol(1) and
 *        MPI_Wtime before it, MPI_Wtime and MPI_Pcontrol(0) after it
 *     e  every rank spins SPIN_US (env, default 100) us before each
 *        probed call: computation that touches no memory
 *     u  before the first repetition, WARM_MSGS (env, default 256)
 *        exchanges of WARM_BYTES (default 1024) with the peer, and with
 *        WARM_UNEXPECTED set batches of 64 the peer receives late (the kernels' harness's library
 *        warm-up, kernels/harness.c)
 *     w  rank 0 spins USLEEP_SKEW (env, default 8) us before each probed
 *        call: a late peer without the kernel's computation
 *   REPS: repetitions of the kernel (the first is the warm-up)
 */
#define _POSIX_C_SOURCE 200809L
#include <mpi.h>
#include <sys/resource.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define IS_KEYS (1 << 16)
#define IS_MAX_KEY (1 << 11)
#define IS_BUCKETS (1 << 9)
#define IS_ALLREDUCE_INTS (IS_BUCKETS + 5)
#define IS_ITERS 10
#define SOR_N 200
#define SOR_PASSES 20
#define MAX_CALLS (IS_ITERS > SOR_PASSES ? IS_ITERS : SOR_PASSES)

static long minflt(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_minflt;
}

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec * 1e-3;
}

static void spin_us(double us)
{
    double end = now_us() + us;
    while (now_us() < end)
        ;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double mean(const double *v, int n)
{
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += v[i];
    return n > 0 ? sum / n : 0.0;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n > 0 ? v[n / 2] : 0.0;
}

static uint64_t rng_state = 88172645463325252u;
static double uniform(void) /* xorshift64: [0, 1) */
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (double)(rng_state >> 11) * (1.0 / 9007199254740992.0);
}

struct steps {
    int compute, alltoall, barrier, skew, brackets, spin;
    double skew_us, spin_us;
};

/* Entry and exit of each probed call of this rank. */
static double *t_in, *t_out;
static long faults; /* minor page faults inside the probed calls */
static int n_calls;
static double bracket_s; /* what the brackets measured, as the harness */
static int brackets;
static MPI_Comm comm = MPI_COMM_WORLD; /* or its duplicate: step d */

static void probe_begin(const struct steps *st, int rank)
{
    if (st->barrier)
        MPI_Barrier(comm);
    if (st->spin)
        spin_us(st->spin_us);
    if (st->skew && rank == 0)
        spin_us(st->skew_us);
    if (brackets) {
        MPI_Pcontrol(1);
        bracket_s -= MPI_Wtime();
    }
    faults -= minflt();
    t_in[n_calls] = now_us();
}

static void probe_end(void)
{
    t_out[n_calls++] = now_us();
    faults += minflt();
    if (brackets) {
        bracket_s += MPI_Wtime();
        MPI_Pcontrol(0);
    }
}

static void run_is(const struct steps *st, int rank, int size, int reps)
{
    int nkeys = IS_KEYS / size, cap = 3 * nkeys / 2;
    int *keys = calloc((size_t)cap, sizeof(int));
    int *buff1 = calloc((size_t)cap, sizeof(int));
    int *buff2 = calloc((size_t)cap, sizeof(int));
    int bsize[IS_ALLREDUCE_INTS], btot[IS_ALLREDUCE_INTS], bptr[IS_BUCKETS];
    int scount[64], rcount[64], sdispl[64], rdispl[64];
    if (!keys || !buff1 || !buff2 || size > 64)
        MPI_Abort(MPI_COMM_WORLD, 2);
    for (int i = 0; i < nkeys; i++) /* NPB's keys: four uniforms summed */
        keys[i] = (int)(IS_MAX_KEY / 4 *
                        (uniform() + uniform() + uniform() + uniform()));
    for (int rep = 0; rep < reps; rep++) {
        for (int it = 1; it <= IS_ITERS; it++) {
            int shift = 11 - 9;
            memset(bsize, 0, sizeof bsize);
            if (st->compute) {
                for (int i = 0; i < nkeys; i++)
                    bsize[keys[i] >> shift]++;
                bptr[0] = 0;
                for (int b = 1; b < IS_BUCKETS; b++)
                    bptr[b] = bptr[b - 1] + bsize[b - 1];
                for (int i = 0; i < nkeys; i++)
                    buff1[bptr[keys[i] >> shift]++] = keys[i];
            } else {
                for (int b = 0; b < IS_BUCKETS; b++)
                    bsize[b] = nkeys / IS_BUCKETS;
            }
            probe_begin(st, rank);
            MPI_Allreduce(bsize, btot, IS_ALLREDUCE_INTS, MPI_INT, MPI_SUM,
                          comm);
            probe_end();
            /* buckets to ranks by running total, as NPB */
            long running = 0;
            int local = 0, j = 0;
            for (int b = 0; b < IS_BUCKETS && j < size; b++) {
                running += btot[b];
                local += bsize[b];
                if (running >= (long)(j + 1) * nkeys || b == IS_BUCKETS - 1) {
                    scount[j++] = local;
                    local = 0;
                }
            }
            for (; j < size; j++)
                scount[j] = 0;
            sdispl[0] = 0;
            for (int k = 1; k < size; k++)
                sdispl[k] = sdispl[k - 1] + scount[k - 1];
            if (st->alltoall) {
                MPI_Alltoall(scount, 1, MPI_INT, rcount, 1, MPI_INT, comm);
                rdispl[0] = 0;
                for (int k = 1; k < size; k++)
                    rdispl[k] = rdispl[k - 1] + rcount[k - 1];
                if (rdispl[size - 1] + rcount[size - 1] > cap)
                    MPI_Abort(MPI_COMM_WORLD, 3);
                MPI_Alltoallv(buff1, scount, sdispl, MPI_INT, buff2, rcount,
                              rdispl, MPI_INT, comm);
            }
            if (st->compute) { /* the counting sort of the received keys */
                int n =
                    st->alltoall ? rdispl[size - 1] + rcount[size - 1] : nkeys;
                const int *in = st->alltoall ? buff2 : buff1;
                memset(buff1 + nkeys, 0, sizeof(int) * IS_MAX_KEY);
                for (int i = 0; i < n; i++)
                    buff1[nkeys + in[i]]++;
                for (int k = 0; k + 1 < IS_MAX_KEY; k++)
                    buff1[nkeys + k + 1] += buff1[nkeys + k];
            }
        }
    }
    free(keys);
    free(buff1);
    free(buff2);
}

static void run_sor(const struct steps *st, int rank, int size, int reps)
{
    long rows = SOR_N / size, n = SOR_N;
    double *g = calloc((size_t)((rows + 2) * n), sizeof(double));
    double *all = calloc((size_t)(SOR_N * SOR_N), sizeof(double));
    if (!g || !all || size != 2)
        MPI_Abort(MPI_COMM_WORLD, 2);
    for (long k = 0; k < (rows + 2) * n; k++)
        g[k] = uniform() * 1e-6;
    int peer = 1 - rank;
    for (int rep = 0; rep < reps; rep++) {
        if (st->alltoall) { /* scatter: rank 0 sends rank 1 its block */
            if (rank == 0)
                MPI_Send(all + (rows - 1) * n, (int)((rows + 1) * n),
                         MPI_DOUBLE, 1, 1, comm);
            else
                MPI_Recv(g, (int)((rows + 1) * n), MPI_DOUBLE, 0, 1, comm,
                         MPI_STATUS_IGNORE);
            MPI_Barrier(comm);
        }
        for (int pass = 0; pass < SOR_PASSES; pass++) {
            if (st->compute)
                for (long i = 1 + pass % 2; i <= rows; i += 2)
                    for (long j = 1; j < n - 1; j++)
                        g[i * n + j] =
                            0.3125 * (g[(i - 1) * n + j] + g[(i + 1) * n + j] +
                                      g[i * n + j - 1] + g[i * n + j + 1]) -
                            0.25 * g[i * n + j];
            double *send = rank == 0 ? g + rows * n : g + n;
            double *recv = rank == 0 ? g + (rows + 1) * n : g;
            probe_begin(st, rank);
            MPI_Sendrecv(send, (int)n, MPI_DOUBLE, peer, 1, recv, (int)n,
                         MPI_DOUBLE, peer, 1, comm, MPI_STATUS_IGNORE);
            probe_end();
        }
        if (st->alltoall) {
            int counts[2] = {(int)(rows * n), (int)(rows * n)};
            int displs[2] = {0, (int)(rows * n)};
            MPI_Barrier(comm);
            MPI_Gatherv(g + n, (int)(rows * n), MPI_DOUBLE, all, counts, displs,
                        MPI_DOUBLE, 0, comm);
            MPI_Barrier(comm);
        }
    }
    free(g);
    free(all);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc != 4 ||
        (strcmp(argv[1], "is") != 0 && strcmp(argv[1], "sor") != 0) ||
        atoi(argv[3]) < 2 || size != 2) {
        if (rank == 0)
            fprintf(stderr, "usage: apps_call_probe is|sor STEPS REPS "
                            "(2 processes)\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    const char *s = argv[2];
    const char *skew = getenv("USLEEP_SKEW"), *spin = getenv("SPIN_US");
    struct steps st = {strchr(s, 'c') != NULL,  strchr(s, 'a') != NULL,
                       strchr(s, 'b') != NULL,  strchr(s, 'w') != NULL,
                       strchr(s, 'k') != NULL,  strchr(s, 'e') != NULL,
                       skew ? atof(skew) : 8.0, spin ? atof(spin) : 100.0};
    brackets = st.brackets;
    int is = strcmp(argv[1], "is") == 0;
    int reps = atoi(argv[3]);
    int per_rep = is ? IS_ITERS : SOR_PASSES;
    t_in = calloc((size_t)(reps * MAX_CALLS), sizeof(double));
    t_out = calloc((size_t)(reps * MAX_CALLS), sizeof(double));
    double *all_in = calloc((size_t)(2 * reps * MAX_CALLS), sizeof(double));
    double *all_out = calloc((size_t)(2 * reps * MAX_CALLS), sizeof(double));
    if (!t_in || !t_out || !all_in || !all_out)
        MPI_Abort(MPI_COMM_WORLD, 2);
    if (strchr(s, 'd'))
        MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    MPI_Barrier(MPI_COMM_WORLD);
    if (strchr(s, 'u')) {
        const char *w = getenv("WARM_MSGS");
        const char *wb = getenv("WARM_BYTES");
        int m = w ? atoi(w) : 256, nb = wb ? atoi(wb) : 1024;
        static char out[65536], in[65536];
        if (nb < 0 || nb > (int)sizeof out)
            MPI_Abort(MPI_COMM_WORLD, 2);
        for (int i = 0; i < m; i++)
            MPI_Sendrecv(out, nb, MPI_BYTE, 1 - rank, 9, in, nb, MPI_BYTE,
                         1 - rank, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (getenv("WARM_UNEXPECTED")) /* batches the receiver meets late */
            for (int from = 0; from < 2; from++)
                for (int b = 0; b < m / 64; b++) {
                    if (rank == from)
                        for (int i = 0; i < 64; i++)
                            MPI_Send(out, nb, MPI_BYTE, 1 - rank, 8,
                                     MPI_COMM_WORLD);
                    MPI_Barrier(MPI_COMM_WORLD);
                    if (rank != from)
                        for (int i = 0; i < 64; i++)
                            MPI_Recv(in, nb, MPI_BYTE, from, 8, MPI_COMM_WORLD,
                                     MPI_STATUS_IGNORE);
                }
    }
    if (is)
        run_is(&st, rank, size, reps);
    else
        run_sor(&st, rank, size, reps);
    int n = n_calls;
    long faults_all[2] = {0, 0};
    MPI_Gather(&faults, 1, MPI_LONG, faults_all, 1, MPI_LONG, 0,
               MPI_COMM_WORLD);
    MPI_Gather(t_in, n, MPI_DOUBLE, all_in, n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Gather(t_out, n, MPI_DOUBLE, all_out, n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        int m = n - per_rep; /* the calls after the warm-up repetition */
        double *late = malloc((size_t)m * sizeof(double));
        double *sync = malloc((size_t)m * sizeof(double));
        double *skw = malloc((size_t)m * sizeof(double));
        double *in0 = malloc((size_t)m * sizeof(double));
        double *in1 = malloc((size_t)m * sizeof(double));
        int last1 = 0;
        for (int k = 0; k < m; k++) {
            int c = per_rep + k;
            double e0 = all_in[c], e1 = all_in[n + c];
            double x0 = all_out[c], x1 = all_out[n + c];
            double last = e0 > e1 ? e0 : e1;
            last1 += e1 > e0;
            late[k] = e1 > e0 ? x1 - e1 : x0 - e0;
            sync[k] = (x0 > x1 ? x0 : x1) - last;
            skw[k] = e1 > e0 ? e1 - e0 : e0 - e1;
            in0[k] = x0 - e0;
            in1[k] = x1 - e1;
        }
        double gap_us = (all_in[n - 1] - all_in[per_rep]) / (m > 1 ? m - 1 : 1);
        printf(
            "%s steps=%s calls=%d late_us=%.2f sync_us=%.2f sync_mean_us=%.2f "
            "rank0_us=%.2f rank1_us=%.2f skew_us=%.2f rank1_last=%d%% "
            "gap_us=%.1f faults_in_calls=%ld,%ld\n",
            argv[1], s, m, median(late, m), median(sync, m), mean(sync, m),
            median(in0, m), median(in1, m), median(skw, m),
            100 * last1 / (m > 0 ? m : 1), gap_us, faults_all[0],
            faults_all[1]);
        free(late);
        free(sync);
        free(skw);
        free(in0);
        free(in1);
    }
    free(t_in);
    free(t_out);
    free(all_in);
    free(all_out);
    if (comm != MPI_COMM_WORLD)
        MPI_Comm_free(&comm);
    MPI_Finalize();
    return 0;
}
