/*
 * Reduce and Allreduce between two processes through each other's memory.
 *
 * At p = 2 a reduction is one message and one operation, both over all n
 * bytes, on one rank: the root reads the peer's operand and combines it
 * with its own while the peer waits.  Above MPCHAR_RT_PAIR_SPLIT_MIN, with
 * cross-memory attach and a commutative operation on a contiguous type,
 * the two ranks split the work instead: after trading the addresses of
 * their operands and result buffers, each reads the half of the peer's
 * operand it combines (process_vm_readv), combines it with its own half,
 * and (Allreduce, or the non-root of a Reduce) writes the combined half
 * into the peer's result buffer (process_vm_writev).  Each rank moves n/2
 * bytes in and combines n/2, where the root moved and combined n; a last
 * zero-byte exchange keeps both ranks in the call until neither reads or
 * writes the other's buffers any more (docs/performance.md, "Issue 21:
 * the libraries measured in the same VM state").
 */
#include "coll.h"

#include <stdint.h>

struct pair_addrs {
    uint64_t value; /* the rank's operand (its result buffer if in place) */
    uint64_t result;
};

int mpchar__pair_split(const struct sched *s, int count, MPI_Datatype type,
                       MPI_Op op)
{
    size_t bytes = (size_t)count * type->size;
    return !s->record && s->comm->size == 2 && op->commute && type->contig &&
           count >= 2 && mpchar__cfg.pair_split_min &&
           bytes >= mpchar__cfg.pair_split_min && mpchar__engine_cma();
}

/* dst = mine op the peer's n elements at remote.  The peer's bytes land in
 * dst itself unless dst holds this rank's operand (in place). */
static int combine_half(struct sched *s, int world, const char *mine, char *dst,
                        uint64_t remote, int n, MPI_Datatype type, MPI_Op op)
{
    size_t len = (size_t)n * type->size;
    if (dst == mine) {
        char *tmp = mpchar__sched_alloc(s, len);
        mpchar__cma(world, 0, tmp, remote, len, 1);
        return mpchar__op_apply(op, tmp, dst, n, type);
    }
    mpchar__cma(world, 0, dst, remote, len, 1);
    return mpchar__op_apply(op, mine, dst, n, type);
}

/* Rank `lower_rank` combines the first count/2 elements, the other rank
 * the rest; a rank that keeps a result combines into its result buffer,
 * else into a temporary, and one that gives writes its half into the
 * peer's result buffer. */
static int pair_run(struct sched *s, const void *sbuf, void *rbuf, int count,
                    MPI_Datatype type, MPI_Op op, int lower_rank, int keep,
                    int give)
{
    int me = s->comm->rank, peer = 1 - me, world = s->comm->world[peer];
    const char *value = sbuf == MPI_IN_PLACE ? rbuf : sbuf;
    struct pair_addrs mine = {(uint64_t)(uintptr_t)value,
                              (uint64_t)(uintptr_t)rbuf},
                      theirs;
    int rc = mpchar__sched_sendrecv(s, &mine, sizeof mine, MPI_BYTE, peer,
                                    &theirs, sizeof theirs, MPI_BYTE, peer);
    int low = count / 2, n = me == lower_rank ? low : count - low;
    size_t off = me == lower_rank ? 0 : (size_t)low * type->size;
    size_t len = (size_t)n * type->size;
    char *dst = keep ? (char *)rbuf + off : mpchar__sched_alloc(s, len);
    if (rc == MPI_SUCCESS)
        rc = combine_half(s, world, value + off, dst, theirs.value + off, n,
                          type, op);
    if (rc == MPI_SUCCESS && give)
        mpchar__cma(world, 1, dst, theirs.result + off, len, 1);
    int rc_end = mpchar__sched_sendrecv(s, NULL, 0, MPI_BYTE, peer, NULL, 0,
                                        MPI_BYTE, peer);
    return rc != MPI_SUCCESS ? rc : rc_end;
}

int mpchar__reduce_pair(struct sched *s, const void *sbuf, void *rbuf,
                        int count, MPI_Datatype type, MPI_Op op, int root)
{
    int is_root = s->comm->rank == root;
    return pair_run(s, sbuf, rbuf, count, type, op, root, is_root, !is_root);
}

int mpchar__allreduce_pair(struct sched *s, const void *sbuf, void *rbuf,
                           int count, MPI_Datatype type, MPI_Op op)
{
    return pair_run(s, sbuf, rbuf, count, type, op, 0, 1, 1);
}
