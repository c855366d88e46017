/*
 * Error handlers and error codes (MPI-3.1 8.3-8.5).
 *
 * A handler is MPI_ERRORS_ARE_FATAL, MPI_ERRORS_RETURN or a user function
 * for communicators or for windows; user handlers are counted by the
 * objects that hold them and by their handles, and freed when neither
 * does.  mpchar__err is where every call's error goes: the communicator's
 * handler runs, and the call returns the code.  A window's errors go to
 * the window's own handler once MPI_Win_set_errhandler gave it one, else
 * to its communicator's.  Error classes and codes added at run time follow
 * MPI_ERR_LASTCODE, each with its class and the string the program gave.
 */
#include "rma.h"
#include "rt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct mpchar_rt_errhandler mpchar_rt_errors_are_fatal = {.fatal = 1,
                                                          .refs = -1};
struct mpchar_rt_errhandler mpchar_rt_errors_return = {.refs = -1};

static const char *const err_text[MPI_ERR_LASTCODE + 1] = {
    [MPI_SUCCESS] = "MPI_SUCCESS: no error",
    [MPI_ERR_BUFFER] = "MPI_ERR_BUFFER: invalid buffer",
    [MPI_ERR_COUNT] = "MPI_ERR_COUNT: invalid count",
    [MPI_ERR_TYPE] = "MPI_ERR_TYPE: invalid or uncommitted datatype",
    [MPI_ERR_TAG] = "MPI_ERR_TAG: invalid tag",
    [MPI_ERR_COMM] = "MPI_ERR_COMM: invalid communicator",
    [MPI_ERR_RANK] = "MPI_ERR_RANK: invalid rank",
    [MPI_ERR_REQUEST] = "MPI_ERR_REQUEST: invalid request",
    [MPI_ERR_ROOT] = "MPI_ERR_ROOT: invalid root",
    [MPI_ERR_GROUP] = "MPI_ERR_GROUP: invalid group",
    [MPI_ERR_OP] = "MPI_ERR_OP: invalid operation for this datatype",
    [MPI_ERR_TOPOLOGY] = "MPI_ERR_TOPOLOGY: invalid topology",
    [MPI_ERR_DIMS] = "MPI_ERR_DIMS: invalid dimensions",
    [MPI_ERR_ARG] = "MPI_ERR_ARG: invalid argument",
    [MPI_ERR_UNKNOWN] = "MPI_ERR_UNKNOWN: unknown error",
    [MPI_ERR_TRUNCATE] = "MPI_ERR_TRUNCATE: message truncated",
    [MPI_ERR_OTHER] = "MPI_ERR_OTHER: other error",
    [MPI_ERR_INTERN] = "MPI_ERR_INTERN: internal error",
    [MPI_ERR_IN_STATUS] = "MPI_ERR_IN_STATUS: error code in status",
    [MPI_ERR_PENDING] = "MPI_ERR_PENDING: pending request",
    [MPI_ERR_NO_MEM] = "MPI_ERR_NO_MEM: out of memory",
    [MPI_ERR_WIN] = "MPI_ERR_WIN: invalid window",
    [MPI_ERR_BASE] = "MPI_ERR_BASE: invalid base address",
    [MPI_ERR_SIZE] = "MPI_ERR_SIZE: invalid size",
    [MPI_ERR_DISP] = "MPI_ERR_DISP: invalid displacement unit",
    [MPI_ERR_LOCKTYPE] = "MPI_ERR_LOCKTYPE: invalid lock type",
    [MPI_ERR_ASSERT] = "MPI_ERR_ASSERT: invalid assert argument",
    [MPI_ERR_RMA_CONFLICT] =
        "MPI_ERR_RMA_CONFLICT: conflicting accesses to a window",
    [MPI_ERR_RMA_SYNC] = "MPI_ERR_RMA_SYNC: wrong synchronization of RMA calls",
    [MPI_ERR_RMA_RANGE] = "MPI_ERR_RMA_RANGE: target memory outside the window",
    [MPI_ERR_INFO] = "MPI_ERR_INFO: invalid info object",
    [MPI_ERR_INFO_KEY] = "MPI_ERR_INFO_KEY: info key empty or too long",
    [MPI_ERR_INFO_VALUE] = "MPI_ERR_INFO_VALUE: info value empty or too long",
    [MPI_ERR_INFO_NOKEY] = "MPI_ERR_INFO_NOKEY: no such info key",
    [MPI_ERR_KEYVAL] = "MPI_ERR_KEYVAL: invalid keyval for this call",
    [MPI_ERR_LASTCODE] = "MPI_ERR_LASTCODE: last error code",
};

/* The classes and codes MPI_Add_error_class/code made: code
 * MPI_ERR_LASTCODE + 1 + i is user[i]. */
struct user_code {
    int errorclass;
    char string[MPI_MAX_ERROR_STRING];
};
static struct user_code *user;
static int n_user;

static struct user_code *user_code(int code)
{
    int i = code - MPI_ERR_LASTCODE - 1;
    return i >= 0 && i < n_user ? &user[i] : NULL;
}

int mpchar__last_used_code(void)
{
    return MPI_ERR_LASTCODE + n_user;
}

static const char *code_text(int code)
{
    const struct user_code *u = user_code(code);
    if (u)
        return u->string;
    return code >= 0 && code <= MPI_ERR_LASTCODE ? err_text[code] : NULL;
}

int PMPI_Error_string(int errorcode, char *string, int *resultlen)
{
    const char *t = code_text(errorcode);
    if (!t)
        return MPI_ERR_ARG;
    *resultlen = snprintf(string, MPI_MAX_ERROR_STRING, "%s", t);
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Error_string)

int PMPI_Error_class(int errorcode, int *errorclass)
{
    const struct user_code *u = user_code(errorcode);
    if (u) {
        *errorclass = u->errorclass;
        return MPI_SUCCESS;
    }
    if (errorcode < 0 || errorcode > MPI_ERR_LASTCODE)
        return MPI_ERR_ARG;
    *errorclass = errorcode;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Error_class)

/* A new code of class errorclass (itself, for a new class). */
static int add_code(int errorclass, int *code)
{
    struct user_code *grown =
        realloc(user, (size_t)(n_user + 1) * sizeof *user);
    if (!grown)
        return MPI_ERR_NO_MEM;
    user = grown;
    *code = MPI_ERR_LASTCODE + 1 + n_user;
    user[n_user++] =
        (struct user_code){errorclass < 0 ? *code : errorclass, ""};
    return MPI_SUCCESS;
}

int PMPI_Add_error_class(int *errorclass)
{
    int rc = errorclass ? add_code(-1, errorclass) : MPI_ERR_ARG;
    return rc == MPI_SUCCESS
               ? rc
               : mpchar__err(MPI_COMM_WORLD, rc, "MPI_Add_error_class");
}
MPCHAR_RT_WEAK(Add_error_class)

int PMPI_Add_error_code(int errorclass, int *errorcode)
{
    const struct user_code *u = user_code(errorclass);
    int is_class = (errorclass >= 0 && errorclass <= MPI_ERR_LASTCODE) ||
                   (u && u->errorclass == errorclass);
    int rc =
        is_class && errorcode ? add_code(errorclass, errorcode) : MPI_ERR_ARG;
    return rc == MPI_SUCCESS
               ? rc
               : mpchar__err(MPI_COMM_WORLD, rc, "MPI_Add_error_code");
}
MPCHAR_RT_WEAK(Add_error_code)

/* Only codes and classes added at run time take a string. */
int PMPI_Add_error_string(int errorcode, const char *string)
{
    struct user_code *u = user_code(errorcode);
    if (!u || !string)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Add_error_string");
    snprintf(u->string, sizeof u->string, "%s", string);
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Add_error_string)

void mpchar__errors_final(void)
{
    free(user);
    user = NULL;
    n_user = 0;
}

/* ---------------- handlers ---------------- */

MPI_Errhandler mpchar__errh_retain(MPI_Errhandler h)
{
    if (h && h->refs > 0)
        h->refs++;
    return h;
}

void mpchar__errh_release(MPI_Errhandler h)
{
    if (h && h->refs > 0 && --h->refs == 0)
        free(h);
}

/* A holder's handler replaced: the new one retained, the old released. */
static void errh_replace(MPI_Errhandler *slot, MPI_Errhandler h)
{
    MPI_Errhandler old = *slot;
    *slot = mpchar__errh_retain(h);
    mpchar__errh_release(old);
}

static void fatal(MPI_Comm comm, int code, const char *func, const char *on)
{
    const char *t = code_text(code);
    fprintf(stderr, "mpchar-rt: rank %d: %s: %s (MPI_ERRORS_ARE_FATAL on %s)\n",
            mpchar__rank_world(), func, t ? t : "unknown error",
            on                      ? on
            : !comm || !comm->valid ? "no communicator"
            : comm->name[0]         ? comm->name
                                    : "a communicator without a name");
    PMPI_Abort(MPI_COMM_WORLD, code);
}

int mpchar__err(MPI_Comm comm, int code, const char *func)
{
    MPI_Errhandler h = comm && comm->valid ? comm->errh : MPI_ERRORS_ARE_FATAL;
    if (h->comm_fn) {
        MPI_Comm c = comm;
        int cd = code;
        h->comm_fn(&c, &cd);
    } else if (h->fatal) {
        fatal(comm, code, func, NULL);
    }
    return code;
}

int mpchar__win_err(MPI_Win win, int code, const char *func)
{
    MPI_Errhandler h = win && win->valid ? win->errh : NULL;
    if (!h)
        return mpchar__err(win && win->valid ? win->comm : MPI_COMM_WORLD, code,
                           func);
    if (h->win_fn) {
        MPI_Win w = win;
        int cd = code;
        h->win_fn(&w, &cd);
    } else if (h->fatal) {
        fatal(win->comm, code, func, "a window");
    }
    return code;
}

static int errh_new(MPI_Comm_errhandler_function *comm_fn,
                    MPI_Win_errhandler_function *win_fn,
                    MPI_Errhandler *errhandler)
{
    if (!errhandler || (!comm_fn && !win_fn))
        return MPI_ERR_ARG;
    struct mpchar_rt_errhandler *h = calloc(1, sizeof *h);
    if (!h)
        return MPI_ERR_NO_MEM;
    *h = (struct mpchar_rt_errhandler){
        .comm_fn = comm_fn, .win_fn = win_fn, .refs = 1};
    *errhandler = h;
    return MPI_SUCCESS;
}

int PMPI_Comm_create_errhandler(MPI_Comm_errhandler_function *function,
                                MPI_Errhandler *errhandler)
{
    int rc = errh_new(function, NULL, errhandler);
    return rc == MPI_SUCCESS
               ? rc
               : mpchar__err(MPI_COMM_WORLD, rc, "MPI_Comm_create_errhandler");
}
MPCHAR_RT_WEAK(Comm_create_errhandler)

int PMPI_Win_create_errhandler(MPI_Win_errhandler_function *function,
                               MPI_Errhandler *errhandler)
{
    int rc = errh_new(NULL, function, errhandler);
    return rc == MPI_SUCCESS
               ? rc
               : mpchar__err(MPI_COMM_WORLD, rc, "MPI_Win_create_errhandler");
}
MPCHAR_RT_WEAK(Win_create_errhandler)

int PMPI_Errhandler_free(MPI_Errhandler *errhandler)
{
    if (!errhandler || *errhandler == MPI_ERRHANDLER_NULL)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Errhandler_free");
    mpchar__errh_release(*errhandler);
    *errhandler = MPI_ERRHANDLER_NULL;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Errhandler_free)

int PMPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler errhandler)
{
    if (mpchar__comm_check(comm) != MPI_SUCCESS)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_COMM,
                           "MPI_Comm_set_errhandler");
    if (!errhandler || errhandler->win_fn)
        return mpchar__err(comm, MPI_ERR_ARG, "MPI_Comm_set_errhandler");
    errh_replace(&comm->errh, errhandler);
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Comm_set_errhandler)

/* The handler, as a new reference the caller frees (MPI-3.1 8.3.1). */
int PMPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler *errhandler)
{
    if (mpchar__comm_check(comm) != MPI_SUCCESS)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_COMM,
                           "MPI_Comm_get_errhandler");
    *errhandler = mpchar__errh_retain(comm->errh);
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Comm_get_errhandler)

/* Runs the handler as an error would; MPI_SUCCESS when it returns. */
int PMPI_Comm_call_errhandler(MPI_Comm comm, int errorcode)
{
    if (mpchar__comm_check(comm) != MPI_SUCCESS)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_COMM,
                           "MPI_Comm_call_errhandler");
    mpchar__err(comm, errorcode, "MPI_Comm_call_errhandler");
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Comm_call_errhandler)

int PMPI_Win_set_errhandler(MPI_Win win, MPI_Errhandler errhandler)
{
    int rc = mpchar__win_check(win);
    if (rc == MPI_SUCCESS && (!errhandler || errhandler->comm_fn))
        rc = MPI_ERR_ARG;
    if (rc != MPI_SUCCESS)
        return mpchar__win_err(win, rc, "MPI_Win_set_errhandler");
    errh_replace(&win->errh, errhandler);
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Win_set_errhandler)

int PMPI_Win_get_errhandler(MPI_Win win, MPI_Errhandler *errhandler)
{
    int rc = mpchar__win_check(win);
    if (rc != MPI_SUCCESS)
        return mpchar__win_err(win, rc, "MPI_Win_get_errhandler");
    *errhandler = mpchar__errh_retain(win->errh ? win->errh : win->comm->errh);
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Win_get_errhandler)

int PMPI_Win_call_errhandler(MPI_Win win, int errorcode)
{
    int rc = mpchar__win_check(win);
    if (rc != MPI_SUCCESS)
        return mpchar__win_err(win, rc, "MPI_Win_call_errhandler");
    mpchar__win_err(win, errorcode, "MPI_Win_call_errhandler");
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Win_call_errhandler)
