/* Cold buffers (--cache cold): an application sends data it has just
 * computed, after its computation walked through more memory than the
 * caches hold, into a receive buffer it has not touched since.  Before
 * each repetition, outside the timed region, a process therefore reads
 * through a sweep buffer twice the size of its largest cache and then
 * writes every line of its send buffer again (same bytes, so --check still
 * holds): the receive buffer starts in memory, the send buffer in the
 * sender's cache as far as it fits.  IMB's -off_cache evicts the send
 * buffer too; docs/timing.md, "Cold buffers", has why mpchar does not. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

/* The sweep when no cache size can be read: twice a 32 MiB last level. */
#define FALLBACK_SWEEP_BYTES ((size_t)64 << 20)
/* sysfs lists a CPU's caches as index0, index1, ... */
#define CACHE_INDEX_MAX 16
#define LINE_FALLBACK_BYTES 64

/* A size as sysfs writes it ("32768K", "1M", "512"); 0 when unreadable. */
static size_t read_cache_size(int index)
{
    char path[96], text[32], unit = 0;
    snprintf(path, sizeof path,
             "/sys/devices/system/cpu/cpu0/cache/index%d/size", index);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    unsigned long value = 0;
    int got =
        fgets(text, sizeof text, f) ? sscanf(text, "%lu%c", &value, &unit) : 0;
    fclose(f);
    if (got < 1)
        return 0;
    if (unit == 'K')
        return (size_t)value << 10;
    if (unit == 'M')
        return (size_t)value << 20;
    return got == 2 && unit != '\n' ? 0 : (size_t)value;
}

size_t bench_cold_sweep_bytes(void)
{
    size_t largest = 0;
    for (int i = 0; i < CACHE_INDEX_MAX; i++) {
        size_t bytes = read_cache_size(i);
        largest = bytes > largest ? bytes : largest;
    }
    return largest ? 2 * largest : FALLBACK_SWEEP_BYTES;
}

int bench_cold_init(bench_cold *cold, size_t sweep_bytes, mpchar_error *err)
{
    long line = sysconf(_SC_LEVEL1_DCACHE_LINESIZE);
    cold->line_bytes = line > 0 ? (size_t)line : LINE_FALLBACK_BYTES;
    cold->sweep_bytes = sweep_bytes;
    cold->sweep = malloc(sweep_bytes);
    if (!cold->sweep)
        return mpchar_error_set(err,
                                "--cache cold: out of memory for a sweep "
                                "of %zu MiB",
                                sweep_bytes >> 20);
    /* Written once, so that its pages are its own and not the one zero
     * page every untouched page reads from (a sweep of that evicts
     * nothing). */
    memset(cold->sweep, 1, sweep_bytes);
    return 0;
}

void bench_cold_free(bench_cold *cold)
{
    free(cold->sweep);
    cold->sweep = NULL;
}

/* A sink the compiler cannot drop the sweep's reads for. */
static volatile unsigned char sweep_sink;

void bench_cold_prepare(const bench_cold *cold, bench_ctx *c)
{
    unsigned char sum = 0;
    /* Reads, not writes: dirty lines of the sweep would be written back
     * while the timed operation evicts them. */
    for (size_t i = 0; i < cold->sweep_bytes; i += cold->line_bytes)
        sum ^= cold->sweep[i];
    sweep_sink = sum;
    volatile unsigned char *send = c->sbuf;
    for (size_t i = 0; i < c->sbuf_bytes; i += cold->line_bytes)
        send[i] = send[i];
}
