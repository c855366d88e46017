/*
 * All-to-all data movement: Allgather(v), Alltoall(v).
 *
 * Allgather: Bruck's algorithm below MPCHAR_RT_ALLGATHER_LONG total bytes
 * (ceil(log2 p) steps for any p), ring above (p - 1 steps, n(p-1)/p bytes,
 * neighbour traffic only).  Allgatherv: ring.  Alltoall: Bruck below
 * MPCHAR_RT_ALLTOALL_LONG bytes per block (log p steps, n/2 log p bytes),
 * pairwise exchange above (p - 1 steps, optimal bytes).  Alltoallv:
 * pairwise exchange.  Bruck works on packed blocks; the others move typed
 * data directly.
 */
#include "coll.h"

#include <stdlib.h>
#include <string.h>

/* The checks of the all-to-all calls: the receive side, and the send side
 * unless it is MPI_IN_PLACE. */
static int check_all(MPI_Comm comm, const void *sendbuf, int scount,
                     MPI_Datatype stype, int rcount, MPI_Datatype rtype)
{
    int rc = mpchar__check_args(comm, rcount, rtype);
    if (rc == MPI_SUCCESS && sendbuf != MPI_IN_PLACE)
        rc = mpchar__check_args(comm, scount, stype);
    return rc;
}

/* Counts and displacements of p blocks of count elements each. */
static void equal_blocks(int *counts, int *displs, int count, int p)
{
    for (int i = 0; i < p; i++) {
        counts[i] = count;
        displs[i] = i * count;
    }
}

static int allgather_bruck(const char *mine, size_t blk, void *recvbuf,
                           int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    int p = comm->size, r = comm->rank, rc = MPI_SUCCESS;
    char *tmp = malloc(blk * (size_t)p + 1);
    if (!tmp)
        return MPI_ERR_NO_MEM;
    memcpy(tmp, mine, blk);
    for (int k = 1; rc == MPI_SUCCESS && k < p; k <<= 1) {
        int n = k < p - k ? k : p - k;
        rc = mpchar__coll_sendrecv(tmp, (int)(blk * (size_t)n), MPI_BYTE,
                                   (r - k + p) % p, tmp + blk * (size_t)k,
                                   (int)(blk * (size_t)n), MPI_BYTE,
                                   (r + k) % p, TAG_ALLGATHER, comm);
    }
    MPI_Aint ext = recvtype->extent * recvcount;
    for (int i = 0; rc == MPI_SUCCESS && i < p; i++)
        mpchar__type_unpack(tmp + blk * (size_t)i, blk, recvcount, recvtype,
                            (char *)recvbuf + ext * ((r + i) % p));
    free(tmp);
    return rc;
}

static int allgatherv_ring(void *recvbuf, const int *counts, const int *displs,
                           MPI_Datatype type, MPI_Comm comm)
{
    int p = comm->size, r = comm->rank, rc = MPI_SUCCESS;
    int right = (r + 1) % p, left = (r - 1 + p) % p;
    for (int s = 0; rc == MPI_SUCCESS && s < p - 1; s++) {
        int sb = (r - s + p) % p, rb = (r - s - 1 + p) % p;
        rc = mpchar__coll_sendrecv(
            (char *)recvbuf + (MPI_Aint)displs[sb] * type->extent, counts[sb],
            type, right, (char *)recvbuf + (MPI_Aint)displs[rb] * type->extent,
            counts[rb], type, left, TAG_ALLGATHER, comm);
    }
    return rc;
}

int PMPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                   void *recvbuf, int recvcount, MPI_Datatype recvtype,
                   MPI_Comm comm)
{
    int rc = check_all(comm, sendbuf, sendcount, sendtype, recvcount, recvtype);
    if (rc != MPI_SUCCESS)
        return mpchar__err(comm, rc, "MPI_Allgather");
    if (mpchar__coll_empty(recvcount, recvtype))
        return MPI_SUCCESS;
    int p = comm->size, r = comm->rank;
    size_t blk = (size_t)recvcount * recvtype->size;
    MPI_Aint ext = recvtype->extent * recvcount;
    char *own = (char *)recvbuf + ext * r;
    if (blk * (size_t)p < mpchar__cfg.allgather_long) {
        char *mine = malloc(blk + 1);
        if (!mine)
            return mpchar__err(comm, MPI_ERR_NO_MEM, "MPI_Allgather");
        if (sendbuf == MPI_IN_PLACE)
            mpchar__type_pack(own, recvcount, recvtype, mine);
        else
            mpchar__type_pack(sendbuf, sendcount, sendtype, mine);
        rc = allgather_bruck(mine, blk, recvbuf, recvcount, recvtype, comm);
        free(mine);
    } else {
        if (sendbuf != MPI_IN_PLACE)
            mpchar__tbuf_copy(sendbuf, sendcount, sendtype, own, recvcount,
                              recvtype);
        int *cd = malloc(2 * (size_t)p * sizeof(int));
        if (!cd)
            return mpchar__err(comm, MPI_ERR_NO_MEM, "MPI_Allgather");
        equal_blocks(cd, cd + p, recvcount, p);
        rc = allgatherv_ring(recvbuf, cd, cd + p, recvtype, comm);
        free(cd);
    }
    return rc == MPI_SUCCESS ? rc : mpchar__err(comm, rc, "MPI_Allgather");
}
MPCHAR_RT_WEAK(Allgather)

int PMPI_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                    void *recvbuf, const int recvcounts[], const int displs[],
                    MPI_Datatype recvtype, MPI_Comm comm)
{
    int rc = check_all(comm, sendbuf, sendcount, sendtype, 0, recvtype);
    if (rc != MPI_SUCCESS)
        return mpchar__err(comm, rc, "MPI_Allgatherv");
    int r = comm->rank;
    if (sendbuf != MPI_IN_PLACE)
        mpchar__tbuf_copy(sendbuf, sendcount, sendtype,
                          (char *)recvbuf +
                              (MPI_Aint)displs[r] * recvtype->extent,
                          recvcounts[r], recvtype);
    rc = allgatherv_ring(recvbuf, recvcounts, displs, recvtype, comm);
    return rc == MPI_SUCCESS ? rc : mpchar__err(comm, rc, "MPI_Allgatherv");
}
MPCHAR_RT_WEAK(Allgatherv)

static int alltoall_bruck(const char *packed, size_t blk, void *recvbuf,
                          int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    int p = comm->size, r = comm->rank, rc = MPI_SUCCESS;
    char *tmp = malloc(blk * (size_t)p + 1), *pk = malloc(blk * (size_t)p + 1);
    char *in = malloc(blk * (size_t)p + 1);
    if (!tmp || !pk || !in) {
        free(tmp);
        free(pk);
        free(in);
        return MPI_ERR_NO_MEM;
    }
    for (int i = 0; i < p;
         i++) /* rotate: index i holds the block for rank r+i */
        memcpy(tmp + blk * (size_t)i, packed + blk * (size_t)((r + i) % p),
               blk);
    for (int k = 1; rc == MPI_SUCCESS && k < p; k <<= 1) {
        int n = 0;
        for (int i = 0; i < p; i++)
            if (i & k)
                memcpy(pk + blk * (size_t)n++, tmp + blk * (size_t)i, blk);
        rc = mpchar__coll_sendrecv(pk, (int)(blk * (size_t)n), MPI_BYTE,
                                   (r + k) % p, in, (int)(blk * (size_t)n),
                                   MPI_BYTE, (r - k + p) % p, TAG_ALLTOALL,
                                   comm);
        n = 0;
        for (int i = 0; i < p; i++)
            if (i & k)
                memcpy(tmp + blk * (size_t)i, in + blk * (size_t)n++, blk);
    }
    MPI_Aint ext = recvtype->extent * recvcount;
    for (int j = 0; rc == MPI_SUCCESS && j < p; j++)
        mpchar__type_unpack(tmp + blk * (size_t)((r - j + p) % p), blk,
                            recvcount, recvtype, (char *)recvbuf + ext * j);
    free(tmp);
    free(pk);
    free(in);
    return rc;
}

static int alltoallv_pairwise(const void *sendbuf, const int *scounts,
                              const int *sdispls, MPI_Datatype stype,
                              void *recvbuf, const int *rcounts,
                              const int *rdispls, MPI_Datatype rtype,
                              MPI_Comm comm)
{
    int p = comm->size, r = comm->rank, rc = MPI_SUCCESS;
    mpchar__tbuf_copy((const char *)sendbuf +
                          (MPI_Aint)sdispls[r] * stype->extent,
                      scounts[r], stype,
                      (char *)recvbuf + (MPI_Aint)rdispls[r] * rtype->extent,
                      rcounts[r], rtype);
    for (int s = 1; rc == MPI_SUCCESS && s < p; s++) {
        int dst = (r + s) % p, src = (r - s + p) % p;
        rc = mpchar__coll_sendrecv(
            (const char *)sendbuf + (MPI_Aint)sdispls[dst] * stype->extent,
            scounts[dst], stype, dst,
            (char *)recvbuf + (MPI_Aint)rdispls[src] * rtype->extent,
            rcounts[src], rtype, src, TAG_ALLTOALL, comm);
    }
    return rc;
}

/* MPI_IN_PLACE: the data to send is recvbuf itself; take a packed copy. */
static void *in_place_copy(const void *recvbuf, const int *counts,
                           const int *displs, MPI_Datatype type, int p,
                           int **sd_p)
{
    size_t total = 0;
    for (int i = 0; i < p; i++)
        total += (size_t)counts[i] * type->size;
    char *buf = malloc(total + 1);
    int *sd = malloc((size_t)p * sizeof(int));
    if (!buf || !sd)
        mpchar__fatal("out of memory in Alltoall");
    size_t off = 0;
    for (int i = 0; i < p; i++) {
        mpchar__type_pack((const char *)recvbuf +
                              (MPI_Aint)displs[i] * type->extent,
                          counts[i], type, buf + off);
        sd[i] = (int)off;
        off += (size_t)counts[i] * type->size;
    }
    *sd_p = sd;
    return buf;
}

int PMPI_Alltoallv(const void *sendbuf, const int sendcounts[],
                   const int sdispls[], MPI_Datatype sendtype, void *recvbuf,
                   const int recvcounts[], const int rdispls[],
                   MPI_Datatype recvtype, MPI_Comm comm)
{
    int rc = check_all(comm, sendbuf, 0, sendtype, 0, recvtype);
    if (rc != MPI_SUCCESS)
        return mpchar__err(comm, rc, "MPI_Alltoallv");
    if (sendbuf == MPI_IN_PLACE) {
        int p = comm->size, *sd, *sc = malloc((size_t)p * sizeof(int));
        if (!sc)
            return mpchar__err(comm, MPI_ERR_NO_MEM, "MPI_Alltoallv");
        void *copy =
            in_place_copy(recvbuf, recvcounts, rdispls, recvtype, p, &sd);
        for (int i = 0; i < p; i++)
            sc[i] = recvcounts[i] * (int)recvtype->size;
        rc = alltoallv_pairwise(copy, sc, sd, MPI_BYTE, recvbuf, recvcounts,
                                rdispls, recvtype, comm);
        free(sc);
        free(sd);
        free(copy);
    } else {
        rc = alltoallv_pairwise(sendbuf, sendcounts, sdispls, sendtype, recvbuf,
                                recvcounts, rdispls, recvtype, comm);
    }
    return rc == MPI_SUCCESS ? rc : mpchar__err(comm, rc, "MPI_Alltoallv");
}
MPCHAR_RT_WEAK(Alltoallv)

static int alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                    void *recvbuf, int recvcount, MPI_Datatype recvtype,
                    MPI_Comm comm)
{
    int p = comm->size, rc;
    size_t blk = (size_t)recvcount * recvtype->size;
    int *cd = malloc(4 * (size_t)p * sizeof(int));
    if (!cd)
        return MPI_ERR_NO_MEM;
    equal_blocks(cd, cd + p, recvcount, p);
    equal_blocks(cd + 2 * p, cd + 3 * p, sendcount, p);
    if (blk < mpchar__cfg.alltoall_long && p > 2) {
        char *packed;
        if (sendbuf == MPI_IN_PLACE) {
            int *sd;
            packed = in_place_copy(recvbuf, cd, cd + p, recvtype, p, &sd);
            free(sd);
        } else {
            packed = malloc(blk * (size_t)p + 1);
            if (!packed)
                mpchar__fatal("out of memory in Alltoall");
            mpchar__type_pack(sendbuf, sendcount * p, sendtype, packed);
        }
        rc = alltoall_bruck(packed, blk, recvbuf, recvcount, recvtype, comm);
        free(packed);
    } else if (sendbuf == MPI_IN_PLACE) {
        rc = PMPI_Alltoallv(MPI_IN_PLACE, NULL, NULL, MPI_DATATYPE_NULL,
                            recvbuf, cd, cd + p, recvtype, comm);
    } else {
        rc = alltoallv_pairwise(sendbuf, cd + 2 * p, cd + 3 * p, sendtype,
                                recvbuf, cd, cd + p, recvtype, comm);
    }
    free(cd);
    return rc;
}

int PMPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                  void *recvbuf, int recvcount, MPI_Datatype recvtype,
                  MPI_Comm comm)
{
    int rc = check_all(comm, sendbuf, sendcount, sendtype, recvcount, recvtype);
    if (rc == MPI_SUCCESS && !mpchar__coll_empty(recvcount, recvtype))
        rc = alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                      recvtype, comm);
    return rc == MPI_SUCCESS ? rc : mpchar__err(comm, rc, "MPI_Alltoall");
}
MPCHAR_RT_WEAK(Alltoall)
