/* The overlap micro-benchmark's axes (seed 004 Section 3): which side of
 * a transfer is measured (a nonblocking send, or a nonblocking receive)
 * and the computation time c placed between the post and the wait.  Both
 * travel in the variant column of measurements.csv as "<side>_c<us>"
 * ("isend_c64": the sender computes 64 us), so the sweep over c is a
 * second axis of the pattern's series and every older reader still reads
 * the rows.  The list of variant names below is the one place the c grid
 * is written; mpchar-bench registers it and the model parses it back.
 * libc only: the MPI programs link it. */
#ifndef MPCHAR_OVERLAP_H
#define MPCHAR_OVERLAP_H

#include <stdbool.h>
#include <stddef.h>

#include "mpchar/error.h"

/* The pattern that sweeps c (its facts say so: mpchar/patterns.h). */
#define MPCHAR_OVERLAP_PATTERN "overlap"

typedef enum mpchar_overlap_side {
    MPCHAR_OVERLAP_ISEND, /* rank 0: MPI_Isend, compute, MPI_Wait */
    MPCHAR_OVERLAP_IRECV, /* rank 0: MPI_Irecv, compute, MPI_Wait */
    MPCHAR_OVERLAP_SIDE_COUNT
} mpchar_overlap_side;

/* "isend" or "irecv"; "?" for anything else. */
const char *mpchar_overlap_side_name(mpchar_overlap_side side);

/* The variant names, every side with every c, NULL-ended. */
extern const char *const mpchar_overlap_variants[];

/* Splits a variant name into its side and c (microseconds); -1 with a
 * message naming the variant when it is not "<side>_c<us>". */
int mpchar_overlap_variant_parse(const char *variant,
                                 mpchar_overlap_side *side_p,
                                 double *compute_us_p, mpchar_error *err);

#endif
