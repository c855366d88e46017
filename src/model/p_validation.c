/* Validation across p: each measured p of an entry is left out in turn,
 * the p-forms of every family are fitted on the other p, and the model
 * they give at the left-out p is scored on that p's points (fitting and
 * validation sets, spikes and no-op zero counts left out as the fit left
 * them out).  Validation over n asks whether a model predicts sizes it
 * never saw; this asks whether its p-forms predict a number of processes
 * they never saw, which is what a prediction at an unmeasured p relies
 * on.  It needs 3 p or more: with two, the left-out p would be predicted
 * from a constant.  Oversubscribed p take part only when the fit includes
 * them, and are marked p* wherever they are shown. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model_internal.h"

/* Average absolute relative error at p of the family's p-form model of
 * `others` on pt[0..count). */
static double p_out_error(const mpchar_entry *others, mpchar_family fam, long p,
                          const mpchar__point *pt, size_t count, size_t *used_p)
{
    double sum = 0.0;
    size_t used = 0;
    for (size_t i = 0; i < count; i++) {
        mpchar_prediction pr;
        if (!(pt[i].t > 0.0) ||
            mpchar_entry_predict(others, fam, pt[i].n, p, &pr, NULL) != 0)
            continue;
        sum += fabs(pr.t_us - pt[i].t) / pt[i].t;
        used++;
    }
    *used_p = used;
    return used ? sum / (double)used : NAN;
}

/* The entry without its fit k, with p-forms of its own; rest holds
 * nfits - 1 fits.  -1 when its p-forms cannot be fitted. */
static int leave_out(const mpchar_entry *e, size_t k, mpchar_pfit *rest,
                     mpchar_entry *out, mpchar_error *err)
{
    *out = *e;
    memcpy(rest, e->fits, k * sizeof *rest);
    memcpy(rest + k, e->fits + k + 1, (e->nfits - k - 1) * sizeof *rest);
    out->fits = rest;
    out->nfits = e->nfits - 1;
    memset(&out->pf, 0, sizeof out->pf);
    out->note[0] = '\0';
    return mpchar__entry_pforms(out, err);
}

int mpchar__p_validation(mpchar_entry *e, const mpchar__point *pt,
                         const size_t *first, mpchar_error *err)
{
    for (size_t k = 0; k < e->nfits; k++)
        for (int fam = 0; fam < MPCHAR_FAMILY_COUNT; fam++) {
            e->fits[k].acc[fam].p_out_err = NAN;
            e->fits[k].acc[fam].p_out_count = 0;
        }
    if (e->nfits < 3)
        return 0;
    mpchar_pfit *rest = malloc((e->nfits - 1) * sizeof *rest);
    if (!rest)
        return mpchar_error_set(err, "out of memory");
    for (size_t k = 0; k < e->nfits; k++) {
        mpchar_entry others;
        if (leave_out(e, k, rest, &others, err) != 0) {
            free(rest);
            return -1;
        }
        for (int fam = 0; fam < MPCHAR_FAMILY_COUNT; fam++) {
            mpchar_accuracy *a = &e->fits[k].acc[fam];
            if (others.pf.ok[fam])
                a->p_out_err = p_out_error(
                    &others, (mpchar_family)fam, e->fits[k].p, pt + first[k],
                    first[k + 1] - first[k], &a->p_out_count);
        }
    }
    free(rest);
    return 0;
}
