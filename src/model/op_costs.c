/* What the reduction operation changes (seed 001 Section 4.3, like with
 * like).
 *
 * - t_c(p), the computation cost per byte of an op, is tb(p) with the op
 *   minus tb(p) with "nop", a user-defined op that computes nothing, and
 *   r_cc(p) = tb_nop(p)/t_c(p); both in the family the collective table
 *   prints (mpchar_entry_table_family), so that the table's tb and t_c
 *   agree.  A library may pick another algorithm for a user-defined op
 *   than for a built-in one (MPICH's allreduce takes recursive doubling
 *   for every non-builtin op), so "usersum", a user-defined sum, against
 *   "nop" compares like with like; "sum" against "nop" is kept beside it.
 * - op-dependent-algorithm findings: where sum and usersum take times
 *   that differ beyond the noise of the measurements at two sizes or more,
 *   the library's choice of algorithm depends on the op (or the user
 *   function computes more slowly than the built-in one). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model_internal.h"

/* sum and usersum differ at a size when their times differ by more than
 * this fraction and by more than NOISE_TIMES the spread (median - min)/min
 * of either measurement. */
#define OP_DIFF_MIN 0.10
#define NOISE_TIMES 3.0
#define OP_DIFF_SIZES 2

static const mpchar_entry *find_op(const mpchar_model *m,
                                   const mpchar_entry *like, const char *op)
{
    for (size_t i = 0; i < m->nentries; i++) {
        const mpchar_entry *e = &m->entries[i];
        if (!strcmp(e->op, op) && !strcmp(e->library, like->library) &&
            !strcmp(e->pattern, like->pattern) &&
            !strcmp(e->variant, like->variant) &&
            !strcmp(e->datatype, like->datatype))
            return e;
    }
    return NULL;
}

static const mpchar_pfit *fit_at(const mpchar_entry *e, long p)
{
    for (size_t i = 0; i < e->nfits; i++)
        if (e->fits[i].p == p)
            return &e->fits[i];
    return NULL;
}

static double per_byte(const mpchar_pfit *f, mpchar_family fam)
{
    return mpchar__param_value(fam, f, mpchar__families[fam].per_byte, 0);
}

/* t_c and r_cc of every p of e measured with nop too; their p-form. */
static void entry_costs(mpchar_entry *e, const mpchar_entry *nop)
{
    mpchar_family fam = mpchar_entry_table_family(e);
    long *ps = malloc(e->nfits * sizeof *ps);
    double *tc = malloc(e->nfits * sizeof *tc);
    size_t n = 0;
    for (size_t i = 0; ps && tc && i < e->nfits; i++) {
        mpchar_pfit *f = &e->fits[i];
        const mpchar_pfit *g = fit_at(nop, f->p);
        if (!g || !f->ok[fam] || !g->ok[fam])
            continue;
        double tb_nop = per_byte(g, fam);
        f->tc_us_per_byte = per_byte(f, fam) - tb_nop;
        f->r_cc = f->tc_us_per_byte != 0.0 ? tb_nop / f->tc_us_per_byte : NAN;
        ps[n] = f->p;
        tc[n++] = f->tc_us_per_byte;
    }
    e->pf.tc_ok = n > 0 && mpchar_pform_fit(ps, tc, n, &e->pf.tc, NULL) == 0;
    free(ps);
    free(tc);
}

void mpchar__reduction_costs(mpchar_model *m)
{
    for (size_t i = 0; i < m->nentries; i++) {
        mpchar_entry *e = &m->entries[i];
        const mpchar_pattern_facts *facts = mpchar_pattern_find(e->pattern);
        const mpchar_entry *nop = NULL;
        if (facts && facts->reduction && strcmp(e->op, "nop") != 0)
            nop = find_op(m, e, "nop");
        if (nop)
            entry_costs(e, nop);
    }
}

/* ---- sum against usersum ----------------------------------------------- */

static double spread(const mpchar_measurement *r)
{
    return r->t_min_us > 0.0 ? (r->t_median_us - r->t_min_us) / r->t_min_us
                             : INFINITY;
}

/* Rows sorted as mpchar_model_fit sorts them: the row of key k, or NULL. */
static const mpchar_measurement *find_row(const mpchar_measurement *const *rows,
                                          size_t count,
                                          const mpchar_point_key *k)
{
    size_t lo = 0, hi = count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = mpchar__cmp_point_key(&rows[mid]->key, k);
        if (c == 0)
            return rows[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

/* What differs between sum and usersum at one p of one entry. */
typedef struct op_diff {
    size_t compared, differ;
    double n_lo, n_hi, ratio_lo, ratio_hi; /* over the sizes that differ */
} op_diff;

static void compare_point(op_diff *d, const mpchar_measurement *sum,
                          const mpchar_measurement *user, mpchar_fit_stat stat)
{
    double ts = mpchar_fit_stat_of(sum, stat),
           tu = mpchar_fit_stat_of(user, stat);
    if (!(ts > 0.0 && tu > 0.0))
        return;
    double ratio = tu / ts, n = (double)sum->key.n_bytes;
    double limit =
        fmax(OP_DIFF_MIN, NOISE_TIMES * fmax(spread(sum), spread(user)));
    d->compared++;
    if (fabs(ratio - 1.0) <= limit && fabs(1.0 / ratio - 1.0) <= limit)
        return;
    if (d->differ++ == 0) {
        d->n_lo = d->n_hi = n;
        d->ratio_lo = d->ratio_hi = ratio;
    }
    d->n_lo = fmin(d->n_lo, n);
    d->n_hi = fmax(d->n_hi, n);
    d->ratio_lo = fmin(d->ratio_lo, ratio);
    d->ratio_hi = fmax(d->ratio_hi, ratio);
}

static int report_diff(mpchar_model *m, const mpchar_point_key *k,
                       const op_diff *d)
{
    if (d->differ < OP_DIFF_SIZES)
        return 0;
    return mpchar__model_add_finding(
        m, MPCHAR_FINDING_OP_CHOICE, k->library, k->pattern,
        "%s %s p=%ld: op=usersum takes %.2f to %.2f times op=sum's time at "
        "%zu of %zu sizes (%.0f to %.0f bytes), beyond the noise of the "
        "measurements: the library chooses its algorithm by op (MPICH's "
        "allreduce takes recursive doubling for every user-defined op), or "
        "the user function computes more slowly; t_c of usersum - nop "
        "compares like with like",
        k->library, k->pattern, k->p, d->ratio_lo, d->ratio_hi, d->differ,
        d->compared, d->n_lo, d->n_hi);
}

int mpchar__op_findings(mpchar_model *m, const mpchar_measurement *const *rows,
                        size_t count, mpchar_fit_stat stat, mpchar_error *err)
{
    op_diff d = {0};
    for (size_t i = 0; i < count; i++) {
        const mpchar_measurement *r = rows[i];
        if (strcmp(r->key.op, "sum") != 0 || r->key.set != MPCHAR_SET_FIT)
            continue;
        mpchar_point_key k = r->key;
        mpchar__strlcpy(k.op, "usersum", sizeof k.op);
        const mpchar_measurement *u = find_row(rows, count, &k);
        if (u)
            compare_point(&d, r, u, stat);
        const mpchar_measurement *next = i + 1 < count ? rows[i + 1] : NULL;
        bool last_of_p = !next || next->key.p != r->key.p ||
                         mpchar__cmp_entry_key(&next->key, &r->key) != 0;
        if (last_of_p) {
            if (report_diff(m, &r->key, &d) != 0)
                return mpchar_error_set(err, "out of memory recording "
                                             "findings");
            memset(&d, 0, sizeof d);
        }
    }
    return 0;
}
