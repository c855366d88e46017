/*
 * Nonblocking collectives: the requests of MPI_Ibarrier, MPI_Ibcast, ...
 * and their progress.
 *
 * Each nonblocking call records the schedule of its blocking twin
 * (coll_sched.h, MPCHAR_COLL_PAIR in coll.h) and runs it as far as it
 * goes without waiting; the progress engine then advances every pending
 * schedule (mpchar__nbc_poll), so they move only while the process is
 * inside MPI, as in Open MPI's libnbc.  Every call takes the next tag of
 * its communicator's sequence (TAG_NBC + n): MPI makes all processes start
 * a communicator's collectives in the same order, so an operation's
 * messages match only its own, whichever order several pending ones run
 * and complete in, and never those of blocking collectives or users.
 */
#include "coll.h"

#include <stddef.h>
#include <stdlib.h>

struct nbc {
    struct nbc *next;
    struct mpchar_rt_request *req;
    struct sched s;
};

int mpchar__nbc_active;
static struct nbc *active; /* oldest first */

static struct nbc *nbc_of(struct sched *s)
{
    return (struct nbc *)(void *)((char *)s - offsetof(struct nbc, s));
}

struct sched *mpchar__nbc_new(MPI_Comm comm)
{
    struct nbc *b = malloc(sizeof *b);
    if (!b)
        mpchar__fatal("out of memory starting a nonblocking collective");
    b->next = NULL;
    b->req = NULL;
    mpchar__sched_begin(&b->s, comm, 0, 1);
    return &b->s;
}

/* The schedule has run: the request completes with its first error. */
static void complete(struct nbc *b)
{
    struct mpchar_rt_request *req = b->req;
    req->status.MPI_ERROR = mpchar__sched_end(&b->s);
    free(b);
    atomic_store_explicit(&req->done, 1, memory_order_release);
    if (req->user_freed)
        mpchar__req_dispose(req);
}

/* Tags wrap after 2^30 - TAG_NBC operations, far more than can be pending. */
static int next_tag(MPI_Comm comm)
{
    uint32_t span = (uint32_t)MPI_TAG_UB_VALUE - TAG_NBC + 1;
    return TAG_NBC + (int)(comm->nbc_seq++ % span);
}

int mpchar__nbc_start(struct sched *s, int rc, MPI_Request *request,
                      const char *fn)
{
    struct nbc *b = nbc_of(s);
    MPI_Comm comm = s->comm;
    if (rc != MPI_SUCCESS || !request) {
        mpchar__sched_end(s);
        free(b);
        return mpchar__err(comm, rc != MPI_SUCCESS ? rc : MPI_ERR_REQUEST, fn);
    }
    s->tag = next_tag(comm);
    struct mpchar_rt_request *req = mpchar__req_alloc();
    req->kind = REQ_COLL;
    req->comm = comm;
    req->status.MPI_SOURCE = MPI_ANY_SOURCE;
    req->status.MPI_TAG = MPI_ANY_TAG;
    b->req = req;
    *request = req;
    if (mpchar__sched_advance(s)) {
        complete(b);
        return MPI_SUCCESS;
    }
    struct nbc **pp = &active;
    while (*pp)
        pp = &(*pp)->next;
    *pp = b;
    mpchar__nbc_active++;
    return MPI_SUCCESS;
}

int mpchar__nbc_poll(void)
{
    int did = 0;
    for (struct nbc **pp = &active; *pp;) {
        struct nbc *b = *pp;
        size_t pos = b->s.pos;
        int finished = mpchar__sched_advance(&b->s);
        did |= finished || b->s.pos != pos;
        if (!finished) {
            pp = &b->next;
            continue;
        }
        *pp = b->next;
        mpchar__nbc_active--;
        complete(b);
    }
    return did;
}
