/* The substitutes of the equivalence table, written once over PMPI_
 * (substitutes.h).  Block layouts of p parts (counts and displacements in
 * elements) are allocated per call: these are collectives whose own cost
 * dwarfs a malloc of 2p ints. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "substitutes.h"

/* counts[i] = count/p (+1 for i < count%p), displs their prefix sums;
 * one allocation, *layout_p to free. */
static int blocks(int count, int p, int **layout_p)
{
    int *l = malloc(2 * (size_t)p * sizeof *l);
    if (!l)
        return MPI_ERR_NO_MEM;
    for (int i = 0, at = 0; i < p; i++) {
        l[i] = count / p + (i < count % p);
        l[p + i] = at;
        at += l[i];
    }
    *layout_p = l;
    return MPI_SUCCESS;
}

/* Address of element `index` of a buffer of type dt. */
static void *element(const void *buf, MPI_Datatype dt, int index)
{
    MPI_Aint lb, extent;
    PMPI_Type_get_extent(dt, &lb, &extent);
    return (char *)(uintptr_t)buf + (MPI_Aint)index * extent;
}

int mpchar_sub_bcast_sa(void *buf, int count, MPI_Datatype dt, int root,
                        MPI_Comm comm)
{
    int p, rank, *l, rc;
    PMPI_Comm_size(comm, &p);
    PMPI_Comm_rank(comm, &rank);
    if ((rc = blocks(count, p, &l)) != MPI_SUCCESS)
        return rc;
    void *mine = element(buf, dt, l[p + rank]);
    if (count % p == 0) {
        int b = count / p;
        rc = PMPI_Scatter(buf, b, dt, rank == root ? MPI_IN_PLACE : mine, b, dt,
                          root, comm);
        if (rc == MPI_SUCCESS)
            rc = PMPI_Allgather(MPI_IN_PLACE, 0, dt, buf, b, dt, comm);
    } else {
        rc =
            PMPI_Scatterv(buf, l, l + p, dt, rank == root ? MPI_IN_PLACE : mine,
                          l[rank], dt, root, comm);
        if (rc == MPI_SUCCESS)
            rc = PMPI_Allgatherv(MPI_IN_PLACE, 0, dt, buf, l, l + p, dt, comm);
    }
    free(l);
    return rc;
}

int mpchar_sub_allgather_gb(const void *sbuf, int scount, MPI_Datatype stype,
                            void *rbuf, int rcount, MPI_Datatype rtype,
                            MPI_Comm comm)
{
    int p, rank, rc;
    PMPI_Comm_size(comm, &p);
    PMPI_Comm_rank(comm, &rank);
    if (sbuf == MPI_IN_PLACE) {
        /* rank 0's block is in place; the others send theirs from rbuf */
        if (rank == 0)
            rc = PMPI_Gather(MPI_IN_PLACE, 0, rtype, rbuf, rcount, rtype, 0,
                             comm);
        else
            rc = PMPI_Gather(element(rbuf, rtype, rank * rcount), rcount, rtype,
                             NULL, 0, rtype, 0, comm);
    } else {
        rc = PMPI_Gather(sbuf, scount, stype, rbuf, rcount, rtype, 0, comm);
    }
    if (rc == MPI_SUCCESS)
        rc = PMPI_Bcast(rbuf, p * rcount, rtype, 0, comm);
    return rc;
}

/* A temporary vector of count elements of dt at rank 0 (true extent). */
static int scratch(int count, MPI_Datatype dt, void **buf_p, void **base_p)
{
    MPI_Aint lb, extent, tlb, textent;
    PMPI_Type_get_extent(dt, &lb, &extent);
    PMPI_Type_get_true_extent(dt, &tlb, &textent);
    size_t bytes = count > 0 ? (size_t)((count - 1) * extent + textent) : 1;
    *base_p = malloc(bytes);
    if (!*base_p)
        return MPI_ERR_NO_MEM;
    *buf_p = (char *)*base_p - tlb;
    return MPI_SUCCESS;
}

/* Reduce of the whole vector to rank 0, then the scatter that `equal`
 * chooses. */
static int reduce_then_scatter(const void *sbuf, void *rbuf,
                               const int rcounts[], MPI_Datatype dt, MPI_Op op,
                               MPI_Comm comm, int equal)
{
    int p, rank, rc = MPI_SUCCESS, total = 0;
    PMPI_Comm_size(comm, &p);
    PMPI_Comm_rank(comm, &rank);
    for (int i = 0; i < p; i++)
        total += rcounts[i];
    int *displs = malloc((size_t)p * sizeof *displs);
    if (!displs)
        return MPI_ERR_NO_MEM;
    for (int i = 0, at = 0; i < p; i++) {
        displs[i] = at;
        at += rcounts[i];
    }
    void *tmp = NULL, *base = NULL;
    if (rank == 0)
        rc = scratch(total, dt, &tmp, &base);
    if (rc == MPI_SUCCESS)
        rc = PMPI_Reduce(sbuf, tmp, total, dt, op, 0, comm);
    if (rc == MPI_SUCCESS && equal)
        rc = PMPI_Scatter(tmp, rcounts[0], dt, rbuf, rcounts[0], dt, 0, comm);
    else if (rc == MPI_SUCCESS)
        rc = PMPI_Scatterv(tmp, rcounts, displs, dt, rbuf, rcounts[rank], dt, 0,
                           comm);
    free(base);
    free(displs);
    return rc;
}

int mpchar_sub_reduce_scatter_rs(const void *sbuf, void *rbuf,
                                 const int rcounts[], MPI_Datatype dt,
                                 MPI_Op op, MPI_Comm comm)
{
    return reduce_then_scatter(sbuf, rbuf, rcounts, dt, op, comm, 0);
}

int mpchar_sub_reduce_scatter_rsc(const void *sbuf, void *rbuf,
                                  const int rcounts[], MPI_Datatype dt,
                                  MPI_Op op, MPI_Comm comm)
{
    return reduce_then_scatter(sbuf, rbuf, rcounts, dt, op, comm, 1);
}

int mpchar_sub_allreduce_rb(const void *sbuf, void *rbuf, int count,
                            MPI_Datatype dt, MPI_Op op, MPI_Comm comm)
{
    int rank, rc;
    PMPI_Comm_rank(comm, &rank);
    if (sbuf == MPI_IN_PLACE && rank != 0)
        /* the input is in rbuf; only the root may say MPI_IN_PLACE */
        rc = PMPI_Reduce(rbuf, NULL, count, dt, op, 0, comm);
    else
        rc = PMPI_Reduce(sbuf, rbuf, count, dt, op, 0, comm);
    if (rc == MPI_SUCCESS)
        rc = PMPI_Bcast(rbuf, count, dt, 0, comm);
    return rc;
}

int mpchar_sub_allreduce_rsag(const void *sbuf, void *rbuf, int count,
                              MPI_Datatype dt, MPI_Op op, MPI_Comm comm)
{
    int p, rank, *l, rc;
    PMPI_Comm_size(comm, &p);
    PMPI_Comm_rank(comm, &rank);
    if ((rc = blocks(count, p, &l)) != MPI_SUCCESS)
        return rc;
    rc = PMPI_Reduce_scatter(sbuf, element(rbuf, dt, l[p + rank]), l, dt, op,
                             comm);
    if (rc == MPI_SUCCESS)
        rc = PMPI_Allgatherv(MPI_IN_PLACE, 0, dt, rbuf, l, l + p, dt, comm);
    free(l);
    return rc;
}
