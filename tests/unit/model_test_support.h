/* Helpers for the model engine's unit tests: reading the published seed
 * vectors (the CSV files of shared/seed-vectors), building measurement sets in
 * memory and a seeded noise source. */
#ifndef MPCHAR_MODEL_TEST_SUPPORT_H
#define MPCHAR_MODEL_TEST_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mpchar/model.h"
#include "mpchar/results.h"

#define SEEDCSV_MAX_ROWS 64
#define SEEDCSV_MAX_COLS 16

typedef struct seedcsv {
    size_t ncols, nrows;
    char *head[SEEDCSV_MAX_COLS];
    char *cell[SEEDCSV_MAX_ROWS][SEEDCSV_MAX_COLS];
    char *text; /* backing storage */
} seedcsv;

/* Loads MPCHAR_SEED_VECTORS_DIR/name; aborts the test on failure. */
void seedcsv_load(const char *name, seedcsv *out);
void seedcsv_free(seedcsv *c);
/* The cell of row r in column col ("" when empty); fails the test when the
 * column does not exist. */
const char *seedcsv_get(const seedcsv *c, size_t r, const char *col);
double seedcsv_num(const seedcsv *c, size_t r, const char *col);

/* Appends one measurement row (t used as min, median and mean). */
void synth_add(mpchar_measurements *m, const char *library, const char *pattern,
               const char *variant, const char *op, long p, uint64_t n,
               mpchar_set set, double t_us);

/* Fits m with the default options (oversubscribed points too when
 * include_oversubscribed); fails the test when the fit fails. */
void synth_fit(const mpchar_measurements *m, const char *source,
               bool include_oversubscribed, mpchar_model *model);

/* Uniform in [-1, 1) from a splitmix64 state. */
double synth_uniform(uint64_t *state);

/* An entry whose parameters are p-form expressions (NULL: not given);
 * p range p_min..p_max. */
void synth_expr_pform(mpchar_pform *f, const char *expr, long p_min,
                      long p_max);

/* Relative difference |a-b|/|b|. */
double rel_diff(double a, double b);

#endif
