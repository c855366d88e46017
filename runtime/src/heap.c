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
 */
#include "rt.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
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

void mpchar__heap_keep(size_t keep)
{
#ifdef __GLIBC__
    if (keep == 0 || user_chose_thresholds())
        return;
    size_t trim = keep < INT_MAX ? keep : INT_MAX;
    size_t mmap_at =
        trim / 2 < HEAP_MMAP_THRESHOLD_MAX ? trim / 2 : HEAP_MMAP_THRESHOLD_MAX;
    mallopt(M_TRIM_THRESHOLD, (int)trim);
    mallopt(M_MMAP_THRESHOLD, (int)mmap_at);
#else
    (void)keep;
#endif
}
