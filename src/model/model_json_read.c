/* Reading model.json strictly: a file of another schema or version, a
 * missing field, a wrong type, a name that is not a name or a value out of
 * range is reported once, on one line, as "FILE: field 'JSON.PATH': what"
 * (or "FILE:LINE: column C: ..." for JSON syntax).  Derived values the
 * writer adds for readers (metrics, peaks, printed forms) are not read:
 * they are recomputed from the parameters. */
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model_internal.h"
#include "mpchar/fileio.h"
#include "mpchar/measure_defaults.h"
#include "mpchar/overlap.h"
#include "mpchar/parse.h"

typedef struct rd {
    const char *file;
    mpchar_error *err;
} rd;

/* A JSON path into buf (vsnprintf: paths are truncated, never overrun). */
static void pathf(char *buf, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void pathf(char *buf, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, len, fmt, ap);
    va_end(ap);
}

/* Returns -1 itself, not mpchar_error_set's value, so that the compiler sees
 * every error path fail and no output is read uninitialized after one. */
static int bad(const rd *r, const char *where, const char *key,
               const char *what)
{
    mpchar_error_set(r->err, "%s: field '%s%s%s': %s", r->file, where,
                     *where && *key ? "." : "", key, what);
    return -1;
}

static json_t *member(const rd *r, json_t *o, const char *where,
                      const char *key)
{
    json_t *v = json_object_get(o, key);
    if (!v)
        bad(r, where, key, "missing");
    return v;
}

/* The member key into *v_p: -1 when it is missing, NULL when it is null
 * and may be. */
static int member_or_null(const rd *r, json_t *o, const char *where,
                          const char *key, bool nullable, json_t **v_p)
{
    json_t *v = member(r, o, where, key);
    *v_p = v && !(nullable && json_is_null(v)) ? v : NULL;
    return v ? 0 : -1;
}

static int get_obj(const rd *r, json_t *o, const char *where, const char *key,
                   bool nullable, json_t **out)
{
    if (member_or_null(r, o, where, key, nullable, out) != 0)
        return -1;
    if (*out && !json_is_object(*out))
        return bad(r, where, key, "expected an object");
    return 0;
}

static int get_arr(const rd *r, json_t *o, const char *where, const char *key,
                   size_t max, json_t **out)
{
    json_t *v = member(r, o, where, key);
    if (!v)
        return -1;
    if (!json_is_array(v))
        return bad(r, where, key, "expected an array");
    if (json_array_size(v) > max)
        return bad(r, where, key, "too many elements");
    *out = v;
    return 0;
}

static int get_num(const rd *r, json_t *o, const char *where, const char *key,
                   bool nullable, double *out)
{
    json_t *v;
    *out = NAN;
    if (member_or_null(r, o, where, key, nullable, &v) != 0)
        return -1;
    if (!v)
        return 0;
    if (!json_is_number(v))
        return bad(r, where, key,
                   nullable ? "expected a number or null"
                            : "expected a number");
    *out = json_number_value(v);
    if (!isfinite(*out))
        return bad(r, where, key, "expected a finite number");
    return 0;
}

static int get_long(const rd *r, json_t *o, const char *where, const char *key,
                    long min, long max, long *out)
{
    json_t *v = member(r, o, where, key);
    if (!v)
        return -1;
    if (!json_is_integer(v) || json_integer_value(v) < min ||
        json_integer_value(v) > max) {
        char what[96];
        snprintf(what, sizeof what, "expected an integer in [%ld, %ld]", min,
                 max);
        return bad(r, where, key, what);
    }
    *out = (long)json_integer_value(v);
    return 0;
}

static int get_size(const rd *r, json_t *o, const char *where, const char *key,
                    size_t *out)
{
    long v;
    if (get_long(r, o, where, key, 0, 1000000000L, &v) != 0)
        return -1;
    *out = (size_t)v;
    return 0;
}

static int get_bool(const rd *r, json_t *o, const char *where, const char *key,
                    bool *out)
{
    json_t *v = member(r, o, where, key);
    if (!v)
        return -1;
    if (!json_is_boolean(v))
        return bad(r, where, key, "expected true or false");
    *out = json_is_true(v);
    return 0;
}

static int get_str(const rd *r, json_t *o, const char *where, const char *key,
                   bool is_name, char *out, size_t len)
{
    json_t *v = member(r, o, where, key);
    if (!v)
        return -1;
    if (!json_is_string(v))
        return bad(r, where, key, "expected a string");
    const char *s = json_string_value(v);
    if (json_string_length(v) >= len || strlen(s) != json_string_length(v))
        return bad(r, where, key, "string too long or holding NUL");
    if (is_name && !mpchar_name_valid(s))
        return bad(r, where, key,
                   "expected a name of letters, digits and "
                   "_.+-@: (at most 63 characters)");
    memcpy(out, s, json_string_length(v) + 1);
    return 0;
}

static int get_pform(const rd *r, json_t *o, const char *where, const char *key,
                     mpchar_pform *f)
{
    json_t *v;
    char path[256], form[64];
    pathf(path, sizeof path, "%s.%s", where, key);
    if (get_obj(r, o, where, key, false, &v) ||
        get_str(r, v, path, "form", false, form, sizeof form))
        return -1;
    memset(f, 0, sizeof *f);
    mpchar_error sub;
    if (mpchar_pform_kind_parse(form, &f->kind, &sub) != 0)
        return bad(r, path, "form", sub.msg);
    long pmin, pmax;
    if (get_long(r, v, path, "p_min", 1, 100000000L, &pmin) ||
        get_long(r, v, path, "p_max", pmin, 100000000L, &pmax) ||
        get_size(r, v, path, "p_count", &f->np))
        return -1;
    f->p_min = pmin;
    f->p_max = pmax;
    if (f->kind == MPCHAR_PFORM_EXPR) {
        double x;
        if (get_str(r, v, path, "expr", false, f->expr, sizeof f->expr))
            return -1;
        if (mpchar_expr_eval(f->expr, (double)pmin, &x, &sub) != 0)
            return bad(r, path, "expr", sub.msg);
        return 0;
    }
    if (get_num(r, v, path, "a", false, &f->a))
        return -1;
    if (f->kind != MPCHAR_PFORM_CONST && get_num(r, v, path, "b", false, &f->b))
        return -1;
    return 0;
}

static int get_accuracy(const rd *r, json_t *o, const char *where,
                        mpchar_accuracy *a)
{
    json_t *v;
    char path[256];
    pathf(path, sizeof path, "%s.accuracy", where);
    a->p_out_err = NAN;
    a->p_out_count = 0;
    if (get_obj(r, o, where, "accuracy", false, &v) ||
        get_num(r, v, path, "fit_err", true, &a->fit_err) ||
        get_size(r, v, path, "fit_count", &a->fit_count) ||
        get_num(r, v, path, "validation_err", true, &a->val_err) ||
        get_size(r, v, path, "validation_count", &a->val_count))
        return -1;
    /* validation across p: absent in files written before it */
    if (!json_object_get(v, "p_out_err"))
        return 0;
    return get_num(r, v, path, "p_out_err", true, &a->p_out_err) ||
           get_size(r, v, path, "p_out_count", &a->p_out_count);
}

/* One segment's parameters of a family; a breakpoint must be 0 in the
 * first segment and rise after. */
static int get_params(const rd *r, json_t *o, const char *where,
                      mpchar_family fam, int k, mpchar_pfit *f)
{
    const mpchar__family_ops *ops = &mpchar__families[fam];
    for (size_t i = 0; i < ops->nparams; i++) {
        const char *key = ops->params[i].name;
        double *v = mpchar__param(fam, f, i, k);
        if (get_num(r, o, where, key, false, v))
            return -1;
        if (ops->params[i].breakpoint &&
            (k == 0 ? *v != 0.0
                    : !(*v > mpchar__param_value(fam, f, i, k - 1))))
            return bad(r, where, key,
                       "expected 0 for the first segment, then ascending");
    }
    return 0;
}

/* The array `key` of 1 to MPCHAR_MAX_SEGMENTS objects; their count. */
static int get_segment_array(const rd *r, json_t *o, const char *where,
                             const char *key, bool nullable, json_t **out)
{
    json_t *v;
    char what[64];
    if (member_or_null(r, o, where, key, nullable, &v) != 0)
        return -1;
    *out = NULL;
    if (!v)
        return 0;
    if (json_is_array(v) && json_array_size(v) >= 1 &&
        json_array_size(v) <= MPCHAR_MAX_SEGMENTS) {
        *out = v;
        return (int)json_array_size(v);
    }
    snprintf(what, sizeof what, "expected %s1 to %d segments",
             nullable ? "null or " : "", MPCHAR_MAX_SEGMENTS);
    return bad(r, where, key, what);
}

/* The object of segment k of an array of segments at where.key. */
static json_t *segment(const rd *r, json_t *segs, const char *where,
                       const char *key, int k, char *path, size_t len)
{
    pathf(path, len, "%s.%s[%d]", where, key, k);
    json_t *s = json_array_get(segs, (size_t)k);
    if (!json_is_object(s)) {
        bad(r, path, "", "expected an object");
        return NULL;
    }
    return s;
}

static int get_segments(const rd *r, json_t *v, const char *where,
                        mpchar_family fam, mpchar_pfit *f)
{
    json_t *segs;
    int count = get_segment_array(r, v, where, "segments", false, &segs);
    if (count < 0)
        return -1;
    mpchar__set_segments(fam, f, count);
    for (int k = 0; k < count; k++) {
        char path[256];
        json_t *s = segment(r, segs, where, "segments", k, path, sizeof path);
        if (!s || get_params(r, s, path, fam, k, f))
            return -1;
    }
    return 0;
}

static int get_family(const rd *r, json_t *o, const char *where,
                      mpchar_family fam, mpchar_pfit *f)
{
    json_t *v;
    char path[256];
    const char *key = mpchar_family_name(fam);
    pathf(path, sizeof path, "%s.%s", where, key);
    if (get_obj(r, o, where, key, false, &v))
        return -1;
    f->acc[fam].fit_err = f->acc[fam].val_err = f->acc[fam].p_out_err = NAN;
    if (json_object_get(v, "not_fitted"))
        return get_str(r, v, path, "not_fitted", false, f->why[fam],
                       sizeof f->why[fam]);
    f->ok[fam] = true;
    int rc = mpchar__families[fam].segmented
                 ? get_segments(r, v, path, fam, f)
                 : get_params(r, v, path, fam, 0, f);
    return rc ? -1 : get_accuracy(r, v, path, &f->acc[fam]);
}

/* Seed 002's short-message line, written for point-to-point piecewise
 * fits; else the first segment's. */
static int get_below_switch(const rd *r, json_t *o, const char *where,
                            mpchar_pfit *f)
{
    json_t *s2 = json_object_get(o, "seed002"), *sm;
    char path[256];
    f->below_switch =
        (mpchar_hockney){f->pw.seg[0].ts_us, f->pw.seg[0].tb_us_per_byte};
    if (!s2)
        return 0;
    pathf(path, sizeof path, "%s.seed002", where);
    if (!json_is_object(s2))
        return bad(r, where, "seed002", "expected an object");
    if (get_obj(r, s2, path, "short_messages", false, &sm))
        return -1;
    pathf(path, sizeof path, "%s.seed002.short_messages", where);
    return get_num(r, sm, path, "latency_us", true, &f->below_switch.ts_us) ||
                   get_num(r, sm, path, "tb_us_per_byte", true,
                           &f->below_switch.tb_us_per_byte)
               ? -1
               : 0;
}

static int get_fit(const rd *r, json_t *o, const char *where, mpchar_pfit *f)
{
    char best[32];
    json_t *b, *red;
    memset(f, 0, sizeof *f);
    f->tc_us_per_byte = f->r_cc = NAN;
    if (!json_is_object(o))
        return bad(r, where, "", "expected an object");
    if (get_long(r, o, where, "p", 1, 100000000L, &f->p) ||
        get_bool(r, o, where, "oversubscribed", &f->oversubscribed) ||
        get_size(r, o, where, "fit_sizes", &f->fit_sizes) ||
        get_size(r, o, where, "validation_sizes", &f->val_sizes) ||
        get_num(r, o, where, "n_min_bytes", true, &f->n_min_bytes) ||
        get_num(r, o, where, "n_max_bytes", true, &f->n_max_bytes) ||
        get_bool(r, o, where, "zero_noop", &f->zero_noop) ||
        get_num(r, o, where, "t_zero_us", true, &f->t_zero_us))
        return -1;
    json_t *out;
    char opath[256];
    pathf(opath, sizeof opath, "%s.outliers", where);
    if (get_obj(r, o, where, "outliers", false, &out) ||
        get_size(r, out, opath, "fit", &f->outliers_fit) ||
        get_size(r, out, opath, "validation", &f->outliers_val) ||
        get_str(r, out, opath, "points", false, f->outliers,
                sizeof f->outliers))
        return -1;
    for (int fam = 0; fam < MPCHAR_FAMILY_COUNT; fam++)
        if (get_family(r, o, where, (mpchar_family)fam, f))
            return -1;
    if (get_below_switch(r, o, where, f) != 0)
        return -1;
    f->best = -1;
    if (!(b = member(r, o, where, "best")))
        return -1;
    if (!json_is_null(b)) {
        mpchar_family fam;
        if (get_str(r, o, where, "best", false, best, sizeof best))
            return -1;
        if (mpchar_family_parse(best, &fam, NULL) != 0 ||
            fam == MPCHAR_FAMILY_BEST || !f->ok[fam])
            return bad(r, where, "best",
                       "expected the name of a fitted "
                       "family or null");
        f->best = fam;
    }
    red = json_object_get(o, "reduction");
    if (red) {
        char path[256];
        pathf(path, sizeof path, "%s.reduction", where);
        if (!json_is_object(red))
            return bad(r, where, "reduction", "expected an object");
        if (get_num(r, red, path, "tc_us_per_byte", false,
                    &f->tc_us_per_byte) ||
            get_num(r, red, path, "r_cc", true, &f->r_cc))
            return -1;
    }
    return 0;
}

/* One segment's parameter p-forms; a breakpoint has none in the first
 * segment. */
static int get_segment_pforms(const rd *r, json_t *o, const char *where,
                              mpchar_family fam, int k, mpchar_pforms *out)
{
    const mpchar__family_ops *ops = &mpchar__families[fam];
    for (size_t i = 0; i < ops->nparams; i++)
        if ((k > 0 || !ops->params[i].breakpoint) &&
            get_pform(r, o, where, ops->params[i].name,
                      mpchar__param_pform(fam, out, i, k)))
            return -1;
    return 0;
}

/* A family's p-forms: null, an object of them, or for a segmented family
 * an array of segments of them. */
static int get_family_pforms(const rd *r, json_t *pf, const char *where,
                             mpchar_family fam, mpchar_pforms *out)
{
    const char *key = mpchar_family_name(fam);
    char path[256];
    json_t *v;
    if (!mpchar__families[fam].segmented) {
        pathf(path, sizeof path, "%s.%s", where, key);
        if (get_obj(r, pf, where, key, true, &v) ||
            (v && get_segment_pforms(r, v, path, fam, 0, out)))
            return -1;
        out->ok[fam] = v != NULL;
        return 0;
    }
    int count = get_segment_array(r, pf, where, key, true, &v);
    if (count < 0)
        return -1;
    mpchar__set_pform_segments(fam, out, count);
    for (int k = 0; k < count; k++) {
        json_t *s = segment(r, v, where, key, k, path, sizeof path);
        if (!s || get_segment_pforms(r, s, path, fam, k, out))
            return -1;
    }
    out->ok[fam] = count > 0;
    return 0;
}

static int get_pforms(const rd *r, json_t *o, const char *where,
                      mpchar_pforms *out)
{
    json_t *pf, *tc;
    char path[256];
    pathf(path, sizeof path, "%s.pforms", where);
    if (get_obj(r, o, where, "pforms", false, &pf))
        return -1;
    for (int fam = 0; fam < MPCHAR_FAMILY_COUNT; fam++)
        if (get_family_pforms(r, pf, path, (mpchar_family)fam, out))
            return -1;
    if (!(tc = member(r, pf, path, "tc_us_per_byte")))
        return -1;
    out->tc_ok = !json_is_null(tc);
    return out->tc_ok ? get_pform(r, pf, path, "tc_us_per_byte", &out->tc) : 0;
}

static int get_entry(const rd *r, json_t *o, const char *where, mpchar_entry *e)
{
    char kind[32];
    json_t *fits;
    if (!json_is_object(o))
        return bad(r, where, "", "expected an object");
    if (get_str(r, o, where, "library", true, e->library, sizeof e->library) ||
        get_str(r, o, where, "pattern", true, e->pattern, sizeof e->pattern) ||
        get_str(r, o, where, "variant", true, e->variant, sizeof e->variant) ||
        get_str(r, o, where, "op", true, e->op, sizeof e->op) ||
        get_str(r, o, where, "datatype", true, e->datatype,
                sizeof e->datatype) ||
        get_str(r, o, where, "kind", false, kind, sizeof kind) ||
        get_bool(r, o, where, "oversubscribed", &e->oversubscribed) ||
        get_str(r, o, where, "note", false, e->note, sizeof e->note) ||
        get_arr(r, o, where, "fits", 100000, &fits))
        return -1;
    mpchar_error sub;
    if (mpchar_kind_parse(kind, &e->kind, &sub) != 0)
        return bad(r, where, "kind", sub.msg);
    e->nfits = json_array_size(fits);
    if (e->nfits) {
        e->fits = calloc(e->nfits, sizeof *e->fits);
        if (!e->fits)
            return mpchar_error_set(r->err, "%s: out of memory", r->file);
    }
    for (size_t i = 0; i < e->nfits; i++) {
        char path[256];
        pathf(path, sizeof path, "%s.fits[%zu]", where, i);
        if (get_fit(r, json_array_get(fits, i), path, &e->fits[i]))
            return -1;
        if (i > 0 && e->fits[i].p <= e->fits[i - 1].p)
            return bad(r, path, "p", "fits must be in ascending order of p");
    }
    if (get_pforms(r, o, where, &e->pf))
        return -1;
    bool any = e->nfits > 0;
    for (int f = 0; f < MPCHAR_FAMILY_COUNT; f++)
        any |= e->pf.ok[f];
    return any ? 0
               : bad(r, where, "fits",
                     "entry has neither fits nor "
                     "p-forms");
}

/* options.aggregation: seed000 when absent (files written before it). */
static int get_aggregation(const rd *r, json_t *o, mpchar_fit_options *opt)
{
    char scheme[16];
    opt->aggregation = MPCHAR_AGG_SEED000;
    if (!json_object_get(o, "aggregation"))
        return 0;
    if (get_str(r, o, "options", "aggregation", false, scheme, sizeof scheme))
        return -1;
    if (mpchar_agg_scheme_parse(scheme, &opt->aggregation, NULL) != 0)
        return bad(r, "options", "aggregation", "expected seed000 or seed001");
    return 0;
}

static int get_options(const rd *r, json_t *root, mpchar_fit_options *opt)
{
    json_t *o;
    char method[16], stat[16], wt[16];
    long maxseg;
    if (get_obj(r, root, "", "options", false, &o) ||
        get_str(r, o, "options", "method", false, method, sizeof method) ||
        get_str(r, o, "options", "statistic", false, stat, sizeof stat) ||
        get_str(r, o, "options", "weighting", false, wt, sizeof wt) ||
        get_bool(r, o, "options", "robust", &opt->robust) ||
        get_bool(r, o, "options", "include_oversubscribed",
                 &opt->include_oversubscribed) ||
        get_long(r, o, "options", "max_segments", 1, MPCHAR_MAX_SEGMENTS,
                 &maxseg) ||
        get_num(r, o, "options", "outlier_factor", false, &opt->outlier_factor))
        return -1;
    if (!(opt->outlier_factor == 0.0 || opt->outlier_factor > 1.0))
        return bad(r, "options", "outlier_factor",
                   "expected 0 or a number "
                   "above 1");
    if (mpchar_fit_method_parse(method, &opt->method, NULL) != 0)
        return bad(r, "options", "method", "expected best or seed");
    if (get_aggregation(r, o, opt) != 0)
        return -1;
    if (mpchar_fit_stat_parse(stat, &opt->stat, NULL) != 0)
        return bad(r, "options", "statistic", "expected min, median or mean");
    if (strcmp(wt, "relative") && strcmp(wt, "absolute"))
        return bad(r, "options", "weighting", "expected relative or absolute");
    opt->weighting = strcmp(wt, "relative") ? MPCHAR_WEIGHT_ABSOLUTE
                                            : MPCHAR_WEIGHT_RELATIVE;
    opt->max_segments = (int)maxseg;
    return 0;
}

static int get_findings(const rd *r, json_t *root, mpchar_model *m)
{
    json_t *arr;
    if (get_arr(r, root, "", "findings", 1000000, &arr))
        return -1;
    size_t n = json_array_size(arr);
    m->findings = n ? calloc(n, sizeof *m->findings) : NULL;
    if (n && !m->findings)
        return mpchar_error_set(r->err, "%s: out of memory", r->file);
    m->findings_cap = n;
    for (size_t i = 0; i < n; i++) {
        char path[64], kind[32];
        pathf(path, sizeof path, "findings[%zu]", i);
        json_t *o = json_array_get(arr, i);
        mpchar_finding *f = &m->findings[i];
        if (!json_is_object(o))
            return bad(r, path, "", "expected an object");
        if (get_str(r, o, path, "kind", false, kind, sizeof kind) ||
            get_str(r, o, path, "library", true, f->library,
                    sizeof f->library) ||
            get_str(r, o, path, "pattern", true, f->pattern,
                    sizeof f->pattern) ||
            get_str(r, o, path, "text", false, f->text, sizeof f->text))
            return -1;
        int k = 0;
        while (k < MPCHAR_FINDING_COUNT &&
               strcmp(kind, mpchar_finding_kind_name((mpchar_finding_kind)k)))
            k++;
        if (k >= MPCHAR_FINDING_COUNT)
            return bad(r, path, "kind", "unknown kind of finding");
        f->kind = (mpchar_finding_kind)k;
        m->nfindings++;
    }
    return 0;
}

/* One point of the overlap table; its side must be one the benchmark
 * measures, and done_at_post must agree with wait_c0_us. */
static int get_overlap_point(const rd *r, json_t *o, const char *where,
                             mpchar_overlap_point *pt)
{
    long n;
    if (!json_is_object(o))
        return bad(r, where, "", "expected an object");
    if (get_str(r, o, where, "library", true, pt->library,
                sizeof pt->library) ||
        get_str(r, o, where, "side", true, pt->side, sizeof pt->side) ||
        get_long(r, o, where, "n_bytes", 0, LONG_MAX, &n) ||
        get_bool(r, o, where, "oversubscribed", &pt->oversubscribed) ||
        get_num(r, o, where, "wait_c0_us", false, &pt->wait_c0_us) ||
        get_bool(r, o, where, "done_at_post", &pt->done_at_post) ||
        get_size(r, o, where, "beyond_count", &pt->beyond_count) ||
        get_num(r, o, where, "compute_us", true, &pt->compute_us) ||
        get_num(r, o, where, "wait_us", true, &pt->wait_us) ||
        get_num(r, o, where, "fraction", true, &pt->fraction))
        return -1;
    pt->n_bytes = (uint64_t)n;
    if (strcmp(pt->side, mpchar_overlap_side_name(MPCHAR_OVERLAP_ISEND)) &&
        strcmp(pt->side, mpchar_overlap_side_name(MPCHAR_OVERLAP_IRECV)))
        return bad(r, where, "side", "expected isend or irecv");
    if (pt->wait_c0_us < 0 ||
        pt->done_at_post != (pt->wait_c0_us < MPCHAR_OVERLAP_DONE_AT_POST_US))
        return bad(r, where, "done_at_post",
                   "disagrees with wait_c0_us (or a negative wait)");
    if (isfinite(pt->fraction) && (pt->fraction < 0 || pt->fraction > 1))
        return bad(r, where, "fraction", "expected a number in [0, 1]");
    return 0;
}

/* The overlap table; absent in files written before it (read as empty).
 * Its stops are derived (mpchar_overlap_stop), not read. */
static int get_overlap(const rd *r, json_t *root, mpchar_model *m)
{
    json_t *ovl, *arr;
    if (!json_object_get(root, "overlap"))
        return 0;
    if (get_obj(r, root, "", "overlap", false, &ovl) ||
        get_arr(r, ovl, "overlap", "points", 1000000, &arr))
        return -1;
    size_t n = json_array_size(arr);
    m->overlap = n ? calloc(n, sizeof *m->overlap) : NULL;
    if (n && !m->overlap)
        return mpchar_error_set(r->err, "%s: out of memory", r->file);
    for (size_t i = 0; i < n; i++) {
        char path[64];
        pathf(path, sizeof path, "overlap.points[%zu]", i);
        if (get_overlap_point(r, json_array_get(arr, i), path,
                              &m->overlap[i]) != 0)
            return -1;
        m->noverlap++;
    }
    return 0;
}

/* The measured buffers' state: absent in a model fitted before `mpchar
 * run --cache` existed, whose buffers were warm. */
static int get_cache(const rd *r, json_t *src, mpchar_model *m)
{
    char name[16];
    int state;
    mpchar_error unused;
    m->cache = MPCHAR_CACHE_WARM;
    if (!json_object_get(src, "cache"))
        return 0;
    if (get_str(r, src, "source", "cache", false, name, sizeof name))
        return -1;
    if (mpchar_parse_choice_in(name, mpchar_cache_names, &state, &unused))
        return bad(r, "source", "cache", "expected warm or cold");
    m->cache = (mpchar_cache)state;
    if (m->cache == MPCHAR_CACHE_COLD)
        return get_str(r, src, "source", "cache_sweep", true, m->cache_sweep,
                       sizeof m->cache_sweep);
    return 0;
}

static int get_header(const rd *r, json_t *root, mpchar_model *m)
{
    char schema[64];
    long version;
    json_t *src, *entries;
    if (!json_is_object(root))
        return mpchar_error_set(r->err,
                                "%s: not an mpchar model file (the "
                                "top level is not an object)",
                                r->file);
    json_t *s = json_object_get(root, "schema");
    if (!json_is_string(s) || strcmp(json_string_value(s), MPCHAR_MODEL_SCHEMA))
        return bad(r, "", "schema",
                   "not an mpchar model file (expected "
                   "\"mpchar-model\")");
    if (get_str(r, root, "", "schema", false, schema, sizeof schema) ||
        get_long(r, root, "", "version", 0, 1000000, &version))
        return -1;
    if (version != MPCHAR_MODEL_VERSION)
        return bad(r, "", "version",
                   "unsupported version (this mpchar reads version " MPCHAR_STR(
                       MPCHAR_MODEL_VERSION) "; fit again)");
    if (get_str(r, root, "", "generator", false, m->generator,
                sizeof m->generator) ||
        get_obj(r, root, "", "source", false, &src) ||
        get_str(r, src, "source", "measurements", false, m->source,
                sizeof m->source) ||
        get_size(r, src, "source", "rows_used", &m->rows_used) ||
        get_size(r, src, "source", "rows_excluded_oversubscribed",
                 &m->rows_excluded_oversubscribed) ||
        get_cache(r, src, m) || get_options(r, root, &m->opt) ||
        get_arr(r, root, "", "entries", 1000000, &entries))
        return -1;
    return 0;
}

static int read_root(const rd *r, json_t *root, mpchar_model *m)
{
    if (get_header(r, root, m) != 0)
        return -1;
    json_t *entries = json_object_get(root, "entries");
    for (size_t i = 0; i < json_array_size(entries); i++) {
        char path[64];
        pathf(path, sizeof path, "entries[%zu]", i);
        mpchar_entry e;
        memset(&e, 0, sizeof e);
        int rc = get_entry(r, json_array_get(entries, i), path, &e);
        if (rc == 0)
            rc = mpchar_model_add_entry(m, &e, r->err);
        free(e.fits);
        if (rc != 0)
            return -1;
    }
    return get_findings(r, root, m) || get_overlap(r, root, m) ? -1 : 0;
}

int mpchar_model_parse(const char *text, size_t len, const char *name,
                       mpchar_model *model_p, mpchar_error *err)
{
    if (mpchar__families_check(mpchar__families, MPCHAR_FAMILY_COUNT, err))
        return -1;
    json_error_t jerr;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!root)
        return mpchar_error_set(err, "%s:%d: column %d: not valid JSON: %s",
                                name, jerr.line, jerr.column, jerr.text);
    rd r = {.file = name, .err = err};
    mpchar_model m;
    memset(&m, 0, sizeof m);
    int rc = read_root(&r, root, &m);
    json_decref(root);
    if (rc != 0) {
        mpchar_model_free(&m);
        return -1;
    }
    *model_p = m;
    return 0;
}

int mpchar_model_read(const char *path, mpchar_model *model_p,
                      mpchar_error *err)
{
    char *buf;
    size_t len;
    if (mpchar_read_file(path, (size_t)1 << 30, &buf, &len, err) != 0)
        return -1;
    int rc = mpchar_model_parse(buf, len, path, model_p, err);
    free(buf);
    return rc;
}
