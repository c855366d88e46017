/* Section 3, collectives (seed 001 Figures 3-9, seed 000 Tables 1-4): for
 * each primitive (and reduction op), every library's time against n at
 * its largest real (not oversubscribed) p, and against p at a small and a
 * large n, measured points with the best model; the p-form table with
 * pi0^pag and Bw_as^pag; t_c and r_cc of the reductions; the complexity
 * findings.
 *
 * Plots per primitive: one against n unless it moves no data (Barrier),
 * and, when it was measured at two or more p, two against p (one for
 * Barrier) and, for those that move data, bandwidth against n per p (one
 * per library) and Bw_as^ag(p) against p (seed 000 Figures 3-4,
 * aggregated metrics table).
 * docs/report.md gives the count. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_internal.h"

#define MAX_P 64
#define SMALL_N 16.0

typedef struct group {
    const mpchar_entry *e[32];
    size_t n;
    bool sizes;     /* some point has n > 0 */
    long ps[MAX_P]; /* measured or fitted p, ascending */
    size_t nps;
} group;

static bool row_of(const mpchar_point_key *k, const mpchar_entry *e)
{
    return !strcmp(k->library, e->library) && !strcmp(k->pattern, e->pattern) &&
           !strcmp(k->variant, e->variant) && !strcmp(k->op, e->op);
}

static void add_p(long *ps, size_t *n, long p)
{
    size_t i = 0;
    while (i < *n && ps[i] < p)
        i++;
    if ((i < *n && ps[i] == p) || *n >= MAX_P)
        return;
    memmove(ps + i + 1, ps + i, (*n - i) * sizeof *ps);
    ps[i] = p;
    (*n)++;
}

/* The p of an entry (measured or fitted), ascending. */
static size_t entry_ps(const mpchar__report *r, const mpchar_entry *e, long *ps,
                       bool *sizes_p)
{
    size_t n = 0;
    for (size_t i = 0; i < r->meas.count; i++) {
        if (!row_of(&r->meas.rows[i].key, e))
            continue;
        add_p(ps, &n, r->meas.rows[i].key.p);
        *sizes_p |= r->meas.rows[i].key.n_bytes > 0;
    }
    for (size_t i = 0; i < e->nfits; i++) {
        add_p(ps, &n, e->fits[i].p);
        *sizes_p |= e->fits[i].n_max_bytes > 0;
    }
    return n;
}

/* The largest p fitted on real points, else the largest p. */
static long largest_real_p(const mpchar__report *r, const mpchar_entry *e,
                           bool *over_p)
{
    long best = 0, any = 0, ps[MAX_P];
    bool sizes = false;
    for (size_t i = 0; i < e->nfits; i++)
        if (!e->fits[i].oversubscribed && e->fits[i].p > best)
            best = e->fits[i].p;
    size_t n = entry_ps(r, e, ps, &sizes);
    any = n ? ps[n - 1] : 2;
    *over_p = best == 0;
    return best ? best : any;
}

static void n_plot(mpchar__report *r, const group *g, const char *id,
                   const char *name)
{
    mpchar__plot_add(&r->plots, id, "n (bytes)", "T (us)", true, true,
                     "%s: T against n at the largest real p", name);
    for (size_t i = 0; i < g->n; i++) {
        const mpchar_entry *e = g->e[i];
        bool over;
        long p = largest_real_p(r, e, &over);
        const char *rgb = mpchar__library_color(r, e->library);
        char label[96];
        snprintf(label, sizeof label, "%s p=%ld%s ", e->library, p,
                 over ? " (oversubscribed)" : "");
        mpchar__measured_series(r, e, p, rgb, label, false);
        snprintf(label, sizeof label, "%s p=%ld best model", e->library, p);
        mpchar__model_series(r, e, p, MPCHAR_FAMILY_BEST, rgb, MPCHAR__LINE,
                             label, false);
    }
    mpchar__figure(r,
                   "%s: time against message length for each library at "
                   "its largest p that is not oversubscribed (circles: "
                   "fitting sizes, triangles: validation sizes, hollow: "
                   "oversubscribed; lines: best model).",
                   name);
}

/* The fitting-set row of e at p whose n is nearest to n (within a factor
 * of 2), or NULL. */
static const mpchar_measurement *
nearest(const mpchar__report *r, const mpchar_entry *e, long p, double n)
{
    const mpchar_measurement *best = NULL;
    double dist = INFINITY;
    for (size_t i = 0; i < r->meas.count; i++) {
        const mpchar_measurement *m = &r->meas.rows[i];
        if (m->key.p != p || m->key.set != MPCHAR_SET_FIT ||
            !row_of(&m->key, e))
            continue;
        double d = n > 0 && m->key.n_bytes > 0
                       ? fabs(log((double)m->key.n_bytes / n))
                       : fabs((double)m->key.n_bytes - n);
        if (d < dist) {
            dist = d;
            best = m;
        }
    }
    return dist <= (n > 0 ? log(2.0) : 0.0) ? best : NULL;
}

static void p_points(mpchar__report *r, const mpchar_entry *e, double n,
                     bool over)
{
    long ps[MAX_P];
    bool sizes = false;
    size_t nps = entry_ps(r, e, ps, &sizes);
    mpchar__series_add(&r->plots, mpchar__library_color(r, e->library),
                       over ? MPCHAR__HOLLOW : MPCHAR__FILLED, "%s measured%s",
                       e->library, over ? " (oversubscribed)" : "");
    for (size_t i = 0; i < nps; i++) {
        const mpchar_measurement *m = nearest(r, e, ps[i], n);
        if (m && m->oversubscribed == over &&
            mpchar__point_add(&r->plots, (double)ps[i],
                              mpchar_fit_stat_of(m, r->model.opt.stat)))
            mpchar__measured_tip(r, m, e, false);
    }
}

static void p_plot(mpchar__report *r, const group *g, const char *id,
                   const char *name, double n)
{
    char size[32];
    mpchar__bytes_text(n, size, sizeof size);
    mpchar__plot_add(&r->plots, id, "p (processes)", "T (us)", false, true,
                     "%s: T against p at n = %s", name, size);
    for (size_t i = 0; i < g->n; i++) {
        const mpchar_entry *e = g->e[i];
        p_points(r, e, n, false);
        p_points(r, e, n, true);
        mpchar__series_add(&r->plots, mpchar__library_color(r, e->library),
                           MPCHAR__LINEPOINTS, "%s best model", e->library);
        for (size_t k = 0; k < e->nfits; k++)
            mpchar__point_add(&r->plots, (double)e->fits[k].p,
                              mpchar__predict_best(e, n, e->fits[k].p, NULL));
    }
    mpchar__figure(r,
                   "%s: time against the number of processes at n = %s "
                   "(the nearest measured size; hollow circles: "
                   "oversubscribed, not real timings; crosses: best model "
                   "at each fitted p).",
                   name, size);
}

/* Seed 000 Figs 3-4: one library's bandwidth n/T (not aggregated)
 * against n at every p, measured and best model, a colour per p (one plot
 * per library: all of them in one would leave the legend no room). */
static void bw_n_plot(mpchar__report *r, const mpchar_entry *e, const char *id,
                      const char *name)
{
    mpchar__plot_add(&r->plots, id, "n (bytes)", "n/T (MB/s)", true, true,
                     "%s, %s: bandwidth against n per p", name, e->library);
    for (size_t k = 0; k < e->nfits; k++) {
        const char *rgb = mpchar__color_other(k);
        char label[96];
        long p = e->fits[k].p;
        snprintf(label, sizeof label, "p=%ld ", p);
        mpchar__measured_series(r, e, p, rgb, label, true);
        snprintf(label, sizeof label, "p=%ld best model", p);
        mpchar__model_series(r, e, p, MPCHAR_FAMILY_BEST, rgb, MPCHAR__LINE,
                             label, true);
    }
    mpchar__figure(r,
                   "%s, %s: bandwidth n/T(n, p) against message length at "
                   "every fitted p (seed 000 Figures 3-4; a colour per p; "
                   "circles: fitting sizes, triangles: validation sizes, "
                   "hollow: oversubscribed; lines: best model).",
                   name, e->library);
}

/* Bw_as^ag(p) = f(p)/tb(p) and Bw_as(p) = 1/tb(p) against p, in the
 * family of the collective table, f(p) as the fit's --aggregation. */
static void bw_p_plot(mpchar__report *r, const group *g, const char *id,
                      const char *name)
{
    mpchar_agg_scheme scheme = r->model.opt.aggregation;
    mpchar__plot_add(&r->plots, id, "p (processes)", "bandwidth (MB/s)", false,
                     true, "%s: Bw_as^ag(p) and Bw_as(p) against p", name);
    for (size_t i = 0; i < g->n; i++) {
        const mpchar_entry *e = g->e[i];
        const char *rgb = mpchar__library_color(r, e->library);
        mpchar_family fam = mpchar_entry_table_family(e);
        for (int ag = 1; ag >= 0; ag--) {
            mpchar__series_add(
                &r->plots, rgb, ag ? MPCHAR__LINEPOINTS : MPCHAR__DASHED,
                "%s %s", e->library, ag ? "Bw_as^ag(p)" : "Bw_as(p)");
            for (size_t k = 0; k < e->nfits; k++) {
                mpchar_aggregated a;
                if (mpchar_entry_aggregated(e, fam, e->fits[k].p, scheme, &a,
                                            NULL) == 0)
                    mpchar__point_add(&r->plots, (double)a.p,
                                      ag ? a.bw_as_ag_MB_per_s
                                         : a.one.bw_as_MB_per_s);
            }
        }
    }
    mpchar__figure(r,
                   "%s: aggregated asymptotic bandwidth Bw_as^ag(p) = "
                   "f(p)/tb(p) (lines with points) and Bw_as(p) = 1/tb(p) "
                   "(dashed) against the number of processes, f(p) of %s, "
                   "tb(p) of the collective table's family (the aggregated "
                   "metrics table lists them with pi0^ag(p)).",
                   name, mpchar_agg_scheme_name(scheme));
}

/* The largest size measured at every p of the group. */
static double large_n(const mpchar__report *r, const group *g)
{
    double lo = INFINITY;
    for (size_t i = 0; i < g->n; i++) {
        for (size_t k = 0; k < g->nps; k++) {
            double hi = 0;
            for (size_t j = 0; j < r->meas.count; j++) {
                const mpchar_measurement *m = &r->meas.rows[j];
                if (m->key.p == g->ps[k] && row_of(&m->key, g->e[i]) &&
                    (double)m->key.n_bytes > hi)
                    hi = (double)m->key.n_bytes;
            }
            if (hi > 0 && hi < lo)
                lo = hi;
        }
    }
    return isfinite(lo) ? lo : 65536;
}

static void group_section(mpchar__report *r, const group *g)
{
    char name[96], id[128], base[96];
    mpchar__entry_name(g->e[0], name, sizeof name);
    mpchar__entry_id(g->e[0], false, base, sizeof base);
    mpchar__doc_heading(&r->doc, 2, NULL, "%s", name);
    if (g->sizes) {
        snprintf(id, sizeof id, "coll-n-%s", base);
        n_plot(r, g, id, name);
    }
    if (g->nps < 2)
        return;
    snprintf(id, sizeof id, "coll-p-%s%s", g->sizes ? "small-" : "", base);
    p_plot(r, g, id, name, g->sizes ? SMALL_N : 0);
    if (g->sizes) {
        snprintf(id, sizeof id, "coll-p-large-%s", base);
        p_plot(r, g, id, name, large_n(r, g));
        for (size_t i = 0; i < g->n; i++) {
            snprintf(id, sizeof id, "coll-bw-n-%s-%s", base, g->e[i]->library);
            bw_n_plot(r, g->e[i], id, name);
        }
        snprintf(id, sizeof id, "coll-bw-p-%s", base);
        bw_p_plot(r, g, id, name);
    }
}

static void groups(mpchar__report *r, const mpchar_entry **v, size_t n)
{
    for (size_t i = 0; i < n;) {
        group g = {.n = 0};
        for (; i < n && (g.n == 0 || mpchar__same_key(g.e[0], v[i])); i++) {
            if (g.n < sizeof g.e / sizeof g.e[0])
                g.e[g.n++] = v[i];
            long ps[MAX_P];
            size_t nps = entry_ps(r, v[i], ps, &g.sizes);
            for (size_t k = 0; k < nps; k++)
                add_p(g.ps, &g.nps, ps[k]);
        }
        group_section(r, &g);
    }
}

/* One row per p with t_c: tb with the op and t_c = tb - tb(nop), in the
 * family the model computed t_c in (mpchar_entry_table_family). */
static void reduction_rows(mpchar__report *r, const mpchar_entry *e)
{
    mpchar_family fam = mpchar_entry_table_family(e);
    for (size_t k = 0; k < e->nfits; k++) {
        const mpchar_pfit *f = &e->fits[k];
        double t0, tb;
        if (!isfinite(f->tc_us_per_byte) ||
            mpchar_entry_t0_tb(e, fam, f->p, &t0, &tb, NULL) != 0)
            continue;
        mpchar__doc_row(&r->doc);
        if (f->oversubscribed)
            mpchar__doc_row_oversub(&r->doc);
        mpchar__doc_cell(&r->doc, 0, "%s", e->pattern);
        mpchar__doc_cell(&r->doc, 1, "%s", e->library);
        mpchar__doc_cell(&r->doc, 2, "%s", e->op);
        mpchar__doc_cell(&r->doc, 3, "%ld%s", f->p,
                         f->oversubscribed ? " (oversubscribed)" : "");
        mpchar__doc_cell(&r->doc, 4, "%s", mpchar_family_name(fam));
        mpchar__doc_cell(&r->doc, 5, "%.4g", tb * 1e3);
        mpchar__doc_cell(&r->doc, 6, "%.4g", (tb - f->tc_us_per_byte) * 1e3);
        mpchar__doc_cell(&r->doc, 7, "%.4g", f->tc_us_per_byte * 1e3);
        if (isfinite(f->r_cc))
            mpchar__doc_cell(&r->doc, 8, "%.3g", f->r_cc);
        else
            mpchar__doc_cell(&r->doc, 8, "-");
    }
}

static void reductions(mpchar__report *r, const mpchar_entry **v, size_t n)
{
    static const char *const head[] = {"primitive",
                                       "library",
                                       "op",
                                       "p",
                                       "family",
                                       "tb with the op (ns/byte)",
                                       "tb with no-op (ns/byte)",
                                       "t_c (ns/byte)",
                                       "r_cc = tb_nop/t_c"};
    mpchar__doc_table(&r->doc,
                      "Reductions: computation cost t_c = tb(op) "
                      "- tb(nop) and communication/computation ratio r_cc "
                      "(seed 001 Section 4.3); usersum - nop compares like "
                      "with like, as a library may pick another algorithm "
                      "for a user-defined op",
                      9, head);
    for (size_t i = 0; i < n; i++)
        reduction_rows(r, v[i]);
}

static void complexity(mpchar__report *r)
{
    size_t count = 0;
    mpchar__doc_heading(&r->doc, 2, NULL, "Complexity findings");
    for (size_t i = 0; i < r->model.nfindings; i++) {
        if (r->model.findings[i].kind != MPCHAR_FINDING_COMPLEXITY)
            continue;
        mpchar__doc_item(&r->doc, "%s", r->model.findings[i].text);
        count++;
    }
    if (count == 0)
        mpchar__doc_para(&r->doc,
                         "None: no primitive's t0(p) or tb(p) grows "
                         "faster than the best known algorithms allow, or "
                         "fewer than 3 real p were measured (complexity "
                         "needs 3 p or more; oversubscribed p are left out).");
}

/* When every collective was measured at one p (a --quick run on a
 * machine of 2 cores), what needs more p is missing: says so once, and how
 * to get it, rather than leave the reader to look for it. */
static void one_p_note(mpchar__report *r)
{
    long ps[MAX_P], p = 0;
    for (size_t i = 0; i < r->collectives.n; i++) {
        bool sizes = false;
        size_t n = entry_ps(r, r->collectives.v[i], ps, &sizes);
        if (n > 1)
            return;
        if (n == 1)
            p = ps[0];
    }
    if (p == 0)
        return;
    long cores = mpchar__machine_cores(r);
    char on[64] = "";
    if (cores > 0)
        snprintf(on, sizeof on, ", %ld here", cores);
    mpchar__doc_note(
        &r->doc,
        "Every collective was measured at one p, p = %ld (mpchar run "
        "--quick measures p up to the machine's cores%s). What varies "
        "with p needs more: T against p, the bandwidth at every p and "
        "Bw_as^ag(p) against p (seed 000 Figs 3-4) 2 p or more; p-forms "
        "other than constants, the non-standard ones among them, "
        "validation across p and the complexity findings 3 p or more. "
        "A run at more p (--p 2-4; above the cores with --oversubscribe, "
        "whose points are marked and fitted only with "
        "--include-oversubscribed) gives them.",
        p, on);
}

int mpchar__section_collectives(mpchar__report *r, mpchar_error *err)
{
    one_p_note(r);
    groups(r, r->collectives.v, r->collectives.n);
    int rc = mpchar__model_table(r, MPCHAR_TABLE_COLLECTIVE, err);
    if (rc == 0)
        rc = mpchar__model_table(r, MPCHAR_TABLE_AGGREGATED, err);
    reductions(r, r->collectives.v, r->collectives.n);
    complexity(r);
    return rc;
}
