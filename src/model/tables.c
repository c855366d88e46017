/* The model's tables as data (mpchar/model_tables.h), each one entry of
 * `tables` below: a title, a list of columns {name, unit, how a cell is
 * made} and the rows it is made of.
 * - point-to-point in the layout of seed 001 Table 1 (Hockney ts, tb,
 *   pi_s, Bw_as, n_1/2) plus the breakpoints the piecewise model found, and
 *   seed 002's latency, r_inf and n_1/2 below and above the switch;
 * - collectives in the layout of seed 000 Tables 1-4 (t0(p), t_i(p), t_b(p)
 *   of the t_i model, pi0^pag and Bw_as^pag with the p of each peak, over
 *   the measured p and over the p-forms as seed 001 takes them), T(0) and
 *   whether it was a no-op, and t_c(p) and r_cc for reductions;
 * - the accuracy table (fit and validation error of each family, side by
 *   side, and the best family);
 * - the inter-message pipelining gain (seed 002), the notes and findings;
 * - the overlap table (seed 004, src/model/overlap.c) and, per library and
 *   side, the size where overlap stops.
 * Adding a column is one entry in a table's column list; adding a table is
 * one entry in `tables` (and its name in mpchar_model_table).  Units: us,
 * ns/byte, MB/s (10^6) and thousands of operations per second by default;
 * seed 001's us/byte, Kbytes/s (2^10) and Mbytes/s (2^20) on request. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpchar/grow.h"
#include "mpchar/model_tables.h"
#include "model_internal.h"

/* ---- units ----------------------------------------------------------- */

/* A unit and its conversion from the API's (us, us/byte, per second,
 * MB/s): value * mul / div, in that order, as the seeds' tables round. */
typedef struct unit {
    const char *name;
    double mul, div;
} unit;

static const unit US = {"us", 1, 1};
static const unit NS_PER_BYTE = {"ns/byte", 1e3, 1};
static const unit US_PER_BYTE = {"us/byte", 1, 1};
static const unit K_PER_S = {"k/s", 1, 1e3};
static const unit KBYTES_PER_S = {"Kbytes/s", 1, 1024};
static const unit MB_PER_S = {"MB/s", 1, 1};
static const unit MBYTES_PER_S = {"Mbytes/s", 1e6, 1048576};
static const unit BYTES = {"bytes", 1, 1};

/* ---- what a row is made of, and columns -------------------------------- */

typedef struct source {
    const mpchar_model *m;
    const mpchar_entry *e;
    const mpchar_pfit *f; /* the row's fit (point-to-point: at p = 2) */
    const char *kind;     /* findings */
    const char *text;     /* findings */
    const mpchar_overlap_point *o; /* overlap rows */
} source;

/* The (ts, tb) line a point-to-point cell reads, and what of it. */
typedef enum p2p_line { HOCKNEY_LINE, BELOW_SWITCH, LAST_SEGMENT } p2p_line;
typedef enum quantity { TS, TB, PI, BW, N_HALF, FACTOR } quantity;
/* The texts a cell can copy. */
typedef enum text_field {
    LIBRARY,
    PATTERN,
    VARIANT,
    OP,
    KIND,
    FINDING
} text_field;
/* The p-forms of a collective's columns. */
typedef enum pform_param { T0, TI, TB_P, TC } pform_param;
/* The p a peak is taken over. */
typedef enum peak_over { MEASURED_P, PFORM_P } peak_over;
/* What an overlap cell shows. */
typedef enum overlap_field {
    OV_LIBRARY,
    OV_SIDE,
    OV_N,
    OV_WAIT_C0,
    OV_COMPUTE,
    OV_WAIT,
    OV_FRACTION,
    OV_STOP
} overlap_field;

typedef struct column column;

/* A column as built: its definition, family (per-family columns) and the
 * unit of the units asked for. */
typedef struct col_use {
    const column *def;
    int family;
    const unit *unit;
} col_use;

/* Sets cell c of a row from s; leaves c->text NULL when memory runs out. */
typedef void fill_fn(mpchar_table_cell *c, const source *s, const col_use *u);

/* A column.  Consecutive per-family columns form a group that is repeated
 * for each family, named "<family> name" ("hockney fit", "hockney val",
 * "ti fit", ...). */
struct column {
    const char *name;
    const unit *unit;    /* NULL: none */
    const unit *seed001; /* the unit with MPCHAR_UNITS_SEED001; NULL: unit */
    fill_fn *fill;
    bool per_family;
    text_field text;   /* texts */
    p2p_line line;     /* point-to-point lines */
    quantity q;        /* lines and peaks */
    pform_param param; /* p-forms */
    peak_over over;    /* peaks */
    bool aggregated;   /* per-p metrics: times f(p) */
    double arg_bytes;  /* pipelining gain: n */
    overlap_field ov;  /* overlap */
};

/* ---- cells ------------------------------------------------------------- */

static void put(mpchar_table_cell *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void put(mpchar_table_cell *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    free(c->text);
    c->text = len < 0 ? NULL : malloc((size_t)len + 1);
    if (!c->text)
        return;
    va_start(ap, fmt);
    vsnprintf(c->text, (size_t)len + 1, fmt, ap);
    va_end(ap);
}

static double in_unit(double v, const unit *u)
{
    return u ? v * u->mul / u->div : v;
}

static void number(mpchar_table_cell *c, double v, int sig)
{
    if (isfinite(v))
        put(c, "%.*g", sig, v);
    else
        put(c, "-");
}

/* A text of the row's entry or finding. */
static void c_text(mpchar_table_cell *c, const source *s, const col_use *u)
{
    const char *const text[] = {
        [LIBRARY] = s->e ? s->e->library : NULL,
        [PATTERN] = s->e ? s->e->pattern : NULL,
        [VARIANT] = s->e ? s->e->variant : NULL,
        [OP] = s->e ? s->e->op : NULL,
        [KIND] = s->kind,
        [FINDING] = s->text,
    };
    if (u->def->text == PATTERN && s->e &&
        strcmp(s->e->datatype, mpchar_pattern_datatype(s->e->pattern)))
        put(c, "%s (%s)", s->e->pattern, s->e->datatype);
    else
        put(c, "%s", text[u->def->text]);
}

static bool line_of(const mpchar_pfit *f, p2p_line l, double *ts, double *tb)
{
    if (l == HOCKNEY_LINE) {
        *ts = f->hockney.ts_us;
        *tb = f->hockney.tb_us_per_byte;
        return f->ok[MPCHAR_FAMILY_HOCKNEY];
    }
    if (l == BELOW_SWITCH) {
        *ts = f->below_switch.ts_us;
        *tb = f->below_switch.tb_us_per_byte;
    } else {
        *ts = f->pw.seg[f->pw.count - 1].ts_us;
        *tb = f->pw.seg[f->pw.count - 1].tb_us_per_byte;
    }
    return f->ok[MPCHAR_FAMILY_PIECEWISE];
}

static void c_line(mpchar_table_cell *c, const source *s, const col_use *u)
{
    double ts, tb;
    mpchar_metrics mt;
    if (!line_of(s->f, u->def->line, &ts, &tb)) {
        put(c, "-");
        return;
    }
    mpchar_metrics_compute(ts, tb, &mt);
    const double v[] = {[TS] = ts,
                        [TB] = tb,
                        [PI] = mt.pi0_per_s,
                        [BW] = mt.bw_as_MB_per_s,
                        [N_HALF] = round(mt.n_half_bytes)};
    number(c, in_unit(v[u->def->q], u->unit), u->def->q == N_HALF ? 10 : 4);
}

static void c_switches(mpchar_table_cell *c, const source *s, const col_use *u)
{
    char sw[256] = "-";
    size_t pos = 0;
    (void)u;
    for (int k = 1; s->f->ok[MPCHAR_FAMILY_PIECEWISE] && k < s->f->pw.count;
         k++)
        pos += (size_t)snprintf(sw + pos, sizeof sw - pos, "%s%.0f",
                                k > 1 ? " " : "", s->f->pw.seg[k].n_lo_bytes);
    put(c, "%s", sw);
}

static void c_last_switch(mpchar_table_cell *c, const source *s,
                          const col_use *u)
{
    const mpchar_piecewise *pw = &s->f->pw;
    (void)u;
    if (pw->count > 1)
        put(c, "%.0f", pw->seg[pw->count - 1].n_lo_bytes);
    else
        put(c, "none");
}

/* t0(p), tb(p) of the table's family (the t_i model, else Hockney). */
static void c_pform(mpchar_table_cell *c, const source *s, const col_use *u)
{
    const mpchar_pforms *pf = &s->e->pf;
    mpchar_family fam = mpchar_entry_table_family(s->e);
    const mpchar__family_ops *o = &mpchar__families[fam];
    bool ti = fam == MPCHAR_FAMILY_TI, any = pf->ok[fam];
    const struct {
        bool ok;
        const mpchar_pform *form;
    } v[] = {
        [T0] = {any, mpchar__param_pform_const(fam, pf, o->startup, 0)},
        [TI] = {ti, &pf->ti_ti},
        [TB_P] = {any, mpchar__param_pform_const(fam, pf, o->per_byte, 0)},
        [TC] = {pf->tc_ok, &pf->tc},
    };
    char buf[256];
    if (!v[u->def->param].ok) {
        put(c, "-");
        return;
    }
    mpchar_pform_format(v[u->def->param].form, u->unit->mul / u->unit->div, 4,
                        buf, sizeof buf);
    put(c, "%s", buf);
}

/* Peaks over the measured p or the p-forms' range, of the family the
 * p-form columns show. */
static void c_peak(mpchar_table_cell *c, const source *s, const col_use *u)
{
    mpchar_peaks pk = {0};
    mpchar_family fam = mpchar_entry_table_family(s->e);
    int rc = u->def->over == PFORM_P
                 ? mpchar_entry_pform_peaks(s->e, fam, s->m->opt.aggregation,
                                            &pk, NULL)
                 : mpchar_entry_peaks(s->e, fam, NULL, 0, s->m->opt.aggregation,
                                      &pk, NULL);
    if (rc != 0)
        pk.pi0_pag_per_s = pk.bw_pag_MB_per_s = pk.n_half_mag_bytes = NAN;
    const double v[] = {[PI] = pk.pi0_pag_per_s,
                        [BW] = pk.bw_pag_MB_per_s,
                        [N_HALF] = pk.n_half_mag_bytes};
    const long p[] = {
        [PI] = pk.pi0_pag_p, [BW] = pk.bw_pag_p, [N_HALF] = pk.n_half_mag_p};
    quantity q = u->def->q;
    double x = in_unit(v[q], u->unit);
    if (!isfinite(x))
        put(c, "-");
    else if (q == N_HALF)
        put(c, "%.0f (p=%ld)", x, p[q]);
    else
        put(c, "%.4g (p=%ld)", x, p[q]);
}

/* A metric of the row's p, aggregated (times f(p)) or not, of the family
 * the p-form columns show. */
static void c_aggregated(mpchar_table_cell *c, const source *s,
                         const col_use *u)
{
    mpchar_aggregated ag;
    if (mpchar_entry_aggregated(s->e, mpchar_entry_table_family(s->e), s->f->p,
                                s->m->opt.aggregation, &ag, NULL) != 0) {
        put(c, "-");
        return;
    }
    double f = u->def->aggregated ? ag.factor : 1.0;
    const double v[] = {[PI] = f * ag.one.pi0_per_s,
                        [BW] = f * ag.one.bw_as_MB_per_s,
                        [N_HALF] = round(ag.one.n_half_bytes),
                        [FACTOR] = ag.factor};
    number(c, in_unit(v[u->def->q], u->unit), u->def->q == N_HALF ? 10 : 4);
}

/* T(0) at the least p, "no-op" where n = 0 returned at once at some p. */
static void c_t_zero(mpchar_table_cell *c, const source *s, const col_use *u)
{
    const mpchar_pfit *shown = NULL;
    for (size_t i = 0; i < s->e->nfits; i++) {
        const mpchar_pfit *f = &s->e->fits[i];
        if (isfinite(f->t_zero_us) &&
            (!shown || (f->zero_noop && !shown->zero_noop)))
            shown = f;
    }
    if (!shown)
        put(c, "-");
    else
        put(c, "%.4g%s", in_unit(shown->t_zero_us, u->unit),
            shown->zero_noop ? " no-op" : "");
}

/* r_cc at the least and the largest p it has. */
static void c_r_cc(mpchar_table_cell *c, const source *s, const col_use *u)
{
    const mpchar_pfit *lo = NULL, *hi = NULL;
    (void)u;
    for (size_t i = 0; i < s->e->nfits; i++) {
        const mpchar_pfit *f = &s->e->fits[i];
        if (!isfinite(f->r_cc))
            continue;
        lo = lo && lo->p < f->p ? lo : f;
        hi = hi && hi->p > f->p ? hi : f;
    }
    if (!lo)
        put(c, "-");
    else if (lo == hi)
        put(c, "%.4g (p=%ld)", lo->r_cc, lo->p);
    else
        put(c, "%.4g (p=%ld) .. %.4g (p=%ld)", lo->r_cc, lo->p, hi->r_cc,
            hi->p);
}

static void c_p_range(mpchar_table_cell *c, const source *s, const col_use *u)
{
    const mpchar_entry *e = s->e;
    const char *over = e->oversubscribed ? " (oversub.)" : "";
    long lo = 0, hi = 0;
    (void)u;
    for (size_t i = 0; i < e->nfits; i++) {
        lo = lo && lo < e->fits[i].p ? lo : e->fits[i].p;
        hi = hi > e->fits[i].p ? hi : e->fits[i].p;
    }
    if (e->nfits && lo != hi)
        put(c, "%ld-%ld%s", lo, hi, over);
    else if (e->nfits)
        put(c, "%ld%s", lo, over);
    else
        put(c, "-");
}

static void c_p_star(mpchar_table_cell *c, const source *s, const col_use *u)
{
    (void)u;
    put(c, "%ld%s", s->f->p, s->f->oversubscribed ? "*" : "");
}

static void percent(mpchar_table_cell *c, bool ok, double v)
{
    if (ok && isfinite(v))
        put(c, "%.1f", 100.0 * v);
    else
        put(c, "-");
}

static void c_fit_err(mpchar_table_cell *c, const source *s, const col_use *u)
{
    percent(c, s->f->ok[u->family], s->f->acc[u->family].fit_err);
}

static void c_val_err(mpchar_table_cell *c, const source *s, const col_use *u)
{
    bool ok = s->f->ok[u->family] && isfinite(s->f->acc[u->family].val_err);
    percent(c, ok, s->f->acc[u->family].val_err);
    if (ok && s->f->best == u->family)
        c->marks |= MPCHAR_CELL_BEST;
}

/* The error at this p of the family's p-forms fitted on the other p. */
static void c_p_out_err(mpchar_table_cell *c, const source *s, const col_use *u)
{
    percent(c, true, s->f->acc[u->family].p_out_err);
}

/* The best family's validation error over n at this p, beside them. */
static void c_best_val_err(mpchar_table_cell *c, const source *s,
                           const col_use *u)
{
    (void)u;
    percent(c, s->f->best >= 0,
            s->f->best >= 0 ? s->f->acc[s->f->best].val_err : NAN);
}

static void c_segments(mpchar_table_cell *c, const source *s, const col_use *u)
{
    (void)u;
    if (s->f->ok[MPCHAR_FAMILY_PIECEWISE])
        put(c, "%d", s->f->pw.count);
    else
        put(c, "-");
}

static void c_best(mpchar_table_cell *c, const source *s, const col_use *u)
{
    (void)u;
    put(c, "%s",
        s->f->best >= 0 ? mpchar_family_name((mpchar_family)s->f->best) : "-");
}

static void c_outliers(mpchar_table_cell *c, const source *s, const col_use *u)
{
    (void)u;
    put(c, "%zu", s->f->outliers_fit + s->f->outliers_val);
}

static void c_gain(mpchar_table_cell *c, const source *s, const col_use *u)
{
    double g;
    if (mpchar_pipelining_gain(s->m, s->e->library, u->def->arg_bytes, &g,
                               NULL) == 0)
        number(c, g, 3);
    else
        put(c, "-");
}

/* ---- the columns of each table ----------------------------------------- */

static const column p2p_cols[] = {
    {"library", .fill = c_text, .text = LIBRARY},
    {"pattern", .fill = c_text, .text = PATTERN},
    {"variant", .fill = c_text, .text = VARIANT},
    {"ts", &US, .fill = c_line, .line = HOCKNEY_LINE, .q = TS},
    {"tb", &NS_PER_BYTE, &US_PER_BYTE, c_line, .line = HOCKNEY_LINE, .q = TB},
    {"pi_s", &K_PER_S, &KBYTES_PER_S, c_line, .line = HOCKNEY_LINE, .q = PI},
    {"Bw_as", &MB_PER_S, &MBYTES_PER_S, c_line, .line = HOCKNEY_LINE, .q = BW},
    {"n_1/2", &BYTES, .fill = c_line, .line = HOCKNEY_LINE, .q = N_HALF},
    {"switches", &BYTES, .fill = c_switches},
};

static const column short_long_cols[] = {
    {"library", .fill = c_text, .text = LIBRARY},
    {"pattern", .fill = c_text, .text = PATTERN},
    {"variant", .fill = c_text, .text = VARIANT},
    {"switch", &BYTES, .fill = c_last_switch},
    {"short latency", &US, .fill = c_line, .line = BELOW_SWITCH, .q = TS},
    {"short r_inf", &MB_PER_S, .fill = c_line, .line = BELOW_SWITCH, .q = BW},
    {"short n_1/2", &BYTES, .fill = c_line, .line = BELOW_SWITCH, .q = N_HALF},
    {"long latency", &US, .fill = c_line, .line = LAST_SEGMENT, .q = TS},
    {"long r_inf", &MB_PER_S, .fill = c_line, .line = LAST_SEGMENT, .q = BW},
    {"long n_1/2", &BYTES, .fill = c_line, .line = LAST_SEGMENT, .q = N_HALF},
};

static const column collective_cols[] = {
    {"primitive", .fill = c_text, .text = PATTERN},
    {"library", .fill = c_text, .text = LIBRARY},
    {"op", .fill = c_text, .text = OP},
    {"T(0)", &US, .fill = c_t_zero},
    {"t0(p)", &US, .fill = c_pform, .param = T0},
    {"ti(p)", &US, .fill = c_pform, .param = TI},
    {"tb(p)", &NS_PER_BYTE, &US_PER_BYTE, c_pform, .param = TB_P},
    {"pi0^pag", &K_PER_S, &KBYTES_PER_S, c_peak, .q = PI},
    {"Bw_as^pag", &MB_PER_S, &MBYTES_PER_S, c_peak, .q = BW},
    {"n_1/2^mag", &BYTES, .fill = c_peak, .q = N_HALF},
    {"pi0^pag p-forms", &K_PER_S, &KBYTES_PER_S, c_peak, .q = PI,
     .over = PFORM_P},
    {"Bw_as^pag p-forms", &MB_PER_S, &MBYTES_PER_S, c_peak, .q = BW,
     .over = PFORM_P},
    {"n_1/2^mag p-forms", &BYTES, .fill = c_peak, .q = N_HALF, .over = PFORM_P},
    {"tc(p)", &NS_PER_BYTE, &US_PER_BYTE, c_pform, .param = TC},
    {"r_cc", .fill = c_r_cc},
    {"p", .fill = c_p_range},
};

static const column aggregated_cols[] = {
    {"primitive", .fill = c_text, .text = PATTERN},
    {"library", .fill = c_text, .text = LIBRARY},
    {"op", .fill = c_text, .text = OP},
    {"p", .fill = c_p_star},
    {"f(p)", .fill = c_aggregated, .q = FACTOR},
    {"pi0(p)", &K_PER_S, &KBYTES_PER_S, c_aggregated, .q = PI},
    {"pi0^ag(p)", &K_PER_S, &KBYTES_PER_S, c_aggregated, .q = PI,
     .aggregated = true},
    {"Bw_as(p)", &MB_PER_S, &MBYTES_PER_S, c_aggregated, .q = BW},
    {"Bw_as^ag(p)", &MB_PER_S, &MBYTES_PER_S, c_aggregated, .q = BW,
     .aggregated = true},
    {"n_1/2(p)", &BYTES, .fill = c_aggregated, .q = N_HALF},
};

static const column accuracy_cols[] = {
    {"library", .fill = c_text, .text = LIBRARY},
    {"pattern", .fill = c_text, .text = PATTERN},
    {"variant", .fill = c_text, .text = VARIANT},
    {"op", .fill = c_text, .text = OP},
    {"p", .fill = c_p_star},
    {"fit", .fill = c_fit_err, .per_family = true},
    {"val", .fill = c_val_err, .per_family = true},
    {"segments", .fill = c_segments},
    {"best", .fill = c_best},
    {"outliers", .fill = c_outliers},
};

static const column p_validation_cols[] = {
    {"library", .fill = c_text, .text = LIBRARY},
    {"pattern", .fill = c_text, .text = PATTERN},
    {"variant", .fill = c_text, .text = VARIANT},
    {"op", .fill = c_text, .text = OP},
    {"p", .fill = c_p_star},
    {"p-out", .fill = c_p_out_err, .per_family = true},
    {"best val over n", .fill = c_best_val_err},
};

static const column gain_cols[] = {
    {"library", .fill = c_text, .text = LIBRARY},
    {"1 B", .fill = c_gain, .arg_bytes = 1},
    {"64 B", .fill = c_gain, .arg_bytes = 64},
    {"1 KiB", .fill = c_gain, .arg_bytes = 1024},
    {"16 KiB", .fill = c_gain, .arg_bytes = 16384},
    {"256 KiB", .fill = c_gain, .arg_bytes = 262144},
    {"1 MiB", .fill = c_gain, .arg_bytes = 1048576},
};

/* An overlap row's cell: its point's names, times and fraction ("done at
 * post" when the post moved the message), or the size where its library's
 * side stops overlapping ("-": it does not within the sizes measured). */
static void c_overlap(mpchar_table_cell *c, const source *s, const col_use *u)
{
    const mpchar_overlap_point *o = s->o;
    uint64_t stop;
    switch (u->def->ov) {
    case OV_LIBRARY: put(c, "%s", o->library); return;
    case OV_SIDE: put(c, "%s", o->side); return;
    case OV_N: put(c, "%llu", (unsigned long long)o->n_bytes); return;
    case OV_WAIT_C0: number(c, o->wait_c0_us, 4); return;
    case OV_COMPUTE: number(c, o->compute_us, 4); return;
    case OV_WAIT: number(c, o->wait_us, 4); return;
    case OV_FRACTION:
        if (o->done_at_post)
            put(c, "done at post");
        else if (isfinite(o->fraction))
            put(c, "%.2f", o->fraction);
        else
            put(c, "-");
        return;
    case OV_STOP:
        if (mpchar_overlap_stop(s->m->overlap, s->m->noverlap, o->library,
                                o->side, &stop))
            put(c, "%llu", (unsigned long long)stop);
        else
            put(c, "-");
        return;
    }
    put(c, "-");
}

static const column overlap_cols[] = {
    {"library", .fill = c_overlap, .ov = OV_LIBRARY},
    {"side", .fill = c_overlap, .ov = OV_SIDE},
    {"n", &BYTES, .fill = c_overlap, .ov = OV_N},
    {"W(0)", &US, .fill = c_overlap, .ov = OV_WAIT_C0},
    {"c from", &US, .fill = c_overlap, .ov = OV_COMPUTE},
    {"W(c)", &US, .fill = c_overlap, .ov = OV_WAIT},
    {"overlap fraction", .fill = c_overlap, .ov = OV_FRACTION},
};

static const column overlap_stop_cols[] = {
    {"library", .fill = c_overlap, .ov = OV_LIBRARY},
    {"side", .fill = c_overlap, .ov = OV_SIDE},
    {"overlap stops at", &BYTES, .fill = c_overlap, .ov = OV_STOP},
};

static const column findings_cols[] = {
    {"kind", .fill = c_text, .text = KIND},
    {"finding", .fill = c_text, .text = FINDING},
};

/* ---- building ------------------------------------------------------------ */

typedef struct builder {
    const mpchar_model *m;
    mpchar_table *t;
    col_use use[MPCHAR_TABLE_MAX_COLS];
    unsigned (*flags)(const source *s);
} builder;

/* Appends a row made of s; -1 when memory runs out. */
static int emit(builder *b, const source *s)
{
    mpchar_table *t = b->t;
    mpchar_table_row *grown =
        mpchar_grow(t->rows, &t->cap, t->nrows + 1, sizeof *grown);
    if (!grown)
        return -1;
    t->rows = grown;
    mpchar_table_row *row = &t->rows[t->nrows++];
    memset(row, 0, sizeof *row);
    row->flags = b->flags ? b->flags(s) : 0;
    for (int c = 0; c < t->ncols; c++) {
        b->use[c].def->fill(&row->cell[c], s, &b->use[c]);
        if (!row->cell[c].text)
            return -1;
    }
    return 0;
}

static const mpchar_pfit *fit_p2(const mpchar_entry *e)
{
    for (size_t i = 0; i < e->nfits; i++)
        if (e->fits[i].p == 2)
            return &e->fits[i];
    return e->nfits ? &e->fits[0] : NULL;
}

static int p2p_rows(builder *b)
{
    for (size_t i = 0; i < b->m->nentries; i++) {
        const mpchar_entry *e = &b->m->entries[i];
        source s = {.m = b->m, .e = e, .f = fit_p2(e)};
        if (e->kind == MPCHAR_KIND_P2P && s.f && emit(b, &s) != 0)
            return -1;
    }
    return 0;
}

/* Seed 002: below and above the detected switch (first and last
 * piecewise segment). */
static int short_long_rows(builder *b)
{
    for (size_t i = 0; i < b->m->nentries; i++) {
        const mpchar_entry *e = &b->m->entries[i];
        source s = {.m = b->m, .e = e, .f = fit_p2(e)};
        if (e->kind == MPCHAR_KIND_P2P && s.f &&
            s.f->ok[MPCHAR_FAMILY_PIECEWISE] && emit(b, &s) != 0)
            return -1;
    }
    return 0;
}

static int collective_rows(builder *b)
{
    for (size_t i = 0; i < b->m->nentries; i++) {
        source s = {.m = b->m, .e = &b->m->entries[i]};
        if (s.e->kind == MPCHAR_KIND_COLLECTIVE && emit(b, &s) != 0)
            return -1;
    }
    return 0;
}

static int aggregated_rows(builder *b)
{
    for (size_t i = 0; i < b->m->nentries; i++) {
        const mpchar_entry *e = &b->m->entries[i];
        for (size_t j = 0; e->kind == MPCHAR_KIND_COLLECTIVE && j < e->nfits;
             j++) {
            source s = {.m = b->m, .e = e, .f = &e->fits[j]};
            if (emit(b, &s) != 0)
                return -1;
        }
    }
    return 0;
}

static int accuracy_rows(builder *b)
{
    for (size_t i = 0; i < b->m->nentries; i++) {
        const mpchar_entry *e = &b->m->entries[i];
        for (size_t j = 0; j < e->nfits; j++) {
            source s = {.m = b->m, .e = e, .f = &e->fits[j]};
            if (emit(b, &s) != 0)
                return -1;
        }
    }
    return 0;
}

/* Validation across p needs an entry fitted at 3 p or more
 * (p_validation.c); without one the table says so and how many p the
 * entries have, so that a run at one or two p does not read as a table
 * forgotten. */
static void p_validation_why(builder *b)
{
    size_t most = 0;
    for (size_t i = 0; i < b->m->nentries; i++)
        if (b->m->entries[i].nfits > most)
            most = b->m->entries[i].nfits;
    snprintf(b->t->empty_note, sizeof b->t->empty_note,
             "it needs an entry fitted at 3 p or more, each p predicted "
             "from the p-forms of the others, and no entry here has more "
             "than %zu p (a p above the cores takes part only with "
             "--include-oversubscribed)",
             most);
}

/* The fits that were predicted from the entry's other p. */
static int p_validation_rows(builder *b)
{
    for (size_t i = 0; i < b->m->nentries; i++) {
        const mpchar_entry *e = &b->m->entries[i];
        for (size_t j = 0; j < e->nfits; j++) {
            source s = {.m = b->m, .e = e, .f = &e->fits[j]};
            bool any = false;
            for (int fam = 0; fam < MPCHAR_FAMILY_COUNT; fam++)
                any |= isfinite(s.f->acc[fam].p_out_err);
            if (any && emit(b, &s) != 0)
                return -1;
        }
    }
    if (b->t->nrows == 0)
        p_validation_why(b);
    return 0;
}

static int gain_rows(builder *b)
{
    for (size_t i = 0; i < b->m->nentries; i++) {
        source s = {.m = b->m, .e = &b->m->entries[i]};
        double g;
        if (!strcmp(s.e->pattern, "stream") &&
            mpchar_pipelining_gain(b->m, s.e->library, 1.0, &g, NULL) == 0 &&
            emit(b, &s) != 0)
            return -1;
    }
    return 0;
}

static int overlap_rows(builder *b)
{
    for (size_t i = 0; i < b->m->noverlap; i++) {
        source s = {.m = b->m, .o = &b->m->overlap[i]};
        if (emit(b, &s) != 0)
            return -1;
    }
    return 0;
}

/* One row per library and side (the table is ordered by both). */
static int overlap_stop_rows(builder *b)
{
    const mpchar_overlap_point *v = b->m->overlap;
    for (size_t i = 0; i < b->m->noverlap; i++) {
        source s = {.m = b->m, .o = &v[i]};
        if (i > 0 && !strcmp(v[i].library, v[i - 1].library) &&
            !strcmp(v[i].side, v[i - 1].side))
            continue;
        if (emit(b, &s) != 0)
            return -1;
    }
    return 0;
}

static unsigned overlap_flags(const source *s)
{
    return s->o->oversubscribed ? MPCHAR_ROW_OVERSUBSCRIBED : 0;
}

static int findings_rows(builder *b)
{
    const mpchar_model *m = b->m;
    char text[MPCHAR_NOTE_MAX + 256];
    source s = {.m = m, .kind = "note", .text = text};
    for (size_t i = 0; i < m->nentries; i++) {
        const mpchar_entry *e = &m->entries[i];
        if (!e->note[0])
            continue;
        mpchar__entry_label(e, text, sizeof text);
        size_t len = strlen(text);
        snprintf(text + len, sizeof text - len, ": %s", e->note);
        if (emit(b, &s) != 0)
            return -1;
    }
    snprintf(text, sizeof text,
             "%zu oversubscribed rows left out of the fits (see "
             "--include-oversubscribed)",
             m->rows_excluded_oversubscribed);
    if (m->rows_excluded_oversubscribed && emit(b, &s) != 0)
        return -1;
    for (size_t i = 0; i < m->nfindings; i++) {
        s.kind = mpchar_finding_kind_name(m->findings[i].kind);
        s.text = m->findings[i].text;
        if (emit(b, &s) != 0)
            return -1;
    }
    return 0;
}

/* Rows made of one fit show oversubscribed data when the fit does; a
 * collective's row (all its p) when any of its fits does. */
static unsigned fit_flags(const source *s)
{
    return s->f->oversubscribed ? MPCHAR_ROW_OVERSUBSCRIBED : 0;
}

static unsigned entry_flags(const source *s)
{
    return s->e->oversubscribed ? MPCHAR_ROW_OVERSUBSCRIBED : 0;
}

typedef struct table_def {
    const char *title;
    bool omit_when_empty;
    const column *cols;
    size_t ncols;
    int (*rows)(builder *b);
    unsigned (*flags)(const source *s);
} table_def;

#define COLUMNS(list) list, sizeof list / sizeof list[0]

static const table_def tables[] = {
    [MPCHAR_TABLE_P2P] = {"Point-to-point (Hockney, layout of seed 001 "
                          "Table 1)",
                          false, COLUMNS(p2p_cols), p2p_rows, fit_flags},
    [MPCHAR_TABLE_SHORT_LONG] = {"Short and long messages (seed 002: below "
                                 "and above the detected switch)",
                                 true, COLUMNS(short_long_cols),
                                 short_long_rows, fit_flags},
    [MPCHAR_TABLE_COLLECTIVE] = {"Collectives (t_i model, layout of seed 000 "
                                 "Tables 1-4; lp = log2 p)",
                                 false, COLUMNS(collective_cols),
                                 collective_rows, entry_flags},
    [MPCHAR_TABLE_AGGREGATED] = {"Aggregated metrics per p (seed 000 "
                                 "Section 3; f(p) as the fit's "
                                 "--aggregation defines it)",
                                 true, COLUMNS(aggregated_cols),
                                 aggregated_rows, fit_flags},
    [MPCHAR_TABLE_ACCURACY] = {"Accuracy: average absolute relative error "
                               "(%) on the fitting set and the validation "
                               "set",
                               false, COLUMNS(accuracy_cols), accuracy_rows,
                               fit_flags},
    [MPCHAR_TABLE_P_VALIDATION] = {"Validation across p: average absolute "
                                   "relative error (%) at each p of the "
                                   "p-forms fitted on the other p (p*: "
                                   "oversubscribed, more processes than "
                                   "cores)",
                                   false, COLUMNS(p_validation_cols),
                                   p_validation_rows, fit_flags},
    [MPCHAR_TABLE_GAIN] = {"Inter-message pipelining gain (seed 002): "
                           "stream bandwidth / pingpong bandwidth",
                           true, COLUMNS(gain_cols), gain_rows, NULL},
    [MPCHAR_TABLE_FINDINGS] = {"Findings and notes", false,
                               COLUMNS(findings_cols), findings_rows, NULL},
    [MPCHAR_TABLE_OVERLAP] = {"Overlap (seed 004): W(0), the wait with no "
                              "computation; c from, the shortest computation "
                              "of at least 2 W(0); W(c), the median wait "
                              "after those; the fraction, the median of "
                              "(W(0) - W(c)) / W(0)",
                              true, COLUMNS(overlap_cols), overlap_rows,
                              overlap_flags},
    [MPCHAR_TABLE_OVERLAP_STOPS] = {"Where overlap stops: the smallest size "
                                    "from which no larger measured size "
                                    "hides half its wait",
                                    true, COLUMNS(overlap_stop_cols),
                                    overlap_stop_rows, NULL},
};

#define TABLE_COUNT (sizeof tables / sizeof tables[0])

static int add_column(builder *b, const column *def, int family,
                      mpchar_units units)
{
    mpchar_table *t = b->t;
    if (t->ncols == MPCHAR_TABLE_MAX_COLS)
        return -1;
    const unit *u = units == MPCHAR_UNITS_SEED001 && def->seed001 ? def->seed001
                                                                  : def->unit;
    b->use[t->ncols] = (col_use){def, family, u};
    mpchar_table_column *col = &t->col[t->ncols++];
    if (def->per_family)
        snprintf(col->name, sizeof col->name, "%s %s",
                 mpchar_family_name((mpchar_family)family), def->name);
    else
        snprintf(col->name, sizeof col->name, "%s", def->name);
    col->unit = u ? u->name : NULL;
    return 0;
}

/* The columns of a definition, each group of per-family columns repeated
 * for every family. */
static int add_columns(builder *b, const table_def *def, mpchar_units units)
{
    for (size_t i = 0; i < def->ncols;) {
        size_t end = i + 1;
        while (def->cols[i].per_family && end < def->ncols &&
               def->cols[end].per_family)
            end++;
        int families = def->cols[i].per_family ? MPCHAR_FAMILY_COUNT : 1;
        for (int fam = 0; fam < families; fam++)
            for (size_t k = i; k < end; k++)
                if (add_column(b, &def->cols[k], fam, units) != 0)
                    return -1;
        i = end;
    }
    return 0;
}

int mpchar_model_table_build(const mpchar_model *model,
                             mpchar_model_table which, mpchar_units units,
                             mpchar_table *t, mpchar_error *err)
{
    memset(t, 0, sizeof *t);
    if ((unsigned)which >= TABLE_COUNT)
        return mpchar_error_set(err, "unknown table %d", (int)which);
    const table_def *def = &tables[which];
    builder b = {.m = model, .t = t, .flags = def->flags};
    t->which = which;
    t->title = def->title;
    t->omit_when_empty = def->omit_when_empty;
    if (add_columns(&b, def, units) != 0)
        return mpchar_error_set(err, "table '%s': more than %d columns",
                                def->title, MPCHAR_TABLE_MAX_COLS);
    if (def->rows(&b) != 0)
        return mpchar_error_set(err, "out of memory building table '%s'",
                                def->title);
    return 0;
}

void mpchar_table_free(mpchar_table *t)
{
    for (size_t r = 0; r < t->nrows; r++)
        for (int c = 0; c < t->ncols; c++)
            free(t->rows[r].cell[c].text);
    free(t->rows);
    memset(t, 0, sizeof *t);
}

int mpchar_model_print_table(const mpchar_model *model,
                             mpchar_model_table which, FILE *out,
                             mpchar_table_format fmt, mpchar_units units,
                             mpchar_error *err)
{
    mpchar_table t;
    int rc = mpchar_model_table_build(model, which, units, &t, err);
    if (rc == 0)
        rc = mpchar_table_print(&t, out, fmt, err);
    mpchar_table_free(&t);
    return rc;
}

int mpchar_model_print_tables(const mpchar_model *model, FILE *out,
                              mpchar_table_format fmt, mpchar_units units,
                              mpchar_error *err)
{
    for (size_t i = 0; i < TABLE_COUNT; i++)
        if (mpchar_model_print_table(model, (mpchar_model_table)i, out, fmt,
                                     units, err) != 0)
            return -1;
    return 0;
}
