/*
 * Reductions: Reduce, Allreduce, Reduce_scatter(_block), Scan, Exscan.
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
static void combine(MPI_Op op, void *other, void *acc, int count,
                    MPI_Datatype type, int other_is_lower)
{
    if (other_is_lower || op->commute) {
        mpchar__op_apply(op, other, acc, count, type);
        return;
    }
    mpchar__op_apply(op, acc, other, count, type);
    mpchar__tbuf_copy(other, count, type, acc, count, type);
}

/* The working buffers of a reduction: acc starts as this rank's operand
 * (count elements at in) and accumulates, tmp receives the others'. */
struct work {
    char *acc, *tmp;
    void *mem_acc, *mem_tmp;
};

static void work_alloc(struct work *w, const void *in, int count,
                       MPI_Datatype type)
{
    w->acc = mpchar__tbuf_alloc(count, type, &w->mem_acc);
    w->tmp = mpchar__tbuf_alloc(count, type, &w->mem_tmp);
    mpchar__tbuf_copy(in, count, type, w->acc, count, type);
}

static void work_free(struct work *w)
{
    mpchar__tbuf_free(w->mem_acc);
    mpchar__tbuf_free(w->mem_tmp);
}

/* Moves the result from rank holder to root, which copies it to rbuf. */
static int result_to_root(char *acc, void *rbuf, int count, MPI_Datatype type,
                          int holder, int root, MPI_Comm comm)
{
    int r = comm->rank, rc = MPI_SUCCESS;
    if (holder != root && r == holder)
        rc = mpchar__coll_send(acc, count, type, root, TAG_REDUCE, comm);
    else if (holder != root && r == root)
        rc = mpchar__coll_recv(acc, count, type, holder, TAG_REDUCE, comm);
    if (rc == MPI_SUCCESS && r == root)
        mpchar__tbuf_copy(acc, count, type, rbuf, count, type);
    return rc;
}

/* Binomial reduce to root over rank order rotated by root when commutative. */
static int reduce_binomial(const void *sbuf, void *rbuf, int count,
                           MPI_Datatype type, MPI_Op op, int root,
                           MPI_Comm comm)
{
    int p = comm->size, r = comm->rank, rc = MPI_SUCCESS;
    int base = op->commute ? root : 0;
    int vr = (r - base + p) % p;
    struct work w;
    work_alloc(&w, sbuf == IN_PLACE ? rbuf : sbuf, count, type);
    int mask = 1;
    for (; rc == MPI_SUCCESS && mask < p; mask <<= 1) {
        if (vr & mask) {
            rc = mpchar__coll_send(w.acc, count, type, (vr - mask + base) % p,
                                   TAG_REDUCE, comm);
            break;
        }
        if (vr + mask < p) {
            rc = mpchar__coll_recv(w.tmp, count, type, (vr + mask + base) % p,
                                   TAG_REDUCE, comm);
            combine(op, w.tmp, w.acc, count, type, 0);
        }
    }
    /* the result sits at relative rank 0 = rank base */
    if (rc == MPI_SUCCESS)
        rc = result_to_root(w.acc, rbuf, count, type, base, root, comm);
    work_free(&w);
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
static int fold_in(struct fold *f, char *acc, char *tmp, int count,
                   MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    int p = comm->size, r = comm->rank, rc = MPI_SUCCESS;
    f->pof2 = mpchar__pof2(p);
    f->rem = p - f->pof2;
    if (r < 2 * f->rem) {
        if (r % 2 == 0) {
            rc = mpchar__coll_send(acc, count, type, r + 1, TAG_FOLD, comm);
            f->newr = -1;
        } else {
            rc = mpchar__coll_recv(tmp, count, type, r - 1, TAG_FOLD, comm);
            combine(op, tmp, acc, count, type, 1);
            f->newr = r / 2;
        }
    } else {
        f->newr = r - f->rem;
    }
    return rc;
}

static int fold_out(const struct fold *f, char *acc, int count,
                    MPI_Datatype type, MPI_Comm comm)
{
    int r = comm->rank;
    if (r >= 2 * f->rem)
        return MPI_SUCCESS;
    if (r % 2 == 0)
        return mpchar__coll_recv(acc, count, type, r + 1, TAG_FOLD, comm);
    return mpchar__coll_send(acc, count, type, r - 1, TAG_FOLD, comm);
}

static int allreduce_recdbl(char *acc, int count, MPI_Datatype type, MPI_Op op,
                            MPI_Comm comm)
{
    void *mem;
    char *tmp = mpchar__tbuf_alloc(count, type, &mem);
    struct fold f;
    int rc = fold_in(&f, acc, tmp, count, type, op, comm);
    for (int mask = 1; rc == MPI_SUCCESS && f.newr >= 0 && mask < f.pof2;
         mask <<= 1) {
        int pn = f.newr ^ mask, peer = real_rank(&f, pn);
        rc = mpchar__coll_sendrecv(acc, count, type, peer, tmp, count, type,
                                   peer, TAG_ALLREDUCE, comm);
        combine(op, tmp, acc, count, type, pn < f.newr);
    }
    if (rc == MPI_SUCCESS)
        rc = fold_out(&f, acc, count, type, comm);
    mpchar__tbuf_free(mem);
    return rc;
}

/* Chunk i of count elements cut in n: [disp[i], disp[i] + cnt[i]); one
 * allocation holds both arrays, freed through the returned cnt. */
static int *chunks(int count, int n, int **disp_p)
{
    int *cnt = malloc(2 * (size_t)n * sizeof(int)), *disp = cnt + n;
    if (!cnt)
        mpchar__fatal("out of memory splitting a reduction into chunks");
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
static int reduce_scatter_halving(const struct fold *f, char *acc, char *tmp,
                                  MPI_Datatype type, MPI_Op op, const int *cnt,
                                  const int *disp, MPI_Comm comm)
{
    int lo = 0, hi = f->pof2, rc = MPI_SUCCESS;
    MPI_Aint ext = type->extent;
    for (int mask = f->pof2 / 2; rc == MPI_SUCCESS && mask > 0; mask >>= 1) {
        int pn = f->newr ^ mask, peer = real_rank(f, pn), mid = lo + mask;
        int keep_lo = f->newr < pn;
        int klo = keep_lo ? lo : mid, khi = keep_lo ? mid : hi;
        int slo = keep_lo ? mid : lo, shi = keep_lo ? hi : mid;
        int kn = range_count(cnt, klo, khi), sn = range_count(cnt, slo, shi);
        rc = mpchar__coll_sendrecv(acc + disp[slo] * ext, sn, type, peer,
                                   tmp + disp[klo] * ext, kn, type, peer,
                                   TAG_REDSCAT, comm);
        mpchar__op_apply(op, tmp + disp[klo] * ext, acc + disp[klo] * ext, kn,
                         type);
        lo = klo;
        hi = khi;
    }
    return rc;
}

static int allreduce_rabenseifner(char *acc, int count, MPI_Datatype type,
                                  MPI_Op op, MPI_Comm comm)
{
    void *mem;
    char *tmp = mpchar__tbuf_alloc(count, type, &mem);
    struct fold f;
    int rc = fold_in(&f, acc, tmp, count, type, op, comm);
    int *disp, *cnt = chunks(count, f.pof2, &disp);
    MPI_Aint ext = type->extent;
    if (rc == MPI_SUCCESS && f.newr >= 0) {
        rc = reduce_scatter_halving(&f, acc, tmp, type, op, cnt, disp, comm);
        /* recursive-doubling allgather of the chunks */
        for (int mask = 1; rc == MPI_SUCCESS && mask < f.pof2; mask <<= 1) {
            int pn = f.newr ^ mask, peer = real_rank(&f, pn);
            int mylo = f.newr & ~(mask - 1), plo = pn & ~(mask - 1);
            rc = mpchar__coll_sendrecv(acc + disp[mylo] * ext,
                                       range_count(cnt, mylo, mylo + mask),
                                       type, peer, acc + disp[plo] * ext,
                                       range_count(cnt, plo, plo + mask), type,
                                       peer, TAG_ALLREDUCE, comm);
        }
    }
    if (rc == MPI_SUCCESS)
        rc = fold_out(&f, acc, count, type, comm);
    free(cnt);
    mpchar__tbuf_free(mem);
    return rc;
}

static int reduce_rabenseifner(const void *sbuf, void *rbuf, int count,
                               MPI_Datatype type, MPI_Op op, int root,
                               MPI_Comm comm)
{
    struct work w;
    work_alloc(&w, sbuf == IN_PLACE ? rbuf : sbuf, count, type);
    char *acc = w.acc;
    struct fold f;
    int rc = fold_in(&f, acc, w.tmp, count, type, op, comm);
    int *disp, *cnt = chunks(count, f.pof2, &disp);
    MPI_Aint ext = type->extent;
    if (rc == MPI_SUCCESS && f.newr >= 0) {
        rc = reduce_scatter_halving(&f, acc, w.tmp, type, op, cnt, disp, comm);
        /* binomial gather of the chunks to new rank 0 */
        for (int mask = 1; rc == MPI_SUCCESS && mask < f.pof2; mask <<= 1) {
            if (f.newr & mask) {
                rc = mpchar__coll_send(acc + disp[f.newr] * ext,
                                       range_count(cnt, f.newr, f.newr + mask),
                                       type, real_rank(&f, f.newr - mask),
                                       TAG_REDUCE, comm);
                break;
            }
            int pn = f.newr + mask;
            rc = mpchar__coll_recv(acc + disp[pn] * ext,
                                   range_count(cnt, pn, pn + mask), type,
                                   real_rank(&f, pn), TAG_REDUCE, comm);
        }
    }
    if (rc == MPI_SUCCESS)
        rc = result_to_root(acc, rbuf, count, type, real_rank(&f, 0), root,
                            comm);
    free(cnt);
    work_free(&w);
    return rc;
}

static int check_reduce(MPI_Comm comm, int count, MPI_Datatype type, MPI_Op op)
{
    int rc = mpchar__check_args(comm, count, type);
    return rc != MPI_SUCCESS ? rc : mpchar__op_check(op, type);
}

static int reduce_sync(const void *sbuf, void *rbuf, int count,
                       MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm)
{
    size_t bytes = (size_t)count * type->size;
    if (op->commute && bytes >= mpchar__cfg.reduce_long &&
        count >= mpchar__pof2(comm->size) &&
        (size_t)comm->size >= mpchar__cfg.reduce_min_procs && comm->size > 1)
        return reduce_rabenseifner(sbuf, rbuf, count, type, op, root, comm);
    return reduce_binomial(sbuf, rbuf, count, type, op, root, comm);
}

int PMPI_Reduce(const void *sendbuf, void *recvbuf, int count,
                MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm)
{
    int rc = mpchar__coll_check_rooted(comm, count, datatype, root);
    if (rc == MPI_SUCCESS)
        rc = mpchar__op_check(op, datatype);
    if (rc == MPI_SUCCESS && !mpchar__coll_empty(count, datatype))
        rc = reduce_sync(sendbuf, recvbuf, count, datatype, op, root, comm);
    return rc == MPI_SUCCESS ? rc : mpchar__err(comm, rc, "MPI_Reduce");
}
MPCHAR_RT_WEAK(Reduce)

int mpchar__allreduce(const void *sbuf, void *rbuf, int count,
                      MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    void *mem;
    char *acc = mpchar__tbuf_alloc(count, type, &mem);
    mpchar__tbuf_copy(sbuf == IN_PLACE ? rbuf : sbuf, count, type, acc, count,
                      type);
    int rc = MPI_SUCCESS;
    size_t bytes = (size_t)count * type->size;
    if (comm->size == 1)
        rc = MPI_SUCCESS;
    else if (op->commute && bytes >= mpchar__cfg.allreduce_long &&
             (size_t)comm->size >= mpchar__cfg.allreduce_min_procs &&
             count >= mpchar__pof2(comm->size))
        rc = allreduce_rabenseifner(acc, count, type, op, comm);
    else
        rc = allreduce_recdbl(acc, count, type, op, comm);
    if (rc == MPI_SUCCESS)
        mpchar__tbuf_copy(acc, count, type, rbuf, count, type);
    mpchar__tbuf_free(mem);
    return rc;
}

int PMPI_Allreduce(const void *sendbuf, void *recvbuf, int count,
                   MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    int rc = check_reduce(comm, count, datatype, op);
    if (rc == MPI_SUCCESS && !mpchar__coll_empty(count, datatype))
        rc = mpchar__allreduce(sendbuf, recvbuf, count, datatype, op, comm);
    return rc == MPI_SUCCESS ? rc : mpchar__err(comm, rc, "MPI_Allreduce");
}
MPCHAR_RT_WEAK(Allreduce)

/* ---- Reduce_scatter ---- */

static int reduce_scatter_pairwise(const char *in, void *rbuf,
                                   const int *rcounts, const int *displs,
                                   MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    int p = comm->size, r = comm->rank, rc = MPI_SUCCESS;
    MPI_Aint ext = type->extent;
    struct work w;
    work_alloc(&w, in + displs[r] * ext, rcounts[r], type);
    for (int s = 1; rc == MPI_SUCCESS && s < p; s++) {
        int dst = (r + s) % p, src = (r - s + p) % p;
        rc = mpchar__coll_sendrecv(in + displs[dst] * ext, rcounts[dst], type,
                                   dst, w.tmp, rcounts[r], type, src,
                                   TAG_REDSCAT, comm);
        mpchar__op_apply(op, w.tmp, w.acc, rcounts[r], type);
    }
    if (rc == MPI_SUCCESS)
        mpchar__tbuf_copy(w.acc, rcounts[r], type, rbuf, rcounts[r], type);
    work_free(&w);
    return rc;
}

static int reduce_scatter_any(const void *sbuf, void *rbuf, const int *rcounts,
                              MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    int p = comm->size, total = 0;
    int *displs = malloc((size_t)p * sizeof(int));
    if (!displs)
        return MPI_ERR_NO_MEM;
    for (int i = 0; i < p; i++) {
        displs[i] = total;
        total += rcounts[i];
    }
    if (mpchar__coll_empty(total, type)) {
        free(displs);
        return MPI_SUCCESS;
    }
    const char *in = sbuf == IN_PLACE ? rbuf : sbuf;
    int rc;
    if (op->commute) {
        rc = reduce_scatter_pairwise(in, rbuf, rcounts, displs, type, op, comm);
    } else {
        void *mem;
        char *full = mpchar__tbuf_alloc(total, type, &mem);
        rc = reduce_sync(in, full, total, type, op, 0, comm);
        if (rc == MPI_SUCCESS)
            rc = PMPI_Scatterv(full, rcounts, displs, type, rbuf,
                               rcounts[comm->rank], type, 0, comm);
        mpchar__tbuf_free(mem);
    }
    free(displs);
    return rc;
}

int PMPI_Reduce_scatter(const void *sendbuf, void *recvbuf,
                        const int recvcounts[], MPI_Datatype datatype,
                        MPI_Op op, MPI_Comm comm)
{
    int rc = check_reduce(comm, 0, datatype, op);
    if (rc == MPI_SUCCESS)
        rc = reduce_scatter_any(sendbuf, recvbuf, recvcounts, datatype, op,
                                comm);
    return rc == MPI_SUCCESS ? rc : mpchar__err(comm, rc, "MPI_Reduce_scatter");
}
MPCHAR_RT_WEAK(Reduce_scatter)

int PMPI_Reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount,
                              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    int rc = check_reduce(comm, recvcount, datatype, op);
    if (rc != MPI_SUCCESS)
        return mpchar__err(comm, rc, "MPI_Reduce_scatter_block");
    int *counts = malloc((size_t)comm->size * sizeof(int));
    if (!counts)
        return mpchar__err(comm, MPI_ERR_NO_MEM, "MPI_Reduce_scatter_block");
    for (int i = 0; i < comm->size; i++)
        counts[i] = recvcount;
    rc = reduce_scatter_any(sendbuf, recvbuf, counts, datatype, op, comm);
    free(counts);
    return rc == MPI_SUCCESS
               ? rc
               : mpchar__err(comm, rc, "MPI_Reduce_scatter_block");
}
MPCHAR_RT_WEAK(Reduce_scatter_block)

/* ---- Scan / Exscan: recursive doubling ---- */

static int scan_any(const void *sbuf, void *rbuf, int count, MPI_Datatype type,
                    MPI_Op op, MPI_Comm comm, int exclusive)
{
    int p = comm->size, r = comm->rank, rc = MPI_SUCCESS, have = !exclusive;
    const void *in = sbuf == IN_PLACE ? rbuf : sbuf;
    struct work w;
    work_alloc(&w, in, count, type);
    char *partial = w.acc, *tmp = w.tmp;
    void *mem;
    char *result = mpchar__tbuf_alloc(count, type, &mem);
    mpchar__tbuf_copy(in, count, type, result, count, type);
    for (int mask = 1; rc == MPI_SUCCESS && mask < p; mask <<= 1) {
        int dst = r ^ mask;
        if (dst >= p)
            continue;
        rc =
            mpchar__coll_sendrecv(partial, count, type, dst, tmp, count, type,
                                  dst, exclusive ? TAG_EXSCAN : TAG_SCAN, comm);
        if (dst < r) {
            if (have) {
                mpchar__op_apply(op, tmp, result, count, type);
            } else {
                mpchar__tbuf_copy(tmp, count, type, result, count, type);
                have = 1;
            }
            mpchar__op_apply(op, tmp, partial, count, type);
        } else {
            combine(op, tmp, partial, count, type, 0);
        }
    }
    if (rc == MPI_SUCCESS && have)
        mpchar__tbuf_copy(result, count, type, rbuf, count, type);
    work_free(&w);
    mpchar__tbuf_free(mem);
    return rc;
}

/* MPI_Scan and MPI_Exscan: checks, the scan, errors through the handler. */
static int scan_call(const void *sbuf, void *rbuf, int count, MPI_Datatype type,
                     MPI_Op op, MPI_Comm comm, int exclusive)
{
    int rc = check_reduce(comm, count, type, op);
    if (rc == MPI_SUCCESS && !mpchar__coll_empty(count, type))
        rc = scan_any(sbuf, rbuf, count, type, op, comm, exclusive);
    return rc == MPI_SUCCESS
               ? rc
               : mpchar__err(comm, rc, exclusive ? "MPI_Exscan" : "MPI_Scan");
}

int PMPI_Scan(const void *sendbuf, void *recvbuf, int count,
              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    return scan_call(sendbuf, recvbuf, count, datatype, op, comm, 0);
}
MPCHAR_RT_WEAK(Scan)

int PMPI_Exscan(const void *sendbuf, void *recvbuf, int count,
                MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    return scan_call(sendbuf, recvbuf, count, datatype, op, comm, 1);
}
MPCHAR_RT_WEAK(Exscan)
