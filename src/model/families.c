/* The model families, one entry each: their names, fits, terms and
 * parameters (where a fit and the p-forms keep each one, under which
 * model.json key), from which the rest of the engine evaluates, predicts,
 * fits p-forms, writes and reads every family alike.  A new family is an
 * enumerator of mpchar_family, its fields in mpchar_pfit and mpchar_pforms,
 * and one entry here; mpchar__families_check refuses an incomplete entry
 * when fitting or reading starts, and no code elsewhere branches on a
 * family it does not name. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "model_internal.h"

static double linear_term(const mpchar_pfit *f, double n_bytes, double *ti_us_p)
{
    (void)f, (void)n_bytes;
    *ti_us_p = NAN;
    return 0.0;
}

static double ti_term(const mpchar_pfit *f, double n_bytes, double *ti_us_p)
{
    *ti_us_p = f->ti.ti_us;
    return mpchar__ti_term(&f->ti, n_bytes);
}

#define FIT(field) offsetof(mpchar_pfit, field)
#define PFORM(field) offsetof(mpchar_pforms, field)
/* A parameter: its model.json key and its fields (of the first segment)
 * in mpchar_pfit and mpchar_pforms; a breakpoint is a segment's lower
 * end. */
#define PARAM(key, fit, pform)                                            \
    {                                                                     \
        .name = key, .fit_offset = FIT(fit), .pform_offset = PFORM(pform) \
    }
#define BREAKPOINT(key, fit, pform)                                        \
    {                                                                      \
        .name = key, .fit_offset = FIT(fit), .pform_offset = PFORM(pform), \
        .breakpoint = true                                                 \
    }

const mpchar__family_ops mpchar__families[MPCHAR_FAMILY_COUNT] = {
    [MPCHAR_FAMILY_HOCKNEY] =
        {
            .name = "hockney",
            .fit = mpchar__hockney_fit,
            .term = linear_term,
            .nparams = 2,
            .params = {PARAM("ts_us", hockney.ts_us, hockney_ts),
                       PARAM("tb_us_per_byte", hockney.tb_us_per_byte,
                             hockney_tb)},
            .startup = 0,
            .per_byte = 1,
        },
    [MPCHAR_FAMILY_TI] =
        {
            .name = "ti",
            .fit = mpchar__ti_fit,
            .term = ti_term,
            .nparams = 3,
            .params = {PARAM("t0_us", ti.t0_us, ti_t0),
                       PARAM("ti_us", ti.ti_us, ti_ti),
                       PARAM("tb_us_per_byte", ti.tb_us_per_byte, ti_tb)},
            .startup = 0,
            .per_byte = 2,
        },
    [MPCHAR_FAMILY_HOCKNEY_T0] =
        {
            .name = "hockney_t0",
            .fit = mpchar__hockney_t0_fit,
            .term = linear_term,
            .nparams = 2,
            .params = {PARAM("ts_us", hockney_t0.ts_us, hockney_t0_ts),
                       PARAM("tb_us_per_byte", hockney_t0.tb_us_per_byte,
                             hockney_t0_tb)},
            .startup = 0,
            .per_byte = 1,
        },
    [MPCHAR_FAMILY_PIECEWISE] =
        {
            .name = "piecewise",
            .fit = mpchar__piecewise_fit,
            .term = linear_term,
            .nparams = 3,
            .params = {BREAKPOINT("n_lo_bytes", pw.seg[0].n_lo_bytes,
                                  pw_break[0]),
                       PARAM("ts_us", pw.seg[0].ts_us, pw_ts[0]),
                       PARAM("tb_us_per_byte", pw.seg[0].tb_us_per_byte,
                             pw_tb[0])},
            .startup = 1,
            .per_byte = 2,
            .segmented = true,
            .fit_count_offset = FIT(pw.count),
            .pforms_count_offset = PFORM(pw_count),
            .fit_stride = sizeof(mpchar_segment),
            .pform_stride = sizeof(mpchar_pform),
        },
};

/* Whether a family's parameters are named, and a segmented family has
 * one breakpoint parameter and its strides (others neither). */
static bool params_valid(const mpchar__family_ops *o)
{
    size_t breakpoints = 0;
    for (size_t k = 0; k < o->nparams; k++) {
        if (!o->params[k].name)
            return false;
        breakpoints += o->params[k].breakpoint;
    }
    return o->segmented ? breakpoints == 1 && o->fit_stride && o->pform_stride
                        : breakpoints == 0;
}

/* Entry i of table: named once, with its operations and parameters. */
static int check_entry(const mpchar__family_ops *table, size_t i,
                       mpchar_error *err)
{
    const mpchar__family_ops *o = &table[i];
    if (!o->name || !o->fit || !o->term || o->nparams == 0 ||
        o->nparams > MPCHAR__FAMILY_PARAMS_MAX || o->startup >= o->nparams ||
        o->per_byte >= o->nparams)
        return mpchar_error_set(err,
                                "model family %zu (%s) lacks a name, an "
                                "operation or its parameters",
                                i, o->name ? o->name : "unnamed");
    for (size_t j = 0; j < i; j++)
        if (strcmp(table[j].name, o->name) == 0)
            return mpchar_error_set(err, "model family '%s' is named twice",
                                    o->name);
    if (!params_valid(o))
        return mpchar_error_set(err,
                                "model family %s: unnamed parameters, or "
                                "not one breakpoint parameter and strides "
                                "for a segmented family",
                                o->name);
    return 0;
}

int mpchar__segments(mpchar_family fam, const mpchar_pfit *f)
{
    const mpchar__family_ops *o = &mpchar__families[fam];
    return o->segmented ? *(const int *)((const char *)f + o->fit_count_offset)
                        : 1;
}

void mpchar__set_segments(mpchar_family fam, mpchar_pfit *f, int count)
{
    const mpchar__family_ops *o = &mpchar__families[fam];
    if (o->segmented)
        *(int *)((char *)f + o->fit_count_offset) = count;
}

int mpchar__pform_segments(mpchar_family fam, const mpchar_pforms *pf)
{
    const mpchar__family_ops *o = &mpchar__families[fam];
    return o->segmented
               ? *(const int *)((const char *)pf + o->pforms_count_offset)
               : 1;
}

void mpchar__set_pform_segments(mpchar_family fam, mpchar_pforms *pf, int count)
{
    const mpchar__family_ops *o = &mpchar__families[fam];
    if (o->segmented)
        *(int *)((char *)pf + o->pforms_count_offset) = count;
}

static size_t fit_offset(mpchar_family fam, size_t param, int k)
{
    const mpchar__family_ops *o = &mpchar__families[fam];
    return o->params[param].fit_offset + (size_t)k * o->fit_stride;
}

static size_t pform_offset(mpchar_family fam, size_t param, int k)
{
    const mpchar__family_ops *o = &mpchar__families[fam];
    return o->params[param].pform_offset + (size_t)k * o->pform_stride;
}

double *mpchar__param(mpchar_family fam, mpchar_pfit *f, size_t param, int k)
{
    return (double *)((char *)f + fit_offset(fam, param, k));
}

double mpchar__param_value(mpchar_family fam, const mpchar_pfit *f,
                           size_t param, int k)
{
    return *(const double *)((const char *)f + fit_offset(fam, param, k));
}

mpchar_pform *mpchar__param_pform(mpchar_family fam, mpchar_pforms *pf,
                                  size_t param, int k)
{
    return (mpchar_pform *)((char *)pf + pform_offset(fam, param, k));
}

const mpchar_pform *mpchar__param_pform_const(mpchar_family fam,
                                              const mpchar_pforms *pf,
                                              size_t param, int k)
{
    return (const mpchar_pform *)((const char *)pf +
                                  pform_offset(fam, param, k));
}

/* The index of a segmented family's breakpoint parameter. */
static size_t breakpoint_param(const mpchar__family_ops *o)
{
    size_t i = 0;
    while (i + 1 < o->nparams && !o->params[i].breakpoint)
        i++;
    return i;
}

int mpchar__segment_at(mpchar_family fam, const mpchar_pfit *f, double n)
{
    size_t brk = breakpoint_param(&mpchar__families[fam]);
    int k = 0, count = mpchar__segments(fam, f);
    while (k + 1 < count && n >= mpchar__param_value(fam, f, brk, k + 1))
        k++;
    return k;
}

double mpchar__family_eval(const mpchar_pfit *f, mpchar_family fam, double n)
{
    mpchar_prediction pr;
    mpchar__family_terms(f, fam, n, &pr);
    return pr.t_us;
}

void mpchar__family_terms(const mpchar_pfit *f, mpchar_family fam, double n,
                          mpchar_prediction *out)
{
    const mpchar__family_ops *o = &mpchar__families[fam];
    int k = mpchar__segment_at(fam, f, n);
    out->segment = o->segmented ? k : -1;
    out->ts_us = mpchar__param_value(fam, f, o->startup, k);
    out->tb_us_per_byte = mpchar__param_value(fam, f, o->per_byte, k);
    out->extra_us = o->term(f, n, &out->ti_us);
    out->startup_us = out->ts_us;
    out->transfer_us = out->tb_us_per_byte * n;
    out->t_us = out->ts_us + out->extra_us + out->transfer_us;
}

void mpchar__family_constant(mpchar_pfit *f, mpchar_family fam, double t0)
{
    mpchar__set_segments(fam, f, 1);
    *mpchar__param(fam, f, mpchar__families[fam].startup, 0) = t0;
    f->ok[fam] = true;
}

int mpchar__families_check(const mpchar__family_ops *table, size_t count,
                           mpchar_error *err)
{
    for (size_t i = 0; i < count; i++)
        if (check_entry(table, i, err) != 0)
            return -1;
    return 0;
}
