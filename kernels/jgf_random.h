/*
 * kernels/jgf_random.h: java.util.Random, bit for bit, because the JGF
 * kernels draw their data from it (SOR's grid, SparseMatmult's matrix and
 * vector, Crypt's key) and their published reference values hold only for
 * exactly that data.  The 48-bit linear congruential generator of the Java
 * API specification (java.util.Random, next(bits)).
 */
#ifndef MPCHAR_KERNELS_JGF_RANDOM_H
#define MPCHAR_KERNELS_JGF_RANDOM_H

#include <stdint.h>

struct jgf_random {
    uint64_t seed; /* the 48-bit state */
};

/* new Random(seed) */
void jgf_random_init(struct jgf_random *r, int64_t seed);

/* Random.nextInt(): a uniformly distributed signed 32-bit value. */
int32_t jgf_random_int(struct jgf_random *r);

/* Random.nextDouble(): 53 random bits in [0, 1). */
double jgf_random_double(struct jgf_random *r);

#endif
