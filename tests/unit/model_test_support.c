/* Helpers for the model engine's unit tests (see model_test_support.h). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model_test_support.h"
#include "mpchar/csv.h"
#include "mpchar/fileio.h"
#include "mpchar/grow.h"
#include "mpchar/sizes.h"

void seedcsv_load(const char *name, seedcsv *out)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", MPCHAR_SEED_VECTORS_DIR, name);
    memset(out, 0, sizeof *out);
    size_t len;
    mpchar_error err;
    if (mpchar_read_file(path, (size_t)1 << 20, &out->text, &len, &err) != 0)
        fail_msg("seed vector: %s", err.msg);
    char *save = NULL;
    size_t row = 0;
    for (char *line = strtok_r(out->text, "\n", &save); line;
         line = strtok_r(NULL, "\n", &save)) {
        size_t l = strlen(line);
        if (l && line[l - 1] == '\r')
            line[l - 1] = '\0';
        char *fields[MPCHAR_CSV_MAX_FIELDS];
        size_t count;
        if (mpchar_csv_split(line, fields, &count, &err) != 0)
            fail_msg("%s: %s", path, err.msg);
        assert_true(count <= SEEDCSV_MAX_COLS);
        if (row == 0) {
            out->ncols = count;
            memcpy(out->head, fields, count * sizeof *fields);
        } else {
            assert_int_equal(count, out->ncols);
            assert_true(row - 1 < SEEDCSV_MAX_ROWS);
            memcpy(out->cell[row - 1], fields, count * sizeof *fields);
        }
        row++;
    }
    (void)len;
    out->nrows = row ? row - 1 : 0;
}

void seedcsv_free(seedcsv *c)
{
    free(c->text);
    memset(c, 0, sizeof *c);
}

const char *seedcsv_get(const seedcsv *c, size_t r, const char *col)
{
    for (size_t i = 0; i < c->ncols; i++)
        if (strcmp(c->head[i], col) == 0)
            return c->cell[r][i];
    fail_msg("seed vector has no column %s", col);
    return "";
}

double seedcsv_num(const seedcsv *c, size_t r, const char *col)
{
    const char *s = seedcsv_get(c, r, col);
    char *end;
    double v = strtod(s, &end);
    if (!*s || *end)
        fail_msg("column %s row %zu: '%s' is not a number", col, r, s);
    return v;
}

void synth_add(mpchar_measurements *m, const char *library, const char *pattern,
               const char *variant, const char *op, long p, uint64_t n,
               mpchar_set set, double t_us)
{
    /* The rows are full at powers of two (count is the only size kept). */
    size_t cap = m->count & (m->count - 1) ? m->count + 1 : m->count;
    mpchar_measurement *rows =
        mpchar_grow(m->rows, &cap, m->count + 1, sizeof *rows);
    assert_non_null(rows);
    m->rows = rows;
    mpchar_measurement *r = &m->rows[m->count++];
    memset(r, 0, sizeof *r);
    snprintf(r->key.library, sizeof r->key.library, "%s", library);
    snprintf(r->key.pattern, sizeof r->key.pattern, "%s", pattern);
    snprintf(r->key.variant, sizeof r->key.variant, "%s", variant);
    snprintf(r->key.op, sizeof r->key.op, "%s", op);
    snprintf(r->key.datatype, sizeof r->key.datatype, "%s",
             strcmp(op, "-") ? "double" : "byte");
    r->key.p = p;
    r->key.n_bytes = n;
    r->key.set = set;
    r->reps = 10;
    r->t_min_us = r->t_median_us = r->t_mean_us = r->t_max_us = t_us;
}

void synth_fit(const mpchar_measurements *m, const char *source,
               bool include_oversubscribed, mpchar_model *model)
{
    mpchar_fit_options opt;
    mpchar_error err;
    mpchar_fit_options_default(&opt);
    opt.include_oversubscribed = include_oversubscribed;
    if (mpchar_model_fit(m, source, &opt, model, &err) != 0)
        fail_msg("%s", err.msg);
}

double synth_uniform(uint64_t *state)
{
    return (double)(mpchar_splitmix64(state) >> 11) * 0x1.0p-52 - 1.0;
}

void synth_expr_pform(mpchar_pform *f, const char *expr, long p_min, long p_max)
{
    memset(f, 0, sizeof *f);
    f->kind = MPCHAR_PFORM_EXPR;
    snprintf(f->expr, sizeof f->expr, "%s", expr);
    f->p_min = p_min;
    f->p_max = p_max;
    f->np = (size_t)(p_max - p_min + 1);
}

double rel_diff(double a, double b)
{
    return fabs(a - b) / fabs(b);
}
