/* Prediction: T(n, p) of an entry with one model family, with its terms
 * (start-up, transfer, the t_i term) and flags for extrapolation.
 *
 * At a measured p the fit of that p is used as it is; at any other p the
 * parameters come from their p-forms.  "best" is the family with the
 * lowest validation error at that p, or, at an unmeasured p, the lowest
 * mean validation error over the measured p among families with p-forms. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "model_internal.h"

static const mpchar_pfit *fit_at(const mpchar_entry *e, long p)
{
    for (size_t i = 0; i < e->nfits; i++)
        if (e->fits[i].p == p)
            return &e->fits[i];
    return NULL;
}

/* Family with the lowest mean validation error among those with p-forms. */
static int best_pform_family(const mpchar_entry *e)
{
    int best = -1;
    double best_err = INFINITY;
    for (int f = 0; f < MPCHAR_FAMILY_COUNT; f++) {
        if (!e->pf.ok[f])
            continue;
        double sum = 0.0;
        size_t n = 0;
        for (size_t i = 0; i < e->nfits; i++) {
            const mpchar_accuracy *a = &e->fits[i].acc[f];
            double v = a->val_count ? a->val_err : a->fit_err;
            if (e->fits[i].ok[f] && isfinite(v)) {
                sum += v;
                n++;
            }
        }
        double m = n ? sum / (double)n : 1e300;
        if (best < 0 || m < best_err) {
            best = f;
            best_err = m;
        }
    }
    return best;
}

/* Parameter `param` of segment k at p from its p-form; a breakpoint is 0
 * in the first segment and never below the one before. */
static int param_at(const mpchar_pforms *pf, mpchar_family fam, size_t param,
                    int k, long p, mpchar_pfit *out, mpchar_error *err)
{
    double *v = mpchar__param(fam, out, param, k);
    if (!mpchar__families[fam].params[param].breakpoint)
        return mpchar_pform_eval(mpchar__param_pform_const(fam, pf, param, k),
                                 (double)p, v, err);
    *v = 0.0;
    if (k == 0)
        return 0;
    if (mpchar_pform_eval(mpchar__param_pform_const(fam, pf, param, k),
                          (double)p, v, err) != 0)
        return -1;
    double below = mpchar__param_value(fam, out, param, k - 1);
    if (*v < below)
        *v = below;
    return 0;
}

/* A one-p fit built from the p-forms of family fam. */
static int pfit_from_pforms(const mpchar_entry *e, mpchar_family fam, long p,
                            mpchar_pfit *out, mpchar_error *err)
{
    memset(out, 0, sizeof *out);
    out->p = p;
    out->ok[fam] = true;
    int count = mpchar__pform_segments(fam, &e->pf);
    mpchar__set_segments(fam, out, count);
    for (int k = 0; k < count; k++)
        for (size_t i = 0; i < mpchar__families[fam].nparams; i++)
            if (param_at(&e->pf, fam, i, k, p, out, err) != 0)
                return -1;
    return 0;
}

/* The fit and family that answer for (family, p): the fit of a measured
 * p, or one built from the p-forms into tmp. */
typedef struct resolved {
    mpchar_pfit tmp;
    const mpchar_pfit *fit;
    mpchar_family fam;
    bool from_pforms;
} resolved;

static int resolve(const mpchar_entry *e, mpchar_family family, long p,
                   resolved *out, mpchar_error *err)
{
    char label[160];
    mpchar__entry_label(e, label, sizeof label);
    const mpchar_pfit *f = fit_at(e, p);
    int fam = family;
    if (f && (family == MPCHAR_FAMILY_BEST ? f->best >= 0 : f->ok[family])) {
        out->fit = f;
        out->fam =
            family == MPCHAR_FAMILY_BEST ? (mpchar_family)f->best : family;
        out->from_pforms = false;
        return 0;
    }
    if (family == MPCHAR_FAMILY_BEST)
        fam = best_pform_family(e);
    if (fam < 0 || !e->pf.ok[fam])
        return mpchar_error_set(err, "%s: no %s model for p = %ld%s%s", label,
                                family == MPCHAR_FAMILY_BEST
                                    ? "fitted"
                                    : mpchar_family_name(family),
                                p, f && family >= 0 ? ": " : "",
                                f && family >= 0 ? f->why[family] : "");
    out->fam = (mpchar_family)fam;
    if (pfit_from_pforms(e, out->fam, p, &out->tmp, err) != 0)
        return mpchar_error_prefix(err, "%s", label);
    out->fit = &out->tmp;
    out->from_pforms = true;
    return 0;
}

int mpchar_entry_t0_tb(const mpchar_entry *e, mpchar_family f, long p,
                       double *t0_us_p, double *tb_us_per_byte_p,
                       mpchar_error *err)
{
    resolved rs;
    if (resolve(e, f, p, &rs, err) != 0)
        return -1;
    const mpchar__family_ops *o = &mpchar__families[rs.fam];
    *t0_us_p = mpchar__param_value(rs.fam, rs.fit, o->startup, 0);
    *tb_us_per_byte_p = mpchar__param_value(
        rs.fam, rs.fit, o->per_byte, mpchar__segments(rs.fam, rs.fit) - 1);
    return 0;
}

static void p_range(const mpchar_entry *e, long *lo, long *hi)
{
    *lo = 0;
    *hi = 0;
    for (size_t i = 0; i < e->nfits; i++) {
        if (*lo == 0 || e->fits[i].p < *lo)
            *lo = e->fits[i].p;
        if (e->fits[i].p > *hi)
            *hi = e->fits[i].p;
    }
    for (int fam = 0; e->nfits == 0 && fam < MPCHAR_FAMILY_COUNT; fam++) {
        if (!e->pf.ok[fam])
            continue;
        const mpchar_pform *f = mpchar__param_pform_const(
            (mpchar_family)fam, &e->pf, mpchar__families[fam].startup, 0);
        *lo = f->p_min;
        *hi = f->p_max;
        break;
    }
}

int mpchar_entry_predict(const mpchar_entry *e, mpchar_family family,
                         double n_bytes, long p, mpchar_prediction *out,
                         mpchar_error *err)
{
    char label[160];
    mpchar__entry_label(e, label, sizeof label);
    if (!(n_bytes >= 0.0) || !isfinite(n_bytes))
        return mpchar_error_set(err, "%s: n must be a number of bytes >= 0",
                                label);
    if (p < 1)
        return mpchar_error_set(err, "%s: p must be >= 1", label);
    if (e->kind == MPCHAR_KIND_P2P && p != 2)
        return mpchar_error_set(err,
                                "%s: point-to-point patterns run on "
                                "p = 2, not %ld",
                                label, p);
    resolved rs;
    if (resolve(e, family, p, &rs, err) != 0)
        return -1;
    const mpchar_pfit *fit = rs.fit;
    bool from_pf = rs.from_pforms;
    mpchar_prediction pr;
    memset(&pr, 0, sizeof pr);
    pr.entry = e;
    pr.family = rs.fam;
    pr.from_pforms = from_pf;
    mpchar__family_terms(fit, pr.family, n_bytes, &pr);
    long plo, phi;
    p_range(e, &plo, &phi);
    pr.extrapolated_p = plo > 0 && (p < plo || p > phi);
    double nlo = INFINITY, nhi = -INFINITY;
    for (size_t i = 0; i < e->nfits; i++) {
        const mpchar_pfit *f = &e->fits[i];
        if (!from_pf && f != fit)
            continue;
        nlo = fmin(nlo, f->n_min_bytes);
        nhi = fmax(nhi, f->n_max_bytes);
    }
    pr.extrapolated_n = nlo <= nhi && (n_bytes < nlo || n_bytes > nhi);
    pr.oversubscribed = from_pf ? e->oversubscribed : fit->oversubscribed;
    if (!isfinite(pr.t_us))
        return mpchar_error_set(err,
                                "%s: the %s model gives no finite time "
                                "at n = %g, p = %ld",
                                label, mpchar_family_name(pr.family), n_bytes,
                                p);
    *out = pr;
    return 0;
}

static void list_names(const mpchar_model *m, size_t field, const char *lib,
                       const char *pat, char *buf, size_t len)
{
    size_t pos = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < m->nentries && pos + 1 < len; i++) {
        const mpchar_entry *e = &m->entries[i];
        if ((lib && strcmp(e->library, lib)) ||
            (pat && strcmp(e->pattern, pat)))
            continue;
        const char *name = (const char *)e + field;
        int dup = 0;
        for (size_t j = 0; j < i && !dup; j++) {
            const mpchar_entry *o = &m->entries[j];
            dup = (!lib || !strcmp(o->library, lib)) &&
                  (!pat || !strcmp(o->pattern, pat)) &&
                  !strcmp((const char *)o + field, name);
        }
        if (!dup) {
            int w =
                snprintf(buf + pos, len - pos, "%s%s", pos ? ", " : "", name);
            if (w < 0 || (size_t)w >= len - pos)
                break;
            pos += (size_t)w;
        }
    }
}

/* Narrows by one name field: the given name, or when absent "-", then
 * "send" for a variant and "sum" for an op, then the only one. */
static int pick(const mpchar_model *m, const char *lib, const char *pat,
                size_t field, const char *want, const char *what,
                const char **out, mpchar_error *err)
{
    char names[512];
    list_names(m, field, lib, pat, names, sizeof names);
    if (want) {
        for (size_t i = 0; i < m->nentries; i++) {
            const mpchar_entry *e = &m->entries[i];
            if ((!lib || !strcmp(e->library, lib)) &&
                (!pat || !strcmp(e->pattern, pat)) &&
                !strcmp((const char *)e + field, want)) {
                *out = (const char *)e + field;
                return 0;
            }
        }
        return mpchar_error_set(err,
                                "unknown %s '%.40s'%s%s (the model has: "
                                "%s)",
                                what, want, pat ? " for " : "", pat ? pat : "",
                                names[0] ? names : "none");
    }
    const char *prefer[] = {"-", !strcmp(what, "op") ? "sum" : "send"};
    for (int k = 0; k < 2; k++) {
        if (pick(m, lib, pat, field, prefer[k], what, out, NULL) == 0)
            return 0;
    }
    if (names[0] && !strchr(names, ','))
        return pick(m, lib, pat, field, names, what, out, err);
    return mpchar_error_set(err,
                            "several %ss for %s %s (%s): choose one with "
                            "--%s",
                            what, lib ? lib : "any library",
                            pat ? pat : "any pattern", names, what);
}

const mpchar_entry *mpchar_model_find(const mpchar_model *model,
                                      const char *library, const char *pattern,
                                      const char *variant, const char *op,
                                      mpchar_error *err)
{
    const char *v, *o;
    if (pick(model, NULL, NULL, offsetof(mpchar_entry, library), library,
             "library", &library, err) ||
        pick(model, library, NULL, offsetof(mpchar_entry, pattern), pattern,
             "pattern", &pattern, err) ||
        pick(model, library, pattern, offsetof(mpchar_entry, variant), variant,
             "variant", &v, err) ||
        pick(model, library, pattern, offsetof(mpchar_entry, op), op, "op", &o,
             err))
        return NULL;
    for (size_t i = 0; i < model->nentries; i++) {
        const mpchar_entry *e = &model->entries[i];
        if (!strcmp(e->library, library) && !strcmp(e->pattern, pattern) &&
            !strcmp(e->variant, v) && !strcmp(e->op, o))
            return e;
    }
    mpchar_error_set(err,
                     "no model for library '%s' pattern '%s' variant "
                     "'%s' op '%s'",
                     library, pattern, v, o);
    return NULL;
}

int mpchar_model_predict(const mpchar_model *model, const mpchar_query *q,
                         mpchar_prediction *out, mpchar_error *err)
{
    if (!q->library || !q->pattern)
        return mpchar_error_set(err, "prediction needs a library and a "
                                     "pattern");
    const mpchar_entry *e = mpchar_model_find(model, q->library, q->pattern,
                                              q->variant, q->op, err);
    if (!e)
        return -1;
    return mpchar_entry_predict(e, q->family, q->n_bytes, q->p, out, err);
}
