/*
 * cacheline_probe: the physical floor of a one-way message between two
 * cores, for scripts/perf_runtime.sh.
 *
 * Two processes, pinned to two CPUs, bounce one cache line of shared
 * memory: the first writes an odd counter and waits for the next even one,
 * the second answers each odd value with the next even one.  Every hop is
 * one cache-line transfer between the cores and nothing else, which is
 * what any shared-memory MPI's smallest message costs at least.  It prints
 * the median, over batches, of the one-way time (half a round trip) in
 * microseconds.  C11 and libc only, so that the script can build it with
 * the system compiler.
 *
 *   cacheline_probe [CPU_A CPU_B]     (default 0 1)
 */
#define _GNU_SOURCE
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "probe.h"

enum { BATCHES = 21, ROUND_TRIPS = 20000, WARMUP = 20000 };

struct line {
    _Alignas(64) _Atomic uint64_t seq;
};

/* Waits until the line holds want; the answerer gives up with the
 * initiator (seq = UINT64_MAX). */
static int await(struct line *l, uint64_t want)
{
    uint64_t v;
    while ((v = atomic_load_explicit(&l->seq, memory_order_acquire)) != want)
        if (v == UINT64_MAX)
            return -1;
    return 0;
}

static void answer(struct line *l)
{
    for (uint64_t k = 1;; k += 2) {
        if (await(l, k) != 0)
            return;
        atomic_store_explicit(&l->seq, k + 1, memory_order_release);
    }
}

/* Round trips from counter value *k on; returns microseconds taken. */
static double bounce(struct line *l, uint64_t *k, long trips)
{
    double t0 = probe_now_us();
    for (long i = 0; i < trips; i++, *k += 2) {
        atomic_store_explicit(&l->seq, *k + 1, memory_order_release);
        await(l, *k + 2);
    }
    return probe_now_us() - t0;
}

int main(int argc, char **argv)
{
    int cpu_a = argc > 2 ? atoi(argv[1]) : 0,
        cpu_b = argc > 2 ? atoi(argv[2]) : 1;
    struct line *l = mmap(NULL, sizeof *l, PROT_READ | PROT_WRITE,
                          MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (l == MAP_FAILED) {
        perror("cacheline_probe: mmap");
        return 1;
    }
    atomic_store(&l->seq, 0);
    pid_t child = fork();
    if (child < 0) {
        perror("cacheline_probe: fork");
        return 1;
    }
    if (child == 0) {
        if (probe_pin(cpu_b) != 0)
            perror("cacheline_probe: pinning the answerer");
        answer(l);
        _exit(0);
    }
    if (probe_pin(cpu_a) != 0)
        perror("cacheline_probe: pinning the initiator");
    uint64_t k = 0;
    bounce(l, &k, WARMUP);
    double one_way[BATCHES];
    for (int b = 0; b < BATCHES; b++)
        one_way[b] = bounce(l, &k, ROUND_TRIPS) / (2.0 * ROUND_TRIPS);
    atomic_store_explicit(&l->seq, UINT64_MAX, memory_order_release);
    waitpid(child, NULL, 0);
    qsort(one_way, BATCHES, sizeof one_way[0], probe_cmp_double);
    printf("%.4f\n", one_way[BATCHES / 2]);
    return 0;
}
