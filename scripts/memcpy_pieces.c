/*
 * memcpy_pieces: how fast this machine's memcpy copies one large buffer in
 * one call against the same bytes in pieces, for the runtime's
 * MPCHAR_RT_COPY_PIECE (docs/performance.md, "Issue 21: local copies in
 * pieces").  glibc switches from `rep movsb` to a vector loop at a size
 * threshold (the L2 cache's size on AMD processors); pieces below it stay
 * on the first path.  For each size it prints the median over repetitions
 * of the time per MiB, in microseconds, for one call and for pieces of
 * 128, 256 and 512 KiB, with the destination at several offsets from the
 * source modulo a page.  C11 and libc only.
 *
 *   cc -std=c11 -O2 -o memcpy_pieces scripts/memcpy_pieces.c
 *   taskset -c 0 ./memcpy_pieces
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { REPS = 51, PIECES = 4, OFFSETS = 3, SIZES = 4 };
static const size_t piece_bytes[PIECES] = {0, 128 << 10, 256 << 10, 512 << 10};
static const size_t offset_bytes[OFFSETS] = {0, 64, 2048};
static const size_t size_bytes[SIZES] = {512 << 10, 1 << 20, 4 << 20, 16 << 20};

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median microseconds per MiB of copying n bytes in pieces (0: one call). */
static double us_per_mib(char *dst, const char *src, size_t n, size_t piece)
{
    size_t step = piece ? piece : n;
    double t_s[REPS];
    for (int r = 0; r < REPS; r++) {
        double t0_s = now_s();
        for (size_t off = 0; off < n; off += step)
            memcpy(dst + off, src + off, n - off < step ? n - off : step);
        t_s[r] = now_s() - t0_s;
    }
    qsort(t_s, REPS, sizeof t_s[0], compare_doubles);
    return t_s[REPS / 2] * 1e6 / ((double)n / 1048576.0);
}

int main(void)
{
    size_t room = size_bytes[SIZES - 1] + 4096;
    char *src = aligned_alloc(4096, room), *dst = aligned_alloc(4096, room);
    if (!src || !dst) {
        fprintf(stderr, "memcpy_pieces: out of memory\n");
        return 1;
    }
    memset(src, 1, room);
    memset(dst, 2, room);
    printf(
        "size_KiB,dst_offset_bytes,one_call_us_per_MiB,piece_128K_us_per_MiB,"
        "piece_256K_us_per_MiB,piece_512K_us_per_MiB\n");
    for (int s = 0; s < SIZES; s++) {
        for (int o = 0; o < OFFSETS; o++) {
            printf("%zu,%zu", size_bytes[s] >> 10, offset_bytes[o]);
            for (int p = 0; p < PIECES; p++)
                printf(",%.2f", us_per_mib(dst + offset_bytes[o], src,
                                           size_bytes[s], piece_bytes[p]));
            printf("\n");
        }
    }
    free(src);
    free(dst);
    return 0;
}
