/* The p-forms of an entry: every parameter of every family, fitted across
 * the p at which that family could be fitted.  A segmented family's
 * (piecewise) parameters get p-forms only when every p has the same number
 * of segments (segment k is then the same protocol at every p); otherwise
 * that family is available at the measured p only, and the entry's note
 * says so. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model_internal.h"

/* The p-form of parameter `param` of segment k across the p at which fam
 * was fitted; -1 when none was. */
static int fit_param(mpchar_entry *e, mpchar_family fam, size_t param, int k,
                     long *ps, double *ys)
{
    size_t n = 0;
    for (size_t i = 0; i < e->nfits; i++) {
        if (!e->fits[i].ok[fam])
            continue;
        ps[n] = e->fits[i].p;
        ys[n++] = mpchar__param_value(fam, &e->fits[i], param, k);
    }
    return n ? mpchar_pform_fit(
                   ps, ys, n, mpchar__param_pform(fam, &e->pf, param, k), NULL)
             : -1;
}

static void append_note(mpchar_entry *e, const char *text)
{
    size_t len = strlen(e->note);
    snprintf(e->note + len, sizeof e->note - len, "%s%s", len ? "; " : "",
             text);
}

/* The family's segment count, the same at every p it was fitted at; 0
 * when it was fitted nowhere, -1 (with a note) when counts differ. */
static int common_segments(mpchar_entry *e, mpchar_family fam)
{
    int count = 0;
    for (size_t i = 0; i < e->nfits; i++) {
        const mpchar_pfit *f = &e->fits[i];
        if (!f->ok[fam])
            continue;
        int c = mpchar__segments(fam, f);
        if (count && c != count) {
            char note[160];
            const char *name = mpchar_family_name(fam);
            snprintf(note, sizeof note,
                     "%s segment counts differ across p: %s predictions "
                     "only at measured p",
                     name, name);
            append_note(e, note);
            return -1;
        }
        count = c;
    }
    return count;
}

/* Every parameter's p-form of one family; false when there are none. */
static bool family_pforms(mpchar_entry *e, mpchar_family fam, long *ps,
                          double *ys)
{
    const mpchar__family_ops *o = &mpchar__families[fam];
    int count = common_segments(e, fam);
    if (count <= 0)
        return false;
    mpchar__set_pform_segments(fam, &e->pf, count);
    for (int k = 0; k < count; k++)
        for (size_t i = 0; i < o->nparams; i++)
            if ((k > 0 || !o->params[i].breakpoint) &&
                fit_param(e, fam, i, k, ps, ys) != 0)
                return false;
    return true;
}

int mpchar__entry_pforms(mpchar_entry *e, mpchar_error *err)
{
    long *ps = malloc((e->nfits + 1) * sizeof *ps);
    double *ys = malloc((e->nfits + 1) * sizeof *ys);
    if (!ps || !ys) {
        free(ps);
        free(ys);
        return mpchar_error_set(err, "out of memory");
    }
    for (int fam = 0; fam < MPCHAR_FAMILY_COUNT; fam++)
        e->pf.ok[fam] = family_pforms(e, (mpchar_family)fam, ps, ys);
    size_t fitted = 0;
    for (size_t i = 0; i < e->nfits; i++)
        fitted += e->fits[i].best >= 0;
    if (e->kind == MPCHAR_KIND_COLLECTIVE && fitted == 1) {
        char note[96];
        for (size_t i = 0; i < e->nfits; i++)
            if (e->fits[i].best >= 0)
                snprintf(note, sizeof note,
                         "single p = %ld: p-forms are "
                         "constants",
                         e->fits[i].p);
        append_note(e, note);
    }
    if (e->oversubscribed)
        append_note(e, "fitted on oversubscribed points");
    free(ps);
    free(ys);
    return 0;
}
