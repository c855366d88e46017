/*
 * Shared helpers of the collective algorithms (coll_util.c), and the
 * pairing of each blocking collective with its nonblocking twin.
 *
 * Collectives run on the communicator's collective context (ctx + 1), so
 * they never match user point-to-point traffic.  A blocking collective
 * uses its operation's tag, and successive ones match in call order (the
 * rings are FIFO); a nonblocking one takes the next tag of its
 * communicator's sequence (coll_nbc.c), so that several pending ones, and
 * blocking ones meanwhile, never take each other's messages.
 */
#ifndef MPCHAR_RT_COLL_H
#define MPCHAR_RT_COLL_H

#include "coll_sched.h"
#include "rt.h"

#pragma GCC visibility push(hidden) /* internal names: rt.h */

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
    TAG_NEIGHBOR,
    TAG_NBC /* nonblocking collectives: TAG_NBC + a sequence number */
};

/* Ends a blocking collective's schedule; an error (rc, the build's, or
 * the run's) goes through the communicator's handler as fn's.  Inline,
 * with the checks below, because a collective that returns at once is
 * little more than these (docs/performance.md, "Per-call cost of
 * the collectives"). */
static inline int mpchar__coll_block(struct sched *s, int rc, const char *fn)
{
    int rc_run = mpchar__sched_end(s);
    if (rc == MPI_SUCCESS)
        rc = rc_run;
    return rc == MPI_SUCCESS ? rc : mpchar__err(s->comm, rc, fn);
}
/* A recorded schedule for a nonblocking collective on comm, and its
 * start: rc is the build's result; on success *request is the new
 * request, which the progress engine completes (coll_nbc.c). */
struct sched *mpchar__nbc_new(MPI_Comm comm);
int mpchar__nbc_start(struct sched *s, int rc, MPI_Request *request,
                      const char *fn);

/* MPI_Scatterv's schedule, also the last part of a non-commutative
 * Reduce_scatter (coll_rooted.c). */
int mpchar__scatterv_build(struct sched *s, const void *sendbuf,
                           const int sendcounts[], const int displs[],
                           MPI_Datatype sendtype, void *recvbuf, int recvcount,
                           MPI_Datatype recvtype, int root);

/* Reduce and Allreduce at p = 2 with the work split in halves through
 * each other's memory (coll_pair.c): whether they apply, and the calls. */
int mpchar__pair_split(const struct sched *s, int count, MPI_Datatype type,
                       MPI_Op op);
int mpchar__reduce_pair(struct sched *s, const void *sbuf, void *rbuf,
                        int count, MPI_Datatype type, MPI_Op op, int root);
int mpchar__allreduce_pair(struct sched *s, const void *sbuf, void *rbuf,
                           int count, MPI_Datatype type, MPI_Op op);

#define MPCHAR_UNPAREN(...) __VA_ARGS__
/* MPI_<Name> and its nonblocking twin MPI_<IName> (MPI_Ibcast for Bcast)
 * from one schedule builder, build_<Name>(struct sched *, args...), whose
 * arguments are the call's parameters (the varargs) without the request.
 * empty, an expression over the parameters, is true when the arguments
 * pass the builder's checks and no block holds a byte: the blocking call
 * then returns before it sets up a schedule (an empty MPI_Scatter took
 * 5.3 ns against Open MPI's 2.2, 2.3 ns so; docs/performance.md, "Issue
 * 21: the libraries measured in the same VM state").  It tests the counts
 * first where it can, so that a call with data pays one comparison.  The
 * schedule lives in block_<Name>, so that the empty path sets up no
 * 800-byte frame (an empty MPI_Scan 5.0 ns, then 3.1: docs/performance.md,
 * "Issue 21: empty reductions without a frame"). */
#define MPCHAR_COLL_PAIR(Name, IName, tag, args, ...) \
    MPCHAR_COLL_PAIR_EMPTY(Name, IName, tag, 0, args, __VA_ARGS__)
#define MPCHAR_COLL_PAIR_EMPTY(Name, IName, tag, empty, args, ...)           \
    __attribute__((noinline)) static int block_##Name(__VA_ARGS__)           \
    {                                                                        \
        struct sched s;                                                      \
        mpchar__sched_begin(&s, comm, tag, 0);                               \
        return mpchar__coll_block(&s, build_##Name(&s, MPCHAR_UNPAREN args), \
                                  "MPI_" #Name);                             \
    }                                                                        \
    int PMPI_##Name(__VA_ARGS__)                                             \
    {                                                                        \
        if (empty)                                                           \
            return MPI_SUCCESS;                                              \
        return block_##Name(MPCHAR_UNPAREN args);                            \
    }                                                                        \
    MPCHAR_RT_WEAK(Name)                                                     \
    int PMPI_##IName(__VA_ARGS__, MPI_Request *request)                      \
    {                                                                        \
        struct sched *s = mpchar__nbc_new(comm);                             \
        return mpchar__nbc_start(s, build_##Name(s, MPCHAR_UNPAREN args),    \
                                 request, "MPI_" #IName);                    \
    }                                                                        \
    MPCHAR_RT_WEAK(IName)

/* A buffer laid out like count elements of type (true extent honoured);
 * *mem_p goes back through mpchar__tbuf_free. */
void *mpchar__tbuf_alloc(int count, MPI_Datatype type, void **mem_p);
/* The bytes such a buffer spans, and (in *lo_p) the offset of its start
 * from the buffer's origin. */
size_t mpchar__tbuf_span(int count, MPI_Datatype type, MPI_Aint *lo_p);
void mpchar__tbuf_free(void *mem);
/* Frees the temporaries kept for later collectives (at finalize). */
void mpchar__tbuf_cache_free(void);
/* Copies count elements between typed buffers (possibly different types
 * with the same signature). */
void mpchar__tbuf_copy(const void *src, int scount, MPI_Datatype stype,
                       void *dst, int rcount, MPI_Datatype rtype);
/* Greatest power of two <= n. */
int mpchar__pof2(int n);
/* mpchar__check_comm, and a root that names a rank of comm. */
static inline int mpchar__coll_check_root(MPI_Comm comm, int root)
{
    int rc = mpchar__check_comm(comm);
    if (rc == MPI_SUCCESS && (root < 0 || root >= comm->size))
        rc = MPI_ERR_ROOT;
    return rc;
}
/* mpchar__check_args, and a root that names a rank of comm. */
static inline int mpchar__coll_check_rooted(MPI_Comm comm, int count,
                                            MPI_Datatype type, int root)
{
    int rc = mpchar__check_args(comm, count, type);
    return rc != MPI_SUCCESS ? rc : mpchar__coll_check_root(comm, root);
}
/* Whether a call's blocks of count elements of type hold no bytes.  MPI's
 * collectives other than Barrier need not synchronize, and when every
 * block is empty (MPI's matching rules make that hold on every rank at
 * once) the call returns after its argument checks without a message, as
 * Open MPI and MPICH do (docs/performance.md, "Collectives at p = 2"). */
static inline int mpchar__coll_empty(int count, MPI_Datatype type)
{
    return count == 0 || type->size == 0;
}

#pragma GCC visibility pop

#endif
