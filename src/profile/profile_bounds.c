/* Seed 004's minimum and maximum overlapped transfer time of one message
 * (docs/profile.md, "Bounds"), and the transfer time they start from. */
#include "profile.h"

profile_bounds profile_bound(profile_case c, double xfer_us, double compute_us,
                             double call_us)
{
    profile_bounds b = {0.0, 0.0};
    if (xfer_us < 0.0)
        xfer_us = 0.0;
    switch (c) {
    case PROFILE_CASE_SAME_CALL: /* nothing ran beside the transfer */ break;
    case PROFILE_CASE_SPANNING:
        /* at most the computation in between, at most the transfer */
        b.max_us = compute_us < xfer_us ? compute_us : xfer_us;
        /* what the calls in between cannot have covered */
        b.min_us = call_us >= xfer_us ? 0.0 : xfer_us - call_us;
        /* a measured computation shorter than the model's rest caps it */
        if (b.min_us > b.max_us)
            b.min_us = b.max_us;
        break;
    case PROFILE_CASE_ONE_END: /* nothing can be concluded */
        b.max_us = xfer_us;
        break;
    }
    return b;
}
