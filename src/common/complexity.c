/* The names of the complexity classes, as model.json, the tables and the
 * findings print them. */
#include "mpchar/complexity.h"

const char *mpchar_complexity_name(mpchar_complexity c)
{
    static const char *const names[] = {
        [MPCHAR_O_1] = "O(1)",    [MPCHAR_O_LOG_P] = "O(log p)",
        [MPCHAR_O_P] = "O(p)",    [MPCHAR_O_P_LOG_P] = "O(p log p)",
        [MPCHAR_O_P2] = "O(p^2)", [MPCHAR_O_UNKNOWN] = "unknown",
    };
    return c >= 0 && c <= MPCHAR_O_UNKNOWN ? names[c] : "unknown";
}
