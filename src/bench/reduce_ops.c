/* The reduction operations mpchar-bench measures, one entry each: the
 * library's built-in MPI_SUM, a user-defined sum of doubles (a library
 * may choose another algorithm for a user-defined op than for a built-in
 * one, so usersum - nop compares like with like), and a user-defined op
 * that computes nothing, whose tb separates the computation cost t_c
 * (seed 001 Section 4.3). */
#include <string.h>

#include "bench.h"

static void usersum_fn(void *in, void *inout, int *len, MPI_Datatype *type)
{
    const double *a = in;
    double *b = inout;
    (void)type; /* created for doubles only */
    for (int i = 0; i < *len; i++)
        b[i] += a[i];
}

static void nop_fn(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)in, (void)inout, (void)len, (void)type;
}

const bench_op_def bench_ops[BENCH_OP_COUNT] = {
    {"sum", NULL, true},
    {"usersum", usersum_fn, true},
    {"nop", nop_fn, false},
};

int bench_op_find(const char *name)
{
    for (int i = 0; i < BENCH_OP_COUNT; i++)
        if (strcmp(bench_ops[i].name, name) == 0)
            return i;
    return -1;
}

void bench_ops_create(MPI_Op ops[BENCH_OP_COUNT])
{
    for (int i = 0; i < BENCH_OP_COUNT; i++) {
        ops[i] = MPI_SUM;
        if (bench_ops[i].fn)
            MPI_Op_create(bench_ops[i].fn, 1, &ops[i]);
    }
}

void bench_ops_free(MPI_Op ops[BENCH_OP_COUNT])
{
    for (int i = 0; i < BENCH_OP_COUNT; i++)
        if (bench_ops[i].fn)
            MPI_Op_free(&ops[i]);
}
