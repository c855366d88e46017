/*
 * kernels/npb_random.h: the NAS Parallel Benchmarks' pseudorandom number
 * generator, x_{k+1} = a * x_k mod 2^46 with a = 5^13, computed in double
 * arithmetic exactly as the NPB specification (RNR-94-007, section 2.3)
 * gives it, so that every NPB kernel of mpchar draws the very numbers the
 * published verification values were computed from.
 */
#ifndef MPCHAR_KERNELS_NPB_RANDOM_H
#define MPCHAR_KERNELS_NPB_RANDOM_H

#include <stdint.h>

/* The specification's multiplier a = 5^13 and the usual seed. */
#define NPB_RANDOM_A 1220703125.0
#define NPB_RANDOM_SEED 314159265.0

/* Advances *x to a * *x mod 2^46 and returns the new *x scaled into
 * (0, 1) (NPB's randlc). */
double npb_randlc(double *x, double a);

/* Fills y[0..n-1] with the next n numbers of the sequence from *x and
 * leaves *x at the last one (NPB's vranlc). */
void npb_vranlc(int64_t n, double *x, double a, double y[]);

/* a^n mod 2^46, by repeated squaring with npb_randlc: the multiplier
 * that jumps a sequence n steps ahead. */
double npb_pow46(double a, int64_t n);

/* seed * a^n mod 2^46: the number n steps after seed in the sequence of
 * multiplier a, which lets each rank start at its own share. */
double npb_jump(double seed, double a, int64_t n);

#endif
