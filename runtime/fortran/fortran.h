/*
 * Internal interface of the Fortran bindings of libmpchar-rt: the handle
 * tables that turn Fortran's INTEGER handles into the C library's pointers
 * and back (handles.c), and the helpers the generated shims (bindings.c,
 * from bindings.def by gen_bindings.py) use for Fortran's conventions:
 * special addresses (MPI_BOTTOM, MPI_IN_PLACE, MPI_STATUS(ES)_IGNORE),
 * statuses as INTEGER arrays, blank-padded CHARACTER results.
 */
#ifndef MPCHAR_RT_FORTRAN_H
#define MPCHAR_RT_FORTRAN_H

#include <stddef.h>

#include "mpi.h"

/* Kinds of handle, each with a table; the generated tables of predefined
 * handles (mpchar__f_predefined) are in this order. */
enum mpchar_f_kind {
    F_COMM,
    F_TYPE,
    F_OP,
    F_REQUEST,
    F_GROUP,
    F_INFO,
    F_ERRHANDLER,
    F_WIN,
    F_MESSAGE,
    F_KINDS
};

/* The predefined handles of one kind: Fortran handle i is objects[i]
 * (objects[0] is the kind's null handle). Generated. */
struct mpchar_f_predefined {
    void *const *objects;
    int n;
};
extern const struct mpchar_f_predefined mpchar__f_predefined[F_KINDS];

/* The common blocks behind Fortran's special addresses (generated, sized
 * as mpif.h declares them); a shim compares argument addresses with them. */
extern MPI_Fint mpchar_fbottom_[], mpchar_finplace_[], mpchar_fstatus_ignore_[],
    mpchar_fstatuses_ignore_[], mpchar_funweighted_[], mpchar_fweights_empty_[];

/* Fortran handle f of kind to C in *c; an unknown handle calls the error
 * handler of MPI_COMM_WORLD for func, stores the code in *ierror and
 * returns non-zero. */
int mpchar__f_in(int kind, MPI_Fint f, void **c, const char *func,
                 MPI_Fint *ierror);
/* The Fortran handle of a C object the call returned (a predefined one
 * keeps its fixed number, others get a new slot); NULL is 0. */
MPI_Fint mpchar__f_new(int kind, void *c);
/* After a call that may free or replace handle f (free, wait, commit): its
 * slot is released when c is NULL (returns 0) or now holds c. */
MPI_Fint mpchar__f_update(int kind, MPI_Fint f, void *c);
/* MPI_Type_c2f and kin: the handle of c, found or new. */
MPI_Fint mpchar__f_c2f(int kind, void *c);
/* MPI_Type_f2c and kin: NULL for an unknown handle. */
void *mpchar__f_f2c(int kind, MPI_Fint f);

/* A choice argument: MPI_BOTTOM's and MPI_IN_PLACE's addresses become
 * C's; other addresses are the data. */
void *mpchar__f_buf(void *p);
/* A graph's weights: MPI_UNWEIGHTED's and MPI_WEIGHTS_EMPTY's addresses
 * become C's; other addresses are the weights. */
int *mpchar__f_weights(MPI_Fint *p);
/* A status argument: NULL for MPI_STATUS(ES)_IGNORE, else tmp. */
MPI_Status *mpchar__f_status(MPI_Fint *f, MPI_Status *tmp);
/* A temporary array of n elements of size bytes for an array argument
 * (n <= 0 gives a valid empty one); NULL and *ierror set when there is no
 * memory or n is negative. */
void *mpchar__f_array(MPI_Fint n, size_t size, const char *func,
                      MPI_Fint *ierror);
/* A statuses argument of n statuses: NULL for MPI_STATUSES_IGNORE, else
 * *tmp from mpchar__f_array (0 with *ierror set when that fails). */
int mpchar__f_statuses(MPI_Fint *f, MPI_Fint n, MPI_Status **tmp,
                       const char *func, MPI_Fint *ierror);
/* Copies n C statuses into Fortran's INTEGER(MPI_STATUS_SIZE, n). */
void mpchar__f_statuses_out(MPI_Fint *f, const MPI_Status *c, MPI_Fint n);
/* A CHARACTER result: the C string, blank-padded to Fortran's length. */
void mpchar__f_string(char *f, size_t flen, const char *c);
/* A CHARACTER argument in: a new C string (free it) of its flen characters
 * without Fortran's trailing blanks; NULL and *ierror set when there is no
 * memory. */
char *mpchar__f_string_in(const char *f, size_t flen, const char *func,
                          MPI_Fint *ierror);

#endif
