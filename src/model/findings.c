/* Findings a user can act on.
 *
 * - complexity: the class of t0(p) or tb(p) (from the p-forms of the t_i
 *   model, else Hockney; needs three p or more) is worse than the best
 *   known algorithm achieves for that primitive (in the pattern facts,
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

static int complexity_findings(mpchar_model *m, const mpchar_entry *e)
{
    const mpchar_pattern_facts *facts = mpchar_pattern_find(e->pattern);
    if (!facts || facts->kind != MPCHAR_KIND_COLLECTIVE ||
        e->kind != MPCHAR_KIND_COLLECTIVE)
        return 0;
    const mpchar_best_known *bk = &facts->best;
    mpchar_family fam =
        e->pf.ok[MPCHAR_FAMILY_TI] ? MPCHAR_FAMILY_TI : MPCHAR_FAMILY_HOCKNEY;
    if (!e->pf.ok[fam])
        return 0;
    const mpchar__family_ops *o = &mpchar__families[fam];
    const mpchar_pform *t0 =
        mpchar__param_pform_const(fam, &e->pf, o->startup, 0);
    const mpchar_pform *tb =
        mpchar__param_pform_const(fam, &e->pf, o->per_byte, 0);
    if (t0->np < 3)
        return 0;
    char label[160], form[96];
    mpchar__entry_label(e, label, sizeof label);
    mpchar_complexity c0 = mpchar_pform_complexity(t0);
    mpchar_complexity cb = mpchar_pform_complexity(tb);
    if (c0 != MPCHAR_O_UNKNOWN && c0 > bk->t0) {
        mpchar_pform_format(t0, 1.0, 4, form, sizeof form);
        if (mpchar__model_add_finding(
                m, MPCHAR_FINDING_COMPLEXITY, e->library, e->pattern,
                "%s: start-up t0(p) = %s us is %s; %s achieves %s", label, form,
                mpchar_complexity_name(c0), bk->t0_algorithm,
                mpchar_complexity_name(bk->t0)) != 0)
            return -1;
    }
    if (cb != MPCHAR_O_UNKNOWN && cb > bk->tb) {
        mpchar_pform_format(tb, 1000.0, 4, form, sizeof form);
        if (mpchar__model_add_finding(
                m, MPCHAR_FINDING_COMPLEXITY, e->library, e->pattern,
                "%s: per-byte time tb(p) = %s ns/byte is %s; %s "
                "achieves %s",
                label, form, mpchar_complexity_name(cb), bk->tb_algorithm,
                mpchar_complexity_name(bk->tb)) != 0)
            return -1;
    }
    return 0;
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
