/*
 * Data-movement collectives against serial references: Barrier, Bcast,
 * Scatter(v), Gather(v), Allgather(v), Alltoall(v,w), every root, short and
 * long messages (so that both algorithms of each run), MPI_IN_PLACE, a
 * derived datatype (a strided vector) on one side (Bcast; Scatter and
 * Gather at the root and, apart, at the other ranks, which the runtime's
 * trees send straight from or into), empty blocks, and a sparse
 * Alltoallv, Ialltoallv and Alltoallw whose empty blocks stay untouched.
 */
#include "conf.h"

static int val(int owner, int dest, int i)
{
    return owner * 100000 + dest * 1000 + i;
}

/* all holds p blocks of n ints: block q from rank q, made for rank to. */
static void check_blocks(const int *all, int n, int to, const char *what)
{
    for (int i = 0; i < n * conf_size; i++)
        CHECK(all[i] == val(i / n, to, i % n), "%s n=%d for %d element %d",
              what, n, to, i);
}

/* Before an MPI_IN_PLACE gather: this rank's block (made for rank to) in
 * its place in all, -1 in the others. */
static void own_block_only(int *all, int n, int to)
{
    for (int i = 0; i < n * conf_size; i++)
        all[i] = i / n == conf_rank ? val(conf_rank, to, i % n) : -1;
}

static void test_bcast(int n)
{
    int *b = conf_malloc((size_t)n * sizeof(int));
    for (int root = 0; root < conf_size; root++) {
        for (int i = 0; i < n; i++)
            b[i] = conf_rank == root ? val(root, 0, i) : -1;
        MPI_OK(MPI_Bcast(b, n, MPI_INT, root, MPI_COMM_WORLD));
        for (int i = 0; i < n; i++)
            CHECK(b[i] == val(root, 0, i), "Bcast n=%d root=%d element %d", n,
                  root, i);
    }
    /* a strided vector type at the root, contiguous ints elsewhere */
    MPI_Datatype vec;
    MPI_OK(MPI_Type_vector(n, 1, 2, MPI_INT, &vec));
    MPI_OK(MPI_Type_commit(&vec));
    int *wide = conf_malloc(2 * (size_t)n * sizeof(int));
    for (int i = 0; i < 2 * n; i++)
        wide[i] = conf_rank == 0 ? (i % 2 ? -7 : val(0, 1, i / 2)) : -1;
    MPI_OK(MPI_Bcast(wide, 1, vec, 0, MPI_COMM_WORLD));
    for (int i = 0; i < 2 * n; i += 2)
        CHECK(wide[i] == val(0, 1, i / 2), "Bcast vector n=%d element %d", n,
              i);
    if (conf_rank != 0)
        for (int i = 1; i < 2 * n; i += 2)
            CHECK(wide[i] == -1, "Bcast vector wrote a hole at %d", i);
    MPI_OK(MPI_Type_free(&vec));
    free(wide);
    free(b);
}

static void test_scatter_gather(int n)
{
    int p = conf_size, r = conf_rank;
    int *all = conf_malloc((size_t)n * p * sizeof(int)),
        *mine = conf_malloc((size_t)n * sizeof(int));
    for (int root = 0; root < p; root++) {
        for (int i = 0; i < n * p; i++)
            all[i] = r == root ? val(root, i / n, i % n) : -1;
        MPI_OK(MPI_Scatter(all, n, MPI_INT, mine, n, MPI_INT, root,
                           MPI_COMM_WORLD));
        for (int i = 0; i < n; i++)
            CHECK(mine[i] == val(root, r, i), "Scatter n=%d root=%d", n, root);
        /* IN_PLACE at the root */
        MPI_OK(MPI_Scatter(all, n, MPI_INT, r == root ? MPI_IN_PLACE : mine, n,
                           MPI_INT, root, MPI_COMM_WORLD));
        for (int i = 0; i < n; i++)
            mine[i] = val(r, root, i);
        for (int i = 0; i < n * p; i++)
            all[i] = -1;
        MPI_OK(MPI_Gather(mine, n, MPI_INT, all, n, MPI_INT, root,
                          MPI_COMM_WORLD));
        if (r == root) {
            check_blocks(all, n, root, "Gather");
            own_block_only(all, n, root);
        }
        MPI_OK(MPI_Gather(r == root ? MPI_IN_PLACE : mine, n, MPI_INT, all, n,
                          MPI_INT, root, MPI_COMM_WORLD));
        if (r == root)
            check_blocks(all, n, root, "Gather IN_PLACE");
    }
    free(all);
    free(mine);
}

/* Scatter and Gather with a strided type on one side: first at the root
 * (block q: n ints at stride 2, resized to 2n ints), then at every rank
 * but with the root's blocks contiguous. */
static void test_scatter_gather_strided(int n)
{
    int p = conf_size, r = conf_rank;
    MPI_Datatype vec, blk;
    MPI_OK(MPI_Type_vector(n, 1, 2, MPI_INT, &vec));
    MPI_OK(MPI_Type_create_resized(
        vec, 0, 2 * (MPI_Aint)n * (MPI_Aint)sizeof(int), &blk));
    MPI_OK(MPI_Type_commit(&vec));
    MPI_OK(MPI_Type_commit(&blk));
    int *wide = conf_malloc(2 * (size_t)n * p * sizeof(int)),
        *all = conf_malloc((size_t)n * p * sizeof(int)),
        *mine = conf_malloc(2 * (size_t)n * sizeof(int));
    for (int root = 0; root < p; root++) {
        for (int i = 0; i < 2 * n * p; i++)
            wide[i] = r != root ? -1
                      : i % 2   ? -7
                                : val(root, i / (2 * n), i % (2 * n) / 2);
        MPI_OK(
            MPI_Scatter(wide, 1, blk, mine, n, MPI_INT, root, MPI_COMM_WORLD));
        for (int i = 0; i < n; i++)
            CHECK(mine[i] == val(root, r, i),
                  "Scatter strided root n=%d root=%d element %d", n, root, i);
        for (int i = 0; i < n; i++)
            mine[i] = val(r, root, i);
        for (int i = 0; i < 2 * n * p; i++)
            wide[i] = -1;
        MPI_OK(
            MPI_Gather(mine, n, MPI_INT, wide, 1, blk, root, MPI_COMM_WORLD));
        for (int i = 0; r == root && i < 2 * n * p; i++)
            CHECK(wide[i] ==
                      (i % 2 ? -1 : val(i / (2 * n), root, i % (2 * n) / 2)),
                  "Gather strided root n=%d root=%d element %d", n, root, i);
        /* the other side strided: each rank's block at stride 2 */
        for (int i = 0; i < n * p; i++)
            all[i] = r == root ? val(root, i / n, i % n) : -1;
        for (int i = 0; i < 2 * n; i++)
            mine[i] = -1;
        MPI_OK(
            MPI_Scatter(all, n, MPI_INT, mine, 1, vec, root, MPI_COMM_WORLD));
        for (int i = 0; i < 2 * n - 1; i++)
            CHECK(mine[i] == (i % 2 ? -1 : val(root, r, i / 2)),
                  "Scatter strided blocks n=%d root=%d element %d", n, root, i);
        for (int i = 0; i < 2 * n; i++)
            mine[i] = i % 2 ? -7 : val(r, root, i / 2);
        for (int i = 0; i < n * p; i++)
            all[i] = -1;
        MPI_OK(MPI_Gather(mine, 1, vec, all, n, MPI_INT, root, MPI_COMM_WORLD));
        if (r == root)
            check_blocks(all, n, root, "Gather strided blocks");
    }
    MPI_OK(MPI_Type_free(&blk));
    MPI_OK(MPI_Type_free(&vec));
    CONF_FREE(wide, all, mine);
}

static void test_allgather_alltoall(int n)
{
    int p = conf_size, r = conf_rank;
    int *all = conf_malloc((size_t)n * p * sizeof(int)),
        *mine = conf_malloc((size_t)n * p * sizeof(int));
    for (int i = 0; i < n; i++)
        mine[i] = val(r, 0, i);
    MPI_OK(MPI_Allgather(mine, n, MPI_INT, all, n, MPI_INT, MPI_COMM_WORLD));
    check_blocks(all, n, 0, "Allgather");
    own_block_only(all, n, 0);
    MPI_OK(MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, all, n, MPI_INT,
                         MPI_COMM_WORLD));
    check_blocks(all, n, 0, "Allgather IN_PLACE");
    for (int i = 0; i < n * p; i++)
        mine[i] = val(r, i / n, i % n);
    MPI_OK(MPI_Alltoall(mine, n, MPI_INT, all, n, MPI_INT, MPI_COMM_WORLD));
    check_blocks(all, n, r, "Alltoall");
    memcpy(all, mine, (size_t)n * p * sizeof(int));
    MPI_OK(MPI_Alltoall(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, all, n, MPI_INT,
                        MPI_COMM_WORLD));
    check_blocks(all, n, r, "Alltoall IN_PLACE");
    free(all);
    free(mine);
}

/* v-variants: rank q's block has n + q elements, placed with a gap of 3. */
static void test_v(int n)
{
    int p = conf_size, r = conf_rank;
    int *cnt = conf_malloc((size_t)p * sizeof(int)),
        *dsp = conf_malloc((size_t)p * sizeof(int));
    int total = 0;
    for (int q = 0; q < p; q++) {
        cnt[q] = n + q;
        dsp[q] = total;
        total += cnt[q] + 3;
    }
    int *all = conf_malloc((size_t)total * sizeof(int)),
        *mine = conf_malloc((size_t)(n + p) * sizeof(int));
    int root = p / 2;
    for (int q = 0; q < p; q++)
        for (int i = 0; i < cnt[q]; i++)
            all[dsp[q] + i] = r == root ? val(root, q, i) : -1;
    MPI_OK(MPI_Scatterv(all, cnt, dsp, MPI_INT, mine, cnt[r], MPI_INT, root,
                        MPI_COMM_WORLD));
    for (int i = 0; i < cnt[r]; i++)
        CHECK(mine[i] == val(root, r, i), "Scatterv n=%d", n);
    for (int i = 0; i < cnt[r]; i++)
        mine[i] = val(r, root, i);
    for (int i = 0; i < total; i++)
        all[i] = -1;
    MPI_OK(MPI_Gatherv(mine, cnt[r], MPI_INT, all, cnt, dsp, MPI_INT, root,
                       MPI_COMM_WORLD));
    for (int q = 0; r == root && q < p; q++)
        for (int i = 0; i < cnt[q]; i++)
            CHECK(all[dsp[q] + i] == val(q, root, i), "Gatherv n=%d from %d", n,
                  q);
    for (int i = 0; i < total; i++)
        all[i] = -1;
    MPI_OK(MPI_Allgatherv(mine, cnt[r], MPI_INT, all, cnt, dsp, MPI_INT,
                          MPI_COMM_WORLD));
    for (int q = 0; q < p; q++)
        for (int i = 0; i < cnt[q]; i++)
            CHECK(all[dsp[q] + i] == val(q, root, i), "Allgatherv n=%d from %d",
                  n, q);
    for (int q = 0; q < p; q++)
        for (int i = 0; i < cnt[q]; i++)
            all[dsp[q] + i] = q == r ? val(r, root, i) : -2;
    MPI_OK(MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, all, cnt, dsp,
                          MPI_INT, MPI_COMM_WORLD));
    for (int q = 0; q < p; q++)
        for (int i = 0; i < cnt[q]; i++)
            CHECK(all[dsp[q] + i] == val(q, root, i),
                  "Allgatherv IN_PLACE n=%d from %d", n, q);
    /* Alltoallv: rank r sends n + dest elements to each dest */
    int *scnt = conf_malloc((size_t)p * sizeof(int)),
        *sdsp = conf_malloc((size_t)p * sizeof(int));
    int *rcnt = conf_malloc((size_t)p * sizeof(int)),
        *rdsp = conf_malloc((size_t)p * sizeof(int));
    int st = 0, rt = 0;
    for (int q = 0; q < p; q++) {
        scnt[q] = n + q;
        sdsp[q] = st;
        st += scnt[q] + 1;
        rcnt[q] = n + r;
        rdsp[q] = rt;
        rt += rcnt[q] + 2;
    }
    int *sb = conf_malloc((size_t)st * sizeof(int)),
        *rb = conf_malloc((size_t)rt * sizeof(int));
    for (int q = 0; q < p; q++)
        for (int i = 0; i < scnt[q]; i++)
            sb[sdsp[q] + i] = val(r, q, i);
    MPI_OK(MPI_Alltoallv(sb, scnt, sdsp, MPI_INT, rb, rcnt, rdsp, MPI_INT,
                         MPI_COMM_WORLD));
    for (int q = 0; q < p; q++)
        for (int i = 0; i < rcnt[q]; i++)
            CHECK(rb[rdsp[q] + i] == val(q, r, i), "Alltoallv n=%d from %d", n,
                  q);
    CONF_FREE(scnt, sdsp, rcnt, rdsp, sb, rb, cnt, dsp, all, mine);
}

/* Count 0 everywhere: every call succeeds and leaves the buffers alone
 * (the runtime returns without a message, docs/runtime.md). */
static void test_empty(void)
{
    int sb[2] = {7, 7}, rb[2] = {9, 9};
    for (int root = 0; root < conf_size; root++) {
        MPI_OK(MPI_Bcast(rb, 0, MPI_INT, root, MPI_COMM_WORLD));
        MPI_OK(
            MPI_Scatter(sb, 0, MPI_INT, rb, 0, MPI_INT, root, MPI_COMM_WORLD));
        MPI_OK(
            MPI_Gather(sb, 0, MPI_INT, rb, 0, MPI_INT, root, MPI_COMM_WORLD));
    }
    MPI_OK(MPI_Allgather(sb, 0, MPI_INT, rb, 0, MPI_INT, MPI_COMM_WORLD));
    MPI_OK(MPI_Alltoall(sb, 0, MPI_INT, rb, 0, MPI_INT, MPI_COMM_WORLD));
    int *zero = conf_malloc(2 * (size_t)conf_size * sizeof(int));
    memset(zero, 0, 2 * (size_t)conf_size * sizeof(int));
    MPI_OK(MPI_Alltoallv(sb, zero, zero + conf_size, MPI_INT, rb, zero,
                         zero + conf_size, MPI_INT, MPI_COMM_WORLD));
    MPI_OK(MPI_Alltoallv(MPI_IN_PLACE, NULL, NULL, MPI_DATATYPE_NULL, rb, zero,
                         zero + conf_size, MPI_INT, MPI_COMM_WORLD));
    MPI_Datatype *ints = conf_malloc((size_t)conf_size * sizeof *ints);
    for (int i = 0; i < conf_size; i++)
        ints[i] = MPI_INT;
    MPI_OK(MPI_Alltoallw(sb, zero, zero + conf_size, ints, rb, zero,
                         zero + conf_size, ints, MPI_COMM_WORLD));
    CONF_FREE(zero, ints);
    CHECK(sb[0] == 7 && sb[1] == 7 && rb[0] == 9 && rb[1] == 9,
          "empty collectives changed a buffer");
}

/* Whether rank a sends rank b a block in the sparse Alltoallv: only when
 * a < b, so rank 0 receives nothing and nothing goes to oneself, and from
 * p = 3 on the last rank has no block at all while the others exchange. */
static int sparse_block(int a, int b)
{
    return a < b && (conf_size < 3 || b != conf_size - 1);
}

/* One sparse exchange: Alltoallv, Ialltoallv or Alltoallw (displacements
 * in bytes, every type MPI_INT). */
static void sparse_exchange(int round, const int *sb, const int *scnt,
                            const int *dsp, int *rb, const int *rcnt,
                            const int *bdsp, const MPI_Datatype *ints)
{
    MPI_Request req;
    if (round == 0)
        MPI_OK(MPI_Alltoallv(sb, scnt, dsp, MPI_INT, rb, rcnt, dsp, MPI_INT,
                             MPI_COMM_WORLD));
    else if (round == 1) {
        MPI_OK(MPI_Ialltoallv(sb, scnt, dsp, MPI_INT, rb, rcnt, dsp, MPI_INT,
                              MPI_COMM_WORLD, &req));
        MPI_OK(MPI_Wait(&req, MPI_STATUS_IGNORE));
    } else
        MPI_OK(MPI_Alltoallw(sb, scnt, bdsp, ints, rb, rcnt, bdsp, ints,
                             MPI_COMM_WORLD));
}

/* A sparse Alltoallv, Ialltoallv and Alltoallw; blocks that get nothing
 * keep -2. */
static void test_alltoallv_sparse(int n)
{
    static const char *const names[] = {"Alltoallv", "Ialltoallv", "Alltoallw"};
    int p = conf_size, r = conf_rank;
    int *cnt = conf_malloc(4 * (size_t)p * sizeof(int));
    int *scnt = cnt, *rcnt = cnt + p, *dsp = cnt + 2 * p, *bdsp = cnt + 3 * p;
    MPI_Datatype *ints = conf_malloc((size_t)p * sizeof *ints);
    int *sb = conf_malloc((size_t)n * p * sizeof(int)),
        *rb = conf_malloc((size_t)n * p * sizeof(int));
    for (int q = 0; q < p; q++) {
        scnt[q] = sparse_block(r, q) ? n : 0;
        rcnt[q] = sparse_block(q, r) ? n : 0;
        dsp[q] = q * n;
        bdsp[q] = q * n * (int)sizeof(int);
        ints[q] = MPI_INT;
        for (int i = 0; i < n; i++)
            sb[q * n + i] = val(r, q, i);
    }
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < n * p; i++)
            rb[i] = -2;
        sparse_exchange(round, sb, scnt, dsp, rb, rcnt, bdsp, ints);
        for (int q = 0; q < p; q++)
            for (int i = 0; i < n; i++)
                CHECK(rb[q * n + i] == (sparse_block(q, r) ? val(q, r, i) : -2),
                      "sparse %s n=%d from %d element %d", names[round], n, q,
                      i);
    }
    CONF_FREE(cnt, ints, sb, rb);
}

/* Alltoallw: the block between ranks i and j holds n ints when i + j is
 * even, n doubles when odd, at byte displacements of 8n per block; then
 * Ialltoallw, and MPI_IN_PLACE with ints. */
static void test_alltoallw(int n)
{
    int p = conf_size, r = conf_rank;
    size_t span = (size_t)n * 8;
    char *out = conf_malloc(span * (size_t)p), *in = conf_malloc(span * p);
    int *counts = conf_malloc(2 * (size_t)p * sizeof *counts);
    int *displs = counts + p;
    MPI_Datatype *types = conf_malloc((size_t)p * sizeof *types);
    for (int j = 0; j < p; j++) {
        counts[j] = n;
        displs[j] = (int)(span * (size_t)j);
        types[j] = (r + j) % 2 ? MPI_DOUBLE : MPI_INT;
        for (int k = 0; k < n; k++) {
            if (types[j] == MPI_INT)
                ((int *)(out + displs[j]))[k] = val(r, j, k);
            else
                ((double *)(out + displs[j]))[k] = val(r, j, k) + 0.5;
        }
    }
    for (int round = 0; round < 2; round++) {
        memset(in, 0, span * (size_t)p);
        MPI_Request req;
        if (round == 0)
            MPI_OK(MPI_Alltoallw(out, counts, displs, types, in, counts, displs,
                                 types, MPI_COMM_WORLD));
        else
            MPI_OK(MPI_Ialltoallw(out, counts, displs, types, in, counts,
                                  displs, types, MPI_COMM_WORLD, &req));
        if (round == 1)
            MPI_OK(MPI_Wait(&req, MPI_STATUS_IGNORE));
        for (int i = 0; i < p; i++)
            for (int k = 0; k < n; k++)
                CHECK(types[i] == MPI_INT
                          ? ((int *)(in + displs[i]))[k] == val(i, r, k)
                          : ((double *)(in + displs[i]))[k] ==
                                val(i, r, k) + 0.5,
                      "Alltoallw%s n=%d from %d element %d",
                      round ? " (nonblocking)" : "", n, i, k);
    }
    for (int j = 0; j < p; j++) {
        types[j] = MPI_INT;
        for (int k = 0; k < n; k++)
            ((int *)(in + displs[j]))[k] = val(r, j, k);
    }
    MPI_OK(MPI_Alltoallw(MPI_IN_PLACE, NULL, NULL, NULL, in, counts, displs,
                         types, MPI_COMM_WORLD));
    for (int i = 0; i < p; i++)
        for (int k = 0; k < n; k++)
            CHECK(((int *)(in + displs[i]))[k] == val(i, r, k),
                  "Alltoallw in place n=%d from %d element %d", n, i, k);
    CONF_FREE(out, in, counts, types);
}

int main(int argc, char **argv)
{
    conf_init(&argc, &argv);
    MPI_OK(MPI_Barrier(MPI_COMM_WORLD));
    static const int counts[] = {1, 3, 300, 5000, 70000};
    for (int k = 0; k < 5; k++) {
        int n = counts[k];
        test_bcast(n);
        if (n <= 5000 || conf_size <= 4) {
            test_scatter_gather(n);
            test_scatter_gather_strided(n);
            test_allgather_alltoall(n);
        }
        test_v(n > 5000 ? 5000 : n);
        test_alltoallw(n > 5000 ? 5000 : n);
        test_alltoallv_sparse(n > 5000 ? 5000 : n);
        MPI_OK(MPI_Barrier(MPI_COMM_WORLD));
    }
    test_empty();
    MPI_OK(MPI_Barrier(MPI_COMM_WORLD));
    return conf_finish("conf_coll");
}
