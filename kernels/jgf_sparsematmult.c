/*
 * kernels/jgf_sparsematmult.c: JGF SparseMatmult (JGF MPJ 1.0, section 2,
 * from SciMark 2.0): 200 products y = A x of an M x N sparse matrix in
 * coordinate form (nz entries) with a vector, both drawn from
 * java.util.Random(10101010).  Every process draws x; rank 0 draws the
 * entries and sends each process its block; each iteration a process adds
 * its entries' products into its partial y and an Allreduce sums the
 * partials.  Rank 0 checks ytotal, the sum of y over the rows of all
 * entries, against JGF's reference within 1e-12.  M = N = 50000, 100000,
 * 500000 and nz = 5 M for A, B, C; mpchar's S is M = N = 5000 with 20
 * iterations.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jgf_common.h"
#include "jgf_random.h"

static const long sparse_m[] = {5000, 50000, 100000, 500000};
static const long sparse_nz[] = {25000, 250000, 500000, 2500000};
/* JGF's 200; S's 20 keep CI's Allreduces few (each one can cost a time
 * slice on a loaded machine) */
static const int sparse_iterations[] = {20, 200, 200, 200};
/* JGF MPJ's refval; S's is mpchar's, derived as docs/kernels.md says */
static const double sparse_ytotal_ref[] = {0.7533451296405674,
                                           75.02484945753453, 150.0130719633895,
                                           749.5245870753752};
#define SPARSE_SEED 10101010
#define SPARSE_TOLERANCE 1.0e-12

/* Entries in coordinate form. */
struct sparse_entries {
    long count;
    int *row;
    int *col;
    double *val;
};

static void sparse_alloc(struct sparse_entries *e, long count)
{
    e->count = count;
    e->row = kernel_calloc((size_t)count, sizeof *e->row);
    e->col = kernel_calloc((size_t)count, sizeof *e->col);
    e->val = kernel_calloc((size_t)count, sizeof *e->val);
    /* also called by rank 0 alone (the whole matrix): abort the world */
    kernel_require_memory(e->row && e->col && e->val, MPI_COMM_WORLD,
                          "sparsematmult");
}

static void sparse_free(struct sparse_entries *e)
{
    kernel_free(e->row);
    kernel_free(e->col);
    kernel_free(e->val);
}

/* Math.abs(r.nextInt()) % bound, as Java computes it. */
static int sparse_index(struct jgf_random *r, long bound)
{
    int64_t v = jgf_random_int(r);
    return (int)((v < 0 ? -v : v) % bound);
}

/* Rank 0 draws every entry, in JGF's order, after x. */
static void sparse_draw(struct jgf_random *r, long m, long n,
                        struct sparse_entries *all)
{
    for (long i = 0; i < all->count; i++) {
        all->row[i] = sparse_index(r, m);
        all->col[i] = sparse_index(r, n);
        all->val[i] = jgf_random_double(r);
    }
}

static void sparse_send_blocks(const struct kernel_run *run,
                               const struct sparse_entries *all,
                               struct sparse_entries *mine)
{
    kernel_comm_begin();
    if (run->rank == 0) {
        for (int k = 1; k < run->size; k++) {
            struct jgf_block b;
            jgf_block_split(all->count, 1, run->size, k, &b);
            MPI_Send(all->row + b.first, (int)b.count, MPI_INT, k, 1,
                     run->comm);
            MPI_Send(all->col + b.first, (int)b.count, MPI_INT, k, 2,
                     run->comm);
            MPI_Send(all->val + b.first, (int)b.count, MPI_DOUBLE, k, 3,
                     run->comm);
        }
    } else {
        int c = (int)mine->count;
        MPI_Recv(mine->row, c, MPI_INT, 0, 1, run->comm, MPI_STATUS_IGNORE);
        MPI_Recv(mine->col, c, MPI_INT, 0, 2, run->comm, MPI_STATUS_IGNORE);
        MPI_Recv(mine->val, c, MPI_DOUBLE, 0, 3, run->comm, MPI_STATUS_IGNORE);
    }
    kernel_comm_end();
    if (run->rank == 0) { /* rank 0's own block: a copy, not communication */
        memcpy(mine->row, all->row, (size_t)mine->count * sizeof *mine->row);
        memcpy(mine->col, all->col, (size_t)mine->count * sizeof *mine->col);
        memcpy(mine->val, all->val, (size_t)mine->count * sizeof *mine->val);
    }
}

/* The products; y ends as the sum over processes of the partial
 * sums, which are never reset (as in JGF). */
static void sparse_multiply(const struct kernel_run *run,
                            const struct sparse_entries *mine, const double *x,
                            double *partial_y, double *y, long m,
                            int iterations)
{
    kernel_comm_begin();
    MPI_Barrier(run->comm);
    kernel_comm_end();
    for (int iter = 0; iter < iterations; iter++) {
        for (long i = 0; i < mine->count; i++)
            partial_y[mine->row[i]] += x[mine->col[i]] * mine->val[i];
        if (iter == 0 && run->rank == 0)
            partial_y[mine->row[0]] += kernel_fault();
        kernel_comm_begin();
        MPI_Allreduce(partial_y, y, (int)m, MPI_DOUBLE, MPI_SUM, run->comm);
        kernel_comm_end();
    }
    kernel_comm_begin();
    MPI_Barrier(run->comm);
    kernel_comm_end();
}

static const char *sparse_refuse(const struct kernel_run *run)
{
    return jgf_block_refuse(sparse_nz[jgf_class_index(run->problem_class)], 1,
                            run);
}

static void sparse_run(const struct kernel_run *run,
                       struct kernel_result *result)
{
    int ci = jgf_class_index(run->problem_class);
    long m = sparse_m[ci];
    struct jgf_random r;
    jgf_random_init(&r, SPARSE_SEED);
    double *x = kernel_alloc((size_t)m * sizeof *x);
    kernel_require_memory(x != NULL, run->comm, "sparsematmult");
    for (long i = 0; i < m; i++)
        x[i] = jgf_random_double(&r) * 1e-6;

    struct jgf_block b;
    jgf_block_split(sparse_nz[ci], 1, run->size, run->rank, &b);
    struct sparse_entries mine, all = {0};
    sparse_alloc(&mine, b.count);
    if (run->rank == 0) {
        sparse_alloc(&all, sparse_nz[ci]);
        sparse_draw(&r, m, m, &all);
    }
    sparse_send_blocks(run, &all, &mine);

    double *partial_y = kernel_calloc((size_t)m, sizeof *partial_y);
    double *y = kernel_calloc((size_t)m, sizeof *y);
    kernel_require_memory(partial_y && y, run->comm, "sparsematmult");
    sparse_multiply(run, &mine, x, partial_y, y, m, sparse_iterations[ci]);
    if (run->rank == 0) {
        double ytotal = 0.0;
        for (long i = 0; i < all.count; i++)
            ytotal += y[all.row[i]];
        jgf_result_check(result, "ytotal", ytotal, sparse_ytotal_ref[ci],
                         SPARSE_TOLERANCE);
    }
    sparse_free(&mine);
    sparse_free(&all);
    kernel_free(x);
    kernel_free(partial_y);
    kernel_free(y);
}

JGF_KERNEL(kernel_jgf_sparsematmult, "sparsematmult", sparse_refuse,
           sparse_run);
