/* The tables `mpchar fit` prints, as text, Markdown or CSV:
 * - point-to-point in the layout of seed 001 Table 1 (Hockney ts, tb,
 *   pi_s, Bw_as, n_1/2) plus the breakpoints the piecewise model found, and
 *   seed 002's latency, r_inf and n_1/2 below and above the switch;
 * - collectives in the layout of seed 000 Tables 1-4 (t0(p), t_i(p), t_b(p)
 *   of the t_i model, pi0^pag and Bw_as^pag with the p of each peak), and
 *   t_c(p), r_cc for reductions;
 * - the accuracy table (fit and validation error of each family, side by
 *   side, and the best family);
 * - the inter-message pipelining gain (seed 002), the notes and findings.
 * Units: us, ns/byte, MB/s (10^6) and thousands of operations per second
 * by default; seed 001's us/byte, Kbytes/s (2^10) and Mbytes/s (2^20) on
 * request. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model_internal.h"

#define MAX_COLS 16
#define CELL 128

typedef struct table {
    const char *title;
    int ncols;
    const char *head[MAX_COLS];
    size_t nrows;
    char (*cells)[MAX_COLS][CELL];
} table;

static int add_row(table *t)
{
    void *grown = realloc(t->cells, (t->nrows + 1) * sizeof *t->cells);
    if (!grown)
        return -1;
    t->cells = grown;
    memset(t->cells[t->nrows], 0, sizeof *t->cells);
    t->nrows++;
    return 0;
}

static void cell(table *t, int col, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void cell(table *t, int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->cells[t->nrows - 1][col], CELL, fmt, ap);
    va_end(ap);
}

static void num(table *t, int col, double v, int sig)
{
    if (isfinite(v))
        cell(t, col, "%.*g", sig, v);
    else
        cell(t, col, "-");
}

static size_t width(const char *s)
{
    size_t w = 0;
    for (; *s; s++)
        w += ((unsigned char)*s & 0xC0) != 0x80;
    return w;
}

static void pad(FILE *out, const char *s, size_t w)
{
    fputs(s, out);
    for (size_t i = width(s); i < w; i++)
        fputc(' ', out);
}

static void csv_field(FILE *out, const char *s)
{
    if (!strpbrk(s, ",\"\n")) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

static const char *row_cell(const table *t, size_t r, int c)
{
    return r == 0 ? t->head[c] : t->cells[r - 1][c];
}

static void print_table(const table *t, FILE *out, mpchar_table_format fmt)
{
    size_t w[MAX_COLS] = {0};
    for (size_t r = 0; r <= t->nrows; r++)
        for (int c = 0; c < t->ncols; c++)
            if (width(row_cell(t, r, c)) > w[c])
                w[c] = width(row_cell(t, r, c));
    if (fmt == MPCHAR_FORMAT_CSV)
        fprintf(out, "# %s\n", t->title);
    else
        fprintf(out, fmt == MPCHAR_FORMAT_MARKDOWN ? "### %s\n\n" : "%s\n",
                t->title);
    for (size_t r = 0; r <= t->nrows; r++) {
        for (int c = 0; c < t->ncols; c++) {
            const char *s = row_cell(t, r, c);
            if (fmt == MPCHAR_FORMAT_CSV) {
                if (c)
                    fputc(',', out);
                csv_field(out, s);
            } else if (fmt == MPCHAR_FORMAT_MARKDOWN) {
                fputs(c ? " " : "| ", out);
                pad(out, s, w[c]);
                fputs(" |", out);
            } else {
                fputs(c ? "  " : "  ", out);
                pad(out, s, c + 1 < t->ncols ? w[c] : 0);
            }
        }
        fputc('\n', out);
        if (r == 0 && fmt == MPCHAR_FORMAT_MARKDOWN) {
            for (int c = 0; c < t->ncols; c++) {
                fputs(c ? " " : "| ", out);
                for (size_t i = 0; i < (w[c] > 3 ? w[c] : 3); i++)
                    fputc('-', out);
                fputs(" |", out);
            }
            fputc('\n', out);
        }
    }
    if (t->nrows == 0 && fmt != MPCHAR_FORMAT_CSV)
        fprintf(out, "  (none)\n");
    fputc('\n', out);
}

static const mpchar_pfit *fit_p2(const mpchar_entry *e)
{
    for (size_t i = 0; i < e->nfits; i++)
        if (e->fits[i].p == 2)
            return &e->fits[i];
    return e->nfits ? &e->fits[0] : NULL;
}

static int p2p_table(const mpchar_model *m, FILE *out, mpchar_table_format fmt,
                     mpchar_units u)
{
    bool s1 = u == MPCHAR_UNITS_SEED001;
    table t = {.title = "Point-to-point (Hockney, layout of seed 001 "
                        "Table 1)",
               .ncols = 9,
               .head = {"library", "pattern", "variant", "ts (us)",
                        s1 ? "tb (us/byte)" : "tb (ns/byte)",
                        s1 ? "pi_s (Kbytes/s)" : "pi_s (k/s)",
                        s1 ? "Bw_as (Mbytes/s)" : "Bw_as (MB/s)",
                        "n_1/2 (bytes)", "switches (bytes)"}};
    for (size_t i = 0; i < m->nentries; i++) {
        const mpchar_entry *e = &m->entries[i];
        const mpchar_pfit *f = fit_p2(e);
        if (e->kind != MPCHAR_KIND_P2P || !f)
            continue;
        if (add_row(&t) != 0)
            return -1;
        cell(&t, 0, "%s", e->library);
        cell(&t, 1, "%s", e->pattern);
        cell(&t, 2, "%s", e->variant);
        if (!f->ok[MPCHAR_FAMILY_HOCKNEY]) {
            for (int c = 3; c < 8; c++)
                cell(&t, c, "-");
        } else {
            const mpchar_hockney *h = &f->hockney;
            mpchar_metrics mt;
            mpchar_metrics_compute(h->ts_us, h->tb_us_per_byte, &mt);
            num(&t, 3, h->ts_us, 4);
            num(&t, 4, h->tb_us_per_byte * (s1 ? 1.0 : 1e3), 4);
            num(&t, 5, s1 ? mt.pi0_per_s / 1024.0 : mt.pi0_per_s / 1e3, 4);
            num(&t, 6,
                s1 ? mt.bw_as_MB_per_s * 1e6 / 1048576.0 : mt.bw_as_MB_per_s,
                4);
            num(&t, 7, round(mt.n_half_bytes), 10);
        }
        char sw[CELL] = "-";
        size_t pos = 0;
        for (int k = 1; f->ok[MPCHAR_FAMILY_PIECEWISE] && k < f->pw.count; k++)
            pos += (size_t)snprintf(sw + pos, sizeof sw - pos, "%s%.0f",
                                    k > 1 ? " " : "", f->pw.seg[k].n_lo_bytes);
        cell(&t, 8, "%s", sw);
    }
    print_table(&t, out, fmt);
    free(t.cells);
    return 0;
}

/* Seed 002: latency, r_inf and n_1/2 below and above the detected switch
 * (first and last piecewise segment). */
static int short_long_table(const mpchar_model *m, FILE *out,
                            mpchar_table_format fmt)
{
    table t = {.title = "Short and long messages (seed 002: below and above "
                        "the detected switch)",
               .ncols = 10,
               .head = {"library", "pattern", "variant", "switch (bytes)",
                        "short latency (us)", "short r_inf (MB/s)",
                        "short n_1/2 (bytes)", "long latency (us)",
                        "long r_inf (MB/s)", "long n_1/2 (bytes)"}};
    for (size_t i = 0; i < m->nentries; i++) {
        const mpchar_entry *e = &m->entries[i];
        const mpchar_pfit *f = fit_p2(e);
        if (e->kind != MPCHAR_KIND_P2P || !f || !f->ok[MPCHAR_FAMILY_PIECEWISE])
            continue;
        if (add_row(&t) != 0)
            return -1;
        const mpchar_piecewise *pw = &f->pw;
        cell(&t, 0, "%s", e->library);
        cell(&t, 1, "%s", e->pattern);
        cell(&t, 2, "%s", e->variant);
        if (pw->count > 1)
            cell(&t, 3, "%.0f", pw->seg[pw->count - 1].n_lo_bytes);
        else
            cell(&t, 3, "none");
        const mpchar_segment *sg[2] = {&pw->seg[0], &pw->seg[pw->count - 1]};
        for (int k = 0; k < 2; k++) {
            mpchar_metrics mt;
            mpchar_metrics_compute(sg[k]->ts_us, sg[k]->tb_us_per_byte, &mt);
            num(&t, 4 + 3 * k, sg[k]->ts_us, 4);
            num(&t, 5 + 3 * k, mt.bw_as_MB_per_s, 4);
            num(&t, 6 + 3 * k, round(mt.n_half_bytes), 10);
        }
    }
    if (t.nrows)
        print_table(&t, out, fmt);
    free(t.cells);
    return 0;
}

static void pform_cell(table *t, int col, bool ok, const mpchar_pform *f,
                       double scale)
{
    char buf[CELL];
    if (!ok) {
        cell(t, col, "-");
        return;
    }
    mpchar_pform_format(f, scale, 4, buf, sizeof buf);
    cell(t, col, "%s", buf);
}

static void collective_row(table *t, const mpchar_entry *e, bool s1)
{
    const mpchar_pforms *pf = &e->pf;
    bool ti = pf->ok[MPCHAR_FAMILY_TI];
    double tbs = s1 ? 1.0 : 1e3;
    cell(t, 0, "%s", e->pattern);
    cell(t, 1, "%s", e->library);
    cell(t, 2, "%s", e->op);
    pform_cell(t, 3, ti || pf->ok[MPCHAR_FAMILY_HOCKNEY],
               ti ? &pf->ti_t0 : &pf->hockney_ts, 1.0);
    pform_cell(t, 4, ti, &pf->ti_ti, 1.0);
    pform_cell(t, 5, ti || pf->ok[MPCHAR_FAMILY_HOCKNEY],
               ti ? &pf->ti_tb : &pf->hockney_tb, tbs);
    mpchar_peaks pk;
    mpchar_family fam = ti ? MPCHAR_FAMILY_TI : MPCHAR_FAMILY_HOCKNEY;
    if (mpchar_entry_peaks(e, fam, NULL, 0, &pk, NULL) != 0)
        pk.pi0_pag_per_s = pk.bw_pag_MB_per_s = pk.n_half_mag_bytes = NAN;
    double pi = s1 ? pk.pi0_pag_per_s / 1024.0 : pk.pi0_pag_per_s / 1e3;
    double bw = s1 ? pk.bw_pag_MB_per_s * 1e6 / 1048576.0 : pk.bw_pag_MB_per_s;
    if (isfinite(pi))
        cell(t, 6, "%.4g (p=%ld)", pi, pk.pi0_pag_p);
    else
        cell(t, 6, "-");
    if (isfinite(bw))
        cell(t, 7, "%.4g (p=%ld)", bw, pk.bw_pag_p);
    else
        cell(t, 7, "-");
    if (isfinite(pk.n_half_mag_bytes))
        cell(t, 8, "%.0f (p=%ld)", pk.n_half_mag_bytes, pk.n_half_mag_p);
    else
        cell(t, 8, "-");
    pform_cell(t, 9, pf->tc_ok, &pf->tc, tbs);
    long lo = 0, hi = 0;
    for (size_t i = 0; i < e->nfits; i++) {
        lo = lo && lo < e->fits[i].p ? lo : e->fits[i].p;
        hi = hi > e->fits[i].p ? hi : e->fits[i].p;
    }
    if (e->nfits && lo != hi)
        cell(t, 10, "%ld-%ld%s", lo, hi,
             e->oversubscribed ? " (oversub.)" : "");
    else if (e->nfits)
        cell(t, 10, "%ld%s", lo, e->oversubscribed ? " (oversub.)" : "");
    else
        cell(t, 10, "-");
}

static int collective_table(const mpchar_model *m, FILE *out,
                            mpchar_table_format fmt, mpchar_units u)
{
    bool s1 = u == MPCHAR_UNITS_SEED001;
    table t = {.title = "Collectives (t_i model, layout of seed 000 Tables "
                        "1-4; lp = log2 p)",
               .ncols = 11,
               .head = {"primitive", "library", "op", "t0(p) (us)",
                        "ti(p) (us)",
                        s1 ? "tb(p) (us/byte)" : "tb(p) (ns/byte)",
                        s1 ? "pi0^pag (Kbytes/s)" : "pi0^pag (k/s)",
                        s1 ? "Bw_as^pag (Mbytes/s)" : "Bw_as^pag (MB/s)",
                        "n_1/2^mag (bytes)",
                        s1 ? "tc(p) (us/byte)" : "tc(p) (ns/byte)", "p"}};
    for (size_t i = 0; i < m->nentries; i++) {
        const mpchar_entry *e = &m->entries[i];
        if (e->kind != MPCHAR_KIND_COLLECTIVE)
            continue;
        if (add_row(&t) != 0)
            return -1;
        collective_row(&t, e, s1);
    }
    print_table(&t, out, fmt);
    free(t.cells);
    return 0;
}

static void pct(table *t, int col, bool ok, double v)
{
    if (ok && isfinite(v))
        cell(t, col, "%.1f", 100.0 * v);
    else
        cell(t, col, "-");
}

static int accuracy_table(const mpchar_model *m, FILE *out,
                          mpchar_table_format fmt)
{
    _Static_assert(MPCHAR_FAMILY_COUNT == 3, "the accuracy table's columns "
                                             "name three families");
    table t = {.title = "Accuracy: average absolute relative error (%) on "
                        "the fitting set and the validation set",
               .ncols = 14,
               .head = {"library", "pattern", "variant", "op", "p",
                        "hockney fit", "hockney val", "ti fit", "ti val",
                        "piecewise fit", "piecewise val", "segments", "best",
                        "outliers"}};
    for (size_t i = 0; i < m->nentries; i++) {
        const mpchar_entry *e = &m->entries[i];
        for (size_t j = 0; j < e->nfits; j++) {
            const mpchar_pfit *f = &e->fits[j];
            if (add_row(&t) != 0)
                return -1;
            cell(&t, 0, "%s", e->library);
            cell(&t, 1, "%s", e->pattern);
            cell(&t, 2, "%s", e->variant);
            cell(&t, 3, "%s", e->op);
            cell(&t, 4, "%ld%s", f->p, f->oversubscribed ? "*" : "");
            for (int fam = 0; fam < MPCHAR_FAMILY_COUNT; fam++) {
                pct(&t, 5 + 2 * fam, f->ok[fam], f->acc[fam].fit_err);
                pct(&t, 6 + 2 * fam, f->ok[fam], f->acc[fam].val_err);
            }
            if (f->ok[MPCHAR_FAMILY_PIECEWISE])
                cell(&t, 11, "%d", f->pw.count);
            else
                cell(&t, 11, "-");
            cell(&t, 12, "%s",
                 f->best >= 0 ? mpchar_family_name((mpchar_family)f->best)
                              : "-");
            cell(&t, 13, "%zu", f->outliers_fit + f->outliers_val);
        }
    }
    print_table(&t, out, fmt);
    free(t.cells);
    return 0;
}

static int gain_table(const mpchar_model *m, FILE *out, mpchar_table_format fmt)
{
    static const double sizes[] = {1, 64, 1024, 16384, 262144, 1048576};
    table t = {.title = "Inter-message pipelining gain (seed 002): stream "
                        "bandwidth / pingpong bandwidth",
               .ncols = 7,
               .head = {"library", "1 B", "64 B", "1 KiB", "16 KiB", "256 KiB",
                        "1 MiB"}};
    for (size_t i = 0; i < m->nentries; i++) {
        const mpchar_entry *e = &m->entries[i];
        double g;
        if (strcmp(e->pattern, "stream") ||
            mpchar_pipelining_gain(m, e->library, 1.0, &g, NULL) != 0)
            continue;
        if (add_row(&t) != 0)
            return -1;
        cell(&t, 0, "%s", e->library);
        for (int k = 0; k < 6; k++) {
            if (mpchar_pipelining_gain(m, e->library, sizes[k], &g, NULL) == 0)
                num(&t, 1 + k, g, 3);
            else
                cell(&t, 1 + k, "-");
        }
    }
    if (t.nrows)
        print_table(&t, out, fmt);
    free(t.cells);
    return 0;
}

static int findings_table(const mpchar_model *m, FILE *out,
                          mpchar_table_format fmt)
{
    table t = {
        .title = "Findings and notes", .ncols = 2, .head = {"kind", "finding"}};
    for (size_t i = 0; i < m->nentries; i++) {
        const mpchar_entry *e = &m->entries[i];
        char label[160];
        if (!e->note[0])
            continue;
        if (add_row(&t) != 0)
            return -1;
        mpchar__entry_label(e, label, sizeof label);
        cell(&t, 0, "note");
        cell(&t, 1, "%s: %s", label, e->note);
    }
    if (m->rows_excluded_oversubscribed) {
        if (add_row(&t) != 0)
            return -1;
        cell(&t, 0, "note");
        cell(&t, 1,
             "%zu oversubscribed rows left out of the fits (see "
             "--include-oversubscribed)",
             m->rows_excluded_oversubscribed);
    }
    for (size_t i = 0; i < m->nfindings; i++) {
        if (add_row(&t) != 0)
            return -1;
        cell(&t, 0, "%s", mpchar_finding_kind_name(m->findings[i].kind));
        cell(&t, 1, "%s", m->findings[i].text);
    }
    print_table(&t, out, fmt);
    free(t.cells);
    return 0;
}

int mpchar_model_print_tables(const mpchar_model *model, FILE *out,
                              mpchar_table_format fmt, mpchar_units units,
                              mpchar_error *err)
{
    if (p2p_table(model, out, fmt, units) ||
        short_long_table(model, out, fmt) ||
        collective_table(model, out, fmt, units) ||
        accuracy_table(model, out, fmt) || gain_table(model, out, fmt) ||
        findings_table(model, out, fmt))
        return mpchar_error_set(err, "out of memory printing tables");
    if (ferror(out))
        return mpchar_error_set(err, "write error printing tables");
    return 0;
}

int mpchar_model_print_table(const mpchar_model *model,
                             mpchar_model_table which, FILE *out,
                             mpchar_table_format fmt, mpchar_units units,
                             mpchar_error *err)
{
    int rc = 0;
    switch (which) {
    case MPCHAR_TABLE_P2P: rc = p2p_table(model, out, fmt, units); break;
    case MPCHAR_TABLE_SHORT_LONG: rc = short_long_table(model, out, fmt); break;
    case MPCHAR_TABLE_COLLECTIVE:
        rc = collective_table(model, out, fmt, units);
        break;
    case MPCHAR_TABLE_ACCURACY: rc = accuracy_table(model, out, fmt); break;
    case MPCHAR_TABLE_GAIN: rc = gain_table(model, out, fmt); break;
    case MPCHAR_TABLE_FINDINGS: rc = findings_table(model, out, fmt); break;
    default: return mpchar_error_set(err, "unknown table %d", (int)which);
    }
    if (rc != 0)
        return mpchar_error_set(err, "out of memory printing a table");
    if (ferror(out))
        return mpchar_error_set(err, "write error printing a table");
    return 0;
}
