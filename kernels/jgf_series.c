/*
 * kernels/jgf_series.c: JGF Series (JGF MPJ 1.0, section 2): the first N
 * Fourier coefficient pairs (A_i, B_i) of f(x) = (x+1)^x on [0, 2], each
 * by a 1000-step trapezoid integration.  The coefficients are cut into
 * blocks, one per process, and gathered to rank 0, which checks the first
 * four pairs against JGF's reference values (the same for every class,
 * mpchar's S included).  N = 1000 (S), 10000 (A), 100000 (B), 1000000 (C).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "jgf_common.h"

static const long series_rows[] = {1000, 10000, 100000, 1000000};

/* JGF's validation: the first four (A_i, B_i) pairs, within 1e-12. */
static const double series_ref[4][2] = {
    {2.8729524964837996, 0.0},
    {1.1161046676147888, -1.8819691893398025},
    {0.34429060398168704, -1.1645642623320958},
    {0.15238898702519288, -0.8143461113044298},
};
#define SERIES_TOLERANCE 1.0e-12
#define SERIES_STEPS 1000

enum series_term { TERM_A0, TERM_COS, TERM_SIN };

static double series_function(double x, double omega_n, enum series_term t)
{
    double f = pow(x + 1.0, x);
    switch (t) {
    case TERM_COS: return f * cos(omega_n * x);
    case TERM_SIN: return f * sin(omega_n * x);
    default: return f;
    }
}

/* JGF's TrapezoidIntegrate, step for step: it sums nsteps - 2 interior
 * points (not nsteps - 1), and the reference values depend on that. */
static double series_trapezoid(double x0, double x1, int nsteps, double omega_n,
                               enum series_term t)
{
    double x = x0;
    double dx = (x1 - x0) / (double)nsteps;
    double sum = series_function(x0, omega_n, t) / 2.0;
    if (nsteps != 1) {
        --nsteps;
        while (--nsteps > 0) {
            x += dx;
            sum += series_function(x, omega_n, t);
        }
    }
    return (sum + series_function(x1, omega_n, t) / 2.0) * dx;
}

/* Coefficients first .. first + count - 1 into a[] (cosine) and b[]. */
static void series_compute(long first, long count, double *a, double *b)
{
    const double omega = 3.1415926535897932; /* 2 pi / period 2 */
    for (long i = 0; i < count; i++) {
        long n = first + i;
        if (n == 0) {
            a[i] = series_trapezoid(0.0, 2.0, SERIES_STEPS, 0.0, TERM_A0) / 2.0;
            b[i] = 0.0;
            continue;
        }
        a[i] = series_trapezoid(0.0, 2.0, SERIES_STEPS, omega * (double)n,
                                TERM_COS);
        b[i] = series_trapezoid(0.0, 2.0, SERIES_STEPS, omega * (double)n,
                                TERM_SIN);
    }
}

static void series_gather(const struct kernel_run *run,
                          const struct jgf_block *mine, long rows,
                          const double *a, const double *b, double *all_a,
                          double *all_b)
{
    struct jgf_counts c;
    jgf_block_counts(run, rows, 1, 1, &c);
    kernel_comm_begin();
    MPI_Barrier(run->comm);
    MPI_Gatherv(a, (int)mine->count, MPI_DOUBLE, all_a, c.counts, c.displs,
                MPI_DOUBLE, 0, run->comm);
    MPI_Gatherv(b, (int)mine->count, MPI_DOUBLE, all_b, c.counts, c.displs,
                MPI_DOUBLE, 0, run->comm);
    kernel_comm_end();
    jgf_counts_free(&c);
}

static void series_validate(const double *a, const double *b,
                            struct kernel_result *result)
{
    double sum = 0.0;
    double ref_sum = 0.0;
    result->verified = true;
    for (int i = 0; i < 4; i++) {
        const double got[2] = {a[i], b[i]};
        for (int j = 0; j < 2; j++) {
            sum += got[j];
            ref_sum += series_ref[i][j];
            struct kernel_result one = {0};
            char what[32];
            snprintf(what, sizeof what, "%c[%d]", j == 0 ? 'A' : 'B', i);
            jgf_result_check(&one, what, got[j], series_ref[i][j],
                             SERIES_TOLERANCE);
            if (!one.verified && result->verified) {
                result->verified = false;
                snprintf(result->detail, sizeof result->detail, "%s",
                         one.detail);
            }
        }
    }
    result->value = sum;
    result->reference = ref_sum;
}

static const char *series_refuse(const struct kernel_run *run)
{
    /* rank 0 must hold the four checked pairs */
    return jgf_block_refuse(series_rows[jgf_class_index(run->problem_class)], 4,
                            run);
}

static void series_run(const struct kernel_run *run,
                       struct kernel_result *result)
{
    long rows = series_rows[jgf_class_index(run->problem_class)];
    struct jgf_block mine;
    jgf_block_split(rows, 1, run->size, run->rank, &mine);
    double *a = kernel_calloc((size_t)mine.count, sizeof *a);
    double *b = kernel_calloc((size_t)mine.count, sizeof *b);
    kernel_require_memory(a && b, run->comm, "series");
    double *all_a = NULL;
    double *all_b = NULL;
    if (run->rank == 0) {
        all_a = kernel_calloc((size_t)rows, sizeof *all_a);
        all_b = kernel_calloc((size_t)rows, sizeof *all_b);
        kernel_require_memory(all_a && all_b, run->comm, "series");
    }
    series_compute(mine.first, mine.count, a, b);
    if (run->rank == 0)
        a[0] += kernel_fault();
    series_gather(run, &mine, rows, a, b, all_a, all_b);
    if (run->rank == 0)
        series_validate(all_a, all_b, result);
    kernel_free(a);
    kernel_free(b);
    kernel_free(all_a);
    kernel_free(all_b);
}

JGF_KERNEL(kernel_jgf_series, "series", series_refuse, series_run);
