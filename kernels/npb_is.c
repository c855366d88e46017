/*
 * kernels/npb_is.c: NPB IS, the integer sort kernel (RNR-94-007 section
 * 2.5; NPB 3.4 IS/is.c).  Keys are sums of four uniform numbers scaled to
 * [0, MAX_KEY), generated in rank order (each rank jumps the generator to
 * its share).  Each of the ten iterations ranks all keys by a bucket sort:
 * local bucket counts, an allreduce of the counts (which also carries the
 * five test keys), buckets assigned to ranks by cumulative count, an
 * alltoall of the send counts and an alltoallv of the keys, then a
 * counting sort of the received keys.  Verified as NPB does: the ranks of
 * the five published test keys in every iteration (partial verification)
 * and, after the last, that the keys are fully sorted across ranks.
 */
#include "harness.h"
#include "npb_common.h"
#include "npb_random.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define IS_CLASSES "SWAB"
#define IS_ITERATIONS 10
#define IS_TESTS 5

/* Per class: keys, key range and buckets (log2), and the published test
 * keys: their indices in the sequence and their ranks. */
static const struct is_class {
    int keys_log2, max_key_log2, buckets_log2;
    int test_index[IS_TESTS];
    int test_rank[IS_TESTS];
} is_classes[] = {
    {16, 11, 9, {48427, 17148, 23627, 62548, 4431}, {0, 18, 346, 64917, 65463}},
    {20,
     16,
     10,
     {357773, 934767, 875723, 898999, 404505},
     {1249, 11698, 1039987, 1043896, 1048018}},
    {23,
     19,
     10,
     {2112377, 662041, 5336171, 3642833, 4250760},
     {104, 17523, 123928, 8288932, 8388264}},
    {25,
     21,
     10,
     {41869, 812306, 5102857, 18232239, 26860214},
     {33422937, 10244, 59149, 33135281, 99}},
};

/* How the published rank of test key i moves with the iteration (keys
 * iteration and MAX_KEY - iteration are replaced each iteration). */
static long is_expected_rank(char cls, int i, int iteration, int base)
{
    switch (cls) {
    case 'S': return i <= 2 ? base + iteration : base - iteration;
    case 'W': return i < 2 ? base + iteration - 2 : base - iteration;
    case 'A': return i <= 2 ? base + iteration - 1 : base - (iteration - 1);
    default:
        return (i == 1 || i == 2 || i == 4) ? base + iteration
                                            : base - iteration;
    }
}

/* One rank's state: its keys, the sort buffers and the exchange plan. */
struct is_state {
    const struct is_class *c;
    const struct kernel_run *run;
    int nkeys;    /* keys generated here */
    int capacity; /* room for received keys */
    int *keys;    /* key_array */
    int *buff1;   /* keys in bucket order, then the counting-sort table */
    int *buff2;   /* received keys */
    int *bucket_size, *bucket_totals; /* buckets + the test keys */
    int *bucket_ptrs;
    int *first_bucket, *last_bucket; /* per rank after redistribution */
    int *send_count, *recv_count, *send_displ, *recv_displ;
    int received; /* keys held after the last redistribution */
    int min_key;  /* smallest key this rank can hold */
    long passed;  /* partial and full verifications passed */
    long failed;  /* partial verifications failed */
};

static void is_generate(struct is_state *s)
{
    int64_t total = (int64_t)1 << s->c->keys_log2;
    double seed = npb_jump(NPB_RANDOM_SEED, NPB_RANDOM_A,
                           4 * (total / s->run->size) * s->run->rank);
    int k = (1 << s->c->max_key_log2) / 4;
    for (int i = 0; i < s->nkeys; i++) {
        double x = npb_randlc(&seed, NPB_RANDOM_A);
        x += npb_randlc(&seed, NPB_RANDOM_A);
        x += npb_randlc(&seed, NPB_RANDOM_A);
        x += npb_randlc(&seed, NPB_RANDOM_A);
        s->keys[i] = (int)(k * x);
    }
}

/* Counts keys per bucket (plus the test keys this rank holds, hidden
 * after the buckets) and copies the keys into bucket order. */
static void is_bucket(struct is_state *s, int iteration)
{
    int nbuckets = 1 << s->c->buckets_log2;
    int shift = s->c->max_key_log2 - s->c->buckets_log2;
    if (s->run->rank == 0) {
        s->keys[iteration] = iteration;
        s->keys[iteration + IS_ITERATIONS] =
            (1 << s->c->max_key_log2) - iteration;
    }
    memset(s->bucket_size, 0, sizeof(int) * (nbuckets + IS_TESTS));
    for (int i = 0; i < IS_TESTS; i++) {
        if (s->c->test_index[i] / s->nkeys == s->run->rank) {
            s->bucket_size[nbuckets + i] =
                s->keys[s->c->test_index[i] % s->nkeys];
        }
    }
    for (int i = 0; i < s->nkeys; i++) {
        s->bucket_size[s->keys[i] >> shift]++;
    }
    s->bucket_ptrs[0] = 0;
    for (int b = 1; b < nbuckets; b++) {
        s->bucket_ptrs[b] = s->bucket_ptrs[b - 1] + s->bucket_size[b - 1];
    }
    for (int i = 0; i < s->nkeys; i++) {
        s->buff1[s->bucket_ptrs[s->keys[i] >> shift]++] = s->keys[i];
    }
}

/* NPB's assignment: buckets go to rank j until the running total of keys
 * reaches (j + 1) * nkeys; send counts and displacements follow. */
static void is_plan(struct is_state *s)
{
    int nbuckets = 1 << s->c->buckets_log2;
    int64_t running = 0;
    int local = 0;
    int j = 0;
    s->send_displ[0] = 0;
    s->first_bucket[0] = 0;
    for (int b = 0; b < nbuckets; b++) {
        running += s->bucket_totals[b];
        local += s->bucket_size[b];
        if (running >= (int64_t)(j + 1) * s->nkeys) {
            s->send_count[j] = local;
            if (j != 0) {
                s->send_displ[j] = s->send_displ[j - 1] + s->send_count[j - 1];
                s->first_bucket[j] = s->last_bucket[j - 1] + 1;
            }
            s->last_bucket[j++] = b;
            local = 0;
        }
    }
    for (; j < s->run->size; j++) {
        s->send_count[j] = 0;
        s->send_displ[j] = j > 0 ? s->send_displ[j - 1] : 0;
        s->first_bucket[j] = 1;
        s->last_bucket[j] = 0;
    }
}

/* The redistribution: counts by alltoall, then the keys by alltoallv. */
static void is_exchange(struct is_state *s)
{
    int size = s->run->size;
    kernel_comm_begin();
    MPI_Alltoall(s->send_count, 1, MPI_INT, s->recv_count, 1, MPI_INT,
                 s->run->comm);
    s->recv_displ[0] = 0;
    for (int i = 1; i < size; i++) {
        s->recv_displ[i] = s->recv_displ[i - 1] + s->recv_count[i - 1];
    }
    s->received = s->recv_displ[size - 1] + s->recv_count[size - 1];
    if (s->received > s->capacity) {
        fprintf(stderr,
                "mpchar-kernels: is: rank %d receives %d keys, room "
                "for %d\n",
                s->run->rank, s->received, s->capacity);
        MPI_Abort(s->run->comm, 1);
    }
    MPI_Alltoallv(s->buff1, s->send_count, s->send_displ, MPI_INT, s->buff2,
                  s->recv_count, s->recv_displ, MPI_INT, s->run->comm);
    kernel_comm_end();
}

/* Counting sort of the received keys into buff1 (cumulative counts over
 * this rank's key range), then the partial verification of the test keys
 * this rank holds. */
static void is_rank_keys(struct is_state *s, int iteration)
{
    int nbuckets = 1 << s->c->buckets_log2;
    int shift = s->c->max_key_log2 - s->c->buckets_log2;
    int me = s->run->rank;
    int min_key = s->first_bucket[me] << shift;
    int max_key = ((s->last_bucket[me] + 1) << shift) - 1;
    long lesser = 0; /* keys held by lower ranks */
    for (int k = 0; k < me; k++) {
        for (int b = s->first_bucket[k]; b <= s->last_bucket[k]; b++) {
            lesser += s->bucket_totals[b];
        }
    }
    s->min_key = min_key;
    if (max_key >= min_key) {
        memset(s->buff1, 0, sizeof(int) * (size_t)(max_key - min_key + 1));
    }
    for (int i = 0; i < s->received; i++) {
        s->buff1[s->buff2[i] - min_key]++;
    }
    for (int k = min_key; k < max_key; k++) {
        s->buff1[k + 1 - min_key] += s->buff1[k - min_key];
    }
    for (int i = 0; i < IS_TESTS; i++) {
        int key = s->bucket_totals[nbuckets + i];
        if (min_key <= key && key <= max_key) {
            long below = key > min_key ? s->buff1[key - 1 - min_key] : 0;
            double key_rank = (double)(below + lesser) + kernel_fault();
            long want = is_expected_rank(s->run->problem_class, i, iteration,
                                         s->c->test_rank[i]);
            if (key_rank == (double)want) {
                s->passed++;
            } else if (s->failed++ == 0) { /* one line per rank is enough */
                fprintf(stderr,
                        "mpchar-kernels: is: iteration %d, test key "
                        "%d: rank %.0f, published %ld\n",
                        iteration, i, key_rank, want);
            }
        }
    }
}

static void is_iterate(struct is_state *s, int iteration)
{
    int nbuckets = 1 << s->c->buckets_log2;
    is_bucket(s, iteration);
    kernel_comm_begin();
    MPI_Allreduce(s->bucket_size, s->bucket_totals, nbuckets + IS_TESTS,
                  MPI_INT, MPI_SUM, s->run->comm);
    kernel_comm_end();
    is_plan(s);
    is_exchange(s);
    is_rank_keys(s, iteration);
}

/* NPB's full verification: sort the last iteration's keys with the rank
 * table, check the order locally and against the lower neighbour's
 * largest key. */
static void is_full_verify(struct is_state *s)
{
    int me = s->run->rank;
    int n = s->received;
    int last = 0;
    int lower_last = 0;
    long out_of_order = 0;
    for (int i = 0; i < n; i++) {
        int key = s->buff2[i];
        s->keys[--s->buff1[key - s->min_key]] = key;
    }
    last = n > 0 ? s->keys[n - 1] : 0;
    kernel_comm_begin();
    MPI_Sendrecv(&last, 1, MPI_INT,
                 me + 1 < s->run->size ? me + 1 : MPI_PROC_NULL, 1000,
                 &lower_last, 1, MPI_INT, me > 0 ? me - 1 : MPI_PROC_NULL, 1000,
                 s->run->comm, MPI_STATUS_IGNORE);
    kernel_comm_end();
    if (me > 0 && n > 0 && lower_last > s->keys[0]) {
        out_of_order++;
    }
    for (int i = 1; i < n; i++) {
        if (s->keys[i - 1] > s->keys[i]) {
            out_of_order++;
        }
    }
    if (out_of_order == 0) {
        s->passed++;
    } else {
        fprintf(stderr, "mpchar-kernels: is: rank %d: %ld keys out of sort\n",
                me, out_of_order);
    }
}

static bool is_alloc(struct is_state *s)
{
    int nbuckets = 1 << s->c->buckets_log2;
    int size = s->run->size;
    int range = 1 << s->c->max_key_log2;
    s->nkeys = (1 << s->c->keys_log2) / size;
    /* NPB's buffer rule (3/2 of a share below 256 ranks, more above). */
    s->capacity = size < 256 ? 3 * s->nkeys / 2 : 13 * s->nkeys / 2;
    int table = s->capacity > range ? s->capacity : range;
    s->keys = kernel_alloc(sizeof(int) * (size_t)table);
    s->buff1 = kernel_alloc(sizeof(int) * (size_t)table);
    s->buff2 = kernel_alloc(sizeof(int) * (size_t)s->capacity);
    s->bucket_size = kernel_alloc(sizeof(int) * (size_t)(nbuckets + IS_TESTS));
    s->bucket_totals =
        kernel_alloc(sizeof(int) * (size_t)(nbuckets + IS_TESTS));
    s->bucket_ptrs = kernel_alloc(sizeof(int) * (size_t)nbuckets);
    s->first_bucket = kernel_alloc(sizeof(int) * (size_t)size);
    s->last_bucket = kernel_alloc(sizeof(int) * (size_t)size);
    s->send_count = kernel_alloc(sizeof(int) * (size_t)size);
    s->recv_count = kernel_alloc(sizeof(int) * (size_t)size);
    s->send_displ = kernel_alloc(sizeof(int) * (size_t)size);
    s->recv_displ = kernel_alloc(sizeof(int) * (size_t)size);
    return s->keys && s->buff1 && s->buff2 && s->bucket_size &&
           s->bucket_totals && s->bucket_ptrs && s->first_bucket &&
           s->last_bucket && s->send_count && s->recv_count && s->send_displ &&
           s->recv_displ;
}

static void is_free(struct is_state *s)
{
    kernel_free(s->keys);
    kernel_free(s->buff1);
    kernel_free(s->buff2);
    kernel_free(s->bucket_size);
    kernel_free(s->bucket_totals);
    kernel_free(s->bucket_ptrs);
    kernel_free(s->first_bucket);
    kernel_free(s->last_bucket);
    kernel_free(s->send_count);
    kernel_free(s->recv_count);
    kernel_free(s->send_displ);
    kernel_free(s->recv_displ);
}

static const char *is_refuse(const struct kernel_run *run)
{
    const char *why = npb_refuse_unless_power_of_two(run->size);
    if (why == NULL && run->size > 128) {
        return "IS runs on at most 128 processes (NPB's limit for its "
               "bucket count)";
    }
    return why;
}

static void is_run(const struct kernel_run *run, struct kernel_result *result)
{
    struct is_state s = {
        .c = &is_classes[kernel_class_row(IS_CLASSES, run->problem_class)],
        .run = run,
    };
    long passed = 0;
    kernel_require_memory(is_alloc(&s), run->comm, "is");
    is_generate(&s);
    for (int iteration = 1; iteration <= IS_ITERATIONS; iteration++) {
        is_iterate(&s, iteration);
    }
    is_full_verify(&s);
    kernel_comm_begin();
    MPI_Allreduce(&s.passed, &passed, 1, MPI_LONG, MPI_SUM, run->comm);
    kernel_comm_end();
    is_free(&s);
    /* NPB's count: five test keys per iteration, one full sort per rank. */
    result->value = (double)passed;
    result->reference = (double)(IS_TESTS * IS_ITERATIONS + run->size);
    result->verified = result->value == result->reference;
    snprintf(result->detail, sizeof result->detail,
             "%ld of %d verifications passed (test-key ranks per iteration, "
             "full sort per rank)",
             passed, IS_TESTS * IS_ITERATIONS + run->size);
}

NPB_KERNEL(kernel_npb_is, "is", IS_CLASSES, is_refuse, is_run);
