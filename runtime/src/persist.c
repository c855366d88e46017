/*
 * Persistent point-to-point requests: MPI_Send_init, MPI_Ssend_init,
 * MPI_Rsend_init, MPI_Bsend_init, MPI_Recv_init, MPI_Start(all), and
 * MPI_Request_free of a persistent request.
 *
 * A persistent request (REQ_PERSIST) keeps the arguments of its transfer;
 * each start issues an ordinary send or receive as its inner request,
 * which the completion calls (request.c) wait for and then free, leaving
 * the persistent handle inactive.  The arguments are checked once, at
 * init, with the same rules as the immediate calls (which check them
 * again at each start: cheap, and the datatype is retained meanwhile).
 * A buffered send completes at its start (MPI_Bsend copies the data out),
 * so it has no inner request and a wait returns an empty status.
 */
#include "rt.h"

enum { PM_SEND, PM_SSEND, PM_RSEND, PM_BSEND, PM_RECV };

static int persist_init(const void *buf, int count, MPI_Datatype type, int peer,
                        int tag, MPI_Comm comm, int mode, MPI_Request *request,
                        const char *fn)
{
    int rc = mpchar__check_args(comm, count, type);
    int any_tag = mode == PM_RECV && tag == MPI_ANY_TAG;
    int any_src = mode == PM_RECV && peer == MPI_ANY_SOURCE;
    if (rc == MPI_SUCCESS && !any_tag && (tag < 0 || tag > MPI_TAG_UB_VALUE))
        rc = MPI_ERR_TAG;
    if (rc == MPI_SUCCESS && !any_src && peer != MPI_PROC_NULL &&
        (peer < 0 || peer >= comm->size))
        rc = MPI_ERR_RANK;
    if (rc == MPI_SUCCESS && !request)
        rc = MPI_ERR_REQUEST;
    if (rc != MPI_SUCCESS)
        return mpchar__err(comm, rc, fn);
    struct mpchar_rt_request *req = mpchar__req_alloc();
    req->kind = REQ_PERSIST;
    atomic_store(&req->done, 1); /* inactive: Wait returns at once */
    req->comm = comm;
    req->buf = (void *)(uintptr_t)buf;
    req->count = count;
    req->type = type;
    mpchar__type_retain(type);
    req->peer = peer;
    req->tag = tag;
    req->pmode = mode;
    *request = req;
    return MPI_SUCCESS;
}

/* MPI_Send_init and its send modes take the same arguments. */
#define SEND_INIT(Name, mode)                                               \
    int PMPI_##Name(const void *buf, int count, MPI_Datatype datatype,      \
                    int dest, int tag, MPI_Comm comm, MPI_Request *request) \
    {                                                                       \
        return persist_init(buf, count, datatype, dest, tag, comm, mode,    \
                            request, "MPI_" #Name);                         \
    }                                                                       \
    MPCHAR_RT_WEAK(Name)
SEND_INIT(Send_init, PM_SEND)
SEND_INIT(Ssend_init, PM_SSEND)
SEND_INIT(Rsend_init, PM_RSEND)
SEND_INIT(Bsend_init, PM_BSEND)
#undef SEND_INIT

int PMPI_Recv_init(void *buf, int count, MPI_Datatype datatype, int source,
                   int tag, MPI_Comm comm, MPI_Request *request)
{
    return persist_init(buf, count, datatype, source, tag, comm, PM_RECV,
                        request, "MPI_Recv_init");
}
MPCHAR_RT_WEAK(Recv_init)

static int start(MPI_Request req)
{
    if (req == MPI_REQUEST_NULL || req->kind != REQ_PERSIST || req->pstarted)
        return MPI_ERR_REQUEST;
    int rc;
    switch (req->pmode) {
    case PM_RECV:
        rc = mpchar__irecv(req->buf, req->count, req->type, req->peer, req->tag,
                           req->comm, 0, &req->inner);
        break;
    case PM_BSEND:
        /* completes at once: the data are copied to the attached buffer */
        rc = PMPI_Bsend(req->buf, req->count, req->type, req->peer, req->tag,
                        req->comm);
        break;
    default:
        rc = mpchar__isend(req->buf, req->count, req->type, req->peer, req->tag,
                           req->comm, 0, req->pmode == PM_SSEND, &req->inner);
    }
    if (rc == MPI_SUCCESS)
        req->pstarted = 1;
    return rc;
}

int PMPI_Start(MPI_Request *request)
{
    int rc = request ? start(*request) : MPI_ERR_REQUEST;
    if (rc == MPI_SUCCESS)
        return rc;
    /* a bad handle has no communicator of its own */
    MPI_Comm comm = request && *request && (*request)->kind == REQ_PERSIST
                        ? (*request)->comm
                        : MPI_COMM_WORLD;
    return mpchar__err(comm, rc, "MPI_Start");
}
MPCHAR_RT_WEAK(Start)

int PMPI_Startall(int count, MPI_Request requests[])
{
    if (count < 0 || (count > 0 && !requests))
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Startall");
    for (int i = 0; i < count; i++) {
        int rc = PMPI_Start(&requests[i]);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Startall)

void mpchar__persist_free(struct mpchar_rt_request *req)
{
    /* an active transfer completes on its own and is freed then */
    if (req->inner)
        mpchar__req_free(req->inner);
    mpchar__type_release(req->type);
    mpchar__req_dispose(req);
}
