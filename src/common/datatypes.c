/* The buffer datatypes (mpchar/datatypes.h). */
#include <string.h>

#include "mpchar/datatypes.h"

const mpchar_datatype mpchar_datatypes[] = {
    {"byte", 1},
    {"int",
     4}, /* MPI_INT: a C int, 4 bytes on every platform mpchar builds on */
    {"double", 8},
    {NULL, 0},
};

size_t mpchar_datatype_bytes(const char *name)
{
    for (const mpchar_datatype *d = mpchar_datatypes; d->name; d++)
        if (strcmp(d->name, name) == 0)
            return d->bytes;
    return 0;
}
