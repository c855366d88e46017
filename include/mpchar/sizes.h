/* Message-size grids for fitting and the random validation set.
 *
 * The fitting grid is 0 plus powers of 4 (seed 000), of 2, or of sqrt(2)
 * (rounded to whole bytes) from 1 byte up to a maximum, or an explicit
 * list.  The validation set is drawn
 * log-uniformly from [1, max] with a portable generator (splitmix64) so
 * that one recorded seed gives the same sizes on every machine. */
#ifndef MPCHAR_SIZES_H
#define MPCHAR_SIZES_H

#include <stddef.h>
#include <stdint.h>

#include "mpchar/error.h"

typedef enum mpchar_grid_kind {
    MPCHAR_GRID_POW4,
    MPCHAR_GRID_POW2,
    MPCHAR_GRID_SQRT2,
    MPCHAR_GRID_LIST,
} mpchar_grid_kind;

#define MPCHAR_VALIDATION_COUNT 20
#define MPCHAR_DEFAULT_VALIDATION_SEED 20061

/* 0, then the powers of the grid's ratio (4, 2 or sqrt(2), the last
 * rounded to whole bytes and without the repeated 1) while <= max_bytes.
 * *sizes_p is malloc'ed; a LIST grid is an error. */
int mpchar_sizes_grid(mpchar_grid_kind kind, uint64_t max_bytes,
                      uint64_t **sizes_p, size_t *count_p, mpchar_error *err);

/* count sizes drawn log-uniformly from [1, max_bytes], rounded to whole
 * bytes, in drawing order (repeats possible for tiny ranges). */
int mpchar_sizes_validation(uint64_t seed, size_t count, uint64_t max_bytes,
                            uint64_t *sizes);

/* splitmix64: a tiny, well-mixed generator; *state advances. */
uint64_t mpchar_splitmix64(uint64_t *state);

#endif
