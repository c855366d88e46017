/*
 * Barrier and the rooted data-movement collectives.
 *
 * Barrier: dissemination, ceil(log2 p) rounds of zero-byte messages.
 * Bcast: binomial tree below MPCHAR_RT_BCAST_LONG bytes (log p latency);
 * above it, from MPCHAR_RT_BCAST_MIN_PROCS processes, van de Geijn's
 * binomial scatter + ring allgather (2n(p-1)/p bytes per process; at p = 2
 * that is one send's bytes in two steps).  Scatter and Gather: binomial trees over packed
 * blocks (log p steps, n(p-1)/p bytes at the root).  Scatterv/Gatherv: the
 * root posts one nonblocking transfer per process (counts differ, so no
 * tree helps the root's bandwidth term).  Trees run over ranks relative to
 * the root.
 */
#include "coll.h"

#include <stdlib.h>
#include <string.h>

int mpchar__barrier(MPI_Comm comm)
{
    int p = comm->size, r = comm->rank;
    for (int k = 1; k < p; k <<= 1) {
        int rc =
            mpchar__coll_sendrecv(NULL, 0, MPI_BYTE, (r + k) % p, NULL, 0,
                                  MPI_BYTE, (r - k + p) % p, TAG_BARRIER, comm);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    return MPI_SUCCESS;
}

int PMPI_Barrier(MPI_Comm comm)
{
    int rc = mpchar__check_args(comm, 0, MPI_BYTE);
    if (rc == MPI_SUCCESS)
        rc = mpchar__barrier(comm);
    return rc == MPI_SUCCESS ? rc : mpchar__err(comm, rc, "MPI_Barrier");
}
MPCHAR_RT_WEAK(Barrier)

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

static int bcast_binomial(char *buf, size_t bytes, int root, MPI_Comm comm)
{
    int p = comm->size, vr = (comm->rank - root + p) % p, mask = 1,
        rc = MPI_SUCCESS;
    while (mask < p) {
        if (vr & mask) {
            rc = mpchar__coll_recv(buf, (int)bytes, MPI_BYTE,
                                   (vr - mask + root) % p, TAG_BCAST, comm);
            break;
        }
        mask <<= 1;
    }
    for (mask >>= 1; rc == MPI_SUCCESS && mask > 0; mask >>= 1)
        if (vr + mask < p)
            rc = mpchar__coll_send(buf, (int)bytes, MPI_BYTE,
                                   (vr + mask + root) % p, TAG_BCAST, comm);
    return rc;
}

/* Binomial scatter of p blocks of chunk bytes, relative to root; each
 * process ends holding its own block. */
static int scatter_blocks(char *buf, size_t bytes, size_t chunk, int root,
                          MPI_Comm comm, int tag)
{
    int p = comm->size, vr = (comm->rank - root + p) % p, mask = 1,
        rc = MPI_SUCCESS;
    size_t off, len;
    while (mask < p) {
        if (vr & mask) {
            block_range(bytes, chunk, vr, vr + mask < p ? vr + mask : p, &off,
                        &len);
            rc = mpchar__coll_recv(buf + off, (int)len, MPI_BYTE,
                                   (vr - mask + root) % p, tag, comm);
            break;
        }
        mask <<= 1;
    }
    for (mask >>= 1; rc == MPI_SUCCESS && mask > 0; mask >>= 1) {
        if (vr + mask >= p)
            continue;
        int end = vr + 2 * mask < p ? vr + 2 * mask : p;
        block_range(bytes, chunk, vr + mask, end, &off, &len);
        rc = mpchar__coll_send(buf + off, (int)len, MPI_BYTE,
                               (vr + mask + root) % p, tag, comm);
    }
    return rc;
}

static int bcast_scatter_allgather(char *buf, size_t bytes, int root,
                                   MPI_Comm comm)
{
    int p = comm->size, vr = (comm->rank - root + p) % p;
    size_t chunk = (bytes + (size_t)p - 1) / (size_t)p;
    int rc = scatter_blocks(buf, bytes, chunk, root, comm, TAG_BCAST);
    int right = (comm->rank + 1) % p, left = (comm->rank - 1 + p) % p;
    for (int s = 0; rc == MPI_SUCCESS && s < p - 1; s++) {
        int sb = (vr - s + p) % p, rb = (vr - s - 1 + p) % p;
        size_t soff, slen, roff, rlen;
        block_range(bytes, chunk, sb, sb + 1, &soff, &slen);
        block_range(bytes, chunk, rb, rb + 1, &roff, &rlen);
        rc = mpchar__coll_sendrecv(buf + soff, (int)slen, MPI_BYTE, right,
                                   buf + roff, (int)rlen, MPI_BYTE, left,
                                   TAG_BCAST, comm);
    }
    return rc;
}

int PMPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root,
               MPI_Comm comm)
{
    int rc = mpchar__coll_check_rooted(comm, count, datatype, root);
    if (rc != MPI_SUCCESS)
        return mpchar__err(comm, rc, "MPI_Bcast");
    size_t bytes = (size_t)count * datatype->size;
    if (comm->size == 1 || bytes == 0)
        return MPI_SUCCESS;
    char *pb = buffer;
    if (!datatype->contig) {
        pb = malloc(bytes);
        if (!pb)
            return mpchar__err(comm, MPI_ERR_NO_MEM, "MPI_Bcast");
        if (comm->rank == root)
            mpchar__type_pack(buffer, count, datatype, pb);
    }
    if (bytes < mpchar__cfg.bcast_long || bytes < (size_t)comm->size ||
        (size_t)comm->size < mpchar__cfg.bcast_min_procs)
        rc = bcast_binomial(pb, bytes, root, comm);
    else
        rc = bcast_scatter_allgather(pb, bytes, root, comm);
    if (pb != buffer) {
        if (comm->rank != root)
            mpchar__type_unpack(pb, bytes, count, datatype, buffer);
        free(pb);
    }
    return rc == MPI_SUCCESS ? rc : mpchar__err(comm, rc, "MPI_Bcast");
}
MPCHAR_RT_WEAK(Bcast)

/* ---- Scatter / Gather: binomial over packed blocks in relative order ---- */

/* The packed vector of Scatter and Gather: p blocks of blk bytes in tmp,
 * block i for relative rank i (rank (i + root) % p). */
struct blocks {
    char *tmp;
    size_t blk;
    int p, vr, is_root;
};

/* Root-side packing and unpacking, and the tree, of one direction. */
typedef int blocks_run(const struct blocks *b, const void *sendbuf,
                       int sendcount, MPI_Datatype sendtype, void *recvbuf,
                       int recvcount, MPI_Datatype recvtype, int root,
                       MPI_Comm comm);

static int scatter_run(const struct blocks *b, const void *sendbuf,
                       int sendcount, MPI_Datatype sendtype, void *recvbuf,
                       int recvcount, MPI_Datatype recvtype, int root,
                       MPI_Comm comm)
{
    int p = b->p;
    size_t blk = b->blk;
    MPI_Aint ext = sendtype->extent * sendcount;
    for (int i = 0; b->is_root && i < p; i++)
        mpchar__type_pack((const char *)sendbuf + ext * ((i + root) % p),
                          sendcount, sendtype, b->tmp + blk * (size_t)i);
    int rc =
        scatter_blocks(b->tmp, blk * (size_t)p, blk, root, comm, TAG_SCATTER);
    if (rc == MPI_SUCCESS && !(b->is_root && recvbuf == MPI_IN_PLACE))
        mpchar__type_unpack(b->tmp + blk * (size_t)b->vr, blk, recvcount,
                            recvtype, recvbuf);
    return rc;
}

static int gather_run(const struct blocks *b, const void *sendbuf,
                      int sendcount, MPI_Datatype sendtype, void *recvbuf,
                      int recvcount, MPI_Datatype recvtype, int root,
                      MPI_Comm comm)
{
    int p = b->p, vr = b->vr, rc = MPI_SUCCESS;
    size_t blk = b->blk;
    MPI_Aint rext = b->is_root ? recvtype->extent * recvcount : 0;
    if (b->is_root && sendbuf == MPI_IN_PLACE)
        mpchar__type_pack((char *)recvbuf + rext * root, recvcount, recvtype,
                          b->tmp);
    else
        mpchar__type_pack(sendbuf, sendcount, sendtype, b->tmp);
    /* relative rank vr holds blocks [vr, vr + subtree) at tmp + (i - vr) * blk */
    for (int mask = 1; rc == MPI_SUCCESS && mask < p; mask <<= 1) {
        int peer = vr ^ mask;
        if (vr & mask) {
            int n = vr + mask < p ? mask : p - vr;
            rc = mpchar__coll_send(b->tmp, (int)(blk * (size_t)n), MPI_BYTE,
                                   (peer + root) % p, TAG_GATHER, comm);
            break;
        }
        if (peer < p) {
            int n = peer + mask < p ? mask : p - peer;
            rc = mpchar__coll_recv(b->tmp + blk * (size_t)mask,
                                   (int)(blk * (size_t)n), MPI_BYTE,
                                   (peer + root) % p, TAG_GATHER, comm);
        }
    }
    for (int i = 0; rc == MPI_SUCCESS && b->is_root && i < p; i++)
        if (!(sendbuf == MPI_IN_PLACE && i == 0))
            mpchar__type_unpack(b->tmp + blk * (size_t)i, blk, recvcount,
                                recvtype,
                                (char *)recvbuf + rext * ((i + root) % p));
    return rc;
}

/* Scatter (gather 0) and Gather (1): the root's side (Scatter's send,
 * Gather's receive) holds the p blocks, each rank's other side its own
 * block, which the root may give as MPI_IN_PLACE.  Every block has the
 * same size by MPI's rules, so each rank sizes them from its own side. */
static int blocks_call(int gather, const void *sendbuf, int sendcount,
                       MPI_Datatype sendtype, void *recvbuf, int recvcount,
                       MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    const char *fn = gather ? "MPI_Gather" : "MPI_Scatter";
    int root_count = gather ? recvcount : sendcount;
    int own_count = gather ? sendcount : recvcount;
    MPI_Datatype root_type = gather ? recvtype : sendtype;
    MPI_Datatype own_type = gather ? sendtype : recvtype;
    const void *own_buf = gather ? sendbuf : recvbuf;
    int rc = mpchar__coll_check_rooted(comm, 0, MPI_BYTE, root);
    struct blocks b = {.is_root = rc == MPI_SUCCESS && comm->rank == root};
    if (rc == MPI_SUCCESS && b.is_root)
        rc = mpchar__check_args(comm, root_count, root_type);
    if (rc == MPI_SUCCESS && !(b.is_root && own_buf == MPI_IN_PLACE))
        rc = mpchar__check_args(comm, own_count, own_type);
    if (rc != MPI_SUCCESS)
        return mpchar__err(comm, rc, fn);
    b.p = comm->size;
    b.vr = (comm->rank - root + b.p) % b.p;
    b.blk = b.is_root ? (size_t)root_count * root_type->size
                      : (size_t)own_count * own_type->size;
    if (b.blk == 0)
        return MPI_SUCCESS;
    b.tmp = malloc(b.blk * (size_t)b.p + 1);
    if (!b.tmp)
        return mpchar__err(comm, MPI_ERR_NO_MEM, fn);
    blocks_run *run = gather ? gather_run : scatter_run;
    rc = run(&b, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
             root, comm);
    free(b.tmp);
    return rc == MPI_SUCCESS ? rc : mpchar__err(comm, rc, fn);
}

/* MPI_Scatter and MPI_Gather take the same arguments: one entry each. */
#define BLOCKS_CALL(Name, gather)                                              \
    int PMPI_##Name(const void *sendbuf, int sendcount, MPI_Datatype sendtype, \
                    void *recvbuf, int recvcount, MPI_Datatype recvtype,       \
                    int root, MPI_Comm comm)                                   \
    {                                                                          \
        return blocks_call(gather, sendbuf, sendcount, sendtype, recvbuf,      \
                           recvcount, recvtype, root, comm);                   \
    }                                                                          \
    MPCHAR_RT_WEAK(Name)
BLOCKS_CALL(Scatter, 0)
BLOCKS_CALL(Gather, 1)
#undef BLOCKS_CALL

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

/* A rank other than the root makes one blocking transfer with it; the
 * root copies its own block (unless MPI_IN_PLACE), posts one nonblocking
 * transfer per other rank and waits for all. */
static int root_transfers(struct vblocks v, struct own_block own, int root,
                          MPI_Comm comm, int gather, const char *fn)
{
    int rc = mpchar__coll_check_rooted(comm, 0, MPI_BYTE, root);
    if (rc != MPI_SUCCESS)
        return mpchar__err(comm, rc, fn);
    int p = comm->size, r = comm->rank, tag = gather ? TAG_GATHER : TAG_SCATTER;
    if (r != root && gather)
        rc = mpchar__coll_send(own.buf, own.count, own.type, root, tag, comm);
    else if (r != root)
        rc = mpchar__coll_recv(own.buf, own.count, own.type, root, tag, comm);
    MPI_Request *reqs = r == root ? calloc((size_t)p, sizeof *reqs) : NULL;
    if (r == root && !reqs)
        return mpchar__err(comm, MPI_ERR_NO_MEM, fn);
    for (int i = 0; reqs && rc == MPI_SUCCESS && i < p; i++) {
        char *blk = v.buf + (MPI_Aint)v.displs[i] * v.type->extent;
        if (i != r)
            rc = gather ? mpchar__irecv(blk, v.counts[i], v.type, i, tag, comm,
                                        1, &reqs[i])
                        : mpchar__isend(blk, v.counts[i], v.type, i, tag, comm,
                                        1, 0, &reqs[i]);
        else if (own.buf != MPI_IN_PLACE && gather)
            mpchar__tbuf_copy(own.buf, own.count, own.type, blk, v.counts[i],
                              v.type);
        else if (own.buf != MPI_IN_PLACE)
            mpchar__tbuf_copy(blk, v.counts[i], v.type, own.buf, own.count,
                              own.type);
    }
    for (int i = 0; reqs && i < p; i++)
        if (reqs[i] && mpchar__wait(&reqs[i], MPI_STATUS_IGNORE) != MPI_SUCCESS)
            rc = MPI_ERR_OTHER;
    free(reqs);
    return rc == MPI_SUCCESS ? rc : mpchar__err(comm, rc, fn);
}

int PMPI_Scatterv(const void *sendbuf, const int sendcounts[],
                  const int displs[], MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    struct vblocks v = {(char *)(uintptr_t)sendbuf, sendcounts, displs,
                        sendtype};
    struct own_block own = {recvbuf, recvcount, recvtype};
    return root_transfers(v, own, root, comm, 0, "MPI_Scatterv");
}
MPCHAR_RT_WEAK(Scatterv)

int PMPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                 void *recvbuf, const int recvcounts[], const int displs[],
                 MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    struct vblocks v = {recvbuf, recvcounts, displs, recvtype};
    struct own_block own = {(char *)(uintptr_t)sendbuf, sendcount, sendtype};
    return root_transfers(v, own, root, comm, 1, "MPI_Gatherv");
}
MPCHAR_RT_WEAK(Gatherv)
