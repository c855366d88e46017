/* The substitutes of the equivalence table (mpchar/equivalences.h) as MPI
 * calls with the signature of the primitive they replace, written once
 * (substitutes.c) for mpchar-bench, which measures them as patterns, and
 * libmpchar-tune, which calls them in place of the primitive.  They call
 * the PMPI_ entry points, so that a PMPI tool does not see (or substitute
 * again) their components.  MPI and libc only.
 *
 * Each returns the first error code of its components (MPI_SUCCESS).
 * What each handles is said at its declaration; a caller must not use a
 * substitute outside it (libmpchar-tune's applicability rules). */
#ifndef MPCHAR_SUBSTITUTES_H
#define MPCHAR_SUBSTITUTES_H

#include <mpi.h>

/* MPI_Bcast as Scatter + Allgather on the same buffer (van de Geijn),
 * blocks of count/p elements, the first count%p one element longer (the
 * v-forms then).  Any datatype of an intra-communicator. */
int mpchar_sub_bcast_sa(void *buf, int count, MPI_Datatype dt, int root,
                        MPI_Comm comm);

/* MPI_Allgather as Gather to rank 0 + Bcast of the gathered vector.
 * MPI_IN_PLACE too; intra-communicators. */
int mpchar_sub_allgather_gb(const void *sbuf, int scount, MPI_Datatype stype,
                            void *rbuf, int rcount, MPI_Datatype rtype,
                            MPI_Comm comm);

/* MPI_Reduce_scatter as Reduce to rank 0 + Scatterv (seed 000), with a
 * temporary vector at rank 0.  Reduce and Reduce_scatter combine in the
 * same rank order, so non-commutative operations too; not MPI_IN_PLACE. */
int mpchar_sub_reduce_scatter_rs(const void *sbuf, void *rbuf,
                                 const int rcounts[], MPI_Datatype dt,
                                 MPI_Op op, MPI_Comm comm);

/* The same with Scatter (seed 001): equal rcounts only. */
int mpchar_sub_reduce_scatter_rsc(const void *sbuf, void *rbuf,
                                  const int rcounts[], MPI_Datatype dt,
                                  MPI_Op op, MPI_Comm comm);

/* MPI_Allreduce as Reduce to rank 0 + Bcast; MPI_IN_PLACE too. */
int mpchar_sub_allreduce_rb(const void *sbuf, void *rbuf, int count,
                            MPI_Datatype dt, MPI_Op op, MPI_Comm comm);

/* MPI_Allreduce as Reduce_scatter (blocks as bcast_sa's) + Allgatherv
 * in place; not MPI_IN_PLACE. */
int mpchar_sub_allreduce_rsag(const void *sbuf, void *rbuf, int count,
                              MPI_Datatype dt, MPI_Op op, MPI_Comm comm);

#endif
