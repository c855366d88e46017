/*
 * Lock-free single-producer/single-consumer ring of 8-byte slots.
 *
 * A packet occupies consecutive slots: a 32-byte header (struct rt_pkt)
 * and its payload, rounded up to 8 bytes when it fits in a line (longer
 * ones end at a line boundary, packet_slots), so that small messages pack
 * densely: two 0-byte messages share a cache line, and a stream of them
 * moves fewer lines per message (Open MPI's fast boxes pack at the same
 * granularity; docs/performance.md, "a packed ring").  The header's stamp is the packet's absolute slot
 * position + 1, stored last with release order; the consumer polls the
 * stamp at its head (FastForward style), so a small message costs one
 * cache-line transfer and no shared index is read on the fast path.
 * Payload slots may hold any 8 bytes, so the consumer must never find a
 * stale payload word where it expects a header: the producer, which keeps
 * a bitmap of the slots that begin packets, clears the stamp word of the
 * slot following each packet it commits when that slot held payload in
 * the previous lap (a slot that began an older packet carries a stamp
 * that differs from the expected one).  The consumer only ever reads a
 * stamp at a packet boundary, so that slot is the only one that matters.
 * The consumer publishes its head in the ring's control line after each
 * packet; the producer rereads it only when its cached copy says the ring
 * is full, and when it tries to start a lap early.  A packet never wraps:
 * the producer fills the end of the ring with a SKIP packet first, and
 * both sides pass over a tail too short for any header (fewer than
 * RT_PKT_HEADER bytes) without a packet, so that every lap starts at slot
 * 0.  Once past its lap length the producer may start the next lap early
 * with a SKIP when the consumer has read everything: a stream of small
 * messages then cycles through lines that stay in both caches.
 */
#include "rt.h"

#include <stdlib.h>
#include <string.h>

#define RT_HEADER_SLOTS (RT_PKT_HEADER / RT_SLOT) /* the smallest packet */
/* struct rt_pkt's 16-bit slots field, less a line of rounding */
#define RT_MAX_PACKET_SLOTS (UINT16_MAX - RT_LINE / RT_SLOT)

void mpchar__ring_view(struct rt_ring *ring, void *mem, uint64_t lines,
                       int producer, uint64_t lap_bytes)
{
    ring->ctl = mem;
    ring->cells = (unsigned char *)mem + RT_LINE;
    ring->slots = lines * (RT_LINE / RT_SLOT);
    ring->pos = 0;
    ring->cached = 0;
    ring->lap = lap_bytes / RT_SLOT > 0 && lap_bytes / RT_SLOT < ring->slots
                    ? lap_bytes / RT_SLOT
                    : ring->slots;
    ring->retry = 0;
    ring->gap = 4096 / RT_SLOT;
    ring->starts = NULL;
    if (producer) { /* a fresh ring is all zero: every slot reads as a start */
        size_t words = (size_t)(ring->slots + 63) / 64;
        ring->starts = malloc(words * sizeof *ring->starts);
        if (!ring->starts)
            mpchar__fatal("out of memory setting up a ring");
        memset(ring->starts, 0xff, words * sizeof *ring->starts);
    }
}

void mpchar__ring_free(struct rt_ring *ring)
{
    free(ring->starts);
    ring->starts = NULL;
}

/* The producer's map of which slots begin a packet (this lap below its
 * position, the previous lap from there on). */
static void mark_packet(struct rt_ring *ring, uint64_t pos, uint64_t n)
{
    uint64_t first = pos % ring->slots, l = first + 1, end = first + n;
    ring->starts[first / 64] |= 1ull << (first % 64);
    while (l < end) { /* clear bits [l, end) a word at a time */
        uint64_t bit = l % 64, span = 64 - bit < end - l ? 64 - bit : end - l;
        uint64_t mask = (span == 64 ? ~0ull : ((1ull << span) - 1)) << bit;
        ring->starts[l / 64] &= ~mask;
        l += span;
    }
}

static int was_start(const struct rt_ring *ring, uint64_t pos)
{
    uint64_t l = pos % ring->slots;
    return (ring->starts[l / 64] >> (l % 64)) & 1;
}

uint64_t mpchar__ring_max_packet(const struct rt_ring *ring)
{
    uint64_t half = ring->slots / 2;
    return (half < RT_MAX_PACKET_SLOTS ? half : RT_MAX_PACKET_SLOTS) * RT_SLOT;
}

static struct rt_pkt *cell(struct rt_ring *ring, uint64_t pos)
{
    return (struct rt_pkt *)(ring->cells + (pos % ring->slots) * RT_SLOT);
}

/* pos, or the next lap's start when the ring's tail from pos is too short
 * for a header: both sides step over it alike. */
static uint64_t packet_start(const struct rt_ring *ring, uint64_t pos)
{
    uint64_t to_end = ring->slots - pos % ring->slots;
    return to_end < RT_HEADER_SLOTS ? pos + to_end : pos;
}

static int has_room(struct rt_ring *ring, uint64_t need)
{
    if (ring->pos + need - ring->cached <= ring->slots)
        return 1;
    ring->cached = atomic_load_explicit(&ring->ctl->head, memory_order_acquire);
    return ring->pos + need - ring->cached <= ring->slots;
}

int mpchar__ring_drained(struct rt_ring *ring)
{
    if (ring->cached == ring->pos)
        return 1;
    ring->cached = atomic_load_explicit(&ring->ctl->head, memory_order_acquire);
    return ring->cached == ring->pos;
}

/* Past the lap, go back to slot 0 if the consumer has read everything: it
 * keeps up, so the lap's lines are still in both caches.  A consumer that
 * lags (it is sending too, as in a full-duplex stream) would find the ring
 * shrunk to its lead, and each try rereads the head it writes after every
 * packet, a cache miss: a refused try waits 4 KiB, and twice as long after
 * each refusal in a row (docs/performance.md, "Early laps"). */
static int goes_back(struct rt_ring *ring, uint64_t to_end, uint64_t need)
{
    if (ring->slots - to_end < ring->lap || ring->pos < ring->retry)
        return 0;
    /* Even an empty ring has no room at its start for a packet longer than
     * the slots before the SKIP, which stays until it is read. */
    ring->cached = atomic_load_explicit(&ring->ctl->head, memory_order_acquire);
    if (ring->cached == ring->pos && has_room(ring, to_end + need)) {
        ring->gap = 4096 / RT_SLOT;
        return 1;
    }
    ring->retry = ring->pos + ring->gap;
    if (ring->gap < ring->slots)
        ring->gap *= 2;
    return 0;
}

/* Slots of a packet of bytes at pos: small packets (up to a line) pack at
 * 8 bytes; a longer one ends at a line boundary, so that a run of them is
 * line-aligned as before: packed to the byte, a 64-byte message straddled
 * a third line and lost in ping-pong and stream (docs/performance.md,
 * "a packed ring"). */
static uint64_t packet_slots(uint64_t pos, size_t bytes)
{
    uint64_t n = (bytes + RT_SLOT - 1) / RT_SLOT;
    const uint64_t per_line = RT_LINE / RT_SLOT;
    if (bytes <= RT_LINE)
        return n;
    uint64_t off = pos % per_line;
    return (off + n + per_line - 1) / per_line * per_line - off;
}

struct rt_pkt *mpchar__ring_reserve(struct rt_ring *ring, size_t bytes_total)
{
    uint64_t need = packet_slots(ring->pos, bytes_total);
    uint64_t to_end = ring->slots - ring->pos % ring->slots;
    uint64_t need_at_start = packet_slots(0, bytes_total);
    if (need > to_end || goes_back(ring, to_end, need_at_start)) {
        if (!has_room(ring, to_end + need_at_start))
            return NULL;
        /* to_end >= RT_HEADER_SLOTS (packet_start): the header fits */
        struct rt_pkt *skip = cell(ring, ring->pos);
        skip->type = PKT_SKIP;
        skip->len = to_end; /* slots: a whole ring's tail may exceed 16 bits */
        mark_packet(ring, ring->pos, to_end);
        atomic_store_explicit(&skip->stamp, ring->pos + 1,
                              memory_order_release);
        ring->pos += to_end;
        need = need_at_start;
    } else if (!has_room(ring, need)) {
        return NULL;
    }
    struct rt_pkt *pkt = cell(ring, ring->pos);
    pkt->slots = (uint16_t)need;
    pkt->flags = 0;
    return pkt;
}

void mpchar__ring_commit(struct rt_ring *ring, struct rt_pkt *pkt)
{
    uint64_t pos = ring->pos;
    mark_packet(ring, pos, pkt->slots);
    ring->pos = packet_start(ring, pos + pkt->slots);
    /* The slot after the packet is where the consumer looks next.  If in
     * the previous lap it held payload, which may be any bytes, clear its
     * stamp word (it is free then: a slot still unconsumed is a packet
     * start).  A slot that began an older packet keeps a stamp that can
     * never be the one expected there, and is left alone: a line the
     * consumer polls costs a cache-line transfer per store. */
    if (!was_start(ring, ring->pos) && ring->pos - ring->cached < ring->slots)
        atomic_store_explicit(&cell(ring, ring->pos)->stamp, 0,
                              memory_order_relaxed);
    atomic_store_explicit(&pkt->stamp, pos + 1, memory_order_release);
}

/* Moves the consumer's head past n slots and publishes it. */
static void consume(struct rt_ring *ring, uint64_t n)
{
    ring->pos = packet_start(ring, ring->pos + n);
    atomic_store_explicit(&ring->ctl->head, ring->pos, memory_order_release);
}

struct rt_pkt *mpchar__ring_peek(struct rt_ring *ring)
{
    for (;;) {
        struct rt_pkt *pkt = cell(ring, ring->pos);
        if (atomic_load_explicit(&pkt->stamp, memory_order_acquire) !=
            ring->pos + 1)
            return NULL;
        if (pkt->type != PKT_SKIP)
            return pkt;
        consume(ring, pkt->len);
    }
}

void mpchar__ring_release(struct rt_ring *ring, struct rt_pkt *pkt)
{
    consume(ring, pkt->slots);
}
