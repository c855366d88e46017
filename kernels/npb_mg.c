/*
 * kernels/npb_mg.c: NPB MG, the multigrid kernel (RNR-94-007 section 2.2;
 * NPB 3.4 MG/mg.f): four V-cycles (residual, restriction rprj3, smoother
 * psinv, prolongation interp) of a 27-point Poisson operator on a periodic
 * grid whose right-hand side is +1 at the ten largest and -1 at the ten
 * smallest of the grid's random numbers.  As in NPB's MPI version the grid
 * is cut on a 3-D process grid (powers of two, x first split last) and
 * each level's arrays carry one ghost layer, refreshed after every
 * operator by face exchanges with the two neighbours along each axis in
 * turn; the norms are allreduced.  Verified against the published L2 norm
 * of the final residual (relative error 1e-8).
 *
 * Arrays use NPB's Fortran indices (1-based, ghosts at 1 and n) through
 * MG_AT, so that every loop reads as the specification's.
 */
#include "harness.h"
#include "npb_common.h"
#include "npb_random.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MG_CLASSES "SWAB"
#define MG_EPSILON 1e-8
#define MG_CHARGES 10 /* points set to +1 and to -1 */
#define MG_LEVELS_MAX 12
#define MG_AT(a, n, i1, i2, i3) \
    (a)[(((size_t)(i3)-1) * (n)[1] + ((size_t)(i2)-1)) * (n)[0] + ((i1)-1)]

/* The smoothers S(a) of classes S, W, A and S(b) of class B. */
#define MG_SMOOTHER_A                            \
    {                                            \
        -3.0 / 8.0, 1.0 / 32.0, -1.0 / 64.0, 0.0 \
    }
#define MG_SMOOTHER_B                             \
    {                                             \
        -3.0 / 17.0, 1.0 / 33.0, -1.0 / 61.0, 0.0 \
    }

/* Per class: grid points per side, V-cycles, smoother coefficients and
 * NPB 3.4's L2 norm. */
static const struct mg_class {
    int n, nit;
    double c[4];
    double rnm2;
} mg_classes[] = {
    {32, 4, MG_SMOOTHER_A, 0.5307707005734e-04},
    {128, 4, MG_SMOOTHER_A, 0.6467329375339e-05},
    {256, 4, MG_SMOOTHER_A, 0.2433365309069e-05},
    {256, 20, MG_SMOOTHER_B, 0.1800564401355e-05},
};

/* The operator A (the same for every class). */
static const double mg_a[4] = {-8.0 / 3.0, 0.0, 1.0 / 6.0, 1.0 / 12.0};

/* One level's local block: sizes with ghosts, u and r. */
struct mg_level {
    int m[3];
    double *u, *r;
};

struct mg_state {
    const struct kernel_run *run;
    const double *c; /* the class's smoother */
    int lt;          /* finest level; level 1 has 2 points per side */
    int procs[3], coord[3];
    int nbr[3][2]; /* neighbour ranks: [axis][0 = -1, 1 = +1] */
    int first[3];  /* global index of my first point, finest level */
    struct mg_level level[MG_LEVELS_MAX + 1];
    double *v; /* right-hand side, finest level */
    double *face_out, *face_in;
    double *t1, *t2, *t3; /* line temporaries (NPB's x1, y1, z1...) */
    /* The finest level some rank holds no point of along an axis is
     * below kc, the coarsest level every rank holds points of (1 when
     * p <= 8).  Levels below kc are computed redundantly by every rank on
     * the whole grid (coarse, a state of one process on MPI_COMM_SELF),
     * from level kc's residual gathered from all ranks (gather_blk). */
    int kc;
    struct mg_state *coarse;
    struct kernel_run coarse_run;
    double *gather_blk, *gather_all;
};

/* NPB's process grid: log2 p split as x = log_p / 3, y = (log_p - x) / 2,
 * z the rest; rank = x + px (y + py z). */
static void mg_grid(struct mg_state *s)
{
    int log_p = npb_log2_ceil(s->run->size);
    int dx = log_p / 3;
    int dy = (log_p - dx) / 2;
    s->procs[0] = 1 << dx;
    s->procs[1] = 1 << dy;
    s->procs[2] = s->run->size / (s->procs[0] * s->procs[1]);
    int me = s->run->rank;
    s->coord[0] = me % s->procs[0];
    s->coord[1] = (me / s->procs[0]) % s->procs[1];
    s->coord[2] = me / (s->procs[0] * s->procs[1]);
    for (int ax = 0; ax < 3; ax++) {
        for (int d = 0; d < 2; d++) {
            int c[3] = {s->coord[0], s->coord[1], s->coord[2]};
            c[ax] = (c[ax] + (d ? 1 : -1) + s->procs[ax]) % s->procs[ax];
            s->nbr[ax][d] = c[0] + s->procs[0] * (c[1] + s->procs[1] * c[2]);
        }
    }
}

/* Copies face `at` of axis ax between u and buf: the other axes run over
 * ghosts for axes already exchanged, over the interior for later ones
 * (NPB's give3/take3), so that edges and corners fill in turn. */
static int mg_face(double *u, const int m[3], int ax, int at, double *buf,
                   bool pack)
{
    int b = ax == 0 ? 1 : 0;
    int c = ax == 2 ? 1 : 2;
    int blo = b < ax ? 1 : 2, bhi = b < ax ? m[b] : m[b] - 1;
    int clo = c < ax ? 1 : 2, chi = c < ax ? m[c] : m[c] - 1;
    int count = 0;
    for (int j = clo; j <= chi; j++) {
        for (int i = blo; i <= bhi; i++) {
            int x[3];
            x[ax] = at;
            x[b] = i;
            x[c] = j;
            double *e = &MG_AT(u, m, x[0], x[1], x[2]);
            if (pack) {
                buf[count++] = *e;
            } else {
                *e = buf[count++];
            }
        }
    }
    return count;
}

/* NPB's comm3: per axis, the last interior face to the + neighbour (into
 * its low ghost) and the first to the - neighbour (into its high ghost). */
static void mg_comm3(struct mg_state *s, double *u, const int m[3])
{
    kernel_comm_begin();
    for (int ax = 0; ax < 3; ax++) {
        for (int d = 0; d < 2; d++) {
            int from = d ? 2 : m[ax] - 1; /* interior face sent */
            int into = d ? m[ax] : 1;     /* ghost face received */
            int to = s->nbr[ax][d ? 0 : 1];
            int src = s->nbr[ax][d ? 1 : 0];
            int n = mg_face(u, m, ax, from, s->face_out, true);
            MPI_Sendrecv(s->face_out, n, MPI_DOUBLE, to, 10 * ax + d,
                         s->face_in, n, MPI_DOUBLE, src, 10 * ax + d,
                         s->run->comm, MPI_STATUS_IGNORE);
            (void)mg_face(u, m, ax, into, s->face_in, false);
        }
    }
    kernel_comm_end();
}

/* For every i1 of line (i2, i3): the sums of a's four edge neighbours
 * (s1) and four corner neighbours (s2) across the i2-i3 plane, which the
 * 27-point operators of resid and psinv share (NPB's u1/u2, r1/r2). */
static void mg_cross_sums(const double *a, const int m[3], int i2, int i3,
                          double s1[], double s2[])
{
    for (int i1 = 1; i1 <= m[0]; i1++) {
        s1[i1] = MG_AT(a, m, i1, i2 - 1, i3) + MG_AT(a, m, i1, i2 + 1, i3) +
                 MG_AT(a, m, i1, i2, i3 - 1) + MG_AT(a, m, i1, i2, i3 + 1);
        s2[i1] =
            MG_AT(a, m, i1, i2 - 1, i3 - 1) + MG_AT(a, m, i1, i2 + 1, i3 - 1) +
            MG_AT(a, m, i1, i2 - 1, i3 + 1) + MG_AT(a, m, i1, i2 + 1, i3 + 1);
    }
}

/* r = v - A u (NPB's resid; a[1] = 0 is assumed as NPB does), then the
 * ghost exchange.  v and r may be the same array. */
static void mg_resid(struct mg_state *s, const double *u, const double *v,
                     double *r, const int m[3])
{
    double *u1 = s->t1, *u2 = s->t2;
    for (int i3 = 2; i3 <= m[2] - 1; i3++) {
        for (int i2 = 2; i2 <= m[1] - 1; i2++) {
            mg_cross_sums(u, m, i2, i3, u1, u2);
            for (int i1 = 2; i1 <= m[0] - 1; i1++) {
                MG_AT(r, m, i1, i2, i3) =
                    MG_AT(v, m, i1, i2, i3) -
                    mg_a[0] * MG_AT(u, m, i1, i2, i3) -
                    mg_a[2] * (u2[i1] + u1[i1 - 1] + u1[i1 + 1]) -
                    mg_a[3] * (u2[i1 - 1] + u2[i1 + 1]);
            }
        }
    }
    mg_comm3(s, r, m);
}

/* u = u + C r (NPB's psinv; c[3] = 0 assumed), then the ghost exchange. */
static void mg_psinv(struct mg_state *s, const double *r, double *u,
                     const int m[3])
{
    double *r1 = s->t1, *r2 = s->t2;
    for (int i3 = 2; i3 <= m[2] - 1; i3++) {
        for (int i2 = 2; i2 <= m[1] - 1; i2++) {
            mg_cross_sums(r, m, i2, i3, r1, r2);
            for (int i1 = 2; i1 <= m[0] - 1; i1++) {
                MG_AT(u, m, i1, i2, i3) +=
                    s->c[0] * MG_AT(r, m, i1, i2, i3) +
                    s->c[1] * (MG_AT(r, m, i1 - 1, i2, i3) +
                               MG_AT(r, m, i1 + 1, i2, i3) + r1[i1]) +
                    s->c[2] * (r2[i1] + r1[i1 - 1] + r1[i1 + 1]);
            }
        }
    }
    mg_comm3(s, u, m);
}

/* s = P r, the trilinear projection onto the next coarser level (NPB's
 * rprj3; d = 2 where the fine block holds a single point). */
static void mg_rprj3(struct mg_state *st, const double *r, const int mk[3],
                     double *s, const int mj[3])
{
    double *x1 = st->t1, *y1 = st->t2;
    int d1 = mk[0] == 3 ? 2 : 1, d2 = mk[1] == 3 ? 2 : 1;
    int d3 = mk[2] == 3 ? 2 : 1;
    for (int j3 = 2; j3 <= mj[2] - 1; j3++) {
        int i3 = 2 * j3 - d3;
        for (int j2 = 2; j2 <= mj[1] - 1; j2++) {
            int i2 = 2 * j2 - d2;
            for (int j1 = 2; j1 <= mj[0]; j1++) {
                int i1 = 2 * j1 - d1;
                x1[i1 - 1] = MG_AT(r, mk, i1 - 1, i2 - 1, i3) +
                             MG_AT(r, mk, i1 - 1, i2 + 1, i3) +
                             MG_AT(r, mk, i1 - 1, i2, i3 - 1) +
                             MG_AT(r, mk, i1 - 1, i2, i3 + 1);
                y1[i1 - 1] = MG_AT(r, mk, i1 - 1, i2 - 1, i3 - 1) +
                             MG_AT(r, mk, i1 - 1, i2 - 1, i3 + 1) +
                             MG_AT(r, mk, i1 - 1, i2 + 1, i3 - 1) +
                             MG_AT(r, mk, i1 - 1, i2 + 1, i3 + 1);
            }
            for (int j1 = 2; j1 <= mj[0] - 1; j1++) {
                int i1 = 2 * j1 - d1;
                double y2 = MG_AT(r, mk, i1, i2 - 1, i3 - 1) +
                            MG_AT(r, mk, i1, i2 - 1, i3 + 1) +
                            MG_AT(r, mk, i1, i2 + 1, i3 - 1) +
                            MG_AT(r, mk, i1, i2 + 1, i3 + 1);
                double x2 = MG_AT(r, mk, i1, i2 - 1, i3) +
                            MG_AT(r, mk, i1, i2 + 1, i3) +
                            MG_AT(r, mk, i1, i2, i3 - 1) +
                            MG_AT(r, mk, i1, i2, i3 + 1);
                MG_AT(s, mj, j1, j2, j3) =
                    0.5 * MG_AT(r, mk, i1, i2, i3) +
                    0.25 * (MG_AT(r, mk, i1 - 1, i2, i3) +
                            MG_AT(r, mk, i1 + 1, i2, i3) + x2) +
                    0.125 * (x1[i1 - 1] + x1[i1 + 1] + y2) +
                    0.0625 * (y1[i1 - 1] + y1[i1 + 1]);
            }
        }
    }
    mg_comm3(st, s, mj);
}

/* u = u + Q z, the trilinear interpolation from the next coarser level
 * (NPB's interp, the branch for blocks of two or more points; it writes
 * the ghosts too, from the coarse ghosts, so no exchange follows). */
static void mg_interp(struct mg_state *s, const double *z, const int mm[3],
                      double *u, const int n[3])
{
    double *z1 = s->t1, *z2 = s->t2, *z3 = s->t3;
    for (int i3 = 1; i3 <= mm[2] - 1; i3++) {
        for (int i2 = 1; i2 <= mm[1] - 1; i2++) {
            for (int i1 = 1; i1 <= mm[0]; i1++) {
                z1[i1] =
                    MG_AT(z, mm, i1, i2 + 1, i3) + MG_AT(z, mm, i1, i2, i3);
                z2[i1] =
                    MG_AT(z, mm, i1, i2, i3 + 1) + MG_AT(z, mm, i1, i2, i3);
                z3[i1] = MG_AT(z, mm, i1, i2 + 1, i3 + 1) +
                         MG_AT(z, mm, i1, i2, i3 + 1) + z1[i1];
            }
            for (int i1 = 1; i1 <= mm[0] - 1; i1++) {
                double zc = MG_AT(z, mm, i1, i2, i3);
                double zx = MG_AT(z, mm, i1 + 1, i2, i3);
                MG_AT(u, n, 2 * i1 - 1, 2 * i2 - 1, 2 * i3 - 1) += zc;
                MG_AT(u, n, 2 * i1, 2 * i2 - 1, 2 * i3 - 1) += 0.5 * (zx + zc);
                MG_AT(u, n, 2 * i1 - 1, 2 * i2, 2 * i3 - 1) += 0.5 * z1[i1];
                MG_AT(u, n, 2 * i1, 2 * i2, 2 * i3 - 1) +=
                    0.25 * (z1[i1] + z1[i1 + 1]);
                MG_AT(u, n, 2 * i1 - 1, 2 * i2 - 1, 2 * i3) += 0.5 * z2[i1];
                MG_AT(u, n, 2 * i1, 2 * i2 - 1, 2 * i3) +=
                    0.25 * (z2[i1] + z2[i1 + 1]);
                MG_AT(u, n, 2 * i1 - 1, 2 * i2, 2 * i3) += 0.25 * z3[i1];
                MG_AT(u, n, 2 * i1, 2 * i2, 2 * i3) +=
                    0.125 * (z3[i1] + z3[i1 + 1]);
            }
        }
    }
}

static size_t mg_points(const int m[3])
{
    return (size_t)m[0] * m[1] * m[2];
}

/* Level k's correction: u_k = Q u_(k-1), then one smoothing of its
 * residual (NPB's mg3P, upward). */
static void mg_ascend(struct mg_state *s, int k)
{
    struct mg_level *L = s->level;
    memset(L[k].u, 0, sizeof(double) * mg_points(L[k].m));
    mg_interp(s, L[k - 1].u, L[k - 1].m, L[k].u, L[k].m);
    mg_resid(s, L[k].u, L[k].r, L[k].r, L[k].m);
    mg_psinv(s, L[k].r, L[k].u, L[k].m);
}

/* Down from level `from` to level 1 and up to level `to` - 1 (mg3P's
 * middle): restrictions, the coarsest smoothing, corrections. */
static void mg_coarse_part(struct mg_state *s, int from, int to)
{
    struct mg_level *L = s->level;
    for (int k = from; k >= 2; k--) {
        mg_rprj3(s, L[k].r, L[k].m, L[k - 1].r, L[k - 1].m);
    }
    memset(L[1].u, 0, sizeof(double) * mg_points(L[1].m));
    mg_psinv(s, L[1].r, L[1].u, L[1].m);
    for (int k = 2; k <= to - 1; k++) {
        mg_ascend(s, k);
    }
}

/* Copies a box of sides b between array a (sides am) from aoff and array
 * g (sides gm) from goff, both in MG_AT's 1-based indices: into a when
 * into_a, else into g. */
static void mg_block_copy(double *a, const int am[3], const int aoff[3],
                          double *g, const int gm[3], const int goff[3],
                          const int b[3], bool into_a)
{
    for (int i3 = 0; i3 < b[2]; i3++) {
        for (int i2 = 0; i2 < b[1]; i2++) {
            for (int i1 = 0; i1 < b[0]; i1++) {
                double *x =
                    &MG_AT(a, am, aoff[0] + i1, aoff[1] + i2, aoff[2] + i3);
                double *y =
                    &MG_AT(g, gm, goff[0] + i1, goff[1] + i2, goff[2] + i3);
                if (into_a) {
                    *x = *y;
                } else {
                    *y = *x;
                }
            }
        }
    }
}

/* Levels below kc on every rank: level kc's residual gathered into the
 * whole grid, the coarse part computed there, and level kc's correction
 * u = Q u_(kc-1) taken back for this rank's block, ghosts included (the
 * whole grid's ghosts are its periodic images, so they are the values
 * the neighbours hold). */
static void mg_coarse_redundant(struct mg_state *s)
{
    struct mg_state *c = s->coarse;
    int k = s->kc;
    struct mg_level *mine = &s->level[k], *all = &c->level[k];
    int b[3], interior[3] = {2, 2, 2}, origin[3] = {1, 1, 1};
    for (int ax = 0; ax < 3; ax++) {
        b[ax] = mine->m[ax] - 2;
    }
    int blk = b[0] * b[1] * b[2];
    mg_block_copy(mine->r, mine->m, interior, s->gather_blk, b, origin, b,
                  false);
    kernel_comm_begin();
    MPI_Allgather(s->gather_blk, blk, MPI_DOUBLE, s->gather_all, blk,
                  MPI_DOUBLE, s->run->comm);
    kernel_comm_end();
    for (int q = 0; q < s->run->size; q++) {
        int at[3] = {q % s->procs[0], (q / s->procs[0]) % s->procs[1],
                     q / (s->procs[0] * s->procs[1])};
        int off[3] = {2 + at[0] * b[0], 2 + at[1] * b[1], 2 + at[2] * b[2]};
        mg_block_copy(all->r, all->m, off, s->gather_all + (size_t)q * blk, b,
                      origin, b, true);
    }
    mg_comm3(c, all->r, all->m); /* the periodic ghosts */
    mg_coarse_part(c, k, k);
    memset(all->u, 0, sizeof(double) * mg_points(all->m));
    mg_interp(c, c->level[k - 1].u, c->level[k - 1].m, all->u, all->m);
    int from[3] = {1 + s->coord[0] * b[0], 1 + s->coord[1] * b[1],
                   1 + s->coord[2] * b[2]};
    mg_block_copy(mine->u, mine->m, origin, all->u, all->m, from, mine->m,
                  true);
}

/* One V-cycle (NPB's mg3P) from the finest level's r to its u. */
static void mg_vcycle(struct mg_state *s)
{
    struct mg_level *L = s->level;
    if (s->kc == 1) {
        mg_coarse_part(s, s->lt, s->lt);
    } else {
        for (int k = s->lt; k > s->kc; k--) {
            mg_rprj3(s, L[k].r, L[k].m, L[k - 1].r, L[k - 1].m);
        }
        mg_coarse_redundant(s);
        mg_resid(s, L[s->kc].u, L[s->kc].r, L[s->kc].r, L[s->kc].m);
        mg_psinv(s, L[s->kc].r, L[s->kc].u, L[s->kc].m);
        for (int k = s->kc + 1; k <= s->lt - 1; k++) {
            mg_ascend(s, k);
        }
    }
    int top = s->lt;
    mg_interp(s, L[top - 1].u, L[top - 1].m, L[top].u, L[top].m);
    mg_resid(s, L[top].u, s->v, L[top].r, L[top].m);
    mg_psinv(s, L[top].r, L[top].u, L[top].m);
}

/* The L2 norm of the finest residual over the whole grid (NPB's
 * norm2u3, whose maximum norm is not verified and so not computed). */
static double mg_norm2(struct mg_state *s, int n)
{
    const struct mg_level *L = &s->level[s->lt];
    double sum = 0.0, all = 0.0;
    for (int i3 = 2; i3 <= L->m[2] - 1; i3++) {
        for (int i2 = 2; i2 <= L->m[1] - 1; i2++) {
            for (int i1 = 2; i1 <= L->m[0] - 1; i1++) {
                double e = MG_AT(L->r, L->m, i1, i2, i3);
                sum += e * e;
            }
        }
    }
    kernel_comm_begin();
    MPI_Allreduce(&sum, &all, 1, MPI_DOUBLE, MPI_SUM, s->run->comm);
    kernel_comm_end();
    return sqrt(all / ((double)n * n * n));
}

/* The MG_CHARGES extreme values of a rank, kept sorted as NPB's bubble
 * does: best[0] is the least extreme of those kept. */
struct mg_extremes {
    double value[MG_CHARGES];
    double where[MG_CHARGES]; /* global linear index, exact in a double */
};

/* Empty: NPB starts the largest at 0 and the smallest at 1. */
static void mg_extremes_init(struct mg_extremes *e, double start)
{
    for (int i = 0; i < MG_CHARGES; i++) {
        e->value[i] = start;
        e->where[i] = -1.0;
    }
}

static void mg_keep(struct mg_extremes *e, double value, double where, int sign)
{
    if (sign * value <= sign * e->value[0]) {
        return;
    }
    e->value[0] = value;
    e->where[0] = where;
    for (int i = 0;
         i + 1 < MG_CHARGES && sign * e->value[i] > sign * e->value[i + 1];
         i++) {
        double t = e->value[i];
        e->value[i] = e->value[i + 1];
        e->value[i + 1] = t;
        t = e->where[i];
        e->where[i] = e->where[i + 1];
        e->where[i + 1] = t;
    }
}

/* NPB's zran3: the grid's random numbers (x fastest, one jump per line),
 * then +1 at the ten largest and -1 at the ten smallest over all ranks
 * (candidates allgathered), 0 elsewhere. */
static void mg_zran3(struct mg_state *s, int n)
{
    const int *m = s->level[s->lt].m;
    double *v = s->v;
    struct mg_extremes top, low, gtop, glow;
    mg_extremes_init(&top, 0.0);
    mg_extremes_init(&low, 1.0);
    mg_extremes_init(&gtop, 0.0);
    mg_extremes_init(&glow, 1.0);
    memset(v, 0, sizeof(double) * mg_points(m));
    for (int i3 = 2; i3 <= m[2] - 1; i3++) {
        for (int i2 = 2; i2 <= m[1] - 1; i2++) {
            int64_t gy = s->first[1] + i2 - 2, gz = s->first[2] + i3 - 2;
            int64_t line = s->first[0] + (int64_t)n * (gy + (int64_t)n * gz);
            double x = npb_jump(NPB_RANDOM_SEED, NPB_RANDOM_A, line);
            npb_vranlc(m[0] - 2, &x, NPB_RANDOM_A, &MG_AT(v, m, 2, i2, i3));
            for (int i1 = 2; i1 <= m[0] - 1; i1++) {
                double z = MG_AT(v, m, i1, i2, i3);
                mg_keep(&top, z, (double)(line + i1 - 2), 1);
                mg_keep(&low, z, (double)(line + i1 - 2), -1);
            }
        }
    }
    int size = s->run->size;
    double mine[4 * MG_CHARGES];
    double *all = kernel_alloc(sizeof(double) * 4 * MG_CHARGES * (size_t)size);
    kernel_require_memory(all != NULL, s->run->comm, "mg");
    memcpy(mine, top.value, sizeof top.value);
    memcpy(mine + MG_CHARGES, top.where, sizeof top.where);
    memcpy(mine + 2 * MG_CHARGES, low.value, sizeof low.value);
    memcpy(mine + 3 * MG_CHARGES, low.where, sizeof low.where);
    kernel_comm_begin();
    MPI_Allgather(mine, 4 * MG_CHARGES, MPI_DOUBLE, all, 4 * MG_CHARGES,
                  MPI_DOUBLE, s->run->comm);
    kernel_comm_end();
    for (int r = 0; r < size; r++) {
        const double *c = all + (size_t)r * 4 * MG_CHARGES;
        for (int i = 0; i < MG_CHARGES; i++) {
            mg_keep(&gtop, c[i], c[MG_CHARGES + i], 1);
            mg_keep(&glow, c[2 * MG_CHARGES + i], c[3 * MG_CHARGES + i], -1);
        }
    }
    kernel_free(all);
    memset(v, 0, sizeof(double) * mg_points(m));
    for (int i = 0; i < 2 * MG_CHARGES; i++) {
        double where =
            i < MG_CHARGES ? glow.where[i] : gtop.where[i - MG_CHARGES];
        int64_t g = (int64_t)where;
        int gx = (int)(g % n), gy = (int)(g / n % n), gz = (int)(g / n / n);
        int i1 = gx - s->first[0] + 2, i2 = gy - s->first[1] + 2;
        int i3 = gz - s->first[2] + 2;
        if (where >= 0 && i1 >= 2 && i1 <= m[0] - 1 && i2 >= 2 &&
            i2 <= m[1] - 1 && i3 >= 2 && i3 <= m[2] - 1) {
            MG_AT(v, m, i1, i2, i3) = i < MG_CHARGES ? -1.0 : 1.0;
        }
    }
    mg_comm3(s, v, m);
}

static bool mg_alloc(struct mg_state *s, int n)
{
    s->lt = npb_log2_ceil(n);
    size_t face = 0;
    bool ok = true;
    for (int k = s->lt; k >= 1; k--) {
        int ng = n >> (s->lt - k);
        struct mg_level *L = &s->level[k];
        for (int ax = 0; ax < 3; ax++) {
            int idi = s->coord[ax], pi = s->procs[ax];
            L->m[ax] = 2 + ((idi + 1) * ng) / pi - (idi * ng) / pi;
            if (k == s->lt) {
                s->first[ax] = (idi * ng) / pi;
            }
        }
        size_t f = (size_t)L->m[0] * L->m[1] + (size_t)L->m[1] * L->m[2] +
                   (size_t)L->m[0] * L->m[2];
        face = f > face ? f : face;
        L->u = kernel_calloc(mg_points(L->m), sizeof(double));
        L->r = kernel_calloc(mg_points(L->m), sizeof(double));
        ok = ok && L->u && L->r;
    }
    size_t line = (size_t)s->level[s->lt].m[0] + 2;
    s->v = kernel_calloc(mg_points(s->level[s->lt].m), sizeof(double));
    s->face_out = kernel_alloc(sizeof(double) * face);
    s->face_in = kernel_alloc(sizeof(double) * face);
    s->t1 = kernel_alloc(sizeof(double) * line);
    s->t2 = kernel_alloc(sizeof(double) * line);
    s->t3 = kernel_alloc(sizeof(double) * line);
    return ok && s->v && s->face_out && s->face_in && s->t1 && s->t2 && s->t3;
}

static void mg_free(struct mg_state *s)
{
    for (int k = 1; k <= s->lt; k++) {
        kernel_free(s->level[k].u);
        kernel_free(s->level[k].r);
    }
    kernel_free(s->v);
    kernel_free(s->face_out);
    kernel_free(s->face_in);
    kernel_free(s->t1);
    kernel_free(s->t2);
    kernel_free(s->t3);
}

/* kc: the coarsest level whose 2^k points per side every rank of the
 * process grid holds one of at least. */
static int mg_coarse_level(const struct mg_state *s)
{
    int most = s->procs[0];
    most = s->procs[1] > most ? s->procs[1] : most;
    most = s->procs[2] > most ? s->procs[2] : most;
    int kc = npb_log2_ceil(most);
    return kc > 1 ? kc : 1;
}

static const char *mg_refuse(const struct kernel_run *run)
{
    const char *why = npb_refuse_unless_power_of_two(run->size);
    int row = kernel_class_row(MG_CLASSES, run->problem_class);
    if (why == NULL && row >= 0) {
        struct mg_state s = {.run = run};
        mg_grid(&s);
        if (mg_coarse_level(&s) >= npb_log2_ceil(mg_classes[row].n)) {
            return "MG needs at least 2 points per process along every "
                   "axis of the finest grid: too many processes for the "
                   "class";
        }
    }
    return why;
}

/* With kc > 1: the state of the levels below it, on the whole grid, and
 * the gather's buffers; false without memory. */
static bool mg_coarse_alloc(struct mg_state *s)
{
    s->coarse = kernel_calloc(1, sizeof *s->coarse);
    if (!s->coarse) {
        return false;
    }
    s->coarse_run = (struct kernel_run){.problem_class = s->run->problem_class,
                                        .comm = MPI_COMM_SELF,
                                        .rank = 0,
                                        .size = 1};
    s->coarse->run = &s->coarse_run;
    s->coarse->c = s->c;
    s->coarse->kc = 1;
    mg_grid(s->coarse);
    const int *m = s->level[s->kc].m;
    size_t blk = (size_t)(m[0] - 2) * (m[1] - 2) * (m[2] - 2);
    s->gather_blk = kernel_alloc(sizeof(double) * blk);
    s->gather_all = kernel_alloc(sizeof(double) * blk * (size_t)s->run->size);
    return mg_alloc(s->coarse, 1 << s->kc) && s->gather_blk && s->gather_all;
}

static void mg_coarse_free(struct mg_state *s)
{
    if (s->coarse) {
        mg_free(s->coarse);
        kernel_free(s->coarse);
    }
    kernel_free(s->gather_blk);
    kernel_free(s->gather_all);
}

static void mg_run(const struct kernel_run *run, struct kernel_result *result)
{
    const struct mg_class *c =
        &mg_classes[kernel_class_row(MG_CLASSES, run->problem_class)];
    struct mg_state s = {.run = run, .c = c->c};
    mg_grid(&s);
    s.kc = mg_coarse_level(&s);
    kernel_require_memory(mg_alloc(&s, c->n) &&
                              (s.kc == 1 || mg_coarse_alloc(&s)),
                          run->comm, "mg");
    struct mg_level *top = &s.level[s.lt];
    mg_zran3(&s, c->n);
    mg_resid(&s, top->u, s.v, top->r, top->m);
    for (int it = 0; it < c->nit; it++) {
        mg_vcycle(&s);
        mg_resid(&s, top->u, s.v, top->r, top->m);
    }
    double rnm2 = mg_norm2(&s, c->n) + kernel_fault();
    mg_coarse_free(&s);
    mg_free(&s);
    npb_check(result, "L2 norm of the residual", rnm2, c->rnm2, MG_EPSILON);
}

NPB_KERNEL(kernel_npb_mg, "mg", MG_CLASSES, mg_refuse, mg_run);
