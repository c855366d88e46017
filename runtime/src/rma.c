/*
 * One-sided data movement: MPI_Put, MPI_Get, MPI_Accumulate,
 * MPI_Get_accumulate, MPI_Fetch_and_op, MPI_Compare_and_swap, and the
 * target's side of their packets.
 *
 * The origin computes the target address from the window table and walks
 * the target datatype as segments of consecutive basic elements; its own
 * data travels as the packed stream of the origin datatype (the user's
 * buffer itself when contiguous), which lines up with the target's
 * segments because the type signatures agree.  With cross-memory attach a
 * put or get is a process_vm_writev/readv per segment straight into or
 * out of the target's window: complete at the origin and visible at the
 * target when the call returns, without the target.  Accumulates are
 * packets that the target applies in its progress engine, one at a time,
 * which makes them atomic per element against each other and ordered from
 * one origin (the ring is FIFO); fetching ones answer with the old data.
 * Without cross-memory attach puts and gets are packets too.  Every packet
 * belongs to an operation record at the origin that counts its unanswered
 * packets; flushes, unlocks, fences and MPI_Win_complete wait for the
 * window's records to finish (rma_sync.c).
 */
#include "rma.h"

#include <stdlib.h>
#include <string.h>

struct mpchar_rt_op mpchar_rt_op_REPLACE = {
    .predefined = 1, .commute = 1, .id = RMA_OP_REPLACE, .fn = NULL};
struct mpchar_rt_op mpchar_rt_op_NO_OP = {
    .predefined = 1, .commute = 1, .id = RMA_OP_NO_OP, .fn = NULL};

/* Basic types by kind (enum rt_kind: the C types, then the Fortran ones)
 * and predefined operations by id: packets carry these numbers, since the
 * library's addresses differ between processes. */
#define KIND_TYPE(name) &mpchar_rt_type_##name,
static struct mpchar_rt_type *const kind_type[] = {
    MPCHAR_RT_TYPES(KIND_TYPE) MPCHAR_RT_FORTRAN_TYPES(KIND_TYPE)};
_Static_assert(sizeof kind_type / sizeof kind_type[0] == RT_K_DERIVED,
               "kind_type lists every basic kind");
#undef KIND_TYPE
#define OP_ENTRY(name) &mpchar_rt_op_##name,
static struct mpchar_rt_op *const op_by_id[] = {MPCHAR_RT_OPS(OP_ENTRY)};
#undef OP_ENTRY
#define N_OPS (int)(sizeof op_by_id / sizeof op_by_id[0])

/* An operation in flight at the origin. */
struct rma_op {
    MPI_Win win;
    int target;       /* window rank */
    long pending;     /* packets unanswered, +1 while issuing */
    void *stream_tmp; /* packed origin data we own */
    char *result;     /* packed stream the answers fill */
    void *result_tmp; /* == result when it must be unpacked into: */
    void *res_buf;
    int res_count;
    MPI_Datatype res_type;
};

/* One target segment: n basic elements from addr at the basic type's
 * extent, whose packed bytes start at off in the stream. */
struct seg {
    uint64_t addr;
    const struct mpchar_rt_type *basic;
    size_t n, off;
};

/* What an operation does with each segment, and what it needs. */
struct xfer {
    MPI_Win win;
    int target;   /* window rank */
    int kind;     /* RMA_PUT, RMA_GET, RMA_ACC, RMA_GACC, RMA_CAS */
    int world;    /* the target's world rank */
    int self;     /* the target is this process */
    int cma;      /* put/get by cross-memory attach */
    int op_id;    /* accumulates */
    char *stream; /* origin data, packed */
    struct rma_op *op;
};

/* Payload bytes per accumulate packet: the eager limit, which fits the
 * ring, but at least 1 KiB (MPCHAR_RT_EAGER_MAX may be set to 0) and so
 * any element. */
static size_t max_payload(void)
{
    return mpchar__cfg.eager_max > 1024 ? mpchar__cfg.eager_max : 1024;
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        mpchar__fatal("out of memory in one-sided communication");
    return p;
}

/* Calls fn for each segment of count elements of t at addr, merging
 * adjacent runs of one basic type. */
static void for_segments(uint64_t addr, int count, MPI_Datatype t,
                         void (*fn)(struct xfer *, const struct seg *),
                         struct xfer *x)
{
    if (t->contig && t->homog) {
        struct seg s = {addr, t->homog,
                        (size_t)count * t->size / t->homog->size, 0};
        if (s.n)
            fn(x, &s);
        return;
    }
    struct seg cur = {0, NULL, 0, 0};
    size_t off = 0;
    for (int i = 0; i < count; i++) {
        for (size_t r = 0; r < t->nruns; r++) {
            const struct rt_run *run = &t->runs[r];
            uint64_t a = addr + (uint64_t)((MPI_Aint)i * t->extent + run->disp);
            if (cur.n && cur.basic == run->basic &&
                cur.addr + cur.n * (uint64_t)run->basic->extent == a) {
                cur.n += run->n;
            } else {
                if (cur.n)
                    fn(x, &cur);
                cur = (struct seg){a, run->basic, run->n, off};
            }
            off += run->n * run->basic->size;
        }
    }
    if (cur.n)
        fn(x, &cur);
}

static void post_data(struct xfer *x, int kind, uint64_t addr, size_t elems,
                      size_t off, int basic_kind, const void *payload,
                      size_t plen, int copy)
{
    struct rt_pkt h;
    memset(&h, 0, sizeof h);
    h.type = PKT_RMA;
    h.flags = (uint8_t)kind;
    h.tag = x->op_id;
    h.ctx = (uint32_t)basic_kind;
    h.len = plen;
    h.a = addr;
    h.b = (uint64_t)(uintptr_t)x->op;
    h.c = elems;
    h.d = off;
    x->op->pending++;
    mpchar__post(x->world, &h, payload, plen, copy);
}

/* Put or get of len bytes at target address addr, stream offset off. */
static void move_bytes(struct xfer *x, uint64_t addr, size_t len, size_t off)
{
    char *local = x->kind == RMA_PUT ? x->stream + off : x->op->result + off;
    if (x->self) {
        void *remote = (void *)(uintptr_t)addr;
        if (x->kind == RMA_PUT)
            memmove(remote, local, len);
        else
            memmove(local, remote, len);
        return;
    }
    if (x->cma) {
        mpchar__cma(x->world, x->kind == RMA_PUT, local, addr, len, 0);
        return;
    }
    /* copy-through's own fragment size (MPCHAR_RT_FRAG): 16 KiB packets
     * made a 1 MiB put 30 % slower than a send */
    size_t max = mpchar__cfg.frag_bytes;
    for (size_t k = 0; k < len; k += max) {
        size_t n = len - k < max ? len - k : max;
        if (x->kind == RMA_PUT)
            post_data(x, RMA_PUT, addr + k, n, off + k, RT_K_BYTE, local + k, n,
                      0);
        else
            post_data(x, RMA_GET, addr + k, n, off + k, RT_K_BYTE, NULL, 0, 0);
    }
}

static void seg_bytes(struct xfer *x, const struct seg *s)
{
    const struct mpchar_rt_type *b = s->basic;
    if (b->contig) {
        move_bytes(x, s->addr, s->n * b->size, s->off);
        return;
    }
    /* a padded pair type: its value and its int apart */
    for (size_t k = 0; k < s->n; k++) {
        uint64_t a = s->addr + k * (uint64_t)b->extent;
        size_t o = s->off + k * b->size;
        move_bytes(x, a, b->value_bytes, o);
        move_bytes(x, a + b->int_off, sizeof(int), o + b->value_bytes);
    }
}

/* Accumulate packets: elements in the basic type's memory layout. */
static void seg_acc(struct xfer *x, const struct seg *s)
{
    const struct mpchar_rt_type *b = s->basic;
    size_t per = max_payload() / (size_t)b->extent;
    int no_data = x->op_id == RMA_OP_NO_OP;
    void *scratch = b->contig || no_data ? NULL : xmalloc(per * b->extent);
    for (size_t k = 0; k < s->n; k += per) {
        size_t n = s->n - k < per ? s->n - k : per;
        size_t off = s->off + k * b->size;
        const void *payload = no_data ? NULL : x->stream + off;
        if (scratch) {
            mpchar__type_unpack(x->stream + off, n * b->size, (int)n,
                                (MPI_Datatype)b, scratch);
            payload = scratch;
        }
        post_data(x, x->kind, s->addr + k * (uint64_t)b->extent, n, off,
                  b->kind, payload, no_data ? 0 : n * (size_t)b->extent,
                  scratch != NULL);
    }
    free(scratch);
}

/* ---------------- operation records ---------------- */

static struct rma_op *op_new(MPI_Win win, int target)
{
    struct rma_op *op = xmalloc(sizeof *op);
    memset(op, 0, sizeof *op);
    op->win = win;
    op->target = target;
    op->pending = 1;
    win->pending[target]++;
    win->pending_all++;
    return op;
}

/* Where answers go: res_buf itself when contiguous, else a stream that is
 * unpacked into it at the end. */
static void op_result(struct rma_op *op, void *buf, int count,
                      MPI_Datatype type)
{
    if (type->contig) {
        op->result = buf;
        return;
    }
    op->result = op->result_tmp = xmalloc((size_t)count * type->size);
    op->res_buf = buf;
    op->res_count = count;
    op->res_type = type;
    mpchar__type_retain(type);
}

/* One packet of op answered (or its issuing done): the last one finishes
 * it. */
static void op_answered(struct rma_op *op)
{
    if (--op->pending > 0)
        return;
    if (op->result_tmp) {
        mpchar__type_unpack(op->result_tmp,
                            (size_t)op->res_count * op->res_type->size,
                            op->res_count, op->res_type, op->res_buf);
        mpchar__type_release(op->res_type);
        free(op->result_tmp);
    }
    free(op->stream_tmp);
    op->win->pending[op->target]--;
    op->win->pending_all--;
    free(op);
}

/* ---------------- origin side ---------------- */

/* The packed origin data: the buffer itself when contiguous. */
static char *origin_stream(struct rma_op *op, const void *buf, int count,
                           MPI_Datatype type)
{
    if (type->contig)
        return (char *)(uintptr_t)buf;
    op->stream_tmp = xmalloc((size_t)count * type->size);
    mpchar__type_pack(buf, count, type, op->stream_tmp);
    return op->stream_tmp;
}

/* Checks a target access of count elements of type at disp: the datatype,
 * and that it lies inside the target's window. */
static int check_target(MPI_Win win, int target, MPI_Aint disp, int count,
                        MPI_Datatype type, uint64_t *addr)
{
    if (count < 0)
        return MPI_ERR_COUNT;
    int rc = mpchar__type_check(type);
    if (rc != MPI_SUCCESS)
        return rc;
    const struct rma_peer *pe = &win->peers[target];
    MPI_Aint at = disp * (MPI_Aint)pe->disp_unit;
    if (count > 0 && type->size > 0) {
        MPI_Aint lo = at + type->true_lb;
        MPI_Aint hi = at + (MPI_Aint)(count - 1) * type->extent + type->true_ub;
        if (disp < 0 || lo < 0 || hi > (MPI_Aint)pe->size)
            return MPI_ERR_RMA_RANGE;
    }
    *addr = pe->base + (uint64_t)at;
    return MPI_SUCCESS;
}

/* Checks an origin-side buffer description against the target's.  A NULL
 * buffer is MPI_BOTTOM, valid only for types of absolute addresses, which
 * are not contiguous from 0. */
static int check_origin(const void *buf, int count, MPI_Datatype type,
                        int tcount, MPI_Datatype ttype)
{
    if (count < 0)
        return MPI_ERR_COUNT;
    int rc = mpchar__type_check(type);
    if (rc != MPI_SUCCESS)
        return rc;
    if (!buf && count > 0 && type->contig && type->size > 0)
        return MPI_ERR_BUFFER;
    if ((size_t)count * type->size != (size_t)tcount * ttype->size)
        return MPI_ERR_TYPE; /* the type signatures differ */
    return MPI_SUCCESS;
}

/* Runs operation x on count elements of ttype at target address addr:
 * origin data from obuf (otype NULL: none), fetched data into rbuf (rtype
 * NULL: none). */
static void issue(struct xfer *x, const void *obuf, int ocount,
                  MPI_Datatype otype, void *rbuf, int rcount,
                  MPI_Datatype rtype, uint64_t addr, int tcount,
                  MPI_Datatype ttype)
{
    x->op = op_new(x->win, x->target);
    if (otype)
        x->stream = origin_stream(x->op, obuf, ocount, otype);
    if (rtype)
        op_result(x->op, rbuf, rcount, rtype);
    int bytes = x->kind == RMA_PUT || x->kind == RMA_GET;
    for_segments(addr, tcount, ttype, bytes ? seg_bytes : seg_acc, x);
    op_answered(x->op);
}

static struct xfer xfer_to(MPI_Win win, int target, int kind)
{
    struct xfer x = {win,
                     target,
                     kind,
                     win->comm->world[target],
                     target == win->comm->rank,
                     mpchar__engine_cma(),
                     0,
                     NULL,
                     NULL};
    return x;
}

static int put_get(void *obuf, int ocount, MPI_Datatype otype, int target,
                   MPI_Aint tdisp, int tcount, MPI_Datatype ttype, MPI_Win win,
                   int kind, const char *func)
{
    int skip;
    uint64_t addr = 0;
    int rc = mpchar__win_target(win, target, &skip);
    if (rc == MPI_SUCCESS && !skip)
        rc = check_target(win, target, tdisp, tcount, ttype, &addr);
    if (rc == MPI_SUCCESS && !skip)
        rc = check_origin(obuf, ocount, otype, tcount, ttype);
    if (rc != MPI_SUCCESS)
        return mpchar__win_err(win, rc, func);
    if (skip || (size_t)tcount * ttype->size == 0)
        return MPI_SUCCESS;
    struct xfer x = xfer_to(win, target, kind);
    if (kind == RMA_PUT)
        issue(&x, obuf, ocount, otype, NULL, 0, NULL, addr, tcount, ttype);
    else
        issue(&x, NULL, 0, NULL, obuf, ocount, otype, addr, tcount, ttype);
    return MPI_SUCCESS;
}

int PMPI_Put(const void *origin_addr, int origin_count,
             MPI_Datatype origin_datatype, int target_rank,
             MPI_Aint target_disp, int target_count,
             MPI_Datatype target_datatype, MPI_Win win)
{
    return put_get((void *)(uintptr_t)origin_addr, origin_count,
                   origin_datatype, target_rank, target_disp, target_count,
                   target_datatype, win, RMA_PUT, "MPI_Put");
}
MPCHAR_RT_WEAK(Put)

int PMPI_Get(void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
             int target_rank, MPI_Aint target_disp, int target_count,
             MPI_Datatype target_datatype, MPI_Win win)
{
    return put_get(origin_addr, origin_count, origin_datatype, target_rank,
                   target_disp, target_count, target_datatype, win, RMA_GET,
                   "MPI_Get");
}
MPCHAR_RT_WEAK(Get)

/* The operation's id for an accumulate on type, or an error: MPI allows
 * the predefined operations, REPLACE and NO_OP, on one basic type. */
static int acc_op(MPI_Op op, MPI_Datatype type, int *id)
{
    if (op == MPI_OP_NULL || !op->predefined)
        return MPI_ERR_OP;
    if (op->id != RMA_OP_REPLACE && op->id != RMA_OP_NO_OP) {
        int rc = mpchar__op_check(op, type);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    *id = op->id;
    return MPI_SUCCESS;
}

/* Checks an origin buffer of an accumulate: the signature agrees with the
 * target's and both are built of the same single basic type. */
static int check_acc_origin(const void *buf, int count, MPI_Datatype type,
                            int tcount, MPI_Datatype ttype)
{
    int rc = check_origin(buf, count, type, tcount, ttype);
    if (rc == MPI_SUCCESS && count > 0 &&
        (!type->homog || type->homog != ttype->homog))
        rc = MPI_ERR_TYPE;
    return rc;
}

static int accumulate(const void *obuf, int ocount, MPI_Datatype otype,
                      void *rbuf, int rcount, MPI_Datatype rtype, int target,
                      MPI_Aint tdisp, int tcount, MPI_Datatype ttype, MPI_Op op,
                      MPI_Win win, int fetch, const char *func)
{
    int skip, id = 0;
    uint64_t addr = 0;
    int rc = mpchar__win_target(win, target, &skip);
    if (rc == MPI_SUCCESS && !skip)
        rc = check_target(win, target, tdisp, tcount, ttype, &addr);
    if (rc == MPI_SUCCESS && !skip && tcount > 0 && !ttype->homog)
        rc = MPI_ERR_TYPE;
    if (rc == MPI_SUCCESS && !skip)
        rc = acc_op(op, ttype, &id);
    if (rc == MPI_SUCCESS && !skip && id != RMA_OP_NO_OP)
        rc = check_acc_origin(obuf, ocount, otype, tcount, ttype);
    if (rc == MPI_SUCCESS && !skip && fetch)
        rc = check_acc_origin(rbuf, rcount, rtype, tcount, ttype);
    if (rc == MPI_SUCCESS && !skip && id == RMA_OP_NO_OP && !fetch)
        rc = MPI_ERR_OP; /* MPI_Accumulate with MPI_NO_OP does nothing */
    if (rc != MPI_SUCCESS)
        return mpchar__win_err(win, rc, func);
    if (skip || (size_t)tcount * ttype->size == 0)
        return MPI_SUCCESS;
    struct xfer x = xfer_to(win, target, fetch ? RMA_GACC : RMA_ACC);
    x.op_id = id;
    issue(&x, obuf, ocount, id == RMA_OP_NO_OP ? NULL : otype, rbuf, rcount,
          fetch ? rtype : NULL, addr, tcount, ttype);
    return MPI_SUCCESS;
}

int PMPI_Accumulate(const void *origin_addr, int origin_count,
                    MPI_Datatype origin_datatype, int target_rank,
                    MPI_Aint target_disp, int target_count,
                    MPI_Datatype target_datatype, MPI_Op op, MPI_Win win)
{
    return accumulate(origin_addr, origin_count, origin_datatype, NULL, 0, NULL,
                      target_rank, target_disp, target_count, target_datatype,
                      op, win, 0, "MPI_Accumulate");
}
MPCHAR_RT_WEAK(Accumulate)

int PMPI_Get_accumulate(const void *origin_addr, int origin_count,
                        MPI_Datatype origin_datatype, void *result_addr,
                        int result_count, MPI_Datatype result_datatype,
                        int target_rank, MPI_Aint target_disp, int target_count,
                        MPI_Datatype target_datatype, MPI_Op op, MPI_Win win)
{
    return accumulate(origin_addr, origin_count, origin_datatype, result_addr,
                      result_count, result_datatype, target_rank, target_disp,
                      target_count, target_datatype, op, win, 1,
                      "MPI_Get_accumulate");
}
MPCHAR_RT_WEAK(Get_accumulate)

int PMPI_Fetch_and_op(const void *origin_addr, void *result_addr,
                      MPI_Datatype datatype, int target_rank,
                      MPI_Aint target_disp, MPI_Op op, MPI_Win win)
{
    return accumulate(origin_addr, 1, datatype, result_addr, 1, datatype,
                      target_rank, target_disp, 1, datatype, op, win, 1,
                      "MPI_Fetch_and_op");
}
MPCHAR_RT_WEAK(Fetch_and_op)

int PMPI_Compare_and_swap(const void *origin_addr, const void *compare_addr,
                          void *result_addr, MPI_Datatype datatype,
                          int target_rank, MPI_Aint target_disp, MPI_Win win)
{
    int skip;
    uint64_t addr = 0;
    int rc = mpchar__win_target(win, target_rank, &skip);
    if (rc == MPI_SUCCESS && !skip)
        rc = check_target(win, target_rank, target_disp, 1, datatype, &addr);
    /* one predefined element compared bit for bit: no padding */
    if (rc == MPI_SUCCESS && !skip &&
        (!datatype->predefined || !datatype->contig))
        rc = MPI_ERR_TYPE;
    if (rc == MPI_SUCCESS && !skip &&
        (!origin_addr || !compare_addr || !result_addr))
        rc = MPI_ERR_BUFFER;
    if (rc != MPI_SUCCESS)
        return mpchar__win_err(win, rc, "MPI_Compare_and_swap");
    if (skip)
        return MPI_SUCCESS;
    struct xfer x = xfer_to(win, target_rank, RMA_CAS);
    x.op = op_new(win, target_rank);
    x.op->result = result_addr;
    char both[2 * 32];
    memcpy(both, origin_addr, datatype->size);
    memcpy(both + datatype->size, compare_addr, datatype->size);
    post_data(&x, RMA_CAS, addr, 1, 0, datatype->kind, both, 2 * datatype->size,
              1);
    op_answered(x.op);
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Compare_and_swap)

/* ---------------- target side ---------------- */

/* Answers data packet p of world rank world with kind, and payload. */
static void answer(int world, const struct rt_pkt *p, int kind,
                   const void *payload, size_t plen)
{
    struct rt_pkt h;
    memset(&h, 0, sizeof h);
    h.type = PKT_RMA;
    h.flags = (uint8_t)kind;
    h.ctx = p->ctx;
    h.len = plen;
    h.b = p->b;
    h.c = p->c;
    h.d = p->d;
    /* the answer may wait in a backlog while the window changes */
    mpchar__post(world, &h, payload, plen, 1);
}

static void apply(int id, MPI_Datatype basic, const void *in, void *inout,
                  size_t n)
{
    if (id == RMA_OP_REPLACE)
        memcpy(inout, in, n * (size_t)basic->extent);
    else if (id >= 0 && id < N_OPS)
        mpchar__op_apply(op_by_id[id], in, inout, (int)n, basic);
}

/* The origin's side of an answer: fetched data into the op's stream. */
static void on_data(struct rt_pkt *p, const void *payload)
{
    struct rma_op *op = (struct rma_op *)(uintptr_t)p->b;
    MPI_Datatype basic = kind_type[p->ctx];
    if (basic->contig)
        memcpy(op->result + p->d, payload, p->len);
    else
        mpchar__type_pack(payload, (int)p->c, basic, op->result + p->d);
    op_answered(op);
}

void mpchar__rma_handle(int world, struct rt_pkt *p)
{
    const char *payload = (const char *)(p + 1);
    void *at = (void *)(uintptr_t)p->a;
    MPI_Datatype basic = p->ctx < RT_K_DERIVED ? kind_type[p->ctx] : NULL;
    switch (p->flags) {
    case RMA_PUT:
        memcpy(at, payload, p->len);
        answer(world, p, RMA_ACK, NULL, 0);
        break;
    case RMA_GET: answer(world, p, RMA_DATA, at, p->c); break;
    case RMA_ACC:
        apply(p->tag, basic, payload, at, p->c);
        answer(world, p, RMA_ACK, NULL, 0);
        break;
    case RMA_GACC:
        /* the old values leave (copied) before the update */
        answer(world, p, RMA_DATA, at, p->c * (size_t)basic->extent);
        apply(p->tag, basic, payload, at, p->c);
        break;
    case RMA_CAS:
        answer(world, p, RMA_DATA, at, basic->size);
        if (memcmp(at, payload + basic->size, basic->size) == 0)
            memcpy(at, payload, basic->size);
        break;
    case RMA_ACK: op_answered((struct rma_op *)(uintptr_t)p->b); break;
    case RMA_DATA: on_data(p, payload); break;
    default: mpchar__rma_sync_handle(world, p);
    }
}
