/*
 * MPI point-to-point calls: argument checks, requests, buffered sends.
 *
 * Every send and receive becomes a request handed to the engine
 * (engine.c); blocking calls wait on it.  Non-contiguous send data is
 * packed once into a temporary owned by the request.  Buffered sends pack
 * into the attached buffer (first-fit over the segments in use) and become
 * engine-owned requests that release their segment when they complete.
 */
#include "rt.h"

#include <sched.h>
#include <stdlib.h>
#include <string.h>

static struct mpchar_rt_request *req_new(int kind, MPI_Comm comm)
{
    struct mpchar_rt_request *req = mpchar__req_alloc();
    req->kind = kind;
    req->comm = comm;
    return req;
}

/* Sets data to the bytes to transmit: the buffer itself or a packed copy. */
static void send_data(struct mpchar_rt_request *req, const void *buf, int count,
                      MPI_Datatype type)
{
    req->bytes = (size_t)count * type->size;
    if (type->contig) {
        req->data = buf;
        return;
    }
    req->tmp = malloc(req->bytes ? req->bytes : 1);
    if (!req->tmp)
        mpchar__fatal("out of memory packing a message");
    mpchar__type_pack(buf, count, type, req->tmp);
    req->data = req->tmp;
}

/* A transfer with MPI_PROC_NULL is done at once, with this status. */
static int done_proc_null(struct mpchar_rt_request *req)
{
    req->status.MPI_SOURCE = MPI_PROC_NULL;
    req->status.MPI_TAG = MPI_ANY_TAG;
    atomic_store(&req->done, 1);
    return MPI_SUCCESS;
}

/* Hands a prepared request (rc: its checks) to the caller and, unless it
 * is done already, to the engine; one that failed its checks is dropped. */
static int issue(struct mpchar_rt_request *req, int rc,
                 void (*start)(struct mpchar_rt_request *), MPI_Request *req_p)
{
    if (rc != MPI_SUCCESS) {
        mpchar__req_dispose(req);
        return rc;
    }
    *req_p = req;
    if (!atomic_load(&req->done))
        start(req);
    return MPI_SUCCESS;
}

/* The checks of a send's arguments but for its destination rank. */
static int send_check(MPI_Comm comm, int count, MPI_Datatype type, int tag)
{
    int rc = mpchar__check_args(comm, count, type);
    if (rc != MPI_SUCCESS)
        return rc;
    return tag < 0 || tag > MPI_TAG_UB_VALUE ? MPI_ERR_TAG : MPI_SUCCESS;
}

/* Validates a send and fills req; a send to MPI_PROC_NULL is done at once. */
static int send_prepare(struct mpchar_rt_request *req, const void *buf,
                        int count, MPI_Datatype type, int dest, int tag,
                        MPI_Comm comm, int coll, int sync)
{
    int rc = send_check(comm, count, type, tag);
    if (rc != MPI_SUCCESS)
        return rc;
    if (dest == MPI_PROC_NULL)
        return done_proc_null(req);
    if (dest < 0 || dest >= comm->size)
        return MPI_ERR_RANK;
    req->ctx = comm->ctx + (uint32_t)coll;
    req->peer = dest;
    req->peer_world = comm->world[dest];
    req->tag = tag;
    req->sync = sync;
    send_data(req, buf, count, type);
    return MPI_SUCCESS;
}

int mpchar__isend(const void *buf, int count, MPI_Datatype type, int dest,
                  int tag, MPI_Comm comm, int coll, int sync,
                  MPI_Request *req_p)
{
    struct mpchar_rt_request *req = req_new(REQ_SEND, comm);
    int rc = send_prepare(req, buf, count, type, dest, tag, comm, coll, sync);
    return issue(req, rc, mpchar__send_start, req_p);
}

/* The checks of a receive's arguments but for its source rank. */
static int recv_check(MPI_Comm comm, int count, MPI_Datatype type, int tag)
{
    int rc = mpchar__check_args(comm, count, type);
    if (rc != MPI_SUCCESS)
        return rc;
    return tag != MPI_ANY_TAG && (tag < 0 || tag > MPI_TAG_UB_VALUE)
               ? MPI_ERR_TAG
               : MPI_SUCCESS;
}

/* Validates a receive and fills req; MPI_PROC_NULL is done at once. */
static int recv_prepare(struct mpchar_rt_request *req, void *buf, int count,
                        MPI_Datatype type, int source, int tag, MPI_Comm comm,
                        int coll)
{
    int rc = recv_check(comm, count, type, tag);
    if (rc != MPI_SUCCESS)
        return rc;
    if (source == MPI_PROC_NULL)
        return done_proc_null(req);
    if (source != MPI_ANY_SOURCE && (source < 0 || source >= comm->size))
        return MPI_ERR_RANK;
    req->ctx = comm->ctx + (uint32_t)coll;
    req->peer = source;
    req->peer_world = source == MPI_ANY_SOURCE ? -1 : comm->world[source];
    req->tag = tag;
    req->buf = buf;
    req->count = count;
    req->type = type;
    mpchar__type_retain(type);
    req->bytes = (size_t)count * type->size;
    return MPI_SUCCESS;
}

static int irecv_as(void *buf, int count, MPI_Datatype type, int source,
                    int tag, MPI_Comm comm, int coll, int solo,
                    MPI_Request *req_p)
{
    struct mpchar_rt_request *req = req_new(REQ_RECV, comm);
    int rc = recv_prepare(req, buf, count, type, source, tag, comm, coll);
    req->solo = solo;
    return issue(req, rc, mpchar__recv_start, req_p);
}

int mpchar__irecv(void *buf, int count, MPI_Datatype type, int source, int tag,
                  MPI_Comm comm, int coll, MPI_Request *req_p)
{
    return irecv_as(buf, count, type, source, tag, comm, coll, 0, req_p);
}

int mpchar__irecv_operand(void *buf, int count, MPI_Datatype type, int source,
                          int tag, MPI_Comm comm, MPI_Request *req_p)
{
    return irecv_as(buf, count, type, source, tag, comm, 1, 1, req_p);
}

/* ---------------- buffered sends ---------------- */

struct bseg {
    struct bseg *next;
    size_t off, len;
};

static struct {
    char *buf;
    size_t size;
    struct bseg *segs; /* sorted by offset */
} B;

void mpchar__bsend_release(void *seg)
{
    for (struct bseg **pp = &B.segs; *pp; pp = &(*pp)->next) {
        if (*pp == seg) {
            *pp = (*pp)->next;
            free(seg);
            return;
        }
    }
}

static struct bseg *bseg_alloc(size_t len)
{
    size_t need = len + MPI_BSEND_OVERHEAD, off = 0;
    struct bseg **pp = &B.segs;
    for (; *pp; pp = &(*pp)->next) {
        if ((*pp)->off - off >= need)
            break;
        off = (*pp)->off + (*pp)->len;
        off = (off + 15) & ~(size_t)15;
    }
    if (!B.buf || off + need > B.size)
        return NULL;
    struct bseg *s = malloc(sizeof *s);
    if (!s)
        return NULL;
    s->off = off;
    s->len = need;
    s->next = *pp;
    *pp = s;
    return s;
}

int PMPI_Buffer_attach(void *buffer, int size)
{
    if (B.buf)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_BUFFER, "MPI_Buffer_attach");
    if (size < 0)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Buffer_attach");
    B.buf = buffer;
    B.size = (size_t)size;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Buffer_attach)

int PMPI_Buffer_detach(void *buffer_addr, int *size)
{
    unsigned idle = 0;
    while (B.segs) {
        if (!mpchar__progress())
            mpchar__idle(&idle);
    }
    *(void **)buffer_addr = B.buf;
    *size = (int)B.size;
    B.buf = NULL;
    B.size = 0;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Buffer_detach)

int PMPI_Bsend(const void *buf, int count, MPI_Datatype datatype, int dest,
               int tag, MPI_Comm comm)
{
    int rc = mpchar__check_args(comm, count, datatype);
    if (rc == MPI_SUCCESS && (tag < 0 || tag > MPI_TAG_UB_VALUE))
        rc = MPI_ERR_TAG;
    if (rc == MPI_SUCCESS && dest != MPI_PROC_NULL &&
        (dest < 0 || dest >= comm->size))
        rc = MPI_ERR_RANK;
    if (rc != MPI_SUCCESS)
        return mpchar__err(comm, rc, "MPI_Bsend");
    if (dest == MPI_PROC_NULL)
        return MPI_SUCCESS;
    size_t len = (size_t)count * datatype->size;
    struct bseg *seg = bseg_alloc(len);
    while (!seg && B.segs && mpchar__progress())
        seg = bseg_alloc(len);
    if (!seg)
        return mpchar__err(comm, MPI_ERR_BUFFER, "MPI_Bsend");
    char *data = B.buf + seg->off;
    mpchar__type_pack(buf, count, datatype, data);
    struct mpchar_rt_request *req = req_new(REQ_SEND, comm);
    req->internal = 1;
    req->bsend_seg = seg;
    req->ctx = comm->ctx;
    req->peer = dest;
    req->peer_world = comm->world[dest];
    req->tag = tag;
    req->bytes = len;
    req->data = data;
    mpchar__send_start(req);
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Bsend)

/* ---------------- blocking and nonblocking calls ---------------- */

/* The fast paths of the blocking calls (engine.c) take contiguous data
 * between valid ranks; every other case, and every error, goes the
 * general way, which reports it. */
static int send_fast(const void *buf, int count, MPI_Datatype type, int dest,
                     int tag, MPI_Comm comm)
{
    if (send_check(comm, count, type, tag) != MPI_SUCCESS || dest < 0 ||
        dest >= comm->size || !type->contig)
        return 0;
    return mpchar__send_now(comm, comm->ctx, comm->world[dest], tag, buf,
                            (size_t)count * type->size);
}

/* In SR mode a receive that may ask for a remote write goes the general
 * way, which asks. */
static int recv_fast(void *buf, int count, MPI_Datatype type, int source,
                     int tag, MPI_Comm comm, MPI_Status *status)
{
    if (recv_check(comm, count, type, tag) != MPI_SUCCESS || source < 0 ||
        source >= comm->size || !type->contig)
        return 0;
    size_t cap = (size_t)count * type->size;
    if (mpchar__cfg.sr_mode && cap >= mpchar__cfg.write_min)
        return 0;
    return mpchar__recv_now(comm->ctx, source, comm->world[source], tag, buf,
                            cap, status, 0);
}

/* Blocking calls keep their request on the stack: the engine refers to it
 * only until it completes, and they wait for that. */
static int send_blocking(const void *buf, int count, MPI_Datatype type,
                         int dest, int tag, MPI_Comm comm, int sync,
                         const char *fn)
{
    if (!sync && send_fast(buf, count, type, dest, tag, comm))
        return MPI_SUCCESS;
    struct mpchar_rt_request req;
    mpchar__req_init(&req, REQ_SEND, comm);
    int rc = send_prepare(&req, buf, count, type, dest, tag, comm, 0, sync);
    if (rc != MPI_SUCCESS)
        return mpchar__err(comm, rc, fn);
    if (!atomic_load(&req.done)) {
        mpchar__send_start(&req);
        mpchar__wait_until(&req.done);
    }
    return MPI_SUCCESS;
}

int PMPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest,
              int tag, MPI_Comm comm)
{
    return send_blocking(buf, count, datatype, dest, tag, comm, 0, "MPI_Send");
}
MPCHAR_RT_WEAK(Send)

int PMPI_Ssend(const void *buf, int count, MPI_Datatype datatype, int dest,
               int tag, MPI_Comm comm)
{
    return send_blocking(buf, count, datatype, dest, tag, comm, 1, "MPI_Ssend");
}
MPCHAR_RT_WEAK(Ssend)

int PMPI_Rsend(const void *buf, int count, MPI_Datatype datatype, int dest,
               int tag, MPI_Comm comm)
{
    return send_blocking(buf, count, datatype, dest, tag, comm, 0, "MPI_Rsend");
}
MPCHAR_RT_WEAK(Rsend)

/* An eager nonblocking send that enters the ring at once is complete
 * when the call returns, so it gets no request of its own but the shared
 * completed one, as Open MPI's ob1 and MPICH do: allocating, completing
 * and recycling a request cost as much as the send (docs/performance.md,
 * "Requests of eager sends"). */
static int send_nonblocking(const void *buf, int count, MPI_Datatype type,
                            int dest, int tag, MPI_Comm comm, int sync,
                            MPI_Request *request, const char *fn)
{
    if (!sync && request && send_fast(buf, count, type, dest, tag, comm)) {
        *request = &mpchar__req_sent;
        return MPI_SUCCESS;
    }
    int rc = mpchar__isend(buf, count, type, dest, tag, comm, 0, sync, request);
    return rc == MPI_SUCCESS ? rc : mpchar__err(comm, rc, fn);
}

int PMPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest,
               int tag, MPI_Comm comm, MPI_Request *request)
{
    return send_nonblocking(buf, count, datatype, dest, tag, comm, 0, request,
                            "MPI_Isend");
}
MPCHAR_RT_WEAK(Isend)

int PMPI_Issend(const void *buf, int count, MPI_Datatype datatype, int dest,
                int tag, MPI_Comm comm, MPI_Request *request)
{
    return send_nonblocking(buf, count, datatype, dest, tag, comm, 1, request,
                            "MPI_Issend");
}
MPCHAR_RT_WEAK(Issend)

/* A ready send needs no more than a standard one here: the receive that
 * MPI requires to be posted would match the same way. */
int PMPI_Irsend(const void *buf, int count, MPI_Datatype datatype, int dest,
                int tag, MPI_Comm comm, MPI_Request *request)
{
    return send_nonblocking(buf, count, datatype, dest, tag, comm, 0, request,
                            "MPI_Irsend");
}
MPCHAR_RT_WEAK(Irsend)

/* MPI_Bsend copies the data into the attached buffer before it returns, so
 * the request of a buffered send is complete at once. */
int PMPI_Ibsend(const void *buf, int count, MPI_Datatype datatype, int dest,
                int tag, MPI_Comm comm, MPI_Request *request)
{
    if (!request)
        return mpchar__err(comm, MPI_ERR_ARG, "MPI_Ibsend");
    int rc = PMPI_Bsend(buf, count, datatype, dest, tag, comm);
    if (rc != MPI_SUCCESS)
        return rc;
    struct mpchar_rt_request *req = req_new(REQ_SEND, comm);
    atomic_store(&req->done, 1);
    *request = req;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Ibsend)

int PMPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source, int tag,
               MPI_Comm comm, MPI_Request *request)
{
    int rc = mpchar__irecv(buf, count, datatype, source, tag, comm, 0, request);
    return rc == MPI_SUCCESS ? rc : mpchar__err(comm, rc, "MPI_Irecv");
}
MPCHAR_RT_WEAK(Irecv)

int PMPI_Recv(void *buf, int count, MPI_Datatype datatype, int source, int tag,
              MPI_Comm comm, MPI_Status *status)
{
    if (recv_fast(buf, count, datatype, source, tag, comm, status))
        return MPI_SUCCESS;
    MPI_Request hreq;
    int rc;
    if (mpchar__cfg.sr_mode && source >= 0) {
        /* it may issue a write request, which can outlive the call: heap */
        rc = mpchar__irecv(buf, count, datatype, source, tag, comm, 0, &hreq);
        if (rc != MPI_SUCCESS)
            return mpchar__err(comm, rc, "MPI_Recv");
        return mpchar__wait(&hreq, status);
    }
    struct mpchar_rt_request req;
    mpchar__req_init(&req, REQ_RECV, comm);
    rc = recv_prepare(&req, buf, count, datatype, source, tag, comm, 0);
    if (rc != MPI_SUCCESS)
        return mpchar__err(comm, rc, "MPI_Recv");
    if (!atomic_load(&req.done)) {
        mpchar__recv_start(&req);
        mpchar__wait_until(&req.done);
    }
    if (status != MPI_STATUS_IGNORE)
        *status = req.status;
    rc = req.status.MPI_ERROR;
    return rc == MPI_SUCCESS ? rc : mpchar__err(comm, rc, "MPI_Recv");
}
MPCHAR_RT_WEAK(Recv)

/* MPI_Sendrecv with the rank itself (NPB CG's exchange with its transpose
 * partner at p = 2, every exchange at p = 1) without requests, when the
 * engine finds that the receive takes exactly the message sent
 * (docs/runtime.md, "Messages to self"); contiguous send data only.
 * Returns -1 when it does not apply, else the call's result. */
static int sendrecv_self(const void *sendbuf, int sendcount,
                         MPI_Datatype sendtype, int dest, int sendtag,
                         void *recvbuf, int recvcount, MPI_Datatype recvtype,
                         int source, int recvtag, MPI_Comm comm,
                         MPI_Status *status)
{
    if (send_check(comm, sendcount, sendtype, sendtag) != MPI_SUCCESS ||
        recv_check(comm, recvcount, recvtype, recvtag) != MPI_SUCCESS ||
        dest != comm->rank || (source != dest && source != MPI_ANY_SOURCE) ||
        !sendtype->contig)
        return -1;
    MPI_Status st;
    if (!mpchar__sendrecv_self(comm->ctx, dest, sendtag, sendbuf,
                               (size_t)sendcount * sendtype->size, source,
                               recvtag, recvbuf, recvcount, recvtype, &st))
        return -1;
    if (status != MPI_STATUS_IGNORE)
        *status = st;
    return st.MPI_ERROR == MPI_SUCCESS
               ? MPI_SUCCESS
               : mpchar__err(comm, st.MPI_ERROR, "MPI_Sendrecv");
}

int PMPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                  int dest, int sendtag, void *recvbuf, int recvcount,
                  MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm,
                  MPI_Status *status)
{
    int self =
        sendrecv_self(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf,
                      recvcount, recvtype, source, recvtag, comm, status);
    if (self >= 0)
        return self;
    MPI_Request rreq, sreq;
    int rc = mpchar__irecv(recvbuf, recvcount, recvtype, source, recvtag, comm,
                           0, &rreq);
    if (rc != MPI_SUCCESS)
        return mpchar__err(comm, rc, "MPI_Sendrecv");
    rc = mpchar__isend(sendbuf, sendcount, sendtype, dest, sendtag, comm, 0, 0,
                       &sreq);
    if (rc != MPI_SUCCESS) {
        mpchar__cancel_recv(rreq);
        mpchar__wait(&rreq, MPI_STATUS_IGNORE);
        return mpchar__err(comm, rc, "MPI_Sendrecv");
    }
    int rc_s = mpchar__wait(&sreq, MPI_STATUS_IGNORE);
    int rc_r = mpchar__wait(&rreq, status);
    return rc_r != MPI_SUCCESS ? rc_r : rc_s;
}
MPCHAR_RT_WEAK(Sendrecv)

int PMPI_Sendrecv_replace(void *buf, int count, MPI_Datatype datatype, int dest,
                          int sendtag, int source, int recvtag, MPI_Comm comm,
                          MPI_Status *status)
{
    int rc = mpchar__check_args(comm, count, datatype);
    if (rc != MPI_SUCCESS)
        return mpchar__err(comm, rc, "MPI_Sendrecv_replace");
    size_t bytes = (size_t)count * datatype->size;
    void *tmp = malloc(bytes ? bytes : 1);
    if (!tmp)
        return mpchar__err(comm, MPI_ERR_NO_MEM, "MPI_Sendrecv_replace");
    mpchar__type_pack(buf, count, datatype, tmp);
    rc = PMPI_Sendrecv(tmp, (int)bytes, MPI_BYTE, dest, sendtag, buf, count,
                       datatype, source, recvtag, comm, status);
    free(tmp);
    return rc;
}
MPCHAR_RT_WEAK(Sendrecv_replace)

int PMPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag,
                MPI_Status *status)
{
    if (mpchar__comm_check(comm) != MPI_SUCCESS)
        return mpchar__err(comm, MPI_ERR_COMM, "MPI_Iprobe");
    if (source == MPI_PROC_NULL) {
        *flag = 1;
        if (status) {
            memset(status, 0, sizeof *status);
            status->MPI_SOURCE = MPI_PROC_NULL;
            status->MPI_TAG = MPI_ANY_TAG;
        }
        return MPI_SUCCESS;
    }
    if (source != MPI_ANY_SOURCE && (source < 0 || source >= comm->size))
        return mpchar__err(comm, MPI_ERR_RANK, "MPI_Iprobe");
    return mpchar__iprobe(source, tag, comm, flag, status);
}
MPCHAR_RT_WEAK(Iprobe)

int PMPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status *status)
{
    int flag = 0;
    unsigned idle = 0;
    for (;;) {
        int rc = PMPI_Iprobe(source, tag, comm, &flag, status);
        if (rc != MPI_SUCCESS || flag)
            return rc;
        mpchar__idle(&idle);
    }
}
MPCHAR_RT_WEAK(Probe)

/* ---------------- matched probes ---------------- */

int PMPI_Improbe(int source, int tag, MPI_Comm comm, int *flag,
                 MPI_Message *message, MPI_Status *status)
{
    int rc = mpchar__comm_check(comm);
    if (rc == MPI_SUCCESS && (!flag || !message))
        rc = MPI_ERR_ARG;
    if (rc == MPI_SUCCESS && source != MPI_PROC_NULL &&
        source != MPI_ANY_SOURCE && (source < 0 || source >= comm->size))
        rc = MPI_ERR_RANK;
    if (rc == MPI_SUCCESS && tag != MPI_ANY_TAG &&
        (tag < 0 || tag > MPI_TAG_UB_VALUE))
        rc = MPI_ERR_TAG;
    if (rc == MPI_SUCCESS && source == MPI_PROC_NULL) {
        *flag = 1;
        *message = MPI_MESSAGE_NO_PROC;
        if (status)
            *status = (MPI_Status){.MPI_SOURCE = MPI_PROC_NULL,
                                   .MPI_TAG = MPI_ANY_TAG};
        return MPI_SUCCESS;
    }
    if (rc == MPI_SUCCESS)
        rc = mpchar__improbe(source, tag, comm, flag, message, status);
    return rc == MPI_SUCCESS ? rc : mpchar__err(comm, rc, "MPI_Improbe");
}
MPCHAR_RT_WEAK(Improbe)

int PMPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message *message,
                MPI_Status *status)
{
    int flag = 0;
    unsigned idle = 0;
    for (;;) {
        int rc = PMPI_Improbe(source, tag, comm, &flag, message, status);
        if (rc != MPI_SUCCESS || flag)
            return rc;
        mpchar__idle(&idle);
    }
}
MPCHAR_RT_WEAK(Mprobe)

/* A receive of the message a matched probe took: MPI_MESSAGE_NO_PROC's is
 * done at once, as a receive from MPI_PROC_NULL; another takes its source
 * and tag from the message. */
static int mrecv_start(void *buf, int count, MPI_Datatype type,
                       MPI_Message *message, MPI_Request *req_p)
{
    if (!message || *message == MPI_MESSAGE_NULL)
        return MPI_ERR_REQUEST;
    int no_proc = *message == MPI_MESSAGE_NO_PROC;
    MPI_Comm comm = no_proc ? MPI_COMM_SELF : mpchar__message_comm(*message);
    struct mpchar_rt_request *req = req_new(REQ_RECV, comm);
    int rc = recv_prepare(req, buf, count, type,
                          no_proc ? MPI_PROC_NULL : MPI_ANY_SOURCE, MPI_ANY_TAG,
                          comm, 0);
    if (rc != MPI_SUCCESS) {
        mpchar__req_dispose(req);
        return rc;
    }
    if (!no_proc)
        mpchar__recv_start_message(req, *message);
    *message = MPI_MESSAGE_NULL;
    *req_p = req;
    return MPI_SUCCESS;
}

int PMPI_Imrecv(void *buf, int count, MPI_Datatype datatype,
                MPI_Message *message, MPI_Request *request)
{
    int rc = request ? mrecv_start(buf, count, datatype, message, request)
                     : MPI_ERR_ARG;
    return rc == MPI_SUCCESS ? rc
                             : mpchar__err(MPI_COMM_WORLD, rc, "MPI_Imrecv");
}
MPCHAR_RT_WEAK(Imrecv)

int PMPI_Mrecv(void *buf, int count, MPI_Datatype datatype,
               MPI_Message *message, MPI_Status *status)
{
    MPI_Request req;
    int rc = mrecv_start(buf, count, datatype, message, &req);
    if (rc != MPI_SUCCESS)
        return mpchar__err(MPI_COMM_WORLD, rc, "MPI_Mrecv");
    return mpchar__wait(&req, status);
}
MPCHAR_RT_WEAK(Mrecv)

int PMPI_Get_count(const MPI_Status *status, MPI_Datatype datatype, int *count)
{
    if (datatype == MPI_DATATYPE_NULL)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_TYPE, "MPI_Get_count");
    long long bytes = status->mpchar_bytes;
    if (datatype->size == 0)
        *count = 0;
    else if (bytes % (long long)datatype->size != 0)
        *count = MPI_UNDEFINED;
    else
        *count = (int)(bytes / (long long)datatype->size);
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Get_count)
