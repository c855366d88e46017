/*
 * Neighbourhood collectives (MPI-3.1 7.6): MPI_Neighbor_allgather(v),
 * MPI_Neighbor_alltoall(v,w) and their nonblocking twins, on Cartesian
 * communicators and distributed graphs.
 *
 * Each is one round of the schedule: a receive per in-neighbour into its
 * block, a send per out-neighbour from its block, then the wait.  A
 * Cartesian communicator's neighbours are, per dimension, the one at -1
 * and the one at +1 (MPI_PROC_NULL past an edge that does not wrap: no
 * transfer).  All messages of one call carry the same tag, so what pairs
 * a send with a receive is their order: a process posts its receives in
 * block order and its sends, per dimension, +1's block before -1's.  The
 * k-th message from X to Y then lands in the k-th block Y expects from X,
 * also when X is both of Y's neighbours in a periodic dimension of 2 or
 * 1.  A graph's blocks follow its lists, whose duplicate edges MPI pairs
 * in list order too.
 */
#include "coll.h"

/* A communicator's neighbours: in[] the sources of the receive blocks,
 * out[] the destinations of the send blocks, and the order of the sends
 * (NULL: block order). */
struct nbrs {
    int nin, nout;
    const int *in, *out, *send_order;
};

/* A block of a neighbour exchange. */
struct block {
    char *buf;
    int count;
    MPI_Datatype type;
};

static int cart_neighbors(struct sched *s, MPI_Comm comm, struct nbrs *nb)
{
    int nd = comm->cart->ndims;
    int *v = mpchar__sched_alloc(s, 3 * 2 * (size_t)(nd ? nd : 1) * sizeof *v);
    int *order = v + 2 * nd;
    for (int d = 0; d < nd; d++) {
        int rc = PMPI_Cart_shift(comm, d, 1, &v[2 * d], &v[2 * d + 1]);
        if (rc != MPI_SUCCESS)
            return rc;
        order[2 * d] = 2 * d + 1;
        order[2 * d + 1] = 2 * d;
    }
    *nb = (struct nbrs){2 * nd, 2 * nd, v, v, order};
    return MPI_SUCCESS;
}

static int neighbors_of(struct sched *s, MPI_Comm comm, struct nbrs *nb)
{
    if (comm->graph) {
        const struct rt_graph *g = comm->graph;
        *nb = (struct nbrs){g->indegree, g->outdegree, g->sources,
                            g->destinations, NULL};
        return MPI_SUCCESS;
    }
    return comm->cart ? cart_neighbors(s, comm, nb) : MPI_ERR_TOPOLOGY;
}

static int exchange(struct sched *s, const struct nbrs *nb,
                    const struct block *out, const struct block *in)
{
    int rc = MPI_SUCCESS;
    for (int i = 0; rc == MPI_SUCCESS && i < nb->nin; i++)
        if (nb->in[i] != MPI_PROC_NULL)
            rc = mpchar__sched_post_recv(s, in[i].buf, in[i].count, in[i].type,
                                         nb->in[i]);
    for (int k = 0; rc == MPI_SUCCESS && k < nb->nout; k++) {
        int i = nb->send_order ? nb->send_order[k] : k;
        if (nb->out[i] != MPI_PROC_NULL)
            rc = mpchar__sched_post_send(s, out[i].buf, out[i].count,
                                         out[i].type, nb->out[i]);
    }
    return rc == MPI_SUCCESS ? mpchar__sched_wait(s) : rc;
}

/* The neighbours and room for their blocks, the arguments checked. */
static int prepare(struct sched *s, MPI_Comm comm, MPI_Datatype stype,
                   MPI_Datatype rtype, struct nbrs *nb, struct block **out,
                   struct block **in)
{
    int rc = mpchar__check_args(comm, 0, rtype);
    if (rc == MPI_SUCCESS)
        rc = mpchar__check_args(comm, 0, stype);
    if (rc == MPI_SUCCESS)
        rc = neighbors_of(s, comm, nb);
    if (rc != MPI_SUCCESS)
        return rc;
    *out = mpchar__sched_alloc(s, ((size_t)nb->nout + 1) * sizeof **out);
    *in = mpchar__sched_alloc(s, ((size_t)nb->nin + 1) * sizeof **in);
    return MPI_SUCCESS;
}

static char *at(const void *buf, MPI_Aint elements, MPI_Datatype type)
{
    return (char *)buf + elements * type->extent;
}

/* n blocks of count elements: block i at i * count elements (stride 1),
 * or all at the buffer's start (stride 0: allgather's one send block). */
static void regular_blocks(struct block *b, int n, const void *buf, int count,
                           MPI_Datatype type, int stride)
{
    for (int i = 0; i < n; i++)
        b[i] = (struct block){at(buf, (MPI_Aint)i * stride * count, type),
                              count, type};
}

/* n blocks of counts[i] elements at displs[i] elements. */
static void varying_blocks(struct block *b, int n, const void *buf,
                           const int *counts, const int *displs,
                           MPI_Datatype type)
{
    for (int i = 0; i < n; i++)
        b[i] = (struct block){at(buf, displs[i], type), counts[i], type};
}

/* Neighbor_allgather (send_stride 0) and Neighbor_alltoall (1). */
static int neighbor_regular(struct sched *s, const void *sendbuf, int sendcount,
                            MPI_Datatype sendtype, int send_stride,
                            void *recvbuf, int recvcount, MPI_Datatype recvtype,
                            MPI_Comm comm)
{
    struct nbrs nb;
    struct block *out, *in;
    int rc = prepare(s, comm, sendtype, recvtype, &nb, &out, &in);
    if (rc == MPI_SUCCESS && (sendcount < 0 || recvcount < 0))
        rc = MPI_ERR_COUNT;
    if (rc != MPI_SUCCESS)
        return rc;
    regular_blocks(out, nb.nout, sendbuf, sendcount, sendtype, send_stride);
    regular_blocks(in, nb.nin, recvbuf, recvcount, recvtype, 1);
    return exchange(s, &nb, out, in);
}

static int build_Neighbor_allgather(struct sched *s, const void *sendbuf,
                                    int sendcount, MPI_Datatype sendtype,
                                    void *recvbuf, int recvcount,
                                    MPI_Datatype recvtype, MPI_Comm comm)
{
    return neighbor_regular(s, sendbuf, sendcount, sendtype, 0, recvbuf,
                            recvcount, recvtype, comm);
}
MPCHAR_COLL_PAIR(Neighbor_allgather, Ineighbor_allgather, TAG_NEIGHBOR,
                 (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                  comm),
                 const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype,
                 MPI_Comm comm)

static int build_Neighbor_alltoall(struct sched *s, const void *sendbuf,
                                   int sendcount, MPI_Datatype sendtype,
                                   void *recvbuf, int recvcount,
                                   MPI_Datatype recvtype, MPI_Comm comm)
{
    return neighbor_regular(s, sendbuf, sendcount, sendtype, 1, recvbuf,
                            recvcount, recvtype, comm);
}
MPCHAR_COLL_PAIR(Neighbor_alltoall, Ineighbor_alltoall, TAG_NEIGHBOR,
                 (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                  comm),
                 const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype,
                 MPI_Comm comm)

static int build_Neighbor_allgatherv(struct sched *s, const void *sendbuf,
                                     int sendcount, MPI_Datatype sendtype,
                                     void *recvbuf, const int recvcounts[],
                                     const int displs[], MPI_Datatype recvtype,
                                     MPI_Comm comm)
{
    struct nbrs nb;
    struct block *out, *in;
    int rc = prepare(s, comm, sendtype, recvtype, &nb, &out, &in);
    if (rc == MPI_SUCCESS && sendcount < 0)
        rc = MPI_ERR_COUNT;
    if (rc != MPI_SUCCESS)
        return rc;
    regular_blocks(out, nb.nout, sendbuf, sendcount, sendtype, 0);
    varying_blocks(in, nb.nin, recvbuf, recvcounts, displs, recvtype);
    return exchange(s, &nb, out, in);
}
MPCHAR_COLL_PAIR(Neighbor_allgatherv, Ineighbor_allgatherv, TAG_NEIGHBOR,
                 (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                  recvtype, comm),
                 const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                 void *recvbuf, const int recvcounts[], const int displs[],
                 MPI_Datatype recvtype, MPI_Comm comm)

static int build_Neighbor_alltoallv(struct sched *s, const void *sendbuf,
                                    const int sendcounts[], const int sdispls[],
                                    MPI_Datatype sendtype, void *recvbuf,
                                    const int recvcounts[], const int rdispls[],
                                    MPI_Datatype recvtype, MPI_Comm comm)
{
    struct nbrs nb;
    struct block *out, *in;
    int rc = prepare(s, comm, sendtype, recvtype, &nb, &out, &in);
    if (rc != MPI_SUCCESS)
        return rc;
    varying_blocks(out, nb.nout, sendbuf, sendcounts, sdispls, sendtype);
    varying_blocks(in, nb.nin, recvbuf, recvcounts, rdispls, recvtype);
    return exchange(s, &nb, out, in);
}
MPCHAR_COLL_PAIR(Neighbor_alltoallv, Ineighbor_alltoallv, TAG_NEIGHBOR,
                 (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts,
                  rdispls, recvtype, comm),
                 const void *sendbuf, const int sendcounts[],
                 const int sdispls[], MPI_Datatype sendtype, void *recvbuf,
                 const int recvcounts[], const int rdispls[],
                 MPI_Datatype recvtype, MPI_Comm comm)

/* Alltoallw's displacements are in bytes and each block has its type. */
static int
build_Neighbor_alltoallw(struct sched *s, const void *sendbuf,
                         const int sendcounts[], const MPI_Aint sdispls[],
                         const MPI_Datatype sendtypes[], void *recvbuf,
                         const int recvcounts[], const MPI_Aint rdispls[],
                         const MPI_Datatype recvtypes[], MPI_Comm comm)
{
    struct nbrs nb;
    struct block *out, *in;
    int rc = prepare(s, comm, MPI_BYTE, MPI_BYTE, &nb, &out, &in);
    for (int i = 0; rc == MPI_SUCCESS && i < nb.nout; i++) {
        rc = mpchar__check_args(comm, sendcounts[i], sendtypes[i]);
        out[i] = (struct block){(char *)sendbuf + sdispls[i], sendcounts[i],
                                sendtypes[i]};
    }
    for (int i = 0; rc == MPI_SUCCESS && i < nb.nin; i++) {
        rc = mpchar__check_args(comm, recvcounts[i], recvtypes[i]);
        in[i] = (struct block){(char *)recvbuf + rdispls[i], recvcounts[i],
                               recvtypes[i]};
    }
    return rc == MPI_SUCCESS ? exchange(s, &nb, out, in) : rc;
}
MPCHAR_COLL_PAIR(Neighbor_alltoallw, Ineighbor_alltoallw, TAG_NEIGHBOR,
                 (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts,
                  rdispls, recvtypes, comm),
                 const void *sendbuf, const int sendcounts[],
                 const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
                 void *recvbuf, const int recvcounts[],
                 const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
                 MPI_Comm comm)
