/* Complexity classes of a parameter's growth with the number of processes
 * p: what a p-form grows like (mpchar/pform.h) and what the best known
 * algorithm of a collective achieves (mpchar/patterns.h).  libc only. */
#ifndef MPCHAR_COMPLEXITY_H
#define MPCHAR_COMPLEXITY_H

/* Ordered from best to worst, so that classes compare with < and >. */
typedef enum mpchar_complexity {
    MPCHAR_O_1,
    MPCHAR_O_LOG_P,
    MPCHAR_O_P,
    MPCHAR_O_P_LOG_P,
    MPCHAR_O_P2,
    MPCHAR_O_UNKNOWN,
} mpchar_complexity;

/* "O(1)", "O(log p)", ..., "unknown". */
const char *mpchar_complexity_name(mpchar_complexity c);

#endif
