/*
 * box_probe: what a ping-pong through one shared cache line costs when
 * each side computes between reading a message and writing its answer,
 * with the written half of the line left in the writer's caches or
 * demoted to the shared cache (CLDEMOTE), as the built-in runtime's
 * duplex box does (docs/performance.md, "Issue 21: demoted lines").
 *
 * Two processes, pinned to CPUs 0 and 1, each own one 32-byte half of a
 * line, laid out as the runtime's struct rt_box: the initiator writes a
 * message, the answerer waits for it, spins WORK_NS nanoseconds (a
 * dependent multiply chain calibrated at start) and answers in its half;
 * the initiator does the same with each answer.  Batches of both kinds
 * alternate, so that both meet the same state of the machine.  For each
 * WORK_NS it prints "work_ns plain_us demoted_us": the medians of the
 * one-way time (half a round trip).  C11 and libc only.
 *
 *   box_probe WORK_NS...
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "probe.h"

enum { BATCHES = 15, ROUND_TRIPS = 20000, MAX_WORKS = 16 };
enum { MAX_WORK_NS = 100000 };

struct half { /* one direction, as struct rt_box */
    _Atomic uint32_t seq, ack;
    int32_t tag;
    uint32_t ctx;
    int32_t src;
    uint32_t len;
    unsigned char data[8];
};

struct line {
    _Alignas(64) struct half half[2];
};

static double spins_per_ns;

static void spin(uint64_t n)
{
    uint64_t x = n;
    for (uint64_t i = 0; i < n; i++)
        x = x * 3 + 1;
    __asm__ __volatile__("" : : "r"(x));
}

static void calibrate(void)
{
    const uint64_t n = 20000000;
    double t0 = probe_now_us();
    spin(n);
    spins_per_ns = (double)n / ((probe_now_us() - t0) * 1e3);
}

static void demote(const void *line)
{
#if defined(__x86_64__)
    __asm__ __volatile__(".byte 0x0f, 0x1c, 0x00" : : "a"(line) : "memory");
#else
    (void)line;
#endif
}

/* The runtime's pause between polls (mpchar__cpu_relax). */
static void relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/* Waits for message seq in the other half, reading it as the runtime
 * does; the answerer gives up with the initiator (seq = UINT32_MAX). */
static int await(struct line *l, int me, uint32_t seq)
{
    const struct half *in = &l->half[1 - me];
    uint32_t v;
    while ((v = atomic_load_explicit(&in->seq, memory_order_acquire)) != seq) {
        if (v == UINT32_MAX)
            return -1;
        relax();
    }
    volatile uint32_t sink =
        (uint32_t)in->tag + in->ctx + in->len + in->data[0];
    (void)sink;
    return 0;
}

static void answer_with(struct line *l, int me, uint32_t seq, int demoted)
{
    struct half *out = &l->half[me];
    out->tag = 1;
    out->ctx = 2;
    out->src = me;
    out->len = 8;
    memcpy(out->data, "8 bytes!", 8);
    atomic_store_explicit(&out->ack, seq, memory_order_relaxed);
    atomic_store_explicit(&out->seq, seq, memory_order_release);
    if (demoted)
        demote(out);
}

/* One batch from message *seq on, as process me; returns the initiator's
 * one-way time in microseconds (the answerer's return value is unused). */
static double batch(struct line *l, int me, uint32_t *seq, uint64_t spins,
                    int demoted)
{
    double t0 = probe_now_us();
    for (long i = 0; i < ROUND_TRIPS; i++, (*seq)++) {
        if (me == 0) {
            answer_with(l, 0, *seq, demoted);
            if (await(l, 0, *seq) != 0)
                return -1;
        } else {
            if (await(l, 1, *seq) != 0)
                return -1;
            spin(spins);
            answer_with(l, 1, *seq, demoted);
            continue;
        }
        spin(spins);
    }
    return (probe_now_us() - t0) / (2.0 * ROUND_TRIPS);
}

static int parse_work(const char *arg, uint64_t *ns)
{
    char *end;
    errno = 0;
    long long v = strtoll(arg, &end, 10);
    if (errno || end == arg || *end || v < 0 || v > MAX_WORK_NS) {
        fprintf(stderr, "box_probe: '%s' is not a work time in ns (0 to %d)\n",
                arg, MAX_WORK_NS);
        return -1;
    }
    *ns = (uint64_t)v;
    return 0;
}

/* Every batch of both processes, in one order: each work time, plain and
 * demoted alternately; the initiator keeps the times. */
static void run(struct line *l, int me, const uint64_t *work, int nwork,
                double (*times)[2][BATCHES])
{
    uint32_t seq = 1;
    for (int w = 0; w < nwork; w++) {
        uint64_t spins = (uint64_t)((double)work[w] * spins_per_ns);
        batch(l, me, &seq, spins, 0); /* warm-up */
        for (int b = 0; b < BATCHES; b++)
            for (int demoted = 0; demoted < 2; demoted++)
                times[w][demoted][b] = batch(l, me, &seq, spins, demoted);
    }
}

int main(int argc, char **argv)
{
    int nwork = argc - 1;
    if (nwork < 1 || nwork > MAX_WORKS) {
        fprintf(stderr, "usage: box_probe WORK_NS... (1 to %d work times)\n",
                MAX_WORKS);
        return 2;
    }
    uint64_t work[MAX_WORKS];
    for (int w = 0; w < nwork; w++)
        if (parse_work(argv[w + 1], &work[w]) != 0)
            return 2;
    static double times[MAX_WORKS][2][BATCHES];
    struct line *l = mmap(NULL, sizeof *l, PROT_READ | PROT_WRITE,
                          MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (l == MAP_FAILED) {
        perror("box_probe: mmap");
        return 1;
    }
    memset(l, 0, sizeof *l);
    if (probe_pin(0) != 0)
        perror("box_probe: pinning the initiator");
    calibrate();
    pid_t child = fork();
    if (child < 0) {
        perror("box_probe: fork");
        return 1;
    }
    if (child == 0) {
        if (probe_pin(1) != 0)
            perror("box_probe: pinning the answerer");
        run(l, 1, work, nwork, times);
        _exit(0);
    }
    run(l, 0, work, nwork, times);
    atomic_store_explicit(&l->half[0].seq, UINT32_MAX, memory_order_release);
    waitpid(child, NULL, 0);
    for (int w = 0; w < nwork; w++) {
        printf("%llu", (unsigned long long)work[w]);
        for (int demoted = 0; demoted < 2; demoted++) {
            qsort(times[w][demoted], BATCHES, sizeof(double), probe_cmp_double);
            printf(" %.4f", times[w][demoted][BATCHES / 2]);
        }
        printf("\n");
    }
    return 0;
}
