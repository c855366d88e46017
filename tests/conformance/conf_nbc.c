/*
 * Nonblocking collectives against their blocking twins: every MPI_I<coll>
 * of MPI-3 (Ibarrier, Ibcast, Ireduce, Iallreduce, Igather(v),
 * Iscatter(v), Iallgather(v), Ialltoall(v), Ireduce_scatter(_block),
 * Iscan, Iexscan) started together so that all are outstanding at once,
 * overlapping point-to-point traffic on the same communicator, completed
 * by MPI_Test loops or by MPI_Waitall over the requests in reverse order;
 * then the blocking call on the same input must give the same bytes.  Each
 * round runs on ints with MPI_SUM, on a derived type (a 2x2 matrix of
 * unsigned) with a user-defined non-commutative operation (matrix product)
 * and on a strided vector type (data movement only), short and long (so
 * that both algorithms of each collective run), with and without
 * MPI_IN_PLACE where the call accepts it.
 */
#include "conf.h"

/* One round: the element type, its extent, the operation (MPI_OP_NULL:
 * data movement only), elements per block, MPI_IN_PLACE or not. */
struct cfg {
    MPI_Datatype type;
    size_t ext;
    MPI_Op op;
    int n, inplace;
};

/* Per-rank counts and displacements (in elements) of the v-variants. */
static int *cnt, *dsp, *scnt, *sdsp;

/* MPI_I<name> with a request, else the blocking MPI_<name>. */
#define CALL(req, iname, name, ...) \
    ((req) ? MPI_##iname(__VA_ARGS__, (req)) : MPI_##name(__VA_ARGS__))
#define W MPI_COMM_WORLD

/* A case starts (req) or runs (req NULL) one collective from in into
 * out; under MPI_IN_PLACE out holds the input. */
typedef int case_fn(const struct cfg *c, char *in, char *out, MPI_Request *req);

static const void *src(const struct cfg *c, const char *in)
{
    return c->inplace ? MPI_IN_PLACE : in;
}

static int c_barrier(const struct cfg *c, char *in, char *out, MPI_Request *req)
{
    (void)c, (void)in, (void)out;
    return req ? MPI_Ibarrier(W, req) : MPI_Barrier(W);
}

static int c_bcast(const struct cfg *c, char *in, char *out, MPI_Request *req)
{
    int root = 1 % conf_size;
    if (conf_rank == root)
        memcpy(out, in, (size_t)c->n * c->ext);
    return CALL(req, Ibcast, Bcast, out, c->n, c->type, root, W);
}

static int c_reduce(const struct cfg *c, char *in, char *out, MPI_Request *req)
{
    /* MPICH 4.0 fails MPI_IN_PLACE at non-zero roots (docs/runtime.md) */
    int root = c->inplace ? 0 : conf_size - 1;
    const void *s = c->inplace && conf_rank != 0 ? in : src(c, in);
    return CALL(req, Ireduce, Reduce, s, out, c->n, c->type, c->op, root, W);
}

static int c_allreduce(const struct cfg *c, char *in, char *out,
                       MPI_Request *req)
{
    return CALL(req, Iallreduce, Allreduce, src(c, in), out, c->n, c->type,
                c->op, W);
}

static int c_gather(const struct cfg *c, char *in, char *out, MPI_Request *req)
{
    int root = conf_size - 1;
    const void *s = conf_rank == root ? src(c, in) : in;
    return CALL(req, Igather, Gather, s, c->n, c->type, out, c->n, c->type,
                root, W);
}

static int c_gatherv(const struct cfg *c, char *in, char *out, MPI_Request *req)
{
    return CALL(req, Igatherv, Gatherv, in, cnt[conf_rank], c->type, out, cnt,
                dsp, c->type, 0, W);
}

static int c_scatter(const struct cfg *c, char *in, char *out, MPI_Request *req)
{
    void *r = conf_rank == 0 && c->inplace ? MPI_IN_PLACE : out;
    const void *s = conf_rank == 0 && c->inplace ? out : in;
    return CALL(req, Iscatter, Scatter, s, c->n, c->type, r, c->n, c->type, 0,
                W);
}

static int c_scatterv(const struct cfg *c, char *in, char *out,
                      MPI_Request *req)
{
    return CALL(req, Iscatterv, Scatterv, in, cnt, dsp, c->type, out,
                cnt[conf_rank], c->type, conf_size / 2, W);
}

static int c_allgather(const struct cfg *c, char *in, char *out,
                       MPI_Request *req)
{
    return CALL(req, Iallgather, Allgather, src(c, in), c->n, c->type, out,
                c->n, c->type, W);
}

static int c_allgatherv(const struct cfg *c, char *in, char *out,
                        MPI_Request *req)
{
    return CALL(req, Iallgatherv, Allgatherv, src(c, in), cnt[conf_rank],
                c->type, out, cnt, dsp, c->type, W);
}

static int c_alltoall(const struct cfg *c, char *in, char *out,
                      MPI_Request *req)
{
    return CALL(req, Ialltoall, Alltoall, src(c, in), c->n, c->type, out, c->n,
                c->type, W);
}

static int c_alltoallv(const struct cfg *c, char *in, char *out,
                       MPI_Request *req)
{
    return CALL(req, Ialltoallv, Alltoallv, src(c, in), scnt, sdsp, c->type,
                out, scnt, sdsp, c->type, W);
}

static int c_reduce_scatter(const struct cfg *c, char *in, char *out,
                            MPI_Request *req)
{
    return CALL(req, Ireduce_scatter, Reduce_scatter, src(c, in), out, cnt,
                c->type, c->op, W);
}

static int c_reduce_scatter_block(const struct cfg *c, char *in, char *out,
                                  MPI_Request *req)
{
    return CALL(req, Ireduce_scatter_block, Reduce_scatter_block, src(c, in),
                out, c->n, c->type, c->op, W);
}

static int c_scan(const struct cfg *c, char *in, char *out, MPI_Request *req)
{
    return CALL(req, Iscan, Scan, src(c, in), out, c->n, c->type, c->op, W);
}

static int c_exscan(const struct cfg *c, char *in, char *out, MPI_Request *req)
{
    return CALL(req, Iexscan, Exscan, src(c, in), out, c->n, c->type, c->op, W);
}

/* What of the output buffer the standard defines, so that both runs must
 * agree on it: all of it; nothing at rank 0 (Exscan); only the first
 * cnt[rank] or n elements (Reduce_scatter(_block): under MPI_IN_PLACE
 * the rest of the buffer is the library's scratch space). */
enum { CMP_ALL, CMP_NOT_AT_0, CMP_OWN, CMP_N };

/* reduce: needs an operation; inplace: accepts MPI_IN_PLACE here. */
static const struct {
    const char *name;
    case_fn *fn;
    int reduce, inplace, cmp;
} cases[] = {
    {"Ibarrier", c_barrier, 0, 1, 0},
    {"Ibcast", c_bcast, 0, 0, 0},
    {"Ireduce", c_reduce, 1, 1, 0},
    {"Iallreduce", c_allreduce, 1, 1, 0},
    {"Igather", c_gather, 0, 1, 0},
    {"Igatherv", c_gatherv, 0, 0, 0},
    {"Iscatter", c_scatter, 0, 1, 0},
    {"Iscatterv", c_scatterv, 0, 0, 0},
    {"Iallgather", c_allgather, 0, 1, 0},
    {"Iallgatherv", c_allgatherv, 0, 1, 0},
    {"Ialltoall", c_alltoall, 0, 1, 0},
    {"Ialltoallv", c_alltoallv, 0, 1, 0},
    {"Ireduce_scatter", c_reduce_scatter, 1, 1, CMP_OWN},
    {"Ireduce_scatter_block", c_reduce_scatter_block, 1, 1, CMP_N},
    {"Iscan", c_scan, 1, 1, 0},
    {"Iexscan", c_exscan, 1, 1, CMP_NOT_AT_0},
};
#define NCASES ((int)(sizeof cases / sizeof cases[0]))

/* 2x2 matrices of unsigned, row-major: inout = in * inout, associative and
 * not commutative, so any reordering of operands shows. */
static void matmul(void *invec, void *inoutvec, int *len, MPI_Datatype *type)
{
    (void)type;
    const unsigned *a = invec;
    unsigned *b = inoutvec;
    for (int k = 0; k < *len; k++, a += 4, b += 4) {
        unsigned r[4] = {a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
                         a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3]};
        memcpy(b, r, sizeof r);
    }
}

static void set_counts(int n)
{
    int p = conf_size;
    for (int i = 0; i < p; i++) {
        cnt[i] = n - i % 2;
        dsp[i] = (p - 1 - i) * n; /* blocks in reverse order */
        scnt[i] = n - (conf_rank + i) % 2;
        sdsp[i] = i * n;
    }
}

/* Point-to-point traffic on the same communicator around a ring while the
 * collectives are pending: a receive of any tag must never take a
 * collective's message. */
struct ring {
    int out[64], in[64];
    MPI_Request req[2];
};

static void ring_start(struct ring *g, int round)
{
    int p = conf_size, left = (conf_rank - 1 + p) % p;
    for (int i = 0; i < 64; i++)
        g->out[i] = conf_rank * 1000 + round + i;
    MPI_OK(MPI_Irecv(g->in, 64, MPI_INT, left, MPI_ANY_TAG, W, &g->req[0]));
    MPI_OK(
        MPI_Isend(g->out, 64, MPI_INT, (conf_rank + 1) % p, 7, W, &g->req[1]));
}

static void ring_finish(struct ring *g, int round)
{
    MPI_Status st[2];
    MPI_OK(MPI_Waitall(2, g->req, st));
    int left = (conf_rank - 1 + conf_size) % conf_size;
    CHECK(st[0].MPI_TAG == 7, "ring message has tag %d", st[0].MPI_TAG);
    for (int i = 0; i < 64; i++)
        CHECK(g->in[i] == left * 1000 + round + i, "ring element %d", i);
}

/* Completion: MPI_Test on each request until all are done, or MPI_Waitall
 * over the requests in reverse order. */
static void complete(MPI_Request *reqs, int n, int by_test)
{
    if (!by_test) {
        MPI_Request rev[NCASES];
        for (int i = 0; i < n; i++)
            rev[i] = reqs[n - 1 - i];
        MPI_OK(MPI_Waitall(n, rev, MPI_STATUSES_IGNORE));
        for (int i = 0; i < n; i++)
            CHECK(rev[i] == MPI_REQUEST_NULL, "Waitall left request %d", i);
        return;
    }
    for (int left = n; left > 0;) {
        left = 0;
        for (int i = 0; i < n; i++) {
            int flag = 1;
            if (reqs[i] != MPI_REQUEST_NULL)
                MPI_OK(MPI_Test(&reqs[i], &flag, MPI_STATUS_IGNORE));
            left += !flag;
        }
    }
}

static void fill_input(char *in, size_t bytes, int salt)
{
    unsigned *u = (unsigned *)(void *)in;
    for (size_t i = 0; i < bytes / sizeof *u; i++)
        u[i] = (unsigned)(conf_rank * 131 + (int)i * 7 + salt) % 1000u;
}

/* The bytes of the output both runs must agree on (cases[k].cmp). */
static size_t compared(int k, const struct cfg *c, size_t bytes)
{
    switch (cases[k].cmp) {
    case CMP_NOT_AT_0: return conf_rank == 0 ? 0 : bytes;
    case CMP_OWN: return (size_t)cnt[conf_rank] * c->ext;
    case CMP_N: return (size_t)c->n * c->ext;
    default: return bytes;
    }
}

static void round_run(const struct cfg *c, int round)
{
    size_t bytes = (size_t)conf_size * (size_t)c->n * c->ext;
    char *in[NCASES], *nb[NCASES];
    char *bl = conf_malloc(bytes);
    int act[NCASES], na = 0;
    for (int k = 0; k < NCASES; k++) {
        act[k] = (!cases[k].reduce || c->op != MPI_OP_NULL) &&
                 (!c->inplace || cases[k].inplace);
        in[k] = nb[k] = NULL;
        if (!act[k])
            continue;
        in[k] = conf_malloc(bytes);
        nb[k] = conf_malloc(bytes);
        fill_input(in[k], bytes, k);
        if (c->inplace)
            memcpy(nb[k], in[k], bytes);
        else
            memset(nb[k], 0xee, bytes);
    }
    struct ring g;
    ring_start(&g, round);
    MPI_Request reqs[NCASES];
    for (int k = 0; k < NCASES; k++)
        if (act[k])
            MPI_OK(cases[k].fn(c, in[k], nb[k], &reqs[na++]));
    if (round % 2)
        ring_finish(&g, round); /* while the collectives are pending */
    complete(reqs, na, round % 2);
    if (round % 2 == 0)
        ring_finish(&g, round);
    for (int k = 0; k < NCASES; k++) {
        if (!act[k])
            continue;
        if (c->inplace)
            memcpy(bl, in[k], bytes);
        else
            memset(bl, 0xee, bytes);
        MPI_OK(cases[k].fn(c, in[k], bl, NULL));
        CHECK(memcmp(bl, nb[k], compared(k, c, bytes)) == 0,
              "%s n=%d ext=%zu in-place=%d differs from the blocking call",
              cases[k].name, c->n, c->ext, c->inplace);
        CONF_FREE(in[k], nb[k]);
    }
    free(bl);
}

int main(int argc, char **argv)
{
    conf_init(&argc, &argv);
    int p = conf_size;
    cnt = conf_malloc((size_t)p * sizeof(int));
    dsp = conf_malloc((size_t)p * sizeof(int));
    scnt = conf_malloc((size_t)p * sizeof(int));
    sdsp = conf_malloc((size_t)p * sizeof(int));
    MPI_Datatype mat, strided;
    MPI_OK(MPI_Type_contiguous(4, MPI_UNSIGNED, &mat));
    MPI_OK(MPI_Type_commit(&mat));
    /* ints 0 and 2 of every three (extent 3 ints): a hole in each element */
    MPI_OK(MPI_Type_vector(2, 1, 2, MPI_INT, &strided));
    MPI_OK(MPI_Type_commit(&strided));
    MPI_Op mop;
    MPI_OK(MPI_Op_create(matmul, 0, &mop));
    /* long ints: 64 KiB, the largest of the runtime's switches to its
     * long-message algorithms; the other types long enough for pairwise
     * all-to-all and the packing paths, short enough to keep the test fast
     * on oversubscribed cores.  Even rounds complete by Waitall, odd ones
     * by Test loops (which do not yield the CPU): the long rounds even. */
    const struct cfg cfgs[] = {
        {MPI_INT, sizeof(int), MPI_SUM, 3, 0},
        {MPI_INT, sizeof(int), MPI_SUM, 3, 1},
        {MPI_INT, sizeof(int), MPI_SUM, 16384, 0},
        {mat, 4 * sizeof(unsigned), mop, 2, 0},
        {MPI_INT, sizeof(int), MPI_SUM, 16384, 1},
        {mat, 4 * sizeof(unsigned), mop, 2, 1},
        {mat, 4 * sizeof(unsigned), mop, 300, 0},
        {strided, 3 * sizeof(int), MPI_OP_NULL, 5, 0},
        {strided, 3 * sizeof(int), MPI_OP_NULL, 600, 0},
    };
    for (int i = 0; i < (int)(sizeof cfgs / sizeof cfgs[0]); i++) {
        set_counts(cfgs[i].n);
        round_run(&cfgs[i], i);
    }
    MPI_OK(MPI_Op_free(&mop));
    MPI_OK(MPI_Type_free(&mat));
    MPI_OK(MPI_Type_free(&strided));
    CONF_FREE(cnt, dsp, scnt, sdsp);
    return conf_finish("conf_nbc");
}
