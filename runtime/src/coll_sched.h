/*
 * Collective schedules (coll_sched.c): the one description of every
 * collective algorithm, run either at once (blocking collectives) or
 * recorded and advanced by the progress engine (nonblocking ones).
 *
 * An algorithm is written once as a sequence of steps on a struct sched:
 * posted sends and receives, waits that end a round, and local steps
 * (copies, packing, reductions).  A blocking collective runs each step as
 * it is added, so it behaves as straight-line code; a nonblocking one
 * records the steps and runs them later, a round at a time, whenever the
 * process is inside MPI.  Local steps added between posts and their wait
 * run, when recorded, after the round's transfers complete: algorithms do
 * not depend on the order inside a round.  Control flow of an algorithm
 * may depend on ranks, counts and settings, never on received data.
 */
#ifndef MPCHAR_RT_COLL_SCHED_H
#define MPCHAR_RT_COLL_SCHED_H

#include "rt.h"

#include <stddef.h>

#pragma GCC visibility push(hidden) /* internal names: rt.h */

struct sched_step;

struct sched_mem {
    void *p;
    int tbuf; /* 1: from mpchar__tbuf_alloc */
};

/* Blocking collectives allocate nothing for the bookkeeping of a few
 * transfers and temporaries: those arrays start inside the schedule. */
#define SCHED_SMALL 4
/* Small temporaries (the blocks of a collective of a few hundred bytes)
 * come from an arena inside the schedule, not from malloc: at p = 2 a
 * malloc/free pair was a visible part of a 64-byte collective. */
#define SCHED_ARENA 512

struct sched {
    MPI_Comm comm;
    int tag;    /* every message of the schedule: one operation, one tag */
    int record; /* 0: run steps as they are added; 1: record them */
    int rc;     /* first error */
    /* requests posted in the current round and not yet waited for */
    MPI_Request *pend;
    size_t npend, cpend;
    MPI_Request pend_small[SCHED_SMALL];
    /* recorded steps and the next one to run */
    struct sched_step *steps;
    size_t nsteps, csteps, pos;
    /* temporaries released with the schedule */
    struct sched_mem *mem;
    size_t nmem, cmem;
    struct sched_mem mem_small[SCHED_SMALL];
    size_t arena_used;
    _Alignas(max_align_t) unsigned char arena[SCHED_ARENA];
    /* datatypes retained while recorded steps refer to them */
    MPI_Datatype *types;
    size_t ntypes, ctypes;
};

/* The schedule must not move between begin and end (its arrays start
 * inside it).  Field by field, leaving the small arrays alone: a memset
 * of the whole schedule was a third of a one-process MPI_Allreduce's
 * time; inline, with mpchar__sched_end's common case, because a
 * collective that returns at once is little more than these two. */
static inline void mpchar__sched_begin(struct sched *s, MPI_Comm comm, int tag,
                                       int record)
{
    s->comm = comm;
    s->tag = tag;
    s->record = record;
    s->rc = MPI_SUCCESS;
    s->pend = s->pend_small;
    s->mem = s->mem_small;
    s->npend = s->nmem = 0;
    s->cpend = s->cmem = SCHED_SMALL;
    s->arena_used = 0;
    s->steps = NULL;
    s->nsteps = s->csteps = s->pos = 0;
    s->types = NULL;
    s->ntypes = s->ctypes = 0;
}
/* Runs a recorded schedule as far as it can go without waiting; returns
 * 1 when every step has run. */
int mpchar__sched_advance(struct sched *s);
/* Releases temporaries and retained types; returns the first error. */
int mpchar__sched_end_slow(struct sched *s);
static inline int mpchar__sched_end(struct sched *s)
{
    if (!s->record && !s->npend && !s->nmem && s->pend == s->pend_small &&
        s->mem == s->mem_small)
        return s->rc; /* nothing pending, allocated or recorded */
    return mpchar__sched_end_slow(s);
}

/* Temporaries that live until mpchar__sched_end: raw bytes, and a buffer
 * laid out like count elements of type (mpchar__tbuf_alloc). */
void *mpchar__sched_alloc(struct sched *s, size_t bytes);
void *mpchar__sched_tbuf(struct sched *s, int count, MPI_Datatype type);

/* Transfers of the current round, and the wait that ends it. */
int mpchar__sched_post_send(struct sched *s, const void *buf, int count,
                            MPI_Datatype type, int peer);
int mpchar__sched_post_recv(struct sched *s, void *buf, int count,
                            MPI_Datatype type, int peer);
int mpchar__sched_wait(struct sched *s);
/* A round of one transfer, and of one receive and one send. */
int mpchar__sched_send(struct sched *s, const void *buf, int count,
                       MPI_Datatype type, int peer);
int mpchar__sched_recv(struct sched *s, void *buf, int count, MPI_Datatype type,
                       int peer);
/* A round of one receive of an operand this rank combines next
 * (mpchar__irecv_operand). */
int mpchar__sched_recv_operand(struct sched *s, void *buf, int count,
                               MPI_Datatype type, int peer);
int mpchar__sched_sendrecv(struct sched *s, const void *sbuf, int scount,
                           MPI_Datatype stype, int dest, void *rbuf, int rcount,
                           MPI_Datatype rtype, int src);

/* Local steps: mpchar__tbuf_copy, mpchar__type_pack/unpack, memcpy, and
 * inout = in op inout (mpchar__op_apply). */
void mpchar__sched_copy(struct sched *s, const void *src, int scount,
                        MPI_Datatype stype, void *dst, int rcount,
                        MPI_Datatype rtype);
void mpchar__sched_pack(struct sched *s, const void *buf, int count,
                        MPI_Datatype type, void *out);
void mpchar__sched_unpack(struct sched *s, const void *in, size_t bytes,
                          int count, MPI_Datatype type, void *buf);
void mpchar__sched_memcpy(struct sched *s, void *dst, const void *src,
                          size_t bytes);
void mpchar__sched_reduce(struct sched *s, MPI_Op op, const void *in,
                          void *inout, int count, MPI_Datatype type);

#pragma GCC visibility pop

#endif
