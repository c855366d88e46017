/*
 * Nonblocking collectives: MPI_Ibarrier.
 *
 * A nonblocking collective is a small state machine that the progress
 * engine polls (mpchar__nbc_poll) while the user's request is pending.
 * Ibarrier is the dissemination barrier of coll_rooted.c, one round per
 * poll once the round's send and receive have completed, on its own tag.
 */
#include "coll.h"

#include <stdlib.h>

struct nbc {
    struct nbc *next;
    struct mpchar_rt_request *req;
    MPI_Comm comm;
    int k; /* current distance; >= size: done */
    MPI_Request s, r;
};

int mpchar__nbc_active;
static struct nbc *active;

static int round_done(struct nbc *b)
{
    if (!atomic_load(&b->s->done) || !atomic_load(&b->r->done))
        return 0;
    mpchar__req_free(b->s);
    mpchar__req_free(b->r);
    b->s = b->r = MPI_REQUEST_NULL;
    return 1;
}

static int start_round(struct nbc *b)
{
    int p = b->comm->size, r = b->comm->rank;
    int rc = mpchar__irecv(NULL, 0, MPI_BYTE, (r - b->k + p) % p, TAG_IBARRIER,
                           b->comm, 1, &b->r);
    if (rc == MPI_SUCCESS)
        rc = mpchar__isend(NULL, 0, MPI_BYTE, (r + b->k) % p, TAG_IBARRIER,
                           b->comm, 1, 0, &b->s);
    return rc;
}

int mpchar__nbc_poll(void)
{
    int did = 0;
    for (struct nbc **pp = &active; *pp;) {
        struct nbc *b = *pp;
        if (!round_done(b)) {
            pp = &b->next;
            continue;
        }
        did = 1;
        b->k <<= 1;
        if (b->k < b->comm->size && start_round(b) == MPI_SUCCESS) {
            pp = &b->next;
            continue;
        }
        *pp = b->next;
        mpchar__nbc_active--;
        struct mpchar_rt_request *req = b->req;
        free(b);
        atomic_store_explicit(&req->done, 1, memory_order_release);
        if (req->user_freed)
            mpchar__req_dispose(req);
    }
    return did;
}

int PMPI_Ibarrier(MPI_Comm comm, MPI_Request *request)
{
    int rc = mpchar__check_args(comm, 0, MPI_BYTE);
    if (rc != MPI_SUCCESS)
        return mpchar__err(comm, rc, "MPI_Ibarrier");
    struct mpchar_rt_request *req = mpchar__req_alloc();
    req->kind = REQ_COLL;
    req->comm = comm;
    req->status.MPI_SOURCE = MPI_ANY_SOURCE;
    req->status.MPI_TAG = MPI_ANY_TAG;
    *request = req;
    if (comm->size == 1) {
        atomic_store(&req->done, 1);
        return MPI_SUCCESS;
    }
    struct nbc *b = calloc(1, sizeof *b);
    if (!b)
        return mpchar__err(comm, MPI_ERR_NO_MEM, "MPI_Ibarrier");
    b->req = req;
    b->comm = comm;
    b->k = 1;
    rc = start_round(b);
    if (rc != MPI_SUCCESS) {
        free(b);
        return mpchar__err(comm, rc, "MPI_Ibarrier");
    }
    b->next = active;
    active = b;
    mpchar__nbc_active++;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Ibarrier)
