/* The buffer datatypes of the benchmark's messages, in one table
 * (src/common/datatypes.c): seed 002 measures its point-to-point and
 * focal-point tests with arrays of bytes, integers and doubles, and
 * measurements.csv's datatype column names them.  mpchar-bench maps each
 * name to its MPI datatype; reductions always use doubles.  libc only. */
#ifndef MPCHAR_DATATYPES_H
#define MPCHAR_DATATYPES_H

#include <stddef.h>

typedef struct mpchar_datatype {
    const char *name; /* as --datatypes and the datatype column name it */
    size_t bytes;     /* of one element */
} mpchar_datatype;

/* byte, int, double; ends with an entry whose name is NULL. */
extern const mpchar_datatype mpchar_datatypes[];

/* The bytes of one element of a datatype; 0 for an unknown name. */
size_t mpchar_datatype_bytes(const char *name);

#endif
