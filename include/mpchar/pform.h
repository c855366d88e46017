/* p-forms: how a model parameter depends on the number of processes p.
 *
 * The fitted forms are a, a+b*p, a+b*log2(p), a+b*ceil(log2(p)),
 * a+b*p*log2(p), a+b*p^2 and a+b*(p-1)/p (bounded: O(1); a ring's or a
 * reduce-scatter's per-byte time per byte of the whole vector, which
 * log2(p) fits better than a constant once p spans 2 to hundreds), and the
 * non-standard a+b*floor(2*log2(p)) (seed 001 Table 3) and a+b*(p^2-1)/p
 * (an aggregation factor), chosen by least squares with leave-one-p-out
 * cross-validation as the parsimony criterion.  A parameter may also be an
 * arbitrary expression of p (MPCHAR_PFORM_EXPR), for models written by hand
 * or copied from papers (e.g. seed 001's 0.0209*log2(p)^(-0.3830)).
 *
 * Expressions: numbers, p, + - * / ^ (right associative), unary minus,
 * parentheses and the functions log2, log, ln, log10, exp, sqrt, ceil,
 * floor, abs. */
#ifndef MPCHAR_PFORM_H
#define MPCHAR_PFORM_H

#include <stdbool.h>
#include <stddef.h>

#include "mpchar/complexity.h"
#include "mpchar/error.h"

#define MPCHAR_EXPR_MAX 160

#define MPCHAR_PFORM_MAP(XX)                            \
    XX(CONST, "a", "O(1)")                              \
    XX(CEIL_LOG2, "a+b*ceil(log2(p))", "O(log p)")      \
    XX(LOG2, "a+b*log2(p)", "O(log p)")                 \
    XX(P, "a+b*p", "O(p)")                              \
    XX(P_LOG2, "a+b*p*log2(p)", "O(p log p)")           \
    XX(P2, "a+b*p^2", "O(p^2)")                         \
    XX(PM1_OVER_P, "a+b*(p-1)/p", "O(1)")               \
    XX(FLOOR_2LOG2, "a+b*floor(2*log2(p))", "O(log p)") \
    XX(P2M1_OVER_P, "a+b*(p^2-1)/p", "O(p)")            \
    XX(EXPR, "expr", "?")

/* The forms from this one on (before EXPR) are the non-standard ones of
 * seed 001 Table 3 and of the aggregation factors: they replace the best
 * standard form only when their leave-one-p-out error is below
 * MPCHAR_PFORM_EXTRA_MARGIN times its error (pform.c). */
#define MPCHAR_PFORM_FIRST_EXTRA MPCHAR_PFORM_FLOOR_2LOG2
#define MPCHAR_PFORM_EXTRA_MARGIN 0.7

typedef enum mpchar_pform_kind {
#define MPCHAR_PFORM_ENUM(id, form, cls) MPCHAR_PFORM_##id,
    MPCHAR_PFORM_MAP(MPCHAR_PFORM_ENUM)
#undef MPCHAR_PFORM_ENUM
        MPCHAR_PFORM_COUNT
} mpchar_pform_kind;

typedef struct mpchar_pform {
    mpchar_pform_kind kind;
    double a, b;
    char expr[MPCHAR_EXPR_MAX]; /* MPCHAR_PFORM_EXPR only */
    long p_min, p_max;          /* the p the form was fitted on */
    size_t np;                  /* number of distinct p fitted on */
} mpchar_pform;

/* "a+b*log2(p)" etc., as model.json names the forms. */
const char *mpchar_pform_kind_name(mpchar_pform_kind k);
int mpchar_pform_kind_parse(const char *text, mpchar_pform_kind *k_p,
                            mpchar_error *err);

/* The basis g(p) of a two-parameter form (value = a + b*g(p)); 0 for
 * CONST. */
double mpchar_pform_basis(mpchar_pform_kind k, double p);

/* Value at p; fails only for expressions that do not evaluate. */
int mpchar_pform_eval(const mpchar_pform *f, double p, double *value_p,
                      mpchar_error *err);

/* Chooses and fits the best form for values y[i] measured at p[i]
 * (distinct p).  One p gives a constant; two p give a+b*log2(p) (no choice
 * is possible); three or more are chosen by leave-one-out error. */
int mpchar_pform_fit(const long *p, const double *y, size_t count,
                     mpchar_pform *out, mpchar_error *err);

/* Printed as the seeds print them: "3 + 8⌈lp⌉", "-7 + 9p", "12.5". sig is
 * the number of significant digits; scale multiplies a and b first. */
void mpchar_pform_format(const mpchar_pform *f, double scale, int sig,
                         char *buf, size_t len);

/* The growth class of a form: the form's class when b > 0, else O(1). */
mpchar_complexity mpchar_pform_complexity(const mpchar_pform *f);

/* ---- expressions ----------------------------------------------------- */

/* Evaluates expr at p.  Errors name the position in the expression. */
int mpchar_expr_eval(const char *expr, double p, double *value_p,
                     mpchar_error *err);

#endif
