/*
 * Duplex boxes (included by engine.c; inline, as each costs a call on
 * the latency path): one cache line per pair of processes that carries a small
 * message each way.
 *
 * A message through a ring costs two cache-line transfers on this machine:
 * the sender's store must first take the line from the receiver, which
 * polled it (a read for ownership), and then the receiver's poll fetches
 * it back.  A line that both directions share moves once per message
 * instead: the receiver of a message, polling the line, gets it from the
 * sender with ownership and writes its reply into the same line without
 * another transfer.  That is the floor probe of scripts/perf_runtime.sh
 * (two processes bouncing one line): 0.053 us one way against 0.13 us for
 * two lines, one per direction (docs/performance.md, "Latency budget").
 *
 * Each direction owns one 32-byte half (struct rt_box): a count of the
 * messages written into it, the count of the other direction's messages
 * its writer has consumed (the acknowledgement), and one message of up to
 * RT_BOX_MAX bytes.  A writer may fill its half when the other half
 * acknowledges everything it wrote; it stores the count last, with release
 * order.  The reader acknowledges lazily, with its next box message (a
 * ping-pong's reply) or ring packet to the writer: a store into the line
 * between reading the message and writing the reply would let the
 * writer's polls take the line back in between, a transfer more.  Until
 * then the writer sends through its ring.  The writer demotes the line to
 * the shared cache once written (mpchar__cache_demote): the reply's
 * writer spends tens of nanoseconds between reading and writing, and
 * otherwise the waiting side's polls took the line back meanwhile.  When a
 * box message may go out, so that it never overtakes a ring packet, is the
 * engine's decision (engine.c).
 */
#ifndef MPCHAR_RT_BOX_H
#define MPCHAR_RT_BOX_H

#include "rt.h"

#include <string.h>

#define RT_BOX_MAX 8 /* largest message a duplex box carries, bytes */

/* One direction's half of a pair's shared line: written by one process. */
struct rt_box {
    _Atomic uint32_t seq; /* messages written into this half */
    _Atomic uint32_t ack; /* the other half's messages consumed */
    int32_t tag;
    uint32_t ctx;
    int32_t src;
    uint32_t len;
    unsigned char data[RT_BOX_MAX];
};

struct rt_box_pair {         /* process-local view of a pair's line */
    struct rt_box *out, *in; /* NULL for this process itself */
    uint32_t sent, got;      /* box messages written, consumed */
    uint32_t acked;          /* consumed ones acknowledged in out */
};

/* Copies n <= 8 bytes with fixed-size (inlined) moves, two of which may
 * overlap: a call to memcpy would cost as much as the copy's share of a
 * box message. */
static inline void mpchar__copy_small(void *dst, const void *src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    if (n >= 4) {
        memcpy(d, s, 4);
        memcpy(d + n - 4, s + n - 4, 4);
    } else if (n > 0) {
        d[0] = s[0];
        d[n / 2] = s[n / 2];
        d[n - 1] = s[n - 1];
    }
}

_Static_assert(sizeof(struct rt_box) * 2 == RT_LINE,
               "the two halves of a duplex box fill one cache line");

static inline void mpchar__box_view(struct rt_box_pair *b, struct rt_box *out,
                                    struct rt_box *in)
{
    b->out = out;
    b->in = in;
    b->sent = b->got = b->acked = 0;
}

/* 1 when the peer has consumed every box message we wrote. */
static inline int mpchar__box_free(const struct rt_box_pair *b)
{
    return b->out &&
           atomic_load_explicit(&b->in->ack, memory_order_acquire) == b->sent;
}

/* Writes EAGER header h's message (h->len <= RT_BOX_MAX) into a free box,
 * with the acknowledgement of what we consumed. */
static inline void mpchar__box_push(struct rt_box_pair *b,
                                    const struct rt_pkt *h, const void *payload)
{
    struct rt_box *o = b->out;
    o->tag = h->tag;
    o->ctx = h->ctx;
    o->src = h->src;
    o->len = (uint32_t)h->len;
    if (h->len)
        mpchar__copy_small(o->data, payload, (size_t)h->len);
    atomic_store_explicit(&o->ack, b->acked = b->got, memory_order_relaxed);
    atomic_store_explicit(&o->seq, ++b->sent, memory_order_release);
    mpchar__cache_demote(o);
}

/* 1 when a message waits: local gets it as an EAGER packet (payload at
 * RT_PKT_HEADER); it stays until mpchar__box_release. */
static inline int mpchar__box_peek(const struct rt_box_pair *b,
                                   struct rt_pkt *local)
{
    const struct rt_box *i = b->in;
    if (!i || atomic_load_explicit(&i->seq, memory_order_acquire) != b->got + 1)
        return 0;
    if (i->len > RT_BOX_MAX)
        mpchar__fatal("corrupt duplex box: a message of %u bytes",
                      (unsigned)i->len);
    local->type = PKT_EAGER;
    local->flags = 0;
    local->lines = 0;
    local->tag = i->tag;
    local->ctx = i->ctx;
    local->src = i->src;
    local->len = i->len;
    mpchar__copy_small((char *)local + RT_PKT_HEADER, i->data, i->len);
    return 1;
}

/* Whether the message peeked was written before the peer had consumed
 * every box message we wrote: the two crossed. */
static inline int mpchar__box_crossed(const struct rt_box_pair *b)
{
    return atomic_load_explicit(&b->in->ack, memory_order_relaxed) != b->sent;
}

/* Consumes the message peeked; the acknowledgement goes with our next box
 * message or with mpchar__box_ack. */
static inline void mpchar__box_release(struct rt_box_pair *b)
{
    b->got++;
}

/* Publishes the acknowledgement of every box message consumed. */
static inline void mpchar__box_ack(struct rt_box_pair *b)
{
    if (b->acked != b->got)
        atomic_store_explicit(&b->out->ack, b->acked = b->got,
                              memory_order_release);
}

#endif
