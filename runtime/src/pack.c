/*
 * MPI_Pack, MPI_Unpack and MPI_Pack_size.
 *
 * The packed form is the one messages carry (datatype.c): the bytes of
 * the basic elements in type-map order, nothing else, so Pack_size is
 * exact and a buffer packed here can be sent as MPI_PACKED and received
 * with the original type.  Positions and sizes are ints, as in the MPI C
 * binding; a pack or unpack that would run past the buffer is refused
 * with MPI_ERR_TRUNCATE before any byte moves.
 */
#include "rt.h"

/* The checks every call here makes: MPI_SUCCESS or the error class;
 * *bytes gets count elements' packed size. */
static int pack_check(int count, MPI_Datatype type, MPI_Comm comm,
                      long long *bytes)
{
    if (mpchar__comm_check(comm) != MPI_SUCCESS)
        return MPI_ERR_COMM;
    if (count < 0)
        return MPI_ERR_COUNT;
    if (mpchar__type_check(type) != MPI_SUCCESS)
        return MPI_ERR_TYPE;
    *bytes = (long long)count * (long long)type->size;
    return MPI_SUCCESS;
}

/* The error of a pack call: through comm's handler when comm is valid. */
static int pack_err(MPI_Comm comm, int rc, const char *func)
{
    return mpchar__err(rc == MPI_ERR_COMM ? MPI_COMM_WORLD : comm, rc, func);
}

/* Pack (to_packed) or Unpack count elements of type between mem and the
 * packed buffer of size bytes at *position, which moves past them. */
static int pack_move(void *mem, int count, MPI_Datatype type, char *packed,
                     int size, int *position, MPI_Comm comm, int to_packed,
                     const char *func)
{
    long long bytes = 0;
    int rc = pack_check(count, type, comm, &bytes);
    if (rc == MPI_SUCCESS && (!position || *position < 0 || size < 0))
        rc = MPI_ERR_ARG;
    if (rc == MPI_SUCCESS && bytes > (long long)size - *position)
        rc = MPI_ERR_TRUNCATE;
    if (rc != MPI_SUCCESS)
        return pack_err(comm, rc, func);
    if (bytes > 0 && to_packed)
        mpchar__type_pack(mem, count, type, packed + *position);
    else if (bytes > 0)
        mpchar__type_unpack(packed + *position, (size_t)bytes, count, type,
                            mem);
    *position += (int)bytes;
    return MPI_SUCCESS;
}

int PMPI_Pack(const void *inbuf, int incount, MPI_Datatype datatype,
              void *outbuf, int outsize, int *position, MPI_Comm comm)
{
    return pack_move((void *)(uintptr_t)inbuf, incount, datatype, outbuf,
                     outsize, position, comm, 1, "MPI_Pack");
}
MPCHAR_RT_WEAK(Pack)

int PMPI_Unpack(const void *inbuf, int insize, int *position, void *outbuf,
                int outcount, MPI_Datatype datatype, MPI_Comm comm)
{
    return pack_move(outbuf, outcount, datatype, (char *)(uintptr_t)inbuf,
                     insize, position, comm, 0, "MPI_Unpack");
}
MPCHAR_RT_WEAK(Unpack)

int PMPI_Pack_size(int incount, MPI_Datatype datatype, MPI_Comm comm, int *size)
{
    long long bytes = 0;
    int rc = pack_check(incount, datatype, comm, &bytes);
    if (rc == MPI_SUCCESS && (!size || bytes > 0x7fffffff))
        rc = MPI_ERR_ARG;
    if (rc != MPI_SUCCESS)
        return pack_err(comm, rc, "MPI_Pack_size");
    *size = (int)bytes;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Pack_size)
