/* The overlap pattern's variants (mpchar/overlap.h): the side measured and
 * the computation c, written once as the list of names that mpchar-bench
 * registers; readers take side and c back out of a name. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mpchar/overlap.h"

static const char *const side_names[] = {
    [MPCHAR_OVERLAP_ISEND] = "isend",
    [MPCHAR_OVERLAP_IRECV] = "irecv",
};

/* c from 0 to 2048 us: past the transfer time of every size up to
 * mpchar run's default largest (1 MiB takes 50-300 us through shared
 * memory), in doublings so that a few points show where the wait falls. */
#define C_GRID(side)                                                         \
    side "_c0", side "_c1", side "_c2", side "_c4", side "_c8", side "_c16", \
        side "_c32", side "_c64", side "_c128", side "_c256", side "_c512",  \
        side "_c1024", side "_c2048"

const char *const mpchar_overlap_variants[] = {C_GRID("isend"), C_GRID("irecv"),
                                               NULL};

const char *mpchar_overlap_side_name(mpchar_overlap_side side)
{
    return side == MPCHAR_OVERLAP_ISEND || side == MPCHAR_OVERLAP_IRECV
               ? side_names[side]
               : "?";
}

int mpchar_overlap_variant_parse(const char *variant,
                                 mpchar_overlap_side *side_p,
                                 double *compute_us_p, mpchar_error *err)
{
    for (int s = 0; s < MPCHAR_OVERLAP_SIDE_COUNT; s++) {
        size_t len = strlen(side_names[s]);
        if (strncmp(variant, side_names[s], len) != 0 ||
            strncmp(variant + len, "_c", 2) != 0)
            continue;
        const char *digits = variant + len + 2;
        char *end;
        double c = strtod(digits, &end);
        if (end == digits || *end || !isfinite(c) || c < 0 ||
            (*digits < '0' || *digits > '9'))
            break;
        *side_p = (mpchar_overlap_side)s;
        *compute_us_p = c;
        return 0;
    }
    return mpchar_error_set(err,
                            "overlap variant '%s': expected isend_c<us> or "
                            "irecv_c<us>",
                            variant);
}
