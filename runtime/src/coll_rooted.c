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

/* Scatter's and Gather's buffers: the root's whole vector at the root, and
 * each rank's own block unless the root passes MPI_IN_PLACE for it. */
static int check_blocks(MPI_Comm comm, int root, int root_count,
                        MPI_Datatype root_type, const void *own_buf,
                        int own_count, MPI_Datatype own_type)
{
    int rc = mpchar__coll_check_rooted(comm, 0, MPI_BYTE, root);
    int is_root = rc == MPI_SUCCESS && comm->rank == root;
    if (rc == MPI_SUCCESS && is_root)
        rc = mpchar__check_args(comm, root_count, root_type);
    if (rc == MPI_SUCCESS && !(is_root && own_buf == MPI_IN_PLACE))
        rc = mpchar__check_args(comm, own_count, own_type);
    return rc;
}

int PMPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                 MPI_Comm comm)
{
    int rc = check_blocks(comm, root, sendcount, sendtype, recvbuf, recvcount,
                          recvtype);
    if (rc != MPI_SUCCESS)
        return mpchar__err(comm, rc, "MPI_Scatter");
    int is_root = comm->rank == root;
    int p = comm->size, vr = (comm->rank - root + p) % p;
    size_t blk = is_root ? (size_t)sendcount * sendtype->size
                         : (size_t)recvcount * recvtype->size;
    /* the tree needs every rank's block size; all are equal by MPI rules */
    char *tmp = malloc(blk * (size_t)p + 1);
    if (!tmp)
        return mpchar__err(comm, MPI_ERR_NO_MEM, "MPI_Scatter");
    if (is_root) {
        MPI_Aint ext = sendtype->extent * sendcount;
        for (int i = 0; i < p;
             i++) /* relative order: block i is for rank (i+root)%p */
            mpchar__type_pack((const char *)sendbuf + ext * ((i + root) % p),
                              sendcount, sendtype, tmp + blk * (size_t)i);
    }
    rc = scatter_blocks(tmp, blk * (size_t)p, blk, root, comm, TAG_SCATTER);
    if (rc == MPI_SUCCESS && !(is_root && recvbuf == MPI_IN_PLACE))
        mpchar__type_unpack(tmp + blk * (size_t)vr, blk, recvcount, recvtype,
                            recvbuf);
    free(tmp);
    return rc == MPI_SUCCESS ? rc : mpchar__err(comm, rc, "MPI_Scatter");
}
MPCHAR_RT_WEAK(Scatter)

int PMPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                MPI_Comm comm)
{
    int rc = check_blocks(comm, root, recvcount, recvtype, sendbuf, sendcount,
                          sendtype);
    if (rc != MPI_SUCCESS)
        return mpchar__err(comm, rc, "MPI_Gather");
    int is_root = comm->rank == root;
    int p = comm->size, vr = (comm->rank - root + p) % p;
    size_t blk = is_root ? (size_t)recvcount * recvtype->size
                         : (size_t)sendcount * sendtype->size;
    MPI_Aint rext = is_root ? recvtype->extent * recvcount : 0;
    char *tmp = malloc(blk * (size_t)p + 1);
    if (!tmp)
        return mpchar__err(comm, MPI_ERR_NO_MEM, "MPI_Gather");
    if (is_root && sendbuf == MPI_IN_PLACE)
        mpchar__type_pack((char *)recvbuf + rext * root, recvcount, recvtype,
                          tmp);
    else
        mpchar__type_pack(sendbuf, sendcount, sendtype, tmp);
    /* relative rank vr holds blocks [vr, vr + subtree) at tmp + (i - vr) * blk */
    int mask = 1;
    for (; rc == MPI_SUCCESS && mask < p; mask <<= 1) {
        int peer = vr ^ mask;
        if (vr & mask) {
            int n = vr + mask < p ? mask : p - vr;
            rc = mpchar__coll_send(tmp, (int)(blk * (size_t)n), MPI_BYTE,
                                   (peer + root) % p, TAG_GATHER, comm);
            break;
        }
        if (peer < p) {
            int n = peer + mask < p ? mask : p - peer;
            rc = mpchar__coll_recv(tmp + blk * (size_t)mask,
                                   (int)(blk * (size_t)n), MPI_BYTE,
                                   (peer + root) % p, TAG_GATHER, comm);
        }
    }
    if (rc == MPI_SUCCESS && is_root)
        for (int i = 0; i < p; i++)
            if (!(sendbuf == MPI_IN_PLACE && i == 0))
                mpchar__type_unpack(tmp + blk * (size_t)i, blk, recvcount,
                                    recvtype,
                                    (char *)recvbuf + rext * ((i + root) % p));
    free(tmp);
    return rc == MPI_SUCCESS ? rc : mpchar__err(comm, rc, "MPI_Gather");
}
MPCHAR_RT_WEAK(Gather)

int PMPI_Scatterv(const void *sendbuf, const int sendcounts[],
                  const int displs[], MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    int rc = mpchar__coll_check_rooted(comm, 0, MPI_BYTE, root);
    if (rc != MPI_SUCCESS)
        return mpchar__err(comm, rc, "MPI_Scatterv");
    int p = comm->size, r = comm->rank;
    if (r != root)
        rc = mpchar__coll_recv(recvbuf, recvcount, recvtype, root, TAG_SCATTER,
                               comm);
    else {
        MPI_Request *reqs = calloc((size_t)p, sizeof *reqs);
        if (!reqs)
            return mpchar__err(comm, MPI_ERR_NO_MEM, "MPI_Scatterv");
        for (int i = 0; rc == MPI_SUCCESS && i < p; i++) {
            const char *src =
                (const char *)sendbuf + (MPI_Aint)displs[i] * sendtype->extent;
            if (i == r) {
                if (recvbuf != MPI_IN_PLACE)
                    mpchar__tbuf_copy(src, sendcounts[i], sendtype, recvbuf,
                                      recvcount, recvtype);
                continue;
            }
            rc = mpchar__isend(src, sendcounts[i], sendtype, i, TAG_SCATTER,
                               comm, 1, 0, &reqs[i]);
        }
        for (int i = 0; i < p; i++)
            if (reqs[i] &&
                mpchar__wait(&reqs[i], MPI_STATUS_IGNORE) != MPI_SUCCESS)
                rc = MPI_ERR_OTHER;
        free(reqs);
    }
    return rc == MPI_SUCCESS ? rc : mpchar__err(comm, rc, "MPI_Scatterv");
}
MPCHAR_RT_WEAK(Scatterv)

int PMPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                 void *recvbuf, const int recvcounts[], const int displs[],
                 MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    int rc = mpchar__coll_check_rooted(comm, 0, MPI_BYTE, root);
    if (rc != MPI_SUCCESS)
        return mpchar__err(comm, rc, "MPI_Gatherv");
    int p = comm->size, r = comm->rank;
    if (r != root)
        rc = mpchar__coll_send(sendbuf, sendcount, sendtype, root, TAG_GATHER,
                               comm);
    else {
        MPI_Request *reqs = calloc((size_t)p, sizeof *reqs);
        if (!reqs)
            return mpchar__err(comm, MPI_ERR_NO_MEM, "MPI_Gatherv");
        for (int i = 0; rc == MPI_SUCCESS && i < p; i++) {
            char *dst =
                (char *)recvbuf + (MPI_Aint)displs[i] * recvtype->extent;
            if (i == r) {
                if (sendbuf != MPI_IN_PLACE)
                    mpchar__tbuf_copy(sendbuf, sendcount, sendtype, dst,
                                      recvcounts[i], recvtype);
                continue;
            }
            rc = mpchar__irecv(dst, recvcounts[i], recvtype, i, TAG_GATHER,
                               comm, 1, &reqs[i]);
        }
        for (int i = 0; i < p; i++)
            if (reqs[i] &&
                mpchar__wait(&reqs[i], MPI_STATUS_IGNORE) != MPI_SUCCESS)
                rc = MPI_ERR_OTHER;
        free(reqs);
    }
    return rc == MPI_SUCCESS ? rc : mpchar__err(comm, rc, "MPI_Gatherv");
}
MPCHAR_RT_WEAK(Gatherv)
