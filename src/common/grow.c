/* mpchar_grow: capacity doubling for every growing array (mpchar/grow.h). */
#include <stdint.h>
#include <stdlib.h>

#include "mpchar/grow.h"

void *mpchar_grow(void *items, size_t *cap_p, size_t need, size_t elem_size)
{
    if (need <= *cap_p && items)
        return items;
    size_t cap = *cap_p ? *cap_p : 8;
    while (cap < need) {
        if (cap > SIZE_MAX / 2)
            return NULL;
        cap *= 2;
    }
    if (elem_size && cap > SIZE_MAX / elem_size)
        return NULL;
    void *grown = realloc(items, cap * elem_size);
    if (!grown)
        return NULL;
    *cap_p = cap;
    return grown;
}
