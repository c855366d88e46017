/*
 * Windows: MPI_Win_create, MPI_Win_allocate, MPI_Win_free, the window's
 * group and attributes, and the checks every RMA call makes (shared
 * windows: rma_shm.c).
 *
 * A window duplicates its communicator, so that its collectives (creation,
 * fence, free) never meet the user's, and every member learns each one's
 * base address, size, displacement unit and window object in one
 * Allgather: an origin then computes target addresses itself, checks them
 * against the target's size and names the target's window in control
 * packets.  MPI_Win_free waits for the origin's own operations and then in
 * a barrier, inside which the rank still answers lock requests: a rank may
 * free only when nobody accesses its memory any more.
 */
#include "rma.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

int mpchar__win_check(MPI_Win win)
{
    if (!mpchar__initialized || mpchar__finalized)
        return MPI_ERR_OTHER;
    return win != MPI_WIN_NULL && win->valid ? MPI_SUCCESS : MPI_ERR_WIN;
}

int mpchar__win_target(MPI_Win win, int rank, int *skip)
{
    int rc = mpchar__win_check(win);
    if (rc != MPI_SUCCESS)
        return rc;
    *skip = rank == MPI_PROC_NULL;
    if (!*skip && (rank < 0 || rank >= win->comm->size))
        return MPI_ERR_RANK;
    return MPI_SUCCESS;
}

static void win_release(struct mpchar_rt_win *w)
{
    mpchar__errh_release(w->errh);
    if (w->allocated)
        free(w->base);
    if (w->shm)
        munmap(w->shm, w->shm_len);
    free(w->peers);
    free(w->pending);
    free(w->locked);
    free(w->posts);
    free(w->waiters);
    free(w->access);
    free(w->expose);
    free(w);
}

int mpchar__win_make(void *base, MPI_Aint size, int disp_unit, int allocated,
                     MPI_Comm comm, MPI_Win *win, const char *func)
{
    int rc = mpchar__comm_check(comm);
    if (!mpchar__initialized || mpchar__finalized)
        rc = MPI_ERR_OTHER;
    if (rc != MPI_SUCCESS) {
        if (allocated)
            free(base);
        return mpchar__err(MPI_COMM_WORLD, rc, func);
    }
    struct mpchar_rt_win *w = calloc(1, sizeof *w);
    int n = comm->size;
    if (w) {
        w->base = base;
        w->allocated = allocated;
        w->peers = calloc((size_t)n, sizeof *w->peers);
        w->pending = calloc((size_t)n, sizeof *w->pending);
        w->locked = calloc((size_t)n, sizeof *w->locked);
        w->posts = calloc((size_t)n, sizeof *w->posts);
    }
    if (!w || !w->peers || !w->pending || !w->locked || !w->posts) {
        if (w)
            win_release(w);
        else if (allocated)
            free(base);
        return mpchar__err(comm, MPI_ERR_NO_MEM, func);
    }
    w->size = size;
    w->disp_unit = disp_unit;
    w->naccess = w->nexpose = -1;
    rc = PMPI_Comm_dup(comm, &w->comm);
    if (rc != MPI_SUCCESS) {
        win_release(w);
        return rc;
    }
    w->valid = 1;
    struct rma_peer me = {(uint64_t)(uintptr_t)base, (uint64_t)size,
                          (uint64_t)(uintptr_t)w, disp_unit, 0};
    rc = PMPI_Allgather(&me, (int)sizeof me, MPI_BYTE, w->peers, (int)sizeof me,
                        MPI_BYTE, w->comm);
    if (rc != MPI_SUCCESS) {
        PMPI_Comm_free(&w->comm);
        win_release(w);
        return rc;
    }
    *win = w;
    return MPI_SUCCESS;
}

int PMPI_Win_create(void *base, MPI_Aint size, int disp_unit, MPI_Info info,
                    MPI_Comm comm, MPI_Win *win)
{
    (void)info;
    if (!win)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Win_create");
    if (size < 0)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_SIZE, "MPI_Win_create");
    if (disp_unit <= 0)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_DISP, "MPI_Win_create");
    if (!base && size > 0)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_BASE, "MPI_Win_create");
    return mpchar__win_make(base, size, disp_unit, 0, comm, win,
                            "MPI_Win_create");
}
MPCHAR_RT_WEAK(Win_create)

int PMPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info,
                      MPI_Comm comm, void *baseptr, MPI_Win *win)
{
    (void)info;
    if (!win || !baseptr)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Win_allocate");
    if (size < 0)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_SIZE, "MPI_Win_allocate");
    if (disp_unit <= 0)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_DISP, "MPI_Win_allocate");
    /* aligned for any basic type, as malloc is */
    void *base = malloc(size ? (size_t)size : 1);
    if (!base)
        return mpchar__err(comm, MPI_ERR_NO_MEM, "MPI_Win_allocate");
    int rc = mpchar__win_make(base, size, disp_unit, 1, comm, win,
                              "MPI_Win_allocate");
    if (rc == MPI_SUCCESS)
        *(void **)baseptr = base;
    return rc;
}
MPCHAR_RT_WEAK(Win_allocate)

int PMPI_Win_free(MPI_Win *win)
{
    int rc = win ? mpchar__win_check(*win) : MPI_ERR_WIN;
    if (rc != MPI_SUCCESS)
        return mpchar__win_err(NULL, rc, "MPI_Win_free");
    struct mpchar_rt_win *w = *win;
    if (w->naccess >= 0 || w->nexpose >= 0 || w->lock_all)
        return mpchar__win_err(w, MPI_ERR_RMA_SYNC, "MPI_Win_free");
    for (int i = 0; i < w->comm->size; i++)
        if (w->locked[i])
            return mpchar__win_err(w, MPI_ERR_RMA_SYNC, "MPI_Win_free");
    rc = mpchar__attr_delete_all(RT_ATTR_WIN, w, &w->attrs);
    if (rc != MPI_SUCCESS)
        return mpchar__win_err(w, rc, "MPI_Win_free");
    mpchar__rma_flush(w, -1);
    /* others may still lock and access our memory: answer them until all
     * have come here */
    rc = mpchar__barrier(w->comm);
    if (rc != MPI_SUCCESS)
        return mpchar__win_err(w, rc, "MPI_Win_free");
    w->valid = 0;
    PMPI_Comm_free(&w->comm);
    win_release(w);
    *win = MPI_WIN_NULL;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Win_free)

int PMPI_Win_get_group(MPI_Win win, MPI_Group *group)
{
    int rc = mpchar__win_check(win);
    if (rc != MPI_SUCCESS || !group)
        return mpchar__win_err(win, rc != MPI_SUCCESS ? rc : MPI_ERR_ARG,
                               "MPI_Win_get_group");
    rc = PMPI_Comm_group(win->comm, group);
    return rc == MPI_SUCCESS ? rc
                             : mpchar__win_err(win, rc, "MPI_Win_get_group");
}
MPCHAR_RT_WEAK(Win_get_group)

int PMPI_Win_get_attr(MPI_Win win, int win_keyval, void *attribute_val,
                      int *flag)
{
    /* one memory: every window's public and private copies are the same */
    static const int unified = MPI_WIN_UNIFIED;
    /* the flavor follows from how the memory came: no field of its own */
    static const int flavor_create = MPI_WIN_FLAVOR_CREATE,
                     flavor_allocate = MPI_WIN_FLAVOR_ALLOCATE,
                     flavor_shared = MPI_WIN_FLAVOR_SHARED;
    int rc = mpchar__win_check(win);
    if (rc != MPI_SUCCESS || !attribute_val || !flag)
        return mpchar__win_err(win, rc != MPI_SUCCESS ? rc : MPI_ERR_ARG,
                               "MPI_Win_get_attr");
    /* MPI returns a pointer to the size and the unit, the base itself */
    *flag = 1;
    switch (win_keyval) {
    case MPI_WIN_BASE: *(void **)attribute_val = win->base; break;
    case MPI_WIN_SIZE: *(MPI_Aint **)attribute_val = &win->size; break;
    case MPI_WIN_DISP_UNIT: *(int **)attribute_val = &win->disp_unit; break;
    case MPI_WIN_CREATE_FLAVOR:
        *(const int **)attribute_val = win->shm         ? &flavor_shared
                                       : win->allocated ? &flavor_allocate
                                                        : &flavor_create;
        break;
    case MPI_WIN_MODEL: *(const int **)attribute_val = &unified; break;
    default:
        *flag = 0;
        rc = mpchar__win_get_user_attr(win, win_keyval, attribute_val, flag);
        return rc == MPI_SUCCESS ? rc
                                 : mpchar__win_err(win, rc, "MPI_Win_get_attr");
    }
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Win_get_attr)
