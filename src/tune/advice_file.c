/* The hand-written reader of advice.json (advice_file.h): a cursor over
 * the text that knows its line, one function per JSON construct it
 * accepts, and the check of each entry's fields. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "advice_file.h"

#define TEXT_MAX 128

typedef struct cursor {
    const char *at, *end, *name;
    int line;
    char *why;
    size_t why_len;
} cursor;

static int fail(cursor *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int fail(cursor *c, const char *fmt, ...)
{
    char msg[TUNE_WHY_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(c->why, c->why_len, "%s: line %d: %s", c->name, c->line, msg);
    return -1;
}

static void skip_space(cursor *c)
{
    while (c->at < c->end && (*c->at == ' ' || *c->at == '\t' ||
                              *c->at == '\r' || *c->at == '\n')) {
        if (*c->at == '\n')
            c->line++;
        c->at++;
    }
}

/* The next non-blank character is ch; consumed. */
static bool take(cursor *c, char ch)
{
    skip_space(c);
    if (c->at < c->end && *c->at == ch) {
        c->at++;
        return true;
    }
    return false;
}

/* A string into out; `what` names it in errors ("field 'library'"). */
static int string(cursor *c, char *out, size_t len, const char *what)
{
    size_t k = 0;
    if (!take(c, '"'))
        return fail(c, "%s: expected a string", what);
    while (c->at < c->end && *c->at != '"') {
        char ch = *c->at++;
        if (ch == '\\' && c->at < c->end && (*c->at == '"' || *c->at == '\\'))
            ch = *c->at++;
        else if (ch == '\\' || ch == '\n')
            return fail(c, "%s: unsupported escape or line break", what);
        if (k + 1 >= len)
            return fail(c, "%s: longer than %zu characters", what, len - 1);
        out[k++] = ch;
    }
    if (!take(c, '"'))
        return fail(c, "%s: unterminated string", what);
    out[k] = '\0';
    return 0;
}

/* An entry's fields as read; text values and numbers. */
typedef struct fields {
    char library[TEXT_MAX], primitive[TEXT_MAX], substitute[TEXT_MAX];
    double p, n_from, n_to, predicted_gain;
    unsigned seen; /* bit per field of field_names */
} fields;

static const char *const field_names[] = {
    "library", "primitive", "substitute",     "p",
    "n_from",  "n_to",      "predicted_gain",
};
#define REQUIRED ((1u << (sizeof field_names / sizeof field_names[0])) - 1)

static int number(cursor *c, const char *key, double *v)
{
    char *stop;
    skip_space(c);
    errno = 0;
    *v = strtod(c->at, &stop);
    if (stop == c->at || stop > c->end || errno || !isfinite(*v))
        return fail(c, "field '%s': expected a number", key);
    c->at = stop;
    return 0;
}

/* Any other value (predicted_gain, extrapolated, fields added later). */
static int skip_value(cursor *c, const char *key)
{
    char text[TEXT_MAX];
    double v;
    skip_space(c);
    if (c->at < c->end && *c->at == '"')
        return string(c, text, sizeof text, key);
    for (const char *const *w = (const char *const[]){"true", "false", NULL};
         *w; w++) {
        size_t n = strlen(*w);
        if ((size_t)(c->end - c->at) >= n && !strncmp(c->at, *w, n)) {
            c->at += n;
            return 0;
        }
    }
    return number(c, key, &v);
}

static int value(cursor *c, const char *key, fields *f)
{
    char *texts[] = {f->library, f->primitive, f->substitute};
    double *nums[] = {&f->p, &f->n_from, &f->n_to, &f->predicted_gain};
    for (unsigned i = 0; i < sizeof field_names / sizeof field_names[0]; i++) {
        if (strcmp(key, field_names[i]))
            continue;
        f->seen |= 1u << i;
        char what[TEXT_MAX + 8];
        snprintf(what, sizeof what, "field '%s'", key);
        return i < 3 ? string(c, texts[i], TEXT_MAX, what)
                     : number(c, key, nums[i - 3]);
    }
    return skip_value(c, key);
}

static int object(cursor *c, fields *f)
{
    char key[TEXT_MAX];
    memset(f, 0, sizeof *f);
    if (!take(c, '{'))
        return fail(c, "expected '{' (an advised region)");
    if (take(c, '}'))
        return 0;
    do {
        if (string(c, key, sizeof key, "a field name") != 0)
            return -1;
        if (!take(c, ':'))
            return fail(c, "expected ':' after \"%s\"", key);
        if (value(c, key, f) != 0)
            return -1;
    } while (take(c, ','));
    return take(c, '}') ? 0 : fail(c, "expected ',' or '}'");
}

/* The entry's fields make sense; keeps it when it is this library's. */
static int keep(cursor *c, const fields *f, const char *library,
                tune_rules *out)
{
    for (unsigned i = 0; i < sizeof field_names / sizeof field_names[0]; i++)
        if (!(f->seen & (1u << i)))
            return fail(c, "field '%s' is missing", field_names[i]);
    if (f->p < 1 || f->p != floor(f->p) || f->p > 1e9)
        return fail(c, "field 'p': expected a whole number of processes");
    if (f->n_from < 0 || f->n_to < f->n_from)
        return fail(c, "fields 'n_from', 'n_to': expected 0 <= n_from <= "
                       "n_to");
    const mpchar_equivalence *eq = mpchar_equivalence_find(f->substitute);
    if (strcmp(f->library, library) || !eq) {
        out->other++; /* another library's, or one of its algorithms */
        return 0;
    }
    if (strcmp(eq->primitive, f->primitive))
        return fail(c, "field 'primitive': %s replaces %s, not %s",
                    eq->substitute, eq->primitive, f->primitive);
    if (out->count == TUNE_RULES_MAX)
        return fail(c, "more than %d regions for %s", TUNE_RULES_MAX, library);
    out->rule[out->count++] =
        (tune_rule){eq, (long)f->p, f->n_from, f->n_to, f->predicted_gain};
    return 0;
}

int tune_advice_parse(const char *text, size_t len, const char *name,
                      const char *library, tune_rules *out, char *why,
                      size_t why_len)
{
    cursor c = {text, text + len, name, 1, why, why_len};
    fields f;
    memset(out, 0, sizeof *out);
    if (!take(&c, '['))
        return fail(&c, "expected '[' (advice.json is a list of regions)");
    if (!take(&c, ']')) {
        do {
            if (object(&c, &f) != 0 || keep(&c, &f, library, out) != 0)
                return -1;
        } while (take(&c, ','));
        if (!take(&c, ']'))
            return fail(&c, "expected ',' or ']'");
    }
    skip_space(&c);
    return c.at == c.end ? 0 : fail(&c, "text after the list");
}

int tune_advice_load(const char *path, const char *library, tune_rules *out,
                     char *why, size_t why_len)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(why, why_len, "%s: %s", path, strerror(errno));
        return -1;
    }
    size_t cap = 1 << 16, len = 0;
    char *text = malloc(cap);
    while (text) {
        len += fread(text + len, 1, cap - len, f);
        if (len < cap)
            break;
        char *g = realloc(text, cap *= 2);
        if (!g)
            free(text);
        text = g;
    }
    int bad = ferror(f);
    fclose(f);
    if (!text || bad) {
        free(text);
        snprintf(why, why_len, "%s: cannot read it", path);
        return -1;
    }
    int rc = tune_advice_parse(text, len, path, library, out, why, why_len);
    free(text);
    return rc;
}
