/* A small evaluator for expressions of p, the p-forms that papers print
 * and that users write by hand into model.json (seed 001's
 * "1/(0.0135-2.96e-3*log2(p))").  Recursive descent over
 *   expr   := term (('+'|'-') term)*
 *   term   := unary (('*'|'/') unary)*
 *   unary  := '-' unary | '+' unary | power
 *   power  := atom ('^' unary)?          (right associative)
 *   atom   := number | 'p' | name '(' expr ')' | '(' expr ')'
 * Depth is bounded so that hostile input cannot exhaust the stack. */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mpchar/pform.h"

#define EXPR_MAX_DEPTH 64

typedef struct parser {
    const char *text, *s;
    double p;
    int depth;
    mpchar_error *err;
} parser;

static int fail(parser *ps, const char *what)
{
    return mpchar_error_set(ps->err, "expression '%.60s': %s at offset %d",
                            ps->text, what, (int)(ps->s - ps->text));
}

static void skip_space(parser *ps)
{
    while (*ps->s == ' ' || *ps->s == '\t')
        ps->s++;
}

static int parse_expr(parser *ps, double *v);
static int parse_unary(parser *ps, double *v);

typedef struct func {
    const char *name;
    double (*fn)(double);
} func;

static const func functions[] = {
    {"log2", log2},   {"log", log},     {"ln", log},
    {"log10", log10}, {"exp", exp},     {"sqrt", sqrt},
    {"ceil", ceil},   {"floor", floor}, {"abs", fabs},
};

/* "(expr)" at ps->s, which is '('. */
static int parse_group(parser *ps, double *v)
{
    ps->s++;
    if (parse_expr(ps, v) != 0)
        return -1;
    skip_space(ps);
    if (*ps->s != ')')
        return fail(ps, "expected ')'");
    ps->s++;
    return 0;
}

static int parse_call(parser *ps, const char *name, size_t len, double *v)
{
    for (size_t i = 0; i < sizeof functions / sizeof functions[0]; i++) {
        if (strlen(functions[i].name) != len ||
            strncmp(functions[i].name, name, len) != 0)
            continue;
        skip_space(ps);
        if (*ps->s != '(')
            return fail(ps, "expected '(' after function name");
        double arg;
        if (parse_group(ps, &arg) != 0)
            return -1;
        *v = functions[i].fn(arg);
        return 0;
    }
    return fail(ps, "unknown name (only p and log2, log, ln, log10, exp, "
                    "sqrt, ceil, floor, abs)");
}

static int parse_atom(parser *ps, double *v)
{
    skip_space(ps);
    const char *s = ps->s;
    if (*s == '(')
        return parse_group(ps, v);
    if (isdigit((unsigned char)*s) || *s == '.') {
        char *end;
        *v = strtod(s, &end);
        if (end == s)
            return fail(ps, "bad number");
        ps->s = end;
        return 0;
    }
    if (isalpha((unsigned char)*s)) {
        size_t len = 0;
        while (isalnum((unsigned char)s[len]) || s[len] == '_')
            len++;
        ps->s = s + len;
        if (len == 1 && *s == 'p') {
            *v = ps->p;
            return 0;
        }
        return parse_call(ps, s, len, v);
    }
    return fail(ps, *s ? "unexpected character" : "unexpected end");
}

static int parse_power(parser *ps, double *v)
{
    if (parse_atom(ps, v) != 0)
        return -1;
    skip_space(ps);
    if (*ps->s != '^')
        return 0;
    ps->s++;
    double e;
    if (parse_unary(ps, &e) != 0)
        return -1;
    *v = pow(*v, e);
    return 0;
}

static int parse_unary(parser *ps, double *v)
{
    if (++ps->depth > EXPR_MAX_DEPTH)
        return fail(ps, "nested too deeply");
    skip_space(ps);
    int rc;
    if (*ps->s == '-' || *ps->s == '+') {
        int neg = *ps->s == '-';
        ps->s++;
        rc = parse_unary(ps, v);
        if (rc == 0 && neg)
            *v = -*v;
    } else {
        rc = parse_power(ps, v);
    }
    ps->depth--;
    return rc;
}

static int parse_term(parser *ps, double *v)
{
    if (parse_unary(ps, v) != 0)
        return -1;
    for (;;) {
        skip_space(ps);
        char op = *ps->s;
        if (op != '*' && op != '/')
            return 0;
        ps->s++;
        double r;
        if (parse_unary(ps, &r) != 0)
            return -1;
        *v = op == '*' ? *v * r : *v / r;
    }
}

static int parse_expr(parser *ps, double *v)
{
    if (++ps->depth > EXPR_MAX_DEPTH)
        return fail(ps, "nested too deeply");
    int rc = parse_term(ps, v);
    while (rc == 0) {
        skip_space(ps);
        char op = *ps->s;
        if (op != '+' && op != '-')
            break;
        ps->s++;
        double r;
        rc = parse_term(ps, &r);
        if (rc == 0)
            *v = op == '+' ? *v + r : *v - r;
    }
    ps->depth--;
    return rc;
}

int mpchar_expr_eval(const char *expr, double p, double *value_p,
                     mpchar_error *err)
{
    parser ps = {.text = expr, .s = expr, .p = p, .err = err};
    double v;
    if (parse_expr(&ps, &v) != 0)
        return -1;
    skip_space(&ps);
    if (*ps.s != '\0')
        return fail(&ps, "unexpected text after the expression");
    if (isfinite(v)) {
        *value_p = v;
        return 0;
    }
    return mpchar_error_set(err, "expression '%.60s': not finite at p = %g",
                            expr, p);
}
