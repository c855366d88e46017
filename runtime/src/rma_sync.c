/*
 * One-sided synchronization: MPI_Win_fence, MPI_Win_lock/unlock(_all),
 * MPI_Win_flush(_all, _local, _local_all), MPI_Win_sync, and general
 * active target (MPI_Win_post/start/complete/wait/test), with the control
 * packets they exchange.
 *
 * Completion at the origin comes first everywhere: puts and gets by
 * cross-memory attach are complete when they return, and every packet of
 * an operation is answered once the target has applied it, so waiting for
 * the window's unanswered packets (mpchar__rma_flush) completes the
 * origin's operations at both ends.  A fence is that wait and a barrier on
 * the window's communicator.  A lock is a request to the target, which
 * grants it in its progress engine (shared holders together, an exclusive
 * one alone, waiting requests in arrival order) and answers an unlock once
 * it has released it; the origin waits for both answers, so no packet of
 * an epoch is in flight when MPI_Win_free runs.  Post sends POST to each
 * member of the exposure group; start waits for the POST of each member
 * of the access group; complete flushes and sends COMPLETE to each; wait
 * and test count the COMPLETEs.
 */
#include "rma.h"

#include <stdlib.h>
#include <string.h>

#define ASSERT_BITS                                         \
    (MPI_MODE_NOCHECK | MPI_MODE_NOSTORE | MPI_MODE_NOPUT | \
     MPI_MODE_NOPRECEDE | MPI_MODE_NOSUCCEED)

void mpchar__rma_flush(MPI_Win win, int target)
{
    if (target < 0)
        RMA_WAIT(win->pending_all == 0);
    else
        RMA_WAIT(win->pending[target] == 0);
}

void mpchar__rma_ctl(MPI_Win win, int target, int kind, int tag)
{
    struct rt_pkt h;
    memset(&h, 0, sizeof h);
    h.type = PKT_RMA;
    h.flags = (uint8_t)kind;
    h.tag = tag;
    h.src = win->comm->rank;
    h.a = win->peers[target].win;
    h.b = (uint64_t)(uintptr_t)win;
    mpchar__post(win->comm->world[target], &h, NULL, 0, 0);
}

/* Checks the window and an assert argument. */
static int check_assert(MPI_Win win, int assert)
{
    int rc = mpchar__win_check(win);
    if (rc == MPI_SUCCESS && (assert & ~ASSERT_BITS))
        rc = MPI_ERR_ASSERT;
    return rc;
}

int PMPI_Win_fence(int assert, MPI_Win win)
{
    int rc = check_assert(win, assert);
    if (rc == MPI_SUCCESS &&
        (win->naccess >= 0 || win->nexpose >= 0 || win->lock_all))
        rc = MPI_ERR_RMA_SYNC;
    if (rc != MPI_SUCCESS)
        return mpchar__win_err(win, rc, "MPI_Win_fence");
    mpchar__rma_flush(win, -1);
    /* every member's operations are complete once all have got here */
    rc = mpchar__barrier(win->comm);
    return rc == MPI_SUCCESS ? rc : mpchar__win_err(win, rc, "MPI_Win_fence");
}
MPCHAR_RT_WEAK(Win_fence)

int PMPI_Win_sync(MPI_Win win)
{
    int rc = mpchar__win_check(win);
    if (rc != MPI_SUCCESS)
        return mpchar__win_err(win, rc, "MPI_Win_sync");
    atomic_thread_fence(memory_order_seq_cst);
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Win_sync)

/* ---------------- passive target ---------------- */

static void grant(MPI_Win win, const struct rma_waiter *w)
{
    if (w->exclusive)
        win->excl_held = 1;
    else
        win->shared_held++;
    struct rt_pkt h;
    memset(&h, 0, sizeof h);
    h.type = PKT_RMA;
    h.flags = RMA_GRANT;
    h.a = w->owin;
    mpchar__post(w->world, &h, NULL, 0, 0);
}

/* Grants waiting requests from the front while they are compatible. */
static void grant_waiting(MPI_Win win)
{
    size_t k = 0;
    while (k < win->nwait && !win->excl_held &&
           (!win->waiters[k].exclusive || win->shared_held == 0)) {
        grant(win, &win->waiters[k]);
        k++;
    }
    memmove(win->waiters, win->waiters + k,
            (win->nwait - k) * sizeof *win->waiters);
    win->nwait -= k;
}

static void on_lock(MPI_Win win, int world, const struct rt_pkt *p)
{
    struct rma_waiter *w =
        mpchar_grow(win->waiters, &win->capwait, win->nwait + 1, sizeof *w);
    if (!w)
        mpchar__fatal("out of memory queueing a lock request");
    win->waiters = w;
    win->waiters[win->nwait++] =
        (struct rma_waiter){world, p->tag == MPI_LOCK_EXCLUSIVE, p->b};
    grant_waiting(win);
}

static void on_unlock(MPI_Win win, int world, const struct rt_pkt *p)
{
    if (win->excl_held)
        win->excl_held = 0;
    else
        win->shared_held--;
    struct rt_pkt h;
    memset(&h, 0, sizeof h);
    h.type = PKT_RMA;
    h.flags = RMA_UNLOCKED;
    h.a = p->b;
    mpchar__post(world, &h, NULL, 0, 0);
    grant_waiting(win);
}

static int lock_args(int lock_type, int rank, int assert, MPI_Win win,
                     int *skip)
{
    int rc = check_assert(win, assert);
    if (rc == MPI_SUCCESS)
        rc = mpchar__win_target(win, rank, skip);
    if (rc == MPI_SUCCESS && lock_type != MPI_LOCK_EXCLUSIVE &&
        lock_type != MPI_LOCK_SHARED)
        rc = MPI_ERR_LOCKTYPE;
    if (rc == MPI_SUCCESS && !*skip && (win->locked[rank] || win->lock_all))
        rc = MPI_ERR_RMA_SYNC; /* already locked */
    return rc;
}

int PMPI_Win_lock(int lock_type, int rank, int assert, MPI_Win win)
{
    int skip = 0;
    int rc = lock_args(lock_type, rank, assert, win, &skip);
    if (rc != MPI_SUCCESS)
        return mpchar__win_err(win, rc, "MPI_Win_lock");
    if (skip)
        return MPI_SUCCESS;
    long want = win->grants + 1;
    mpchar__rma_ctl(win, rank, RMA_LOCK, lock_type);
    RMA_WAIT(win->grants >= want);
    win->locked[rank] = lock_type;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Win_lock)

/* Ends the lock on rank: its operations complete, then the release. */
static void release(MPI_Win win, int rank)
{
    mpchar__rma_flush(win, rank);
    long want = win->unlocks + 1;
    mpchar__rma_ctl(win, rank, RMA_UNLOCK, 0);
    RMA_WAIT(win->unlocks >= want);
}

int PMPI_Win_unlock(int rank, MPI_Win win)
{
    int skip = 0;
    int rc = mpchar__win_target(win, rank, &skip);
    if (rc == MPI_SUCCESS && !skip && !win->locked[rank])
        rc = MPI_ERR_RMA_SYNC;
    if (rc != MPI_SUCCESS)
        return mpchar__win_err(win, rc, "MPI_Win_unlock");
    if (skip)
        return MPI_SUCCESS;
    release(win, rank);
    win->locked[rank] = 0;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Win_unlock)

int PMPI_Win_lock_all(int assert, MPI_Win win)
{
    int rc = check_assert(win, assert);
    for (int i = 0; rc == MPI_SUCCESS && i < win->comm->size; i++)
        if (win->locked[i] || win->lock_all)
            rc = MPI_ERR_RMA_SYNC;
    if (rc != MPI_SUCCESS)
        return mpchar__win_err(win, rc, "MPI_Win_lock_all");
    long want = win->grants + win->comm->size;
    for (int i = 0; i < win->comm->size; i++)
        mpchar__rma_ctl(win, i, RMA_LOCK, MPI_LOCK_SHARED);
    RMA_WAIT(win->grants >= want);
    win->lock_all = 1;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Win_lock_all)

int PMPI_Win_unlock_all(MPI_Win win)
{
    int rc = mpchar__win_check(win);
    if (rc == MPI_SUCCESS && !win->lock_all)
        rc = MPI_ERR_RMA_SYNC;
    if (rc != MPI_SUCCESS)
        return mpchar__win_err(win, rc, "MPI_Win_unlock_all");
    mpchar__rma_flush(win, -1);
    long want = win->unlocks + win->comm->size;
    for (int i = 0; i < win->comm->size; i++)
        mpchar__rma_ctl(win, i, RMA_UNLOCK, 0);
    RMA_WAIT(win->unlocks >= want);
    win->lock_all = 0;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Win_unlock_all)

/* A flush of one target (rank >= 0) or all, inside a passive epoch. */
static int flush(int rank, MPI_Win win, int all, const char *func)
{
    int skip = 0;
    int rc =
        all ? mpchar__win_check(win) : mpchar__win_target(win, rank, &skip);
    if (rc == MPI_SUCCESS && !skip && !win->lock_all) {
        int any = 0;
        for (int i = 0; i < win->comm->size; i++)
            any |= win->locked[i] && (all || i == rank);
        if (!any)
            rc = MPI_ERR_RMA_SYNC;
    }
    if (rc != MPI_SUCCESS)
        return mpchar__win_err(win, rc, func);
    if (!skip)
        mpchar__rma_flush(win, all ? -1 : rank);
    return MPI_SUCCESS;
}

/* Local completion is remote completion here: an operation's record ends
 * only when the target has answered, and the origin buffer is free then. */
int PMPI_Win_flush(int rank, MPI_Win win)
{
    return flush(rank, win, 0, "MPI_Win_flush");
}
MPCHAR_RT_WEAK(Win_flush)

int PMPI_Win_flush_local(int rank, MPI_Win win)
{
    return flush(rank, win, 0, "MPI_Win_flush_local");
}
MPCHAR_RT_WEAK(Win_flush_local)

int PMPI_Win_flush_all(MPI_Win win)
{
    return flush(-1, win, 1, "MPI_Win_flush_all");
}
MPCHAR_RT_WEAK(Win_flush_all)

int PMPI_Win_flush_local_all(MPI_Win win)
{
    return flush(-1, win, 1, "MPI_Win_flush_local_all");
}
MPCHAR_RT_WEAK(Win_flush_local_all)

/* ---------------- general active target ---------------- */

/* Translates group's members to ranks of comm in a new array *out;
 * returns their number, or -1 when one is not in comm (or no memory). */
static int group_ranks(MPI_Group group, MPI_Comm comm, int **out)
{
    int *r = malloc((size_t)(group->size ? group->size : 1) * sizeof(int));
    if (!r)
        return -1;
    for (int i = 0; i < group->size; i++) {
        r[i] = -1;
        for (int k = 0; k < comm->size && r[i] < 0; k++)
            if (comm->world[k] == group->world[i])
                r[i] = k;
        if (r[i] < 0) {
            free(r);
            return -1;
        }
    }
    *out = r;
    return group->size;
}

/* Opens an access (or exposure) epoch of general active target on the
 * group's members as window ranks; the checks' error if it cannot. */
static int open_epoch(MPI_Win win, MPI_Group group, int assert, int exposure)
{
    int rc = check_assert(win, assert);
    if (rc != MPI_SUCCESS)
        return rc;
    int **ranks = exposure ? &win->expose : &win->access;
    int *n = exposure ? &win->nexpose : &win->naccess;
    if (*n >= 0 || (!exposure && win->lock_all))
        return MPI_ERR_RMA_SYNC;
    if (mpchar__group_check(group) != MPI_SUCCESS)
        return MPI_ERR_GROUP;
    *n = group_ranks(group, win->comm, ranks);
    return *n < 0 ? MPI_ERR_GROUP : MPI_SUCCESS;
}

int PMPI_Win_post(MPI_Group group, int assert, MPI_Win win)
{
    int rc = open_epoch(win, group, assert, 1);
    if (rc != MPI_SUCCESS)
        return mpchar__win_err(win, rc, "MPI_Win_post");
    for (int i = 0; i < win->nexpose; i++)
        mpchar__rma_ctl(win, win->expose[i], RMA_POST, 0);
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Win_post)

int PMPI_Win_start(MPI_Group group, int assert, MPI_Win win)
{
    int rc = open_epoch(win, group, assert, 0);
    if (rc != MPI_SUCCESS)
        return mpchar__win_err(win, rc, "MPI_Win_start");
    /* MPI lets start wait for the matching posts */
    for (int i = 0; i < win->naccess; i++) {
        int t = win->access[i];
        RMA_WAIT(win->posts[t] > 0);
        win->posts[t]--;
    }
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Win_start)

/* Checks the window and that it is in an access (or exposure) epoch of
 * general active target. */
static int in_epoch(MPI_Win win, int exposure)
{
    int rc = mpchar__win_check(win);
    if (rc == MPI_SUCCESS && (exposure ? win->nexpose : win->naccess) < 0)
        rc = MPI_ERR_RMA_SYNC;
    return rc;
}

int PMPI_Win_complete(MPI_Win win)
{
    int rc = in_epoch(win, 0);
    if (rc != MPI_SUCCESS)
        return mpchar__win_err(win, rc, "MPI_Win_complete");
    for (int i = 0; i < win->naccess; i++) {
        mpchar__rma_flush(win, win->access[i]);
        mpchar__rma_ctl(win, win->access[i], RMA_COMPLETE, 0);
    }
    free(win->access);
    win->access = NULL;
    win->naccess = -1;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Win_complete)

/* Ends the exposure epoch when every origin has completed; 0 if not yet. */
static int exposure_done(MPI_Win win)
{
    if (win->completes < win->nexpose)
        return 0;
    win->completes -= win->nexpose;
    free(win->expose);
    win->expose = NULL;
    win->nexpose = -1;
    return 1;
}

int PMPI_Win_wait(MPI_Win win)
{
    int rc = in_epoch(win, 1);
    if (rc != MPI_SUCCESS)
        return mpchar__win_err(win, rc, "MPI_Win_wait");
    RMA_WAIT(exposure_done(win));
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Win_wait)

int PMPI_Win_test(MPI_Win win, int *flag)
{
    int rc = in_epoch(win, 1);
    if (rc == MPI_SUCCESS && !flag)
        rc = MPI_ERR_ARG;
    if (rc != MPI_SUCCESS)
        return mpchar__win_err(win, rc, "MPI_Win_test");
    mpchar__progress();
    *flag = exposure_done(win);
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Win_test)

/* ---------------- control packets ---------------- */

void mpchar__rma_sync_handle(int world, struct rt_pkt *p)
{
    MPI_Win win = (MPI_Win)(uintptr_t)p->a;
    switch (p->flags) {
    case RMA_LOCK: on_lock(win, world, p); break;
    case RMA_GRANT: win->grants++; break;
    case RMA_UNLOCK: on_unlock(win, world, p); break;
    case RMA_UNLOCKED: win->unlocks++; break;
    case RMA_POST: win->posts[p->src]++; break;
    case RMA_COMPLETE: win->completes++; break;
    default:
        mpchar__fatal("corrupt one-sided packet %d from rank %d", p->flags,
                      world);
    }
}
