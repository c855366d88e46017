/* p-forms: the dependence of a model parameter on the number of processes.
 *
 * Fitting: each two-parameter form a + b*g(p) is an ordinary least-squares
 * line in g(p).  The choice among forms uses the leave-one-p-out error
 * (PRESS, sum of (e_i/(1-h_ii))^2, exact for linear least squares) among
 * the two-parameter forms; that form then replaces the constant only when
 * an F test finds its slope significant at the 1% level (leave-one-out
 * alone picks a spurious slope in about a third of constant cases).  Ties (log2 and ceil(log2) agree on powers of two)
 * go to the earlier form in MPCHAR_PFORM_MAP. */
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mpchar/parse.h"
#include "mpchar/pform.h"

#define PFORM_ALPHA 0.01

static const char *const form_names[] = {
#define XX(id, form, cls) form,
    MPCHAR_PFORM_MAP(XX)
#undef XX
        NULL,
};

static const mpchar_complexity form_classes[] = {
    MPCHAR_O_1,  MPCHAR_O_LOG_P, MPCHAR_O_LOG_P, MPCHAR_O_P, MPCHAR_O_P_LOG_P,
    MPCHAR_O_P2, MPCHAR_O_1,     MPCHAR_O_LOG_P, MPCHAR_O_P, MPCHAR_O_UNKNOWN,
};
_Static_assert(sizeof form_classes / sizeof form_classes[0] ==
                   MPCHAR_PFORM_COUNT,
               "a class for every p-form");

const char *mpchar_pform_kind_name(mpchar_pform_kind k)
{
    return k >= 0 && k < MPCHAR_PFORM_COUNT ? form_names[k] : "?";
}

int mpchar_pform_kind_parse(const char *text, mpchar_pform_kind *k_p,
                            mpchar_error *err)
{
    int k;
    if (mpchar_parse_choice_in(text, form_names, &k, err) != 0)
        return mpchar_error_prefix(err, "p-form");
    *k_p = (mpchar_pform_kind)k;
    return 0;
}

double mpchar_pform_basis(mpchar_pform_kind k, double p)
{
    switch (k) {
    case MPCHAR_PFORM_CEIL_LOG2: return ceil(log2(p));
    case MPCHAR_PFORM_LOG2: return log2(p);
    case MPCHAR_PFORM_P: return p;
    case MPCHAR_PFORM_P_LOG2: return p * log2(p);
    case MPCHAR_PFORM_P2: return p * p;
    case MPCHAR_PFORM_PM1_OVER_P: return (p - 1.0) / p;
    case MPCHAR_PFORM_FLOOR_2LOG2: return floor(2.0 * log2(p));
    case MPCHAR_PFORM_P2M1_OVER_P: return (p * p - 1.0) / p;
    case MPCHAR_PFORM_CONST:
    case MPCHAR_PFORM_EXPR:
    case MPCHAR_PFORM_COUNT: break;
    }
    return 0.0; /* no basis: a constant or an expression */
}

int mpchar_pform_eval(const mpchar_pform *f, double p, double *value_p,
                      mpchar_error *err)
{
    if (f->kind == MPCHAR_PFORM_EXPR)
        return mpchar_expr_eval(f->expr, p, value_p, err);
    *value_p = f->a + f->b * mpchar_pform_basis(f->kind, p);
    return 0;
}

/* Least-squares line y = a + b*g and its PRESS; INFINITY when g does not
 * vary enough to leave any point out. */
static double fit_form(mpchar_pform_kind k, const long *p, const double *y,
                       size_t n, double *a_p, double *b_p)
{
    double gm = 0.0, ym = 0.0;
    for (size_t i = 0; i < n; i++) {
        gm += mpchar_pform_basis(k, (double)p[i]);
        ym += y[i];
    }
    gm /= (double)n;
    ym /= (double)n;
    double sxx = 0.0, sxy = 0.0;
    for (size_t i = 0; i < n; i++) {
        double dg = mpchar_pform_basis(k, (double)p[i]) - gm;
        sxx += dg * dg;
        sxy += dg * (y[i] - ym);
    }
    double b = k == MPCHAR_PFORM_CONST ? 0.0 : sxy / sxx;
    if (k != MPCHAR_PFORM_CONST && !(sxx > 1e-12 * (1.0 + gm * gm)))
        return INFINITY;
    double a = ym - b * gm, press = 0.0;
    for (size_t i = 0; i < n; i++) {
        double dg = mpchar_pform_basis(k, (double)p[i]) - gm;
        double h =
            1.0 / (double)n + (k == MPCHAR_PFORM_CONST ? 0.0 : dg * dg / sxx);
        if (h > 1.0 - 1e-9)
            return INFINITY;
        double e =
            (y[i] - a - b * mpchar_pform_basis(k, (double)p[i])) / (1.0 - h);
        press += e * e;
    }
    *a_p = a;
    *b_p = b;
    return press;
}

static double rss_of(mpchar_pform_kind k, const long *p, const double *y,
                     size_t n, double a, double b)
{
    double rss = 0.0;
    for (size_t i = 0; i < n; i++) {
        double e = y[i] - a - b * mpchar_pform_basis(k, (double)p[i]);
        rss += e * e;
    }
    return rss;
}

/* The two-parameter form with the least leave-one-out error, kept only
 * when it beats the constant by an F test at the 1% level.  A
 * non-standard form (MPCHAR_PFORM_FIRST_EXTRA on) must also bring the
 * error below MPCHAR_PFORM_EXTRA_MARGIN times the best so far: with more
 * forms to choose from, one of them fits the noise of a standard truth
 * better more often (test_model_pform counts how often). */
static int choose_form(const long *p, const double *y, size_t n,
                       mpchar_pform *f)
{
    double a0, b0, best = INFINITY, a1 = 0.0, b1 = 0.0;
    int k1 = -1;
    if (!isfinite(fit_form(MPCHAR_PFORM_CONST, p, y, n, &a0, &b0)))
        return -1;
    for (int k = MPCHAR_PFORM_CONST + 1; k < MPCHAR_PFORM_EXPR; k++) {
        double a = 0.0, b = 0.0; /* fit_form leaves them unset when it fails */
        double press = fit_form((mpchar_pform_kind)k, p, y, n, &a, &b);
        double bar =
            k >= MPCHAR_PFORM_FIRST_EXTRA ? MPCHAR_PFORM_EXTRA_MARGIN : 1.0;
        if (press < best * bar * (1.0 - 1e-9) - 1e-300) {
            best = press;
            k1 = k;
            a1 = a;
            b1 = b;
        }
    }
    f->kind = MPCHAR_PFORM_CONST;
    f->a = a0;
    f->b = 0.0;
    if (k1 < 0)
        return 0;
    double rss0 = rss_of(MPCHAR_PFORM_CONST, p, y, n, a0, 0.0);
    double rss1 = rss_of((mpchar_pform_kind)k1, p, y, n, a1, b1);
    double scale = 0.0;
    for (size_t i = 0; i < n; i++)
        scale += y[i] * y[i];
    bool significant;
    if (rss1 <= 1e-24 * scale)
        significant = rss0 > 1e-20 * scale;
    else
        significant = (rss0 - rss1) * (double)(n - 2) / rss1 >
                      gsl_cdf_fdist_Qinv(PFORM_ALPHA, 1.0, (double)(n - 2));
    if (significant) {
        f->kind = (mpchar_pform_kind)k1;
        f->a = a1;
        f->b = b1;
    }
    return 0;
}

int mpchar_pform_fit(const long *p, const double *y, size_t count,
                     mpchar_pform *out, mpchar_error *err)
{
    if (count == 0)
        return mpchar_error_set(err, "p-form: no values to fit");
    gsl_set_error_handler_off();
    for (size_t i = 0; i < count; i++) {
        if (p[i] < 1 || !isfinite(y[i]))
            return mpchar_error_set(err, "p-form: invalid value at p = %ld",
                                    p[i]);
    }
    mpchar_pform f = {
        .kind = MPCHAR_PFORM_CONST, .p_min = p[0], .p_max = p[0], .np = count};
    for (size_t i = 0; i < count; i++) {
        f.p_min = p[i] < f.p_min ? p[i] : f.p_min;
        f.p_max = p[i] > f.p_max ? p[i] : f.p_max;
    }
    if (count == 1) {
        f.a = y[0];
    } else if (count == 2) {
        double g0 = log2((double)p[0]), g1 = log2((double)p[1]);
        if (g0 == g1)
            return mpchar_error_set(err, "p-form: p = %ld given twice", p[0]);
        f.kind = MPCHAR_PFORM_LOG2;
        f.b = (y[1] - y[0]) / (g1 - g0);
        f.a = y[0] - f.b * g0;
    } else if (choose_form(p, y, count, &f) != 0) {
        return mpchar_error_set(err, "p-form: no form fits");
    }
    *out = f;
    return 0;
}

static void fmt_num(double v, int sig, char *buf, size_t len)
{
    snprintf(buf, len, "%.*g", sig, v);
}

void mpchar_pform_format(const mpchar_pform *f, double scale, int sig,
                         char *buf, size_t len)
{
    static const char *const basis_text[] = {
        "",        "\u2308lp\u2309",  "lp",
        "p",       "p\u00b7lp",       "p\u00b2",
        "(p-1)/p", "\u230a2lp\u230b", "(p\u00b2-1)/p",
        "",
    };
    _Static_assert(sizeof basis_text / sizeof basis_text[0] ==
                       MPCHAR_PFORM_COUNT,
                   "a text for every p-form");
    if (f->kind == MPCHAR_PFORM_EXPR) {
        if (scale == 1.0)
            snprintf(buf, len, "%s", f->expr);
        else
            snprintf(buf, len, "%g*(%s)", scale, f->expr);
        return;
    }
    char a[40], b[40];
    double av = f->a * scale;
    /* An intercept that is rounding noise next to the slope prints as 0. */
    if (f->kind != MPCHAR_PFORM_CONST && fabs(av) < 1e-9 * fabs(f->b * scale))
        av = 0.0;
    fmt_num(av, sig, a, sizeof a);
    if (f->kind == MPCHAR_PFORM_CONST) {
        snprintf(buf, len, "%s", a);
        return;
    }
    double bv = f->b * scale;
    fmt_num(fabs(bv), sig, b, sizeof b);
    const char *basis = basis_text[f->kind];
    if (strcmp(b, "1") == 0)
        b[0] = '\0';
    if (av == 0.0)
        snprintf(buf, len, "%s%s%s", bv < 0 ? "-" : "", b, basis);
    else
        snprintf(buf, len, "%s %c %s%s", a, bv < 0 ? '-' : '+', b, basis);
}

mpchar_complexity mpchar_pform_complexity(const mpchar_pform *f)
{
    if (f->kind == MPCHAR_PFORM_EXPR)
        return MPCHAR_O_UNKNOWN;
    if (f->kind == MPCHAR_PFORM_CONST || !(f->b > 0.0))
        return MPCHAR_O_1;
    return form_classes[f->kind];
}
