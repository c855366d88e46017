/*
 * Attribute caching (MPI-3.1 6.7): keyvals, and the attributes that
 * communicators, datatypes and windows carry.
 *
 * A keyval is a slot of one growing table, numbered from MPCHAR_RT_USER_KEYVAL_BASE so
 * that it never meets a predefined key of mpi.h; the slot remembers the
 * kind of object it serves, so that a datatype's keyval given to a
 * communicator is MPI_ERR_KEYVAL.  A keyval its creator freed lives on
 * while attributes use it, as MPI requires, and its slot is reused after.
 * An object's attributes are a list, newest first: MPI_Finalize deletes
 * MPI_COMM_SELF's last set first.  MPI_COMM_WORLD's predefined attributes
 * (MPI_TAG_UB ...) are this process's values, answered on every
 * communicator as Open MPI and MPICH do, and never stored.
 */
#include "rma.h"
#include "rt.h"

#include <stdlib.h>

union copy_fn {
    MPI_Comm_copy_attr_function *comm;
    MPI_Type_copy_attr_function *type;
    MPI_Win_copy_attr_function *win;
};
union delete_fn {
    MPI_Comm_delete_attr_function *comm;
    MPI_Type_delete_attr_function *type;
    MPI_Win_delete_attr_function *win;
};

struct keyval {
    int used;    /* the slot holds a keyval */
    int created; /* not yet freed by its creator */
    int attrs;   /* attributes that use it */
    enum rt_attr_kind kind;
    union copy_fn copy;
    union delete_fn del;
    void *extra;
};

static struct keyval *keyvals;
static int n_keyvals;

/* The keyval of a handle, if it is a live one of kind; else NULL. */
static struct keyval *keyval_of(int handle, enum rt_attr_kind kind)
{
    int i = handle - MPCHAR_RT_USER_KEYVAL_BASE;
    if (i < 0 || i >= n_keyvals || !keyvals[i].used || !keyvals[i].created ||
        keyvals[i].kind != kind)
        return NULL;
    return &keyvals[i];
}

/* The keyval an attribute uses: it may have been freed by its creator. */
static struct keyval *keyval_in_use(int handle)
{
    return &keyvals[handle - MPCHAR_RT_USER_KEYVAL_BASE];
}

static void keyval_release(struct keyval *k)
{
    if (--k->attrs == 0 && !k->created)
        k->used = 0;
}

static int keyval_create(enum rt_attr_kind kind, union copy_fn copy,
                         union delete_fn del, int *handle, void *extra)
{
    if (!handle)
        return MPI_ERR_ARG;
    int i = 0;
    while (i < n_keyvals && keyvals[i].used)
        i++;
    if (i == n_keyvals) {
        int n = n_keyvals ? 2 * n_keyvals : 16;
        struct keyval *grown = realloc(keyvals, (size_t)n * sizeof *grown);
        if (!grown)
            return MPI_ERR_NO_MEM;
        for (int j = n_keyvals; j < n; j++)
            grown[j].used = 0;
        keyvals = grown;
        n_keyvals = n;
    }
    keyvals[i] = (struct keyval){1, 1, 0, kind, copy, del, extra};
    *handle = MPCHAR_RT_USER_KEYVAL_BASE + i;
    return MPI_SUCCESS;
}

static int keyval_free(enum rt_attr_kind kind, int *handle)
{
    struct keyval *k = handle ? keyval_of(*handle, kind) : NULL;
    if (!k)
        return MPI_ERR_KEYVAL;
    k->created = 0;
    if (k->attrs == 0)
        k->used = 0;
    *handle = MPI_KEYVAL_INVALID;
    return MPI_SUCCESS;
}

static int call_delete(enum rt_attr_kind kind, void *obj,
                       const struct rt_attr *a)
{
    const struct keyval *k = keyval_in_use(a->keyval);
    switch (kind) {
    case RT_ATTR_COMM:
        return k->del.comm ? k->del.comm(obj, a->keyval, a->value, k->extra)
                           : MPI_SUCCESS;
    case RT_ATTR_TYPE:
        return k->del.type ? k->del.type(obj, a->keyval, a->value, k->extra)
                           : MPI_SUCCESS;
    case RT_ATTR_WIN:
        return k->del.win ? k->del.win(obj, a->keyval, a->value, k->extra)
                          : MPI_SUCCESS;
    }
    return MPI_ERR_INTERN;
}

/* The copy callback of one attribute: *flag says whether to keep *out. */
static int call_copy(enum rt_attr_kind kind, void *old, const struct rt_attr *a,
                     void **out, int *flag)
{
    const struct keyval *k = keyval_in_use(a->keyval);
    *flag = 0;
    switch (kind) {
    case RT_ATTR_COMM:
        return k->copy.comm
                   ? k->copy.comm(old, a->keyval, k->extra, a->value, out, flag)
                   : MPI_SUCCESS;
    case RT_ATTR_TYPE:
        return k->copy.type
                   ? k->copy.type(old, a->keyval, k->extra, a->value, out, flag)
                   : MPI_SUCCESS;
    case RT_ATTR_WIN:
        return k->copy.win
                   ? k->copy.win(old, a->keyval, k->extra, a->value, out, flag)
                   : MPI_SUCCESS;
    }
    return MPI_ERR_INTERN;
}

static struct rt_attr **find(struct rt_attr **list, int keyval)
{
    while (*list && (*list)->keyval != keyval)
        list = &(*list)->next;
    return list;
}

static int attr_add(struct rt_attr **list, int keyval, void *value)
{
    struct rt_attr *a = malloc(sizeof *a);
    if (!a)
        return MPI_ERR_NO_MEM;
    *a = (struct rt_attr){*list, keyval, value};
    *list = a;
    keyval_in_use(keyval)->attrs++;
    return MPI_SUCCESS;
}

/* Unlinks *at after its delete callback succeeded. */
static int attr_remove(enum rt_attr_kind kind, void *obj, struct rt_attr **at)
{
    struct rt_attr *a = *at;
    int rc = call_delete(kind, obj, a);
    if (rc != MPI_SUCCESS)
        return rc;
    *at = a->next;
    keyval_release(keyval_in_use(a->keyval));
    free(a);
    return MPI_SUCCESS;
}

static int attr_set(enum rt_attr_kind kind, void *obj, struct rt_attr **list,
                    int keyval, void *value)
{
    if (!keyval_of(keyval, kind))
        return MPI_ERR_KEYVAL;
    struct rt_attr **at = find(list, keyval);
    if (!*at)
        return attr_add(list, keyval, value);
    /* the old value is deleted first, as MPI_*_delete_attr would */
    int rc = call_delete(kind, obj, *at);
    if (rc == MPI_SUCCESS)
        (*at)->value = value;
    return rc;
}

static int attr_get(enum rt_attr_kind kind, struct rt_attr *list, int keyval,
                    void *value_p, int *flag)
{
    if (!value_p || !flag)
        return MPI_ERR_ARG;
    if (!keyval_of(keyval, kind))
        return MPI_ERR_KEYVAL;
    struct rt_attr *a = *find(&list, keyval);
    *flag = a != NULL;
    if (a)
        *(void **)value_p = a->value;
    return MPI_SUCCESS;
}

static int attr_delete(enum rt_attr_kind kind, void *obj, struct rt_attr **list,
                       int keyval)
{
    if (!keyval_of(keyval, kind))
        return MPI_ERR_KEYVAL;
    struct rt_attr **at = find(list, keyval);
    return *at ? attr_remove(kind, obj, at) : MPI_SUCCESS;
}

int mpchar__attr_copy_all(enum rt_attr_kind kind, void *old,
                          const struct rt_attr *from, struct rt_attr **to)
{
    /* copies keep the original's order: appended, not pushed */
    for (; from; from = from->next) {
        void *value = NULL;
        int flag = 0;
        int rc = call_copy(kind, old, from, &value, &flag);
        if (rc == MPI_SUCCESS && flag)
            rc = attr_add(to, from->keyval, value);
        if (rc != MPI_SUCCESS)
            return rc;
        if (flag)
            to = &(*to)->next;
    }
    return MPI_SUCCESS;
}

int mpchar__attr_delete_all(enum rt_attr_kind kind, void *obj,
                            struct rt_attr **list)
{
    int first = MPI_SUCCESS;
    while (*list) {
        struct rt_attr *a = *list;
        int rc = call_delete(kind, obj, a);
        if (first == MPI_SUCCESS)
            first = rc;
        *list = a->next;
        keyval_release(keyval_in_use(a->keyval));
        free(a);
    }
    return first;
}

void mpchar__attr_final(void)
{
    free(keyvals);
    keyvals = NULL;
    n_keyvals = 0;
}

/* ---------------- the predefined callbacks ---------------- */

static int dup_value(void *in, void *out, int *flag)
{
    *(void **)out = in;
    *flag = 1;
    return MPI_SUCCESS;
}

int mpchar_rt_comm_dup_fn(MPI_Comm oldcomm, int keyval, void *extra, void *in,
                          void *out, int *flag)
{
    (void)oldcomm;
    (void)keyval;
    (void)extra;
    return dup_value(in, out, flag);
}

int mpchar_rt_type_dup_fn(MPI_Datatype oldtype, int keyval, void *extra,
                          void *in, void *out, int *flag)
{
    (void)oldtype;
    (void)keyval;
    (void)extra;
    return dup_value(in, out, flag);
}

int mpchar_rt_win_dup_fn(MPI_Win oldwin, int keyval, void *extra, void *in,
                         void *out, int *flag)
{
    (void)oldwin;
    (void)keyval;
    (void)extra;
    return dup_value(in, out, flag);
}

/* ---------------- communicators ---------------- */

/* MPI_COMM_WORLD's predefined attributes: one process's values. */
static int tag_ub = MPI_TAG_UB_VALUE, host = MPI_PROC_NULL, io = MPI_ANY_SOURCE,
           wtime_is_global = 1, appnum = 0;

/* The predefined attribute of key, or NULL.  MPI_Wtime reads
 * CLOCK_MONOTONIC, one clock for every process of the node, so it is
 * global; every process may do I/O; the universe is the job. */
static int *predefined_attr(int key)
{
    static int universe_size, lastusedcode;
    switch (key) {
    case MPI_TAG_UB: return &tag_ub;
    case MPI_HOST: return &host;
    case MPI_IO: return &io;
    case MPI_WTIME_IS_GLOBAL: return &wtime_is_global;
    case MPI_UNIVERSE_SIZE:
        universe_size = MPI_COMM_WORLD->size;
        return &universe_size;
    case MPI_APPNUM: return &appnum;
    case MPI_LASTUSEDCODE:
        lastusedcode = mpchar__last_used_code();
        return &lastusedcode;
    default: return NULL;
    }
}

static int comm_result(MPI_Comm comm, int rc, const char *func)
{
    return rc == MPI_SUCCESS ? rc : mpchar__err(comm, rc, func);
}

int PMPI_Comm_create_keyval(MPI_Comm_copy_attr_function *comm_copy_attr_fn,
                            MPI_Comm_delete_attr_function *comm_delete_attr_fn,
                            int *comm_keyval, void *extra_state)
{
    union copy_fn copy = {.comm = comm_copy_attr_fn};
    union delete_fn del = {.comm = comm_delete_attr_fn};
    return comm_result(
        MPI_COMM_WORLD,
        keyval_create(RT_ATTR_COMM, copy, del, comm_keyval, extra_state),
        "MPI_Comm_create_keyval");
}
MPCHAR_RT_WEAK(Comm_create_keyval)

int PMPI_Comm_free_keyval(int *comm_keyval)
{
    return comm_result(MPI_COMM_WORLD, keyval_free(RT_ATTR_COMM, comm_keyval),
                       "MPI_Comm_free_keyval");
}
MPCHAR_RT_WEAK(Comm_free_keyval)

int PMPI_Comm_set_attr(MPI_Comm comm, int comm_keyval, void *attribute_val)
{
    if (mpchar__comm_check(comm) != MPI_SUCCESS)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_set_attr");
    return comm_result(
        comm,
        attr_set(RT_ATTR_COMM, comm, &comm->attrs, comm_keyval, attribute_val),
        "MPI_Comm_set_attr");
}
MPCHAR_RT_WEAK(Comm_set_attr)

int PMPI_Comm_get_attr(MPI_Comm comm, int comm_keyval, void *attribute_val,
                       int *flag)
{
    if (mpchar__comm_check(comm) != MPI_SUCCESS)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Comm_get_attr");
    int *predefined = predefined_attr(comm_keyval);
    if (predefined && attribute_val && flag) {
        *(int **)attribute_val = predefined;
        *flag = 1;
        return MPI_SUCCESS;
    }
    return comm_result(
        comm,
        attr_get(RT_ATTR_COMM, comm->attrs, comm_keyval, attribute_val, flag),
        "MPI_Comm_get_attr");
}
MPCHAR_RT_WEAK(Comm_get_attr)

int PMPI_Comm_delete_attr(MPI_Comm comm, int comm_keyval)
{
    if (mpchar__comm_check(comm) != MPI_SUCCESS)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_COMM,
                           "MPI_Comm_delete_attr");
    return comm_result(
        comm, attr_delete(RT_ATTR_COMM, comm, &comm->attrs, comm_keyval),
        "MPI_Comm_delete_attr");
}
MPCHAR_RT_WEAK(Comm_delete_attr)

/* The MPI-1 names of the same calls. */
int PMPI_Keyval_create(MPI_Copy_function *copy_fn,
                       MPI_Delete_function *delete_fn, int *keyval,
                       void *extra_state)
{
    return PMPI_Comm_create_keyval(copy_fn, delete_fn, keyval, extra_state);
}
MPCHAR_RT_WEAK(Keyval_create)

int PMPI_Keyval_free(int *keyval)
{
    return PMPI_Comm_free_keyval(keyval);
}
MPCHAR_RT_WEAK(Keyval_free)

int PMPI_Attr_put(MPI_Comm comm, int keyval, void *attribute_val)
{
    return PMPI_Comm_set_attr(comm, keyval, attribute_val);
}
MPCHAR_RT_WEAK(Attr_put)

int PMPI_Attr_get(MPI_Comm comm, int keyval, void *attribute_val, int *flag)
{
    return PMPI_Comm_get_attr(comm, keyval, attribute_val, flag);
}
MPCHAR_RT_WEAK(Attr_get)

int PMPI_Attr_delete(MPI_Comm comm, int keyval)
{
    return PMPI_Comm_delete_attr(comm, keyval);
}
MPCHAR_RT_WEAK(Attr_delete)

/* ---------------- datatypes ---------------- */

static int type_result(int rc, const char *func)
{
    return rc == MPI_SUCCESS ? rc : mpchar__err(MPI_COMM_WORLD, rc, func);
}

int PMPI_Type_create_keyval(MPI_Type_copy_attr_function *type_copy_attr_fn,
                            MPI_Type_delete_attr_function *type_delete_attr_fn,
                            int *type_keyval, void *extra_state)
{
    union copy_fn copy = {.type = type_copy_attr_fn};
    union delete_fn del = {.type = type_delete_attr_fn};
    return type_result(
        keyval_create(RT_ATTR_TYPE, copy, del, type_keyval, extra_state),
        "MPI_Type_create_keyval");
}
MPCHAR_RT_WEAK(Type_create_keyval)

int PMPI_Type_free_keyval(int *type_keyval)
{
    return type_result(keyval_free(RT_ATTR_TYPE, type_keyval),
                       "MPI_Type_free_keyval");
}
MPCHAR_RT_WEAK(Type_free_keyval)

int PMPI_Type_set_attr(MPI_Datatype datatype, int type_keyval,
                       void *attribute_val)
{
    if (datatype == MPI_DATATYPE_NULL)
        return type_result(MPI_ERR_TYPE, "MPI_Type_set_attr");
    return type_result(attr_set(RT_ATTR_TYPE, datatype, &datatype->attrs,
                                type_keyval, attribute_val),
                       "MPI_Type_set_attr");
}
MPCHAR_RT_WEAK(Type_set_attr)

int PMPI_Type_get_attr(MPI_Datatype datatype, int type_keyval,
                       void *attribute_val, int *flag)
{
    if (datatype == MPI_DATATYPE_NULL)
        return type_result(MPI_ERR_TYPE, "MPI_Type_get_attr");
    return type_result(attr_get(RT_ATTR_TYPE, datatype->attrs, type_keyval,
                                attribute_val, flag),
                       "MPI_Type_get_attr");
}
MPCHAR_RT_WEAK(Type_get_attr)

int PMPI_Type_delete_attr(MPI_Datatype datatype, int type_keyval)
{
    if (datatype == MPI_DATATYPE_NULL)
        return type_result(MPI_ERR_TYPE, "MPI_Type_delete_attr");
    return type_result(
        attr_delete(RT_ATTR_TYPE, datatype, &datatype->attrs, type_keyval),
        "MPI_Type_delete_attr");
}
MPCHAR_RT_WEAK(Type_delete_attr)

/* ---------------- windows ---------------- */

static int win_result(MPI_Win win, int rc, const char *func)
{
    return rc == MPI_SUCCESS ? rc : mpchar__win_err(win, rc, func);
}

int PMPI_Win_create_keyval(MPI_Win_copy_attr_function *win_copy_attr_fn,
                           MPI_Win_delete_attr_function *win_delete_attr_fn,
                           int *win_keyval, void *extra_state)
{
    union copy_fn copy = {.win = win_copy_attr_fn};
    union delete_fn del = {.win = win_delete_attr_fn};
    return win_result(
        NULL, keyval_create(RT_ATTR_WIN, copy, del, win_keyval, extra_state),
        "MPI_Win_create_keyval");
}
MPCHAR_RT_WEAK(Win_create_keyval)

int PMPI_Win_free_keyval(int *win_keyval)
{
    return win_result(NULL, keyval_free(RT_ATTR_WIN, win_keyval),
                      "MPI_Win_free_keyval");
}
MPCHAR_RT_WEAK(Win_free_keyval)

int PMPI_Win_set_attr(MPI_Win win, int win_keyval, void *attribute_val)
{
    int rc = mpchar__win_check(win);
    if (rc == MPI_SUCCESS)
        rc = attr_set(RT_ATTR_WIN, win, &win->attrs, win_keyval, attribute_val);
    return win_result(win, rc, "MPI_Win_set_attr");
}
MPCHAR_RT_WEAK(Win_set_attr)

int PMPI_Win_delete_attr(MPI_Win win, int win_keyval)
{
    int rc = mpchar__win_check(win);
    if (rc == MPI_SUCCESS)
        rc = attr_delete(RT_ATTR_WIN, win, &win->attrs, win_keyval);
    return win_result(win, rc, "MPI_Win_delete_attr");
}
MPCHAR_RT_WEAK(Win_delete_attr)

/* A window's user attributes; MPI_Win_get_attr answers the predefined
 * keys itself (rma_win.c). */
int mpchar__win_get_user_attr(MPI_Win win, int win_keyval, void *value_p,
                              int *flag)
{
    return attr_get(RT_ATTR_WIN, win->attrs, win_keyval, value_p, flag);
}
