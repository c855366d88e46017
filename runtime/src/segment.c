/*
 * Layout of the job's shared-memory segment.
 *
 * One POSIX shared-memory object per job, created by mpchar-exec (mode
 * 0600, random name, unlinked at once, passed to the ranks as an inherited
 * descriptor).  It holds a header line pair, one line per process (pid,
 * state for the launcher, the cross-memory-attach probe), then size*size
 * single-producer/single-consumer rings: ring (src, dst) is written only by
 * src and read only by dst.  Each ring is a control line (the consumer's
 * head) followed by ring_lines cache lines of cells.  Then one line per
 * pair of processes, the duplex box (box.c) that carries small messages
 * both ways; size*size lines, of which (lo, hi) with lo < hi are used.
 */
#include "box.h"
#include "rt.h"

#include <string.h>

static size_t header_bytes(int size)
{
    return sizeof(struct rt_seg_header) +
           (size_t)size * sizeof(struct rt_proc_info);
}

/* Two lines more than the KiB hold: a packet takes at most half the ring,
 * header line included, so this lets a message of half the KiB go eagerly,
 * 64 KiB by default, a size programs and benchmarks use (docs/performance.md,
 * "Issue 21: 64 KiB eager"). */
int mpchar__seg_ring_lines(size_t ring_kib)
{
    return (int)(ring_kib * 1024 / RT_LINE) + 2;
}

/* A stream's window of 64 messages of 8 KiB (mpchar-bench's, OSU's) needs
 * 528 KiB of ring; in a 128 KiB ring its sender waited for room, and took
 * 1.18 us a message where a 1 MiB ring took 0.75 (docs/performance.md,
 * "Issue 21: the ring's size").  The p^2 rings share 16 MiB, each from
 * 128 KiB (the eager limit's 64 KiB is half of it) to 1 MiB: 1 MiB up to
 * p = 4, 128 KiB from p = 12. */
size_t mpchar__seg_ring_kib_auto(int size)
{
    size_t kib = (size_t)16384 / ((size_t)size * (size_t)size);
    return kib < 128 ? 128 : kib > 1024 ? 1024 : kib;
}

static size_t ring_bytes(int ring_lines)
{
    return (size_t)(ring_lines + 1) * RT_LINE;
}

static size_t rings_bytes(int size, int ring_lines)
{
    return (size_t)size * (size_t)size * ring_bytes(ring_lines);
}

size_t mpchar__seg_bytes(int size, int ring_lines)
{
    return header_bytes(size) + rings_bytes(size, ring_lines) +
           (size_t)size * (size_t)size * RT_LINE;
}

void mpchar__seg_format(void *base, int size, int ring_lines)
{
    struct rt_seg_header *h = base;
    h->magic = RT_MAGIC;
    h->size = size;
    h->ring_lines = ring_lines;
    h->ring_bytes = ring_bytes(ring_lines);
    atomic_store(&h->attached, 0);
    atomic_store(&h->barrier_count, 0);
    atomic_store(&h->barrier_sense, 0);
    atomic_store(&h->cma_fail, 0);
    atomic_store(&h->abort_rank, -1);
    atomic_store(&h->abort_code, 0);
}

struct rt_proc_info *mpchar__seg_proc(void *base, int rank)
{
    return (struct rt_proc_info *)((char *)base +
                                   sizeof(struct rt_seg_header)) +
           rank;
}

void *mpchar__seg_ring(void *base, int src, int dst)
{
    struct rt_seg_header *h = base;
    size_t idx = (size_t)src * (size_t)h->size + (size_t)dst;
    return (char *)base + header_bytes(h->size) + idx * h->ring_bytes;
}

struct rt_box *mpchar__seg_box(void *base, int writer, int reader)
{
    struct rt_seg_header *h = base;
    int lo = writer < reader ? writer : reader;
    int hi = writer < reader ? reader : writer;
    char *boxes = (char *)base + header_bytes(h->size) +
                  rings_bytes(h->size, h->ring_lines);
    struct rt_box *line =
        (struct rt_box *)(boxes + ((size_t)lo * (size_t)h->size + (size_t)hi) *
                                      RT_LINE);
    return line + (writer > reader);
}
