/* The names of the buffers' cache states (mpchar/cache_state.h). */
#include <stddef.h>

#include "mpchar/cache_state.h"

const char *const mpchar_cache_names[] = {
    [MPCHAR_CACHE_WARM] = "warm",
    [MPCHAR_CACHE_COLD] = "cold",
    NULL,
};
