/*
 * Barrier and the rooted data-movement collectives, as schedules
 * (coll_sched.h): each builder serves the blocking call and its
 * nonblocking twin (MPI_Ibarrier, MPI_Ibcast, ...).
 *
 * Barrier: dissemination, ceil(log2 p) rounds of zero-byte messages.
 * Bcast: binomial tree below MPCHAR_RT_BCAST_LONG bytes (log p latency);
 * above it, from MPCHAR_RT_BCAST_MIN_PROCS processes, van de Geijn's
 * binomial scatter + ring allgather (2n(p-1)/p bytes per process; at p = 2
 * that is one send's bytes in two steps).  Scatter and Gather: binomial
 * trees (log p steps, n(p-1)/p bytes at the root) that pack blocks only
 * where a message carries several and the user's layout does not already
 * hold them in one piece: at p = 2 one message between the user buffers
 * and the root's local copy, overlapped.  Scatterv/Gatherv: the
 * root posts one nonblocking transfer per process (counts differ, so no
 * tree helps the root's bandwidth term).  Trees run over ranks relative to
 * the root.
 */
#include "coll.h"

#include <stdlib.h>
#include <string.h>

static int build_Barrier(struct sched *s, MPI_Comm comm)
{
    int rc = mpchar__check_comm(comm);
    int p = rc == MPI_SUCCESS ? comm->size : 0, r = p ? comm->rank : 0;
    for (int k = 1; rc == MPI_SUCCESS && k < p; k <<= 1)
        rc = mpchar__sched_sendrecv(s, NULL, 0, MPI_BYTE, (r + k) % p, NULL, 0,
                                    MPI_BYTE, (r - k + p) % p);
    return rc;
}
MPCHAR_COLL_PAIR(Barrier, Ibarrier, TAG_BARRIER, (comm), MPI_Comm comm)

int mpchar__barrier(MPI_Comm comm)
{
    struct sched s;
    mpchar__sched_begin(&s, comm, TAG_BARRIER, 0);
    int rc = build_Barrier(&s, comm);
    int rc_end = mpchar__sched_end(&s);
    return rc != MPI_SUCCESS ? rc : rc_end;
}

/* Byte range of blocks [a, b) when bytes are cut in p blocks of chunk. */
static void block_range(size_t bytes, size_t chunk, int a, int b, size_t *off,
                        size_t *len)
{
    size_t lo = (size_t)a * chunk, hi = (size_t)b * chunk;
    if (lo > bytes)
        lo = bytes;
    if (hi > bytes)
        hi = bytes;
    *off = lo;
    *len = hi - lo;
}

static int bcast_binomial(struct sched *s, char *buf, size_t bytes, int root)
{
    MPI_Comm comm = s->comm;
    int p = comm->size, vr = (comm->rank - root + p) % p, mask = 1,
        rc = MPI_SUCCESS;
    while (mask < p) {
        if (vr & mask) {
            rc = mpchar__sched_recv(s, buf, (int)bytes, MPI_BYTE,
                                    (vr - mask + root) % p);
            break;
        }
        mask <<= 1;
    }
    for (mask >>= 1; rc == MPI_SUCCESS && mask > 0; mask >>= 1)
        if (vr + mask < p)
            rc = mpchar__sched_send(s, buf, (int)bytes, MPI_BYTE,
                                    (vr + mask + root) % p);
    return rc;
}

/* Binomial scatter of p blocks of chunk bytes, relative to root; each
 * process ends holding its own block. */
static int scatter_blocks(struct sched *s, char *buf, size_t bytes,
                          size_t chunk, int root)
{
    MPI_Comm comm = s->comm;
    int p = comm->size, vr = (comm->rank - root + p) % p, mask = 1,
        rc = MPI_SUCCESS;
    size_t off, len;
    while (mask < p) {
        if (vr & mask) {
            block_range(bytes, chunk, vr, vr + mask < p ? vr + mask : p, &off,
                        &len);
            rc = mpchar__sched_recv(s, buf + off, (int)len, MPI_BYTE,
                                    (vr - mask + root) % p);
            break;
        }
        mask <<= 1;
    }
    for (mask >>= 1; rc == MPI_SUCCESS && mask > 0; mask >>= 1) {
        if (vr + mask >= p)
            continue;
        int end = vr + 2 * mask < p ? vr + 2 * mask : p;
        block_range(bytes, chunk, vr + mask, end, &off, &len);
        rc = mpchar__sched_send(s, buf + off, (int)len, MPI_BYTE,
                                (vr + mask + root) % p);
    }
    return rc;
}

static int bcast_scatter_allgather(struct sched *s, char *buf, size_t bytes,
                                   int root)
{
    MPI_Comm comm = s->comm;
    int p = comm->size, vr = (comm->rank - root + p) % p;
    size_t chunk = (bytes + (size_t)p - 1) / (size_t)p;
    int rc = scatter_blocks(s, buf, bytes, chunk, root);
    int right = (comm->rank + 1) % p, left = (comm->rank - 1 + p) % p;
    for (int k = 0; rc == MPI_SUCCESS && k < p - 1; k++) {
        int sb = (vr - k + p) % p, rb = (vr - k - 1 + p) % p;
        size_t soff, slen, roff, rlen;
        block_range(bytes, chunk, sb, sb + 1, &soff, &slen);
        block_range(bytes, chunk, rb, rb + 1, &roff, &rlen);
        rc = mpchar__sched_sendrecv(s, buf + soff, (int)slen, MPI_BYTE, right,
                                    buf + roff, (int)rlen, MPI_BYTE, left);
    }
    return rc;
}

static int build_Bcast(struct sched *s, void *buffer, int count,
                       MPI_Datatype datatype, int root, MPI_Comm comm)
{
    int rc = mpchar__coll_check_rooted(comm, count, datatype, root);
    if (rc != MPI_SUCCESS)
        return rc;
    size_t bytes = (size_t)count * datatype->size;
    if (comm->size == 1 || bytes == 0)
        return MPI_SUCCESS;
    char *pb = buffer;
    if (!datatype->contig) {
        pb = mpchar__sched_alloc(s, bytes);
        if (comm->rank == root)
            mpchar__sched_pack(s, buffer, count, datatype, pb);
    }
    if (bytes < mpchar__cfg.bcast_long || bytes < (size_t)comm->size ||
        (size_t)comm->size < mpchar__cfg.bcast_min_procs)
        rc = bcast_binomial(s, pb, bytes, root);
    else
        rc = bcast_scatter_allgather(s, pb, bytes, root);
    if (pb != buffer && comm->rank != root)
        mpchar__sched_unpack(s, pb, bytes, count, datatype, buffer);
    return rc;
}
MPCHAR_COLL_PAIR_EMPTY(Bcast, Ibcast, TAG_BCAST,
                       count == 0 &&
                           mpchar__coll_check_rooted(comm, count, datatype,
                                                     root) == MPI_SUCCESS,
                       (buffer, count, datatype, root, comm), void *buffer,
                       int count, MPI_Datatype datatype, int root,
                       MPI_Comm comm)

/* ---- Scatter / Gather: binomial trees over relative ranks ---- */

/* The blocks of Scatter and Gather: p blocks of blk bytes, block i for
 * relative rank i (rank (i + root) % p).  Relative rank vr holds the
 * blocks of its subtree, [vr, vr + subtree(vr)). */
struct blocks {
    size_t blk;
    int p, vr, is_root, root;
};

/* The arguments of MPI_Scatter and MPI_Gather. */
struct blocks_args {
    const void *sendbuf;
    int sendcount;
    MPI_Datatype sendtype;
    void *recvbuf;
    int recvcount;
    MPI_Datatype recvtype;
};

static int subtree(int vr, int p)
{
    int low = vr & -vr;
    return vr == 0 ? p : (low < p - vr ? low : p - vr);
}

/* A child's blocks [c, c + n) in the root's own buffer (count elements of
 * type per block, extent ext), when they lie there in one piece of the
 * type's layout: a contiguous type and blocks that do not wrap round the
 * end; else NULL. */
static char *root_span(const struct blocks *b, const void *buf, int count,
                       MPI_Datatype type, int c, int n)
{
    int first = (c + b->root) % b->p;
    if (!type->contig || first + n > b->p)
        return NULL;
    return (char *)(uintptr_t)buf + type->extent * count * first;
}

/* The root's transfer with the child at relative rank c, which holds n
 * blocks (count elements of type each in the root's buf): straight from
 * or into buf where root_span allows (at p = 2 always), else through the
 * packed temporary *tmp_p (packed first for a send, unpacked by the
 * caller after a receive). */
static int root_child(struct sched *s, const struct blocks *b, int send,
                      const void *buf, int count, MPI_Datatype type,
                      char **tmp_p, int c)
{
    int p = b->p, n = subtree(c, p), peer = (c + b->root) % p;
    char *span = root_span(b, buf, count, type, c, n);
    if (span && send)
        return mpchar__sched_post_send(s, span, count * n, type, peer);
    if (span)
        return mpchar__sched_post_recv(s, span, count * n, type, peer);
    size_t blk = b->blk;
    if (!*tmp_p)
        *tmp_p = mpchar__sched_alloc(s, blk * (size_t)p + 1);
    char *at = *tmp_p + blk * (size_t)c;
    if (!send)
        return mpchar__sched_post_recv(s, at, (int)(blk * (size_t)n), MPI_BYTE,
                                       peer);
    MPI_Aint ext = type->extent * count;
    for (int i = c; i < c + n; i++)
        mpchar__sched_pack(s, (const char *)buf + ext * ((i + b->root) % p),
                           count, type, *tmp_p + blk * (size_t)i);
    return mpchar__sched_post_send(s, at, (int)(blk * (size_t)n), MPI_BYTE,
                                   peer);
}

/* Scatter at the root: one transfer per child (largest subtree first);
 * the own block is copied while they are in flight. */
static int scatter_root(struct sched *s, const struct blocks *b,
                        const struct blocks_args *a)
{
    int p = b->p, rc = MPI_SUCCESS;
    char *tmp = NULL;
    for (int mask = mpchar__pof2(p - 1); rc == MPI_SUCCESS && mask > 0;
         mask >>= 1)
        if (mask < p)
            rc = root_child(s, b, 1, a->sendbuf, a->sendcount, a->sendtype,
                            &tmp, mask);
    if (rc == MPI_SUCCESS && a->recvbuf != MPI_IN_PLACE)
        mpchar__sched_copy(s,
                           (const char *)a->sendbuf +
                               a->sendtype->extent * a->sendcount * b->root,
                           a->sendcount, a->sendtype, a->recvbuf, a->recvcount,
                           a->recvtype);
    return rc == MPI_SUCCESS ? mpchar__sched_wait(s) : rc;
}

/* Scatter below the root: a leaf receives its block straight into
 * recvbuf; an inner node receives its subtree's blocks packed and passes
 * its children theirs. */
static int scatter_run(struct sched *s, const struct blocks *b,
                       const struct blocks_args *a)
{
    if (b->is_root)
        return scatter_root(s, b, a);
    int p = b->p, vr = b->vr, root = b->root, sub = subtree(vr, p);
    int parent = (vr - (vr & -vr) + root) % p;
    if (sub == 1)
        return mpchar__sched_recv(s, a->recvbuf, a->recvcount, a->recvtype,
                                  parent);
    size_t blk = b->blk;
    char *tmp = mpchar__sched_alloc(s, blk * (size_t)sub);
    int rc =
        mpchar__sched_recv(s, tmp, (int)(blk * (size_t)sub), MPI_BYTE, parent);
    for (int mask = (vr & -vr) >> 1; rc == MPI_SUCCESS && mask > 0; mask >>= 1)
        if (vr + mask < p)
            rc = mpchar__sched_post_send(
                s, tmp + blk * (size_t)mask,
                (int)(blk * (size_t)subtree(vr + mask, p)), MPI_BYTE,
                (vr + mask + root) % p);
    if (rc != MPI_SUCCESS)
        return rc;
    mpchar__sched_unpack(s, tmp, blk, a->recvcount, a->recvtype, a->recvbuf);
    return mpchar__sched_wait(s);
}

/* Gather at the root: one transfer per child; the own block is copied
 * while they are in flight, and blocks that came packed are unpacked. */
static int gather_root(struct sched *s, const struct blocks *b,
                       const struct blocks_args *a)
{
    int p = b->p, root = b->root, rc = MPI_SUCCESS;
    size_t blk = b->blk;
    MPI_Aint ext = a->recvtype->extent * a->recvcount;
    char *tmp = NULL;
    for (int mask = 1; rc == MPI_SUCCESS && mask < p; mask <<= 1)
        rc = root_child(s, b, 0, a->recvbuf, a->recvcount, a->recvtype, &tmp,
                        mask);
    if (rc == MPI_SUCCESS && a->sendbuf != MPI_IN_PLACE)
        mpchar__sched_copy(s, a->sendbuf, a->sendcount, a->sendtype,
                           (char *)a->recvbuf + ext * root, a->recvcount,
                           a->recvtype);
    if (rc == MPI_SUCCESS)
        rc = mpchar__sched_wait(s);
    for (int mask = 1; rc == MPI_SUCCESS && tmp && mask < p; mask <<= 1) {
        int n = subtree(mask, p);
        if (root_span(b, a->recvbuf, a->recvcount, a->recvtype, mask, n))
            continue; /* received in place */
        for (int i = mask; i < mask + n; i++)
            mpchar__sched_unpack(s, tmp + blk * (size_t)i, blk, a->recvcount,
                                 a->recvtype,
                                 (char *)a->recvbuf + ext * ((i + root) % p));
    }
    return rc;
}

/* Gather below the root: a leaf sends its block straight from sendbuf; an
 * inner node packs its own block and its children's and sends them up as
 * one message. */
static int gather_run(struct sched *s, const struct blocks *b,
                      const struct blocks_args *a)
{
    if (b->is_root)
        return gather_root(s, b, a);
    int p = b->p, vr = b->vr, root = b->root, sub = subtree(vr, p);
    int parent = (vr - (vr & -vr) + root) % p, rc = MPI_SUCCESS;
    if (sub == 1)
        return mpchar__sched_send(s, a->sendbuf, a->sendcount, a->sendtype,
                                  parent);
    size_t blk = b->blk;
    char *tmp = mpchar__sched_alloc(s, blk * (size_t)sub);
    mpchar__sched_pack(s, a->sendbuf, a->sendcount, a->sendtype, tmp);
    for (int mask = 1; rc == MPI_SUCCESS && mask < (vr & -vr); mask <<= 1)
        if (vr + mask < p)
            rc = mpchar__sched_post_recv(
                s, tmp + blk * (size_t)mask,
                (int)(blk * (size_t)subtree(vr + mask, p)), MPI_BYTE,
                (vr + mask + root) % p);
    if (rc == MPI_SUCCESS)
        rc = mpchar__sched_wait(s);
    if (rc == MPI_SUCCESS)
        rc = mpchar__sched_send(s, tmp, (int)(blk * (size_t)sub), MPI_BYTE,
                                parent);
    return rc;
}

/* A block's count and type, the communicator checked already. */
static int check_block(int count, MPI_Datatype type)
{
    return count < 0 ? MPI_ERR_COUNT : mpchar__type_check(type);
}

/* The checks of a Scatter or Gather's arguments on this rank. */
static int blocks_check(int gather, const struct blocks_args *a, int root,
                        MPI_Comm comm)
{
    int rc = mpchar__coll_check_root(comm, root);
    int is_root = rc == MPI_SUCCESS && comm->rank == root;
    const void *own_buf = gather ? a->sendbuf : a->recvbuf;
    if (rc == MPI_SUCCESS && is_root)
        rc = gather ? check_block(a->recvcount, a->recvtype)
                    : check_block(a->sendcount, a->sendtype);
    if (rc == MPI_SUCCESS && !(is_root && own_buf == MPI_IN_PLACE))
        rc = gather ? check_block(a->sendcount, a->sendtype)
                    : check_block(a->recvcount, a->recvtype);
    return rc;
}

/* Scatter (gather 0) and Gather (1): the root's side (Scatter's send,
 * Gather's receive) holds the p blocks, each rank's other side its own
 * block, which the root may give as MPI_IN_PLACE.  Every block has the
 * same size by MPI's rules, so each rank sizes them from its own side. */
static int blocks_build(struct sched *s, int gather,
                        const struct blocks_args *a, int root, MPI_Comm comm)
{
    int root_count = gather ? a->recvcount : a->sendcount;
    int own_count = gather ? a->sendcount : a->recvcount;
    MPI_Datatype root_type = gather ? a->recvtype : a->sendtype;
    MPI_Datatype own_type = gather ? a->sendtype : a->recvtype;
    int rc = blocks_check(gather, a, root, comm);
    if (rc != MPI_SUCCESS)
        return rc;
    struct blocks b = {.is_root = comm->rank == root, .root = root};
    b.blk = b.is_root ? (size_t)root_count * root_type->size
                      : (size_t)own_count * own_type->size;
    if (b.blk == 0)
        return MPI_SUCCESS;
    b.p = comm->size;
    b.vr = (comm->rank - root + b.p) % b.p;
    return gather ? gather_run(s, &b, a) : scatter_run(s, &b, a);
}

/* MPI_Scatter and MPI_Gather take the same arguments: one builder each. */
#define BLOCKS_BUILD(Name, IName, gather)                                     \
    static int build_##Name(struct sched *s, const void *sendbuf,             \
                            int sendcount, MPI_Datatype sendtype,             \
                            void *recvbuf, int recvcount,                     \
                            MPI_Datatype recvtype, int root, MPI_Comm comm)   \
    {                                                                         \
        struct blocks_args a = {sendbuf, sendcount, sendtype,                 \
                                recvbuf, recvcount, recvtype};                \
        return blocks_build(s, gather, &a, root, comm);                       \
    }                                                                         \
    MPCHAR_COLL_PAIR_EMPTY(                                                   \
        Name, IName, gather ? TAG_GATHER : TAG_SCATTER,                       \
        sendcount == 0 && recvcount == 0 &&                                   \
            blocks_check(gather,                                              \
                         &(struct blocks_args){sendbuf, sendcount, sendtype,  \
                                               recvbuf, recvcount, recvtype}, \
                         root, comm) == MPI_SUCCESS,                          \
        (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,    \
         comm),                                                               \
        const void *sendbuf, int sendcount, MPI_Datatype sendtype,            \
        void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,        \
        MPI_Comm comm)
BLOCKS_BUILD(Scatter, Iscatter, 0)
BLOCKS_BUILD(Gather, Igather, 1)
#undef BLOCKS_BUILD

/* ---- Scatterv / Gatherv: the root posts one transfer per process ---- */

/* The root's vector of blocks (Scatterv's send, Gatherv's receive side)
 * and each rank's own block. */
struct vblocks {
    char *buf;
    const int *counts, *displs;
    MPI_Datatype type;
};
struct own_block {
    char *buf;
    int count;
    MPI_Datatype type;
};

/* A rank other than the root makes one transfer with it; the root copies
 * its own block (unless MPI_IN_PLACE) and posts one transfer per other
 * rank in a single round. */
static int root_transfers(struct sched *s, struct vblocks v,
                          struct own_block own, int root, int gather)
{
    MPI_Comm comm = s->comm;
    int rc = mpchar__coll_check_root(comm, root);
    if (rc == MPI_SUCCESS && comm->rank == root)
        rc = mpchar__check_args(comm, 0, v.type);
    if (rc == MPI_SUCCESS && own.buf != MPI_IN_PLACE)
        rc = mpchar__check_args(comm, own.count, own.type);
    if (rc != MPI_SUCCESS)
        return rc;
    int p = comm->size, r = comm->rank;
    if (r != root && gather)
        return mpchar__sched_send(s, own.buf, own.count, own.type, root);
    if (r != root)
        return mpchar__sched_recv(s, own.buf, own.count, own.type, root);
    for (int i = 0; rc == MPI_SUCCESS && i < p; i++) {
        char *blk = v.buf + (MPI_Aint)v.displs[i] * v.type->extent;
        if (i != r)
            rc = gather
                     ? mpchar__sched_post_recv(s, blk, v.counts[i], v.type, i)
                     : mpchar__sched_post_send(s, blk, v.counts[i], v.type, i);
        else if (own.buf != MPI_IN_PLACE && gather)
            mpchar__sched_copy(s, own.buf, own.count, own.type, blk,
                               v.counts[i], v.type);
        else if (own.buf != MPI_IN_PLACE)
            mpchar__sched_copy(s, blk, v.counts[i], v.type, own.buf, own.count,
                               own.type);
    }
    return rc == MPI_SUCCESS ? mpchar__sched_wait(s) : rc;
}

int mpchar__scatterv_build(struct sched *s, const void *sendbuf,
                           const int sendcounts[], const int displs[],
                           MPI_Datatype sendtype, void *recvbuf, int recvcount,
                           MPI_Datatype recvtype, int root)
{
    struct vblocks v = {(char *)(uintptr_t)sendbuf, sendcounts, displs,
                        sendtype};
    struct own_block own = {recvbuf, recvcount, recvtype};
    return root_transfers(s, v, own, root, 0);
}

static int build_Scatterv(struct sched *s, const void *sendbuf,
                          const int sendcounts[], const int displs[],
                          MPI_Datatype sendtype, void *recvbuf, int recvcount,
                          MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    (void)comm; /* the schedule's */
    return mpchar__scatterv_build(s, sendbuf, sendcounts, displs, sendtype,
                                  recvbuf, recvcount, recvtype, root);
}
MPCHAR_COLL_PAIR(Scatterv, Iscatterv, TAG_SCATTER,
                 (sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount,
                  recvtype, root, comm),
                 const void *sendbuf, const int sendcounts[],
                 const int displs[], MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)

static int build_Gatherv(struct sched *s, const void *sendbuf, int sendcount,
                         MPI_Datatype sendtype, void *recvbuf,
                         const int recvcounts[], const int displs[],
                         MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    (void)comm; /* the schedule's */
    struct vblocks v = {recvbuf, recvcounts, displs, recvtype};
    struct own_block own = {(char *)(uintptr_t)sendbuf, sendcount, sendtype};
    return root_transfers(s, v, own, root, 1);
}
MPCHAR_COLL_PAIR(Gatherv, Igatherv, TAG_GATHER,
                 (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                  recvtype, root, comm),
                 const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                 void *recvbuf, const int recvcounts[], const int displs[],
                 MPI_Datatype recvtype, int root, MPI_Comm comm)
