/* Writing model.json (schema "mpchar-model", version 1; documented in
 * docs/data-formats.md).  Every fitted parameter is written with full
 * precision; derived values (metrics, peaks, complexity classes, the
 * printed form of p-forms, seed 002 short/long-message parameters) are
 * written for readers of the file and recomputed, not read back.  JSON has
 * no NaN: values that do not exist are null. */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model_internal.h"

static json_t *jnum(double v)
{
    return isfinite(v) ? json_real(v) : json_null();
}

/* json_object_set_new that remembers a failure in *bad. */
static void put(json_t *o, const char *key, json_t *v, int *bad)
{
    if (!v || json_object_set_new(o, key, v) != 0)
        *bad = 1;
}

static json_t *pform_json(const mpchar_pform *f, double print_scale, int *bad)
{
    json_t *o = json_object();
    char text[256];
    if (!o)
        return NULL;
    put(o, "form", json_string(mpchar_pform_kind_name(f->kind)), bad);
    if (f->kind == MPCHAR_PFORM_EXPR) {
        put(o, "expr", json_string(f->expr), bad);
    } else {
        put(o, "a", jnum(f->a), bad);
        if (f->kind != MPCHAR_PFORM_CONST)
            put(o, "b", jnum(f->b), bad);
    }
    mpchar_pform_format(f, print_scale, 4, text, sizeof text);
    put(o, "text", json_string(text), bad);
    put(o, "complexity",
        json_string(mpchar_complexity_name(mpchar_pform_complexity(f))), bad);
    put(o, "p_min", json_integer(f->p_min), bad);
    put(o, "p_max", json_integer(f->p_max), bad);
    put(o, "p_count", json_integer((json_int_t)f->np), bad);
    return o;
}

static json_t *metrics_json(double t0, double tb, int *bad)
{
    mpchar_metrics m;
    mpchar_metrics_compute(t0, tb, &m);
    json_t *o = json_object();
    if (!o)
        return NULL;
    put(o, "bw_as_MB_per_s", jnum(m.bw_as_MB_per_s), bad);
    put(o, "pi0_per_s", jnum(m.pi0_per_s), bad);
    put(o, "n_half_bytes", jnum(m.n_half_bytes), bad);
    return o;
}

/* One segment's parameters, then the metrics of its ts and tb. */
static void put_params(json_t *o, const mpchar_pfit *f, mpchar_family fam,
                       int k, int *bad)
{
    const mpchar__family_ops *ops = &mpchar__families[fam];
    for (size_t i = 0; i < ops->nparams; i++)
        put(o, ops->params[i].name, jnum(mpchar__param_value(fam, f, i, k)),
            bad);
    put(o, "metrics",
        metrics_json(mpchar__param_value(fam, f, ops->startup, k),
                     mpchar__param_value(fam, f, ops->per_byte, k), bad),
        bad);
}

static json_t *segments_json(const mpchar_pfit *f, mpchar_family fam, int *bad)
{
    json_t *segs = json_array();
    for (int k = 0; segs && k < mpchar__segments(fam, f); k++) {
        json_t *so = json_object();
        if (!so || json_array_append_new(segs, so) != 0) {
            *bad = 1;
            break;
        }
        put_params(so, f, fam, k, bad);
    }
    return segs;
}

static json_t *family_json(const mpchar_pfit *f, mpchar_family fam, int *bad)
{
    json_t *o = json_object();
    if (!o)
        return NULL;
    if (!f->ok[fam]) {
        put(o, "not_fitted", json_string(f->why[fam]), bad);
        return o;
    }
    if (mpchar__families[fam].segmented)
        put(o, "segments", segments_json(f, fam, bad), bad);
    else
        put_params(o, f, fam, 0, bad);
    const mpchar_accuracy *a = &f->acc[fam];
    json_t *acc = json_object();
    if (acc) {
        put(acc, "fit_err", jnum(a->fit_err), bad);
        put(acc, "fit_count", json_integer((json_int_t)a->fit_count), bad);
        put(acc, "validation_err", jnum(a->val_err), bad);
        put(acc, "validation_count", json_integer((json_int_t)a->val_count),
            bad);
        put(acc, "p_out_err", jnum(a->p_out_err), bad);
        put(acc, "p_out_count", json_integer((json_int_t)a->p_out_count), bad);
    }
    put(o, "accuracy", acc, bad);
    return o;
}

/* Seed 002: latency, r_inf and n_1/2 below the detected switch (the
 * line of the sizes below it) and above it (the last piecewise segment). */
static json_t *short_long_json(const mpchar_pfit *f, int *bad)
{
    json_t *o = json_object();
    if (!o)
        return NULL;
    const mpchar_piecewise *pw = &f->pw;
    const mpchar_segment *last = &pw->seg[pw->count - 1];
    const mpchar_hockney lines[2] = {f->below_switch,
                                     {last->ts_us, last->tb_us_per_byte}};
    const char *names[2] = {"short_messages", "long_messages"};
    for (int i = 0; i < 2; i++) {
        json_t *s = json_object();
        mpchar_metrics m;
        mpchar_metrics_compute(lines[i].ts_us, lines[i].tb_us_per_byte, &m);
        if (s) {
            put(s, "latency_us", jnum(lines[i].ts_us), bad);
            put(s, "tb_us_per_byte", jnum(lines[i].tb_us_per_byte), bad);
            put(s, "r_inf_MB_per_s", jnum(m.bw_as_MB_per_s), bad);
            put(s, "n_half_bytes", jnum(m.n_half_bytes), bad);
        }
        put(o, names[i], s, bad);
    }
    put(o, "switch_bytes",
        pw->count > 1 ? jnum(pw->seg[pw->count - 1].n_lo_bytes) : json_null(),
        bad);
    return o;
}

static json_t *fit_json(const mpchar_entry *e, const mpchar_pfit *f, int *bad)
{
    json_t *o = json_object();
    if (!o)
        return NULL;
    put(o, "p", json_integer(f->p), bad);
    put(o, "oversubscribed", json_boolean(f->oversubscribed), bad);
    put(o, "fit_sizes", json_integer((json_int_t)f->fit_sizes), bad);
    put(o, "validation_sizes", json_integer((json_int_t)f->val_sizes), bad);
    put(o, "n_min_bytes", jnum(f->n_min_bytes), bad);
    put(o, "n_max_bytes", jnum(f->n_max_bytes), bad);
    put(o, "zero_noop", json_boolean(f->zero_noop), bad);
    put(o, "t_zero_us", jnum(f->t_zero_us), bad);
    json_t *out = json_object();
    if (out) {
        put(out, "fit", json_integer((json_int_t)f->outliers_fit), bad);
        put(out, "validation", json_integer((json_int_t)f->outliers_val), bad);
        put(out, "points", json_string(f->outliers), bad);
    }
    put(o, "outliers", out, bad);
    put(o, "best",
        f->best >= 0 ? json_string(mpchar_family_name((mpchar_family)f->best))
                     : json_null(),
        bad);
    for (int fam = 0; fam < MPCHAR_FAMILY_COUNT; fam++)
        put(o, mpchar_family_name((mpchar_family)fam),
            family_json(f, (mpchar_family)fam, bad), bad);
    if (isfinite(f->tc_us_per_byte)) {
        json_t *r = json_object();
        if (r) {
            put(r, "tc_us_per_byte", jnum(f->tc_us_per_byte), bad);
            put(r, "r_cc", jnum(f->r_cc), bad);
        }
        put(o, "reduction", r, bad);
    }
    if (e->kind == MPCHAR_KIND_P2P && f->ok[MPCHAR_FAMILY_PIECEWISE])
        put(o, "seed002", short_long_json(f, bad), bad);
    return o;
}

/* One segment's parameter p-forms; a breakpoint's is null in the first
 * segment. */
static json_t *segment_pforms_json(const mpchar_pforms *pf, mpchar_family fam,
                                   int k, int *bad)
{
    const mpchar__family_ops *ops = &mpchar__families[fam];
    json_t *o = json_object();
    for (size_t i = 0; o && i < ops->nparams; i++)
        put(o, ops->params[i].name,
            k == 0 && ops->params[i].breakpoint
                ? json_null()
                : pform_json(mpchar__param_pform_const(fam, pf, i, k), 1.0,
                             bad),
            bad);
    return o;
}

/* A family's p-forms: an object of them, an array of segments of them for
 * a segmented family, or null when there are none. */
static json_t *family_pforms_json(const mpchar_pforms *pf, mpchar_family fam,
                                  int *bad)
{
    if (!pf->ok[fam])
        return json_null();
    if (!mpchar__families[fam].segmented)
        return segment_pforms_json(pf, fam, 0, bad);
    json_t *segs = json_array();
    for (int k = 0; segs && k < mpchar__pform_segments(fam, pf); k++)
        if (json_array_append_new(segs, segment_pforms_json(pf, fam, k, bad)) !=
            0)
            *bad = 1;
    return segs;
}

static json_t *pforms_json(const mpchar_entry *e, int *bad)
{
    const mpchar_pforms *pf = &e->pf;
    json_t *o = json_object();
    if (!o)
        return NULL;
    for (int fam = 0; fam < MPCHAR_FAMILY_COUNT; fam++)
        put(o, mpchar_family_name((mpchar_family)fam),
            family_pforms_json(pf, (mpchar_family)fam, bad), bad);
    put(o, "tc_us_per_byte",
        pf->tc_ok ? pform_json(&pf->tc, 1.0, bad) : json_null(), bad);
    return o;
}

static json_t *peak_json(const mpchar_peaks *pk, int *bad)
{
    json_t *f = json_object();
    if (f) {
        put(f, "pi0_pag_per_s", jnum(pk->pi0_pag_per_s), bad);
        put(f, "pi0_pag_p", json_integer(pk->pi0_pag_p), bad);
        put(f, "bw_pag_MB_per_s", jnum(pk->bw_pag_MB_per_s), bad);
        put(f, "bw_pag_p", json_integer(pk->bw_pag_p), bad);
        put(f, "n_half_mag_bytes", jnum(pk->n_half_mag_bytes), bad);
        put(f, "n_half_mag_p", json_integer(pk->n_half_mag_p), bad);
    }
    return f;
}

/* Per family, one object per measured p: f(p) and the aggregated metrics
 * (seed 000 Figs 3-4 plot them against p). */
static json_t *aggregated_json(const mpchar_entry *e, mpchar_agg_scheme scheme,
                               int *bad)
{
    json_t *o = json_object();
    if (!o)
        return NULL;
    for (int fam = 0; fam < MPCHAR_FAMILY_COUNT; fam++) {
        json_t *arr = json_array();
        for (size_t i = 0; arr && i < e->nfits; i++) {
            mpchar_aggregated ag;
            json_t *a;
            if (mpchar_entry_aggregated(e, (mpchar_family)fam, e->fits[i].p,
                                        scheme, &ag, NULL) != 0 ||
                !(a = json_object()))
                continue; /* a p whose family did not fit */
            put(a, "p", json_integer(ag.p), bad);
            put(a, "factor", jnum(ag.factor), bad);
            put(a, "bw_as_MB_per_s", jnum(ag.one.bw_as_MB_per_s), bad);
            put(a, "bw_as_ag_MB_per_s", jnum(ag.bw_as_ag_MB_per_s), bad);
            put(a, "pi0_per_s", jnum(ag.one.pi0_per_s), bad);
            put(a, "pi0_ag_per_s", jnum(ag.pi0_ag_per_s), bad);
            put(a, "n_half_bytes", jnum(ag.one.n_half_bytes), bad);
            if (json_array_append_new(arr, a) != 0)
                *bad = 1;
        }
        if (arr && json_array_size(arr) == 0) {
            json_decref(arr);
            continue;
        }
        put(o, mpchar_family_name((mpchar_family)fam), arr, bad);
    }
    return o;
}

/* Per family: the peaks over the measured p, and in "pforms" those over
 * every p of the p-forms' range (seed 001). */
static json_t *peaks_json(const mpchar_entry *e, mpchar_agg_scheme scheme,
                          int *bad)
{
    json_t *o = json_object();
    if (!o)
        return NULL;
    for (int fam = 0; fam < MPCHAR_FAMILY_COUNT; fam++) {
        mpchar_peaks pk, pf;
        if (!e->nfits || mpchar_entry_peaks(e, (mpchar_family)fam, NULL, 0,
                                            scheme, &pk, NULL) != 0)
            continue;
        json_t *f = peak_json(&pk, bad);
        if (f && mpchar_entry_pform_peaks(e, (mpchar_family)fam, scheme, &pf,
                                          NULL) == 0)
            put(f, "pforms", peak_json(&pf, bad), bad);
        put(o, mpchar_family_name((mpchar_family)fam), f, bad);
    }
    return o;
}

static json_t *entry_json(const mpchar_model *m, const mpchar_entry *e,
                          int *bad)
{
    json_t *o = json_object();
    if (!o)
        return NULL;
    put(o, "library", json_string(e->library), bad);
    put(o, "pattern", json_string(e->pattern), bad);
    put(o, "variant", json_string(e->variant), bad);
    put(o, "op", json_string(e->op), bad);
    put(o, "datatype", json_string(e->datatype), bad);
    put(o, "kind", json_string(mpchar_kind_name(e->kind)), bad);
    put(o, "oversubscribed", json_boolean(e->oversubscribed), bad);
    put(o, "note", json_string(e->note), bad);
    json_t *fits = json_array();
    for (size_t i = 0; fits && i < e->nfits; i++)
        if (json_array_append_new(fits, fit_json(e, &e->fits[i], bad)) != 0)
            *bad = 1;
    put(o, "fits", fits, bad);
    put(o, "pforms", pforms_json(e, bad), bad);
    if (e->kind == MPCHAR_KIND_COLLECTIVE) {
        put(o, "aggregated", aggregated_json(e, m->opt.aggregation, bad), bad);
        put(o, "peaks", peaks_json(e, m->opt.aggregation, bad), bad);
    }
    return o;
}

static json_t *options_json(const mpchar_fit_options *opt, int *bad)
{
    json_t *o = json_object();
    if (!o)
        return NULL;
    put(o, "method", json_string(mpchar_fit_method_name(opt->method)), bad);
    put(o, "statistic", json_string(mpchar_fit_stat_name(opt->stat)), bad);
    put(o, "aggregation", json_string(mpchar_agg_scheme_name(opt->aggregation)),
        bad);
    put(o, "weighting",
        json_string(opt->weighting == MPCHAR_WEIGHT_ABSOLUTE ? "absolute"
                                                             : "relative"),
        bad);
    put(o, "robust", json_boolean(opt->robust), bad);
    put(o, "include_oversubscribed", json_boolean(opt->include_oversubscribed),
        bad);
    put(o, "max_segments", json_integer(opt->max_segments), bad);
    put(o, "outlier_factor", jnum(opt->outlier_factor), bad);
    return o;
}

static json_t *overlap_point_json(const mpchar_overlap_point *pt, int *bad)
{
    json_t *o = json_object();
    if (!o)
        return NULL;
    put(o, "library", json_string(pt->library), bad);
    put(o, "side", json_string(pt->side), bad);
    put(o, "n_bytes", json_integer((json_int_t)pt->n_bytes), bad);
    put(o, "oversubscribed", json_boolean(pt->oversubscribed), bad);
    put(o, "wait_c0_us", jnum(pt->wait_c0_us), bad);
    put(o, "done_at_post", json_boolean(pt->done_at_post), bad);
    put(o, "beyond_count", json_integer((json_int_t)pt->beyond_count), bad);
    put(o, "compute_us", jnum(pt->compute_us), bad);
    put(o, "wait_us", jnum(pt->wait_us), bad);
    put(o, "fraction", jnum(pt->fraction), bad);
    return o;
}

/* Derived: the size where overlap stops, per library and side. */
static json_t *overlap_stops_json(const mpchar_model *m, int *bad)
{
    json_t *a = json_array();
    for (size_t i = 0; a && i < m->noverlap; i++) {
        const mpchar_overlap_point *pt = &m->overlap[i];
        if (i > 0 && !strcmp(pt->library, m->overlap[i - 1].library) &&
            !strcmp(pt->side, m->overlap[i - 1].side))
            continue;
        uint64_t stop = 0;
        bool stops = mpchar_overlap_stop(m->overlap, m->noverlap, pt->library,
                                         pt->side, &stop);
        json_t *o = json_object();
        if (!o || json_array_append_new(a, o) != 0) {
            *bad = 1;
            break;
        }
        put(o, "library", json_string(pt->library), bad);
        put(o, "side", json_string(pt->side), bad);
        put(o, "stop_n_bytes",
            stops ? json_integer((json_int_t)stop) : json_null(), bad);
    }
    return a;
}

static json_t *overlap_json(const mpchar_model *m, int *bad)
{
    json_t *o = json_object(), *points = json_array();
    for (size_t i = 0; points && i < m->noverlap; i++)
        if (json_array_append_new(points,
                                  overlap_point_json(&m->overlap[i], bad)))
            *bad = 1;
    if (o) {
        put(o, "points", points, bad);
        put(o, "stops", overlap_stops_json(m, bad), bad);
    } else {
        json_decref(points);
    }
    return o;
}

static json_t *model_json(const mpchar_model *m, int *bad)
{
    json_t *root = json_object();
    if (!root)
        return NULL;
    put(root, "schema", json_string(MPCHAR_MODEL_SCHEMA), bad);
    put(root, "version", json_integer(MPCHAR_MODEL_VERSION), bad);
    put(root, "generator", json_string(m->generator), bad);
    json_t *src = json_object();
    if (src) {
        put(src, "measurements", json_string(m->source), bad);
        put(src, "rows_used", json_integer((json_int_t)m->rows_used), bad);
        put(src, "rows_excluded_oversubscribed",
            json_integer((json_int_t)m->rows_excluded_oversubscribed), bad);
        put(src, "cache", json_string(mpchar_cache_names[m->cache]), bad);
        if (m->cache == MPCHAR_CACHE_COLD)
            put(src, "cache_sweep", json_string(m->cache_sweep), bad);
    }
    put(root, "source", src, bad);
    put(root, "options", options_json(&m->opt, bad), bad);
    json_t *entries = json_array();
    for (size_t i = 0; entries && i < m->nentries; i++)
        if (json_array_append_new(entries, entry_json(m, &m->entries[i], bad)))
            *bad = 1;
    put(root, "entries", entries, bad);
    json_t *fnd = json_array();
    for (size_t i = 0; fnd && i < m->nfindings; i++) {
        const mpchar_finding *f = &m->findings[i];
        json_t *o = json_object();
        if (!o || json_array_append_new(fnd, o) != 0) {
            *bad = 1;
            break;
        }
        put(o, "kind", json_string(mpchar_finding_kind_name(f->kind)), bad);
        put(o, "library", json_string(f->library), bad);
        put(o, "pattern", json_string(f->pattern), bad);
        put(o, "text", json_string(f->text), bad);
    }
    put(root, "findings", fnd, bad);
    put(root, "overlap", overlap_json(m, bad), bad);
    return root;
}

int mpchar_model_dump(const mpchar_model *model, char **text_p,
                      mpchar_error *err)
{
    int bad = 0;
    json_t *root = model_json(model, &bad);
    char *text =
        root && !bad
            ? json_dumps(root, JSON_INDENT(1) | JSON_REAL_PRECISION(17))
            : NULL;
    json_decref(root);
    if (!text)
        return mpchar_error_set(err,
                                "model.json: cannot build the JSON text "
                                "(out of memory or invalid UTF-8 in a name)");
    *text_p = text;
    return 0;
}

int mpchar_model_write(const mpchar_model *model, const char *path,
                       mpchar_error *err)
{
    char *text =
        NULL; /* gcc -O3 cannot see that a failed dump returns non-zero */
    if (mpchar_model_dump(model, &text, err) != 0)
        return mpchar_error_prefix(err, "%s", path);
    FILE *f = fopen(path, "w");
    if (!f) {
        free(text);
        return mpchar_error_set(err, "%s: cannot create: %s", path,
                                strerror(errno));
    }
    int ok = fputs(text, f) >= 0 && fputc('\n', f) != EOF;
    ok = (fclose(f) == 0) && ok;
    free(text);
    if (!ok)
        return mpchar_error_set(err, "%s: write failed", path);
    return 0;
}
