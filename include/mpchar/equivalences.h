/* The equivalences between collectives that seed 000 (Section 5.3) and
 * seed 001 (Section 5) use to replace a slow primitive by a faster
 * combination of others: one table (src/common/equivalences.c) that
 * `mpchar advise`, mpchar-bench's substitute patterns, `advise --verify`
 * and libmpchar-tune all read.  libc only: the MPI programs link it. */
#ifndef MPCHAR_EQUIVALENCES_H
#define MPCHAR_EQUIVALENCES_H

#include <stddef.h>

#define MPCHAR_COMPONENTS_MAX 2

/* One collective of a substitute, called in table order.  n_per_n is its
 * message length in units of the primitive's n, both as mpchar-bench
 * defines n for the pattern (docs/models.md): with those conventions every
 * component of the table below moves exactly n (a Bcast of n bytes is a
 * Scatter whose root holds n and an Allgather whose vector is n), but the
 * factor is stated so that a relation that is not 1 is one edit. */
typedef struct mpchar_component {
    const char *pattern;
    double n_per_n;
} mpchar_component;

typedef struct mpchar_equivalence {
    const char *primitive;  /* pattern replaced: "bcast" */
    const char *substitute; /* mpchar-bench pattern measuring the
                               substitute, also its name in advice */
    const char *text;       /* "Scatter + Allgather" */
    const char *source;     /* where the equivalence comes from */
    mpchar_component components[MPCHAR_COMPONENTS_MAX];
} mpchar_equivalence;

size_t mpchar_equivalence_count(void);
const mpchar_equivalence *mpchar_equivalence_get(size_t i);
/* The entry whose substitute is named so (case-insensitive); NULL when
 * none is. */
const mpchar_equivalence *mpchar_equivalence_find(const char *substitute);
/* Components in use (1..MPCHAR_COMPONENTS_MAX). */
size_t mpchar_equivalence_components(const mpchar_equivalence *e);

#endif
