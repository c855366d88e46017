/* Buffer helpers shared by the pattern families. */
#ifndef MPCHAR_BENCH_BUFFERS_H
#define MPCHAR_BENCH_BUFFERS_H

#include "bench.h"

/* malloc'd and written by this process and by the kernel, so that no
 * first-touch fault lands in a timed repetition (buffers.c). */
unsigned char *bench_alloc_touched(size_t bytes);
int bench_buffers_alloc(bench_ctx *c, size_t send_bytes, size_t recv_bytes);
int bench_requests_alloc(bench_ctx *c, size_t n);
void bench_buffers_free(bench_ctx *c);
int bench_check_doubles(const double *got, const double *want, size_t n,
                        const char *what, char *why, size_t why_len);

#endif
