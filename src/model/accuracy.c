/* Accuracy the way seed 000 Section 3 measures it: the average absolute
 * relative error |T_model(n) - T_measured(n)| / T_measured(n) over a point
 * set, on the validation sizes (random sizes the fit never saw) and on the
 * fitting sizes, for each family; the best family is the one with the
 * lowest validation error (fit error when no validation points exist). */
#include <math.h>

#include "model_internal.h"

double mpchar__family_error(const mpchar_pfit *f, mpchar_family fam,
                            const mpchar__point *pt, size_t count,
                            size_t *used_p)
{
    double sum = 0.0;
    size_t used = 0;
    for (size_t i = 0; i < count; i++) {
        if (!(pt[i].t > 0.0))
            continue;
        double pred = mpchar__family_eval(f, fam, pt[i].n);
        sum += fabs(pred - pt[i].t) / pt[i].t;
        used++;
    }
    *used_p = used;
    return used ? sum / (double)used : NAN;
}

int mpchar__choose_best(const mpchar_pfit *f)
{
    int best = -1;
    double best_err = INFINITY;
    for (int fam = 0; fam < MPCHAR_FAMILY_COUNT; fam++) {
        if (!f->ok[fam])
            continue;
        const mpchar_accuracy *a = &f->acc[fam];
        double e = a->val_count ? a->val_err : a->fit_err;
        if (!isfinite(e))
            e = 1e300;
        if (best < 0 || e < best_err) {
            best = fam;
            best_err = e;
        }
    }
    return best;
}
