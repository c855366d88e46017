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

int mpchar_sizes_powers(unsigned base, uint64_t max_bytes, uint64_t **sizes_p,
                        size_t *count_p, mpchar_error *err)
{
    if (base < 2)
        return mpchar_error_set(err, "size grid base must be at least 2");
    uint64_t *sizes = malloc(66 * sizeof *sizes);
    if (!sizes)
        return mpchar_error_set(err, "out of memory for the size grid");
    size_t count = 0;
    sizes[count++] = 0;
    for (uint64_t s = 1; s <= max_bytes; s *= base) {
        sizes[count++] = s;
        if (s > UINT64_MAX / base)
            break;
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
