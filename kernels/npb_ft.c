/*
 * kernels/npb_ft.c: NPB FT, the 3-D FFT PDE kernel (RNR-94-007 section
 * 2.6; NPB 3.4 FT/ft.f): random complex initial data, one forward 3-D FFT,
 * then per iteration t the spectrum times exp(-4 alpha pi^2 |k|^2 t), an
 * inverse 3-D FFT and a checksum of 1024 fixed elements.  NPB's 1-D
 * layout: each rank holds z-planes for the x and y transforms; an
 * alltoall transposes to y-slabs for the z transform (and back for the
 * inverse).  Verified against the published checksum of every iteration
 * (relative error 1e-12, real and imaginary parts together).
 */
#include "harness.h"
#include "npb_common.h"
#include "npb_random.h"

#include <complex.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FT_CLASSES "SWA"
#define FT_NITER 6 /* iterations of every class defined (S, W, A) */
#define FT_EPSILON 1e-12
#define FT_ALPHA 1.0e-6
#define FT_PI 3.141592653589793238
#define FT_CHECKED 1024 /* elements summed by the checksum */

/* Per class: grid and NPB 3.4's checksums (re, im) per iteration. */
static const struct ft_class {
    int nx, ny, nz;
    double sums[FT_NITER][2];
} ft_classes[] = {
    {64,
     64,
     64,
     {{5.546087004964e+02, 4.845363331978e+02},
      {5.546385409189e+02, 4.865304269511e+02},
      {5.546148406171e+02, 4.883910722336e+02},
      {5.545423607415e+02, 4.901273169046e+02},
      {5.544255039624e+02, 4.917475857993e+02},
      {5.542683411902e+02, 4.932597244941e+02}}},
    {128,
     128,
     32,
     {{5.673612178944e+02, 5.293246849175e+02},
      {5.631436885271e+02, 5.282149986629e+02},
      {5.594024089970e+02, 5.270996558037e+02},
      {5.560698047020e+02, 5.260027904925e+02},
      {5.530898991250e+02, 5.249400845633e+02},
      {5.504159734538e+02, 5.239212247086e+02}}},
    {256,
     256,
     128,
     {{5.046735008193e+02, 5.114047905510e+02},
      {5.059412319734e+02, 5.098809666433e+02},
      {5.069376896287e+02, 5.098144042213e+02},
      {5.077892868474e+02, 5.101336130759e+02},
      {5.085233095391e+02, 5.104914655194e+02},
      {5.091487099959e+02, 5.107917842803e+02}}},
};

/* re + i im (glibc's CMPLX is missing under clang). */
static double complex ft_complex(double re, double im)
{
    return re + im * I;
}

/* Roots of unity for one transform length (a power of two). */
struct ft_plan {
    int n;
    double complex *root; /* exp(-2 pi i k / n), k < n/2 */
};

/* This rank's slabs: z-planes [z0, z0 + nzl) and y-rows [y0, y0 + nyl). */
struct ft_state {
    const struct ft_class *c;
    const struct kernel_run *run;
    int nzl, z0, nyl, y0;
    size_t local; /* complex elements per rank, either layout */
    struct ft_plan px, py, pz;
    double complex *spectrum; /* y-slab, evolved in place */
    double complex *work;     /* y-slab, then z-slab result */
    double complex *send, *recv;
    double complex *line; /* one strided line, gathered */
    double *ex, *ey, *ez; /* exp(-4 alpha pi^2 k^2) per axis */
};

static bool ft_plan_init(struct ft_plan *p, int n)
{
    p->n = n;
    p->root = kernel_alloc(sizeof *p->root * (size_t)(n / 2 + 1));
    for (int k = 0; p->root != NULL && k < n / 2; k++) {
        double t = -2.0 * FT_PI * k / n;
        p->root[k] = ft_complex(cos(t), sin(t));
    }
    return p->root != NULL;
}

/* In-place radix-2 transform of a contiguous line; inverse = conjugate
 * roots, unnormalised (NPB's checksum divides by the grid size). */
static void ft_line(const struct ft_plan *p, double complex *a, bool inverse)
{
    int n = p->n;
    for (int i = 1, j = 0; i < n; i++) {
        int bit = n >> 1;
        for (; j & bit; bit >>= 1) {
            j ^= bit;
        }
        j |= bit;
        if (i < j) {
            double complex t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }
    for (int len = 2; len <= n; len <<= 1) {
        int stride = n / len;
        for (int i = 0; i < n; i += len) {
            for (int k = 0; k < len / 2; k++) {
                double complex w = p->root[k * stride];
                if (inverse) {
                    w = conj(w);
                }
                double complex u = a[i + k];
                double complex v = a[i + k + len / 2] * w;
                a[i + k] = u + v;
                a[i + k + len / 2] = u - v;
            }
        }
    }
}

/* Transforms count lines of length p->n, elements stride apart, lines
 * starting at base + l * step. */
static void ft_lines(const struct ft_plan *p, double complex *line,
                     double complex *base, size_t count, size_t step,
                     size_t stride, bool inverse)
{
    for (size_t l = 0; l < count; l++) {
        double complex *at = base + l * step;
        for (int i = 0; i < p->n; i++) {
            line[i] = at[(size_t)i * stride];
        }
        ft_line(p, line, inverse);
        for (int i = 0; i < p->n; i++) {
            at[(size_t)i * stride] = line[i];
        }
    }
}

/* x and y transforms of every local z-plane (z-slab layout [z][y][x]). */
static void ft_xy(struct ft_state *s, double complex *u, bool inverse)
{
    int nx = s->c->nx, ny = s->c->ny;
    for (int z = 0; z < s->nzl; z++) {
        double complex *plane = u + (size_t)z * nx * ny;
        ft_lines(&s->px, s->line, plane, (size_t)ny, (size_t)nx, 1, inverse);
        ft_lines(&s->py, s->line, plane, (size_t)nx, 1, (size_t)nx, inverse);
    }
}

/* z transforms of every local y-row (y-slab layout [y][z][x]). */
static void ft_z(struct ft_state *s, double complex *v, bool inverse)
{
    int nx = s->c->nx, nz = s->c->nz;
    for (int y = 0; y < s->nyl; y++) {
        ft_lines(&s->pz, s->line, v + (size_t)y * nz * nx, (size_t)nx, 1,
                 (size_t)nx, inverse);
    }
}

/* z-slab u -> y-slab v through the alltoall (u is overwritten). */
static void ft_to_yslab(struct ft_state *s, double complex *u,
                        double complex *v)
{
    int nx = s->c->nx, ny = s->c->ny, nz = s->c->nz, size = s->run->size;
    size_t block = (size_t)s->nzl * s->nyl * nx;
    for (int q = 0; q < size; q++) {
        for (int z = 0; z < s->nzl; z++) {
            memcpy(s->send + q * block + (size_t)z * s->nyl * nx,
                   u + ((size_t)z * ny + (size_t)q * s->nyl) * nx,
                   sizeof *u * (size_t)s->nyl * nx);
        }
    }
    kernel_comm_begin();
    MPI_Alltoall(s->send, (int)(2 * block), MPI_DOUBLE, s->recv,
                 (int)(2 * block), MPI_DOUBLE, s->run->comm);
    kernel_comm_end();
    for (int q = 0; q < size; q++) {
        for (int z = 0; z < s->nzl; z++) {
            for (int y = 0; y < s->nyl; y++) {
                memcpy(v + ((size_t)y * nz + (size_t)q * s->nzl + z) * nx,
                       s->recv + q * block + ((size_t)z * s->nyl + y) * nx,
                       sizeof *v * (size_t)nx);
            }
        }
    }
}

/* y-slab v -> z-slab u, the inverse of ft_to_yslab. */
static void ft_to_zslab(struct ft_state *s, double complex *v,
                        double complex *u)
{
    int nx = s->c->nx, ny = s->c->ny, nz = s->c->nz, size = s->run->size;
    size_t block = (size_t)s->nzl * s->nyl * nx;
    for (int q = 0; q < size; q++) {
        for (int z = 0; z < s->nzl; z++) {
            for (int y = 0; y < s->nyl; y++) {
                memcpy(s->send + q * block + ((size_t)z * s->nyl + y) * nx,
                       v + ((size_t)y * nz + (size_t)q * s->nzl + z) * nx,
                       sizeof *v * (size_t)nx);
            }
        }
    }
    kernel_comm_begin();
    MPI_Alltoall(s->send, (int)(2 * block), MPI_DOUBLE, s->recv,
                 (int)(2 * block), MPI_DOUBLE, s->run->comm);
    kernel_comm_end();
    for (int q = 0; q < size; q++) {
        for (int z = 0; z < s->nzl; z++) {
            memcpy(u + ((size_t)z * ny + (size_t)q * s->nyl) * nx,
                   s->recv + q * block + (size_t)z * s->nyl * nx,
                   sizeof *u * (size_t)s->nyl * nx);
        }
    }
}

/* NPB's initial data: plane z is the sequence from seed jumped by
 * 2 nx ny z numbers, real and imaginary parts interleaved, x fastest. */
static void ft_initial(struct ft_state *s, double complex *u)
{
    int nx = s->c->nx, ny = s->c->ny;
    int64_t plane = 2 * (int64_t)nx * ny;
    double start = npb_jump(NPB_RANDOM_SEED, NPB_RANDOM_A, plane * s->z0);
    double an = npb_pow46(NPB_RANDOM_A, plane);
    for (int z = 0; z < s->nzl; z++) {
        double x0 = start;
        npb_vranlc(plane, &x0, NPB_RANDOM_A,
                   (double *)(u + (size_t)z * nx * ny));
        (void)npb_randlc(&start, an);
    }
}

/* exp(-4 alpha pi^2 kbar^2) for kbar = 0, 1, ..., n/2 - 1, -n/2, ..., -1. */
static double *ft_decay(int n)
{
    double *e = kernel_alloc(sizeof *e * (size_t)n);
    for (int i = 0; e != NULL && i < n; i++) {
        int k = (i + n / 2) % n - n / 2;
        e[i] = exp(-4.0 * FT_ALPHA * FT_PI * FT_PI * (double)k * k);
    }
    return e;
}

/* One time step of the spectrum (y-slab layout). */
static void ft_evolve(struct ft_state *s)
{
    int nx = s->c->nx, nz = s->c->nz;
    for (int y = 0; y < s->nyl; y++) {
        for (int z = 0; z < nz; z++) {
            double f = s->ey[s->y0 + y] * s->ez[z];
            double complex *row = s->spectrum + ((size_t)y * nz + z) * nx;
            for (int x = 0; x < nx; x++) {
                row[x] *= f * s->ex[x];
            }
        }
    }
}

/* NPB's checksum: 1024 elements of the z-slab u, summed over ranks,
 * divided by the grid size. */
static double complex ft_checksum(struct ft_state *s, const double complex *u)
{
    int nx = s->c->nx, ny = s->c->ny, nz = s->c->nz;
    double sum[2] = {0.0, 0.0};
    double all[2];
    for (int j = 1; j <= FT_CHECKED; j++) {
        int x = j % nx, y = (3 * j) % ny, z = (5 * j) % nz;
        if (z >= s->z0 && z < s->z0 + s->nzl) {
            double complex e = u[((size_t)(z - s->z0) * ny + y) * nx + x];
            sum[0] += creal(e);
            sum[1] += cimag(e);
        }
    }
    kernel_comm_begin();
    MPI_Allreduce(sum, all, 2, MPI_DOUBLE, MPI_SUM, s->run->comm);
    kernel_comm_end();
    double total = (double)nx * ny * nz;
    return ft_complex(all[0] / total, all[1] / total);
}

static bool ft_alloc(struct ft_state *s)
{
    const struct ft_class *c = s->c;
    s->nzl = c->nz / s->run->size;
    s->z0 = s->nzl * s->run->rank;
    s->nyl = c->ny / s->run->size;
    s->y0 = s->nyl * s->run->rank;
    s->local = (size_t)c->nx * c->ny * s->nzl;
    int longest = c->nx > c->ny ? c->nx : c->ny;
    longest = longest > c->nz ? longest : c->nz;
    s->spectrum = kernel_alloc(sizeof(double complex) * s->local);
    s->work = kernel_alloc(sizeof(double complex) * s->local);
    s->send = kernel_alloc(sizeof(double complex) * s->local);
    s->recv = kernel_alloc(sizeof(double complex) * s->local);
    s->line = kernel_alloc(sizeof(double complex) * (size_t)longest);
    s->ex = ft_decay(c->nx);
    s->ey = ft_decay(c->ny);
    s->ez = ft_decay(c->nz);
    bool plans = ft_plan_init(&s->px, c->nx) && ft_plan_init(&s->py, c->ny) &&
                 ft_plan_init(&s->pz, c->nz);
    return plans && s->spectrum && s->work && s->send && s->recv && s->line &&
           s->ex && s->ey && s->ez;
}

static void ft_free(struct ft_state *s)
{
    kernel_free(s->px.root);
    kernel_free(s->py.root);
    kernel_free(s->pz.root);
    kernel_free(s->spectrum);
    kernel_free(s->work);
    kernel_free(s->send);
    kernel_free(s->recv);
    kernel_free(s->line);
    kernel_free(s->ex);
    kernel_free(s->ey);
    kernel_free(s->ez);
}

/* Compares every iteration's checksum with the published one; value and
 * reference are the real parts of the first that differs (or the last). */
static void ft_verify(const struct ft_class *c, const double complex sums[],
                      struct kernel_result *result)
{
    int bad = -1;
    for (int t = 0; t < FT_NITER && bad < 0; t++) {
        double complex ref = ft_complex(c->sums[t][0], c->sums[t][1]);
        double err = cabs((sums[t] - ref) / ref);
        if (!(err <= FT_EPSILON)) {
            bad = t;
        }
    }
    int shown = bad >= 0 ? bad : FT_NITER - 1;
    result->verified = bad < 0;
    result->value = creal(sums[shown]);
    result->reference = c->sums[shown][0];
    if (bad >= 0)
        snprintf(result->detail, sizeof result->detail,
                 "checksum of iteration %d = %.12e%+.12ei, published "
                 "%.12e%+.12ei (relative error > %.0e)",
                 shown + 1, creal(sums[shown]), cimag(sums[shown]),
                 c->sums[shown][0], c->sums[shown][1], FT_EPSILON);
}

static const char *ft_refuse(const struct kernel_run *run)
{
    const char *why = npb_refuse_unless_power_of_two(run->size);
    int row = kernel_class_row(FT_CLASSES, run->problem_class);
    if (why == NULL && row >= 0 &&
        (run->size > ft_classes[row].ny || run->size > ft_classes[row].nz)) {
        return "FT's 1-D layout gives every process whole z-planes and "
               "y-rows: more processes than planes";
    }
    return why;
}

static void ft_run(const struct kernel_run *run, struct kernel_result *result)
{
    struct ft_state s = {
        .c = &ft_classes[kernel_class_row(FT_CLASSES, run->problem_class)],
        .run = run,
    };
    double complex sums[FT_NITER];
    kernel_require_memory(ft_alloc(&s), run->comm, "ft");
    ft_initial(&s, s.work);
    ft_xy(&s, s.work, false);
    ft_to_yslab(&s, s.work, s.spectrum);
    ft_z(&s, s.spectrum, false);
    for (int t = 0; t < FT_NITER; t++) {
        ft_evolve(&s);
        memcpy(s.work, s.spectrum, sizeof *s.work * s.local);
        ft_z(&s, s.work, true);
        ft_to_zslab(&s, s.work, s.work);
        ft_xy(&s, s.work, true);
        sums[t] = ft_checksum(&s, s.work);
    }
    sums[FT_NITER - 1] += kernel_fault();
    ft_free(&s);
    ft_verify(s.c, sums, result);
}

NPB_KERNEL(kernel_npb_ft, "ft", FT_CLASSES, ft_refuse, ft_run);
