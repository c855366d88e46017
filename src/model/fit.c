/* mpchar_model_fit: from measurement rows to a model.
 *
 * Rows are grouped into entries (library, pattern, variant, op, datatype)
 * and, within an entry, by p.  For each p the fitting statistic (per-point
 * minimum by default, as seed 000 does; median or mean on request) of the fitting
 * set is fitted with every family (families.c), and each is scored on the
 * validation set and on the fitting set; spikes (outliers.c) are left out
 * of both and recorded.  Where n = 0 returns at once (a no-op: T(0)
 * below half the smallest message's time, as Open MPI's bcast does) the
 * fit is flagged and, in the best method, fitted on n > 0 only, so that
 * the start-up comes from real messages.  Then come the p-forms of every
 * parameter, the computation cost t_c of reductions (seed 001 Section 4.3:
 * tb with the op minus tb with "nop", op_costs.c) and the findings.
 * Oversubscribed rows are left out unless asked for; models fitted on
 * them say so. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model_internal.h"

typedef struct fit_ctx {
    const mpchar_measurement *rows;
    const mpchar_fit_options *opt;
} fit_ctx;

int mpchar__cmp_entry_key(const mpchar_point_key *a, const mpchar_point_key *b)
{
    int c;
    if ((c = strcmp(a->library, b->library)) ||
        (c = strcmp(a->pattern, b->pattern)) ||
        (c = strcmp(a->variant, b->variant)) || (c = strcmp(a->op, b->op)) ||
        (c = strcmp(a->datatype, b->datatype)))
        return c;
    return 0;
}

int mpchar__cmp_point_key(const mpchar_point_key *a, const mpchar_point_key *b)
{
    int c = mpchar__cmp_entry_key(a, b);
    if (c)
        return c;
    if (a->p != b->p)
        return a->p < b->p ? -1 : 1;
    if (a->n_bytes != b->n_bytes)
        return a->n_bytes < b->n_bytes ? -1 : 1;
    return (int)a->set - (int)b->set;
}

static int cmp_rows(const void *pa, const void *pb)
{
    const mpchar_measurement *a = *(const mpchar_measurement *const *)pa;
    const mpchar_measurement *b = *(const mpchar_measurement *const *)pb;
    return mpchar__cmp_point_key(&a->key, &b->key);
}

static void score(mpchar_pfit *f, const mpchar__point *fit, size_t nfit,
                  const mpchar__point *val, size_t nval)
{
    for (int fam = 0; fam < MPCHAR_FAMILY_COUNT; fam++) {
        mpchar_accuracy *a = &f->acc[fam];
        a->fit_err = a->val_err = NAN;
        a->fit_count = a->val_count = 0;
        if (!f->ok[fam])
            continue;
        a->fit_err = mpchar__family_error(f, (mpchar_family)fam, fit, nfit,
                                          &a->fit_count);
        a->val_err = mpchar__family_error(f, (mpchar_family)fam, val, nval,
                                          &a->val_count);
    }
    f->best = mpchar__choose_best(f);
}

/* Appends "n (set): t us" of a left-out point to the fit's note. */
static void note_outlier(mpchar_pfit *f, const mpchar_measurement *r, double t)
{
    size_t len = strlen(f->outliers);
    if (len + 1 >= sizeof f->outliers)
        return;
    snprintf(f->outliers + len, sizeof f->outliers - len, "%sn=%llu%s: %.4g us",
             len ? ", " : "", (unsigned long long)r->key.n_bytes,
             r->key.set == MPCHAR_SET_VALIDATION ? " (validation)" : "", t);
}

/* Splits rows (sorted by n) into fitting and validation points, leaving
 * out spikes (outliers.c).  -1 when out of memory. */
static int split_points(const fit_ctx *c, const mpchar_measurement *const *rows,
                        size_t count, mpchar_pfit *f, mpchar__point *fit,
                        size_t *nfit_p, mpchar__point *val, size_t *nval_p)
{
    double *n = malloc(2 * count * sizeof *n);
    bool *spike = malloc(count * sizeof *spike);
    if (!n || !spike) {
        free(n);
        free(spike);
        return -1;
    }
    double *t = n + count;
    for (size_t i = 0; i < count; i++) {
        n[i] = (double)rows[i]->key.n_bytes;
        t[i] = mpchar_fit_stat_of(rows[i], c->opt->stat);
    }
    mpchar__spikes(n, t, count, c->opt->outlier_factor, spike);
    size_t nfit = 0, nval = 0;
    for (size_t i = 0; i < count; i++) {
        bool is_fit = rows[i]->key.set == MPCHAR_SET_FIT;
        f->oversubscribed |= rows[i]->oversubscribed;
        if (spike[i]) {
            *(is_fit ? &f->outliers_fit : &f->outliers_val) += 1;
            note_outlier(f, rows[i], t[i]);
        } else if (is_fit) {
            fit[nfit++] = (mpchar__point){n[i], t[i]};
        } else {
            val[nval++] = (mpchar__point){n[i], t[i]};
        }
    }
    free(n);
    free(spike);
    *nfit_p = nfit;
    *nval_p = nval;
    return 0;
}

static void fit_families(const fit_ctx *c, mpchar_pfit *f,
                         const mpchar__point *fit, size_t nfit)
{
    if (nfit == 0) {
        for (int fam = 0; fam < MPCHAR_FAMILY_COUNT; fam++)
            snprintf(f->why[fam], sizeof f->why[fam], "no fitting-set points");
    } else if (fit[nfit - 1].n == 0.0) {
        /* Measured at n = 0 only (Barrier): every family is T = t0. */
        double t0 = fit[0].t;
        for (size_t i = 1; i < nfit; i++)
            t0 = fmin(t0, fit[i].t);
        for (int fam = 0; fam < MPCHAR_FAMILY_COUNT; fam++)
            mpchar__family_constant(f, (mpchar_family)fam, t0);
    } else {
        for (int fam = 0; fam < MPCHAR_FAMILY_COUNT; fam++)
            f->ok[fam] =
                mpchar__families[fam].fit(fit, nfit, c->opt, f, f->why[fam],
                                          MPCHAR_NOTE_MAX) == 0;
    }
}

/* T(0), and whether it is a no-op: under ZERO_NOOP_RATIO times the least
 * time of the smallest message (sorted points).  A message of one byte
 * costs little more than none wherever n = 0 does real work. */
#define ZERO_NOOP_RATIO 0.5
static void detect_zero_noop(mpchar_pfit *f, const mpchar__point *pt,
                             size_t count)
{
    size_t i = 0;
    f->t_zero_us = NAN;
    for (; i < count && pt[i].n == 0.0; i++)
        f->t_zero_us = i ? fmin(f->t_zero_us, pt[i].t) : pt[i].t;
    if (i == 0 || i == count)
        return;
    double t_small = pt[i].t;
    for (size_t j = i; j < count && pt[j].n == pt[i].n; j++)
        t_small = fmin(t_small, pt[j].t);
    f->zero_noop = f->t_zero_us < ZERO_NOOP_RATIO * t_small;
}

/* Drops the n = 0 points of sorted points; the new count. */
static size_t drop_zero(mpchar__point *pt, size_t count)
{
    size_t i = 0;
    while (i < count && pt[i].n == 0.0)
        i++;
    memmove(pt, pt + i, (count - i) * sizeof *pt);
    return count - i;
}

/* The line of the sizes below the last piecewise switch (seed 002's short
 * messages): a first segment of a few bytes has no r_inf of its own. */
static void below_switch_line(const fit_ctx *c, mpchar_pfit *f,
                              const mpchar__point *fit, size_t nfit)
{
    const mpchar_piecewise *pw = &f->pw;
    f->below_switch =
        (mpchar_hockney){pw->seg[0].ts_us, pw->seg[0].tb_us_per_byte};
    if (!f->ok[MPCHAR_FAMILY_PIECEWISE] || pw->count < 2)
        return;
    size_t n = 0;
    while (n < nfit && fit[n].n < pw->seg[pw->count - 1].n_lo_bytes)
        n++;
    mpchar_pfit below;
    char why[MPCHAR_NOTE_MAX];
    if (mpchar__hockney_fit(fit, n, c->opt, &below, why, sizeof why) == 0)
        f->below_switch = below.hockney;
}

/* Fits rows[0..count) of one entry and one p (sorted by n); the points
 * it scored (fitting, then validation) go to kept, their count to
 * *nkept_p. */
static int fit_one_p(const fit_ctx *c, const mpchar_measurement *const *rows,
                     size_t count, mpchar_pfit *f, mpchar__point *kept,
                     size_t *nkept_p)
{
    mpchar__point *fit = malloc(2 * count * sizeof *fit);
    if (!fit)
        return -1;
    mpchar__point *val = fit + count;
    size_t nfit, nval;
    memset(f, 0, sizeof *f);
    f->p = rows[0]->key.p;
    f->tc_us_per_byte = f->r_cc = NAN;
    if (split_points(c, rows, count, f, fit, &nfit, val, &nval) != 0) {
        free(fit);
        return -1;
    }
    detect_zero_noop(f, fit, nfit);
    if (f->zero_noop && c->opt->method == MPCHAR_METHOD_BEST) {
        nfit = drop_zero(fit, nfit);
        nval = drop_zero(val, nval);
    }
    for (size_t i = 0; i < nfit; i++)
        f->fit_sizes += i == 0 || fit[i].n != fit[i - 1].n;
    for (size_t i = 0; i < nval; i++)
        f->val_sizes += i == 0 || val[i].n != val[i - 1].n;
    f->n_min_bytes = nfit ? fit[0].n : NAN;
    f->n_max_bytes = nfit ? fit[nfit - 1].n : NAN;
    fit_families(c, f, fit, nfit);
    below_switch_line(c, f, fit, nfit);
    score(f, fit, nfit, val, nval);
    memcpy(kept, fit, nfit * sizeof *kept);
    memcpy(kept + nfit, val, nval * sizeof *kept);
    *nkept_p = nfit + nval;
    free(fit);
    return 0;
}

static int fit_entry(const fit_ctx *c, const mpchar_measurement *const *rows,
                     size_t count, mpchar_entry *e, mpchar_error *err)
{
    memset(e, 0, sizeof *e);
    const mpchar_point_key *k = &rows[0]->key;
    mpchar__strlcpy(e->library, k->library, sizeof e->library);
    mpchar__strlcpy(e->pattern, k->pattern, sizeof e->pattern);
    mpchar__strlcpy(e->variant, k->variant, sizeof e->variant);
    mpchar__strlcpy(e->op, k->op, sizeof e->op);
    mpchar__strlcpy(e->datatype, k->datatype, sizeof e->datatype);
    e->kind = mpchar_pattern_is_p2p(k->pattern) ? MPCHAR_KIND_P2P
                                                : MPCHAR_KIND_COLLECTIVE;
    size_t np = 0;
    for (size_t i = 0; i < count; i++)
        np += i == 0 || rows[i]->key.p != rows[i - 1]->key.p;
    e->fits = calloc(np, sizeof *e->fits);
    /* the points each p was scored on, p by p from first[k] */
    mpchar__point *kept = malloc((count + 1) * sizeof *kept);
    size_t *first = malloc((np + 1) * sizeof *first);
    int rc = e->fits && kept && first ? 0 : -1;
    if (rc == 0)
        first[0] = 0;
    for (size_t i = 0; rc == 0 && i < count;) {
        size_t j = i, nkept = 0;
        while (j < count && rows[j]->key.p == rows[i]->key.p)
            j++;
        mpchar_pfit *f = &e->fits[e->nfits];
        rc = fit_one_p(c, rows + i, j - i, f, kept + first[e->nfits], &nkept);
        first[e->nfits + 1] = first[e->nfits] + nkept;
        e->nfits++;
        e->oversubscribed |= f->oversubscribed;
        i = j;
    }
    if (rc != 0)
        rc = mpchar_error_set(err, "out of memory fitting %s %s", k->library,
                              k->pattern);
    if (rc == 0)
        rc = mpchar__entry_pforms(e, err);
    if (rc == 0)
        rc = mpchar__p_validation(e, kept, first, err);
    free(kept);
    free(first);
    return rc;
}

/* Fails when no family could be fitted anywhere, naming the first reason. */
static int check_fitted(const mpchar_model *m, const char *source,
                        mpchar_error *err)
{
    const mpchar_entry *first = NULL;
    const mpchar_pfit *why = NULL;
    for (size_t i = 0; i < m->nentries; i++) {
        for (size_t j = 0; j < m->entries[i].nfits; j++) {
            if (m->entries[i].fits[j].best >= 0)
                return 0;
            if (!first) {
                first = &m->entries[i];
                why = &m->entries[i].fits[j];
            }
        }
    }
    char label[160] = "";
    if (first)
        mpchar__entry_label(first, label, sizeof label);
    return mpchar_error_set(err,
                            "%s: no model could be fitted (%s p=%ld: "
                            "%s)",
                            source ? source : "measurements", label,
                            why ? why->p : 0L, why ? why->why[0] : "");
}

static int check_options(const mpchar_fit_options *opt, mpchar_error *err)
{
    if (opt->max_segments < 1 || opt->max_segments > MPCHAR_MAX_SEGMENTS)
        return mpchar_error_set(err, "max segments must be 1 to %d, not %d",
                                MPCHAR_MAX_SEGMENTS, opt->max_segments);
    if (!(opt->outlier_factor == 0.0 || opt->outlier_factor > 1.0))
        return mpchar_error_set(err,
                                "outlier factor must be 0 (off) or "
                                "above 1, not %g",
                                opt->outlier_factor);
    if (opt->method == MPCHAR_METHOD_SEED &&
        (opt->stat != MPCHAR_STAT_MIN ||
         opt->weighting != MPCHAR_WEIGHT_ABSOLUTE || opt->robust ||
         opt->outlier_factor != 0.0))
        return mpchar_error_set(err, "the seed method fits the minimum "
                                     "times by plain least squares, without "
                                     "a robust fit or a spike filter");
    return 0;
}

/* Rows of a pattern that sweeps a computation go to the overlap table,
 * not to a time model (each of their variants is one c). */
static bool sweeps_compute(const mpchar_measurement *row)
{
    const mpchar_pattern_facts *f = mpchar_pattern_find(row->key.pattern);
    return f && f->sweeps_compute;
}

static int fit_all(const fit_ctx *c, const mpchar_measurement **idx, size_t n,
                   mpchar_model *model, mpchar_error *err)
{
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j < n && mpchar__cmp_entry_key(&idx[j]->key, &idx[i]->key) == 0)
            j++;
        if (sweeps_compute(idx[i])) {
            i = j;
            continue;
        }
        mpchar_entry e;
        int rc = fit_entry(c, idx + i, j - i, &e, err);
        if (rc == 0)
            rc = mpchar_model_add_entry(model, &e, err);
        free(e.fits);
        if (rc != 0)
            return -1;
        i = j;
    }
    return 0;
}

int mpchar_model_fit(const mpchar_measurements *m, const char *source,
                     const mpchar_fit_options *opt, mpchar_model *model_p,
                     mpchar_error *err)
{
    /* The fit reads both tables (kinds, f(p), families), so a broken entry
     * is refused before any work. */
    if (mpchar_patterns_check(err) != 0 ||
        mpchar__families_check(mpchar__families, MPCHAR_FAMILY_COUNT, err) !=
            0 ||
        check_options(opt, err) != 0)
        return -1;
    mpchar_model model;
    memset(&model, 0, sizeof model);
    mpchar__strlcpy(model.source, source ? source : "", sizeof model.source);
    snprintf(model.generator, sizeof model.generator, "mpchar");
    model.opt = *opt;
    const mpchar_measurement **idx = malloc((m->count + 1) * sizeof *idx);
    if (!idx)
        return mpchar_error_set(err, "out of memory");
    size_t n = 0;
    for (size_t i = 0; i < m->count; i++) {
        if (m->rows[i].oversubscribed && !opt->include_oversubscribed)
            model.rows_excluded_oversubscribed++;
        else
            idx[n++] = &m->rows[i];
    }
    model.rows_used = n;
    if (n == 0) {
        free(idx);
        return mpchar_error_set(err,
                                "%s: no measurements to fit (%zu rows, "
                                "%zu oversubscribed left out; see "
                                "--include-oversubscribed)",
                                source ? source : "measurements", m->count,
                                model.rows_excluded_oversubscribed);
    }
    qsort(idx, n, sizeof *idx, cmp_rows);
    fit_ctx c = {.opt = opt};
    int rc = fit_all(&c, idx, n, &model, err);
    if (rc == 0)
        rc = mpchar_overlap_fit(idx, n, opt->stat, &model.overlap,
                                &model.noverlap, err);
    if (rc == 0 && (model.nentries > 0 || model.noverlap == 0))
        rc = check_fitted(&model, source, err);
    if (rc == 0) {
        mpchar__reduction_costs(&model);
        rc = mpchar__model_findings(&model, err);
    }
    if (rc == 0)
        rc = mpchar__op_findings(&model, idx, n, opt->stat, err);
    free(idx);
    if (rc != 0) {
        mpchar_model_free(&model);
        return -1;
    }
    *model_p = model;
    return 0;
}
