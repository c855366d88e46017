/*
 * kernels/buffers.c: where the kernels' arrays live.  kernel_alloc cuts
 * them from chunks the harness maps itself, one after another in the
 * order the kernel asks for them, so that where they lie relative to each
 * other and to a page depends on the kernel alone.  On the libc heap they
 * followed whatever the MPI library's MPI_Init had left there, which
 * differs from library to library and moved a kernel at p = 1 by more
 * than any library's calls did (docs/apps.md, "The kernels' data
 * layout").  Buffers are kept from one repetition to the next and handed
 * back by size, so that only the first repetition pays their page faults.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "harness.h"
#include "harness_state.h"

/* Under AddressSanitizer the gaps, the unused rest of a chunk and the
 * freed buffers are poisoned, so that the arena catches what malloc's red
 * zones would. */
#if defined(__SANITIZE_ADDRESS__)
#define BUFFERS_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BUFFERS_ASAN 1
#endif
#endif
#ifdef BUFFERS_ASAN
#include <sanitizer/asan_interface.h>
#else
#define ASAN_POISON_MEMORY_REGION(at, bytes) ((void)(at), (void)(bytes))
#define ASAN_UNPOISON_MEMORY_REGION(at, bytes) ((void)(at), (void)(bytes))
#endif

/* Buffers start on a cache line and one free line separates them, so
 * that arrays of a power-of-two size do not all start at the same offset
 * of a page (4K aliasing between the streams of one loop). */
enum { BUFFER_ALIGN = 64, BUFFER_GAP = 64 };
#define CHUNK_BYTES ((size_t)64 << 20)

struct chunk {
    char *base;
    size_t bytes, used;
};

/* Every buffer handed out; free ones are handed back by size. */
struct kept_buffer {
    void *at;
    size_t bytes;
    bool in_use;
};

static struct chunk *chunks;
static size_t chunk_count, chunk_capacity;
static struct kept_buffer *kept;
static size_t kept_count, kept_capacity;

/* The array, moved if need be, with room for one more element of
 * elem_bytes; NULL (the array left as it was) when out of memory. */
static void *make_room(void *array, size_t *capacity, size_t count,
                       size_t elem_bytes)
{
    if (count < *capacity)
        return array;
    size_t grown = *capacity ? 2 * *capacity : 32;
    void *more = realloc(array, grown * elem_bytes);
    if (more)
        *capacity = grown;
    return more;
}

static size_t round_up(size_t bytes, size_t unit)
{
    return (bytes + unit - 1) / unit * unit;
}

static struct chunk *map_chunk(size_t need)
{
    struct chunk *more =
        make_room(chunks, &chunk_capacity, chunk_count, sizeof *chunks);
    if (!more)
        return NULL;
    chunks = more;
    size_t bytes =
        need > CHUNK_BYTES ? round_up(need, CHUNK_BYTES) : CHUNK_BYTES;
    void *base = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED)
        return NULL;
    ASAN_POISON_MEMORY_REGION(base, bytes);
    chunks[chunk_count] = (struct chunk){base, bytes, 0};
    return &chunks[chunk_count++];
}

/* A new buffer after the last one, or NULL when out of memory. */
static void *carve(size_t bytes)
{
    if (bytes > SIZE_MAX / 2)
        return NULL;
    size_t need = round_up(bytes, BUFFER_ALIGN) + BUFFER_GAP;
    struct chunk *c = chunk_count ? &chunks[chunk_count - 1] : NULL;
    if (!c || c->bytes - c->used < need)
        c = map_chunk(need);
    if (!c)
        return NULL;
    void *at = c->base + c->used;
    c->used += need;
    return at;
}

/* A kept free buffer of exactly bytes (*reused), else a new zeroed one. */
static void *take(size_t bytes, bool *reused)
{
    for (size_t i = 0; i < kept_count; i++) {
        if (!kept[i].in_use && kept[i].bytes == bytes) {
            kept[i].in_use = true;
            ASAN_UNPOISON_MEMORY_REGION(kept[i].at, bytes);
            *reused = true;
            return kept[i].at;
        }
    }
    *reused = false;
    struct kept_buffer *more =
        make_room(kept, &kept_capacity, kept_count, sizeof *kept);
    if (!more)
        return NULL;
    kept = more;
    void *at = carve(bytes);
    if (!at)
        return NULL;
    ASAN_UNPOISON_MEMORY_REGION(at, bytes);
    memset(at, 0, bytes); /* first touch, in the warm-up repetition */
    kept[kept_count++] = (struct kept_buffer){at, bytes, true};
    return at;
}

void *kernel_alloc(size_t bytes)
{
    bool reused;
    return take(bytes, &reused);
}

void *kernel_calloc(size_t count, size_t size)
{
    if (size != 0 && count > SIZE_MAX / size)
        return NULL;
    bool reused;
    void *at = take(count * size, &reused);
    if (at && reused)
        memset(at, 0, count * size);
    return at;
}

void kernel_free(void *buffer)
{
    for (size_t i = 0; buffer && i < kept_count; i++) {
        if (kept[i].at == buffer) {
            kept[i].in_use = false;
            ASAN_POISON_MEMORY_REGION(buffer, kept[i].bytes);
            return;
        }
    }
}

size_t harness_buffers_bytes(void)
{
    size_t bytes = 0;
    for (size_t i = 0; i < kept_count; i++)
        bytes += kept[i].bytes;
    return bytes;
}

void harness_buffers_release(void)
{
    for (size_t i = 0; i < chunk_count; i++) {
        /* the shadow outlives the mapping: a later mmap may land here */
        ASAN_UNPOISON_MEMORY_REGION(chunks[i].base, chunks[i].bytes);
        munmap(chunks[i].base, chunks[i].bytes);
    }
    free(chunks);
    free(kept);
    chunks = NULL;
    kept = NULL;
    chunk_count = chunk_capacity = kept_count = kept_capacity = 0;
}
