/*
 * Reduction operations: the twelve predefined ones and Op_create/Op_free.
 *
 * One kernel per (operation, basic type) pair that MPI-3.1 allows, built
 * from the basic-type list in rt.h, placed in a table indexed by operation
 * and type kind; an empty slot means the pair is invalid (MPI_ERR_OP).  A
 * derived datatype is reduced run by run, so a vector of doubles sums like
 * doubles.  User operations get the caller's count and datatype, as MPI says.
 */
#include "rt.h"

#include <complex.h>
#include <stdlib.h>
#include <wchar.h>

#define DEF_OP(NAME)                            \
    struct mpchar_rt_op mpchar_rt_op_##NAME = { \
        .predefined = 1, .commute = 1, .id = OP_##NAME, .fn = NULL};
MPCHAR_RT_OPS(DEF_OP)
#undef DEF_OP

#define E_MAX (a[i] > b[i] ? a[i] : b[i])
#define E_MIN (a[i] < b[i] ? a[i] : b[i])
#define E_SUM (a[i] + b[i])
#define E_PROD (a[i] * b[i])
#define E_LAND (a[i] && b[i])
#define E_LOR (a[i] || b[i])
#define E_LXOR (!a[i] != !b[i])
#define E_BAND (a[i] & b[i])
#define E_BOR (a[i] | b[i])
#define E_BXOR (a[i] ^ b[i])

/* An operation's two buffers never overlap (a rank combines into its own
 * buffer what it received elsewhere), so the loops vectorize without a
 * run-time overlap test; on x86-64 each is built twice, for AVX2 and for
 * the baseline, and the loader picks one by the CPU (MPI_SUM of 512 KiB of
 * doubles: 9.5 us before, against Open MPI's 8.1; docs/performance.md). */
#if defined(__x86_64__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define KERNEL_CLONES \
    __attribute__((target_clones("avx512f", "avx2", "default")))
#endif
#endif
#ifndef KERNEL_CLONES
#define KERNEL_CLONES
#endif

#define KERNEL(OPN, NAME, ctype)                                           \
    KERNEL_CLONES static void k_##OPN##_##NAME(const void *vin, void *vio, \
                                               size_t n)                   \
    {                                                                      \
        const ctype *restrict a = vin;                                     \
        ctype *restrict b = vio;                                           \
        for (size_t i = 0; i < n; i++)                                     \
            b[i] = (ctype)(E_##OPN);                                       \
    }

/* The operations MPI-3.1 allows on each class of basic type (rt.h), each
 * as X(operation, args...). */
#define OPS_ORDER(X, ...) X(MAX, __VA_ARGS__) X(MIN, __VA_ARGS__)
#define OPS_ARITH(X, ...) X(SUM, __VA_ARGS__) X(PROD, __VA_ARGS__)
#define OPS_L(X, ...) \
    X(LAND, __VA_ARGS__) X(LOR, __VA_ARGS__) X(LXOR, __VA_ARGS__)
#define OPS_B(X, ...) \
    X(BAND, __VA_ARGS__) X(BOR, __VA_ARGS__) X(BXOR, __VA_ARGS__)
#define OPS_F(X, ...) OPS_ORDER(X, __VA_ARGS__) OPS_ARITH(X, __VA_ARGS__)
#define OPS_I(X, ...) \
    OPS_F(X, __VA_ARGS__) OPS_L(X, __VA_ARGS__) OPS_B(X, __VA_ARGS__)
#define OPS_C(X, ...) OPS_ARITH(X, __VA_ARGS__)
#define OPS_P(X, ...)
#define OPS_N(X, ...)

#define GEN_KERNELS(NAME, ctype, cls) OPS_##cls(KERNEL, NAME, ctype)
RT_BASIC_TYPES(GEN_KERNELS)

/* MAXLOC/MINLOC: the better value wins; on a tie the lower index. */
#define PAIR_KERNEL(OPN, NAME, better)                                         \
    static void k_##OPN##_##NAME(const void *vin, void *vio, size_t n)         \
    {                                                                          \
        const struct pr_##NAME *a = vin;                                       \
        struct pr_##NAME *b = vio;                                             \
        for (size_t i = 0; i < n; i++) {                                       \
            if (a[i].v better b[i].v || (a[i].v == b[i].v && a[i].i < b[i].i)) \
                b[i] = a[i];                                                   \
        }                                                                      \
    }
#define PAIR_KERNELS(NAME, vtype, itype) \
    struct pr_##NAME {                   \
        vtype v;                         \
        itype i;                         \
    };                                   \
    PAIR_KERNEL(MAXLOC, NAME, >) PAIR_KERNEL(MINLOC, NAME, <)
RT_PAIR_TYPES(PAIR_KERNELS)

#define SLOT(OPN, NAME) [OP_##OPN][RT_K_##NAME] = k_##OPN##_##NAME,
#define GEN_SLOTS(NAME, ctype, cls) OPS_##cls(SLOT, NAME)
#define GEN_PAIR_SLOTS(NAME, vtype, itype) SLOT(MAXLOC, NAME) SLOT(MINLOC, NAME)

mpchar__op_kernel *const mpchar__op_kernels[OP_COUNT][RT_K_DERIVED] = {
    RT_BASIC_TYPES(GEN_SLOTS) RT_PAIR_TYPES(GEN_PAIR_SLOTS)};

int mpchar__op_apply(MPI_Op op, const void *in, void *inout, int count,
                     MPI_Datatype type)
{
    if (op->ffn) {
        MPI_Fint n = count, t = MPI_Type_c2f(type);
        op->ffn((void *)(uintptr_t)in, inout, &n, &t);
        return MPI_SUCCESS;
    }
    if (!op->predefined) {
        MPI_Datatype t = type;
        int n = count;
        op->fn((void *)(uintptr_t)in, inout, &n, &t);
        return MPI_SUCCESS;
    }
    if (type->nruns == 1 && type->runs[0].disp == 0 &&
        (MPI_Aint)type->runs[0].n * type->runs[0].basic->extent ==
            type->extent) {
        mpchar__op_kernels[op->id][type->runs[0].basic->kind](
            in, inout, (size_t)count * type->runs[0].n);
        return MPI_SUCCESS;
    }
    for (int i = 0; i < count; i++) {
        MPI_Aint base = (MPI_Aint)i * type->extent;
        for (size_t r = 0; r < type->nruns; r++) {
            const struct rt_run *run = &type->runs[r];
            mpchar__op_kernels[op->id][run->basic->kind](
                (const char *)in + base + run->disp,
                (char *)inout + base + run->disp, run->n);
        }
    }
    return MPI_SUCCESS;
}

_Static_assert(OP_COUNT <= 32, "ops_known holds a bit per operation");

int mpchar__op_check_runs(MPI_Op op, MPI_Datatype type)
{
    for (size_t r = 0; r < type->nruns; r++)
        if (!mpchar__op_kernels[op->id][type->runs[r].basic->kind])
            return MPI_ERR_OP;
    __atomic_fetch_or(&type->ops_known, 1u << op->id, __ATOMIC_RELAXED);
    return MPI_SUCCESS;
}

int mpchar__op_create(MPI_User_function *fn, mpchar__fortran_op_fn *ffn,
                      int commute, MPI_Op *op)
{
    if ((!fn && !ffn) || !op)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Op_create");
    struct mpchar_rt_op *o = calloc(1, sizeof *o);
    if (!o)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, "MPI_Op_create");
    o->commute = commute != 0;
    o->id = -1;
    o->fn = fn;
    o->ffn = ffn;
    *op = o;
    return MPI_SUCCESS;
}

int PMPI_Op_create(MPI_User_function *user_fn, int commute, MPI_Op *op)
{
    return mpchar__op_create(user_fn, NULL, commute, op);
}
MPCHAR_RT_WEAK(Op_create)

int PMPI_Op_free(MPI_Op *op)
{
    if (!op || *op == MPI_OP_NULL || (*op)->predefined)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_OP, "MPI_Op_free");
    free(*op);
    *op = MPI_OP_NULL;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Op_free)

int PMPI_Op_commutative(MPI_Op op, int *commute)
{
    if (op == MPI_OP_NULL)
        return mpchar__err(MPI_COMM_WORLD, MPI_ERR_OP, "MPI_Op_commutative");
    *commute = op->commute;
    return MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Op_commutative)

/* inoutbuf = inbuf op inoutbuf, element by element, as a reduction's
 * step does (MPI-2.2 5.9.7); MPI_COMM_WORLD's handler reports errors, as
 * the call has no communicator. */
int PMPI_Reduce_local(const void *inbuf, void *inoutbuf, int count,
                      MPI_Datatype datatype, MPI_Op op)
{
    int rc = mpchar__check_args(MPI_COMM_WORLD, count, datatype);
    if (rc == MPI_SUCCESS)
        rc = mpchar__op_check(op, datatype);
    if (rc != MPI_SUCCESS)
        return mpchar__err(MPI_COMM_WORLD, rc, "MPI_Reduce_local");
    return count ? mpchar__op_apply(op, inbuf, inoutbuf, count, datatype)
                 : MPI_SUCCESS;
}
MPCHAR_RT_WEAK(Reduce_local)
