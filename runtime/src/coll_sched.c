/*
 * Collective schedules: recording and running the steps of a collective
 * algorithm (coll_sched.h describes the model).
 *
 * One executor runs every step, so a blocking collective (steps run as
 * they are added, waits block) and its nonblocking twin (steps recorded,
 * waits that are not yet satisfied return to the caller) cannot drift
 * apart.  Recorded steps hold pointers into the user's buffers and the
 * schedule's temporaries, and retain the derived datatypes they name, so
 * a user may free a datatype while the operation is pending.
 */
#include "coll_sched.h"

#include "coll.h"

#include <stdlib.h>
#include <string.h>

enum step_kind {
    ST_SEND,
    ST_RECV,
    ST_WAIT,
    ST_COPY,
    ST_PACK,
    ST_UNPACK,
    ST_MEMCPY,
    ST_REDUCE
};

struct sched_step {
    int kind;
    int peer, count, count2;
    size_t bytes;
    const void *src;
    void *dst;
    MPI_Datatype type, type2;
    MPI_Op op;
    int operand; /* ST_RECV: an operand combined next (irecv_operand) */
};

/* Makes room for one more element of a schedule's array. */
static void *grow(void *items, size_t *cap, size_t n, size_t elem)
{
    void *p = mpchar_grow(items, cap, n + 1, elem);
    if (!p)
        mpchar__fatal("out of memory in a collective schedule");
    return p;
}

/* Room for one more element in an array that starts at small, inside the
 * schedule, and moves to the heap when it outgrows it. */
static void *room(void *items, const void *small, size_t *cap, size_t n,
                  size_t elem)
{
    if (n < *cap)
        return items;
    int inside = items == small;
    size_t c = inside ? 0 : *cap;
    void *p = grow(inside ? NULL : items, &c, n, elem);
    if (inside)
        memcpy(p, small, n * elem);
    *cap = c;
    return p;
}

static void note_error(struct sched *s, int rc)
{
    if (rc != MPI_SUCCESS && s->rc == MPI_SUCCESS)
        s->rc = rc;
}

/* A running schedule takes the blocking fast paths of MPI_Send and
 * MPI_Recv (engine.c) for a contiguous message with another rank: an
 * eager message goes into the ring, or comes out of it, without a request
 * or a queue (docs/performance.md, "Per-call cost of the collectives").
 * A send that went is complete, whatever else the round has pending; a
 * receive takes the fast path only as the round's first transfer, so
 * that it cannot match before a receive posted ahead of it.  Each returns
 * 0 when the general path must run; the schedule's arguments were checked
 * by its build. */
static int fast_ok(const struct sched *s, MPI_Datatype type, int peer)
{
    return !s->record && type->contig && peer >= 0 && peer < s->comm->size &&
           peer != s->comm->rank;
}

static int send_fast(struct sched *s, const void *buf, int count,
                     MPI_Datatype type, int peer)
{
    MPI_Comm c = s->comm;
    return fast_ok(s, type, peer) &&
           mpchar__send_now(c, c->ctx + 1, c->world[peer], s->tag, buf,
                            (size_t)count * type->size);
}

/* In SR mode a receive that may ask for a remote write goes the general
 * way, as MPI_Recv's does. */
static int recv_fast(struct sched *s, void *buf, int count, MPI_Datatype type,
                     int peer)
{
    MPI_Comm c = s->comm;
    size_t cap = (size_t)count * type->size;
    if (s->npend || !fast_ok(s, type, peer) ||
        (mpchar__cfg.sr_mode && cap >= mpchar__cfg.write_min))
        return 0;
    return mpchar__recv_now(c->ctx + 1, peer, c->world[peer], s->tag, buf, cap,
                            MPI_STATUS_IGNORE, 1);
}

static void post(struct sched *s, const struct sched_step *st)
{
    if (st->kind == ST_SEND &&
        send_fast(s, st->src, st->count, st->type, st->peer))
        return;
    s->pend =
        room(s->pend, s->pend_small, &s->cpend, s->npend, sizeof *s->pend);
    MPI_Request *req = &s->pend[s->npend];
    int rc = st->kind == ST_SEND
                 ? mpchar__isend(st->src, st->count, st->type, st->peer, s->tag,
                                 s->comm, 1, 0, req)
             : st->operand
                 ? mpchar__irecv_operand(st->dst, st->count, st->type, st->peer,
                                         s->tag, s->comm, req)
                 : mpchar__irecv(st->dst, st->count, st->type, st->peer, s->tag,
                                 s->comm, 1, req);
    if (rc == MPI_SUCCESS)
        s->npend++;
    note_error(s, rc);
}

/* The round's transfers: a recorded schedule only looks whether they are
 * done (0: not yet); a running one waits for them. */
static int round_end(struct sched *s)
{
    for (size_t i = 0; s->record && i < s->npend; i++)
        if (!atomic_load_explicit(&s->pend[i]->done, memory_order_acquire))
            return 0;
    for (size_t i = 0; i < s->npend; i++)
        note_error(s, mpchar__wait(&s->pend[i], MPI_STATUS_IGNORE));
    s->npend = 0;
    return 1;
}

/* Runs one step; 0 when it is a wait whose transfers are pending. */
static int run_step(struct sched *s, const struct sched_step *st)
{
    switch (st->kind) {
    case ST_SEND:
    case ST_RECV: post(s, st); break;
    case ST_WAIT: return round_end(s);
    case ST_COPY:
        mpchar__tbuf_copy(st->src, st->count, st->type, st->dst, st->count2,
                          st->type2);
        break;
    case ST_PACK:
        mpchar__type_pack(st->src, st->count, st->type, st->dst);
        break;
    case ST_UNPACK:
        mpchar__type_unpack(st->src, st->bytes, st->count, st->type, st->dst);
        break;
    case ST_MEMCPY: mpchar__copy_local(st->dst, st->src, st->bytes); break;
    case ST_REDUCE:
        note_error(
            s, mpchar__op_apply(st->op, st->src, st->dst, st->count, st->type));
        break;
    }
    return 1;
}

static void keep_type(struct sched *s, MPI_Datatype type)
{
    if (!type || type->predefined)
        return;
    for (size_t i = 0; i < s->ntypes; i++)
        if (s->types[i] == type)
            return;
    s->types = grow(s->types, &s->ctypes, s->ntypes, sizeof *s->types);
    s->types[s->ntypes++] = type;
    mpchar__type_retain(type);
}

static int add(struct sched *s, const struct sched_step *st)
{
    if (!s->record) {
        run_step(s, st);
        return s->rc;
    }
    s->steps = grow(s->steps, &s->csteps, s->nsteps, sizeof *s->steps);
    s->steps[s->nsteps++] = *st;
    keep_type(s, st->type);
    keep_type(s, st->type2);
    return MPI_SUCCESS;
}

int mpchar__sched_advance(struct sched *s)
{
    while (s->pos < s->nsteps) {
        if (!run_step(s, &s->steps[s->pos]))
            return 0;
        s->pos++;
    }
    return 1;
}

int mpchar__sched_end_slow(struct sched *s)
{
    if (s->npend)
        round_end(s);
    for (size_t i = 0; i < s->nmem; i++) {
        if (s->mem[i].tbuf)
            mpchar__tbuf_free(s->mem[i].p);
        else
            free(s->mem[i].p);
    }
    if (s->mem != s->mem_small)
        free(s->mem);
    if (s->pend != s->pend_small)
        free(s->pend);
    if (s->record) { /* only recorded schedules have steps and types */
        for (size_t i = 0; i < s->ntypes; i++)
            mpchar__type_release(s->types[i]);
        free(s->types);
        free(s->steps);
    }
    return s->rc;
}

static void keep_mem(struct sched *s, void *p, int tbuf)
{
    s->mem = room(s->mem, s->mem_small, &s->cmem, s->nmem, sizeof *s->mem);
    s->mem[s->nmem].p = p;
    s->mem[s->nmem++].tbuf = tbuf;
}

/* Room for bytes in the schedule's arena, or NULL. */
static void *arena_take(struct sched *s, size_t bytes)
{
    size_t align = _Alignof(max_align_t);
    size_t need = (bytes + align - 1) / align * align;
    if (need > SCHED_ARENA - s->arena_used)
        return NULL;
    void *p = s->arena + s->arena_used;
    s->arena_used += need;
    return p;
}

void *mpchar__sched_alloc(struct sched *s, size_t bytes)
{
    void *p = arena_take(s, bytes ? bytes : 1);
    if (p)
        return p;
    p = malloc(bytes ? bytes : 1);
    if (!p)
        mpchar__fatal("out of memory in a collective");
    keep_mem(s, p, 0);
    return p;
}

void *mpchar__sched_tbuf(struct sched *s, int count, MPI_Datatype type)
{
    MPI_Aint lo;
    size_t span = mpchar__tbuf_span(count, type, &lo);
    char *small = arena_take(s, span);
    if (small)
        return small - lo;
    void *mem, *buf = mpchar__tbuf_alloc(count, type, &mem);
    keep_mem(s, mem, 1);
    return buf;
}

int mpchar__sched_post_send(struct sched *s, const void *buf, int count,
                            MPI_Datatype type, int peer)
{
    struct sched_step st = {.kind = ST_SEND,
                            .src = buf,
                            .count = count,
                            .type = type,
                            .peer = peer};
    return add(s, &st);
}

static int post_recv(struct sched *s, void *buf, int count, MPI_Datatype type,
                     int peer, int operand)
{
    struct sched_step st = {.kind = ST_RECV,
                            .dst = buf,
                            .count = count,
                            .type = type,
                            .peer = peer,
                            .operand = operand};
    return add(s, &st);
}

int mpchar__sched_post_recv(struct sched *s, void *buf, int count,
                            MPI_Datatype type, int peer)
{
    return post_recv(s, buf, count, type, peer, 0);
}

int mpchar__sched_wait(struct sched *s)
{
    struct sched_step st = {.kind = ST_WAIT};
    return add(s, &st);
}

int mpchar__sched_recv_operand(struct sched *s, void *buf, int count,
                               MPI_Datatype type, int peer)
{
    if (recv_fast(s, buf, count, type, peer))
        return s->rc;
    post_recv(s, buf, count, type, peer, 1);
    return mpchar__sched_wait(s);
}

int mpchar__sched_send(struct sched *s, const void *buf, int count,
                       MPI_Datatype type, int peer)
{
    if (send_fast(s, buf, count, type, peer))
        return s->rc;
    mpchar__sched_post_send(s, buf, count, type, peer);
    return mpchar__sched_wait(s);
}

int mpchar__sched_recv(struct sched *s, void *buf, int count, MPI_Datatype type,
                       int peer)
{
    if (recv_fast(s, buf, count, type, peer))
        return s->rc;
    mpchar__sched_post_recv(s, buf, count, type, peer);
    return mpchar__sched_wait(s);
}

/* The fast paths send first: the receive is then the round's only
 * transfer.  When the send cannot go at once, the receive is posted
 * before it, so that a rendezvous finds it. */
int mpchar__sched_sendrecv(struct sched *s, const void *sbuf, int scount,
                           MPI_Datatype stype, int dest, void *rbuf, int rcount,
                           MPI_Datatype rtype, int src)
{
    if (send_fast(s, sbuf, scount, stype, dest))
        return mpchar__sched_recv(s, rbuf, rcount, rtype, src);
    mpchar__sched_post_recv(s, rbuf, rcount, rtype, src);
    mpchar__sched_post_send(s, sbuf, scount, stype, dest);
    return mpchar__sched_wait(s);
}

void mpchar__sched_copy(struct sched *s, const void *src, int scount,
                        MPI_Datatype stype, void *dst, int rcount,
                        MPI_Datatype rtype)
{
    struct sched_step st = {.kind = ST_COPY,
                            .src = src,
                            .count = scount,
                            .type = stype,
                            .dst = dst,
                            .count2 = rcount,
                            .type2 = rtype};
    add(s, &st);
}

void mpchar__sched_pack(struct sched *s, const void *buf, int count,
                        MPI_Datatype type, void *out)
{
    struct sched_step st = {
        .kind = ST_PACK, .src = buf, .count = count, .type = type, .dst = out};
    add(s, &st);
}

void mpchar__sched_unpack(struct sched *s, const void *in, size_t bytes,
                          int count, MPI_Datatype type, void *buf)
{
    struct sched_step st = {.kind = ST_UNPACK,
                            .src = in,
                            .bytes = bytes,
                            .count = count,
                            .type = type,
                            .dst = buf};
    add(s, &st);
}

void mpchar__sched_memcpy(struct sched *s, void *dst, const void *src,
                          size_t bytes)
{
    struct sched_step st = {
        .kind = ST_MEMCPY, .dst = dst, .src = src, .bytes = bytes};
    add(s, &st);
}

void mpchar__sched_reduce(struct sched *s, MPI_Op op, const void *in,
                          void *inout, int count, MPI_Datatype type)
{
    struct sched_step st = {.kind = ST_REDUCE,
                            .op = op,
                            .src = in,
                            .dst = inout,
                            .count = count,
                            .type = type};
    add(s, &st);
}
