/* What the sections share to turn entries into plots: the measured points
 * of an entry at one p (fitting and validation sets; hollow markers when
 * the points are oversubscribed), a model family's curve over the fitted
 * sizes, predictions of the best family, and the names, ids and byte
 * counts the sections print. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpchar/datatypes.h"
#include "mpchar/patterns.h"
#include "mpchar/stats.h"
#include "report_internal.h"

#define CURVE_POINTS 80

void mpchar__figure(mpchar__report *r, const char *fmt, ...)
{
    if (r->plots.failed || r->plots.count == 0)
        return;
    const char *id = r->plots.v[r->plots.count - 1].id;
    char svg[160], caption[1024];
    snprintf(svg, sizeof svg, "%s/%s.svg", MPCHAR_REPORT_PLOT_DIR, id);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(caption, sizeof caption, fmt, ap);
    va_end(ap);
    mpchar__doc_figure(&r->doc, id, svg, "%s", caption);
}

long mpchar__machine_cores(const mpchar__report *r)
{
    for (size_t i = 0; i < r->nsources; i++)
        if (r->sources[i].cores > 0)
            return r->sources[i].cores;
    return 0;
}

size_t mpchar__library_index(const mpchar__report *r, const char *name)
{
    for (size_t i = 0; i < r->nlibs; i++)
        if (!strcmp(r->libs[i].name, name))
            return i;
    return 0;
}

const char *mpchar__library_color(const mpchar__report *r, const char *name)
{
    return mpchar__color_library(name, mpchar__library_index(r, name));
}

static bool row_of(const mpchar_measurement *m, const mpchar_entry *e, long p)
{
    const mpchar_point_key *k = &m->key;
    return k->p == p && !strcmp(k->library, e->library) &&
           !strcmp(k->pattern, e->pattern) && !strcmp(k->variant, e->variant) &&
           !strcmp(k->op, e->op) && !strcmp(k->datatype, e->datatype);
}

/* "\nhockney: 3.1 us\n...": every fitted family's value at n and p (the
 * best marked), in the plot's unit. */
static void model_values(const mpchar_entry *e, double n, long p,
                         bool bandwidth, char *buf, size_t len)
{
    const mpchar_pfit *fit = mpchar__fit_at(e, p);
    size_t pos = 0;
    buf[0] = '\0';
    for (int f = 0; fit && f < MPCHAR_FAMILY_COUNT && pos < len; f++) {
        mpchar_prediction pr;
        if (!fit->ok[f] ||
            mpchar_entry_predict(e, (mpchar_family)f, n, p, &pr, NULL) != 0)
            continue;
        pos += (size_t)snprintf(buf + pos, len - pos, "\n%s: %.4g %s%s",
                                mpchar_family_name((mpchar_family)f),
                                bandwidth ? n / pr.t_us : pr.t_us,
                                bandwidth ? "MB/s" : "us",
                                f == fit->best ? " (best)" : "");
    }
}

void mpchar__measured_tip(mpchar__report *r, const mpchar_measurement *m,
                          const mpchar_entry *e, bool bandwidth)
{
    char name[96], bytes[24], size[40] = "", value[96], models[512];
    double n = (double)m->key.n_bytes;
    double t = mpchar_fit_stat_of(m, r->model.opt.stat);
    const char *stat = mpchar_fit_stat_name(r->model.opt.stat);
    mpchar__entry_name(e, name, sizeof name);
    mpchar__bytes_text(n, bytes, sizeof bytes);
    if (n >= 1024) /* below, "n = 100 B" says it all */
        snprintf(size, sizeof size, " (%s)", bytes);
    if (bandwidth)
        snprintf(value, sizeof value, "n/T = %.4g MB/s (T = %.4g us, %s)",
                 n / t, t, stat);
    else
        snprintf(value, sizeof value, "T = %.4g us (%s)", t, stat);
    model_values(e, n, m->key.p, bandwidth, models, sizeof models);
    mpchar__point_tip(&r->plots,
                      "%s %s, p = %ld, %s size%s\nn = %.0f B%s\n%s%s%s",
                      e->library, name, m->key.p,
                      m->key.set == MPCHAR_SET_FIT ? "fitting" : "validation",
                      m->oversubscribed ? " (oversubscribed)" : "", n, size,
                      value, models[0] ? "\nmodels at this n:" : "", models);
}

static void add_points(mpchar__report *r, const mpchar_entry *e, long p,
                       mpchar_set set, bool bandwidth)
{
    for (size_t i = 0; i < r->meas.count; i++) {
        const mpchar_measurement *m = &r->meas.rows[i];
        if (!row_of(m, e, p) || m->key.set != set)
            continue;
        double t = mpchar_fit_stat_of(m, r->model.opt.stat);
        double n = (double)m->key.n_bytes;
        if (mpchar__point_add(&r->plots, n, bandwidth ? n / t : t))
            mpchar__measured_tip(r, m, e, bandwidth);
    }
}

size_t mpchar__measured_series(mpchar__report *r, const mpchar_entry *e, long p,
                               const char *rgb, const char *label,
                               bool bandwidth)
{
    size_t count[2] = {0, 0};
    bool over = false;
    for (size_t i = 0; i < r->meas.count; i++) {
        const mpchar_measurement *m = &r->meas.rows[i];
        if (row_of(m, e, p)) {
            count[m->key.set == MPCHAR_SET_VALIDATION]++;
            over |= m->oversubscribed;
        }
    }
    const char *mark = over ? " (oversubscribed)" : "";
    if (count[0]) {
        mpchar__series_add(&r->plots, rgb,
                           over ? MPCHAR__HOLLOW : MPCHAR__FILLED,
                           "%smeasured%s", label, mark);
        add_points(r, e, p, MPCHAR_SET_FIT, bandwidth);
    }
    if (count[1]) {
        mpchar__series_add(&r->plots, rgb,
                           over ? MPCHAR__TRIANGLE_HOLLOW : MPCHAR__TRIANGLE,
                           "%svalidation%s", label, mark);
        add_points(r, e, p, MPCHAR_SET_VALIDATION, bandwidth);
    }
    return count[0] + count[1];
}

const mpchar_pfit *mpchar__fit_at(const mpchar_entry *e, long p)
{
    for (size_t i = 0; i < e->nfits; i++)
        if (e->fits[i].p == p)
            return &e->fits[i];
    return NULL;
}

/* Log-spaced sizes over the fit's range, with both sides of every
 * piecewise breakpoint so that protocol switches show as jumps. */
static size_t curve_sizes(const mpchar_pfit *fit, double *n)
{
    double lo = fit->n_min_bytes > 1 ? fit->n_min_bytes : 1;
    double hi = fit->n_max_bytes > lo ? fit->n_max_bytes : lo;
    size_t count = 0;
    for (int i = 0; i < CURVE_POINTS; i++)
        n[count++] = lo * pow(hi / lo, (double)i / (CURVE_POINTS - 1));
    for (int k = 1; fit->ok[MPCHAR_FAMILY_PIECEWISE] && k < fit->pw.count;
         k++) {
        double b = fit->pw.seg[k].n_lo_bytes;
        if (b - 1 > lo && b < hi) {
            n[count++] = b - 1;
            n[count++] = b;
        }
    }
    qsort(n, count, sizeof *n, mpchar_compare_double);
    return count;
}

void mpchar__model_series(mpchar__report *r, const mpchar_entry *e, long p,
                          mpchar_family f, const char *rgb, mpchar__style style,
                          const char *label, bool bandwidth)
{
    const mpchar_pfit *fit = mpchar__fit_at(e, p);
    if (!fit || (f != MPCHAR_FAMILY_BEST && !fit->ok[f]) ||
        (f == MPCHAR_FAMILY_BEST && fit->best < 0))
        return;
    double n[CURVE_POINTS + 2 * MPCHAR_MAX_SEGMENTS];
    size_t count = curve_sizes(fit, n);
    mpchar__series_add(&r->plots, rgb, style, "%s", label);
    for (size_t i = 0; i < count; i++) {
        mpchar_prediction pr;
        if (mpchar_entry_predict(e, f, n[i], p, &pr, NULL) == 0)
            mpchar__point_add(&r->plots, n[i],
                              bandwidth ? n[i] / pr.t_us : pr.t_us);
    }
}

double mpchar__predict_best(const mpchar_entry *e, double n, long p,
                            bool *extrapolated_p)
{
    mpchar_prediction pr;
    if (mpchar_entry_predict(e, MPCHAR_FAMILY_BEST, n, p, &pr, NULL) != 0)
        return NAN;
    if (extrapolated_p)
        *extrapolated_p = pr.extrapolated_n || pr.extrapolated_p;
    return pr.t_us;
}

void mpchar__primitive_name(const char *pattern, const char *variant,
                            const char *op, char *buf, size_t len)
{
    bool v = strcmp(variant, "-") != 0, o = strcmp(op, "-") != 0;
    snprintf(buf, len, "%s%s%s%s%s", pattern, v ? "/" : "", v ? variant : "",
             o ? " op=" : "", o ? op : "");
}

/* The datatype an entry's name and id show: none for the pattern's own. */
static const char *shown_datatype(const mpchar_entry *e)
{
    return strcmp(e->datatype, mpchar_pattern_datatype(e->pattern))
               ? e->datatype
               : NULL;
}

void mpchar__entry_name(const mpchar_entry *e, char *buf, size_t len)
{
    mpchar__primitive_name(e->pattern, e->variant, e->op, buf, len);
    const char *dt = shown_datatype(e);
    size_t used = strlen(buf);
    if (dt && used < len)
        snprintf(buf + used, len - used, " (%s)", dt);
}

void mpchar__bytes_text(double n, char *buf, size_t len)
{
    if (n < 1024)
        snprintf(buf, len, "%.0f B", n);
    else if (n < 1048576)
        snprintf(buf, len, "%.3g KiB", n / 1024);
    else
        snprintf(buf, len, "%.3g MiB", n / 1048576);
}

void mpchar__entry_id(const mpchar_entry *e, bool with_library, char *buf,
                      size_t len)
{
    bool v = strcmp(e->variant, "-") != 0, o = strcmp(e->op, "-") != 0;
    const char *dt = shown_datatype(e);
    snprintf(buf, len, "%s%s%s%s%s%s%s%s%s", with_library ? e->library : "",
             with_library ? "-" : "", e->pattern, v ? "-" : "",
             v ? e->variant : "", o ? "-" : "", o ? e->op : "", dt ? "-" : "",
             dt ? dt : "");
}

static int rank_of(const char *name, const char *const *order)
{
    int i = 0;
    for (; order[i]; i++)
        if (!strcmp(order[i], name))
            return i;
    return i;
}

static int datatype_rank(const mpchar_entry *e)
{
    if (!shown_datatype(e))
        return -1;
    int i = 0;
    for (; mpchar_datatypes[i].name; i++)
        if (!strcmp(mpchar_datatypes[i].name, e->datatype))
            return i;
    return i;
}

static int entry_cmp(const mpchar__report *r, const mpchar_entry *a,
                     const mpchar_entry *b)
{
    static const char *const variants[] = {"-",     "send",  "ssend", "bsend",
                                           "rsend", "isend", NULL};
    static const char *const ops[] = {"-", "sum", "usersum", "nop", NULL};
    int d = (int)mpchar_pattern_order(a->pattern) -
            (int)mpchar_pattern_order(b->pattern);
    if (!d)
        d = strcmp(a->pattern, b->pattern);
    if (!d)
        d = rank_of(a->variant, variants) - rank_of(b->variant, variants);
    if (!d)
        d = strcmp(a->variant, b->variant);
    if (!d)
        d = rank_of(a->op, ops) - rank_of(b->op, ops);
    if (!d)
        d = strcmp(a->op, b->op);
    if (!d) /* the pattern's own datatype first, then byte, int, double */
        d = datatype_rank(a) - datatype_rank(b);
    if (!d)
        d = (int)mpchar__library_index(r, a->library) -
            (int)mpchar__library_index(r, b->library);
    return d;
}

static int entries_sorted(const mpchar__report *r, mpchar_kind kind,
                          mpchar__entries *out)
{
    const mpchar_entry **v = malloc((r->model.nentries + 1) * sizeof *v);
    size_t n = 0;
    if (!v)
        return -1;
    for (size_t i = 0; i < r->model.nentries; i++) {
        const mpchar_entry *e = &r->model.entries[i];
        if (e->kind != kind)
            continue;
        size_t j = n++;
        for (; j > 0 && entry_cmp(r, v[j - 1], e) > 0; j--)
            v[j] = v[j - 1];
        v[j] = e;
    }
    free(out->v);
    *out = (mpchar__entries){v, n};
    return 0;
}

int mpchar__sort_entries(mpchar__report *r)
{
    if (entries_sorted(r, MPCHAR_KIND_P2P, &r->p2p) != 0)
        return -1;
    return entries_sorted(r, MPCHAR_KIND_COLLECTIVE, &r->collectives);
}

bool mpchar__same_key(const mpchar_entry *a, const mpchar_entry *b)
{
    return !strcmp(a->pattern, b->pattern) && !strcmp(a->variant, b->variant) &&
           !strcmp(a->op, b->op) && !strcmp(a->datatype, b->datatype);
}
