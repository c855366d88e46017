/*
 * Completion calls: Wait*, Test*, Request_get_status, Request_free,
 * Cancel, Test_cancelled, Status_set_cancelled, and the request free list.
 *
 * A request is done when the engine sets its flag; completing it here copies
 * the status out, frees it and sets the handle to MPI_REQUEST_NULL.  Waiting
 * runs the progress engine, spinning briefly and then yielding (engine.c),
 * so that more ranks than cores still progress.
 */
#include "rt.h"

#include <sched.h>
#include <stdlib.h>
#include <string.h>

/* Requests are recycled through a small free list: the eager fast path
 * then allocates nothing. */
static struct mpchar_rt_request *req_cache[64];
static int req_cached;

struct mpchar_rt_request mpchar__req_sent = {
    .kind = REQ_SEND, .done = 1, .comm = MPI_COMM_WORLD};

struct mpchar_rt_request *mpchar__req_alloc(void)
{
    struct mpchar_rt_request *req =
        req_cached ? req_cache[--req_cached] : malloc(sizeof *req);
    if (!req)
        mpchar__fatal("out of memory allocating a request");
    mpchar__req_init(req, 0, NULL);
    return req;
}

void mpchar__req_dispose(struct mpchar_rt_request *req)
{
    if (req == &mpchar__req_sent) /* shared, never freed */
        return;
    if (req_cached < (int)(sizeof req_cache / sizeof req_cache[0]))
        req_cache[req_cached++] = req;
    else
        free(req);
}

void mpchar__req_cache_free(void)
{
    while (req_cached)
        free(req_cache[--req_cached]);
}

static void empty_status(MPI_Status *status)
{
    if (status == MPI_STATUS_IGNORE)
        return;
    memset(status, 0, sizeof *status);
    status->MPI_SOURCE = MPI_ANY_SOURCE;
    status->MPI_TAG = MPI_ANY_TAG;
}

/* The flag that completes req: a started persistent request completes
 * with its current transfer; an inactive one counts as done (its own
 * flag stays set), so that Wait and Test return at once. */
static _Atomic int *done_flag(MPI_Request req)
{
    return req->kind == REQ_PERSIST && req->inner ? &req->inner->done
                                                  : &req->done;
}

static int is_done(MPI_Request req)
{
    return atomic_load_explicit(done_flag(req), memory_order_acquire);
}

/* Waitany, Waitsome and their Test forms skip null and inactive
 * persistent requests alike. */
static int is_active(MPI_Request req)
{
    return req != MPI_REQUEST_NULL &&
           (req->kind != REQ_PERSIST || req->pstarted);
}

/* The status and error a finished transfer (not persistent) completes
 * with. */
static int transfer_status(MPI_Request req, MPI_Status *status)
{
    int err = req->kind == REQ_SEND ? MPI_SUCCESS : req->status.MPI_ERROR;
    if (status != MPI_STATUS_IGNORE) {
        *status = req->status;
        if (req->kind == REQ_SEND) {
            status->MPI_ERROR = MPI_SUCCESS;
            status->mpchar_bytes = 0;
        }
    }
    return err;
}

/* Completes a finished request: status out, handle freed; returns its error. */
static int finish(MPI_Request *req_p, MPI_Status *status)
{
    MPI_Request req = *req_p;
    if (req->kind == REQ_PERSIST) {
        /* the handle stays; the request becomes inactive */
        req->pstarted = 0;
        if (req->inner)
            return finish(&req->inner, status);
        empty_status(status);
        return MPI_SUCCESS;
    }
    int err = transfer_status(req, status);
    mpchar__req_free(req);
    *req_p = MPI_REQUEST_NULL;
    return err;
}

int mpchar__wait(MPI_Request *req_p, MPI_Status *status)
{
    if (*req_p == MPI_REQUEST_NULL) {
        empty_status(status);
        return MPI_SUCCESS;
    }
    MPI_Comm comm = (*req_p)->comm;
    mpchar__wait_until(done_flag(*req_p));
    int err = finish(req_p, status);
    return err == MPI_SUCCESS ? err : mpchar__err(comm, err, "MPI_Wait");
}

int PMPI_Wait(MPI_Request *request, MPI_Status *status)
{
    return mpchar__wait(request, status);
}
MPCHAR_RT_WEAK(Wait)

static void idle_step(unsigned *idle)
{
    if (mpchar__progress())
        *idle = 0;
    else
        mpchar__idle(idle);
}

/* Finishes every done request; returns MPI_ERR_IN_STATUS if one failed. */
static int finish_all(int count, MPI_Request requests[], MPI_Status statuses[],
                      MPI_Comm *bad_comm)
{
    int err = MPI_SUCCESS;
    for (int i = 0; i < count; i++) {
        MPI_Status *st =
            statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[i];
        if (requests[i] == MPI_REQUEST_NULL) {
            empty_status(st);
            continue;
        }
        MPI_Comm comm = requests[i]->comm;
        if (finish(&requests[i], st) != MPI_SUCCESS) {
            err = MPI_ERR_IN_STATUS;
            *bad_comm = comm;
        }
    }
    return err;
}

int PMPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[])
{
    for (int i = 0; i < count; i++)
        if (requests[i] != MPI_REQUEST_NULL)
            mpchar__wait_until(done_flag(requests[i]));
    MPI_Comm bad = MPI_COMM_WORLD;
    int err = finish_all(count, requests, statuses, &bad);
    return err == MPI_SUCCESS ? err : mpchar__err(bad, err, "MPI_Waitall");
}
MPCHAR_RT_WEAK(Waitall)

int PMPI_Testall(int count, MPI_Request requests[], int *flag,
                 MPI_Status statuses[])
{
    mpchar__test_progress();
    *flag = 1;
    for (int i = 0; i < count; i++)
        if (requests[i] != MPI_REQUEST_NULL && !is_done(requests[i]))
            *flag = 0;
    if (!*flag)
        return MPI_SUCCESS;
    MPI_Comm bad = MPI_COMM_WORLD;
    int err = finish_all(count, requests, statuses, &bad);
    return err == MPI_SUCCESS ? err : mpchar__err(bad, err, "MPI_Testall");
}
MPCHAR_RT_WEAK(Testall)

/* Index of a done request, MPI_UNDEFINED if all are null, -1 if none done. */
static int find_done(int count, MPI_Request requests[])
{
    int active = 0;
    for (int i = 0; i < count; i++) {
        if (!is_active(requests[i]))
            continue;
        active = 1;
        if (is_done(requests[i]))
            return i;
    }
    return active ? -1 : MPI_UNDEFINED;
}

static int finish_one(MPI_Request requests[], int i, int *index,
                      MPI_Status *status, const char *fn)
{
    MPI_Comm comm = requests[i]->comm;
    *index = i;
    int err = finish(&requests[i], status);
    return err == MPI_SUCCESS ? err : mpchar__err(comm, err, fn);
}

int PMPI_Waitany(int count, MPI_Request requests[], int *index,
                 MPI_Status *status)
{
    unsigned idle = 0;
    for (;;) {
        int i = find_done(count, requests);
        if (i == MPI_UNDEFINED) {
            *index = MPI_UNDEFINED;
            empty_status(status);
            return MPI_SUCCESS;
        }
        if (i >= 0)
            return finish_one(requests, i, index, status, "MPI_Waitany");
        idle_step(&idle);
    }
}
MPCHAR_RT_WEAK(Waitany)

int PMPI_Testany(int count, MPI_Request requests[], int *index, int *flag,
                 MPI_Status *status)
{
    mpchar__test_progress();
    int i = find_done(count, requests);
    if (i == MPI_UNDEFINED) {
        *flag = 1;
        *index = MPI_UNDEFINED;
        empty_status(status);
        return MPI_SUCCESS;
    }
    *flag = i >= 0;
    if (i < 0) {
        *index = MPI_UNDEFINED;
        return MPI_SUCCESS;
    }
    return finish_one(requests, i, index, status, "MPI_Testany");
}
MPCHAR_RT_WEAK(Testany)

static int collect_some(int incount, MPI_Request requests[], int *outcount,
                        int indices[], MPI_Status statuses[], const char *fn)
{
    int n = 0, err = MPI_SUCCESS, active = 0;
    MPI_Comm bad = MPI_COMM_WORLD;
    for (int i = 0; i < incount; i++) {
        if (!is_active(requests[i]))
            continue;
        active = 1;
        if (!is_done(requests[i]))
            continue;
        MPI_Comm comm = requests[i]->comm;
        MPI_Status *st =
            statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[n];
        if (finish(&requests[i], st) != MPI_SUCCESS) {
            err = MPI_ERR_IN_STATUS;
            bad = comm;
        }
        indices[n++] = i;
    }
    *outcount = active ? n : MPI_UNDEFINED;
    return err == MPI_SUCCESS ? err : mpchar__err(bad, err, fn);
}

int PMPI_Waitsome(int incount, MPI_Request requests[], int *outcount,
                  int indices[], MPI_Status statuses[])
{
    unsigned idle = 0;
    while (find_done(incount, requests) == -1)
        idle_step(&idle);
    return collect_some(incount, requests, outcount, indices, statuses,
                        "MPI_Waitsome");
}
MPCHAR_RT_WEAK(Waitsome)

int PMPI_Testsome(int incount, MPI_Request requests[], int *outcount,
                  int indices[], MPI_Status statuses[])
{
    mpchar__test_progress();
    return collect_some(incount, requests, outcount, indices, statuses,
                        "MPI_Testsome");
}
MPCHAR_RT_WEAK(Testsome)

int PMPI_Test(MPI_Request *request, int *flag, MPI_Status *status)
{
    if (*request == MPI_REQUEST_NULL) {
        *flag = 1;
        empty_status(status);
        return MPI_SUCCESS;
    }
    if (!is_done(*request))
        mpchar__test_progress();
    *flag = is_done(*request);
    if (!*flag)
        return MPI_SUCCESS;
    MPI_Comm comm = (*request)->comm;
    int err = finish(request, status);
    return err == MPI_SUCCESS ? err : mpchar__err(comm, err, "MPI_Test");
}
MPCHAR_RT_WEAK(Test)

/* MPI_Test without the completion: the request and its handle stay. */
int PMPI_Request_get_status(MPI_Request request, int *flag, MPI_Status *status)
{
    if (!flag)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_ARG,
                           "MPI_Request_get_status");
    if (request == MPI_REQUEST_NULL) {
        *flag = 1;
        empty_status(status);
        return MPI_SUCCESS;
    }
    if (!is_done(request))
        mpchar__test_progress();
    *flag = is_done(request);
    if (!*flag)
        return MPI_SUCCESS;
    MPI_Request req = request->kind == REQ_PERSIST ? request->inner : request;
    if (!req) { /* an inactive persistent request */
        empty_status(status);
        return MPI_SUCCESS;
    }
    int err = transfer_status(req, status);
    return err == MPI_SUCCESS
               ? err
               : mpchar__err(request->comm, err, "MPI_Request_get_status");
}
MPCHAR_RT_WEAK(Request_get_status)

int PMPI_Request_free(MPI_Request *request)
{
    if (!request || *request == MPI_REQUEST_NULL)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_REQUEST, "MPI_Request_free");
    if ((*request)->kind == REQ_PERSIST)
        mpchar__persist_free(*request);
    else
        mpchar__req_free(*request);
    *request = MPI_REQUEST_NULL;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Request_free)

int PMPI_Cancel(MPI_Request *request)
{
    if (!request || *request == MPI_REQUEST_NULL)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_REQUEST, "MPI_Cancel");
    MPI_Request req = *request;
    if (req->kind == REQ_PERSIST && req->inner)
        req = req->inner; /* cancels the current transfer */
    if (req->kind == REQ_RECV)
        return mpchar__cancel_recv(req);
    return MPI_SUCCESS; /* a send is never cancelled: MPI allows the cancel to fail */
}
MPCHAR_RT_WEAK(Cancel)

int PMPI_Test_cancelled(const MPI_Status *status, int *flag)
{
    *flag = status->mpchar_cancelled;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Test_cancelled)

int PMPI_Status_set_cancelled(MPI_Status *status, int flag)
{
    if (!status || status == MPI_STATUS_IGNORE)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_ARG,
                           "MPI_Status_set_cancelled");
    status->mpchar_cancelled = flag != 0;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Status_set_cancelled)
