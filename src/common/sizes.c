/* Size grids and the validation draw.  The draw uses its own generator
 * rather than rand() so the recorded seed reproduces the same sizes under
 * any libc. */
#include "mpchar/sizes.h"

#include <math.h>
#include <stdlib.h>

uint64_t mpchar_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Half-doublings between a grid's sizes: 2^(e/2) for e = 0, step, ... */
static unsigned half_doublings(mpchar_grid_kind kind)
{
    switch (kind) {
    case MPCHAR_GRID_POW4: return 4;
    case MPCHAR_GRID_POW2: return 2;
    case MPCHAR_GRID_SQRT2: return 1;
    case MPCHAR_GRID_LIST: break;
    }
    return 0;
}

/* 2^(e/2) in whole bytes: exact for even e, rounded for odd. */
static uint64_t half_power(unsigned e)
{
    uint64_t whole = (uint64_t)1 << (e / 2);
    return e % 2 ? (uint64_t)llround(sqrt(2.0) * (double)whole) : whole;
}

int mpchar_sizes_grid(mpchar_grid_kind kind, uint64_t max_bytes,
                      uint64_t **sizes_p, size_t *count_p, mpchar_error *err)
{
    unsigned step = half_doublings(kind);
    if (step == 0)
        return mpchar_error_set(err, "a size list is not a geometric grid");
    /* 0, then at most 2^0 .. 2^63 in half-doublings. */
    uint64_t *sizes = malloc(130 * sizeof *sizes);
    if (!sizes)
        return mpchar_error_set(err, "out of memory for the size grid");
    size_t count = 0;
    sizes[count++] = 0;
    for (unsigned e = 0; e < 127; e += step) {
        uint64_t s = half_power(e);
        if (s > max_bytes)
            break;
        if (s > sizes[count - 1]) /* sqrt(2) rounds to 1 again */
            sizes[count++] = s;
    }
    *sizes_p = sizes;
    *count_p = count;
    return 0;
}

int mpchar_sizes_validation(uint64_t seed, size_t count, uint64_t max_bytes,
                            uint64_t *sizes)
{
    uint64_t state = seed;
    double log_max = log((double)(max_bytes < 1 ? 1 : max_bytes));
    for (size_t i = 0; i < count; i++) {
        /* 53 random bits give a uniform double in [0, 1). */
        double u = (double)(mpchar_splitmix64(&state) >> 11) * 0x1.0p-53;
        double s = floor(exp(u * log_max) + 0.5);
        sizes[i] = s > (double)max_bytes ? max_bytes : (uint64_t)s;
    }
    return 0;
}
