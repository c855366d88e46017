/*
 * Lock-free single-producer/single-consumer ring of cache-line cells.
 *
 * A packet occupies whole consecutive lines: a 32-byte header (struct
 * rt_pkt) and its payload, so a message of up to 32 bytes travels in one
 * line and up to 96 bytes in two.  The header's stamp is the packet's
 * absolute line position + 1, stored last with release order; the consumer
 * polls the stamp of the line at its head (FastForward style), so that a
 * small message costs one cache-line transfer and no shared index is read
 * on the fast path.  Payload lines may hold any 8 bytes, so the consumer
 * must never find a stale payload word where it expects a header: the
 * producer, which keeps a bitmap of the lines that begin packets, clears
 * the stamp word of the line following each packet it commits when that
 * line held payload in the previous lap (a line that began an older packet
 * carries a stamp that differs from the expected one).  The consumer
 * only ever reads a stamp at a packet boundary, so that line is the only
 * one that matters.  The consumer publishes its head in the ring's control
 * line after each packet; the producer rereads it only when its cached copy
 * says the ring is full, and when it tries to start a lap early.  A packet never wraps: the producer fills the end
 * of the ring with a SKIP packet first.  Every lap starts at line 0, and
 * once past its lap length the producer may start the next lap early with
 * that SKIP when the consumer has read everything: a stream of small
 * messages then cycles through lines that stay in both caches.
 */
#include "rt.h"

#include <stdlib.h>
#include <string.h>

void mpchar__ring_view(struct rt_ring *ring, void *mem, uint64_t lines,
                       int producer, uint64_t lap_lines)
{
    ring->ctl = mem;
    ring->cells = (unsigned char *)mem + RT_LINE;
    ring->lines = lines;
    ring->pos = 0;
    ring->idx = 0;
    ring->cached = 0;
    ring->lap = lap_lines > 0 && lap_lines < lines ? lap_lines : lines;
    ring->retry = 0;
    ring->gap = 4096 / RT_LINE;
    ring->starts = NULL;
    if (producer) { /* a fresh ring is all zero: every line reads as a start */
        size_t words = (size_t)(lines + 63) / 64;
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

/* The producer's map of which lines begin a packet: what the last packet
 * written over each line left there (this lap below its position, earlier
 * laps from there on).  A SKIP writes only its first line, so the lines it
 * spans keep the bits of what they still hold; clearing them cost a word
 * per 64 lines at every early lap, which made a 4 KiB exchange 7% slower
 * in a 1 MiB ring than in a 128 KiB one (docs/performance.md, "Issue 21:
 * the ring's size"). */
static void mark_start(struct rt_ring *ring, uint64_t idx)
{
    ring->starts[idx / 64] |= 1ull << (idx % 64);
}

static void mark_packet(struct rt_ring *ring, uint64_t first, uint64_t n)
{
    uint64_t l = first + 1, end = first + n;
    mark_start(ring, first);
    while (l < end) { /* clear bits [l, end) a word at a time */
        uint64_t bit = l % 64, span = 64 - bit < end - l ? 64 - bit : end - l;
        uint64_t mask = (span == 64 ? ~0ull : ((1ull << span) - 1)) << bit;
        ring->starts[l / 64] &= ~mask;
        l += span;
    }
}

static int was_start(const struct rt_ring *ring, uint64_t idx)
{
    return (ring->starts[idx / 64] >> (idx % 64)) & 1;
}

uint64_t mpchar__ring_max_packet(const struct rt_ring *ring)
{
    return ring->lines / 2 * RT_LINE;
}

static struct rt_pkt *cell(struct rt_ring *ring, uint64_t idx)
{
    return (struct rt_pkt *)(ring->cells + idx * RT_LINE);
}

/* The index of the line k lines past the position, k below the ring's
 * length: pos % lines without a division, which cost a few nanoseconds
 * per use, several times per message (docs/performance.md, "Issue 21: no
 * division per line"). */
static uint64_t ahead(const struct rt_ring *ring, uint64_t k)
{
    uint64_t idx = ring->idx + k;
    return idx >= ring->lines ? idx - ring->lines : idx;
}

static void advance(struct rt_ring *ring, uint64_t n)
{
    ring->pos += n;
    ring->idx = ahead(ring, n);
}

static int has_room(struct rt_ring *ring, uint64_t need)
{
    if (ring->pos + need - ring->cached <= ring->lines)
        return 1;
    ring->cached = atomic_load_explicit(&ring->ctl->head, memory_order_acquire);
    return ring->pos + need - ring->cached <= ring->lines;
}

int mpchar__ring_drained(struct rt_ring *ring)
{
    if (ring->cached == ring->pos)
        return 1;
    ring->cached = atomic_load_explicit(&ring->ctl->head, memory_order_acquire);
    return ring->cached == ring->pos;
}

/* Past the lap, go back to line 0 if the consumer has read everything: it
 * keeps up, so the lap's lines are still in both caches.  A consumer that
 * lags (it is sending too, as in a full-duplex stream) would find the ring
 * shrunk to its lead, and each try rereads the head it writes after every
 * packet, a cache miss: a refused try waits 4 KiB, and twice as long after
 * each refusal in a row (docs/performance.md, "Early laps"). */
static int goes_back(struct rt_ring *ring, uint64_t to_end, uint64_t need)
{
    if (ring->lines - to_end < ring->lap || ring->pos < ring->retry)
        return 0;
    /* Even an empty ring has no room at its start for a packet longer than
     * the lines before the SKIP, which stays until it is read. */
    ring->cached = atomic_load_explicit(&ring->ctl->head, memory_order_acquire);
    if (ring->cached == ring->pos && has_room(ring, to_end + need)) {
        ring->gap = 4096 / RT_LINE;
        return 1;
    }
    ring->retry = ring->pos + ring->gap;
    if (ring->gap < ring->lines)
        ring->gap *= 2;
    return 0;
}

/* The lines a packet of bytes_total bytes takes. */
static uint64_t packet_lines(size_t bytes_total)
{
    return (bytes_total + RT_LINE - 1) / RT_LINE;
}

struct rt_pkt *mpchar__ring_reserve(struct rt_ring *ring, size_t bytes_total)
{
    uint64_t need = packet_lines(bytes_total);
    uint64_t to_end = ring->lines - ring->idx;
    if (need > to_end || goes_back(ring, to_end, need)) {
        if (!has_room(ring, to_end + need))
            return NULL;
        struct rt_pkt *skip = cell(ring, ring->idx);
        skip->type = PKT_SKIP;
        skip->lines = (uint16_t)to_end;
        mark_start(ring, ring->idx);
        atomic_store_explicit(&skip->stamp, ring->pos + 1,
                              memory_order_release);
        advance(ring, to_end);
    } else if (!has_room(ring, need)) {
        return NULL;
    }
    return cell(ring, ring->idx);
}

void mpchar__ring_commit(struct rt_ring *ring, struct rt_pkt *pkt,
                         size_t bytes_total)
{
    uint64_t pos = ring->pos, need = packet_lines(bytes_total);
    mark_packet(ring, ring->idx, need);
    advance(ring, need);
    /* The line after the packet is where the consumer looks next.  If in the
   * previous lap it held payload, which may be any bytes, clear its stamp
   * word (it is free then: a line still unconsumed is a packet start).  A
   * line that began an older packet keeps a stamp that can never be the
   * one expected there, and is left alone: writing the line the consumer
   * polls would cost a cache-line transfer per message. */
    if (!was_start(ring, ring->idx) && ring->pos - ring->cached < ring->lines)
        atomic_store_explicit(&cell(ring, ring->idx)->stamp, 0,
                              memory_order_relaxed);
    pkt->lines = (uint16_t)need;
    atomic_store_explicit(&pkt->stamp, pos + 1, memory_order_release);
}

/* A stream of small packets is paced by the cache-line transfers of the
 * producer's stores: each line it writes was last read by the consumer,
 * and a store waits until the consumer's copy is invalidated.  Stores
 * drain in order, so a few such lines fill the store buffer and the
 * producer waits out the transfers one by one.  Asking for the lines of
 * the packet after the next one (if it is as long as this one) with write
 * intent overlaps them; each line is asked for once, and not the next
 * packet's, whose first line a consumer that keeps up is polling.  From
 * 512 bytes on, a consumer that keeps up (a Bcast's or Scan's repetitions)
 * lost more than a stream gained, while 5 lines (256-byte messages)
 * gained and cost nothing measurable (docs/performance.md, "Prefetching a
 * stream's lines" and "Five lines"). */
#define RT_PREFETCH_MAX_LINES 5 /* a 288-byte message and its header */

void mpchar__ring_prefetch(struct rt_ring *ring, size_t bytes_total)
{
    uint64_t need = packet_lines(bytes_total);
    if (need > RT_PREFETCH_MAX_LINES)
        return;
    for (uint64_t k = need + 1; k <= 2 * need; k++)
        mpchar__prefetch_write(cell(ring, ahead(ring, k)));
}

struct rt_pkt *mpchar__ring_peek(struct rt_ring *ring)
{
    for (;;) {
        struct rt_pkt *pkt = cell(ring, ring->idx);
        if (atomic_load_explicit(&pkt->stamp, memory_order_acquire) !=
            ring->pos + 1)
            return NULL;
        if (pkt->type != PKT_SKIP)
            return pkt;
        advance(ring, pkt->lines);
        atomic_store_explicit(&ring->ctl->head, ring->pos,
                              memory_order_release);
    }
}

void mpchar__ring_release(struct rt_ring *ring, struct rt_pkt *pkt)
{
    advance(ring, pkt->lines);
    atomic_store_explicit(&ring->ctl->head, ring->pos, memory_order_release);
}
