/*
 * Copy mechanisms between address spaces, as a small table of functions.
 *
 * CMA (process_vm_readv/writev) copies once between two processes' private
 * memory; the engine uses it for the rendezvous read and the remote write.
 * Where it is not permitted (ptrace restrictions, seccomp in containers),
 * the engine instead streams fragments through the ring ("copy-through"),
 * which needs no function here.  The streaming copy into the ring is
 * here too: it is the one copy whose cache behaviour the engine chooses;
 * and the copy within a process, whose pieces keep glibc's memcpy on its
 * fast path.
 */
#define _GNU_SOURCE
#include "rt.h"

#include <errno.h>
#include <string.h>
#include <sys/uio.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

static int cma_read(int pid, void *local, uint64_t remote, size_t bytes)
{
    while (bytes > 0) {
        struct iovec l = {local, bytes};
        struct iovec r = {(void *)(uintptr_t)remote, bytes};
        ssize_t n = process_vm_readv(pid, &l, 1, &r, 1, 0);
        if (n <= 0)
            return n < 0 ? errno : EIO;
        local = (char *)local + n;
        remote += (uint64_t)n;
        bytes -= (size_t)n;
    }
    return 0;
}

static int cma_write(int pid, uint64_t remote, const void *local, size_t bytes)
{
    while (bytes > 0) {
        struct iovec l = {(void *)(uintptr_t)local, bytes};
        struct iovec r = {(void *)(uintptr_t)remote, bytes};
        ssize_t n = process_vm_writev(pid, &l, 1, &r, 1, 0);
        if (n <= 0)
            return n < 0 ? errno : EIO;
        local = (const char *)local + n;
        remote += (uint64_t)n;
        bytes -= (size_t)n;
    }
    return 0;
}

const struct rt_copy_ops mpchar__copy_cma = {"cma", cma_read, cma_write};

void mpchar__copy_streaming(void *dst, const void *src, size_t n)
{
#ifdef __SSE2__
    char *d = dst;
    const char *s = src;
    size_t head = (16 - (uintptr_t)d % 16) % 16;
    if (head > n)
        head = n;
    memcpy(d, s, head);
    d += head, s += head, n -= head;
    for (; n >= 64; d += 64, s += 64, n -= 64) {
        __m128i a = _mm_loadu_si128((const __m128i *)s);
        __m128i b = _mm_loadu_si128((const __m128i *)(s + 16));
        __m128i c = _mm_loadu_si128((const __m128i *)(s + 32));
        __m128i e = _mm_loadu_si128((const __m128i *)(s + 48));
        _mm_stream_si128((__m128i *)d, a);
        _mm_stream_si128((__m128i *)(d + 16), b);
        _mm_stream_si128((__m128i *)(d + 32), c);
        _mm_stream_si128((__m128i *)(d + 48), e);
    }
    for (; n >= 16; d += 16, s += 16, n -= 16)
        _mm_stream_si128((__m128i *)d, _mm_loadu_si128((const __m128i *)s));
    memcpy(d, s, n);
    _mm_sfence();
#else
    memcpy(dst, src, n);
#endif
}

/* glibc 2.36 copies with `rep movsb` below a threshold that is the L2
 * cache's size on AMD processors (1 MiB here) and with a vector loop
 * above it, 15% slower at 1 MiB and 44% at 16 MiB on this machine; Open
 * MPI copies in 128 KiB pieces for the same reason (docs/performance.md,
 * "Issue 21: local copies in pieces"). */
void mpchar__copy_local(void *dst, const void *src, size_t n)
{
    size_t piece = mpchar__cfg.copy_piece;
    char *d = dst;
    const char *s = src;
    int overlap = d < s + n && s < d + n;
    if (piece == 0 || n <= piece || overlap) {
        memmove(dst, src, n);
        return;
    }
    for (size_t off = 0; off < n; off += piece)
        memcpy(d + off, s + off, n - off < piece ? n - off : piece);
}
