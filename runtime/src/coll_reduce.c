/*
 * Reductions: Reduce, Allreduce, Reduce_scatter(_block), Scan, Exscan, as
 * schedules (coll_sched.h) shared by the blocking calls and their
 * nonblocking twins (MPI_Ireduce, MPI_Iallreduce, ...).
 *
 * Reduce: binomial tree (log p steps) below MPCHAR_RT_REDUCE_LONG bytes or
 * for non-commutative operations; above, Rabenseifner's reduce-scatter by
 * recursive halving + binomial gather (2n(p-1)/p bytes).  Allreduce:
 * recursive doubling (log p steps) below MPCHAR_RT_ALLREDUCE_LONG, above
 * Rabenseifner's reduce-scatter + recursive-doubling allgather.  A
 * non-power-of-two p folds the first 2(p - p') ranks in pairs first and
 * unfolds at the end (MPICH's scheme).  Reduce_scatter: pairwise exchange
 * (p - 1 steps, n(p-1)/p bytes) for commutative operations, else an
 * order-preserving Reduce + Scatterv.  Scan/Exscan: recursive doubling.
 * Operands are combined in rank order wherever the operation is not
 * commutative: op_apply(in, inout) computes inout = in op inout, "in" being
 * the lower ranks' part.
 */
#include "coll.h"

#include <stdlib.h>
#include <string.h>

static void *const IN_PLACE = MPI_IN_PLACE;

/* acc = other op acc when other holds lower ranks, else acc = acc op other;
 * other is clobbered. */
static void combine(struct sched *s, MPI_Op op, void *other, void *acc,
                    int count, MPI_Datatype type, int other_is_lower)
{
    if (other_is_lower || op->commute) {
        mpchar__sched_reduce(s, op, other, acc, count, type);
        return;
    }
    mpchar__sched_reduce(s, op, acc, other, count, type);
    mpchar__sched_copy(s, other, count, type, acc, count, type);
}

/* A reduction's accumulator.  Until a partner's operand arrives this
 * rank's value is its own operand, mine, read where the user put it;
 * then it is buf (the user's result buffer where the algorithm may use
 * it, else a temporary).  The first operand received lands straight in
 * buf when mine op other is the order wanted, and buf = mine op buf
 * needs no copy of mine: at p = 2 a reduction is one message and one
 * operation between the user's buffers. */
struct acc {
    const char *mine;
    char *buf, *tmp; /* NULL: a temporary, allocated on first need */
    int ready;       /* buf holds this rank's value */
    int count;
    MPI_Datatype type;
    MPI_Op op;
};

static void acc_init(struct acc *a, const void *mine, void *buf, int count,
                     MPI_Datatype type, MPI_Op op)
{
    a->mine = mine;
    a->buf = buf;
    a->tmp = NULL;
    a->ready = buf != NULL && buf == mine;
    a->count = count;
    a->type = type;
    a->op = op;
}

static char *acc_buf(struct sched *s, struct acc *a)
{
    if (!a->buf)
        a->buf = mpchar__sched_tbuf(s, a->count, a->type);
    return a->buf;
}

/* This rank's value, what it sends. */
static const char *acc_value(const struct acc *a)
{
    return a->ready ? a->buf : a->mine;
}

/* buf holds the value from here on (a copy of mine if needed). */
static char *acc_hold(struct sched *s, struct acc *a)
{
    if (!a->ready)
        mpchar__sched_copy(s, a->mine, a->count, a->type, acc_buf(s, a),
                           a->count, a->type);
    a->ready = 1;
    return a->buf;
}

/* A temporary of the accumulator's size, for operands received. */
static char *acc_tmp(struct sched *s, struct acc *a)
{
    if (!a->tmp)
        a->tmp = mpchar__sched_tbuf(s, a->count, a->type);
    return a->tmp;
}

/* Where a partner's operand is received: buf while it holds nothing and
 * mine op other is the right order, else a temporary. */
static char *acc_landing(struct sched *s, struct acc *a, int other_is_lower)
{
    if (!a->ready && (a->op->commute || !other_is_lower))
        return acc_buf(s, a);
    return acc_tmp(s, a);
}

/* Combines the operand received at got (acc_landing's) into the value. */
static void acc_absorb(struct sched *s, struct acc *a, char *got,
                       int other_is_lower)
{
    if (!a->ready && got == a->buf) {
        mpchar__sched_reduce(s, a->op, a->mine, a->buf, a->count, a->type);
        a->ready = 1;
        return;
    }
    combine(s, a->op, got, acc_hold(s, a), a->count, a->type, other_is_lower);
}

/* Moves the value of rank holder to root's rbuf. */
static int result_to_root(struct sched *s, struct acc *a, void *rbuf,
                          int holder, int root)
{
    int r = s->comm->rank;
    if (holder != root && r == holder)
        return mpchar__sched_send(s, acc_value(a), a->count, a->type, root);
    if (holder != root && r == root)
        return mpchar__sched_recv(s, rbuf, a->count, a->type, holder);
    if (r == root && acc_value(a) != rbuf)
        mpchar__sched_copy(s, acc_value(a), a->count, a->type, rbuf, a->count,
                           a->type);
    return MPI_SUCCESS;
}

/* Binomial reduce to root over rank order rotated by root when
 * commutative; a leaf sends its operand from the user's buffer, and the
 * root accumulates in rbuf when the result ends there. */
static int reduce_binomial(struct sched *s, const void *sbuf, void *rbuf,
                           int count, MPI_Datatype type, MPI_Op op, int root)
{
    int p = s->comm->size, r = s->comm->rank, rc = MPI_SUCCESS;
    int base = op->commute ? root : 0;
    int vr = (r - base + p) % p;
    struct acc a;
    acc_init(&a, sbuf == IN_PLACE ? rbuf : sbuf,
             r == root && base == root ? rbuf : NULL, count, type, op);
    for (int mask = 1; rc == MPI_SUCCESS && mask < p; mask <<= 1) {
        if (vr & mask) {
            rc = mpchar__sched_send(s, acc_value(&a), count, type,
                                    (vr - mask + base) % p);
            break;
        }
        if (vr + mask < p) {
            char *got = acc_landing(s, &a, 0);
            rc = mpchar__sched_recv_operand(s, got, count, type,
                                            (vr + mask + base) % p);
            acc_absorb(s, &a, got, 0);
        }
    }
    /* the result sits at relative rank 0 = rank base */
    if (rc == MPI_SUCCESS)
        rc = result_to_root(s, &a, rbuf, base, root);
    return rc;
}

/* ---- folding to a power of two ---- */

struct fold {
    int pof2, rem, newr; /* newr = -1: folded out */
};

static int real_rank(const struct fold *f, int newr)
{
    return newr < f->rem ? 2 * newr + 1 : newr + f->rem;
}

/* Ranks 2i < 2rem send their value to 2i+1, which combines (lower first). */
static int fold_in(struct sched *s, struct fold *f, struct acc *a)
{
    int p = s->comm->size, r = s->comm->rank, rc = MPI_SUCCESS;
    f->pof2 = mpchar__pof2(p);
    f->rem = p - f->pof2;
    if (r < 2 * f->rem) {
        if (r % 2 == 0) {
            rc = mpchar__sched_send(s, acc_value(a), a->count, a->type, r + 1);
            f->newr = -1;
        } else {
            char *got = acc_landing(s, a, 1);
            rc = mpchar__sched_recv_operand(s, got, a->count, a->type, r - 1);
            acc_absorb(s, a, got, 1);
            f->newr = r / 2;
        }
    } else {
        f->newr = r - f->rem;
    }
    return rc;
}

/* The folded-out ranks receive the result in buf. */
static int fold_out(struct sched *s, const struct fold *f, struct acc *a)
{
    int r = s->comm->rank;
    if (r >= 2 * f->rem)
        return MPI_SUCCESS;
    if (r % 2 == 1)
        return mpchar__sched_send(s, acc_value(a), a->count, a->type, r - 1);
    a->ready = 1;
    return mpchar__sched_recv(s, acc_buf(s, a), a->count, a->type, r + 1);
}

/* Recursive doubling: each step one exchange of values, one operation. */
static int allreduce_recdbl(struct sched *s, struct acc *a)
{
    struct fold f;
    int rc = fold_in(s, &f, a);
    for (int mask = 1; rc == MPI_SUCCESS && f.newr >= 0 && mask < f.pof2;
         mask <<= 1) {
        int pn = f.newr ^ mask, peer = real_rank(&f, pn), lower = pn < f.newr;
        char *got = acc_landing(s, a, lower);
        rc = mpchar__sched_sendrecv(s, acc_value(a), a->count, a->type, peer,
                                    got, a->count, a->type, peer);
        acc_absorb(s, a, got, lower);
    }
    if (rc == MPI_SUCCESS)
        rc = fold_out(s, &f, a);
    return rc;
}

/* Chunk i of count elements cut in n: [disp[i], disp[i] + cnt[i]); one
 * temporary of the schedule holds both arrays. */
static int *chunks(struct sched *s, int count, int n, int **disp_p)
{
    int *cnt = mpchar__sched_alloc(s, 2 * (size_t)n * sizeof(int));
    int *disp = cnt + n;
    for (int i = 0, d = 0; i < n; i++) {
        cnt[i] = count / n + (i < count % n);
        disp[i] = d;
        d += cnt[i];
    }
    *disp_p = disp;
    return cnt;
}

static int range_count(const int *cnt, int lo, int hi)
{
    int n = 0;
    for (int i = lo; i < hi; i++)
        n += cnt[i];
    return n;
}

/* Recursive halving among the pof2 ranks; newr ends owning chunk newr. */
static int reduce_scatter_halving(struct sched *s, const struct fold *f,
                                  char *acc, char *tmp, MPI_Datatype type,
                                  MPI_Op op, const int *cnt, const int *disp)
{
    int lo = 0, hi = f->pof2, rc = MPI_SUCCESS;
    MPI_Aint ext = type->extent;
    for (int mask = f->pof2 / 2; rc == MPI_SUCCESS && mask > 0; mask >>= 1) {
        int pn = f->newr ^ mask, peer = real_rank(f, pn), mid = lo + mask;
        int keep_lo = f->newr < pn;
        int klo = keep_lo ? lo : mid, khi = keep_lo ? mid : hi;
        int slo = keep_lo ? mid : lo, shi = keep_lo ? hi : mid;
        int kn = range_count(cnt, klo, khi), sn = range_count(cnt, slo, shi);
        rc = mpchar__sched_sendrecv(s, acc + disp[slo] * ext, sn, type, peer,
                                    tmp + disp[klo] * ext, kn, type, peer);
        mpchar__sched_reduce(s, op, tmp + disp[klo] * ext,
                             acc + disp[klo] * ext, kn, type);
        lo = klo;
        hi = khi;
    }
    return rc;
}

static int allreduce_rabenseifner(struct sched *s, struct acc *a)
{
    struct fold f;
    int rc = fold_in(s, &f, a), count = a->count;
    MPI_Datatype type = a->type;
    int *disp, *cnt = chunks(s, count, f.pof2, &disp);
    MPI_Aint ext = type->extent;
    if (rc == MPI_SUCCESS && f.newr >= 0) {
        char *acc = acc_hold(s, a);
        rc = reduce_scatter_halving(s, &f, acc, acc_tmp(s, a), type, a->op, cnt,
                                    disp);
        /* recursive-doubling allgather of the chunks */
        for (int mask = 1; rc == MPI_SUCCESS && mask < f.pof2; mask <<= 1) {
            int pn = f.newr ^ mask, peer = real_rank(&f, pn);
            int mylo = f.newr & ~(mask - 1), plo = pn & ~(mask - 1);
            rc = mpchar__sched_sendrecv(
                s, acc + disp[mylo] * ext, range_count(cnt, mylo, mylo + mask),
                type, peer, acc + disp[plo] * ext,
                range_count(cnt, plo, plo + mask), type, peer);
        }
    }
    if (rc == MPI_SUCCESS)
        rc = fold_out(s, &f, a);
    return rc;
}

static int reduce_rabenseifner(struct sched *s, const void *sbuf, void *rbuf,
                               int count, MPI_Datatype type, MPI_Op op,
                               int root)
{
    struct acc a;
    acc_init(&a, sbuf == IN_PLACE ? rbuf : sbuf, NULL, count, type, op);
    struct fold f;
    int rc = fold_in(s, &f, &a);
    int *disp, *cnt = chunks(s, count, f.pof2, &disp);
    MPI_Aint ext = type->extent;
    if (rc == MPI_SUCCESS && f.newr >= 0) {
        char *acc = acc_hold(s, &a);
        rc = reduce_scatter_halving(s, &f, acc, acc_tmp(s, &a), type, op, cnt,
                                    disp);
        /* binomial gather of the chunks to new rank 0 */
        for (int mask = 1; rc == MPI_SUCCESS && mask < f.pof2; mask <<= 1) {
            if (f.newr & mask) {
                rc = mpchar__sched_send(s, acc + disp[f.newr] * ext,
                                        range_count(cnt, f.newr, f.newr + mask),
                                        type, real_rank(&f, f.newr - mask));
                break;
            }
            int pn = f.newr + mask;
            rc = mpchar__sched_recv(s, acc + disp[pn] * ext,
                                    range_count(cnt, pn, pn + mask), type,
                                    real_rank(&f, pn));
        }
    }
    if (rc == MPI_SUCCESS)
        rc = result_to_root(s, &a, rbuf, real_rank(&f, 0), root);
    return rc;
}

static inline int check_reduce(MPI_Comm comm, int count, MPI_Datatype type,
                               MPI_Op op)
{
    int rc = mpchar__check_args(comm, count, type);
    return rc != MPI_SUCCESS ? rc : mpchar__op_check(op, type);
}

/* Whether a reduction of no element may return at once: check_reduce
 * passes, with the operation known to fit the type (mpchar__op_known);
 * otherwise the full call checks. */
static inline int empty_reduce(MPI_Comm comm, MPI_Datatype type, MPI_Op op)
{
    return mpchar__check_args(comm, 0, type) == MPI_SUCCESS &&
           mpchar__op_known(op, type);
}

static int reduce_sched(struct sched *s, const void *sbuf, void *rbuf,
                        int count, MPI_Datatype type, MPI_Op op, int root)
{
    size_t bytes = (size_t)count * type->size;
    int p = s->comm->size;
    if (mpchar__pair_split(s, count, type, op))
        return mpchar__reduce_pair(s, sbuf, rbuf, count, type, op, root);
    if (op->commute && bytes >= mpchar__cfg.reduce_long &&
        count >= mpchar__pof2(p) && (size_t)p >= mpchar__cfg.reduce_min_procs &&
        p > 1)
        return reduce_rabenseifner(s, sbuf, rbuf, count, type, op, root);
    return reduce_binomial(s, sbuf, rbuf, count, type, op, root);
}

static inline int check_reduce_rooted(MPI_Comm comm, int count,
                                      MPI_Datatype type, MPI_Op op, int root)
{
    int rc = mpchar__coll_check_rooted(comm, count, type, root);
    return rc != MPI_SUCCESS ? rc : mpchar__op_check(op, type);
}

static int build_Reduce(struct sched *s, const void *sendbuf, void *recvbuf,
                        int count, MPI_Datatype datatype, MPI_Op op, int root,
                        MPI_Comm comm)
{
    int rc = check_reduce_rooted(comm, count, datatype, op, root);
    if (rc == MPI_SUCCESS && !mpchar__coll_empty(count, datatype))
        rc = reduce_sched(s, sendbuf, recvbuf, count, datatype, op, root);
    return rc;
}
MPCHAR_COLL_PAIR_EMPTY(Reduce, Ireduce, TAG_REDUCE,
                       count == 0 && empty_reduce(comm, datatype, op) &&
                           mpchar__coll_check_root(comm, root) == MPI_SUCCESS,
                       (sendbuf, recvbuf, count, datatype, op, root, comm),
                       const void *sendbuf, void *recvbuf, int count,
                       MPI_Datatype datatype, MPI_Op op, int root,
                       MPI_Comm comm)

/* The accumulator is rbuf itself: at p = 2 the exchange sends from the
 * user's send buffer and receives into rbuf, then rbuf = mine op rbuf. */
static int allreduce_sched(struct sched *s, const void *sbuf, void *rbuf,
                           int count, MPI_Datatype type, MPI_Op op)
{
    struct acc a;
    if (mpchar__pair_split(s, count, type, op))
        return mpchar__allreduce_pair(s, sbuf, rbuf, count, type, op);
    acc_init(&a, sbuf == IN_PLACE ? rbuf : sbuf, rbuf, count, type, op);
    int rc = MPI_SUCCESS, p = s->comm->size;
    size_t bytes = (size_t)count * type->size;
    if (p > 1 && op->commute && bytes >= mpchar__cfg.allreduce_long &&
        (size_t)p >= mpchar__cfg.allreduce_min_procs &&
        count >= mpchar__pof2(p))
        rc = allreduce_rabenseifner(s, &a);
    else if (p > 1)
        rc = allreduce_recdbl(s, &a);
    if (rc == MPI_SUCCESS)
        acc_hold(s, &a); /* p = 1: the operand is the result */
    return rc;
}

int mpchar__allreduce(const void *sbuf, void *rbuf, int count,
                      MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    struct sched s;
    mpchar__sched_begin(&s, comm, TAG_ALLREDUCE, 0);
    int rc = allreduce_sched(&s, sbuf, rbuf, count, type, op);
    int rc_end = mpchar__sched_end(&s);
    return rc != MPI_SUCCESS ? rc : rc_end;
}

static int build_Allreduce(struct sched *s, const void *sendbuf, void *recvbuf,
                           int count, MPI_Datatype datatype, MPI_Op op,
                           MPI_Comm comm)
{
    int rc = check_reduce(comm, count, datatype, op);
    if (rc == MPI_SUCCESS && !mpchar__coll_empty(count, datatype))
        rc = allreduce_sched(s, sendbuf, recvbuf, count, datatype, op);
    return rc;
}
MPCHAR_COLL_PAIR_EMPTY(Allreduce, Iallreduce, TAG_ALLREDUCE,
                       count == 0 && empty_reduce(comm, datatype, op),
                       (sendbuf, recvbuf, count, datatype, op, comm),
                       const void *sendbuf, void *recvbuf, int count,
                       MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)

/* ---- Reduce_scatter ---- */

/* Pairwise exchange (commutative operations): the accumulator is rbuf
 * unless rbuf is also the input (MPI_IN_PLACE), whose blocks later steps
 * still send. */
static int reduce_scatter_pairwise(struct sched *s, const char *in, void *rbuf,
                                   const int *rcounts, const int *displs,
                                   MPI_Datatype type, MPI_Op op)
{
    int p = s->comm->size, r = s->comm->rank, rc = MPI_SUCCESS;
    MPI_Aint ext = type->extent;
    struct acc a;
    acc_init(&a, in + displs[r] * ext, in == rbuf ? NULL : rbuf, rcounts[r],
             type, op);
    for (int k = 1; rc == MPI_SUCCESS && k < p; k++) {
        int dst = (r + k) % p, src = (r - k + p) % p;
        char *got = acc_landing(s, &a, 0);
        rc = mpchar__sched_sendrecv(s, in + displs[dst] * ext, rcounts[dst],
                                    type, dst, got, rcounts[r], type, src);
        acc_absorb(s, &a, got, 0);
    }
    if (rc == MPI_SUCCESS && acc_value(&a) != rbuf)
        mpchar__sched_copy(s, acc_value(&a), rcounts[r], type, rbuf, rcounts[r],
                           type);
    return rc;
}

/* Whether every rank's block of a Reduce_scatter is empty (comm valid). */
static int counts_empty(MPI_Comm comm, const int *rcounts)
{
    for (int i = 0; i < comm->size; i++)
        if (rcounts[i] != 0)
            return 0;
    return 1;
}

static int reduce_scatter_any(struct sched *s, const void *sbuf, void *rbuf,
                              const int *rcounts, MPI_Datatype type, MPI_Op op)
{
    int p = s->comm->size, total = 0;
    int *displs = mpchar__sched_alloc(s, (size_t)p * sizeof(int));
    for (int i = 0; i < p; i++) {
        displs[i] = total;
        total += rcounts[i];
    }
    if (mpchar__coll_empty(total, type))
        return MPI_SUCCESS;
    const char *in = sbuf == IN_PLACE ? rbuf : sbuf;
    if (op->commute)
        return reduce_scatter_pairwise(s, in, rbuf, rcounts, displs, type, op);
    char *full = mpchar__sched_tbuf(s, total, type);
    int rc = reduce_sched(s, in, full, total, type, op, 0);
    if (rc == MPI_SUCCESS)
        rc = mpchar__scatterv_build(s, full, rcounts, displs, type, rbuf,
                                    rcounts[s->comm->rank], type, 0);
    return rc;
}

static int build_Reduce_scatter(struct sched *s, const void *sendbuf,
                                void *recvbuf, const int recvcounts[],
                                MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    int rc = check_reduce(comm, 0, datatype, op);
    if (rc == MPI_SUCCESS)
        rc = reduce_scatter_any(s, sendbuf, recvbuf, recvcounts, datatype, op);
    return rc;
}
MPCHAR_COLL_PAIR_EMPTY(Reduce_scatter, Ireduce_scatter, TAG_REDSCAT,
                       mpchar__comm_check(comm) == MPI_SUCCESS &&
                           counts_empty(comm, recvcounts) &&
                           empty_reduce(comm, datatype, op),
                       (sendbuf, recvbuf, recvcounts, datatype, op, comm),
                       const void *sendbuf, void *recvbuf,
                       const int recvcounts[], MPI_Datatype datatype, MPI_Op op,
                       MPI_Comm comm)

static int build_Reduce_scatter_block(struct sched *s, const void *sendbuf,
                                      void *recvbuf, int recvcount,
                                      MPI_Datatype datatype, MPI_Op op,
                                      MPI_Comm comm)
{
    int rc = check_reduce(comm, recvcount, datatype, op);
    if (rc != MPI_SUCCESS)
        return rc;
    int *counts = mpchar__sched_alloc(s, (size_t)comm->size * sizeof(int));
    for (int i = 0; i < comm->size; i++)
        counts[i] = recvcount;
    return reduce_scatter_any(s, sendbuf, recvbuf, counts, datatype, op);
}
MPCHAR_COLL_PAIR_EMPTY(Reduce_scatter_block, Ireduce_scatter_block, TAG_REDSCAT,
                       recvcount == 0 && empty_reduce(comm, datatype, op),
                       (sendbuf, recvbuf, recvcount, datatype, op, comm),
                       const void *sendbuf, void *recvbuf, int recvcount,
                       MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)

/* ---- Scan / Exscan: recursive doubling ---- */

/* Whether rank x has a step after the one of mask: only then does it need
 * its partial value (the combination of its group) updated.  Both ends of
 * a step evaluate it alike, so a message is sent exactly when its
 * receiver uses it: at p = 2, rank 1 sends nothing to rank 0. */
static int scan_later_step(int x, int mask, int p)
{
    for (int m = mask << 1; m < p; m <<= 1)
        if ((x ^ m) < p)
            return 1;
    return 0;
}

/* The scan's result in rbuf: res_ready says rbuf holds it (an inclusive
 * scan's result starts as this rank's operand, an exclusive one's as
 * nothing). */
struct scan_res {
    void *rbuf;
    int ready, exclusive;
};

/* Where an operand from a lower rank is received: rbuf while it holds no
 * result and rbuf = (mine op) got is right, else a temporary. */
static char *scan_landing(struct sched *s, const struct scan_res *res,
                          struct acc *part)
{
    if (!res->ready && res->rbuf != part->mine &&
        (res->exclusive || part->op->commute))
        return res->rbuf;
    return acc_tmp(s, part);
}

/* Adds the lower ranks' value got to the result. */
static void scan_absorb_result(struct sched *s, struct scan_res *res,
                               struct acc *part, char *got)
{
    int count = part->count;
    MPI_Datatype type = part->type;
    if (got == res->rbuf) {
        if (!res->exclusive) /* rbuf = mine op got, commutative */
            mpchar__sched_reduce(s, part->op, part->mine, got, count, type);
    } else if (res->ready) {
        mpchar__sched_reduce(s, part->op, got, res->rbuf, count, type);
    } else if (res->exclusive) {
        mpchar__sched_copy(s, got, count, type, res->rbuf, count, type);
    } else {
        if (res->rbuf != part->mine)
            mpchar__sched_copy(s, part->mine, count, type, res->rbuf, count,
                               type);
        mpchar__sched_reduce(s, part->op, got, res->rbuf, count, type);
    }
    res->ready = 1;
}

/* One step of the scan with dst: messages only where their receiver uses
 * them; the partial value part is updated only if this rank has a later
 * step. */
static int scan_step(struct sched *s, struct acc *part, struct scan_res *res,
                     int dst, int mask)
{
    int p = s->comm->size, r = s->comm->rank, rc = MPI_SUCCESS;
    int keep = scan_later_step(r, mask, p), lower = dst < r;
    int to_dst = !lower || scan_later_step(dst, mask, p);
    if (!lower && !keep) /* nothing to receive */
        return to_dst ? mpchar__sched_send(s, acc_value(part), part->count,
                                           part->type, dst)
                      : MPI_SUCCESS;
    char *got = lower ? scan_landing(s, res, part) : acc_landing(s, part, 0);
    rc = mpchar__sched_post_recv(s, got, part->count, part->type, dst);
    if (rc == MPI_SUCCESS && to_dst)
        rc = mpchar__sched_post_send(s, acc_value(part), part->count,
                                     part->type, dst);
    if (rc == MPI_SUCCESS)
        rc = mpchar__sched_wait(s);
    if (rc != MPI_SUCCESS)
        return rc;
    if (keep && lower) /* partial = got op partial, before rbuf changes */
        combine(s, part->op, got, acc_hold(s, part), part->count, part->type,
                1);
    else if (keep)
        acc_absorb(s, part, got, 0);
    if (lower)
        scan_absorb_result(s, res, part, got);
    return rc;
}

static int scan_any(struct sched *s, const void *sbuf, void *rbuf, int count,
                    MPI_Datatype type, MPI_Op op, MPI_Comm comm, int exclusive)
{
    int rc = check_reduce(comm, count, type, op);
    if (rc != MPI_SUCCESS || mpchar__coll_empty(count, type))
        return rc;
    int p = comm->size, r = comm->rank;
    const void *in = sbuf == IN_PLACE ? rbuf : sbuf;
    struct acc part;
    acc_init(&part, in, NULL, count, type, op);
    struct scan_res res = {rbuf, !exclusive && in == rbuf, exclusive};
    for (int mask = 1; rc == MPI_SUCCESS && mask < p; mask <<= 1)
        if ((r ^ mask) < p)
            rc = scan_step(s, &part, &res, r ^ mask, mask);
    if (rc == MPI_SUCCESS && !res.ready && !exclusive)
        mpchar__sched_copy(s, in, count, type, rbuf, count, type);
    return rc;
}

/* MPI_Scan and MPI_Exscan take the same arguments: one builder each. */
#define SCAN_BUILD(Name, IName, tag, exclusive)                              \
    static int build_##Name(struct sched *s, const void *sendbuf,            \
                            void *recvbuf, int count, MPI_Datatype datatype, \
                            MPI_Op op, MPI_Comm comm)                        \
    {                                                                        \
        return scan_any(s, sendbuf, recvbuf, count, datatype, op, comm,      \
                        exclusive);                                          \
    }                                                                        \
    MPCHAR_COLL_PAIR_EMPTY(Name, IName, tag,                                 \
                           count == 0 && empty_reduce(comm, datatype, op),   \
                           (sendbuf, recvbuf, count, datatype, op, comm),    \
                           const void *sendbuf, void *recvbuf, int count,    \
                           MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
SCAN_BUILD(Scan, Iscan, TAG_SCAN, 0)
SCAN_BUILD(Exscan, Iexscan, TAG_EXSCAN, 1)
#undef SCAN_BUILD
