/*
 * Lock-free single-producer/single-consumer ring of cache-line cells.
 *
 * A packet occupies whole consecutive lines: a 32-byte header (struct
 * rt_pkt) and its payload, so a message of up to 32 bytes travels in one
 * line and up to 96 bytes in two.  The header's stamp is the packet's
 * absolute line position + 1, stored last with release order; the consumer
 * polls the stamp of the line at its head (FastForward style), so that a
 * small message costs one cache-line transfer and no shared index is read
 * on the fast path.  Because payload lines could hold any 8 bytes, the
 * consumer zeroes the stamp word of every payload line before releasing a
 * packet, so only a committed header can ever carry the expected stamp.  The consumer publishes its head in the ring's control
 * line after each packet; the producer rereads it only when its cached copy
 * says the ring is full.  A packet never wraps: the producer fills the end
 * of the ring with a SKIP packet first.
 */
#include "rt.h"

#include <string.h>

void mpchar__ring_view(struct rt_ring *ring, void *mem, uint64_t lines)
{
  ring->ctl = mem;
  ring->cells = (unsigned char *)mem + RT_LINE;
  ring->lines = lines;
  ring->pos = 0;
  ring->cached = 0;
}

uint64_t mpchar__ring_max_packet(const struct rt_ring *ring)
{
  return ring->lines / 2 * RT_LINE;
}

static struct rt_pkt *cell(struct rt_ring *ring, uint64_t pos)
{
  return (struct rt_pkt *)(ring->cells + (pos % ring->lines) * RT_LINE);
}

static int has_room(struct rt_ring *ring, uint64_t need)
{
  if (ring->pos + need - ring->cached <= ring->lines)
    return 1;
  ring->cached = atomic_load_explicit(&ring->ctl->head, memory_order_acquire);
  return ring->pos + need - ring->cached <= ring->lines;
}

struct rt_pkt *mpchar__ring_reserve(struct rt_ring *ring, size_t bytes_total)
{
  uint64_t need = (bytes_total + RT_LINE - 1) / RT_LINE;
  uint64_t to_end = ring->lines - ring->pos % ring->lines;
  if (need > to_end) {
    if (!has_room(ring, to_end + need))
      return NULL;
    struct rt_pkt *skip = cell(ring, ring->pos);
    skip->type = PKT_SKIP;
    skip->lines = (uint16_t)to_end;
    atomic_store_explicit(&skip->stamp, ring->pos + 1, memory_order_release);
    ring->pos += to_end;
  } else if (!has_room(ring, need)) {
    return NULL;
  }
  struct rt_pkt *pkt = cell(ring, ring->pos);
  pkt->lines = (uint16_t)need;
  pkt->flags = 0;
  return pkt;
}

void mpchar__ring_commit(struct rt_ring *ring, struct rt_pkt *pkt)
{
  uint64_t pos = ring->pos;
  ring->pos += pkt->lines;
  atomic_store_explicit(&pkt->stamp, pos + 1, memory_order_release);
}

struct rt_pkt *mpchar__ring_peek(struct rt_ring *ring)
{
  for (;;) {
    struct rt_pkt *pkt = cell(ring, ring->pos);
    if (atomic_load_explicit(&pkt->stamp, memory_order_acquire) != ring->pos + 1)
      return NULL;
    if (pkt->type != PKT_SKIP)
      return pkt;
    ring->pos += pkt->lines;
    atomic_store_explicit(&ring->ctl->head, ring->pos, memory_order_release);
  }
}

void mpchar__ring_release(struct rt_ring *ring, struct rt_pkt *pkt)
{
  /* Payload lines may hold any bytes, including a future stamp value:
   * clear their stamp words before the producer may reuse them. */
  for (uint64_t l = 1; l < pkt->lines; l++)
    atomic_store_explicit(&cell(ring, ring->pos + l)->stamp, 0, memory_order_relaxed);
  ring->pos += pkt->lines;
  atomic_store_explicit(&ring->ctl->head, ring->pos, memory_order_release);
}
