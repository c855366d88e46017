/* The collective algorithms of the MPI libraries themselves, in one table
 * (src/common/lib_algorithms.c): for Open MPI's coll/tuned, MPICH and
 * SimGrid's SMPI, which
 * algorithms each collective can be forced to use, how to force one
 * (environment settings), and the names `mpchar run --algorithms`
 * measures them under: a variant is a library of its own in the results,
 * "<base>@<pattern>:<algorithm>" (e.g. "openmpi@bcast:binomial"), that
 * measures that collective only.  `mpchar export` reads the same table to
 * write each library's own selection files.  libc only. */
#ifndef MPCHAR_LIB_ALGORITHMS_H
#define MPCHAR_LIB_ALGORITHMS_H

#include <stdbool.h>
#include <stddef.h>

#include "mpchar/error.h"
#include "mpchar/results.h"

typedef struct mpchar_lib_algorithm {
    const char *library; /* the base library: "openmpi", "mpich", "smpi" */
    const char *pattern; /* the collective, as mpchar-bench names it */
    const char *name;    /* the library's own name of the algorithm */
    int id;              /* Open MPI's coll_tuned number; MPICH: 0 */
} mpchar_lib_algorithm;

/* Ends with an entry whose library is NULL. */
extern const mpchar_lib_algorithm mpchar_lib_algorithms[];

#define MPCHAR_ALG_ENV_MAX 3
#define MPCHAR_ALG_ENV_LEN 128

/* The settings that force a: at most MPCHAR_ALG_ENV_MAX of them, the last
 * naming the algorithm and those before it the same for every algorithm
 * of a's library.  Environment settings ("NAME=value"), except where
 * mpchar_lib_algorithm_as_args(a): then options of the library's launcher
 * (SimGrid SMPI: "--cfg=smpi/<coll>:<name>" for smpirun). */
size_t mpchar_lib_algorithm_env(const mpchar_lib_algorithm *a,
                                char env[][MPCHAR_ALG_ENV_LEN]);

/* Whether a is forced by launcher options rather than the environment. */
bool mpchar_lib_algorithm_as_args(const mpchar_lib_algorithm *a);

const mpchar_lib_algorithm *mpchar_lib_algorithm_find(const char *library,
                                                      const char *pattern,
                                                      const char *name);

/* "<base>@<pattern>:<name>" into buf of MPCHAR_NAME_MAX; -1 when it does
 * not fit. */
int mpchar_lib_algorithm_variant(const mpchar_lib_algorithm *a,
                                 char buf[MPCHAR_NAME_MAX]);

/* The algorithm a library name measures: NULL for a plain library, or for
 * a name with "@" that is no variant of the table (then *malformed is
 * set when malformed is not NULL). */
const mpchar_lib_algorithm *mpchar_lib_algorithm_of(const char *library,
                                                    int *malformed);

#endif
