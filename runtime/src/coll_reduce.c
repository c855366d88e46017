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

/* The working buffers of a reduction: acc starts as this rank's operand
 * (count elements at in) and accumulates, tmp receives the others'. */
struct work {
    char *acc, *tmp;
};

static void work_alloc(struct sched *s, struct work *w, const void *in,
                       int count, MPI_Datatype type)
{
    w->acc = mpchar__sched_tbuf(s, count, type);
    w->tmp = mpchar__sched_tbuf(s, count, type);
    mpchar__sched_copy(s, in, count, type, w->acc, count, type);
}

/* Moves the result from rank holder to root, which copies it to rbuf. */
static int result_to_root(struct sched *s, char *acc, void *rbuf, int count,
                          MPI_Datatype type, int holder, int root)
{
    int r = s->comm->rank, rc = MPI_SUCCESS;
    if (holder != root && r == holder)
        rc = mpchar__sched_send(s, acc, count, type, root);
    else if (holder != root && r == root)
        rc = mpchar__sched_recv(s, acc, count, type, holder);
    if (rc == MPI_SUCCESS && r == root)
        mpchar__sched_copy(s, acc, count, type, rbuf, count, type);
    return rc;
}

/* Binomial reduce to root over rank order rotated by root when commutative. */
static int reduce_binomial(struct sched *s, const void *sbuf, void *rbuf,
                           int count, MPI_Datatype type, MPI_Op op, int root)
{
    int p = s->comm->size, r = s->comm->rank, rc = MPI_SUCCESS;
    int base = op->commute ? root : 0;
    int vr = (r - base + p) % p;
    struct work w;
    work_alloc(s, &w, sbuf == IN_PLACE ? rbuf : sbuf, count, type);
    for (int mask = 1; rc == MPI_SUCCESS && mask < p; mask <<= 1) {
        if (vr & mask) {
            rc = mpchar__sched_send(s, w.acc, count, type,
                                    (vr - mask + base) % p);
            break;
        }
        if (vr + mask < p) {
            rc = mpchar__sched_recv(s, w.tmp, count, type,
                                    (vr + mask + base) % p);
            combine(s, op, w.tmp, w.acc, count, type, 0);
        }
    }
    /* the result sits at relative rank 0 = rank base */
    if (rc == MPI_SUCCESS)
        rc = result_to_root(s, w.acc, rbuf, count, type, base, root);
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

/* Ranks 2i < 2rem send their data to 2i+1, which combines (lower first). */
static int fold_in(struct sched *s, struct fold *f, char *acc, char *tmp,
                   int count, MPI_Datatype type, MPI_Op op)
{
    int p = s->comm->size, r = s->comm->rank, rc = MPI_SUCCESS;
    f->pof2 = mpchar__pof2(p);
    f->rem = p - f->pof2;
    if (r < 2 * f->rem) {
        if (r % 2 == 0) {
            rc = mpchar__sched_send(s, acc, count, type, r + 1);
            f->newr = -1;
        } else {
            rc = mpchar__sched_recv(s, tmp, count, type, r - 1);
            combine(s, op, tmp, acc, count, type, 1);
            f->newr = r / 2;
        }
    } else {
        f->newr = r - f->rem;
    }
    return rc;
}

static int fold_out(struct sched *s, const struct fold *f, char *acc, int count,
                    MPI_Datatype type)
{
    int r = s->comm->rank;
    if (r >= 2 * f->rem)
        return MPI_SUCCESS;
    if (r % 2 == 0)
        return mpchar__sched_recv(s, acc, count, type, r + 1);
    return mpchar__sched_send(s, acc, count, type, r - 1);
}

static int allreduce_recdbl(struct sched *s, char *acc, int count,
                            MPI_Datatype type, MPI_Op op)
{
    char *tmp = mpchar__sched_tbuf(s, count, type);
    struct fold f;
    int rc = fold_in(s, &f, acc, tmp, count, type, op);
    for (int mask = 1; rc == MPI_SUCCESS && f.newr >= 0 && mask < f.pof2;
         mask <<= 1) {
        int pn = f.newr ^ mask, peer = real_rank(&f, pn);
        rc = mpchar__sched_sendrecv(s, acc, count, type, peer, tmp, count, type,
                                    peer);
        combine(s, op, tmp, acc, count, type, pn < f.newr);
    }
    if (rc == MPI_SUCCESS)
        rc = fold_out(s, &f, acc, count, type);
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

static int allreduce_rabenseifner(struct sched *s, char *acc, int count,
                                  MPI_Datatype type, MPI_Op op)
{
    char *tmp = mpchar__sched_tbuf(s, count, type);
    struct fold f;
    int rc = fold_in(s, &f, acc, tmp, count, type, op);
    int *disp, *cnt = chunks(s, count, f.pof2, &disp);
    MPI_Aint ext = type->extent;
    if (rc == MPI_SUCCESS && f.newr >= 0) {
        rc = reduce_scatter_halving(s, &f, acc, tmp, type, op, cnt, disp);
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
        rc = fold_out(s, &f, acc, count, type);
    return rc;
}

static int reduce_rabenseifner(struct sched *s, const void *sbuf, void *rbuf,
                               int count, MPI_Datatype type, MPI_Op op,
                               int root)
{
    struct work w;
    work_alloc(s, &w, sbuf == IN_PLACE ? rbuf : sbuf, count, type);
    char *acc = w.acc;
    struct fold f;
    int rc = fold_in(s, &f, acc, w.tmp, count, type, op);
    int *disp, *cnt = chunks(s, count, f.pof2, &disp);
    MPI_Aint ext = type->extent;
    if (rc == MPI_SUCCESS && f.newr >= 0) {
        rc = reduce_scatter_halving(s, &f, acc, w.tmp, type, op, cnt, disp);
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
        rc = result_to_root(s, acc, rbuf, count, type, real_rank(&f, 0), root);
    return rc;
}

static int check_reduce(MPI_Comm comm, int count, MPI_Datatype type, MPI_Op op)
{
    int rc = mpchar__check_args(comm, count, type);
    return rc != MPI_SUCCESS ? rc : mpchar__op_check(op, type);
}

static int reduce_sched(struct sched *s, const void *sbuf, void *rbuf,
                        int count, MPI_Datatype type, MPI_Op op, int root)
{
    size_t bytes = (size_t)count * type->size;
    int p = s->comm->size;
    if (op->commute && bytes >= mpchar__cfg.reduce_long &&
        count >= mpchar__pof2(p) && (size_t)p >= mpchar__cfg.reduce_min_procs &&
        p > 1)
        return reduce_rabenseifner(s, sbuf, rbuf, count, type, op, root);
    return reduce_binomial(s, sbuf, rbuf, count, type, op, root);
}

static int build_Reduce(struct sched *s, const void *sendbuf, void *recvbuf,
                        int count, MPI_Datatype datatype, MPI_Op op, int root,
                        MPI_Comm comm)
{
    int rc = mpchar__coll_check_rooted(comm, count, datatype, root);
    if (rc == MPI_SUCCESS)
        rc = mpchar__op_check(op, datatype);
    if (rc == MPI_SUCCESS && !mpchar__coll_empty(count, datatype))
        rc = reduce_sched(s, sendbuf, recvbuf, count, datatype, op, root);
    return rc;
}
MPCHAR_COLL_PAIR(Reduce, Ireduce, TAG_REDUCE,
                 (sendbuf, recvbuf, count, datatype, op, root, comm),
                 const void *sendbuf, void *recvbuf, int count,
                 MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm)

static int allreduce_sched(struct sched *s, const void *sbuf, void *rbuf,
                           int count, MPI_Datatype type, MPI_Op op)
{
    char *acc = mpchar__sched_tbuf(s, count, type);
    mpchar__sched_copy(s, sbuf == IN_PLACE ? rbuf : sbuf, count, type, acc,
                       count, type);
    int rc = MPI_SUCCESS, p = s->comm->size;
    size_t bytes = (size_t)count * type->size;
    if (p == 1)
        rc = MPI_SUCCESS;
    else if (op->commute && bytes >= mpchar__cfg.allreduce_long &&
             (size_t)p >= mpchar__cfg.allreduce_min_procs &&
             count >= mpchar__pof2(p))
        rc = allreduce_rabenseifner(s, acc, count, type, op);
    else
        rc = allreduce_recdbl(s, acc, count, type, op);
    if (rc == MPI_SUCCESS)
        mpchar__sched_copy(s, acc, count, type, rbuf, count, type);
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
MPCHAR_COLL_PAIR(Allreduce, Iallreduce, TAG_ALLREDUCE,
                 (sendbuf, recvbuf, count, datatype, op, comm),
                 const void *sendbuf, void *recvbuf, int count,
                 MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)

/* ---- Reduce_scatter ---- */

static int reduce_scatter_pairwise(struct sched *s, const char *in, void *rbuf,
                                   const int *rcounts, const int *displs,
                                   MPI_Datatype type, MPI_Op op)
{
    int p = s->comm->size, r = s->comm->rank, rc = MPI_SUCCESS;
    MPI_Aint ext = type->extent;
    struct work w;
    work_alloc(s, &w, in + displs[r] * ext, rcounts[r], type);
    for (int k = 1; rc == MPI_SUCCESS && k < p; k++) {
        int dst = (r + k) % p, src = (r - k + p) % p;
        rc = mpchar__sched_sendrecv(s, in + displs[dst] * ext, rcounts[dst],
                                    type, dst, w.tmp, rcounts[r], type, src);
        mpchar__sched_reduce(s, op, w.tmp, w.acc, rcounts[r], type);
    }
    if (rc == MPI_SUCCESS)
        mpchar__sched_copy(s, w.acc, rcounts[r], type, rbuf, rcounts[r], type);
    return rc;
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
MPCHAR_COLL_PAIR(Reduce_scatter, Ireduce_scatter, TAG_REDSCAT,
                 (sendbuf, recvbuf, recvcounts, datatype, op, comm),
                 const void *sendbuf, void *recvbuf, const int recvcounts[],
                 MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)

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
MPCHAR_COLL_PAIR(Reduce_scatter_block, Ireduce_scatter_block, TAG_REDSCAT,
                 (sendbuf, recvbuf, recvcount, datatype, op, comm),
                 const void *sendbuf, void *recvbuf, int recvcount,
                 MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)

/* ---- Scan / Exscan: recursive doubling ---- */

static int scan_any(struct sched *s, const void *sbuf, void *rbuf, int count,
                    MPI_Datatype type, MPI_Op op, MPI_Comm comm, int exclusive)
{
    int rc = check_reduce(comm, count, type, op);
    if (rc != MPI_SUCCESS || mpchar__coll_empty(count, type))
        return rc;
    int p = comm->size, r = comm->rank, have = !exclusive;
    const void *in = sbuf == IN_PLACE ? rbuf : sbuf;
    struct work w;
    work_alloc(s, &w, in, count, type);
    char *partial = w.acc, *tmp = w.tmp;
    char *result = mpchar__sched_tbuf(s, count, type);
    mpchar__sched_copy(s, in, count, type, result, count, type);
    for (int mask = 1; rc == MPI_SUCCESS && mask < p; mask <<= 1) {
        int dst = r ^ mask;
        if (dst >= p)
            continue;
        rc = mpchar__sched_sendrecv(s, partial, count, type, dst, tmp, count,
                                    type, dst);
        if (dst < r) {
            if (have) {
                mpchar__sched_reduce(s, op, tmp, result, count, type);
            } else {
                mpchar__sched_copy(s, tmp, count, type, result, count, type);
                have = 1;
            }
            mpchar__sched_reduce(s, op, tmp, partial, count, type);
        } else {
            combine(s, op, tmp, partial, count, type, 0);
        }
    }
    if (rc == MPI_SUCCESS && have)
        mpchar__sched_copy(s, result, count, type, rbuf, count, type);
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
    MPCHAR_COLL_PAIR(Name, IName, tag,                                       \
                     (sendbuf, recvbuf, count, datatype, op, comm),          \
                     const void *sendbuf, void *recvbuf, int count,          \
                     MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
SCAN_BUILD(Scan, Iscan, TAG_SCAN, 0)
SCAN_BUILD(Exscan, Iexscan, TAG_EXSCAN, 1)
#undef SCAN_BUILD
