/*
 * Shared helpers of the collective algorithms (coll_util.c).
 *
 * Collectives run on the communicator's collective context (ctx + 1), with
 * one tag per operation, so they never match user point-to-point traffic
 * and successive collectives match in call order (the rings are FIFO).
 */
#ifndef MPCHAR_RT_COLL_H
#define MPCHAR_RT_COLL_H

#include "rt.h"

enum {
    TAG_BARRIER = 1,
    TAG_BCAST,
    TAG_SCATTER,
    TAG_GATHER,
    TAG_ALLGATHER,
    TAG_ALLTOALL,
    TAG_REDUCE,
    TAG_ALLREDUCE,
    TAG_REDSCAT,
    TAG_SCAN,
    TAG_EXSCAN,
    TAG_FOLD,
    TAG_IBARRIER
};

/* A buffer laid out like count elements of type (true extent honoured);
 * *mem_p goes back through mpchar__tbuf_free. */
void *mpchar__tbuf_alloc(int count, MPI_Datatype type, void **mem_p);
void mpchar__tbuf_free(void *mem);
/* Frees the temporaries kept for later collectives (at finalize). */
void mpchar__tbuf_cache_free(void);
/* Copies count elements between typed buffers (possibly different types
 * with the same signature). */
void mpchar__tbuf_copy(const void *src, int scount, MPI_Datatype stype,
                       void *dst, int rcount, MPI_Datatype rtype);
/* Greatest power of two <= n. */
int mpchar__pof2(int n);
/* mpchar__check_args, and a root that names a rank of comm. */
int mpchar__coll_check_rooted(MPI_Comm comm, int count, MPI_Datatype type,
                              int root);
/* Whether a call's blocks of count elements of type hold no bytes.  MPI's
 * collectives other than Barrier need not synchronize, and when every
 * block is empty (MPI's matching rules make that hold on every rank at
 * once) the call returns after its argument checks without a message, as
 * Open MPI and MPICH do (docs/performance.md, "Collectives at p = 2"). */
static inline int mpchar__coll_empty(int count, MPI_Datatype type)
{
    return count == 0 || type->size == 0;
}

#endif
