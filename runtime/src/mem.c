/*
 * MPI_Alloc_mem and MPI_Free_mem.
 *
 * Every process of a job already reaches every other's memory (CMA or the
 * shared segment), so memory for communication needs nothing special:
 * ordinary heap memory, aligned to a cache line so that buffers a program
 * gets here do not share a line with unrelated data.  Info hints are
 * accepted and ignored, as MPI allows.
 */
#include "rt.h"

#include <stdlib.h>

int PMPI_Alloc_mem(MPI_Aint size, MPI_Info info, void *baseptr)
{
    (void)info;
    if (size < 0 || !baseptr)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Alloc_mem");
    void *p = NULL;
    if (posix_memalign(&p, RT_LINE, size > 0 ? (size_t)size : 1) != 0)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, "MPI_Alloc_mem");
    *(void **)baseptr = p;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Alloc_mem)

int PMPI_Free_mem(void *base)
{
    free(base);
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Free_mem)
