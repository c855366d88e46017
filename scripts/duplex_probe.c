/*
 * duplex_probe: the physical floor of a full-duplex exchange of large
 * messages between two cores, for scripts/perf_runtime.sh.
 *
 * Two processes, pinned to two CPUs, each read the other's N-byte buffer
 * into their own with one process_vm_readv at the same moment: one copy
 * per direction, both at once, with no protocol around them.  That is the
 * least a single-copy MPI (Open MPI's and the built-in runtime's CMA
 * rendezvous) can spend on pingping's exchange, so a library's full-duplex
 * time over it says how much of that time is the library's own.  With
 * -w W each exchange reads W messages into W distinct receive slots, as
 * bistream's window of receives does, and its time is divided by W.  Each
 * exchange starts from a shared-memory barrier and ends when both sides'
 * copies are done; the source buffers are written once, as mpchar-bench's
 * send buffers are, and each slot's first and last byte are checked.  It
 * prints, per size, the median time per message in microseconds.  With -H
 * the buffers start on 2 MiB boundaries and are marked MADV_HUGEPAGE, the
 * floor on transparent huge pages (docs/performance.md, "Issue 21: huge
 * pages").  C11 and libc only, so that the script can build it with the
 * system compiler.
 *
 *   duplex_probe [-H] [-w WINDOW] SIZE_BYTES...     (pinned to CPUs 0 and 1)
 */
#define _GNU_SOURCE
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "probe.h"

enum { EXCHANGES = 101, WARMUP = 10 };
#define HUGE_PAGE_BYTES ((size_t)2 << 20)

/* What the two sides share: their pids and buffer addresses, and a
 * counter each side raises when it starts and when it ends an exchange. */
struct shared {
    _Alignas(64) _Atomic uint64_t arrived[2];
    _Alignas(64) pid_t pid[2];
    uintptr_t src[2];
};

/* Raises this side's counter to `step` and waits for the peer's. */
static void meet(struct shared *s, int me, uint64_t step)
{
    atomic_store_explicit(&s->arrived[me], step, memory_order_release);
    while (atomic_load_explicit(&s->arrived[1 - me], memory_order_acquire) <
           step)
        ;
}

/* Reads the peer's whole buffer into dst; returns 0 or -1. */
static int read_peer(const struct shared *s, int me, char *dst, size_t n)
{
    for (size_t done = 0; done < n;) {
        struct iovec l = {dst + done, n - done};
        struct iovec r = {(void *)(s->src[1 - me] + done), n - done};
        ssize_t got = process_vm_readv(s->pid[1 - me], &l, 1, &r, 1, 0);
        if (got <= 0)
            return -1;
        done += (size_t)got;
    }
    return 0;
}

/* n bytes from malloc, or on whole huge pages marked for the kernel. */
static char *buffer(size_t n, int huge)
{
    if (!huge)
        return malloc(n);
    size_t whole =
        (n + HUGE_PAGE_BYTES - 1) / HUGE_PAGE_BYTES * HUGE_PAGE_BYTES;
    char *p = aligned_alloc(HUGE_PAGE_BYTES, whole);
    if (p && madvise(p, whole, MADV_HUGEPAGE) != 0)
        perror("duplex_probe: madvise");
    return p;
}

/* One side's exchanges of w messages of n bytes; side 0 returns the
 * median time per message. */
static double exchanges(struct shared *s, int me, size_t n, size_t w, int huge,
                        uint64_t *step)
{
    char *src = buffer(n, huge), *dst = buffer(n * w, huge);
    if (!src || !dst) {
        perror("duplex_probe: malloc");
        exit(1);
    }
    memset(src, me + 1, n);
    memset(dst, 0, n * w);
    s->src[me] = (uintptr_t)src;
    meet(s, me, ++*step);
    double t[EXCHANGES];
    for (int i = -WARMUP; i < EXCHANGES; i++) {
        meet(s, me, ++*step);
        double t0 = probe_now_us();
        for (size_t k = 0; k < w; k++)
            if (read_peer(s, me, dst + k * n, n) != 0) {
                perror("duplex_probe: process_vm_readv");
                exit(1);
            }
        meet(s, me, ++*step);
        if (i >= 0)
            t[i] = (probe_now_us() - t0) / (double)w;
    }
    for (size_t k = 0; k < w; k++)
        if (dst[k * n] != 2 - me || dst[k * n + n - 1] != 2 - me) {
            fprintf(stderr,
                    "duplex_probe: the %zu bytes read from the peer into "
                    "slot %zu are not its bytes\n",
                    n, k);
            exit(1);
        }
    meet(s, me, ++*step); /* the peer is done with src */
    free(src);
    free(dst);
    qsort(t, EXCHANGES, sizeof t[0], probe_cmp_double);
    return t[EXCHANGES / 2];
}

/* A whole number of 1 or more, or 0 (and one line on stderr). */
static size_t parse_count(const char *arg, const char *what)
{
    char *end;
    unsigned long long v = strtoull(arg, &end, 10);
    if (arg[0] < '0' || arg[0] > '9' || *end || v == 0 || v > SIZE_MAX) {
        fprintf(stderr, "duplex_probe: '%s' is not %s (1 or more)\n", arg,
                what);
        return 0;
    }
    return (size_t)v;
}

int main(int argc, char **argv)
{
    size_t window = 1;
    int huge = 0, opt;
    while ((opt = getopt(argc, argv, "+Hw:")) != -1) {
        if (opt == 'H')
            huge = 1;
        else if (opt != 'w' ||
                 !(window = parse_count(optarg, "a window of messages")))
            return 2;
    }
    int first = optind;
    if (first >= argc) {
        fprintf(stderr, "usage: duplex_probe [-H] [-w WINDOW] SIZE_BYTES...\n");
        return 2;
    }
    for (int a = first; a < argc; a++)
        if (!parse_count(argv[a], "a size in bytes"))
            return 2;
    struct shared *s = mmap(NULL, sizeof *s, PROT_READ | PROT_WRITE,
                            MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (s == MAP_FAILED) {
        perror("duplex_probe: mmap");
        return 1;
    }
    /* Either side reads the other: a Yama-restricted kernel lets a child
     * read its parent only when the parent allows it. */
    prctl(PR_SET_PTRACER, PR_SET_PTRACER_ANY, 0, 0, 0);
    s->pid[0] = getpid();
    pid_t child = fork();
    if (child < 0) {
        perror("duplex_probe: fork");
        return 1;
    }
    int me = child == 0;
    if (me)
        s->pid[1] = getpid();
    if (probe_pin(me) != 0)
        perror("duplex_probe: pinning");
    uint64_t step = 0;
    meet(s, me, ++step); /* both pids are in place */
    for (int a = first; a < argc; a++) {
        size_t n = parse_count(argv[a], "a size in bytes");
        double t = exchanges(s, me, n, window, huge, &step);
        if (!me)
            printf("%zu %.2f\n", n, t);
    }
    if (me)
        _exit(0);
    waitpid(child, NULL, 0);
    return 0;
}
