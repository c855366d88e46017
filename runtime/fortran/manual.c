/*
 * The Fortran shims that bindings.def marks -manual, because their C call
 * is not the C function of the same name called the generic way:
 * MPI_OP_CREATE registers a Fortran procedure, which the library must call
 * with Fortran's conventions (op.c's mpchar__fortran_op_fn), not as an
 * MPI_User_function; MPI_WIN_GET_ATTR returns the attribute's value, where
 * C returns a pointer to it, and so do MPI_COMM_GET_ATTR and MPI_ATTR_GET
 * for the predefined keys; MPI_INFO_GET's value has the length that
 * VALUELEN and the actual argument allow.
 */
#include "fortran.h"

#include <stdlib.h>

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

/* MPI_WIN_BASE is the base address itself, MPI_WIN_SIZE and
 * MPI_WIN_DISP_UNIT point to the values (MPI_Aint, int). */
void mpi_win_get_attr_(MPI_Fint *win, MPI_Fint *win_keyval,
                       MPI_Aint *attribute_val, MPI_Fint *flag,
                       MPI_Fint *ierror);
void mpi_win_get_attr_(MPI_Fint *win, MPI_Fint *win_keyval,
                       MPI_Aint *attribute_val, MPI_Fint *flag,
                       MPI_Fint *ierror)
{
    MPI_Win c_win = NULL;
    if (mpchar__f_in(F_WIN, *win, (void **)&c_win, "MPI_WIN_GET_ATTR", ierror))
        return;
    void *val = NULL;
    int c_flag = 0;
    int rc = MPI_Win_get_attr(c_win, *win_keyval, &val, &c_flag);
    if (rc == MPI_SUCCESS && c_flag) {
        if (*win_keyval == MPI_WIN_BASE)
            *attribute_val = (MPI_Aint)val;
        else if (*win_keyval == MPI_WIN_SIZE)
            *attribute_val = *(MPI_Aint *)val;
        else
            *attribute_val = *(int *)val;
    }
    *flag = rc == MPI_SUCCESS && c_flag;
    *ierror = rc;
}

/* A communicator's attribute as Fortran reads it: a predefined key's
 * value (C has a pointer to it), or the value C code stored, which MPI
 * gives Fortran as an address-sized integer (MPI-3.1 17.2.7). */
static int comm_attr_value(MPI_Fint *comm, MPI_Fint *keyval, MPI_Aint *value,
                           MPI_Fint *flag, const char *func, MPI_Fint *ierror)
{
    MPI_Comm c_comm = NULL;
    if (mpchar__f_in(F_COMM, *comm, (void **)&c_comm, func, ierror))
        return 0;
    void *val = NULL;
    int c_flag = 0;
    int rc = MPI_Comm_get_attr(c_comm, *keyval, &val, &c_flag);
    if (rc == MPI_SUCCESS && c_flag)
        *value =
            *keyval < MPCHAR_RT_USER_KEYVAL_BASE ? *(int *)val : (MPI_Aint)val;
    *flag = rc == MPI_SUCCESS && c_flag;
    *ierror = rc;
    return rc == MPI_SUCCESS && c_flag;
}

void mpi_comm_get_attr_(MPI_Fint *comm, MPI_Fint *comm_keyval,
                        MPI_Aint *attribute_val, MPI_Fint *flag,
                        MPI_Fint *ierror);
void mpi_comm_get_attr_(MPI_Fint *comm, MPI_Fint *comm_keyval,
                        MPI_Aint *attribute_val, MPI_Fint *flag,
                        MPI_Fint *ierror)
{
    comm_attr_value(comm, comm_keyval, attribute_val, flag, "MPI_COMM_GET_ATTR",
                    ierror);
}

void mpi_attr_get_(MPI_Fint *comm, MPI_Fint *keyval, MPI_Fint *attribute_val,
                   MPI_Fint *flag, MPI_Fint *ierror);
void mpi_attr_get_(MPI_Fint *comm, MPI_Fint *keyval, MPI_Fint *attribute_val,
                   MPI_Fint *flag, MPI_Fint *ierror)
{
    MPI_Aint value = 0;
    if (comm_attr_value(comm, keyval, &value, flag, "MPI_ATTR_GET", ierror))
        *attribute_val = (MPI_Fint)value;
}

void mpi_info_get_(MPI_Fint *info, char *key, MPI_Fint *valuelen, char *value,
                   MPI_Fint *flag, MPI_Fint *ierror, size_t key_len,
                   size_t value_len);
void mpi_info_get_(MPI_Fint *info, char *key, MPI_Fint *valuelen, char *value,
                   MPI_Fint *flag, MPI_Fint *ierror, size_t key_len,
                   size_t value_len)
{
    MPI_Info c_info = NULL;
    if (mpchar__f_in(F_INFO, *info, (void **)&c_info, "MPI_INFO_GET", ierror))
        return;
    char *c_key = mpchar__f_string_in(key, key_len, "MPI_INFO_GET", ierror);
    if (!c_key)
        return;
    /* at most VALUELEN characters, and no more than VALUE holds */
    int n = *valuelen;
    if (n > 0 && (size_t)n > value_len)
        n = (int)value_len;
    char c_value[MPI_MAX_INFO_VAL + 1] = "";
    if (n > MPI_MAX_INFO_VAL)
        n = MPI_MAX_INFO_VAL;
    int c_flag = 0;
    int rc = MPI_Info_get(c_info, c_key, n, c_value, &c_flag);
    free(c_key);
    if (rc == MPI_SUCCESS && c_flag)
        mpchar__f_string(value, value_len, c_value);
    *flag = rc == MPI_SUCCESS && c_flag;
    *ierror = rc;
}
