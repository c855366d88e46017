/*
 * kernels/npb_cg.c: NPB CG, the conjugate gradient kernel (RNR-94-007
 * section 2.4; NPB 3.4 CG/cg.f): the inverse power method on NPB's random
 * sparse symmetric matrix (makea: n outer products of random sparse
 * vectors, geometrically scaled, plus rcond - shift on the diagonal), each
 * outer iteration solving A z = x by 25 CG steps; zeta = shift + 1/(x.z).
 * As in NPB's MPI version the matrix is cut on a process grid of
 * nprows x npcols (npcols = nprows or 2 nprows); every vector lives in
 * column blocks.  A product sums the partial products across a process
 * row (allreduce on the row communicator) and moves the row block to the
 * rank that holds the matching column block (the transpose exchange);
 * dot products are summed across a process row.  Verified against the
 * published zeta of the class (relative error 1e-10).
 */
#include "harness.h"
#include "npb_common.h"
#include "npb_random.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CG_CLASSES "SWA"
#define CG_STEPS 25 /* CG steps per outer iteration (cgitmax) */
#define CG_RCOND 0.1
#define CG_EPSILON 1e-10
#define CG_TRAN 314159265.0

/* Per class: order, nonzeros per generated vector, outer iterations,
 * shift, and NPB 3.4's zeta. */
static const struct cg_class {
    int n, nonzer, niter;
    double shift, zeta;
} cg_classes[] = {
    {1400, 7, 15, 10.0, 8.5971775078648},
    {7000, 8, 15, 12.0, 10.362595087124},
    {14000, 11, 15, 20.0, 17.130235054029},
};

/* This rank's place on the grid and its block of the matrix (CSR, local
 * column indices). */
struct cg_grid {
    int nprows, npcols, row, col;
    int row0, nrows; /* global first row and count of this block */
    int col0, ncols;
    MPI_Comm comm;               /* all ranks */
    MPI_Comm row_comm;           /* the ranks of this process row */
    int transpose_partner;       /* swaps its column block for mine */
    int send_offset, send_count; /* which of my summed rows I send */
    int *rowstr, *colidx;
    double *a;
};

static int cg_block_start(int b, int n, int blocks)
{
    return (int)((int64_t)b * n / blocks);
}

/* A generated matrix element (makea's arow, acol, aelt). */
struct cg_triple {
    int row, col;
    double value;
};

struct cg_triples {
    struct cg_triple *at;
    size_t count, capacity;
};

static void cg_push(struct cg_triples *t, int row, int col, double value)
{
    if (t->count == t->capacity) {
        t->capacity = t->capacity ? 2 * t->capacity : 4096;
        struct cg_triple *more = kernel_alloc(sizeof *more * t->capacity);
        kernel_require_memory(more != NULL, MPI_COMM_WORLD, "cg");
        if (t->count)
            memcpy(more, t->at, sizeof *more * t->count);
        kernel_free(t->at);
        t->at = more;
    }
    t->at[t->count++] = (struct cg_triple){row, col, value};
}

/* NPB's sprnvc: nz distinct random positions in [0, n) with random values,
 * positions drawn as int(nn1 * u) for nn1 the power of two >= n. */
static int cg_sparse_vector(int n, int nz, double *tran, double v[], int iv[])
{
    int nn1 = 1 << npb_log2_ceil(n);
    int count = 0;
    while (count < nz) {
        double value = npb_randlc(tran, NPB_RANDOM_A);
        double where = npb_randlc(tran, NPB_RANDOM_A);
        int i = (int)(nn1 * where);
        bool seen = i >= n;
        for (int k = 0; k < count && !seen; k++) {
            seen = iv[k] == i;
        }
        if (!seen) {
            v[count] = value;
            iv[count++] = i;
        }
    }
    return count;
}

/* NPB's vecset: element i of the sparse vector becomes val. */
static int cg_set_element(int nzv, double v[], int iv[], int i, double val)
{
    for (int k = 0; k < nzv; k++) {
        if (iv[k] == i) {
            v[k] = val;
            return nzv;
        }
    }
    v[nzv] = val;
    iv[nzv] = i;
    return nzv + 1;
}

/* makea's element list for this block, in generation order. */
static void cg_generate(const struct cg_class *c, const struct cg_grid *g,
                        struct cg_triples *t)
{
    double tran = CG_TRAN;
    double size = 1.0;
    double ratio = pow(CG_RCOND, 1.0 / c->n);
    double v[64]; /* nonzer + 1 <= 12 elements in every class offered */
    int iv[64];
    (void)npb_randlc(&tran, NPB_RANDOM_A); /* cg.f draws zeta first */
    for (int outer = 0; outer < c->n; outer++) {
        int nzv = cg_sparse_vector(c->n, c->nonzer, &tran, v, iv);
        nzv = cg_set_element(nzv, v, iv, outer, 0.5);
        for (int e = 0; e < nzv; e++) {
            int col = iv[e];
            if (col < g->col0 || col >= g->col0 + g->ncols) {
                continue;
            }
            double scale = size * v[e];
            for (int f = 0; f < nzv; f++) {
                int row = iv[f];
                if (row >= g->row0 && row < g->row0 + g->nrows) {
                    cg_push(t, row, col, v[f] * scale);
                }
            }
        }
        size *= ratio;
    }
    for (int i = g->row0; i < g->row0 + g->nrows; i++) {
        if (i >= g->col0 && i < g->col0 + g->ncols) {
            cg_push(t, i, i, CG_RCOND - c->shift);
        }
    }
}

/* NPB's sparse: rows by a stable bucket sort, duplicates summed in
 * generation order, columns in order of first appearance, exact zeros
 * dropped; column indices made local. */
static bool cg_assemble(const struct cg_triples *t, struct cg_grid *g)
{
    int n = g->nrows;
    int *start = kernel_calloc((size_t)n + 1, sizeof(int));
    int *cols = kernel_alloc(sizeof(int) * (t->count + 1));
    double *vals = kernel_alloc(sizeof(double) * (t->count + 1));
    double *acc = kernel_calloc((size_t)g->ncols, sizeof(double));
    int *mark = kernel_calloc((size_t)g->ncols, sizeof(int));
    int *order = kernel_alloc(sizeof(int) * ((size_t)g->ncols + 1));
    g->rowstr = kernel_alloc(sizeof(int) * ((size_t)n + 1));
    g->colidx = kernel_alloc(sizeof(int) * (t->count + 1));
    g->a = kernel_alloc(sizeof(double) * (t->count + 1));
    bool ok = start && cols && vals && acc && mark && order && g->rowstr &&
              g->colidx && g->a;
    if (ok) {
        for (size_t k = 0; k < t->count; k++) {
            start[t->at[k].row - g->row0 + 1]++;
        }
        for (int r = 0; r < n; r++) {
            start[r + 1] += start[r];
        }
        for (size_t k = 0; k < t->count; k++) {
            int at = start[t->at[k].row - g->row0]++;
            cols[at] = t->at[k].col - g->col0;
            vals[at] = t->at[k].value;
        }
        int nza = 0;
        int begin = 0;
        g->rowstr[0] = 0;
        for (int r = 0; r < n; r++) {
            int seen = 0;
            for (int k = begin; k < start[r]; k++) {
                int j = cols[k];
                acc[j] += vals[k];
                if (!mark[j] && acc[j] != 0.0) {
                    mark[j] = 1;
                    order[seen++] = j;
                }
            }
            for (int k = 0; k < seen; k++) {
                int j = order[k];
                mark[j] = 0;
                if (acc[j] != 0.0) {
                    g->a[nza] = acc[j];
                    g->colidx[nza++] = j;
                }
                acc[j] = 0.0;
            }
            begin = start[r];
            g->rowstr[r + 1] = nza;
        }
    }
    kernel_free(start);
    kernel_free(cols);
    kernel_free(vals);
    kernel_free(acc);
    kernel_free(mark);
    kernel_free(order);
    return ok;
}

/* The grid of NPB: npcols = nprows or 2 nprows; rank = row * npcols + col.
 * The transpose partner holds, among its summed rows, my column block. */
static void cg_place(const struct kernel_run *run, int n, struct cg_grid *g)
{
    int log2p = npb_log2_ceil(run->size);
    g->nprows = 1 << (log2p / 2);
    g->npcols = run->size / g->nprows;
    g->row = run->rank / g->npcols;
    g->col = run->rank % g->npcols;
    g->row0 = cg_block_start(g->row, n, g->nprows);
    g->nrows = cg_block_start(g->row + 1, n, g->nprows) - g->row0;
    g->col0 = cg_block_start(g->col, n, g->npcols);
    g->ncols = cg_block_start(g->col + 1, n, g->npcols) - g->col0;
    /* The partner (col / ratio, ratio row + col % ratio) is an involution:
     * my column block col lies in its summed rows and its column block
     * lies in mine, so one sendrecv swaps them. */
    int ratio = g->npcols / g->nprows; /* 1 or 2 column blocks per row */
    int partner_col = ratio * g->row + g->col % ratio;
    g->transpose_partner = (g->col / ratio) * g->npcols + partner_col;
    g->send_offset = cg_block_start(partner_col, n, g->npcols) - g->row0;
    g->send_count = cg_block_start(partner_col + 1, n, g->npcols) -
                    cg_block_start(partner_col, n, g->npcols);
    g->comm = run->comm;
    MPI_Comm_split(run->comm, g->row, g->col, &g->row_comm);
}

/* y = A p: local product, sum across the process row, transpose exchange;
 * p and y are column blocks, partial and sum are row-block work arrays. */
static void cg_matvec(const struct cg_grid *g, const double p[], double y[],
                      double partial[], double sum[])
{
    for (int r = 0; r < g->nrows; r++) {
        double s = 0.0;
        for (int k = g->rowstr[r]; k < g->rowstr[r + 1]; k++) {
            s += g->a[k] * p[g->colidx[k]];
        }
        partial[r] = s;
    }
    kernel_comm_begin();
    MPI_Allreduce(partial, sum, g->nrows, MPI_DOUBLE, MPI_SUM, g->row_comm);
    MPI_Sendrecv(sum + g->send_offset, g->send_count, MPI_DOUBLE,
                 g->transpose_partner, 1, y, g->ncols, MPI_DOUBLE,
                 g->transpose_partner, 1, g->comm, MPI_STATUS_IGNORE);
    kernel_comm_end();
}

/* Sums n dot products of column blocks across the process row. */
static void cg_row_sum(const struct cg_grid *g, double v[], int n)
{
    double out[2];
    kernel_comm_begin();
    MPI_Allreduce(v, out, n, MPI_DOUBLE, MPI_SUM, g->row_comm);
    kernel_comm_end();
    memcpy(v, out, sizeof(double) * (size_t)n);
}

static double cg_dot(const struct cg_grid *g, const double a[],
                     const double b[])
{
    double s = 0.0;
    for (int j = 0; j < g->ncols; j++) {
        s += a[j] * b[j];
    }
    cg_row_sum(g, &s, 1);
    return s;
}

/* Work vectors: column blocks x, z, p, q, r; row blocks partial, sum. */
struct cg_vectors {
    double *x, *z, *p, *q, *r, *partial, *sum;
};

/* 25 CG steps on A z = x from z = 0 (NPB's conj_grad); returns ||x - A z||. */
static double cg_solve(const struct cg_grid *g, struct cg_vectors *v)
{
    int n = g->ncols;
    for (int j = 0; j < n; j++) {
        v->q[j] = 0.0;
        v->z[j] = 0.0;
        v->r[j] = v->x[j];
        v->p[j] = v->r[j];
    }
    double rho = cg_dot(g, v->r, v->r);
    for (int step = 0; step < CG_STEPS; step++) {
        cg_matvec(g, v->p, v->q, v->partial, v->sum);
        double alpha = rho / cg_dot(g, v->p, v->q);
        double rho0 = rho;
        for (int j = 0; j < n; j++) {
            v->z[j] += alpha * v->p[j];
            v->r[j] -= alpha * v->q[j];
        }
        rho = cg_dot(g, v->r, v->r);
        double beta = rho / rho0;
        for (int j = 0; j < n; j++) {
            v->p[j] = v->r[j] + beta * v->p[j];
        }
    }
    cg_matvec(g, v->z, v->r, v->partial, v->sum);
    double s = 0.0;
    for (int j = 0; j < n; j++) {
        double d = v->x[j] - v->r[j];
        s += d * d;
    }
    cg_row_sum(g, &s, 1);
    return sqrt(s);
}

/* The inverse power method: niter solves, x <- z / ||z||. */
static double cg_power(const struct cg_class *c, const struct cg_grid *g,
                       struct cg_vectors *v)
{
    double zeta = 0.0;
    for (int j = 0; j < g->ncols; j++) {
        v->x[j] = 1.0;
    }
    for (int it = 0; it < c->niter; it++) {
        (void)cg_solve(g, v);
        double norms[2] = {0.0, 0.0};
        for (int j = 0; j < g->ncols; j++) {
            norms[0] += v->x[j] * v->z[j];
            norms[1] += v->z[j] * v->z[j];
        }
        cg_row_sum(g, norms, 2);
        zeta = c->shift + 1.0 / norms[0];
        double scale = 1.0 / sqrt(norms[1]);
        for (int j = 0; j < g->ncols; j++) {
            v->x[j] = scale * v->z[j];
        }
    }
    return zeta;
}

static bool cg_alloc(const struct cg_grid *g, struct cg_vectors *v)
{
    size_t cols = (size_t)g->ncols + 1;
    size_t rows = (size_t)g->nrows + 1;
    v->x = kernel_alloc(sizeof(double) * cols);
    v->z = kernel_alloc(sizeof(double) * cols);
    v->p = kernel_alloc(sizeof(double) * cols);
    v->q = kernel_alloc(sizeof(double) * cols);
    v->r = kernel_alloc(sizeof(double) * cols);
    v->partial = kernel_alloc(sizeof(double) * rows);
    v->sum = kernel_alloc(sizeof(double) * rows);
    return v->x && v->z && v->p && v->q && v->r && v->partial && v->sum;
}

static void cg_free(struct cg_grid *g, struct cg_vectors *v)
{
    kernel_free(v->x);
    kernel_free(v->z);
    kernel_free(v->p);
    kernel_free(v->q);
    kernel_free(v->r);
    kernel_free(v->partial);
    kernel_free(v->sum);
    kernel_free(g->rowstr);
    kernel_free(g->colidx);
    kernel_free(g->a);
    MPI_Comm_free(&g->row_comm);
}

static const char *cg_refuse(const struct kernel_run *run)
{
    return npb_refuse_unless_power_of_two(run->size);
}

static void cg_run(const struct kernel_run *run, struct kernel_result *result)
{
    const struct cg_class *c =
        &cg_classes[kernel_class_row(CG_CLASSES, run->problem_class)];
    struct cg_grid g = {0};
    struct cg_vectors v = {0};
    struct cg_triples t = {0};
    kernel_comm_begin();
    cg_place(run, c->n, &g);
    kernel_comm_end();
    cg_generate(c, &g, &t);
    bool ok = cg_assemble(&t, &g) && cg_alloc(&g, &v);
    kernel_free(t.at);
    kernel_require_memory(ok, run->comm, "cg");
    double zeta = cg_power(c, &g, &v) + kernel_fault();
    cg_free(&g, &v);
    npb_check(result, "zeta", zeta, c->zeta, CG_EPSILON);
}

NPB_KERNEL(kernel_npb_cg, "cg", CG_CLASSES, cg_refuse, cg_run);
