/*
 * Fortran handles: one table per kind of object (communicator, datatype,
 * operation, request, group, info, error handler, window) maps Fortran's
 * INTEGER handles to the C library's pointers, and MPI_<Kind>_c2f/f2c
 * expose it to C.  Slots 0..n-1 hold the predefined objects in the order of
 * bindings.def, so MPI_COMM_WORLD and the others are compile-time constants
 * in mpif.h and the mpi module; other objects get a slot when a call
 * returns them and give it back when a call frees them (a completed
 * request, MPI_Comm_free), so a program that makes millions of requests
 * uses a few slots.  Also the helpers of the generated shims for Fortran's
 * conventions (fortran.h).
 */
#include "fortran.h"

#include <stdlib.h>
#include <string.h>

#include "rt.h"

/* A released slot holds this address until it is reused. */
static char released;

struct table {
    void **slot;
    size_t n, cap;
    MPI_Fint *free_slots; /* released slots, reused last-in first-out */
    size_t nfree, free_cap;
    int ready;
};
static struct table tables[F_KINDS];

/* The error class of an invalid handle of each kind. */
static const int bad_handle_class[F_KINDS] = {
    [F_COMM] = MPI_ERR_COMM,      [F_TYPE] = MPI_ERR_TYPE,
    [F_OP] = MPI_ERR_OP,          [F_REQUEST] = MPI_ERR_REQUEST,
    [F_GROUP] = MPI_ERR_GROUP,    [F_INFO] = MPI_ERR_ARG,
    [F_ERRHANDLER] = MPI_ERR_ARG, [F_WIN] = MPI_ERR_WIN,
    [F_MESSAGE] = MPI_ERR_REQUEST};

/* The table of kind, its predefined slots filled on first use; NULL when
 * there is no memory for them. */
static struct table *table_of(int kind)
{
    struct table *t = &tables[kind];
    if (t->ready)
        return t;
    const struct mpchar_f_predefined *p = &mpchar__f_predefined[kind];
    void **s = mpchar_grow(NULL, &t->cap, (size_t)p->n, sizeof *s);
    if (!s)
        return NULL;
    memcpy(s, p->objects, (size_t)p->n * sizeof *s);
    t->slot = s;
    t->n = (size_t)p->n;
    t->ready = 1;
    return t;
}

void *mpchar__f_f2c(int kind, MPI_Fint f)
{
    struct table *t = table_of(kind);
    if (!t || f < 0 || (size_t)f >= t->n || t->slot[f] == &released)
        return NULL;
    return t->slot[f];
}

int mpchar__f_in(int kind, MPI_Fint f, void **c, const char *func,
                 MPI_Fint *ierror)
{
    struct table *t = table_of(kind);
    if (t && f >= 0 && (size_t)f < t->n && t->slot[f] != &released) {
        *c = t->slot[f];
        return 0;
    }
    *ierror = mpchar__err(MPI_COMM_WORLD, bad_handle_class[kind], func);
    return 1;
}

/* The predefined handle of c, or -1. */
static MPI_Fint predefined_index(int kind, const void *c)
{
    const struct mpchar_f_predefined *p = &mpchar__f_predefined[kind];
    for (int i = 0; i < p->n; i++)
        if (p->objects[i] == c)
            return i;
    return -1;
}

MPI_Fint mpchar__f_new(int kind, void *c)
{
    MPI_Fint i = predefined_index(kind, c);
    if (i >= 0)
        return i;
    struct table *t = table_of(kind);
    if (!t)
        return 0;
    if (t->nfree > 0) {
        i = t->free_slots[--t->nfree];
        t->slot[i] = c;
        return i;
    }
    if (t->n >= (size_t)INT32_MAX)
        return 0;
    void **s = mpchar_grow(t->slot, &t->cap, t->n + 1, sizeof *s);
    if (!s)
        return 0;
    t->slot = s;
    t->slot[t->n] = c;
    return (MPI_Fint)t->n++;
}

MPI_Fint mpchar__f_update(int kind, MPI_Fint f, void *c)
{
    struct table *t = table_of(kind);
    int own = t && f >= mpchar__f_predefined[kind].n && (size_t)f < t->n &&
              t->slot[f] != &released;
    if (own && t->slot[f] == c)
        return f;
    if (own && !c) {
        /* keep the slot if its number cannot be remembered for reuse */
        MPI_Fint *fs =
            mpchar_grow(t->free_slots, &t->free_cap, t->nfree + 1, sizeof *fs);
        if (!fs)
            return 0;
        t->free_slots = fs;
        t->slot[f] = &released;
        t->free_slots[t->nfree++] = f;
        return 0;
    }
    if (own) {
        t->slot[f] = c;
        return f;
    }
    return mpchar__f_new(kind, c);
}

MPI_Fint mpchar__f_c2f(int kind, void *c)
{
    struct table *t = table_of(kind);
    for (size_t i = 0; t && i < t->n; i++)
        if (t->slot[i] == c)
            return (MPI_Fint)i;
    return mpchar__f_new(kind, c);
}

/* MPI_<Name>_c2f and MPI_<Name>_f2c of the C API. */
#define C2F(Name, ctype, kind)                \
    MPI_Fint PMPI_##Name##_c2f(ctype c)       \
    {                                         \
        return mpchar__f_c2f(kind, c);        \
    }                                         \
    MPCHAR_RT_WEAK(Name##_c2f)                \
    ctype PMPI_##Name##_f2c(MPI_Fint f)       \
    {                                         \
        return (ctype)mpchar__f_f2c(kind, f); \
    }                                         \
    MPCHAR_RT_WEAK(Name##_f2c)
C2F(Comm, MPI_Comm, F_COMM)
C2F(Type, MPI_Datatype, F_TYPE)
C2F(Op, MPI_Op, F_OP)
C2F(Request, MPI_Request, F_REQUEST)
C2F(Group, MPI_Group, F_GROUP)
C2F(Info, MPI_Info, F_INFO)
C2F(Errhandler, MPI_Errhandler, F_ERRHANDLER)
C2F(Win, MPI_Win, F_WIN)
C2F(Message, MPI_Message, F_MESSAGE)
#undef C2F

/* A Fortran status is the C struct's bytes as MPI_STATUS_SIZE INTEGERs
 * (the generated code checks the sizes and the field positions). */
static int status_copy(void *to, const void *from, const char *func)
{
    if (!to || !from)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_ARG, func);
    memcpy(to, from, sizeof(MPI_Status));
    return MPI_SUCCESS;
}

int PMPI_Status_c2f(const MPI_Status *c_status, MPI_Fint *f_status)
{
    return status_copy(f_status, c_status, "MPI_Status_c2f");
}
MPCHAR_RT_WEAK(Status_c2f)

int PMPI_Status_f2c(const MPI_Fint *f_status, MPI_Status *c_status)
{
    return status_copy(c_status, f_status, "MPI_Status_f2c");
}
MPCHAR_RT_WEAK(Status_f2c)

void *mpchar__f_buf(void *p)
{
    if (p == mpchar_fbottom_)
        return MPI_BOTTOM;
    if (p == mpchar_finplace_)
        return MPI_IN_PLACE;
    return p;
}

int *mpchar__f_weights(MPI_Fint *p)
{
    if (p == mpchar_funweighted_)
        return MPI_UNWEIGHTED;
    if (p == mpchar_fweights_empty_)
        return MPI_WEIGHTS_EMPTY;
    return p;
}

MPI_Status *mpchar__f_status(MPI_Fint *f, MPI_Status *tmp)
{
    if (f == mpchar_fstatus_ignore_ || f == mpchar_fstatuses_ignore_)
        return MPI_STATUS_IGNORE;
    memset(tmp, 0, sizeof *tmp);
    return tmp;
}

void *mpchar__f_array(MPI_Fint n, size_t size, const char *func,
                      MPI_Fint *ierror)
{
    if (n < 0) {
        *ierror = mpchar__err(MPI_COMM_WORLD, MPI_ERR_COUNT, func);
        return NULL;
    }
    void *a = calloc(n > 0 ? (size_t)n : 1, size);
    if (!a)
        *ierror = mpchar__err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, func);
    return a;
}

int mpchar__f_statuses(MPI_Fint *f, MPI_Fint n, MPI_Status **tmp,
                       const char *func, MPI_Fint *ierror)
{
    *tmp = NULL;
    if (f == mpchar_fstatuses_ignore_ || f == mpchar_fstatus_ignore_)
        return 1;
    *tmp = mpchar__f_array(n, sizeof **tmp, func, ierror);
    return *tmp != NULL;
}

void mpchar__f_statuses_out(MPI_Fint *f, const MPI_Status *c, MPI_Fint n)
{
    if (c)
        memcpy(f, c, (size_t)n * sizeof *c);
}

void mpchar__f_string(char *f, size_t flen, const char *c)
{
    size_t n = strlen(c);
    if (n > flen)
        n = flen;
    memcpy(f, c, n);
    memset(f + n, ' ', flen - n);
}

char *mpchar__f_string_in(const char *f, size_t flen, const char *func,
                          MPI_Fint *ierror)
{
    while (flen > 0 && f[flen - 1] == ' ')
        flen--;
    char *c = malloc(flen + 1);
    if (!c) {
        *ierror = mpchar__err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, func);
        return NULL;
    }
    memcpy(c, f, flen);
    c[flen] = '\0';
    return c;
}
