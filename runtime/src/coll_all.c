/*
 * All-to-all data movement: Allgather(v), Alltoall(v), as schedules
 * (coll_sched.h) shared by the blocking calls and MPI_Iallgather(v) and
 * MPI_Ialltoall(v).
 *
 * Allgather: Bruck's algorithm below MPCHAR_RT_ALLGATHER_LONG total bytes
 * when p > 3 (ceil(log2 p) steps for any p), else ring (p - 1 steps,
 * n(p-1)/p bytes, neighbour traffic only; the own block goes out straight
 * from the send buffer and is copied meanwhile).  Allgatherv: ring.  Alltoall: Bruck below
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

/* Counts and displacements of p blocks of count elements each, in one
 * temporary of the schedule: counts at [0, p), displacements at [p, 2p). */
static int *equal_blocks(struct sched *s, int count, int p)
{
    int *cd = mpchar__sched_alloc(s, 2 * (size_t)p * sizeof(int));
    for (int i = 0; i < p; i++) {
        cd[i] = count;
        cd[p + i] = i * count;
    }
    return cd;
}

static int allgather_bruck(struct sched *s, const char *mine, size_t blk,
                           void *recvbuf, int recvcount, MPI_Datatype recvtype)
{
    int p = s->comm->size, r = s->comm->rank, rc = MPI_SUCCESS;
    char *tmp = mpchar__sched_alloc(s, blk * (size_t)p + 1);
    mpchar__sched_memcpy(s, tmp, mine, blk);
    for (int k = 1; rc == MPI_SUCCESS && k < p; k <<= 1) {
        int n = k < p - k ? k : p - k;
        rc = mpchar__sched_sendrecv(s, tmp, (int)(blk * (size_t)n), MPI_BYTE,
                                    (r - k + p) % p, tmp + blk * (size_t)k,
                                    (int)(blk * (size_t)n), MPI_BYTE,
                                    (r + k) % p);
    }
    MPI_Aint ext = recvtype->extent * recvcount;
    for (int i = 0; rc == MPI_SUCCESS && i < p; i++)
        mpchar__sched_unpack(s, tmp + blk * (size_t)i, blk, recvcount, recvtype,
                             (char *)recvbuf + ext * ((r + i) % p));
    return rc;
}

/* A rank's own block: sent in the first step straight from the user's
 * send buffer (NULL: MPI_IN_PLACE, it is in recvbuf already) and copied
 * into recvbuf while that step's transfers are in flight. */
struct own {
    const void *buf;
    int count;
    MPI_Datatype type;
    char *slot; /* its place in recvbuf */
    int slot_count;
};

static void own_copy(struct sched *s, const struct own *o, MPI_Datatype type)
{
    if (o->buf)
        mpchar__sched_copy(s, o->buf, o->count, o->type, o->slot, o->slot_count,
                           type);
}

static int allgatherv_ring(struct sched *s, const struct own *own,
                           void *recvbuf, const int *counts, const int *displs,
                           MPI_Datatype type)
{
    int p = s->comm->size, r = s->comm->rank, rc = MPI_SUCCESS;
    int right = (r + 1) % p, left = (r - 1 + p) % p;
    if (p == 1)
        own_copy(s, own, type);
    for (int k = 0; rc == MPI_SUCCESS && k < p - 1; k++) {
        int sb = (r - k + p) % p, rb = (r - k - 1 + p) % p;
        rc = mpchar__sched_post_recv(
            s, (char *)recvbuf + (MPI_Aint)displs[rb] * type->extent,
            counts[rb], type, left);
        if (rc == MPI_SUCCESS && k == 0 && own->buf)
            rc = mpchar__sched_post_send(s, own->buf, own->count, own->type,
                                         right);
        else if (rc == MPI_SUCCESS)
            rc = mpchar__sched_post_send(
                s, (char *)recvbuf + (MPI_Aint)displs[sb] * type->extent,
                counts[sb], type, right);
        if (rc == MPI_SUCCESS && k == 0)
            own_copy(s, own, type);
        if (rc == MPI_SUCCESS)
            rc = mpchar__sched_wait(s);
    }
    return rc;
}

/* Allgather's schedule, the arguments checked.  Bruck only where it
 * takes fewer steps than the ring (p > 3): it packs and unpacks every
 * block, and at p = 2 and 3 it moves the same messages. */
static int allgather(struct sched *s, const void *sendbuf, int sendcount,
                     MPI_Datatype sendtype, void *recvbuf, int recvcount,
                     MPI_Datatype recvtype)
{
    int p = s->comm->size, r = s->comm->rank;
    size_t blk = (size_t)recvcount * recvtype->size;
    MPI_Aint ext = recvtype->extent * recvcount;
    char *own = (char *)recvbuf + ext * r;
    if (blk * (size_t)p < mpchar__cfg.allgather_long && p > 3) {
        char *mine = mpchar__sched_alloc(s, blk + 1);
        if (sendbuf == MPI_IN_PLACE)
            mpchar__sched_pack(s, own, recvcount, recvtype, mine);
        else
            mpchar__sched_pack(s, sendbuf, sendcount, sendtype, mine);
        return allgather_bruck(s, mine, blk, recvbuf, recvcount, recvtype);
    }
    struct own o = {sendbuf == MPI_IN_PLACE ? NULL : sendbuf, sendcount,
                    sendtype, own, recvcount};
    int *cd = equal_blocks(s, recvcount, p);
    return allgatherv_ring(s, &o, recvbuf, cd, cd + p, recvtype);
}

static int build_Allgatherv(struct sched *s, const void *sendbuf, int sendcount,
                            MPI_Datatype sendtype, void *recvbuf,
                            const int recvcounts[], const int displs[],
                            MPI_Datatype recvtype, MPI_Comm comm)
{
    int rc = check_all(comm, sendbuf, sendcount, sendtype, 0, recvtype);
    if (rc != MPI_SUCCESS)
        return rc;
    int r = comm->rank;
    struct own o = {sendbuf == MPI_IN_PLACE ? NULL : sendbuf, sendcount,
                    sendtype,
                    (char *)recvbuf + (MPI_Aint)displs[r] * recvtype->extent,
                    recvcounts[r]};
    return allgatherv_ring(s, &o, recvbuf, recvcounts, displs, recvtype);
}
MPCHAR_COLL_PAIR(Allgatherv, Iallgatherv, TAG_ALLGATHER,
                 (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                  recvtype, comm),
                 const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                 void *recvbuf, const int recvcounts[], const int displs[],
                 MPI_Datatype recvtype, MPI_Comm comm)

static int alltoall_bruck(struct sched *s, const char *packed, size_t blk,
                          void *recvbuf, int recvcount, MPI_Datatype recvtype)
{
    int p = s->comm->size, r = s->comm->rank, rc = MPI_SUCCESS;
    char *tmp = mpchar__sched_alloc(s, blk * (size_t)p + 1);
    char *pk = mpchar__sched_alloc(s, blk * (size_t)p + 1);
    char *in = mpchar__sched_alloc(s, blk * (size_t)p + 1);
    for (int i = 0; i < p;
         i++) /* rotate: index i holds the block for rank r+i */
        mpchar__sched_memcpy(s, tmp + blk * (size_t)i,
                             packed + blk * (size_t)((r + i) % p), blk);
    for (int k = 1; rc == MPI_SUCCESS && k < p; k <<= 1) {
        int n = 0;
        for (int i = 0; i < p; i++)
            if (i & k)
                mpchar__sched_memcpy(s, pk + blk * (size_t)n++,
                                     tmp + blk * (size_t)i, blk);
        rc = mpchar__sched_sendrecv(s, pk, (int)(blk * (size_t)n), MPI_BYTE,
                                    (r + k) % p, in, (int)(blk * (size_t)n),
                                    MPI_BYTE, (r - k + p) % p);
        n = 0;
        for (int i = 0; i < p; i++)
            if (i & k)
                mpchar__sched_memcpy(s, tmp + blk * (size_t)i,
                                     in + blk * (size_t)n++, blk);
    }
    MPI_Aint ext = recvtype->extent * recvcount;
    for (int j = 0; rc == MPI_SUCCESS && j < p; j++)
        mpchar__sched_unpack(s, tmp + blk * (size_t)((r - j + p) % p), blk,
                             recvcount, recvtype, (char *)recvbuf + ext * j);
    return rc;
}

/* Pairwise exchange; the own block is copied while the first exchange is
 * in flight. */
static int alltoallv_pairwise(struct sched *s, const void *sendbuf,
                              const int *scounts, const int *sdispls,
                              MPI_Datatype stype, void *recvbuf,
                              const int *rcounts, const int *rdispls,
                              MPI_Datatype rtype)
{
    int p = s->comm->size, r = s->comm->rank, rc = MPI_SUCCESS;
    struct own o = {
        (const char *)sendbuf + (MPI_Aint)sdispls[r] * stype->extent,
        scounts[r], stype,
        (char *)recvbuf + (MPI_Aint)rdispls[r] * rtype->extent, rcounts[r]};
    if (p == 1)
        own_copy(s, &o, rtype);
    for (int k = 1; rc == MPI_SUCCESS && k < p; k++) {
        int dst = (r + k) % p, src = (r - k + p) % p;
        if (rcounts[src] && rtype->size)
            rc = mpchar__sched_post_recv(
                s, (char *)recvbuf + (MPI_Aint)rdispls[src] * rtype->extent,
                rcounts[src], rtype, src);
        if (rc == MPI_SUCCESS && scounts[dst] && stype->size)
            rc = mpchar__sched_post_send(
                s,
                (const char *)sendbuf + (MPI_Aint)sdispls[dst] * stype->extent,
                scounts[dst], stype, dst);
        if (rc == MPI_SUCCESS && k == 1)
            own_copy(s, &o, rtype);
        if (rc == MPI_SUCCESS)
            rc = mpchar__sched_wait(s);
    }
    return rc;
}

/* Whether every send and receive count of a v- or w-exchange is 0 (comm
 * valid; the send counts do not count with MPI_IN_PLACE). */
static int counts_zero(MPI_Comm comm, const void *sendbuf, const int *scounts,
                       const int *rcounts)
{
    if (mpchar__comm_check(comm) != MPI_SUCCESS)
        return 0;
    int in_place = sendbuf == MPI_IN_PLACE;
    for (int i = 0; i < comm->size; i++)
        if (rcounts[i] || (!in_place && scounts[i]))
            return 0;
    return 1;
}

/* Whether every count of this rank's Alltoallv is 0, its arguments
 * valid: its peers' matching blocks are empty too, and the pairwise
 * exchange skips empty blocks on both sides, so it has nothing to do (an
 * empty sparse exchange took 432 ns against MPICH's 154).  Counts first,
 * so that a call with data pays no argument check twice. */
static int alltoallv_empty(MPI_Comm comm, const void *sendbuf,
                           const int *scounts, MPI_Datatype stype,
                           const int *rcounts, MPI_Datatype rtype)
{
    return counts_zero(comm, sendbuf, scounts, rcounts) &&
           check_all(comm, sendbuf, 0, stype, 0, rtype) == MPI_SUCCESS;
}

/* MPI_IN_PLACE: the data to send is recvbuf itself; a packed copy, made
 * by the schedule's first step; *sd_p gets each block's byte offset. */
static char *in_place_copy(struct sched *s, const void *recvbuf,
                           const int *counts, const int *displs,
                           MPI_Datatype type, int **sd_p)
{
    int p = s->comm->size;
    size_t total = 0;
    for (int i = 0; i < p; i++)
        total += (size_t)counts[i] * type->size;
    char *buf = mpchar__sched_alloc(s, total + 1);
    int *sd = mpchar__sched_alloc(s, (size_t)p * sizeof(int));
    size_t off = 0;
    for (int i = 0; i < p; i++) {
        mpchar__sched_pack(
            s, (const char *)recvbuf + (MPI_Aint)displs[i] * type->extent,
            counts[i], type, buf + off);
        sd[i] = (int)off;
        off += (size_t)counts[i] * type->size;
    }
    *sd_p = sd;
    return buf;
}

/* Alltoallv with MPI_IN_PLACE: pairwise exchange from a packed copy. */
static int alltoallv_in_place(struct sched *s, void *recvbuf,
                              const int *recvcounts, const int *rdispls,
                              MPI_Datatype recvtype)
{
    int p = s->comm->size, *sd;
    int *sc = mpchar__sched_alloc(s, (size_t)p * sizeof(int));
    char *copy = in_place_copy(s, recvbuf, recvcounts, rdispls, recvtype, &sd);
    for (int i = 0; i < p; i++)
        sc[i] = recvcounts[i] * (int)recvtype->size;
    return alltoallv_pairwise(s, copy, sc, sd, MPI_BYTE, recvbuf, recvcounts,
                              rdispls, recvtype);
}

static int build_Alltoallv(struct sched *s, const void *sendbuf,
                           const int sendcounts[], const int sdispls[],
                           MPI_Datatype sendtype, void *recvbuf,
                           const int recvcounts[], const int rdispls[],
                           MPI_Datatype recvtype, MPI_Comm comm)
{
    int rc = check_all(comm, sendbuf, 0, sendtype, 0, recvtype);
    if (rc != MPI_SUCCESS)
        return rc;
    if (sendbuf == MPI_IN_PLACE)
        return alltoallv_in_place(s, recvbuf, recvcounts, rdispls, recvtype);
    return alltoallv_pairwise(s, sendbuf, sendcounts, sdispls, sendtype,
                              recvbuf, recvcounts, rdispls, recvtype);
}
MPCHAR_COLL_PAIR_EMPTY(
    Alltoallv, Ialltoallv, TAG_ALLTOALL,
    alltoallv_empty(comm, sendbuf, sendcounts, sendtype, recvcounts, recvtype),
    (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
     recvtype, comm),
    const void *sendbuf, const int sendcounts[], const int sdispls[],
    MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
    const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)

/* Alltoallw: each block has its own count and type, and a displacement in
 * bytes; the pairwise exchange of Alltoallv. */
struct wblocks {
    const char *buf;
    const int *counts, *displs;
    const MPI_Datatype *types;
};

static int alltoallw_pairwise(struct sched *s, const struct wblocks *snd,
                              const struct wblocks *rcv)
{
    int p = s->comm->size, r = s->comm->rank, rc = MPI_SUCCESS;
    for (int k = 0; rc == MPI_SUCCESS && k < p; k++) {
        int dst = (r + k) % p, src = (r - k + p) % p;
        if (k == 0) {
            mpchar__sched_copy(s, snd->buf + snd->displs[r], snd->counts[r],
                               snd->types[r], (char *)rcv->buf + rcv->displs[r],
                               rcv->counts[r], rcv->types[r]);
            continue;
        }
        if (rcv->counts[src] && rcv->types[src]->size)
            rc =
                mpchar__sched_post_recv(s, (char *)rcv->buf + rcv->displs[src],
                                        rcv->counts[src], rcv->types[src], src);
        if (rc == MPI_SUCCESS && snd->counts[dst] && snd->types[dst]->size)
            rc =
                mpchar__sched_post_send(s, snd->buf + snd->displs[dst],
                                        snd->counts[dst], snd->types[dst], dst);
        if (rc == MPI_SUCCESS)
            rc = mpchar__sched_wait(s);
    }
    return rc;
}

/* MPI_IN_PLACE: every block of the receive buffer packed into one
 * temporary by the schedule's first step, sent as bytes. */
static void alltoallw_in_place(struct sched *s, const struct wblocks *rcv,
                               struct wblocks *snd)
{
    int p = s->comm->size;
    size_t total = 0;
    for (int i = 0; i < p; i++)
        total += (size_t)rcv->counts[i] * rcv->types[i]->size;
    char *buf = mpchar__sched_alloc(s, total + 1);
    int *cd = mpchar__sched_alloc(s, 2 * (size_t)p * sizeof *cd);
    MPI_Datatype *bytes = mpchar__sched_alloc(s, (size_t)p * sizeof *bytes);
    size_t off = 0;
    for (int i = 0; i < p; i++) {
        size_t len = (size_t)rcv->counts[i] * rcv->types[i]->size;
        mpchar__sched_pack(s, rcv->buf + rcv->displs[i], rcv->counts[i],
                           rcv->types[i], buf + off);
        cd[i] = (int)len;
        cd[p + i] = (int)off;
        bytes[i] = MPI_BYTE;
        off += len;
    }
    *snd = (struct wblocks){buf, cd, cd + p, bytes};
}

static int alltoallw_check(MPI_Comm comm, const void *sendbuf,
                           const int sendcounts[],
                           const MPI_Datatype sendtypes[],
                           const int recvcounts[],
                           const MPI_Datatype recvtypes[])
{
    int rc = mpchar__comm_check(comm);
    for (int i = 0; rc == MPI_SUCCESS && i < comm->size; i++) {
        rc = mpchar__check_args(comm, recvcounts[i], recvtypes[i]);
        if (rc == MPI_SUCCESS && sendbuf != MPI_IN_PLACE)
            rc = mpchar__check_args(comm, sendcounts[i], sendtypes[i]);
    }
    return rc;
}

/* Whether every count of this rank's Alltoallw is 0, its arguments valid
 * (as alltoallv_empty, counts first). */
static int alltoallw_empty(MPI_Comm comm, const void *sendbuf,
                           const int sendcounts[],
                           const MPI_Datatype sendtypes[],
                           const int recvcounts[],
                           const MPI_Datatype recvtypes[])
{
    return counts_zero(comm, sendbuf, sendcounts, recvcounts) &&
           alltoallw_check(comm, sendbuf, sendcounts, sendtypes, recvcounts,
                           recvtypes) == MPI_SUCCESS;
}

static int build_Alltoallw(struct sched *s, const void *sendbuf,
                           const int sendcounts[], const int sdispls[],
                           const MPI_Datatype sendtypes[], void *recvbuf,
                           const int recvcounts[], const int rdispls[],
                           const MPI_Datatype recvtypes[], MPI_Comm comm)
{
    int rc = alltoallw_check(comm, sendbuf, sendcounts, sendtypes, recvcounts,
                             recvtypes);
    if (rc != MPI_SUCCESS)
        return rc;
    struct wblocks rcv = {recvbuf, recvcounts, rdispls, recvtypes},
                   snd = {sendbuf, sendcounts, sdispls, sendtypes};
    if (sendbuf == MPI_IN_PLACE)
        alltoallw_in_place(s, &rcv, &snd);
    return alltoallw_pairwise(s, &snd, &rcv);
}
MPCHAR_COLL_PAIR_EMPTY(Alltoallw, Ialltoallw, TAG_ALLTOALL,
                       alltoallw_empty(comm, sendbuf, sendcounts, sendtypes,
                                       recvcounts, recvtypes),
                       (sendbuf, sendcounts, sdispls, sendtypes, recvbuf,
                        recvcounts, rdispls, recvtypes, comm),
                       const void *sendbuf, const int sendcounts[],
                       const int sdispls[], const MPI_Datatype sendtypes[],
                       void *recvbuf, const int recvcounts[],
                       const int rdispls[], const MPI_Datatype recvtypes[],
                       MPI_Comm comm)

/* Alltoall's schedule, the arguments checked. */
static int alltoall(struct sched *s, const void *sendbuf, int sendcount,
                    MPI_Datatype sendtype, void *recvbuf, int recvcount,
                    MPI_Datatype recvtype)
{
    int p = s->comm->size;
    size_t blk = (size_t)recvcount * recvtype->size;
    int *rcd = equal_blocks(s, recvcount, p);
    if (blk < mpchar__cfg.alltoall_long && p > 2) {
        char *packed;
        if (sendbuf == MPI_IN_PLACE) {
            int *sd;
            packed = in_place_copy(s, recvbuf, rcd, rcd + p, recvtype, &sd);
        } else {
            packed = mpchar__sched_alloc(s, blk * (size_t)p + 1);
            mpchar__sched_pack(s, sendbuf, sendcount * p, sendtype, packed);
        }
        return alltoall_bruck(s, packed, blk, recvbuf, recvcount, recvtype);
    }
    if (sendbuf == MPI_IN_PLACE)
        return alltoallv_in_place(s, recvbuf, rcd, rcd + p, recvtype);
    int *scd = equal_blocks(s, sendcount, p);
    return alltoallv_pairwise(s, sendbuf, scd, scd + p, sendtype, recvbuf, rcd,
                              rcd + p, recvtype);
}

/* MPI_Allgather and MPI_Alltoall take the same arguments and checks: one
 * builder each. */
#define ALL_BUILD(Name, IName, tag, run)                                    \
    static int build_##Name(struct sched *s, const void *sendbuf,           \
                            int sendcount, MPI_Datatype sendtype,           \
                            void *recvbuf, int recvcount,                   \
                            MPI_Datatype recvtype, MPI_Comm comm)           \
    {                                                                       \
        int rc = check_all(comm, sendbuf, sendcount, sendtype, recvcount,   \
                           recvtype);                                       \
        if (rc != MPI_SUCCESS || mpchar__coll_empty(recvcount, recvtype))   \
            return rc;                                                      \
        return run(s, sendbuf, sendcount, sendtype, recvbuf, recvcount,     \
                   recvtype);                                               \
    }                                                                       \
    MPCHAR_COLL_PAIR_EMPTY(                                                 \
        Name, IName, tag,                                                   \
        recvcount == 0 && check_all(comm, sendbuf, sendcount, sendtype,     \
                                    recvcount, recvtype) == MPI_SUCCESS,    \
        (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm), \
        const void *sendbuf, int sendcount, MPI_Datatype sendtype,          \
        void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
ALL_BUILD(Allgather, Iallgather, TAG_ALLGATHER, allgather)
ALL_BUILD(Alltoall, Ialltoall, TAG_ALLTOALL, alltoall)
#undef ALL_BUILD
