/*
 * Building blocks of the collectives: blocking sends and receives on the
 * collective context, typed temporary buffers, argument checks.
 */
#include "coll.h"

#include <stdlib.h>
#include <string.h>

int mpchar__coll_send(const void *buf, int count, MPI_Datatype type, int dest, int tag,
                      MPI_Comm comm)
{
  MPI_Request req;
  int rc = mpchar__isend(buf, count, type, dest, tag, comm, 1, 0, &req);
  return rc != MPI_SUCCESS ? rc : mpchar__wait(&req, MPI_STATUS_IGNORE);
}

int mpchar__coll_recv(void *buf, int count, MPI_Datatype type, int src, int tag, MPI_Comm comm)
{
  MPI_Request req;
  int rc = mpchar__irecv(buf, count, type, src, tag, comm, 1, &req);
  return rc != MPI_SUCCESS ? rc : mpchar__wait(&req, MPI_STATUS_IGNORE);
}

int mpchar__coll_sendrecv(const void *sbuf, int scount, MPI_Datatype stype, int dest,
                          void *rbuf, int rcount, MPI_Datatype rtype, int src, int tag,
                          MPI_Comm comm)
{
  MPI_Request rreq, sreq;
  int rc = mpchar__irecv(rbuf, rcount, rtype, src, tag, comm, 1, &rreq);
  if (rc != MPI_SUCCESS)
    return rc;
  rc = mpchar__isend(sbuf, scount, stype, dest, tag, comm, 1, 0, &sreq);
  if (rc != MPI_SUCCESS)
    return rc;
  int rs = mpchar__wait(&sreq, MPI_STATUS_IGNORE);
  int rr = mpchar__wait(&rreq, MPI_STATUS_IGNORE);
  return rr != MPI_SUCCESS ? rr : rs;
}

void *mpchar__tbuf_alloc(int count, MPI_Datatype type, void **mem_p)
{
  /* element i touches [i ext + lo, i ext + hi): the true bounds, widened to
   * lb/ub because pair-type kernels assign whole structs */
  MPI_Aint lo = type->true_lb < type->lb ? type->true_lb : type->lb;
  MPI_Aint ub = type->lb + type->extent, hi = type->true_ub > ub ? type->true_ub : ub;
  size_t span = 1;
  if (count > 0)
    span = (size_t)(hi - lo) + (size_t)(count - 1) * (size_t)type->extent;
  char *mem = malloc(span ? span : 1);
  if (!mem)
    mpchar__fatal("out of memory in a collective");
  *mem_p = mem;
  return mem - lo;
}

void mpchar__tbuf_copy(const void *src, int scount, MPI_Datatype stype, void *dst, int rcount,
                       MPI_Datatype rtype)
{
  size_t bytes = (size_t)scount * stype->size;
  if (bytes == 0 || src == dst)
    return;
  if (stype->contig && rtype->contig) {
    size_t cap = (size_t)rcount * rtype->size;
    memmove(dst, src, bytes < cap ? bytes : cap);
    return;
  }
  void *tmp = malloc(bytes);
  if (!tmp)
    mpchar__fatal("out of memory in a collective");
  mpchar__type_pack(src, scount, stype, tmp);
  mpchar__type_unpack(tmp, bytes, rcount, rtype, dst);
  free(tmp);
}

int mpchar__pof2(int n)
{
  int p = 1;
  while (p * 2 <= n)
    p *= 2;
  return p;
}

int mpchar__coll_check_rooted(MPI_Comm comm, int count, MPI_Datatype type, int root)
{
  int rc = mpchar__check_args(comm, count, type);
  if (rc == MPI_SUCCESS && (root < 0 || root >= comm->size))
    rc = MPI_ERR_ROOT;
  return rc;
}
