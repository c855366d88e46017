/*
 * Internal interface of one-sided communication (RMA): the window object
 * and what the RMA files share.
 *
 * rma_win.c creates and frees windows (Win_create/allocate/free, the
 * attributes and the group); rma.c moves data (Put, Get, the accumulates)
 * and answers data packets at the target; rma_sync.c holds the epochs
 * (fence, locks, flushes, post/start/complete/wait) and answers their
 * control packets; their groups are the runtime's (group.c).
 * Every packet is a PKT_RMA of engine.c whose flags field holds its kind;
 * engine.c hands each to mpchar__rma_handle.  docs/runtime.md, "One-sided
 * communication", explains the mechanisms and why.
 */
#ifndef MPCHAR_RT_RMA_H
#define MPCHAR_RT_RMA_H

#include "rt.h"

/* Packet kinds (struct rt_pkt's flags).  Data packets: a = target address,
 * b = the origin's struct rma_op, c = elements, d = offset in the op's
 * packed stream, tag = operation id, ctx = basic type kind, len = payload
 * bytes.  Control packets: a = the receiver's window, b = the sender's,
 * src = the sender's rank in the window, tag = lock type. */
enum rma_kind {
    RMA_PUT = 1, /* copy-through put: payload to a; answered ACK */
    RMA_GET,     /* copy-through get of len bytes at a: answered DATA */
    RMA_ACC,     /* accumulate c elements (memory layout): answered ACK */
    RMA_GACC,    /* fetch c elements, then accumulate: answered DATA */
    RMA_CAS,     /* payload: new value, compare value: answered DATA */
    RMA_ACK,     /* a data packet was applied */
    RMA_DATA,    /* fetched bytes for the op's stream at d */
    RMA_LOCK,    /* lock request, tag = lock type */
    RMA_GRANT,   /* the lock is held */
    RMA_UNLOCK,  /* release; answered UNLOCKED */
    RMA_UNLOCKED,
    RMA_POST,    /* exposure epoch opened to the receiver */
    RMA_COMPLETE /* the sender's access epoch to the receiver ended */
};

/* Operation ids beyond the twelve predefined ones (MPCHAR_RT_OPS order). */
#define RMA_OP_REPLACE 100
#define RMA_OP_NO_OP 101

/* One waiting lock request at the target. */
struct rma_waiter {
    int world;     /* requester's world rank */
    int exclusive; /* 1: MPI_LOCK_EXCLUSIVE */
    uint64_t owin; /* requester's window */
};

/* What every rank knows of each member's window. */
struct rma_peer {
    uint64_t base; /* window start in the member's address space */
    uint64_t size; /* bytes */
    uint64_t win;  /* its struct mpchar_rt_win */
    int disp_unit;
    int pad;
};

struct mpchar_rt_win {
    int valid;
    MPI_Comm comm; /* a duplicate of the creator's: collectives of its own */
    void *base;
    MPI_Aint size;
    int disp_unit;
    int allocated; /* base is ours to free (Win_allocate) */
    /* a shared window's segments, every rank's, as this process maps them
     * (rma_shm.c); NULL otherwise */
    void *shm;
    size_t shm_len;
    struct rma_peer *peers;
    /* origin side: data packets unanswered, per target and in all */
    int *pending;
    long pending_all;
    /* passive target, origin side: answers received, lock held per target
     * (0, MPI_LOCK_SHARED or MPI_LOCK_EXCLUSIVE), lock_all in force */
    long grants, unlocks;
    int *locked;
    int lock_all;
    /* passive target, target side: holders and the queue of requests */
    int excl_held, shared_held;
    struct rma_waiter *waiters;
    size_t nwait, capwait;
    /* general active target: posts received per origin, completes
     * received, and the current access and exposure groups (window ranks) */
    int *posts;
    int completes;
    int *access, naccess; /* naccess < 0: no access epoch */
    int *expose, nexpose; /* nexpose < 0: no exposure epoch */
    struct rt_attr *attrs;
    MPI_Errhandler errh; /* MPI_Win_set_errhandler's; NULL: the comm's */
};

/* engine.c's entry for PKT_RMA packets from world rank world. */
void mpchar__rma_handle(int world, struct rt_pkt *p);
/* rma_sync.c's part of it: the control packets. */
void mpchar__rma_sync_handle(int world, struct rt_pkt *p);

/* Checks win (MPI_ERR_WIN, also before MPI_Init or after Finalize); the
 * second also a target rank: MPI_PROC_NULL sets *skip, a rank outside the
 * window is MPI_ERR_RANK. */
int mpchar__win_check(MPI_Win win);
int mpchar__win_target(MPI_Win win, int rank, int *skip);
/* Reports code through the window's error handler. */
int mpchar__win_err(MPI_Win win, int code, const char *func);
/* Creates the window over base on comm (rma_win.c); allocated: base is
 * ours to free with the window, else the caller's (on an error too). */
int mpchar__win_make(void *base, MPI_Aint size, int disp_unit, int allocated,
                     MPI_Comm comm, MPI_Win *win, const char *func);
/* A window's user attribute (attr.c): MPI_Win_get_attr's other keys. */
int mpchar__win_get_user_attr(MPI_Win win, int win_keyval, void *value_p,
                              int *flag);

/* Runs progress until cond holds, idling as every wait of the runtime
 * does (engine.c): incoming one-sided packets are answered meanwhile. */
#define RMA_WAIT(cond)                    \
    do {                                  \
        unsigned rma_idle_ = 0;           \
        while (!(cond)) {                 \
            if (mpchar__progress())       \
                rma_idle_ = 0;            \
            else                          \
                mpchar__idle(&rma_idle_); \
        }                                 \
    } while (0)
/* Waits until every data packet to target (all targets: -1) is answered. */
void mpchar__rma_flush(MPI_Win win, int target);
/* Sends control packet kind to window rank target. */
void mpchar__rma_ctl(MPI_Win win, int target, int kind, int tag);

#endif
