/*
 * The Fortran shims that bindings.def marks -manual, because their C call
 * is not the C function of the same name: MPI_OP_CREATE registers a
 * Fortran procedure, which the library must call with Fortran's
 * conventions (op.c's mpchar__fortran_op_fn), not as an MPI_User_function.
 */
#include "fortran.h"

#include "rt.h"

void mpi_op_create_(mpchar__fortran_op_fn *user_fn, MPI_Fint *commute,
                    MPI_Fint *op, MPI_Fint *ierror);
void mpi_op_create_(mpchar__fortran_op_fn *user_fn, MPI_Fint *commute,
                    MPI_Fint *op, MPI_Fint *ierror)
{
    MPI_Op c_op = MPI_OP_NULL;
    int rc = mpchar__op_create(NULL, user_fn, *commute, &c_op);
    *op = rc == MPI_SUCCESS ? mpchar__f_new(F_OP, c_op) : 0;
    *ierror = rc;
}
