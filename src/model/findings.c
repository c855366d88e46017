/* Findings a user can act on.
 *
 * - complexity: the class of t0(p) or tb(p) (from the p-forms of the t_i
 *   model, else Hockney; needs three p or more) is worse than the best
 *   known algorithm for the entry's size range achieves for that primitive
 *   (the algorithms and their alpha-beta costs are pattern facts,
 *   mpchar/patterns.h; seed 000 4.2 finds O(p) Scans, seed 001 O(p)
 *   broadcasts);
 * - protocol-switch: the piecewise model of a point-to-point pattern found
 *   breakpoints, reported in bytes (eager/rendezvous and similar switches);
 * - not-fitted: a family could not be fitted at some p, and why;
 * - oversubscribed: a model rests on oversubscribed measurements;
 * - outlier: points the spike filter left out (outliers.c);
 * - zero-count-noop: n = 0 returned at once (fit.c), so T(0) is no
 *   start-up time;
 * - op-dependent-algorithm: sum and usersum differ (op_costs.c). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model_internal.h"

/* Where an entry was measured, and the alpha and beta that its best known
 * algorithms' costs take: the start-up and per-byte time of the family's
 * fit at the smallest p (negative fits count as 0), the union of the
 * fits' size ranges, and the largest p. */
typedef struct scope {
    double alpha_us, beta_us_per_byte, n_lo_bytes, n_hi_bytes;
    long p;
} scope;

static void entry_scope(const mpchar_entry *e, mpchar_family fam, scope *s)
{
    const mpchar__family_ops *o = &mpchar__families[fam];
    *s = (scope){
        .alpha_us = NAN, .n_lo_bytes = INFINITY, .n_hi_bytes = -INFINITY};
    for (size_t i = 0; i < e->nfits; i++) {
        const mpchar_pfit *f = &e->fits[i];
        if (!f->ok[fam])
            continue;
        if (isnan(s->alpha_us)) {
            s->alpha_us = fmax(0, mpchar__param_value(fam, f, o->startup, 0));
            s->beta_us_per_byte =
                fmax(0, mpchar__param_value(fam, f, o->per_byte, 0));
        }
        s->n_lo_bytes = fmin(s->n_lo_bytes, f->n_min_bytes);
        s->n_hi_bytes = fmax(s->n_hi_bytes, f->n_max_bytes);
        s->p = f->p; /* fits are sorted by p */
    }
    if (!(s->n_lo_bytes <= s->n_hi_bytes))
        s->n_lo_bytes = s->n_hi_bytes = 0;
}

static double cost_us(const mpchar_algorithm *a, const scope *s, double n)
{
    return s->alpha_us * mpchar_growth_at(&a->alpha, s->p) +
           s->beta_us_per_byte * n * mpchar_growth_at(&a->beta, s->p);
}

/* Marks in wins[] the algorithms that are cheapest at n. */
static void mark_cheapest(const mpchar_best_known *bk, const scope *s, double n,
                          bool *wins)
{
    double least = INFINITY;
    for (size_t i = 0; i < MPCHAR_ALGORITHMS_MAX && bk->alg[i].name; i++)
        least = fmin(least, cost_us(&bk->alg[i], s, n));
    for (size_t i = 0; i < MPCHAR_ALGORITHMS_MAX && bk->alg[i].name; i++)
        wins[i] |= cost_us(&bk->alg[i], s, n) <= least;
}

static void bytes_text(double n, char *buf, size_t len)
{
    static const char *const unit[] = {"B", "KiB", "MiB", "GiB"};
    size_t k = 0;
    for (; n >= 1024 && k + 1 < sizeof unit / sizeof unit[0]; k++)
        n /= 1024;
    snprintf(buf, len, "%.3g %s", n, unit[k]);
}

_Static_assert(MPCHAR_ALGORITHMS_MAX == 2,
               "where_cheapest compares two algorithms");

/* " above about 69 KiB" when algorithm c is the cheapest only above the
 * crossover with the other algorithm in the range, " below ..." when only
 * below it, "" when it is the cheapest throughout. */
static void where_cheapest(const mpchar_best_known *bk, const scope *s,
                           size_t c, char *buf, size_t len)
{
    bool lo[MPCHAR_ALGORITHMS_MAX] = {0}, hi[MPCHAR_ALGORITHMS_MAX] = {0};
    mark_cheapest(bk, s, s->n_lo_bytes, lo);
    mark_cheapest(bk, s, s->n_hi_bytes, hi);
    buf[0] = '\0';
    if (lo[c] && hi[c])
        return;
    const mpchar_algorithm *a = &bk->alg[c], *o = &bk->alg[1 - c];
    double da = s->alpha_us * (mpchar_growth_at(&o->alpha, s->p) -
                               mpchar_growth_at(&a->alpha, s->p));
    double db = s->beta_us_per_byte * (mpchar_growth_at(&a->beta, s->p) -
                                       mpchar_growth_at(&o->beta, s->p));
    char n[32];
    bytes_text(da / db, n, sizeof n);
    snprintf(buf, len, " %s about %s", hi[c] ? "above" : "below", n);
}

/* A complexity finding when the class of t0(p) (per_byte false) or tb(p)
 * is worse than the best class among the algorithms that are the cheapest
 * somewhere in the entry's size range at its largest p.  With at most two
 * algorithms, linear in n, the range's ends show every such algorithm. */
static int flag_worse(mpchar_model *m, const mpchar_entry *e, const scope *s,
                      const mpchar_pform *form, bool per_byte)
{
    const mpchar_best_known *bk = &mpchar_pattern_find(e->pattern)->best;
    bool wins[MPCHAR_ALGORITHMS_MAX] = {0};
    mark_cheapest(bk, s, s->n_lo_bytes, wins);
    mark_cheapest(bk, s, s->n_hi_bytes, wins);
    size_t c = MPCHAR_ALGORITHMS_MAX;
    mpchar_complexity best = MPCHAR_O_UNKNOWN;
    for (size_t i = 0; i < MPCHAR_ALGORITHMS_MAX; i++) {
        const mpchar_algorithm *a = &bk->alg[i];
        mpchar_complexity k =
            mpchar_growth_class(per_byte ? &a->beta : &a->alpha);
        if (wins[i] && k < best) {
            best = k;
            c = i;
        }
    }
    mpchar_complexity have = mpchar_pform_complexity(form);
    if (have == MPCHAR_O_UNKNOWN || have <= best)
        return 0;
    char label[160], text[96], lo[32], hi[32], cost[160], where[64];
    mpchar__entry_label(e, label, sizeof label);
    mpchar_pform_format(form, per_byte ? 1000.0 : 1.0, 4, text, sizeof text);
    bytes_text(s->n_lo_bytes, lo, sizeof lo);
    bytes_text(s->n_hi_bytes, hi, sizeof hi);
    mpchar_algorithm_cost_text(&bk->alg[c], cost, sizeof cost);
    where_cheapest(bk, s, c, where, sizeof where);
    return mpchar__model_add_finding(
        m, MPCHAR_FINDING_COMPLEXITY, e->library, e->pattern,
        "%s: %s = %s %s is %s; for %s to %s at p = %ld, %s, %s, achieves "
        "%s%s",
        label, per_byte ? "per-byte time tb(p)" : "start-up t0(p)", text,
        per_byte ? "ns/byte" : "us", mpchar_complexity_name(have), lo, hi, s->p,
        bk->alg[c].name, cost, mpchar_complexity_name(best), where);
}

static int complexity_findings(mpchar_model *m, const mpchar_entry *e)
{
    const mpchar_pattern_facts *facts = mpchar_pattern_find(e->pattern);
    if (!facts || facts->kind != MPCHAR_KIND_COLLECTIVE ||
        e->kind != MPCHAR_KIND_COLLECTIVE)
        return 0;
    mpchar_family fam = mpchar_entry_table_family(e);
    if (!e->pf.ok[fam])
        return 0;
    const mpchar__family_ops *o = &mpchar__families[fam];
    const mpchar_pform *t0 =
        mpchar__param_pform_const(fam, &e->pf, o->startup, 0);
    const mpchar_pform *tb =
        mpchar__param_pform_const(fam, &e->pf, o->per_byte, 0);
    if (t0->np < 3)
        return 0;
    scope s;
    entry_scope(e, fam, &s);
    if (flag_worse(m, e, &s, t0, false) != 0)
        return -1;
    return flag_worse(m, e, &s, tb, true);
}

static int fit_findings(mpchar_model *m, const mpchar_entry *e)
{
    char label[160];
    mpchar__entry_label(e, label, sizeof label);
    for (size_t i = 0; i < e->nfits; i++) {
        const mpchar_pfit *f = &e->fits[i];
        for (int fam = 0; fam < MPCHAR_FAMILY_COUNT; fam++) {
            if (f->ok[fam])
                continue;
            if (mpchar__model_add_finding(
                    m, MPCHAR_FINDING_NOT_FITTED, e->library, e->pattern,
                    "%s p=%ld: %s model not fitted: %s", label, f->p,
                    mpchar_family_name((mpchar_family)fam), f->why[fam]) != 0)
                return -1;
        }
        if (f->outliers_fit + f->outliers_val &&
            mpchar__model_add_finding(
                m, MPCHAR_FINDING_OUTLIER, e->library, e->pattern,
                "%s p=%ld: %zu point%s left out as disturbed "
                "measurements (slower than both smaller and larger sizes), "
                "measure again: %s",
                label, f->p, f->outliers_fit + f->outliers_val,
                f->outliers_fit + f->outliers_val == 1 ? "" : "s",
                f->outliers) != 0)
            return -1;
        const mpchar_piecewise *pw = &f->pw;
        if (e->kind != MPCHAR_KIND_P2P || !f->ok[MPCHAR_FAMILY_PIECEWISE])
            continue;
        for (int k = 1; k < pw->count; k++) {
            if (mpchar__model_add_finding(
                    m, MPCHAR_FINDING_SWITCH, e->library, e->pattern,
                    "%s: protocol switch near %.0f bytes: ts "
                    "%.3g -> %.3g us, tb %.4g -> %.4g ns/byte",
                    label, pw->seg[k].n_lo_bytes, pw->seg[k - 1].ts_us,
                    pw->seg[k].ts_us, pw->seg[k - 1].tb_us_per_byte * 1e3,
                    pw->seg[k].tb_us_per_byte * 1e3) != 0)
                return -1;
        }
    }
    if (e->oversubscribed &&
        mpchar__model_add_finding(
            m, MPCHAR_FINDING_OVERSUBSCRIBED, e->library, e->pattern,
            "%s: fitted on oversubscribed points (more processes "
            "than cores): times include waiting for a core",
            label) != 0)
        return -1;
    return 0;
}

/* One finding per fit whose n = 0 returned at once. */
static int zero_noop_findings(mpchar_model *m, const mpchar_entry *e)
{
    char label[160];
    mpchar__entry_label(e, label, sizeof label);
    bool best = m->opt.method == MPCHAR_METHOD_BEST;
    for (size_t i = 0; i < e->nfits; i++) {
        const mpchar_pfit *f = &e->fits[i];
        if (f->zero_noop &&
            mpchar__model_add_finding(
                m, MPCHAR_FINDING_ZERO_NOOP, e->library, e->pattern,
                "%s p=%ld: n = 0 returns at once (T(0) = %.3g us, against "
                "more than twice that for the smallest message): %s",
                label, f->p, f->t_zero_us,
                best ? "the start-up t0, pi0 and n_1/2 come from real "
                       "messages (n > 0)"
                     : "the seed method keeps T(0) as t0, so pi0 and "
                       "n_1/2 describe the no-op") != 0)
            return -1;
    }
    return 0;
}

int mpchar__model_findings(mpchar_model *model, mpchar_error *err)
{
    for (size_t i = 0; i < model->nentries; i++) {
        if (complexity_findings(model, &model->entries[i]) != 0 ||
            fit_findings(model, &model->entries[i]) != 0 ||
            zero_noop_findings(model, &model->entries[i]) != 0)
            return mpchar_error_set(err, "out of memory recording findings");
    }
    return 0;
}
