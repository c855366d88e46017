/*
 * What the floor probes of scripts/perf_runtime.sh (cacheline_probe.c,
 * duplex_probe.c) share: pinning a process to a CPU, a microsecond clock
 * and the comparison qsort takes their medians with.  Header-only, so
 * that the script still builds each probe with one cc command; a probe
 * defines _GNU_SOURCE before including it.
 */
#ifndef MPCHAR_SCRIPTS_PROBE_H
#define MPCHAR_SCRIPTS_PROBE_H

#include <sched.h>
#include <time.h>

static inline int probe_pin(int cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return sched_setaffinity(0, sizeof set, &set);
}

static inline double probe_now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static inline int probe_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

#endif
