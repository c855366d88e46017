/* The model object: names of families and findings, default options,
 * building and freeing a model.  Fitting is in fit.c, evaluation in
 * predict.c, the file format in model_json_*.c. */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model_internal.h"
#include "mpchar/parse.h"

const char *mpchar_family_name(mpchar_family f)
{
    if (f == MPCHAR_FAMILY_BEST)
        return "best";
    return f >= 0 && f < MPCHAR_FAMILY_COUNT ? mpchar__families[f].name : "?";
}

/* "hockney, ti, piecewise": the families' names, for messages. */
static void family_list(char *buf, size_t len)
{
    size_t pos = 0;
    buf[0] = '\0';
    for (int f = 0; f < MPCHAR_FAMILY_COUNT && pos < len; f++)
        pos += (size_t)snprintf(buf + pos, len - pos, "%s%s", f ? ", " : "",
                                mpchar__families[f].name);
}

int mpchar_family_parse(const char *text, mpchar_family *f_p, mpchar_error *err)
{
    for (int f = 0; f < MPCHAR_FAMILY_COUNT; f++) {
        if (strcmp(text, mpchar__families[f].name) == 0) {
            *f_p = (mpchar_family)f;
            return 0;
        }
    }
    if (strcmp(text, "best") == 0) {
        *f_p = MPCHAR_FAMILY_BEST;
        return 0;
    }
    char names[128];
    family_list(names, sizeof names);
    return mpchar_error_set(err,
                            "unknown model family '%.40s' (expected %s or "
                            "best)",
                            text, names);
}

const char *mpchar_finding_kind_name(mpchar_finding_kind k)
{
    static const char *const names[] = {
        [MPCHAR_FINDING_COMPLEXITY] = "complexity",
        [MPCHAR_FINDING_SWITCH] = "protocol-switch",
        [MPCHAR_FINDING_NOT_FITTED] = "not-fitted",
        [MPCHAR_FINDING_OVERSUBSCRIBED] = "oversubscribed",
        [MPCHAR_FINDING_OUTLIER] = "outlier",
        [MPCHAR_FINDING_ZERO_NOOP] = "zero-count-noop",
        [MPCHAR_FINDING_OP_CHOICE] = "op-dependent-algorithm",
    };
    _Static_assert(sizeof names / sizeof names[0] == MPCHAR_FINDING_COUNT,
                   "every finding kind has a name");
    return k >= 0 && k < MPCHAR_FINDING_COUNT ? names[k] : "?";
}

static const char *const method_names[] = {
    [MPCHAR_METHOD_BEST] = "best",
    [MPCHAR_METHOD_SEED] = "seed",
};

const char *mpchar_fit_method_name(mpchar_fit_method m)
{
    return m >= 0 && m <= MPCHAR_METHOD_SEED ? method_names[m] : "?";
}

int mpchar_fit_method_parse(const char *text, mpchar_fit_method *m_p,
                            mpchar_error *err)
{
    for (size_t i = 0; i < sizeof method_names / sizeof method_names[0]; i++) {
        if (strcmp(text, method_names[i]) == 0) {
            *m_p = (mpchar_fit_method)i;
            return 0;
        }
    }
    return mpchar_error_set(err,
                            "unknown fit method '%.40s' (expected best "
                            "or seed)",
                            text);
}

/* The statistics a fit can take: --stat and model.json names
 * (NULL-terminated for mpchar_parse_choice_in), the words prose uses, and
 * the column of measurements.csv each reads. */
static const char *const stat_names[] = {
    [MPCHAR_STAT_MIN] = "min",
    [MPCHAR_STAT_MEDIAN] = "median",
    [MPCHAR_STAT_MEAN] = "mean",
    [MPCHAR_STAT_MEAN + 1] = NULL,
};
static const struct {
    const char *word;
    size_t offset; /* a double in mpchar_measurement */
} stats[] = {
    [MPCHAR_STAT_MIN] = {"minimum", offsetof(mpchar_measurement, t_min_us)},
    [MPCHAR_STAT_MEDIAN] = {"median",
                            offsetof(mpchar_measurement, t_median_us)},
    [MPCHAR_STAT_MEAN] = {"mean", offsetof(mpchar_measurement, t_mean_us)},
};
#define NSTATS (sizeof stats / sizeof stats[0])
_Static_assert(sizeof stat_names / sizeof stat_names[0] == NSTATS + 1,
               "a name for every statistic");

const char *mpchar_fit_stat_name(mpchar_fit_stat s)
{
    return (size_t)s < NSTATS ? stat_names[s] : "?";
}

const char *mpchar_fit_stat_word(mpchar_fit_stat s)
{
    return (size_t)s < NSTATS ? stats[s].word : "?";
}

int mpchar_fit_stat_parse(const char *text, mpchar_fit_stat *s_p,
                          mpchar_error *err)
{
    int k;
    if (mpchar_parse_choice_in(text, stat_names, &k, err) != 0)
        return mpchar_error_prefix(err, "statistic");
    *s_p = (mpchar_fit_stat)k;
    return 0;
}

double mpchar_fit_stat_of(const mpchar_measurement *r, mpchar_fit_stat s)
{
    size_t i = (size_t)s < NSTATS ? (size_t)s : MPCHAR_STAT_MIN;
    double v;
    memcpy(&v, (const char *)r + stats[i].offset, sizeof v);
    return v;
}

void mpchar_fit_options_default(mpchar_fit_options *opt)
{
    opt->method = MPCHAR_METHOD_BEST;
    opt->stat = MPCHAR_STAT_MIN;
    opt->weighting = MPCHAR_WEIGHT_RELATIVE;
    opt->robust = false;
    opt->include_oversubscribed = false;
    opt->max_segments = MPCHAR_MAX_SEGMENTS;
    opt->outlier_factor = MPCHAR_OUTLIER_FACTOR;
    opt->aggregation = MPCHAR_AGG_SEED000;
}

void mpchar_fit_options_seed(mpchar_fit_options *opt)
{
    opt->method = MPCHAR_METHOD_SEED;
    opt->stat = MPCHAR_STAT_MIN;
    opt->weighting = MPCHAR_WEIGHT_ABSOLUTE;
    opt->robust = false;
    opt->outlier_factor = 0.0;
}

void mpchar__strlcpy(char *dst, const char *src, size_t len)
{
    if (len == 0)
        return;
    size_t n = strlen(src);
    if (n >= len)
        n = len - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

void mpchar__entry_label(const mpchar_entry *e, char *buf, size_t len)
{
    snprintf(buf, len, "%s %s%s%s%s%s", e->library, e->pattern,
             strcmp(e->variant, "-") ? "/" : "",
             strcmp(e->variant, "-") ? e->variant : "",
             strcmp(e->op, "-") ? " op=" : "", strcmp(e->op, "-") ? e->op : "");
}

void mpchar_model_free(mpchar_model *model)
{
    if (!model)
        return;
    for (size_t i = 0; i < model->nentries; i++)
        free(model->entries[i].fits);
    free(model->entries);
    free(model->findings);
    free(model->overlap);
    memset(model, 0, sizeof *model);
}

int mpchar_model_add_entry(mpchar_model *model, const mpchar_entry *e,
                           mpchar_error *err)
{
    mpchar_entry *grown = mpchar_grow(model->entries, &model->entries_cap,
                                      model->nentries + 1, sizeof *grown);
    if (!grown)
        return mpchar_error_set(err, "out of memory adding a model entry");
    model->entries = grown;
    mpchar_entry *dst = &model->entries[model->nentries];
    *dst = *e;
    dst->fits = NULL;
    if (e->nfits) {
        dst->fits = malloc(e->nfits * sizeof *dst->fits);
        if (!dst->fits)
            return mpchar_error_set(err, "out of memory adding a model entry");
        memcpy(dst->fits, e->fits, e->nfits * sizeof *dst->fits);
    }
    model->nentries++;
    return 0;
}

int mpchar__model_add_finding(mpchar_model *model, mpchar_finding_kind kind,
                              const char *library, const char *pattern,
                              const char *fmt, ...)
{
    mpchar_finding *grown = mpchar_grow(model->findings, &model->findings_cap,
                                        model->nfindings + 1, sizeof *grown);
    if (!grown)
        return -1;
    model->findings = grown;
    mpchar_finding *f = &model->findings[model->nfindings++];
    memset(f, 0, sizeof *f);
    f->kind = kind;
    mpchar__strlcpy(f->library, library, sizeof f->library);
    mpchar__strlcpy(f->pattern, pattern, sizeof f->pattern);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->text, sizeof f->text, fmt, ap);
    va_end(ap);
    return 0;
}
