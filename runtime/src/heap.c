/*
 * The process's heap policy, set once at MPI_Init.
 *
 * glibc gives large blocks their own mappings and returns free memory at
 * the heap's top to the kernel, so a program that allocates its message
 * buffers for each exchange (CoMD's halo exchange: four blocks of 2.6 MB,
 * freed after it) gets fresh pages every time, and every page it sends or
 * receives into faults again.  A fault costs tens of microseconds on a
 * paravirtualized machine, and a receive by process_vm_readv faults in the
 * kernel, slower still; Open MPI's processes do not pay it, MPICH's do
 * (docs/performance.md, "Issue 21: freed memory kept").  So the runtime
 * keeps MPCHAR_RT_HEAP_KEEP bytes of freed memory for reuse, unless the
 * user chose malloc's thresholds already.
 *
 * On a virtual machine a single copy between 4 KiB pages also takes about
 * twice as long as between 2 MiB pages (docs/performance.md, "Issue 21:
 * huge pages"), so with MPCHAR_RT_HUGE_PAGES the kept heap is marked for
 * transparent huge pages (mpchar-exec asks glibc to mark the blocks it
 * maps apart).
 */
#include "rt.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

/* glibc's largest mmap threshold on 64-bit hosts (DEFAULT_MMAP_THRESHOLD_MAX). */
#define HEAP_MMAP_THRESHOLD_MAX (32UL << 20)

/* Whether the environment sets a threshold of malloc's already. */
static int user_chose_thresholds(void)
{
    const char *tunables = getenv("GLIBC_TUNABLES");
    return getenv("MALLOC_TRIM_THRESHOLD_") ||
           getenv("MALLOC_MMAP_THRESHOLD_") ||
           (tunables && (strstr(tunables, "glibc.malloc.trim_threshold") ||
                         strstr(tunables, "glibc.malloc.mmap_threshold")));
}

#ifdef __GLIBC__
#define HUGE_PAGE_BYTES ((uintptr_t)2 << 20)

/* Never freed nor read: volatile, so that the compiler keeps its malloc. */
static void *volatile heap_pad;

/* Grows the heap by `span` bytes that malloc keeps (below the mmap
 * threshold and the trim threshold) and marks its whole huge pages.  The
 * top of the heap then starts inside a huge page that already holds small
 * pages, which the kernel cannot back by a huge one; a block that is never
 * freed takes the rest of that page, so the blocks after it start on a
 * fresh one. */
static void heap_huge(size_t span)
{
    char *top = malloc(span);
    if (!top)
        return;
    uintptr_t from = ((uintptr_t)top + HUGE_PAGE_BYTES - 1) &
                     ~(HUGE_PAGE_BYTES - 1),
              to = ((uintptr_t)top + span) & ~(HUGE_PAGE_BYTES - 1);
    if (to > from)
        madvise((void *)from, to - from, MADV_HUGEPAGE);
    free(top);
    size_t below = (size_t)(from - (uintptr_t)top);
    if (to > from && below > 2 * sizeof(size_t))
        heap_pad = malloc(below - 2 * sizeof(size_t));
}
#endif

void mpchar__heap_keep(size_t keep, int huge_pages)
{
#ifdef __GLIBC__
    if (keep == 0 || user_chose_thresholds())
        return;
    size_t trim = keep < INT_MAX ? keep : INT_MAX;
    size_t mmap_at =
        trim / 2 < HEAP_MMAP_THRESHOLD_MAX ? trim / 2 : HEAP_MMAP_THRESHOLD_MAX;
    mallopt(M_TRIM_THRESHOLD, (int)trim);
    mallopt(M_MMAP_THRESHOLD, (int)mmap_at);
    if (huge_pages && mmap_at > HUGE_PAGE_BYTES)
        heap_huge(mmap_at - 4096);
#else
    (void)keep;
    (void)huge_pages;
#endif
}
