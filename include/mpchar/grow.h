/* Growing arrays: the one place that doubles an array's capacity, so that
 * every list of the code base (plan points, model entries, report rows,
 * ...) grows the same way and checks the size for overflow once. */
#ifndef MPCHAR_GROW_H
#define MPCHAR_GROW_H

#include <stddef.h>

/* Returns items with room for at least need elements of elem_size bytes,
 * doubling *cap_p (from 8) as often as it takes, or NULL, leaving items
 * and *cap_p as they were, when memory runs out or the size overflows.
 * items may be NULL with *cap_p 0. */
void *mpchar_grow(void *items, size_t *cap_p, size_t need, size_t elem_size);

#endif
