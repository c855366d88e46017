/* Collective patterns over the p processes of the communicator, with a
 * barrier before each repetition (seeds 000, 001) and the maximum time
 * over ranks.  n follows the conventions that make seed 000's aggregation
 * factors hold: Bcast, Reduce, Allreduce and Scan take each process's
 * buffer; Scatter and Gather the total at the root; Allgather the gathered
 * vector; Reduce_scatter each process's input vector; Alltoall the total
 * each process sends.  Counts that n and p do not divide are rounded to the
 * nearest whole element (bench_pattern_bytes) and the actual bytes are
 * what the row records.  Reductions use doubles, with the operations of
 * reduce_ops.c (MPI_SUM, a user-defined sum, and the no-op that separates
 * the computation cost t_c, seed 001).  The substitutes of the equivalence
 * table (bcast_sa, ...) take their primitive's n, buffers and checks and
 * call src/substitutes; the v-forms use equal counts (alltoallv: n / p
 * bytes to every process, itself included, as alltoall's n). */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "buffers.h"
#include "substitutes.h"

static uint64_t memory_twice(uint64_t n, int p, long window)
{
    (void)p, (void)window;
    return 2 * n + 16;
}

static int count(const bench_ctx *c)
{
    return (int)c->count;
}

static double one_op(const bench_ctx *c)
{
    (void)c;
    return 1.0;
}

static void free_coll(bench_ctx *c)
{
    free(c->counts);
    c->counts = NULL;
    bench_buffers_free(c);
}

/* Buffers of `in` and `out` elements of elem bytes each. */
static int setup_elements(bench_ctx *c, size_t in, size_t out, size_t elem)
{
    return bench_buffers_alloc(c, in * elem, out * elem);
}

/* ---- barrier --------------------------------------------------------- */

static int setup_none(bench_ctx *c)
{
    return setup_elements(c, 0, 0, 1);
}

static void run_barrier(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++)
        MPI_Barrier(c->comm);
}

/* ---- bcast ----------------------------------------------------------- */

static int setup_bcast(bench_ctx *c)
{
    return setup_elements(c, c->count, 0, 1);
}

static void prepare_bcast(bench_ctx *c)
{
    if (!c->check)
        return;
    if (c->rank == c->root)
        bench_check_fill(c->sbuf, c->count, c->root, c->rep);
    else
        bench_check_poison(c->sbuf, c->count, c->root, c->rep);
}

static void run_bcast(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++)
        MPI_Bcast(c->sbuf, count(c), MPI_BYTE, c->root, c->comm);
}

static int verify_bcast(bench_ctx *c, char *why, size_t len)
{
    return bench_check_bytes(c->sbuf, c->count, c->root, c->rep,
                             "broadcast buffer", why, len);
}

/* ---- scatter, gather, allgather, alltoall ---------------------------- */

/* Chunk j of a p-chunk buffer carries source id base + j * stride. */
static void fill_chunks(unsigned char *buf, const bench_ctx *c, long base,
                        long stride, bool poison)
{
    for (int j = 0; j < c->size; j++) {
        unsigned char *chunk = buf + (size_t)j * c->count;
        if (poison)
            bench_check_poison(chunk, c->count, base + j * stride, c->rep);
        else
            bench_check_fill(chunk, c->count, base + j * stride, c->rep);
    }
}

/* Checks the received chunks of rbuf, filled as fill_chunks says. */
static int check_chunks(const bench_ctx *c, long base, long stride, char *why,
                        size_t len)
{
    char what[64];
    for (int j = 0; j < c->size; j++) {
        snprintf(what, sizeof what, "rank %d chunk %d", c->rank, j);
        if (bench_check_bytes(c->rbuf + (size_t)j * c->count, c->count,
                              base + j * stride, c->rep, what, why, len))
            return -1;
    }
    return 0;
}

static int setup_one_to_all(bench_ctx *c)
{
    return setup_elements(c, c->count * (size_t)c->size, c->count, 1);
}

static int setup_all_to_one(bench_ctx *c)
{
    return setup_elements(c, c->count, c->count * (size_t)c->size, 1);
}

static int setup_all_to_all(bench_ctx *c)
{
    size_t total = c->count * (size_t)c->size;
    return setup_elements(c, total, total, 1);
}

static void prepare_scatter(bench_ctx *c)
{
    if (!c->check)
        return;
    if (c->rank == c->root)
        fill_chunks(c->sbuf, c, 0, 1, false);
    bench_check_poison(c->rbuf, c->count, c->rank, c->rep);
}

static void run_scatter(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++)
        MPI_Scatter(c->sbuf, count(c), MPI_BYTE, c->rbuf, count(c), MPI_BYTE,
                    c->root, c->comm);
}

static int verify_scatter(bench_ctx *c, char *why, size_t len)
{
    return bench_check_bytes(c->rbuf, c->count, c->rank, c->rep,
                             "scattered chunk", why, len);
}

static void prepare_gather(bench_ctx *c)
{
    if (!c->check)
        return;
    bench_check_fill(c->sbuf, c->count, c->rank, c->rep);
    fill_chunks(c->rbuf, c, 0, 1, true);
}

static void run_gather(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++)
        MPI_Gather(c->sbuf, count(c), MPI_BYTE, c->rbuf, count(c), MPI_BYTE,
                   c->root, c->comm);
}

/* Chunk j of the gathered vector comes from rank j. */
static int verify_allgather(bench_ctx *c, char *why, size_t len)
{
    return check_chunks(c, 0, 1, why, len);
}

static int verify_gather(bench_ctx *c, char *why, size_t len)
{
    return c->rank == c->root ? verify_allgather(c, why, len) : 0;
}

static void run_allgather(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++)
        MPI_Allgather(c->sbuf, count(c), MPI_BYTE, c->rbuf, count(c), MPI_BYTE,
                      c->comm);
}

/* Chunk for rank j from rank r carries source id r * p + j. */
static void prepare_alltoall(bench_ctx *c)
{
    if (!c->check)
        return;
    fill_chunks(c->sbuf, c, (long)c->rank * c->size, 1, false);
    fill_chunks(c->rbuf, c, c->rank, c->size, true);
}

static void run_alltoall(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++)
        MPI_Alltoall(c->sbuf, count(c), MPI_BYTE, c->rbuf, count(c), MPI_BYTE,
                     c->comm);
}

static int verify_alltoall(bench_ctx *c, char *why, size_t len)
{
    return check_chunks(c, c->rank, c->size, why, len);
}

/* ---- reductions ------------------------------------------------------ */

/* Small integers, so that every sum is exact in any order. */
static double check_value(size_t i, int rank, long rep)
{
    return (double)((i + (size_t)rank + (size_t)rep) % 13u);
}

static void prepare_reduction(bench_ctx *c)
{
    if (!c->check)
        return;
    double *in = (double *)c->sbuf;
    size_t n = c->sbuf_bytes / sizeof(double);
    for (size_t i = 0; i < n; i++)
        in[i] = check_value(i, c->rank, c->rep);
    memset(c->rbuf, 0xff, c->rbuf_bytes); /* NaNs */
}

/* Checks the count results in rbuf against the sums over ranks [0, upto]
 * of elements first, first + 1, ...  With the no-op operation the result
 * is unspecified by design, so only sums are checked. */
static int verify_sums(const bench_ctx *c, size_t first, int upto, char *why,
                       size_t len)
{
    if (!c->sums)
        return 0; /* the no-op's result is unspecified by design */
    double *want = malloc((c->count ? c->count : 1) * sizeof *want);
    if (!want) {
        snprintf(why, len, "check failed: out of memory");
        return -1;
    }
    for (size_t i = 0; i < c->count; i++) {
        want[i] = 0.0;
        for (int r = 0; r <= upto; r++)
            want[i] += check_value(first + i, r, c->rep);
    }
    char what[48];
    snprintf(what, sizeof what, "rank %d result", c->rank);
    int rc = bench_check_doubles((const double *)c->rbuf, want, c->count, what,
                                 why, len);
    free(want);
    return rc;
}

static int setup_reduce(bench_ctx *c)
{
    return setup_elements(c, c->count, c->count, sizeof(double));
}

static void run_reduce(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++)
        MPI_Reduce(c->sbuf, c->rbuf, count(c), MPI_DOUBLE, c->op, c->root,
                   c->comm);
}

/* Every rank holds the sum over all ranks. */
static int verify_allreduce(bench_ctx *c, char *why, size_t len)
{
    return verify_sums(c, 0, c->size - 1, why, len);
}

static int verify_reduce(bench_ctx *c, char *why, size_t len)
{
    return c->rank == c->root ? verify_allreduce(c, why, len) : 0;
}

static void run_allreduce(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++)
        MPI_Allreduce(c->sbuf, c->rbuf, count(c), MPI_DOUBLE, c->op, c->comm);
}

static int setup_reduce_scatter(bench_ctx *c)
{
    c->counts = malloc((size_t)c->size * sizeof *c->counts);
    if (!c->counts)
        return -1;
    for (int r = 0; r < c->size; r++)
        c->counts[r] = count(c);
    return setup_elements(c, c->count * (size_t)c->size, c->count,
                          sizeof(double));
}

static void run_reduce_scatter(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++)
        MPI_Reduce_scatter(c->sbuf, c->rbuf, c->counts, MPI_DOUBLE, c->op,
                           c->comm);
}

/* Rank r holds block r of the sum over all ranks. */
static int verify_reduce_scatter(bench_ctx *c, char *why, size_t len)
{
    return verify_sums(c, (size_t)c->rank * c->count, c->size - 1, why, len);
}

static void run_scan(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++)
        MPI_Scan(c->sbuf, c->rbuf, count(c), MPI_DOUBLE, c->op, c->comm);
}

/* Rank r holds the sum over ranks 0 to r. */
static int verify_scan(bench_ctx *c, char *why, size_t len)
{
    return verify_sums(c, 0, c->rank, why, len);
}

/* ---- v-forms, equal counts --------------------------------------------- */

/* counts[0..p) = count, counts[p..2p) their displacements. */
static int equal_counts(bench_ctx *c)
{
    c->counts = malloc(2 * (size_t)c->size * sizeof *c->counts);
    if (!c->counts)
        return -1;
    for (int r = 0; r < c->size; r++) {
        c->counts[r] = count(c);
        c->counts[c->size + r] = r * count(c);
    }
    return 0;
}

static int setup_scatterv(bench_ctx *c)
{
    return equal_counts(c) != 0 ? -1 : setup_one_to_all(c);
}

static int setup_gatherv(bench_ctx *c)
{
    return equal_counts(c) != 0 ? -1 : setup_all_to_one(c);
}

static int setup_alltoallv(bench_ctx *c)
{
    return equal_counts(c) != 0 ? -1 : setup_all_to_all(c);
}

static void run_scatterv(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++)
        MPI_Scatterv(c->sbuf, c->counts, c->counts + c->size, MPI_BYTE, c->rbuf,
                     count(c), MPI_BYTE, c->root, c->comm);
}

static void run_gatherv(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++)
        MPI_Gatherv(c->sbuf, count(c), MPI_BYTE, c->rbuf, c->counts,
                    c->counts + c->size, MPI_BYTE, c->root, c->comm);
}

static void run_allgatherv(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++)
        MPI_Allgatherv(c->sbuf, count(c), MPI_BYTE, c->rbuf, c->counts,
                       c->counts + c->size, MPI_BYTE, c->comm);
}

/* Send and receive blocks alike: count bytes at r * count for rank r. */
static void run_alltoallv(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++)
        MPI_Alltoallv(c->sbuf, c->counts, c->counts + c->size, MPI_BYTE,
                      c->rbuf, c->counts, c->counts + c->size, MPI_BYTE,
                      c->comm);
}

/* ---- substitutes (src/substitutes, mpchar/equivalences.h) --------------- */

static void run_bcast_sa(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++)
        mpchar_sub_bcast_sa(c->sbuf, count(c), MPI_BYTE, c->root, c->comm);
}

static void run_allgather_gb(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++)
        mpchar_sub_allgather_gb(c->sbuf, count(c), MPI_BYTE, c->rbuf, count(c),
                                MPI_BYTE, c->comm);
}

static void run_reduce_scatter_rs(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++)
        mpchar_sub_reduce_scatter_rs(c->sbuf, c->rbuf, c->counts, MPI_DOUBLE,
                                     c->op, c->comm);
}

static void run_reduce_scatter_rsc(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++)
        mpchar_sub_reduce_scatter_rsc(c->sbuf, c->rbuf, c->counts, MPI_DOUBLE,
                                      c->op, c->comm);
}

static void run_allreduce_rb(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++)
        mpchar_sub_allreduce_rb(c->sbuf, c->rbuf, count(c), MPI_DOUBLE, c->op,
                                c->comm);
}

static void run_allreduce_rsag(bench_ctx *c)
{
    for (long b = 0; b < c->batch; b++)
        mpchar_sub_allreduce_rsag(c->sbuf, c->rbuf, count(c), MPI_DOUBLE, c->op,
                                  c->comm);
}

/* ---- the family ------------------------------------------------------ */

/* What every collective shares: timed on every rank after a barrier, the
 * repetition's time being the slowest rank's, one call per operation. */
#define COLLECTIVE                                             \
    .timing = TIME_MAX_OVER_RANKS, .barrier_before_rep = true, \
    .memory_bytes = memory_twice, .teardown = free_coll, .divisor = one_op

const bench_pattern bench_collective_patterns[] = {
    BENCH_PATTERN("barrier", "MPI_Barrier (n = 0)", COLLECTIVE,
                  .zero_bytes_only = true, .setup = setup_none,
                  .run = run_barrier),
    BENCH_PATTERN("bcast", "MPI_Bcast; n = bytes of each process's buffer",
                  COLLECTIVE, .setup = setup_bcast, .prepare = prepare_bcast,
                  .run = run_bcast, .verify = verify_bcast),
    BENCH_PATTERN("scatter", "MPI_Scatter; n = total bytes at the root",
                  COLLECTIVE, .split = true, .setup = setup_one_to_all,
                  .prepare = prepare_scatter, .run = run_scatter,
                  .verify = verify_scatter),
    BENCH_PATTERN("gather", "MPI_Gather; n = total bytes at the root",
                  COLLECTIVE, .split = true, .setup = setup_all_to_one,
                  .prepare = prepare_gather, .run = run_gather,
                  .verify = verify_gather),
    BENCH_PATTERN("allgather",
                  "MPI_Allgather; n = bytes of the gathered vector", COLLECTIVE,
                  .split = true, .setup = setup_all_to_one,
                  .prepare = prepare_gather, .run = run_allgather,
                  .verify = verify_allgather),
    BENCH_PATTERN("alltoall",
                  "MPI_Alltoall; n = total bytes each process sends",
                  COLLECTIVE, .split = true, .setup = setup_all_to_all,
                  .prepare = prepare_alltoall, .run = run_alltoall,
                  .verify = verify_alltoall),
    BENCH_PATTERN(
        "reduce", "MPI_Reduce of doubles; n = bytes of each process's buffer",
        COLLECTIVE, .setup = setup_reduce, .prepare = prepare_reduction,
        .run = run_reduce, .verify = verify_reduce),
    BENCH_PATTERN("allreduce",
                  "MPI_Allreduce of doubles; n = bytes of each process's "
                  "buffer",
                  COLLECTIVE, .setup = setup_reduce,
                  .prepare = prepare_reduction, .run = run_allreduce,
                  .verify = verify_allreduce),
    BENCH_PATTERN("reduce_scatter",
                  "MPI_Reduce_scatter of doubles, equal counts; n = bytes of "
                  "each process's input vector",
                  COLLECTIVE, .split = true, .setup = setup_reduce_scatter,
                  .prepare = prepare_reduction, .run = run_reduce_scatter,
                  .verify = verify_reduce_scatter),
    BENCH_PATTERN(
        "scan", "MPI_Scan of doubles; n = bytes of each process's buffer",
        COLLECTIVE, .setup = setup_reduce, .prepare = prepare_reduction,
        .run = run_scan, .verify = verify_scan),
    BENCH_PATTERN("scatterv",
                  "MPI_Scatterv, equal counts; n = total bytes at the root",
                  COLLECTIVE, .split = true, .opt_in = true,
                  .setup = setup_scatterv, .prepare = prepare_scatter,
                  .run = run_scatterv, .verify = verify_scatter),
    BENCH_PATTERN(
        "gatherv", "MPI_Gatherv, equal counts; n = total bytes at the root",
        COLLECTIVE, .split = true, .opt_in = true, .setup = setup_gatherv,
        .prepare = prepare_gather, .run = run_gatherv, .verify = verify_gather),
    BENCH_PATTERN("allgatherv",
                  "MPI_Allgatherv, equal counts; n = bytes of the gathered "
                  "vector",
                  COLLECTIVE, .split = true, .opt_in = true,
                  .setup = setup_gatherv, .prepare = prepare_gather,
                  .run = run_allgatherv, .verify = verify_allgather),
    /* standard MPI that applications call (NPB IS): measured by default */
    BENCH_PATTERN("alltoallv",
                  "MPI_Alltoallv, equal counts; n = total bytes each process "
                  "sends",
                  COLLECTIVE, .split = true, .setup = setup_alltoallv,
                  .prepare = prepare_alltoall, .run = run_alltoallv,
                  .verify = verify_alltoall),
    BENCH_PATTERN("bcast_sa",
                  "MPI_Bcast as Scatter + Allgather on the same buffer; n as "
                  "bcast's",
                  COLLECTIVE, .opt_in = true, .setup = setup_bcast,
                  .prepare = prepare_bcast, .run = run_bcast_sa,
                  .verify = verify_bcast),
    BENCH_PATTERN("allgather_gb",
                  "MPI_Allgather as Gather + Bcast; n as allgather's",
                  COLLECTIVE, .split = true, .opt_in = true,
                  .setup = setup_all_to_one, .prepare = prepare_gather,
                  .run = run_allgather_gb, .verify = verify_allgather),
    BENCH_PATTERN("reduce_scatter_rs",
                  "MPI_Reduce_scatter as Reduce + Scatterv; n as "
                  "reduce_scatter's",
                  COLLECTIVE, .split = true, .opt_in = true,
                  .setup = setup_reduce_scatter, .prepare = prepare_reduction,
                  .run = run_reduce_scatter_rs,
                  .verify = verify_reduce_scatter),
    BENCH_PATTERN("reduce_scatter_rsc",
                  "MPI_Reduce_scatter as Reduce + Scatter; n as "
                  "reduce_scatter's",
                  COLLECTIVE, .split = true, .opt_in = true,
                  .setup = setup_reduce_scatter, .prepare = prepare_reduction,
                  .run = run_reduce_scatter_rsc,
                  .verify = verify_reduce_scatter),
    BENCH_PATTERN("allreduce_rb",
                  "MPI_Allreduce as Reduce + Bcast; n as allreduce's",
                  COLLECTIVE, .opt_in = true, .setup = setup_reduce,
                  .prepare = prepare_reduction, .run = run_allreduce_rb,
                  .verify = verify_allreduce),
    BENCH_PATTERN("allreduce_rsag",
                  "MPI_Allreduce as Reduce_scatter + Allgatherv; n as "
                  "allreduce's",
                  COLLECTIVE, .opt_in = true, .setup = setup_reduce,
                  .prepare = prepare_reduction, .run = run_allreduce_rsag,
                  .verify = verify_allreduce),
    {.name = NULL},
};
